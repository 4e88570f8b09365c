package upwords

import (
	"errors"
	"image"
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/vision/render"
)

// TestHintFromAnEarlierPhoto: a camera over a table does not move between
// turns, so where the board was in a sharp photo vouches for a grid found
// there in a blurred one, which alone is refused.
func TestHintFromAnEarlierPhoto(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	tests := []struct {
		name string
		seed int64 // a hard scene of render-set's mixed set: blur 2.8 px and motion blur, a full board
	}{
		{"blurred, full board", 100077},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			state, err := render.RandomUpwords(tc.seed, 10)
			if err != nil {
				t.Fatal(err)
			}
			opt, err := render.RandomOptions(tc.seed, "mixed")
			if err != nil {
				t.Fatal(err)
			}
			photo := func(o render.Options) (image.Image, *render.Scene) {
				sc, err := render.Render("upwords", state, o)
				if err != nil {
					t.Fatal(err)
				}
				img, err := sc.Photo()
				if err != nil {
					t.Fatal(err)
				}
				return img, sc
			}
			sharp := opt
			sharp.Blur, sharp.MotionPx, sharp.Hand = 0, 0, false
			img, _ := photo(sharp)
			first, err := ScanUpwords(img, Options{})
			if err != nil {
				t.Fatalf("the sharp photo: %v", err)
			}
			blurred, sc := photo(opt)
			if _, err := ScanUpwords(blurred, Options{}); !errors.Is(err, vision.ErrNoBoard) {
				t.Skipf("the blurred photo alone: %v (this renderer finds it: nothing to test)", err)
			}
			r, err := ScanUpwords(blurred, Options{Hint: &first.Grid})
			if err != nil {
				t.Fatalf("with the hint: %v", err)
			}
			// The grid found is the board's (within a fifth of a square of
			// the truth's corners, in any order).
			var truth vision.Quad
			for i, c := range sc.Truth.Board.Corners {
				truth[i] = vision.Point{X: c[0], Y: c[1]}
			}
			nearTruth(t, r.Corners, truth)
			// A hint two squares off (the board was moved since) does not
			// hold the grid there: the sharp photo is read where it is.
			var off vision.Quad
			dx, dy := (first.Grid[1].X-first.Grid[0].X)/5, (first.Grid[1].Y-first.Grid[0].Y)/5
			for i, c := range first.Grid {
				off[i] = vision.Point{X: c.X + dx, Y: c.Y + dy}
			}
			moved, err := ScanUpwords(img, Options{Hint: &off})
			if err != nil {
				t.Fatalf("the sharp photo with a wrong hint: %v", err)
			}
			nearTruth(t, moved.Corners, truth)
		})
	}
}

// nearTruth checks that every corner lies within a fifth of a square of
// one of the truth's (the grid is symmetric: any order).
func nearTruth(t *testing.T, got, truth vision.Quad) {
	t.Helper()
	pitch := math.Hypot(truth[1].X-truth[0].X, truth[1].Y-truth[0].Y) / 10
	for _, c := range got {
		near := math.Inf(1)
		for _, d := range truth {
			near = math.Min(near, math.Hypot(c.X-d.X, c.Y-d.Y))
		}
		if near > 0.2*pitch {
			t.Errorf("corner %v is %.1f px from the truth's (a square is %.1f px)", c, near, pitch)
		}
	}
}
