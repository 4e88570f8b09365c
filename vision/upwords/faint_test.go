package upwords

import (
	"errors"
	"image"
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestFaintBoardFound: a board whose walls show too faintly for the
// board search as it was (tuning set 105903's 0028: a dim room, a hand
// over the board, a blur of 2.6 px; "no board found") is found on the
// picture with its contrast raised (enhancedGrid), within a quarter of
// a square of the truth's corners; the table beside it, cut from the
// same photo (a card, a box, the hand's shadow), is still no board.
func TestFaintBoardFound(t *testing.T) {
	const name = "testdata/faint/handdim-10590300028"
	tr, err := vision.LoadTruth(name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	img := loadImage(t, name+".jpg")
	tests := []struct {
		name  string
		img   image.Image
		board bool
	}{
		{"the board", img, true},
		{"the table above the board", img.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(image.Rect(0, 0, 1000, 420)), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ScanUpwords(tc.img, Options{Size: 10})
			if !tc.board {
				if !errors.Is(err, vision.ErrNoBoard) {
					t.Fatalf("the table alone: want no board, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g := r.Found
			inv := g.H.Inverse()
			for _, c := range tr.Board.Corners {
				q := inv.Apply(vision.Point{X: c[0], Y: c[1]})
				best := math.Inf(1)
				for _, k := range []vision.Point{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}} {
					best = math.Min(best, math.Hypot(q.X-k.X, q.Y-k.Y))
				}
				if best > 0.25 {
					t.Errorf("truth corner %v lies %.2f squares from the grid's nearest corner", c, best)
				}
			}
		})
	}
}
