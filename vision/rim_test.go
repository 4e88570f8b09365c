package vision

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

var rimWhite = color.RGBA{255, 255, 255, 255}

// TestRimQuads draws a board's region with things overlapping its outline
// (a cup over a corner, an arm across a side) and checks that the rim's
// quad is found from the straight runs left, while a region with no four
// straight sides gives none.
func TestRimQuads(t *testing.T) {
	ws := image.Pt(800, 600)
	board := []image.Point{{250, 150}, {560, 190}, {600, 480}, {220, 450}}
	tests := []struct {
		name   string
		board  bool
		extras func(m *gocv.Mat)
	}{
		{"plain board", true, func(m *gocv.Mat) {}},
		{"cup over a corner", true, func(m *gocv.Mat) {
			gocv.Circle(m, image.Pt(250, 150), 60, rimWhite, -1)
		}},
		{"arm across a side", true, func(m *gocv.Mat) {
			pv := gocv.NewPointsVectorFromPoints([][]image.Point{{{0, 250}, {260, 280}, {255, 340}, {0, 330}}})
			defer pv.Close()
			gocv.FillPoly(m, pv, rimWhite)
		}},
		{"cup and hand", true, func(m *gocv.Mat) {
			gocv.Circle(m, image.Pt(600, 480), 70, rimWhite, -1)
			pv := gocv.NewPointsVectorFromPoints([][]image.Point{{{300, 0}, {340, 0}, {420, 200}, {360, 210}}})
			defer pv.Close()
			gocv.FillPoly(m, pv, rimWhite)
		}},
		{"a round region", false, func(m *gocv.Mat) {
			gocv.Circle(m, image.Pt(400, 300), 200, rimWhite, -1)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := gocv.NewMatWithSize(ws.Y, ws.X, gocv.MatTypeCV8UC1)
			defer m.Close()
			if tc.board {
				pv := gocv.NewPointsVectorFromPoints([][]image.Point{board})
				defer pv.Close()
				gocv.FillPoly(&m, pv, rimWhite)
			}
			tc.extras(&m)
			cs := gocv.FindContours(m, gocv.RetrievalExternal, gocv.ChainApproxSimple)
			defer cs.Close()
			var quads []Quad
			for i := 0; i < cs.Size(); i++ {
				quads = append(quads, rimQuads(cs.At(i).ToPoints(), ws, 3)...)
			}
			if !tc.board {
				if len(quads) != 0 {
					t.Fatalf("got %d quads from a region with no straight sides", len(quads))
				}
				return
			}
			if len(quads) == 0 {
				t.Fatal("no rim quad found")
			}
			// The best supported quad is the board's outline.
			for _, b := range board {
				near := math.Inf(1)
				for _, c := range quads[0] {
					near = math.Min(near, math.Hypot(c.X-float64(b.X), c.Y-float64(b.Y)))
				}
				if near > 4 {
					t.Errorf("board corner %v is %.1f px from the quad %v", b, near, quads[0])
				}
			}
		})
	}
}

// TestInsetGrid checks that the grid inside a board's outline is the
// outline shrunk by the printed border, and that a grid reaching out of
// the picture is refused.
func TestInsetGrid(t *testing.T) {
	const n = 10
	side := float64(n) + 2*borderSquares // the board, in squares
	px := 30.0                           // pixels per square
	outline := Quad{{100, 100}, {100 + side*px, 100}, {100 + side*px, 100 + side*px}, {100, 100 + side*px}}
	g, ok := insetGrid(outline, n, image.Pt(800, 600))
	if !ok {
		t.Fatal("grid refused")
	}
	off := 100 + borderSquares*px
	want := Quad{{off, off}, {off + n*px, off}, {off + n*px, off + n*px}, {off, off + n*px}}
	for i := range want {
		if math.Hypot(g[i].X-want[i].X, g[i].Y-want[i].Y) > 1e-6 {
			t.Errorf("corner %d: got %v, want %v", i, g[i], want[i])
		}
	}
	if _, ok := insetGrid(outline, n, image.Pt(300, 300)); ok {
		t.Error("a grid reaching out of a 300x300 picture was accepted")
	}
}

// TestRimShift checks when the board's rim moves a grid by a whole
// square: only when a rim's grid lies a square off the grid at all four
// corners and no rim's grid lies where the grid is.
func TestRimShift(t *testing.T) {
	const n = 10
	h := Homography{30, 0, 100, 0, 30, 80, 0, 0, 1} // 30 px squares
	rimAt := func(dx, dy float64) candidate {
		var q Quad
		for i, c := range []Point{{0, 0}, {n, 0}, {n, n}, {0, n}} {
			q[i] = h.Apply(Point{c.X + dx, c.Y + dy})
			q[i] = Point{q[i].X / 2, q[i].Y / 2} // work pixels at scale 0.5
		}
		return candidate{q: q, grid: true, rim: true}
	}
	// rimOff is a rim whose four corners lie off the grid's by offs (in
	// squares): a rim seen in a tilted view, its near side further out.
	rimOff := func(offs [4]Point) candidate {
		var q Quad
		for i, c := range []Point{{0, 0}, {n, 0}, {n, n}, {0, n}} {
			q[i] = h.Apply(Point{c.X + offs[i].X, c.Y + offs[i].Y})
			q[i] = Point{q[i].X / 2, q[i].Y / 2}
		}
		return candidate{q: q, grid: true, rim: true}
	}
	tests := []struct {
		name  string
		rims  []candidate
		shift Point
		ok    bool
	}{
		{"no rims", nil, Point{}, false},
		{"rim where the grid is", []candidate{rimAt(0.1, -0.1)}, Point{}, false},
		{"rim a column right", []candidate{rimAt(1.05, 0.1)}, Point{1, 0}, true},
		{"rim a row up and a column left", []candidate{rimAt(-0.9, -1.1)}, Point{-1, -1}, true},
		{"one rim off, one where the grid is", []candidate{rimAt(1, 0), rimAt(0, 0)}, Point{}, false},
		{"rims off different ways", []candidate{rimAt(1, 0), rimAt(0, 1)}, Point{}, false},
		{"rim two squares off", []candidate{rimAt(2, 0)}, Point{}, false},
		{"rim half a square off", []candidate{rimAt(0.5, 0)}, Point{}, false},
		{"rim a row up, its corners scattered", []candidate{rimOff([4]Point{{0.04, -0.45}, {0.19, -0.84}, {0.1, -0.81}, {0.26, -0.9}})}, Point{0, -1}, true},
		{"rim two thirds of a row up", []candidate{rimOff([4]Point{{0, -0.56}, {-0.24, -0.48}, {-0.48, -0.73}, {0.51, -0.71}})}, Point{}, false},
		{"rim a row up, one corner far out", []candidate{rimOff([4]Point{{0, -1}, {0, -1}, {0, -1}, {0, -1.7}})}, Point{}, false},
		{"rim on average under two thirds of a row up", []candidate{rimOff([4]Point{{0, -0.5}, {0, -0.5}, {0, -0.6}, {0, -0.6}})}, Point{}, false},
		{"rim loosely where the grid is, one a row up", []candidate{rimOff([4]Point{{0, 0.2}, {0, 0.5}, {0, 0.1}, {0, 0.2}}), rimAt(0, -1)}, Point{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := rimShift(h, tc.rims, n, 0.5)
			if ok != tc.ok || d != tc.shift {
				t.Errorf("got %v, %v; want %v, %v", d, ok, tc.shift, tc.ok)
			}
		})
	}
}
