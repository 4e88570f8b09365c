package scrabble

import (
	"image"
	"testing"
)

// TestWhitenMiddle: the letter of a tile comes out black and its face
// white whatever surrounds the tile in the crop: a board darker than the
// tile (the wooden edition) or lighter (a cloth board), or none.
func TestWhitenMiddle(t *testing.T) {
	const s = 64
	for _, tc := range []struct {
		name                string
		frame, face, letter uint8
	}{
		{"dark board around a light tile", 40, 200, 120},
		{"light board around a dark tile", 250, 120, 60},
		{"the tile fills the crop", 200, 200, 110},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := image.NewRGBA(image.Rect(0, 0, s, s))
			for y := 0; y < s; y++ {
				for x := 0; x < s; x++ {
					v := tc.frame
					if x >= 8 && x < s-8 && y >= 8 && y < s-8 {
						v = tc.face
						// A bar of a letter in the middle.
						if x >= 28 && x < 36 && y >= 18 && y < 46 {
							v = tc.letter
						}
					}
					o := m.PixOffset(x, y)
					m.Pix[o], m.Pix[o+1], m.Pix[o+2], m.Pix[o+3] = v, v, v, 255
				}
			}
			w := whiten(m)
			letter, face := w.Pix[w.PixOffset(32, 32)], w.Pix[w.PixOffset(20, 32)]
			if letter > 30 || face < 200 {
				t.Errorf("letter %d, face %d: want the letter under 30 and the face over 200", letter, face)
			}
		})
	}
}
