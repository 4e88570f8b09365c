package scrabble

import (
	"bytes"
	"image"
	"math/rand/v2"
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

// whitenByLists is whitenBy as it was before its grey buffer was kept
// between crops: a new list of greys each time, the bytes indexed one by
// one.
func whitenByLists(m *image.RGBA, middle bool) *image.RGBA {
	n := m.Rect.Dx() * m.Rect.Dy()
	g := make([]float64, n)
	for i := 0; i < n; i++ {
		o := 4 * i
		g[i] = 0.299*float64(m.Pix[o]) + 0.587*float64(m.Pix[o+1]) + 0.114*float64(m.Pix[o+2])
	}
	var hist [256]int
	cnt := 0
	if middle {
		w, h := m.Rect.Dx(), m.Rect.Dy()
		const e = 5
		for y := h / e; y < h-h/e; y++ {
			for _, v := range g[y*w+w/e : y*w+w-w/e] {
				hist[level(v)]++
				cnt++
			}
		}
	} else {
		for _, v := range g {
			hist[level(v)]++
		}
		cnt = len(g)
	}
	lo, face := percentileOf(&hist, cnt, inkPercent), percentileOf(&hist, cnt, 50)
	out := image.NewRGBA(m.Rect)
	if face-lo < 1 {
		copy(out.Pix, m.Pix)
		return out
	}
	for i := 0; i < n; i++ {
		v := (g[i] - lo) / (face - lo) * faceGrey
		v = min(max(v, 0), 255)
		o := 4 * i
		out.Pix[o], out.Pix[o+1], out.Pix[o+2], out.Pix[o+3] = uint8(v), uint8(v), uint8(v), 255
	}
	return out
}

// TestWhitenByAsLists checks whitenBy against whitenByLists byte for
// byte, the middle's levels and the whole crop's, on crops of several
// sizes taken in turn (a larger crop after a smaller one and back, the
// kept buffer reused): noise, a letter on a face, and a flat crop (no
// contrast: copied).
func TestWhitenByAsLists(t *testing.T) {
	rng := rand.New(rand.NewPCG(98703, 98704))
	crop := func(s int, kind string) *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, s, s))
		for y := 0; y < s; y++ {
			for x := 0; x < s; x++ {
				o := y*m.Stride + 4*x
				switch kind {
				case "noise":
					m.Pix[o], m.Pix[o+1], m.Pix[o+2] = uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256))
				case "letter":
					v := uint8(190 + rng.IntN(20))
					if x > s/3 && x < s/2 && y > s/4 && y < 3*s/4 {
						v = uint8(30 + rng.IntN(30))
					}
					m.Pix[o], m.Pix[o+1], m.Pix[o+2] = v, v-10, v-25
				case "flat":
					m.Pix[o], m.Pix[o+1], m.Pix[o+2] = 120, 110, 90
				}
				m.Pix[o+3] = 255
			}
		}
		return m
	}
	for _, tc := range []struct {
		name string
		size int
		kind string
	}{
		{"noise 64", 64, "noise"},
		{"letter 64", 64, "letter"},
		{"noise 90 after 64", 90, "noise"},
		{"letter 40 after 90", 40, "letter"},
		{"flat 64", 64, "flat"},
		{"letter 7", 7, "letter"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := crop(tc.size, tc.kind)
			for _, middle := range []bool{true, false} {
				if got, want := whitenBy(m, middle), whitenByLists(m, middle); !bytes.Equal(got.Pix, want.Pix) {
					t.Errorf("middle %v: whitenBy differs from the lists'", middle)
				}
			}
		})
	}
}
