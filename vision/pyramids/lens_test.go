package pyramids

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// TestDistortRoundTrip: undistort is distort's inverse over the picture.
func TestDistortRoundTrip(t *testing.T) {
	f := &frame{p: picture{W: 1640, H: 1232}}
	for _, k1 := range []float64{-0.3, -0.1, 0, 0.1} {
		f.k1 = k1
		for _, p := range []vision.Point{{X: 0, Y: 0}, {X: 820, Y: 616}, {X: 1640, Y: 1232}, {X: 100, Y: 1100}} {
			q := f.undistort(f.distort(p))
			if d := math.Hypot(q.X-p.X, q.Y-p.Y); d > 0.01 {
				t.Errorf("k1 %g: %v -> %v, %.3f px off", k1, p, q, d)
			}
		}
	}
}

// TestFitLens: on a board drawn through a lens of known distortion, the
// lens fitted on the board's edges is the renderer's (in the frame's
// units) and puts the pyramids' tips nearer where they show than the
// frame without it; a lens with no distortion is not modelled.
func TestFitLens(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	for _, tc := range []struct {
		name   string
		k1     float64
		fitted bool
	}{
		{"barrel strong", -0.22, true},
		{"barrel mild", -0.12, true},
		{"none", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const seed = 12
			state, err := render.RandomState("pyramids", seed)
			if err != nil {
				t.Fatal(err)
			}
			opt, err := render.RandomOptions(seed, "normal")
			if err != nil {
				t.Fatal(err)
			}
			opt.Clutter = 0
			opt.K1, opt.K2 = tc.k1, 0
			sc, err := render.Render("pyramids", state, opt)
			if err != nil {
				t.Fatal(err)
			}
			p := toPicture(sc.Image)
			var q vision.Quad
			for i, c := range sc.Truth.Board.Corners {
				q[i] = vision.Point{X: c[0], Y: c[1]}
			}
			f, ok := newFrame(p, refineOutline(p, q), DefaultGeometry, nil)
			if !ok {
				t.Fatal("the board's outline is not a board")
			}
			plain := *f
			got := f.fitLens(nil)
			if got != tc.fitted {
				t.Fatalf("fitLens = %v (k1 %.3f), want %v", got, f.k1, tc.fitted)
			}
			nf := vision.DefaultFocal(p.W)
			want := tc.k1 * (nf / sc.Truth.Camera.Fx) * (nf / sc.Truth.Camera.Fx)
			if math.Abs(f.k1-want) > 0.04 {
				t.Errorf("k1 %.3f, want %.3f", f.k1, want)
			}
			if !got {
				return
			}
			errOf := func(g *frame) float64 {
				e, n := 0.0, 0
				for _, c := range sc.Truth.Cells {
					if c.Height == 0 {
						continue
					}
					a := g.apex(c.Row, c.Col, c.Height)
					e += math.Hypot(a.X-c.Center[0], a.Y-c.Center[1])
					n++
				}
				return e / float64(n)
			}
			if before, after := errOf(&plain), errOf(f); after >= before {
				t.Errorf("tips %.2f px off with the lens, %.2f without", after, before)
			}
		})
	}
}

// TestFaceSeen: in a tilted view a tall stack beside a pyramid hides
// the pyramid's faces behind it from the camera, never the face turned
// away from it; with no stack beside it every face is seen.
func TestFaceSeen(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	const seed = 12
	state, err := render.RandomState("pyramids", seed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "normal")
	if err != nil {
		t.Fatal(err)
	}
	opt.Clutter, opt.TiltDeg, opt.K1, opt.K2 = 0, 35, 0, 0
	sc, err := render.Render("pyramids", state, opt)
	if err != nil {
		t.Fatal(err)
	}
	p := toPicture(sc.Image)
	var q vision.Quad
	for i, c := range sc.Truth.Board.Corners {
		q[i] = vision.Point{X: c[0], Y: c[1]}
	}
	f, ok := newFrame(p, q, DefaultGeometry, nil)
	if !ok {
		t.Fatal("the true outline is not a board")
	}
	const r, c = 5, 5
	f.stacks = make([]int, pyramids.Size*pyramids.Size)
	f.stacks[r*pyramids.Size+c] = 1
	if got := f.faceSeen(r, c, 1); got != [4]float64{1, 1, 1, 1} {
		t.Errorf("alone: seen %v, want every face", got)
	}
	hidden := 0
	// face i turns towards north, east, south, west
	for i, d := range [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
		t.Run([]string{"north", "east", "south", "west"}[i], func(t *testing.T) {
			n := (r+d[0])*pyramids.Size + c + d[1]
			f.stacks[n] = 6
			defer func() { f.stacks[n] = 0 }()
			got := f.faceSeen(r, c, 1)
			if away := got[(i+2)%4]; away != 1 {
				t.Errorf("the face turned away seen %.2f, want 1 (%v)", away, got)
			}
			for _, v := range got {
				if v < 1 {
					hidden++
				}
			}
		})
	}
	if hidden == 0 {
		t.Error("no face hidden by a stack of 6 on any side")
	}
}
