package pyramids

import (
	"fmt"
	"math"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
)

// TestLeanDiag (opt-in: PYR_LEAN_DIRS, comma-separated render-set
// directories) prints every square whose colour or emptiness is read
// wrong, read as eval-pyramids reads (the faces' model on), with what
// may have caused it: the tallest stack beside it leaning over it (its
// count, how far its tip reaches at the scan's model and at the truth's
// tip), the view's tilt, the maker's pyramids against the pitch and
// the learnt ones, a hand, glare and the square's floor and aside
// figures (clearBehind).
func TestLeanDiag(t *testing.T) {
	rd, err := ocr.Default("en")
	if err != nil {
		t.Fatal(err)
	}
	for sc := range diagScenes(t, "PYR_LEAN_DIRS") {
		tr := sc.truth
		r, err := Scan(sc.img, Options{Reader: rd, FaceModel: true})
		if err != nil {
			continue
		}
		type cell struct {
			h      int
			colour string
			tip    vision.Point
		}
		truth := map[[2]int]cell{}
		for _, tc := range tr.Cells {
			if !tc.Occluded {
				truth[[2]int{tc.Row, tc.Col}] = cell{tc.Height, tc.Colour, vision.Point{X: tc.Center[0], Y: tc.Center[1]}}
			}
		}
		opt := Options{Reader: rd, FaceModel: true}
		l, err := locate(sc.img, opt)
		if err != nil {
			continue
		}
		f := l.f
		set := tr.Conditions.Pyramids
		tall, base := 15.0/22, 19.0/22
		if set != nil {
			tall, base = set.TallMM/set.PitchMM, set.BaseMM/set.PitchMM
		}
		g := r.Geometry
		trueReach := 1.0
		if set != nil {
			trueReach = (4*set.NestMM/set.PitchMM + set.TallMM/set.PitchMM) / (4*g.NestMM/g.SquareMM + g.TallMM/g.SquareMM)
		}
		fmt.Printf("SCENE %s tilt %.1f reach %.2f truth %.2f\n", sc.path, tr.Camera.TiltDeg, f.stackReach(r.Squares), trueReach)
		for i, sq := range r.Squares {
			tc, ok := truth[[2]int{sq.Pos.Row, sq.Pos.Col}]
			if !ok {
				continue
			}
			want, _ := pyramids.ParseColour(tc.colour)
			if tc.h == 0 {
				want = pyramids.NoColour
			}
			tag := "WRONG"
			if sq.Colour == want {
				if sq.leant < behindLean || want == pyramids.NoColour {
					continue
				}
				tag = "RIGHTP" // a pyramid read right beside a leaning stack
			}
			// the tallest stack beside leaning over the square, at the
			// model and at the truth's tip
			best, bestTrue, bh := 0.0, 0.0, 0
			bcol := ""
			centre := func(r, c int) vision.Point {
				return f.project([3]float64{float64(c) + 0.5, float64(r) + 0.5, 0})
			}
			f.eachLeaning(r.Squares, i, func(n *Square) bool { return n.Colour != pyramids.NoColour }, func(nr, nc int, n *Square, lean float64) {
				if lean <= best {
					return
				}
				best, bh, bcol = lean, n.Height, n.Colour.String()
				o, here := centre(nr, nc), centre(sq.Pos.Row, sq.Pos.Col)
				dx, dy := here.X-o.X, here.Y-o.Y
				nt := truth[[2]int{nr, nc}]
				bestTrue = ((nt.tip.X-o.X)*dx + (nt.tip.Y-o.Y)*dy) / (dx*dx + dy*dy)
				if nt.h == 0 {
					bestTrue = math.NaN()
				}
			})
			c := tr.Conditions
			fmt.Printf("%s %s r%d c%d want %s%d got %v h%d sure %v cleared %v asideDoubt %v | lean model %.2f truth %.2f stack %s%d | tilt %.1f set tall %.2f base %.2f learnt tall %.2f base %.2f | hand %v glare %.2f shadow %.2f | floor %.2f of %d tall %.2f of %d aside %v %.2f of %d | reach %.2f meas aside %v %.2f of %d\n",
				tag, sc.path, sq.Pos.Row, sq.Pos.Col, tc.colour, tc.h, sq.Colour, sq.Height, sq.Sure, sq.cleared, sq.asideDoubt,
				best, bestTrue, bcol, bh, tr.Camera.TiltDeg, tall, base, g.TallMM/g.SquareMM, g.BaseMM/g.SquareMM,
				c.Hand, c.Glare, c.Shadow, sq.floorLight, sq.floorSeen, sq.floorMeasLight, sq.floorMeasSeen, sq.aside.colour, sq.aside.conf, sq.asideSeen, sq.reach, sq.asideMeas.colour, sq.asideMeas.conf, sq.asideMeasSeen)
		}
	}
}
