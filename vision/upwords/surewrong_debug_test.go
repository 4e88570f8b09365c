package upwords

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestSureWrongTrace is a diagnostic, not a check: with
// TILESCOPE_SUREWRONG_DIRS=DIR[:DIR...] it scans every scene as eval-scan
// does (the Upwords reader, no calibration) and prints one line for each
// square shown sure and wrong on a board found: the truth, the reading,
// what readCells saw of the square (its tile evidence, whether stacks in
// front hide its floor, which check dropped it), and each neighbouring
// square whose face as read lies over this square's true face (the
// distance between the two faces' centres in faces' sides): a stack on
// the next square read tall, its top taken where this square's low tile
// shows ("claimed"), or this square's tall stack's face read on the
// next one.
func TestSureWrongTrace(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_SUREWRONG_DIRS")
	if dirs == "" {
		t.Skip("set TILESCOPE_SUREWRONG_DIRS to render-set directories")
	}
	rd := upwordsReader(t)
	for _, dir := range strings.Split(dirs, ":") {
		eachScene(t, dir, func(path string, tr *vision.Truth) {
			img := loadImage(t, path)
			n := tr.Board.Rows
			seen := map[grid.Pos]cellDiag{}
			debugCell = func(r, c int, d cellDiag, _ vision.Plane, _ *occluders) {
				seen[grid.Pos{Row: r, Col: c}] = d
			}
			r, err := ScanUpwords(img, Options{Size: n, Reader: rd})
			debugCell = nil
			if err != nil {
				return
			}
			turned, _, found := matchGrid(tr, r.Corners)
			if !found {
				return
			}
			for _, c := range tr.Board.Corners {
				if c[0] < 0 || c[1] < 0 || c[0] > float64(tr.Width) || c[1] > float64(tr.Height) {
					return // partly out of view: eval-scan does not count it
				}
			}
			truth := tr.TrueBoard()
			faces := map[grid.Pos]vision.Quad{}
			for _, c := range tr.Cells {
				var q vision.Quad
				for i := range q {
					q[i] = vision.Point{X: c.Corners[i][0], Y: c.Corners[i][1]}
				}
				faces[grid.Pos{Row: c.Row, Col: c.Col}] = q
			}
			// How far the scan's faces lie from the truth's, over the
			// stacks read at their true height: the pose or the grid off.
			var offs []float64
			truth.Each(func(p grid.Pos, want grid.Stack) {
				c := r.Cell(ourPos(p, turned, n))
				if want.Empty() || c.Height == 0 {
					return
				}
				tq := faces[p]
				tc, fc := tq.Centre(), c.Face.Centre()
				offs = append(offs, math.Hypot(fc.X-tc.X, fc.Y-tc.Y)/(math.Hypot(tq[2].X-tq[0].X, tq[2].Y-tq[0].Y)/math.Sqrt2))
			})
			medOff := median(offs)
			drift, _ := poseDrift(&r.Pose, r.Found, n)
			sw := 0
			truth.Each(func(p grid.Pos, want grid.Stack) {
				c := r.Cell(ourPos(p, turned, n))
				if c.Sure && !((c.Height == 0) == want.Empty() && (c.Height == 0 || (c.Letter == want.Letter && c.Height == want.Height))) {
					sw++
				}
			})
			truth.Each(func(p grid.Pos, want grid.Stack) {
				op := ourPos(p, turned, n)
				c := r.Cell(op)
				if !c.Sure || c.Height != 0 {
					return
				}
				cp := op
				for i := 0; i < r.Turned; i++ {
					cp = grid.Pos{Row: n - 1 - cp.Col, Col: cp.Row}
				}
				fmt.Printf("SQDRIFT %s/%s %v %v %.3f\n", filepath.Base(dir), filepath.Base(path), p, want.Empty(), squareDrift(&r.Pose, r.Found.At, cp.Row, cp.Col))
			})
			fmt.Printf("DRIFT %s/%s %.3f faces off %.2f surewrong %d\n", filepath.Base(dir), filepath.Base(path), drift, medOff, sw)
			if os.Getenv("TILESCOPE_SUREWRONG_GEOM") != "" {
				// Each square: the truth's face (or the bare square)
				// against the scan's geometry: the nearest of its face
				// centres along the heights, in sides, and that height.
				truth.Each(func(p grid.Pos, want grid.Stack) {
					cp := ourPos(p, turned, n)
					for i := 0; i < r.Turned; i++ {
						cp = grid.Pos{Row: n - 1 - cp.Col, Col: cp.Row}
					}
					tq := faces[p]
					tc := tq.Centre()
					side := quadSideLen(tq)
					best, bh := math.Inf(1), 0.0
					for h := -0.5; h <= 8; h += 0.25 {
						f := faceCentre(&r.Pose, cp.Row, cp.Col, h, UpwordsGeometry)
						if d := math.Hypot(f.X-tc.X, f.Y-tc.Y) / side; d < best {
							best, bh = d, h
						}
					}
					c := r.Cell(ourPos(p, turned, n))
					fmt.Printf("GEOM %s/%s %v want %s%d read %s%d off %.2f at h %.2f\n", filepath.Base(dir), filepath.Base(path), p, orDot(want.Letter), want.Height, orDot(c.Letter), c.Height, best, bh)
				})
			}
			// Every square read empty and sure: how near a neighbouring
			// stack's face as read comes to its own face's line (h from
			// half a level to 8 levels, the scan's geometry), in sides.
			truth.Each(func(p grid.Pos, want grid.Stack) {
				op := ourPos(p, turned, n)
				c := r.Cell(op)
				if c.Height != 0 || !c.Sure {
					return
				}
				cp := op
				for i := 0; i < r.Turned; i++ {
					cp = grid.Pos{Row: n - 1 - cp.Col, Col: cp.Row}
				}
				best, bestH, bestS := math.Inf(1), 0.0, ""
				for dr := -1; dr <= 1; dr++ {
					for dc := -1; dc <= 1; dc++ {
						p2 := grid.Pos{Row: p.Row + dr, Col: p.Col + dc}
						if (dr == 0 && dc == 0) || !truth.In(p2) {
							continue
						}
						c2 := r.Cell(ourPos(p2, turned, n))
						if c2.Height == 0 {
							continue
						}
						fc := c2.Face.Centre()
						side := quadSideLen(c2.Face)
						for h := 0.5; h <= 8; h += 0.25 {
							f := faceCentre(&r.Pose, cp.Row, cp.Col, h, UpwordsGeometry)
							if d := math.Hypot(f.X-fc.X, f.Y-fc.Y) / side; d < best {
								best, bestH, bestS = d, h, fmt.Sprintf("(%+d,%+d)%s%d", dr, dc, c2.Letter, c2.Height)
							}
						}
					}
				}
				fmt.Printf("CLAIM %s/%s %v want %s%d dist %.2f at h %.2f by %s\n", filepath.Base(dir), filepath.Base(path), p, orDot(want.Letter), want.Height, best, bestH, bestS)
			})
			truth.Each(func(p grid.Pos, want grid.Stack) {
				c := r.Cell(ourPos(p, turned, n))
				right := (c.Height == 0) == want.Empty() && (c.Height == 0 || (c.Letter == want.Letter && c.Height == want.Height))
				if !c.Sure || right {
					return
				}
				cp := ourPos(p, turned, n)
				for i := 0; i < r.Turned; i++ {
					cp = grid.Pos{Row: n - 1 - cp.Col, Col: cp.Row}
				}
				d := seen[cp]
				tq := faces[p]
				tc := tq.Centre()
				side := math.Hypot(tq[2].X-tq[0].X, tq[2].Y-tq[0].Y) / math.Sqrt2
				var nb []string
				nearest := math.Inf(1)
				for dr := -1; dr <= 1; dr++ {
					for dc := -1; dc <= 1; dc++ {
						p2 := grid.Pos{Row: p.Row + dr, Col: p.Col + dc}
						if (dr == 0 && dc == 0) || !truth.In(p2) {
							continue
						}
						c2 := r.Cell(ourPos(p2, turned, n))
						if c2.Height == 0 {
							continue
						}
						fc := c2.Face.Centre()
						dist := math.Hypot(fc.X-tc.X, fc.Y-tc.Y) / side
						nearest = math.Min(nearest, dist)
						if dist > 0.5 {
							continue
						}
						w2 := truth.At(p2)
						nb = append(nb, fmt.Sprintf("claimed by (%+d,%+d) read %s%d m%.2f is %s%d at %.2f",
							dr, dc, c2.Letter, c2.Height, c2.HeightOK, orDot(w2.Letter), w2.Height, dist))
					}
				}
				if len(nb) == 0 {
					nb = append(nb, fmt.Sprintf("no neighbour's face over it (nearest %.2f)", nearest))
				}
				fmt.Printf("SUREWRONG %s/%s %v is %s%d read %s%d tile %.2f ev %.2f base %.2f top %.2f hidden %v dropped %q walls %.2f tilt %.0f faces off %.2f; %s\n",
					filepath.Base(dir), filepath.Base(path), p, orDot(want.Letter), want.Height, orDot(c.Letter), c.Height,
					c.Tile, d.ev, d.baseEv, d.topEv, d.floorHidden, d.dropped, c.walls, tr.Camera.TiltDeg, medOff, strings.Join(nb, "; "))
			})
		})
	}
}

// orDot is s, or "." for an empty square.
func orDot(s string) string {
	if s == "" {
		return "."
	}
	return s
}

// poseDrift is how far the camera's pose (projecting the walls' tops,
// height 0) strays from the grid found, at the grid's lines' crossings:
// the largest distance in squares' sides (the grid's own spacing there),
// and the crossing where it is.
func poseDrift(pose *vision.Pose, g vision.Grid, n int) (float64, vision.Point) {
	worst, at := 0.0, vision.Point{}
	for y := 0; y <= n; y++ {
		for x := 0; x <= n; x++ {
			pt := vision.Point{X: float64(x), Y: float64(y)}
			gp := g.At(pt)
			pp := pose.Project(pt.X, pt.Y, 0)
			dx, dy := 1.0, 1.0
			if x == n {
				dx = -1
			}
			if y == n {
				dy = -1
			}
			a, b := g.At(vision.Point{X: pt.X + dx, Y: pt.Y}), g.At(vision.Point{X: pt.X, Y: pt.Y + dy})
			side := (math.Hypot(a.X-gp.X, a.Y-gp.Y) + math.Hypot(b.X-gp.X, b.Y-gp.Y)) / 2
			if side <= 0 {
				continue
			}
			if d := math.Hypot(pp.X-gp.X, pp.Y-gp.Y) / side; d > worst {
				worst, at = d, pt
			}
		}
	}
	return worst, at
}

// squareDrift is how far a camera pose places square (r, c)'s middle
// at the walls' tops from where the grid found (at: a board point to the
// picture, vision.Grid.At) has it, in the grid's squares' sides there.
func squareDrift(pose *vision.Pose, at func(vision.Point) vision.Point, r, c int) float64 {
	x, y := float64(c)+0.5, float64(r)+0.5
	gp := at(vision.Point{X: x, Y: y})
	pp := pose.Project(x, y, 0)
	a, b := at(vision.Point{X: x - 0.5, Y: y}), at(vision.Point{X: x + 0.5, Y: y})
	u, v := at(vision.Point{X: x, Y: y - 0.5}), at(vision.Point{X: x, Y: y + 0.5})
	side := (math.Hypot(b.X-a.X, b.Y-a.Y) + math.Hypot(v.X-u.X, v.Y-u.Y)) / 2
	if side <= 0 {
		return 0
	}
	return math.Hypot(pp.X-gp.X, pp.Y-gp.Y) / side
}
