package render

import "testing"

// FuzzRender: any state text, for any game, renders or is refused with an
// error; it never panics.
func FuzzRender(f *testing.F) {
	f.Add(uint8(0), []byte(sampleBoard))
	f.Add(uint8(0), []byte(". . . . . . . .\n. . . A . . . .\n"))
	f.Add(uint8(1), []byte("CAT\n.A.\n.T.\n"))
	f.Add(uint8(2), []byte("ДОМ!\n@23\n"))
	f.Add(uint8(3), []byte(". . . . . . . . . .\n. . rA5 rE/bE . . . . . .\n"))
	f.Fuzz(func(t *testing.T, g uint8, state []byte) {
		o, _ := RandomOptions(int64(g), "hard")
		o.Width, o.Height = 96, 72
		o.Hand = g&4 != 0
		sc, err := Render(Games[int(g)%len(Games)], state, o)
		if err == nil && sc.Image.Bounds().Dx() != 96 {
			t.Fatalf("image %v", sc.Image.Bounds())
		}
	})
}
