package upwords

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestFaceTrace is a diagnostic, not a check: with TILESCOPE_FACETRACE_DIR
// (a render-set directory) and TILESCOPE_FACETRACE_SCENES (comma-separated
// scene names, e.g. 0009,0022) it scans those scenes and prints, for each
// stack found, how far from the truth's top face (in the face's side,
// split along the stack's parallax line and across it) lie: the crop
// read (Cell.Face), the face the height search chose (its continuous
// height and sideways offset), the pose's face at the true height, and,
// per scene, the pose's floor under the empty squares against the
// truth's floor (docs/vision.md, "The crops off the faces on steep
// views, traced").
func TestFaceTrace(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_FACETRACE_DIR")
	want := strings.Split(os.Getenv("TILESCOPE_FACETRACE_SCENES"), ",")
	rd := upwordsReader(t)
	geo := UpwordsGeometry
	type diag struct {
		h    float64
		quad vision.Quad
	}
	eachScene(t, dir, func(path string, tr *vision.Truth) {
		if !slices.Contains(want, strings.TrimSuffix(filepath.Base(path), ".jpg")) {
			return
		}
		img := loadImage(t, path)
		n := tr.Board.Rows
		seen := map[grid.Pos]diag{}
		debugCell = func(r, c int, d cellDiag, _ vision.Plane, _ *occluders) {
			if d.searched {
				seen[grid.Pos{Row: r, Col: c}] = diag{d.h, d.quad}
			}
		}
		r, err := ScanUpwords(img, Options{Size: n, Reader: rd})
		debugCell = nil
		if err != nil {
			fmt.Printf("TRACE %s: %v\n", path, err)
			return
		}
		turned, cornerErr, found := matchGrid(tr, r.Corners)
		fmt.Printf("TRACE %s focal %.0f (%s) true %.0f, tilt %.1f, corners off %.1f px found %v\n",
			path, r.Focal, r.FocalSource, tr.Camera.Fx, tr.Camera.TiltDeg, cornerErr, found)
		if !found {
			return
		}
		pose := &r.Pose
		// along, across: a shift in the picture in sides, along the
		// square's parallax line (up the stack) and across it.
		split := func(pr, pc int, d vision.Point, side float64) (float64, float64) {
			a := faceCentre(pose, pr, pc, 0.6, geo)
			b := faceCentre(pose, pr, pc, float64(geo.MaxStack)+0.4, geo)
			dx, dy := b.X-a.X, b.Y-a.Y
			l := math.Hypot(dx, dy)
			ux, uy := dx/l, dy/l
			return (d.X*ux + d.Y*uy) / side, (d.X*-uy + d.Y*ux) / side
		}
		var flA, flX, stA, stX, ptA, ptX, fdx, fdy, ndx, ndy, ogA, ogX []float64
		// The pose drawn on the grid (onGrid), as it would place the faces.
		gp := *pose
		gp.Correct = onGrid(gp, r.Found.H, r.Found.Correction())
		cs := ""
		for i := 0; i < 4; i++ {
			tc := tr.Board.Corners[(i+turned)%4]
			cs += fmt.Sprintf(" (%+.1f,%+.1f)", r.Corners[i].X-tc[0], r.Corners[i].Y-tc[1])
		}
		fmt.Printf("  grid corners less the truth's, px:%s\n", cs)
		// The truth against itself: its empty squares' floor centres
		// less the straight map of its own four board corners.
		var tq []vision.Point
		for _, c := range tr.Board.Corners {
			tq = append(tq, vision.Point{X: c[0], Y: c[1]})
		}
		nn := float64(n)
		th, err := vision.FitHomography([]vision.Point{{X: 0, Y: 0}, {X: nn, Y: 0}, {X: nn, Y: nn}, {X: 0, Y: nn}}, tq)
		if err != nil {
			t.Fatal(err)
		}
		// The pose (the straight grid H and the focal, an exact camera)
		// against H itself, at the four corners and the board's middle.
		{
			np := *pose
			np.Correct = nil
			ps := ""
			for _, b := range []vision.Point{{X: 0, Y: 0}, {X: nn, Y: 0}, {X: nn, Y: nn}, {X: 0, Y: nn}, {X: nn / 2, Y: nn / 2}} {
				a, h := np.Project(b.X, b.Y, 0), r.Found.H.Apply(b)
				ps += fmt.Sprintf(" (%+.1f,%+.1f)", a.X-h.X, a.Y-h.Y)
			}
			fmt.Printf("  pose less the grid H at the corners and the middle, px:%s\n", ps)
		}
		var tdx, tdy []float64
		for _, tc := range tr.Cells {
			if tc.Height == 0 {
				p := th.Apply(vision.Point{X: float64(tc.Col) + 0.5, Y: float64(tc.Row) + 0.5})
				q := trueFace(tc.Corners, vision.Quad{}).Centre()
				tdx, tdy = append(tdx, q.X-p.X), append(tdy, q.Y-p.Y)
			}
		}
		for _, tc := range tr.Cells {
			op := ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n)
			c := r.Cell(op)
			tq := trueFace(tc.Corners, c.Face)
			side := math.Hypot(tq[1].X-tq[0].X, tq[1].Y-tq[0].Y)
			tcn := tq.Centre()
			if tc.Height == 0 {
				if c.Height == 0 && !tc.Occluded {
					// the truth's floor centre against the pose's (an
					// empty square's Face is the pose's floor)
					fl := c.Face.Centre()
					fdx, fdy = append(fdx, fl.X-tcn.X), append(fdy, fl.Y-tcn.Y)
					side *= geo.TileMM / geo.SquareMM // in a tile's side, as the stacks
					pr, pc, bd := 0, 0, math.Inf(1)
					for i := 0; i < n*n; i++ {
						q := faceCentre(pose, i/n, i%n, 0, geo)
						if d := math.Hypot(q.X-fl.X, q.Y-fl.Y); d < bd {
							pr, pc, bd = i/n, i%n, d
						}
					}
					a, x := split(pr, pc, vision.Point{X: fl.X - tcn.X, Y: fl.Y - tcn.Y}, side)
					// the same without the grid's residual correction
					np := *pose
					np.Correct = nil
					nf := faceCentre(&np, pr, pc, 0, geo)
					ndx, ndy = append(ndx, nf.X-tcn.X), append(ndy, nf.Y-tcn.Y)
					flA, flX = append(flA, a), append(flX, x)
				}
				continue
			}
			if c.Height == 0 {
				continue
			}
			// The pose's own square (the cells may be turned to the
			// reading direction; the pose is not): the one whose face at
			// the height read lies nearest the crop.
			cc := c.Face.Centre()
			pr, pc, bd := 0, 0, math.Inf(1)
			for i := 0; i < n*n; i++ {
				q := faceCentre(pose, i/n, i%n, float64(c.Height), geo)
				if d := math.Hypot(q.X-cc.X, q.Y-cc.Y); d < bd {
					pr, pc, bd = i/n, i%n, d
				}
			}
			off := func(p vision.Point) (float64, float64) {
				return split(pr, pc, vision.Point{X: p.X - tcn.X, Y: p.Y - tcn.Y}, side)
			}
			op = grid.Pos{Row: pr, Col: pc}
			ca, cx := off(cc)
			stA, stX = append(stA, ca), append(stX, cx)
			pa, px := off(faceCentre(pose, op.Row, op.Col, float64(tc.Height), geo))
			ptA, ptX = append(ptA, pa), append(ptX, px)
			ga, gx := off(faceCentre(&gp, op.Row, op.Col, float64(c.Height), geo))
			ogA, ogX = append(ogA, ga), append(ogX, gx)
			s, ok := seen[op]
			sa, sx := math.NaN(), math.NaN()
			if ok {
				sa, sx = off(s.quad.Centre())
			}
			mark := ""
			if c.Letter != tc.Letter {
				mark = "WRONG"
			}
			fmt.Printf("  %v %s h%d read %s h%d (search %.2f) | crop %+.2f %+.2f | search %+.2f %+.2f | pose at true h %+.2f %+.2f | side %.1f px %s\n",
				op, tc.Letter, tc.Height, c.Letter, c.Height, s.h, ca, cx, sa, sx, pa, px, side, mark)
		}
		med := func(v []float64) float64 {
			if len(v) == 0 {
				return math.NaN()
			}
			slices.Sort(v)
			return v[len(v)/2]
		}
		fmt.Printf("  stacks %d: crop median along %+.2f across %+.2f; pose at the true height along %+.2f across %+.2f\n", len(stA), med(stA), med(stX), med(ptA), med(ptX))
		fmt.Printf("  floor of %d empty squares, median along %+.2f across %+.2f (tile sides), dx %+.1f dy %+.1f px\n", len(flA), med(flA), med(flX), med(fdx), med(fdy))
		fmt.Printf("  faces at the height read, the pose drawn on the grid (onGrid): along %+.2f across %+.2f\n", med(ogA), med(ogX))
		fmt.Printf("  the truth's floor centres less its corners' straight map: dx %+.1f dy %+.1f px\n", med(tdx), med(tdy))
		fmt.Printf("  the same without the residual correction: dx %+.1f dy %+.1f px\n", med(ndx), med(ndy))
	})
}
