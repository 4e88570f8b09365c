package pyramids

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// TestCheckPlacement: a rendered scene's frame put where its truth is
// passes the check unchanged; the same frame moved off the printed grid
// (a corner along a side, the whole frame) is moved back to where the
// lines are, or else said to be unplaced: never kept as placed.
func TestCheckPlacement(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"normal (seed 1000, scene 3)", 1000*100000 + 3},
		{"normal (seed 1000, scene 11)", 1000*100000 + 11},
	} {
		t.Run(tc.name, func(t *testing.T) { checkShifted(t, tc.seed) })
	}
}

func checkShifted(t *testing.T, seed int64) {
	state, err := render.RandomState("pyramids", seed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "normal")
	if err != nil {
		t.Fatal(err)
	}
	opt.Width, opt.Height = 1640, 1232
	sc, err := render.Render("pyramids", state, opt)
	if err != nil {
		t.Fatal(err)
	}
	p := toPicture(sc.Image)
	var truth vision.Quad
	for i, c := range sc.Truth.Board.Corners {
		truth[i] = vision.Point{X: c[0], Y: c[1]}
	}
	tf, ok := newFrame(p, truth, DefaultGeometry, nil)
	if !ok {
		t.Fatal("the true outline is not a board")
	}
	n := float64(pyramids.Size)
	sq := math.Sqrt(quadArea(truth)) / n
	// moved returns the truth's frame with board corner i moved by
	// (dx, dy) squares, in the board's own directions
	moved := func(d [4][2]float64) vision.Quad {
		b := [4]vision.Point{{X: 0, Y: 0}, {X: n, Y: 0}, {X: n, Y: n}, {X: 0, Y: n}}
		var q vision.Quad
		for i := range q {
			q[i] = tf.h.Apply(vision.Point{X: b[i].X + d[i][0], Y: b[i].Y + d[i][1]})
		}
		return q
	}
	off := func(q vision.Quad) float64 {
		m := 0.0
		for i := range q {
			m = math.Max(m, math.Hypot(q[i].X-truth[i].X, q[i].Y-truth[i].Y))
		}
		return m / sq
	}
	for _, mc := range []struct {
		name  string
		shift [4][2]float64
	}{
		{"in place", [4][2]float64{}},
		{"south-west corner 0.4 square east (an outline short of a hand)", [4][2]float64{3: {0.4, 0}}},
		{"north-east corner 0.35 square south", [4][2]float64{1: {0, 0.35}}},
		{"the south side 0.3 square east", [4][2]float64{2: {0.3, 0}, 3: {0.3, 0}}},
	} {
		t.Run(mc.name, func(t *testing.T) {
			f, ok := newFrame(p, moved(mc.shift), DefaultGeometry, nil)
			if !ok {
				t.Fatal("the moved outline is no longer a board")
			}
			before := off(f.corners)
			g, unplaced := checkPlacement(f, nil)
			after := off(g.corners)
			t.Logf("off %.2f -> %.2f square, unplaced %v", before, after, unplaced)
			if before < 0.1 {
				if g != f || unplaced {
					t.Errorf("a frame in place was moved (%.2f square off) or said unplaced (%v)", after, unplaced)
				}
				return
			}
			if !unplaced && after >= 0.2 {
				t.Errorf("a frame %.2f square off kept as placed, %.2f square off", before, after)
			}
			if unplaced && g != f {
				t.Error("an unplaced frame was moved")
			}
		})
	}
}

// TestMisplaced: a side is off when its lines, fitted as a drift along
// it, put an end a fifth of a square or more away and explain clearly
// more of its lines than the frame where it is.
func TestMisplaced(t *testing.T) {
	lines := func(off func(t float64) float64, keep func(i int) bool) ([]float64, []float64) {
		var pos, o []float64
		for i := 1; i < pyramids.Size; i++ {
			if keep(i) {
				pos, o = append(pos, float64(i)), append(o, off(float64(i)))
			}
		}
		return pos, o
	}
	all := func(int) bool { return true }
	for _, tc := range []struct {
		name string
		off  func(t float64) float64
		keep func(i int) bool
		want bool
	}{
		{"every line in place", func(float64) float64 { return 0.01 }, all, false},
		{"a corner 0.44 square off", func(t float64) float64 { return 0.44 * (1 - t/10) }, all, true},
		{"the side 0.3 square off", func(float64) float64 { return -0.3 }, all, true},
		{"0.15 square off: within a fifth", func(float64) float64 { return 0.15 }, all, false},
		{"three lines off, six in place (a hand's edges)", func(t float64) float64 {
			if t >= 7 {
				return 0.4
			}
			return 0
		}, all, false},
		{"too few lines show", func(float64) float64 { return 0.4 }, func(i int) bool { return i <= 3 }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := drift(lines(tc.off, tc.keep))
			if got := misplaced([4]sideDrift{d}); got != tc.want {
				t.Errorf("misplaced %v (drift %+v), want %v", got, d, tc.want)
			}
		})
	}
}

// BenchmarkPlacement: the check's own cost on a stored normal scene's
// frame (every side's lines looked for and fitted).
func BenchmarkPlacement(b *testing.B) {
	img, err := loadImage(filepath.Join("testdata", "scenes", "normal.jpg"))
	if err != nil {
		b.Fatal(err)
	}
	l, err := locate(img, Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if d := l.f.placement(); misplaced(d) {
			b.Fatal("the stored scene's board said misplaced")
		}
	}
}
