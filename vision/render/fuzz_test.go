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

// FuzzTileCrop: any letter for any game gives a crop or an error, never a
// panic.
func FuzzTileCrop(f *testing.F) {
	f.Add(uint8(0), "A", uint8(1))
	f.Add(uint8(1), "Qu", uint8(3))
	f.Add(uint8(2), "Ж", uint8(1))
	f.Add(uint8(2), "give2", uint8(1))
	f.Fuzz(func(t *testing.T, g uint8, letter string, h uint8) {
		games := []string{"upwords", "lexicon", "twists", "pyramids"}
		img, _, err := TileCrop(CropOptions{Game: games[int(g)%4], Letter: letter, Height: int(h % 12), Size: 32, Seed: int64(g)})
		if err == nil && img.Bounds().Dx() != 32 {
			t.Fatalf("crop %v", img.Bounds())
		}
	})
}
