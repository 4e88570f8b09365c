package vision

import (
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// TestFitOnSamples fits a grid to line samples drawn from a known view of
// a 10 x 10 board, some of them off their line (an edge beside a line
// taken for it: a hand's, a pencil's, the rim's), and checks every corner
// comes back within a fiftieth of a square of the truth (an edge within
// sampleReject of an inner line pulls it a little more), from a start a third
// of a square off at one corner; too few lines of one direction
// fit nothing.
func TestFitOnSamples(t *testing.T) {
	const n = 10
	truth, err := QuadHomography(n, n, Quad{{400, 300}, {1200, 330}, {1250, 1000}, {350, 950}})
	if err != nil {
		t.Fatal(err)
	}
	// the start: the top-right corner a third of a square out
	start, err := QuadHomography(n, n, Quad{{400, 300}, {1227, 322}, {1250, 1000}, {350, 950}})
	if err != nil {
		t.Fatal(err)
	}
	// samples at the middle of each band, on lines kept by keep; off
	// moves some of them across their line, in squares
	draw := func(keep func(vertical bool, k int) bool, off func(vertical bool, k, band int) float64) []lineSample {
		var smp []lineSample
		for _, vertical := range []bool{true, false} {
			for k := 0; k <= n; k++ {
				if !keep(vertical, k) {
					continue
				}
				for j := 0; j < n; j++ {
					d := off(vertical, k, j)
					b := Point{float64(k) + d, float64(j) + 0.5}
					if !vertical {
						b = Point{float64(j) + 0.5, float64(k) + d}
					}
					smp = append(smp, lineSample{Vertical: vertical, K: k, P: truth.Apply(b)})
				}
			}
		}
		return smp
	}
	all := func(bool, int) bool { return true }
	none := func(bool, int, int) float64 { return 0 }
	// tol is how far a corner may land from the truth, in squares: an
	// edge within sampleReject of an inner line still weighs a little
	// (sampleHuber over its distance), and the corner beyond it, where
	// the inner lines' spacing puts it, moves more; an edge beyond
	// sampleReject weighs nothing, and the outermost lines' samples are
	// left out.
	for _, tc := range []struct {
		name string
		smp  []lineSample
		ok   bool
		tol  float64
	}{
		{"every line", draw(all, none), true, 0.02},
		{"a line or two in a band each", draw(func(v bool, k int) bool { return k%3 == 0 || k == 5 }, func(v bool, k, j int) float64 {
			if k == 5 && j > 0 {
				return math.NaN() // one band of this line only
			}
			return 0
		}), true, 0.02},
		{"the outermost line's top on an edge beside it", draw(all, func(v bool, k, j int) float64 {
			if v && k == n && j < 4 {
				return 0.3
			}
			return 0
		}), true, 0.02},
		{"an inner line's top on an edge beside it", draw(all, func(v bool, k, j int) float64 {
			if v && k == n-1 && j < 4 {
				return 0.25
			}
			return 0
		}), true, 0.08},
		{"an edge across three lines", draw(all, func(v bool, k, j int) float64 {
			if !v && k >= 4 && k <= 6 && j >= 6 {
				return -0.4
			}
			return 0
		}), true, 0.02},
		{"two horizontal lines only", draw(func(v bool, k int) bool { return v || k == 2 || k == 7 }, none), false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var smp []lineSample
			for _, s := range tc.smp {
				if !math.IsNaN(s.P.X) {
					smp = append(smp, s)
				}
			}
			h, ok := fitOnSamples(smp, start, n)
			if ok != tc.ok {
				t.Fatalf("ok %v, want %v", ok, tc.ok)
			}
			if !ok {
				if h != start {
					t.Errorf("the grid moved though nothing was fitted")
				}
				return
			}
			inv := truth.Inverse()
			for _, c := range []Point{{0, 0}, {n, 0}, {n, n}, {0, n}} {
				b := inv.Apply(h.Apply(c))
				if d := math.Hypot(b.X-c.X, b.Y-c.Y); d > tc.tol {
					t.Errorf("corner %v lands at %.3f, %.3f: %.3f squares off", c, b.X, b.Y, d)
				}
			}
		})
	}
}

// TestRefineOnSamplesStill draws a 10 x 10 grid's lines and refines a
// grid on their samples as Grid.OnSamples does: from the grid itself,
// the first round moves no corner onSamplesStill and the rounds end
// with the grid as it was (not refined); from a grid a third of a
// square off at one corner, every round runs and the corners come back
// within a twentieth of a square.
func TestRefineOnSamplesStill(t *testing.T) {
	const n, w, ht = 10, 1000, 800
	truth, err := QuadHomography(n, n, Quad{{200, 120}, {820, 150}, {860, 700}, {170, 680}})
	if err != nil {
		t.Fatal(err)
	}
	inv := truth.Inverse()
	pix := make([]byte, w*ht)
	for y := 0; y < ht; y++ {
		for x := 0; x < w; x++ {
			b := inv.Apply(Point{float64(x), float64(y)})
			pix[y*w+x] = 120 // the table
			if b.X < -0.3 || b.Y < -0.3 || b.X > n+0.3 || b.Y > n+0.3 {
				continue
			}
			pix[y*w+x] = 200 // the board
			if b.X < 0 || b.Y < 0 || b.X > n || b.Y > n {
				continue
			}
			dx, dy := math.Abs(b.X-math.Round(b.X)), math.Abs(b.Y-math.Round(b.Y))
			if dx < 0.04 || dy < 0.04 {
				pix[y*w+x] = 60 // a line
			}
		}
	}
	src, err := gocv.NewMatFromBytes(ht, w, gocv.MatTypeCV8UC1, pix)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	off, err := QuadHomography(n, n, Quad{{200, 120}, {841, 156}, {860, 700}, {170, 680}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		start   Homography
		refined bool
	}{
		{"from the grid itself", truth, false},
		{"from a corner a third of a square off", off, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, refined := refineOnSamples(src, tc.start, n, 1, onSamplesStill)
			if refined != tc.refined {
				t.Fatalf("refined %v, want %v", refined, tc.refined)
			}
			if !refined && h != tc.start {
				t.Errorf("the grid moved though the rounds ended")
			}
			if e := cornersMoved(truth, h, n); e > 0.05 {
				t.Errorf("a corner lands %.3f squares from the truth", e)
			}
			if !tc.refined {
				if e := cornersMoved(tc.start, truth, n); e > onSamplesStill {
					t.Errorf("the start is %.3f squares from the truth", e)
				}
			}
		})
	}
}
