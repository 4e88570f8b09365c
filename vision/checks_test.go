package vision

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestDimGain: a picture is brightened for the board search only when
// its median grey is under dimLuma, to a median of twice dimLuma, and by
// eight times at most (a black picture is not raised without bound).
func TestDimGain(t *testing.T) {
	tests := []struct {
		name string
		med  int
		want float64
	}{
		{"lit", 120, 1},
		{"dimLuma itself", dimLuma, 1},
		{"dim", dimLuma / 2, 4},
		{"a dark table, median 19", 19, 96.0 / 19},
		{"black", 0, 8},
		{"nearly black", 5, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := dimGain(tc.med); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("dimGain(%d) = %.3f, want %.3f", tc.med, got, tc.want)
			}
		})
	}
}

// TestOutOfViewNamesTheSide: a grid past the picture's edge is told
// with the side it passes, as the check maps the grid (through the lens
// where one was fitted), whatever the straight grid's corners show.
func TestOutOfViewNamesTheSide(t *testing.T) {
	p := Plane{W: 100, H: 100}
	// scaled by s squares to pixels, the top-left corner at (x, y)
	grid := func(s, x, y float64) Homography { return Homography{s, 0, x, 0, s, y, 0, 0, 1} }
	for _, tc := range []struct {
		name  string
		fit   boardFit
		sides []string // nil: in view
	}{
		{"whole grid in view", boardFit{H: grid(6, 20, 20)}, nil},
		{"straight grid past the right edge", boardFit{H: grid(6, 50, 20)}, []string{"right"}},
		{"straight grid past the left and bottom edges", boardFit{H: grid(6, -3, 45)}, []string{"left", "bottom"}},
		{"the lens takes the top row out, the straight corners in view",
			boardFit{H: grid(6, 20, 2), HU: grid(6, 20, 2), Lens: Lens{K: 0.1, C: Point{X: 50, Y: 50}, S: 50}}, []string{"top"}},
		{"the outline clipped says the side", boardFit{H: grid(6, 50, 20), Clipped: []string{"right"}}, []string{"right"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := outOfView(p, tc.fit, 10)
			if tc.sides == nil {
				if err != nil {
					t.Fatalf("outOfView = %v, want in view", err)
				}
				return
			}
			var e *OutOfViewError
			if !errors.As(err, &e) {
				t.Fatalf("outOfView = %v, want an OutOfViewError", err)
			}
			if !slices.Equal(e.Sides, tc.sides) {
				t.Errorf("sides %q, want %q", e.Sides, tc.sides)
			}
			if want := " " + strings.Join(tc.sides, " and ") + " edge"; !strings.Contains(err.Error(), want) {
				t.Errorf("%q does not say %q", err.Error(), want)
			}
		})
	}
}
