package scrabble

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// placementErr is the farthest, in squares (each the label's own square
// there), any square's centre of the board f places lies from where the
// homography through the label's corners puts it.
func placementErr(f *frame, label vision.Homography) float64 {
	worst := 0.0
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			x, y := float64(c)+0.5, float64(r)+0.5
			a, b := f.at(x, y), label.Apply(vision.Point{X: x, Y: y})
			b1 := label.Apply(vision.Point{X: x + 1, Y: y})
			worst = math.Max(worst, math.Hypot(a.X-b.X, a.Y-b.Y)/math.Hypot(b1.X-b.X, b1.Y-b.Y))
		}
	}
	return worst
}

// TestOnLines: a board placed by a homography that lies off at its far
// side (as one through premium squares in the board's middle and near
// part lies in a steep view: 163953 through a 44 degree tilt, its far
// column 0.7-1.0 of a square off) is set on the grid's own lines, every
// square within a quarter of a square of the hand label's grid, on the
// committed 2014 photo; a board placed right stays where it is.
func TestOnLines(t *testing.T) {
	img := loadImage(t, "testdata/photos/IMG_20141025_163920.jpg")
	l, err := LoadLabel("testdata/real/IMG_20141025_163920.txt")
	if err != nil {
		t.Fatal(err)
	}
	label, err := vision.QuadHomography(Size, Size, l.Corners)
	if err != nil {
		t.Fatal(err)
	}
	// moved: board points (in squares) the corners are placed at instead
	// of the grid's own corners
	for _, tc := range []struct {
		name  string
		moved [4]vision.Point
		want  float64
	}{
		{"placed right", [4]vision.Point{{X: 0, Y: 0}, {X: Size, Y: 0}, {X: Size, Y: Size}, {X: 0, Y: Size}}, 0.15},
		{"the right side half a square in", [4]vision.Point{{X: 0, Y: 0}, {X: Size - 0.5, Y: 0}, {X: Size - 0.5, Y: Size}, {X: 0, Y: Size}}, 0.25},
		// the far corners a square off (163953's far column: 0.7-1.0):
		// onLines sets the board from as far as 1.14 squares off on this
		// photo, and not from 1.20 (0.727 -> 0.711 on the first round,
		// under lineRoundGain)
		{"the far corners a square off", [4]vision.Point{{X: 0.85, Y: 0.85}, {X: Size - 0.85, Y: 0.85}, {X: Size, Y: Size}, {X: 0, Y: Size}}, 0.25},
		{"one corner a square out", [4]vision.Point{{X: 0, Y: 0}, {X: Size + 1, Y: -0.5}, {X: Size, Y: Size}, {X: 0, Y: Size}}, 0.25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var q vision.Quad
			for i, pt := range tc.moved {
				q[i] = label.Apply(pt)
			}
			h, err := vision.QuadHomography(Size, Size, q)
			if err != nil {
				t.Fatal(err)
			}
			f := &frame{p: toPicture(img), hq: &h}
			looks := boardLooks(f, 0, 0)
			f.fit = layoutFit(&looks)
			before, fit := placementErr(f, label), f.fit
			onLines(f)
			after := placementErr(f, label)
			t.Logf("placed %.2f -> %.2f squares off, layout fit %.3f -> %.3f", before, after, fit, f.fit)
			if after > tc.want {
				t.Errorf("placed %.2f squares off after onLines (%.2f before), want %.2f at most", after, before, tc.want)
			}
		})
	}
}
