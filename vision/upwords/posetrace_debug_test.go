package upwords

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// poseVariant is one way to make the camera's pose from a scan's grid,
// for TestPoseTrace to weigh against the truth's faces.
type poseVariant struct {
	name string
	make func(r *UpwordsReading, n int) vision.Pose
}

// lateralOff is how far the line of square (r, c)'s middle at every
// height (the pose's faces' centres from below the floor to well above
// the tallest stack) passes from the true face's centre tc, in pixels,
// and the height (in squares) where it passes nearest.
func lateralOff(pose *vision.Pose, r, c int, tc vision.Point) (float64, float64) {
	best, at := math.Inf(1), 0.0
	for z := -0.3; z <= 2.0; z += 0.005 {
		p := pose.Project(float64(c)+0.5, float64(r)+0.5, z)
		if d := math.Hypot(p.X-tc.X, p.Y-tc.Y); d < best {
			best, at = d, z
		}
	}
	return best, at
}

// TestPoseTrace is a diagnostic, not a check: with
// TILESCOPE_POSETRACE_DIRS=DIR[:DIR...] it scans every scene as eval-scan
// does and, for every stack of the truth on a board found, measures how
// far the pose's line of faces over the square passes from the true top
// face (in true faces' sides), for the scan's pose and for other poses
// made from the same grid; it prints each letter read wrong and each
// square shown sure and wrong with its cause, and sums.
func TestPoseTrace(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_POSETRACE_DIRS")
	if dirs == "" {
		t.Skip("set TILESCOPE_POSETRACE_DIRS to render-set directories")
	}
	rd := upwordsReader(t)
	variants := poseVariants()
	offs := make([][]float64, len(variants))
	alongs := make([][]float64, len(variants))
	causes := map[string]int{}
	for _, dir := range strings.Split(dirs, ":") {
		eachScene(t, dir, func(path string, tr *vision.Truth) {
			img := loadImage(t, path)
			n := tr.Board.Rows
			r, err := ScanUpwords(img, Options{Size: n, Reader: rd})
			if err != nil {
				return
			}
			turned, _, found := matchGrid(tr, r.Corners)
			if !found {
				return
			}
			for _, c := range tr.Board.Corners {
				if c[0] < 0 || c[1] < 0 || c[0] > float64(tr.Width) || c[1] > float64(tr.Height) {
					return
				}
			}
			poses := make([]vision.Pose, len(variants))
			for i, v := range variants {
				poses[i] = v.make(r, n)
			}
			blur := fmt.Sprintf("blur %.1f motion %.1f", num(tr.Conditions["blur_px"]), num(tr.Conditions["motion_px"]))
			worst := make([]float64, len(variants))
			for _, tc := range tr.Cells {
				if tc.Height == 0 {
					continue
				}
				p := grid.Pos{Row: tc.Row, Col: tc.Col}
				q := ourPos(p, turned, n)
				cp := ourPos(q, r.Turned, n)
				var tq vision.Quad
				for i := range tq {
					tq[i] = vision.Point{X: tc.Corners[i][0], Y: tc.Corners[i][1]}
				}
				side := quadSideLen(tq)
				centre := tq.Centre()
				lat := make([]float64, len(variants))
				for i := range variants {
					d, z := lateralOff(&poses[i], cp.Row, cp.Col, centre)
					zt := (float64(tc.Height)*UpwordsGeometry.LevelMM - UpwordsGeometry.WallMM) / UpwordsGeometry.SquareMM
					alongs[i] = append(alongs[i], (z-zt)*UpwordsGeometry.SquareMM/UpwordsGeometry.LevelMM)
					lat[i] = d / side
					offs[i] = append(offs[i], lat[i])
					worst[i] = math.Max(worst[i], lat[i])
				}
				c := r.Cell(q)
				letterOK := c.Height > 0 && c.Letter == tc.Letter
				stackOK := letterOK && c.Height == tc.Height
				sureWrong := c.Sure && !stackOK
				if letterOK && !sureWrong {
					continue
				}
				faceOff := math.NaN()
				if c.Height > 0 {
					fc := c.Face.Centre()
					faceOff = math.Hypot(fc.X-centre.X, fc.Y-centre.Y) / side
				}
				drift := squareDrift(&poses[1], r.Found.At, cp.Row, cp.Col)
				cause := "reader"
				switch {
				case c.Height == 0:
					cause = "read empty"
				case faceOff > 0.35 && lat[0] > 0.25:
					cause = "pose off"
				case faceOff > 0.35 && c.Height != tc.Height:
					cause = "height, face off"
				case faceOff > 0.35:
					cause = "face off"
				case c.Height != tc.Height:
					cause = "height, face near"
				}
				if c.Height == 0 && lat[0] > 0.25 {
					cause = "read empty, pose off"
				}
				if letterOK {
					cause = "sure-wrong height: " + cause
				} else if sureWrong {
					cause = "SURE " + cause
				}
				causes[cause]++
				t.Logf("%s (%d,%d) is %s%d read %s%d conf %.2f sure %v: %s; face off %.2f, drift %.2f, lateral %s; %s",
					path, tc.Row, tc.Col, tc.Letter, tc.Height, c.Letter, c.Height, c.Conf, c.Sure, cause, faceOff, drift, fmtOffs(lat), blur)
			}
			t.Logf("%s worst lateral %s; tilt %.0f", path, fmtOffs(worst), tr.Camera.TiltDeg)
		})
	}
	keys := make([]string, 0, len(causes))
	for k := range causes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("cause %-40s %d", k, causes[k])
	}
	for i, v := range variants {
		o := offs[i]
		sort.Float64s(o)
		if len(o) == 0 {
			continue
		}
		over := func(x float64) int {
			k := 0
			for _, d := range o {
				if d > x {
					k++
				}
			}
			return k
		}
		a := alongs[i]
		sort.Float64s(a)
		t.Logf("pose %-12s along (levels, the project's board only) p10 %.3f median %.3f p90 %.3f", v.name, a[len(a)/10], a[len(a)/2], a[len(a)*9/10])
		t.Logf("pose %-12s stacks %d median %.3f p90 %.3f p99 %.3f max %.3f; over 0.15 %d, 0.25 %d, 0.35 %d",
			v.name, len(o), o[len(o)/2], o[len(o)*9/10], o[len(o)*99/100], o[len(o)-1], over(0.15), over(0.25), over(0.35))
	}
}

func fmtOffs(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("%.2f", x)
	}
	return strings.Join(s, "/")
}

// poseVariants are the poses TestPoseTrace weighs: the scan's own, and
// others made from its grid (poses[1], the rigid one, gives the drift
// printed).
func poseVariants() []poseVariant {
	raw := func(p vision.Pose) vision.Pose { p.Correct = nil; return p }
	// toGrid: a pose whose floor (height 0) lands on target exactly.
	toGrid := func(p vision.Pose, target func(x, y float64) vision.Point) vision.Pose {
		q := raw(p)
		rq := q
		q.Correct = func(x, y float64) vision.Point {
			a, b := target(x, y), rq.Project(x, y, 0)
			return vision.Point{X: a.X - b.X, Y: a.Y - b.Y}
		}
		return q
	}
	crossings := func(r *UpwordsReading) func(x, y float64) vision.Point {
		corr := r.Found.Correction()
		return func(x, y float64) vision.Point {
			h := r.Found.H.Apply(vision.Point{X: x, Y: y})
			if corr != nil {
				d := corr(x, y)
				h.X += d.X
				h.Y += d.Y
			}
			return h
		}
	}
	at := func(r *UpwordsReading) func(x, y float64) vision.Point {
		return func(x, y float64) vision.Point { return r.Found.At(vision.Point{X: x, Y: y}) }
	}
	return []poseVariant{
		{"scan", func(r *UpwordsReading, n int) vision.Pose { return r.Pose }},
		// The rigid pose with the grid's measured residuals, as the
		// scan made it before onGrid.
		{"rigid", func(r *UpwordsReading, n int) vision.Pose {
			q := raw(r.Pose)
			q.Correct = r.Found.Correction()
			return q
		}},
		{"refined", func(r *UpwordsReading, n int) vision.Pose {
			return vision.RefinePoseOnGrid(r.Pose, r.Found.H, n, true)
		}},
		{"gridH", func(r *UpwordsReading, n int) vision.Pose { return toGrid(r.Pose, crossings(r)) }},
		{"gridAt", func(r *UpwordsReading, n int) vision.Pose { return toGrid(r.Pose, at(r)) }},
		{"ref+gridAt", func(r *UpwordsReading, n int) vision.Pose {
			return toGrid(vision.RefinePoseOnGrid(r.Pose, r.Found.H, n, true), at(r))
		}},
		{"ref+gridH", func(r *UpwordsReading, n int) vision.Pose {
			return toGrid(vision.RefinePoseOnGrid(r.Pose, r.Found.H, n, true), crossings(r))
		}},
	}
}
