package scrabble

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestEdgeLens: the four outer edges of a board seen in perspective,
// drawn through a lens (and a hand's fingers over part of one side),
// give back the lens's distortion, and only a clear one passes
// byEdgeLens's bars.
func TestEdgeLens(t *testing.T) {
	const w, h = 1640, 1232
	// a board tilted away from the camera, off the picture's centre
	q := vision.Quad{{X: 560, Y: 290}, {X: 1150, Y: 370}, {X: 1130, Y: 960}, {X: 320, Y: 810}}
	hq, err := vision.QuadHomography(1, 1, q)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		k     float64
		hand  bool // a run of one side's points moved off the edge
		clear bool // passes edgeLensGain and edgeLensMaxK
	}{
		{"strong barrel", -0.09, false, true},
		{"strong barrel under a hand", -0.09, true, true},
		{"mild barrel", -0.04, false, true},
		{"no lens", 0, false, false},
		{"no lens under a hand", 0, true, false},
		{"pincushion", 0.03, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lens := vision.Lens{K: tc.k, C: vision.Point{X: w / 2, Y: h / 2}, S: w / 2}
			var edges [4][]vision.Point
			ends := [4][2]vision.Point{{{X: 0, Y: 0}, {X: 1, Y: 0}}, {{X: 1, Y: 0}, {X: 1, Y: 1}}, {{X: 1, Y: 1}, {X: 0, Y: 1}}, {{X: 0, Y: 1}, {X: 0, Y: 0}}}
			for s, e := range ends {
				for i := 1; i < 59; i++ {
					u := float64(i) / 59
					p := hq.Apply(vision.Point{X: e[0].X + u*(e[1].X-e[0].X), Y: e[0].Y + u*(e[1].Y-e[0].Y)})
					p = lens.Distort(p)
					// a measurement's noise, a fixed pattern
					p.X += 0.4 * math.Sin(float64(7*i+s))
					p.Y += 0.4 * math.Cos(float64(5*i+s))
					if tc.hand && s == 3 && i > 30 && i < 45 {
						p.X += 12 // the fingers' edge, not the board's
					}
					edges[s] = append(edges[s], p)
				}
			}
			k, c, c0, sides := edgeLens(edges, w, h)
			if sides != 4 {
				t.Fatalf("sides %d, want 4", sides)
			}
			if math.Abs(k-tc.k) > 0.012 {
				t.Errorf("K %.3f, want %.3f", k, tc.k)
			}
			if clear := k <= edgeLensMaxK && c <= edgeLensGain*c0; clear != tc.clear {
				t.Errorf("K %.3f cost %.1f of %.1f: clear %v, want %v", k, c, c0, clear, tc.clear)
			}
		})
	}
}

// TestCornerUnderHandByEdgeLens: the tuning board missed in every print
// (0015 of seed 104302, hard, a hand over its bottom left corner, under
// the renderer's strongest barrel lens): the straight grid the lines
// give puts the hidden corner more than half a square off (0.53-0.57),
// the grid under the lens the board's edges show a quarter.
func TestCornerUnderHandByEdgeLens(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	for _, print := range []string{"classic", "letters", "plain"} {
		t.Run(print, func(t *testing.T) {
			img, l, _ := handSceneAs(t, 10430200015, "hard", print, true, 0)
			f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
			if err != nil {
				t.Fatal(err)
			}
			pitch := math.Sqrt(math.Abs(quadArea(l.Corners))) / Size
			worst := math.Inf(1)
			pts := [4]vision.Point{{X: 0, Y: 0}, {X: Size, Y: 0}, {X: Size, Y: Size}, {X: 0, Y: Size}}
			for k := 0; k < 4; k++ {
				e := 0.0
				for i := 0; i < 4; i++ {
					p := pts[(i+k)%4]
					e = math.Max(e, dist(f.at(p.X, p.Y), l.Corners[i]))
				}
				worst = math.Min(worst, e/pitch)
			}
			if worst > 0.35 {
				t.Errorf("a corner %.2f squares off, want 0.35 or less", worst)
			}
		})
	}
}
