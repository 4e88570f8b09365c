package scrabble

import (
	"image"
	"image/color"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestCoveredBoard: crowded boards that no other stage of the search
// places (the premium squares' first proposals wrong, the layout's plain
// fit at the true place over its bars: the tiles cover the prints) are
// found by the fit that leaves the tiles' colour out (coveredFrame),
// within a third of a square of their true corners.
func TestCoveredBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	boardsFoundNear(t, []crowdedBoard{
		{"red, six premium patches in view", 81016, "red", false},
		{"red, its border opened by a hand", 91124, "red", true},
	})
}

// TestCoveredJudged: on a crowded board the layout's fit with the tiles'
// colour left out keeps the board at its true corners and refuses it half
// a square off, and refuses a field of one colour.
func TestCoveredJudged(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	const seed = 81016
	sc, img := crowdedBoard{seed: seed, edition: "red"}.scene(t)
	truth := boardCorners(sc)
	th, err := vision.QuadHomography(Size, Size, truth)
	if err != nil {
		t.Fatal(err)
	}
	p := toPicture(img)
	plain := image.NewRGBA(img.Bounds())
	for i := range plain.Pix {
		plain.Pix[i] = []uint8{222, 205, 170, 255}[i%4]
	}
	plain.Set(0, 0, color.RGBA{220, 204, 171, 255})
	half := th.Mul(vision.Homography{1, 0, 0.5, 0, 1, 0.5, 0, 0, 1})
	for _, tc := range []struct {
		name string
		p    picture
		q    vision.Quad
		want bool
	}{
		{"the board at its place", p, truth, true},
		{"half a square off", p, gridCorners(&frame{p: p, hq: &half}), false},
		{"a field of one colour", toPicture(plain), truth, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, share := coveredJudged(tc.p, tc.q)
			if got := f != nil; got != tc.want {
				t.Errorf("kept %v (fit over the next place's %.3f), want %v", got, share, tc.want)
			}
		})
	}
}
