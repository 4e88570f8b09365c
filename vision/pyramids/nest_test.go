package pyramids

import (
	"image"
	"os"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// TestNestSearch reads the player stacks of a rendered normal scene of
// the classic set with the nesting step given too short, right and too
// long, and checks the step nestSearch reads each stack's letter at:
// the median over the stacks moves towards the set's own step, and
// keeps near it when the step given is right (the letters read about as
// well over a range of steps: the median, not each stack, measures it).
// A stack of one is never searched.
func TestNestSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	const seed = 111240*100000 + 3
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
	var img image.Image = sc.Image
	rd := reader(t)
	for _, tc := range []struct {
		name       string
		given      float64 // the step given, a share of the set's
		lo, hi     float64 // the median step read at, a share of the set's, is in lo-hi
		searchedLo int     // the least number of stacks whose step moved
	}{
		{"the step given 0.7 of the set's: read higher", 0.7, 0.8, 1.25, 1},
		{"the step given right: kept near it", 1, 0.8, 1.25, 0},
		{"the step given 1.35 of the set's: read lower", 1.35, 0.8, 1.25, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := DefaultGeometry
			g.NestMM *= tc.given
			l, err := locate(img, Options{Geometry: g})
			if err != nil {
				t.Fatal(err)
			}
			f := l.f
			var steps []float64
			moved := 0
			for _, c := range sc.Truth.Cells {
				if c.Occluded || c.Height == 0 {
					continue
				}
				fr := f.faceReads(c.Row, c.Col, rd, 48, true)
				lr := fr.readLetter(c.Height)
				o := f.nestSearch(fr, lr)
				if c.Height == 1 {
					if o != fr {
						t.Errorf("row %d col %d: a stack of one searched", c.Row, c.Col)
					}
					continue
				}
				if c.Height < 4 {
					continue
				}
				s := o.f.geo.NestMM / DefaultGeometry.NestMM
				if o != fr {
					moved++
				}
				steps = append(steps, s)
			}
			if len(steps) < 10 {
				t.Fatalf("%d player stacks read, want 10 or more", len(steps))
			}
			sort.Float64s(steps)
			med := steps[len(steps)/2]
			if os.Getenv("PYR_NEST_TEST_V") != "" {
				t.Logf("steps %v", steps)
			}
			if med < tc.lo || med > tc.hi {
				t.Errorf("median step read at %.2f of the set's, want %.2f-%.2f (%v)", med, tc.lo, tc.hi, steps)
			}
			if moved < tc.searchedLo {
				t.Errorf("%d stacks moved, want %d or more", moved, tc.searchedLo)
			}
		})
	}
}
