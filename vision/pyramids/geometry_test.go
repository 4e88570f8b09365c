package pyramids

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// TestGeometryLearnt: the pyramids' base the scan learns from a photo of
// sets of other sizes comes out near the set's own (within 0.04 of the
// pitch), and the colours read with it are right at least as often as
// with the default geometry.
func TestGeometryLearnt(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	small := render.ClassicPyramids
	small.PitchMM, small.BaseMM, small.TallMM, small.NestMM = 25, 17.5, 12, 2.5
	tall := render.ClassicPyramids
	tall.BaseMM, tall.TallMM, tall.NestMM = 20, 20, 5
	for _, tc := range []struct {
		name string
		set  render.PyramidsSet
		seed int64
		tilt float64
	}{
		{"classic", render.ClassicPyramids, 21, 25},
		{"small flat pyramids", small, 22, 25},
		{"tall pyramids", tall, 23, 30},
		{"random set 41", render.RandomPyramidsSet(41), 24, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state, err := render.RandomState("pyramids", tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			opt, err := render.RandomOptions(tc.seed, "normal")
			if err != nil {
				t.Fatal(err)
			}
			opt.Width, opt.Height, opt.Clutter, opt.TiltDeg = 1640, 1232, 0, tc.tilt
			set := tc.set
			opt.Pyramids = &set
			opt.FitGame("pyramids")
			sc, err := render.Render("pyramids", state, opt)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Scan(sc.Image, Options{})
			if err != nil {
				t.Fatal(err)
			}
			g := r.Geometry
			gb, gt, gn := g.BaseMM/g.SquareMM, g.TallMM/g.SquareMM, g.NestMM/g.SquareMM
			wb, wt, wn := set.BaseMM/set.PitchMM, set.TallMM/set.PitchMM, set.NestMM/set.PitchMM
			t.Logf("base %.3f (set %.3f), height %.3f (%.3f), nesting %.3f (%.3f)", gb, wb, gt, wt, gn, wn)
			if math.Abs(gb-wb) > 0.04 {
				t.Errorf("base %.3f of the pitch, the set's %.3f", gb, wb)
			}
			fixed, err := Scan(sc.Image, Options{Geometry: DefaultGeometry})
			if err != nil {
				t.Fatal(err)
			}
			wrong := func(r *Reading) int {
				n := 0
				for _, c := range sc.Truth.Cells {
					sq := r.Square(grid.Pos{Row: c.Row, Col: c.Col})
					if (sq.Colour.String() != c.Colour) && !(c.Height == 0 && sq.Colour == pyramids.NoColour) && !c.Occluded {
						n++
					}
				}
				return n
			}
			if w, w0 := wrong(r), wrong(fixed); w > max(w0, 1) {
				t.Errorf("%d squares' colours wrong (%d with the default geometry)", w, w0)
			}
		})
	}
}

// TestCountCheck: a coloured pyramid on a house square stands on a house
// pyramid (2) as the game says, or alone (1) where the house pyramid was
// taken and the game did not see it. In a tilted view the photo shows
// which: the squares whose count disagrees are marked (SeenHeight 1,
// unsure), those that agree are not.
func TestCountCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	coloured := []grid.Pos{{Row: 3, Col: 3}, {Row: 3, Col: 6}, {Row: 5, Col: 4}, {Row: 6, Col: 6}}
	board := func(alone bool) string {
		var b strings.Builder
		for r := 0; r < pyramids.Size; r++ {
			for c := 0; c < pyramids.Size; c++ {
				p := grid.Pos{Row: r, Col: c}
				cell := "."
				switch {
				case slices.Contains(coloured, p) && alone:
					cell = "rA"
				case slices.Contains(coloured, p):
					cell = "rA/kE"
				case pyramids.InHouse(p):
					cell = "kT"
				}
				fmt.Fprintf(&b, "%-7s", cell)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	heights := func(p grid.Pos) int {
		if slices.Contains(coloured, p) {
			return 2
		}
		return 0
	}
	for _, tc := range []struct {
		name  string
		alone bool
	}{{"on house pyramids, as the game says", false}, {"alone, the game says on house pyramids", true}} {
		t.Run(tc.name, func(t *testing.T) {
			opt, err := render.RandomOptions(31, "normal")
			if err != nil {
				t.Fatal(err)
			}
			opt.TiltDeg, opt.Clutter, opt.Blur, opt.MotionPx, opt.Glare, opt.Hand = 28, 0, 0.5, 0, 0, false
			sc, err := render.Render("pyramids", []byte(board(tc.alone)), opt)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Scan(sc.Image, Options{Heights: heights})
			if err != nil {
				t.Fatal(err)
			}
			marked, elsewhere := 0, 0
			for _, sq := range r.Squares {
				if sq.SeenHeight == 0 {
					continue
				}
				if !slices.Contains(coloured, sq.Pos) {
					elsewhere++
					continue
				}
				if sq.Sure {
					t.Errorf("%v: seen %d high, still sure", sq.Pos, sq.SeenHeight)
				}
				if sq.SeenHeight == 1 {
					marked++
				}
			}
			if elsewhere > 0 {
				t.Errorf("%d other squares marked", elsewhere)
			}
			if tc.alone && marked < 3 {
				t.Errorf("%d of the 4 lone pyramids seen as 1 high, want 3 or more", marked)
			}
			if !tc.alone && marked > 0 {
				t.Errorf("%d of the 4 pyramids on house pyramids seen as 1 high", marked)
			}
		})
	}
}

// TestSquareBoard: a 10x10 grid seen through a camera passes; a strip of
// it stretched to the same quadrilateral's place (a runway and its border
// taken for the board) does not.
func TestSquareBoard(t *testing.T) {
	fx, cx, cy := 1400.0, 820.0, 616.0
	pt := func(x, y float64) vision.Point { return vision.Point{X: x, Y: y} }
	for _, tc := range []struct {
		name string
		q    vision.Quad
		want bool
	}{
		{"square, overhead", vision.Quad{pt(500, 300), pt(1100, 300), pt(1100, 900), pt(500, 900)}, true},
		{"square, tilted", vision.Quad{pt(560, 330), pt(1080, 330), pt(1160, 900), pt(480, 900)}, true},
		{"a strip five times as wide", vision.Quad{pt(300, 500), pt(1300, 500), pt(1300, 700), pt(300, 700)}, false},
		{"sheared", vision.Quad{pt(300, 300), pt(900, 300), pt(1500, 900), pt(900, 900)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := vision.QuadHomography(10, 10, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := squareBoard(h, fx, cx, cy); got != tc.want {
				t.Errorf("squareBoard = %v, want %v", got, tc.want)
			}
		})
	}
}
