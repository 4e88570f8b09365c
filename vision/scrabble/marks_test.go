package scrabble

import (
	"image"
	"math/rand"
	"testing"
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
