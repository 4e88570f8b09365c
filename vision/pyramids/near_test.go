package pyramids

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestSureEmptyNear: an empty square is sure only as light as
// sureEmptyNear of the board's light around it (Square.near); a square
// with no empty neighbour to compare with keeps the picture's bars.
func TestSureEmptyNear(t *testing.T) {
	empty := func(value, near float64) Square {
		return Square{ColourConf: 1, look: cellLook{value: value}, near: near}
	}
	for _, tc := range []struct {
		name string
		sq   Square
		want bool
	}{
		{"empty in the light of its neighbours", empty(1.05, 1.1), true},
		{"empty under a shadow's edge, its neighbours lit", empty(0.8, 1.25), true},
		{"black pyramid washed grey in a glare spot (104800/2, E)", empty(0.85, 1.64), false},
		{"black pyramid washed grey in a glare spot (104800/2, I)", empty(0.76, 1.64), false},
		{"at the bar", empty(0.9, 0.9/sureEmptyNear), true},
		{"no empty neighbour: the picture's bars", empty(0.9, 0), true},
		{"dark for the picture, whatever its neighbours", empty(0.7, 0.8), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := sureColourOf(tc.sq); got != tc.want {
				t.Errorf("sureColourOf(value %.2f, near %.2f) = %v, want %v", tc.sq.look.value, tc.sq.near, got, tc.want)
			}
		})
	}
}

// TestNearLight: the board's light around a square read empty is the
// brightest of the squares read clearly empty in the nearest ring that
// has any; pyramids, tinted squares (a hand, a washed coloured
// pyramid) and squares mostly not light do not count.
func TestNearLight(t *testing.T) {
	type cell struct {
		r, c   int
		colour pyramids.Colour
		conf   float64
		value  float64
		tinted float64
	}
	for _, tc := range []struct {
		name  string
		cells []cell // the rest: red pyramids
		at    pyramids.Pos
		want  float64
	}{
		{"the brightest of the first ring", []cell{
			{4, 4, pyramids.NoColour, 1, 0.8, 0}, {3, 3, pyramids.NoColour, 1, 1.2, 0}, {5, 5, pyramids.NoColour, 1, 1.4, 0},
			{4, 6, pyramids.NoColour, 1, 1.9, 0}}, pyramids.Pos{Row: 4, Col: 4}, 1.4},
		{"the second ring when the first holds none", []cell{
			{4, 4, pyramids.NoColour, 1, 0.8, 0}, {2, 4, pyramids.NoColour, 1, 1.1, 0}, {4, 7, pyramids.NoColour, 1, 1.5, 0}},
			pyramids.Pos{Row: 4, Col: 4}, 1.1},
		{"tinted and mostly dark neighbours left out", []cell{
			{4, 4, pyramids.NoColour, 1, 0.8, 0}, {4, 5, pyramids.NoColour, 1, 1.3, 0.9}, {4, 3, pyramids.NoColour, 0.6, 1.3, 0},
			{3, 4, pyramids.NoColour, 1, 0.95, 0}}, pyramids.Pos{Row: 4, Col: 4}, 0.95},
		{"at the board's corner", []cell{
			{0, 0, pyramids.NoColour, 1, 0.9, 0}, {1, 1, pyramids.NoColour, 1, 1.0, 0}}, pyramids.Pos{Row: 0, Col: 0}, 1.0},
		{"none within three rings", []cell{{4, 4, pyramids.NoColour, 1, 0.8, 0}, {4, 8, pyramids.NoColour, 1, 1.0, 0}},
			pyramids.Pos{Row: 4, Col: 4}, 0},
		{"a pyramid has none", []cell{{4, 5, pyramids.NoColour, 1, 1.0, 0}}, pyramids.Pos{Row: 4, Col: 4}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sqs := make([]Square, pyramids.Size*pyramids.Size)
			for i := range sqs {
				sqs[i] = Square{Pos: pyramids.Pos{Row: i / pyramids.Size, Col: i % pyramids.Size}, Colour: pyramids.Red, ColourConf: 1, look: cellLook{value: 0.5}}
			}
			for _, c := range tc.cells {
				sq := &sqs[c.r*pyramids.Size+c.c]
				sq.Colour, sq.ColourConf, sq.look.value, sq.look.tinted = c.colour, c.conf, c.value, c.tinted
			}
			nearLight(sqs)
			if got := sqs[tc.at.Row*pyramids.Size+tc.at.Col].near; got != tc.want {
				t.Errorf("near at %v = %.2f, want %.2f", tc.at, got, tc.want)
			}
		})
	}
}

// TestSureEmptyNearRendered: on P-hard 104800 scene 2 (shadow 0.54,
// glare 0.41 over the board's centre) black house pyramids washed grey
// in the glare read empty; none of them is sure, and the empty runway
// squares in the dimmer light stay sure. At main 5caca36 the black E and
// I at (2,7) and (3,7) read empty and sure.
func TestSureEmptyNearRendered(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	r, tr := scanRenderedWith(t, 104800*100000+2, Options{})
	emptySure := 0
	for _, tc := range tr.Cells {
		if tc.Occluded {
			continue
		}
		sq := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col})
		if sq.Colour != pyramids.NoColour {
			continue
		}
		if tc.Height > 0 && sq.ColourSure {
			t.Errorf("%d,%d: a %s pyramid read empty and sure (value %.2f, the light around %.2f)", tc.Row, tc.Col, tc.Colour, sq.look.value, sq.near)
		}
		if tc.Height == 0 && sq.ColourSure {
			emptySure++
		}
	}
	// main reads 40 empty squares of this scene sure, all right
	if emptySure < 40 {
		t.Errorf("%d empty squares sure, want 40 as at main", emptySure)
	}
}
