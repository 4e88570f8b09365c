package pyramids

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
)

// TestHandDiag (opt-in: PYR_HAND_DIRS, comma-separated render-set
// directories) prints one line for every scene whose scan gave a message
// or found its board from three sides (Reading.SideHidden): whether the
// truth's board is in view, whether a hand is in the picture, the
// message, and for a board found from three sides how far its corners lie
// from the truth's, and its squares as the sure bars weigh them without
// the three sides' doubt (sureSquare, no count doubt, placed): how many
// would be sure and how many of those read wrong.
func TestHandDiag(t *testing.T) {
	rd := reader(t)
	for sc := range diagScenes(t, "PYR_HAND_DIRS") {
		tr := sc.truth
		out := false
		for _, c := range tr.Board.Corners {
			if c[0] < 0 || c[1] < 0 || c[0] > float64(sc.img.Bounds().Dx()) || c[1] > float64(sc.img.Bounds().Dy()) {
				out = true
			}
		}
		view := "in"
		if out {
			view = "out"
		}
		r, err := Scan(sc.img, Options{Reader: rd, FaceModel: true})
		if err != nil {
			fmt.Printf("HAND %s view %s hand %v err %s\n", sc.path, view, tr.Conditions.Hand, strings.SplitN(err.Error(), ":", 4)[2])
			continue
		}
		if !r.SideHidden {
			continue
		}
		cornerErr := 0.0
		for i, c := range tr.Board.Corners {
			cornerErr = math.Max(cornerErr, math.Hypot(r.Corners[i].X-c[0], r.Corners[i].Y-c[1]))
		}
		n, right, would, wouldWrong := 0, 0, 0, 0
		for _, tc := range tr.Cells {
			if tc.Occluded {
				continue
			}
			n++
			sq := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col})
			want, _ := pyramids.ParseColour(tc.Colour)
			if tc.Height == 0 {
				want = pyramids.NoColour
			}
			ok := sq.Colour == want && (tc.Height == 0 || strings.EqualFold(sq.Letter, tc.Letter))
			if ok {
				right++
			}
			if sureSquare(sq) && sq.SeenHeight == 0 && !r.Unplaced {
				would++
				if !ok {
					wouldWrong++
					fmt.Printf("  would be sure, wrong: row %d col %d want %s%s got %s%s value %.0f tinted %.2f near %.0f conf %.2f\n",
						tc.Row, tc.Col, tc.Colour, tc.Letter, sq.Colour, sq.Letter, sq.look.value, sq.look.tinted, sq.near, sq.ColourConf)
				}
			}
		}
		var occ []string
		for _, tc := range tr.Cells {
			if tc.Occluded {
				occ = append(occ, fmt.Sprintf("%d,%d", tc.Row, tc.Col))
			}
		}
		fmt.Printf("  occluded %v\n", occ)
		fmt.Printf("HAND %s view %s hand %v three sides corner err %.0f px unplaced %v squares %d right %d would be sure %d wrong %d\n",
			sc.path, view, tr.Conditions.Hand, cornerErr, r.Unplaced, n, right, would, wouldWrong)
	}
}

// TestHandFind (opt-in: PYR_HAND_SCENES, comma-separated scene paths)
// prints, for each scene, why its board is not found from its straight
// edges: whether the truth's quadrilateral is a board to newFrame (its
// score, grid, lattice), which of its four sides a straight edge found
// lies on (within 3 reduced pixels at both corners), and for each three
// of those sides (the fourth hidden) where farPlaces puts the far corners
// against where they are.
func TestHandFind(t *testing.T) {
	for sc := range diagScenesAt(t, "PYR_HAND_SCENES") {
		path, img := sc.path, sc.img
		p := toPicture(img)
		q := truthQuad(sc.truth)
		f, ok := newFrame(p, q, DefaultGeometry, nil)
		fmt.Printf("%s:\n  truth frame ok %v", path, ok)
		if f != nil {
			fmt.Printf(" score %.3f grid %.2f lattice %v", f.score, f.grid, f.latticeAgrees())
		} else {
			fmt.Printf(" %s", frameWhy(p, q))
		}
		fmt.Println()
		ls, scale := straightEdges(p)
		dist := func(l edgeLine, c vision.Point) float64 {
			return math.Abs(c.X*scale*math.Cos(l.th) + c.Y*scale*math.Sin(l.th) - l.rho)
		}
		side := [4]int{-1, -1, -1, -1}
		for s := 0; s < 4; s++ {
			a, b := q[s], q[(s+1)%4]
			bestD := math.Inf(1)
			for i, l := range ls {
				if d := math.Max(dist(l, a), dist(l, b)); d < bestD {
					bestD = d
					if d < 3 {
						side[s] = i
					}
				}
			}
			fmt.Printf("  side %d: line %d (nearest %.1f px reduced)\n", s, side[s], bestD)
		}
		ts := tripleSides(ls, scale, float64(p.W)*scale, float64(p.H)*scale)
		for _, tt := range ts {
			// the near corners at two of the truth's corners
			na, nb := -1, -1
			for k, c := range q {
				if math.Hypot(c.X-tt.pa.X, c.Y-tt.pa.Y) < 4/scale {
					na = k
				}
				if math.Hypot(c.X-tt.pb.X, c.Y-tt.pb.Y) < 4/scale {
					nb = k
				}
			}
			if na < 0 || nb < 0 {
				continue
			}
			// the far corners: the truth's corners beside na and nb, not each other
			fa, fb := (na+3)%4, (nb+1)%4
			if fa == nb {
				fa = (na + 1) % 4
			}
			if fb == na {
				fb = (nb + 3) % 4
			}
			wl := tt.white(p)
			across := vision.Point{X: (tt.pb.X - tt.pa.X) / tt.n, Y: (tt.pb.Y - tt.pa.Y) / tt.n}
			sas := tt.farPlaces(p, tt.pa, tt.ua, across, wl)
			sbs := tt.farPlaces(p, tt.pb, tt.ub, vision.Point{X: -across.X, Y: -across.Y}, wl)
			ta := math.Hypot(q[fa].X-tt.pa.X, q[fa].Y-tt.pa.Y) / tt.n
			tb := math.Hypot(q[fb].X-tt.pb.X, q[fb].Y-tt.pb.Y) / tt.n
			fmt.Printf("  three: near %d %d far in picture %v white %.0f far a at %.2f places %v; far b at %.2f places %v\n",
				na, nb, tt.farInPicture(p.W, p.H), wl, ta, sas, tb, sbs)
		}
	}
}

// frameWhy is newFrame's figures for the quadrilateral q when it is no
// board: the runway's white, each side's median contrast (runway over
// border, a share of the white) and the printed lines' share.
func frameWhy(p picture, q vision.Quad) string {
	f := &frame{p: p, geo: DefaultGeometry, corners: q}
	if !f.fit(nil) {
		return "no fit"
	}
	var ls []float64
	for i := 0; i < pyramids.Size; i++ {
		for _, rc := range [][2]int{{0, i}, {pyramids.Size - 1, i}, {i, 0}, {i, pyramids.Size - 1}} {
			pt := f.toPicture(vision.Point{X: float64(rc[1]) + 0.5, Y: float64(rc[0]) + 0.5})
			ls = append(ls, p.luma(pt.X, pt.Y))
		}
	}
	sort.Float64s(ls)
	wl := ls[len(ls)*3/4]
	out := fmt.Sprintf("white %.0f sides", wl)
	for side := 0; side < 4; side++ {
		if c, ok := f.sideContrast(side, wl); ok {
			out += fmt.Sprintf(" %.2f", c)
		} else {
			out += " -"
		}
	}
	return out + fmt.Sprintf(" grid %.2f lattice %v", f.gridLines(wl), f.latticeAgrees())
}
