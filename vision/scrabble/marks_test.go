package scrabble

import (
	"image"
	"math/rand"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// markSquare draws a 40x40 square's crop: grey level face, with noise,
// and dark pixels wherever ink says so.
func markSquare(face, dark float64, noise float64, seed int64, ink func(x, y int) bool) *image.RGBA {
	const n = 40
	m := image.NewRGBA(image.Rect(0, 0, n, n))
	rng := rand.New(rand.NewSource(seed))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			g := face
			if ink != nil && ink(x, y) {
				g = dark
			}
			g += noise * rng.NormFloat64()
			v := uint8(min(max(g, 0), 255))
			o := y*m.Stride + 4*x
			m.Pix[o], m.Pix[o+1], m.Pix[o+2], m.Pix[o+3] = v, v, v, 255
		}
	}
	return m
}

// letterL is an L's strokes in the square's middle.
func letterL(x, y int) bool {
	return (x >= 14 && x < 18 && y >= 12 && y < 28) || (x >= 14 && x < 26 && y >= 24 && y < 28)
}

func TestCentreMark(t *testing.T) {
	for _, tc := range []struct {
		name string
		crop *image.RGBA
		want bool
	}{
		{"a letter on a light face", markSquare(200, 60, 3, 1, letterL), true},
		{"a letter on a face in a hand's shade", markSquare(60, 25, 2, 2, letterL), true},
		{"a blurred, faint letter", markSquare(150, 120, 2, 3, letterL), true},
		{"an empty square", markSquare(150, 0, 4, 4, nil), false},
		{"an empty square in a dim corner", markSquare(35, 0, 3, 5, nil), false},
		{"a grain across the square", markSquare(120, 80, 3, 6, func(x, y int) bool { return y%7 == 0 }), false},
		{"a shadow's edge across the square", markSquare(160, 70, 3, 7, func(x, y int) bool { return x < 22 }), false},
		{"a tile's edge in the band, no letter", markSquare(180, 50, 3, 8, func(x, y int) bool { return x >= 5 && x < 7 }), false},
		{"ink barely darker than the face", markSquare(180, 176, 1, 9, letterL), false},
		{"a stripe across the square's middle", markSquare(170, 70, 3, 10, func(x, y int) bool { return x >= 18 && x < 22 }), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := centreMark(tc.crop); got != tc.want {
				t.Errorf("centreMark = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestCrowdedLetteredMarks: crowded boards whose plain squares are the
// tiles' own colour (a white board's cream squares) or lie under a
// hand's shade, on which occupancy's colours leave many tiles out: with
// the letters' marks nearly every tile in view is found, and few false.
func TestCrowdedLetteredMarks(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name    string
		seed    int64
		edition string
	}{
		{"white, tiles the squares' colour", 91553, "white"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l := crowdedScene(t, tc.seed, tc.edition)
			res := EvalPhoto("scene", img, l, Options{Reader: rd})
			seen := res.Tiles - res.CoveredTiles - res.UnseenTiles
			t.Logf("%d of %d tiles in view found, %d read, %d false %v", res.TilesFound, seen, res.TilesRead, res.FalseTiles, res.Err)
			if !res.Found || res.TilesFound < seen*95/100 || 20*res.FalseTiles > res.TilesFound {
				t.Errorf("board found %v, %d of %d tiles in view found, %d false", res.Found, res.TilesFound, seen, res.FalseTiles)
			}
		})
	}
}

// centreMarkLists is centreMark as it was, each part's levels listed and
// each percentile taken from its own histogram of the list.
func centreMarkLists(m *image.RGBA) bool {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	var mid, band []float64
	for y := h / 10; y < h-h/10; y++ {
		for x := w / 10; x < w-w/10; x++ {
			o := y*m.Stride + 4*x
			g := 0.299*float64(m.Pix[o]) + 0.587*float64(m.Pix[o+1]) + 0.114*float64(m.Pix[o+2])
			if x >= w/4 && x < w-w/4 && y >= h/4 && y < h-h/4 {
				mid = append(mid, g)
			} else {
				band = append(band, g)
			}
		}
	}
	if len(mid) == 0 || len(band) == 0 {
		return false
	}
	pct := func(g []float64, k int) float64 {
		var hist [256]int
		for _, v := range g {
			hist[min(max(int(v+0.5), 0), 255)]++
		}
		want, n := len(g)*k/100, 0
		for i, c := range hist {
			if n += c; n > want {
				return float64(i)
			}
		}
		return 255
	}
	face := pct(band, 50)
	return face > 0 && pct(band, markPercent)-pct(mid, markPercent) > markMargin*face
}

// TestCentreMarkAsLists holds centreMark (histograms counted as the
// pixels are read) to the listed levels' former reading, on drawn
// squares near the margin either way, and every plain square of the
// benchmark's photo as Scan cuts it (cropPart, the middle alone) and
// as the whole crop: the same answer, and the middle's pixels the same.
func TestCentreMarkAsLists(t *testing.T) {
	t.Run("drawn squares", func(t *testing.T) {
		n := 0
		for seed := int64(0); seed < 300; seed++ {
			face := 40 + float64(seed%7)*30
			for _, dark := range []float64{face * 0.9, face * 0.94, face * 0.96, face * 0.5} {
				m := markSquare(face, dark, float64(seed%4), seed, letterL)
				got, want := centreMark(m), centreMarkLists(m)
				if got != want {
					t.Fatalf("seed %d face %.0f dark %.0f: centreMark = %v, the lists' %v", seed, face, dark, got, want)
				}
				if got {
					n++
				}
			}
		}
		if n == 0 || n == 1200 {
			t.Fatalf("%d of 1200 squares marked: the cases do not straddle the margin", n)
		}
	})
	t.Run("the benchmark's photo", func(t *testing.T) {
		img := loadImage(t, "testdata/photos/IMG_20141025_164052_1640x1232.jpg")
		f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := markCrop/10, markCrop-markCrop/10
		marked := 0
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				part, whole := f.cropPart(r, c, 0, markCrop, 0, 0, lo, hi), f.crop(r, c, 0, markCrop)
				for y := lo; y < hi; y++ {
					a, b := part.Pix[y*part.Stride+4*lo:y*part.Stride+4*hi], whole.Pix[y*whole.Stride+4*lo:y*whole.Stride+4*hi]
					if string(a) != string(b) {
						t.Fatalf("square (%d, %d): row %d of the middle differs from the whole crop's", r, c, y)
					}
				}
				got, want := centreMark(part), centreMarkLists(whole)
				if got != want {
					t.Fatalf("square (%d, %d): centreMark = %v, the lists' on the whole crop %v", r, c, got, want)
				}
				if got {
					marked++
				}
			}
		}
		t.Logf("%d of 225 squares show a centre mark", marked)
	})
}
