package upwords

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestStretchDiag prints, for every rendered scene in the directories of
// TILESCOPE_STRETCH_DIR (comma-separated; skipped without it), what was
// measured of the Upwords grids stretched by half a square
// (docs/vision.md, "The tiles' faces as the clue", 4 Dec): where the
// truth's outermost lines lie in the scan's grid (straight, and through
// the grid's lens), the heights read less the true ones near each side,
// the camera's place in squares, and how far the stacks' faces found by
// their outline lie from where the scan put them (stretchClues) and from
// where a stack one tile high would show (awayShifts), near each side.
// WRONG marks a grid with a side more than a quarter square off.
func TestStretchDiag(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_STRETCH_DIR")
	if dirs == "" {
		t.Skip("set TILESCOPE_STRETCH_DIR")
	}
	for _, dir := range strings.Split(dirs, ",") {
		names, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
		for _, name := range names {
			tr, err := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
			if err != nil || tr.Board == nil {
				continue
			}
			img := loadImage(t, name)
			n := tr.Board.Rows
			r, err := ScanUpwords(img, Options{Size: n, CameraOrientation: true})
			if err != nil {
				continue
			}
			g := r.Found
			inv := g.H.Inverse()
			var xs, ys []float64
			for _, c := range tr.Board.Corners {
				q := inv.Apply(vision.Point{X: c[0], Y: c[1]})
				xs, ys = append(xs, q.X), append(ys, q.Y)
			}
			slices.Sort(xs)
			slices.Sort(ys)
			nf := float64(n)
			tv := [4]float64{(xs[0] + xs[1]) / 2, (xs[2]+xs[3])/2 - nf, (ys[0] + ys[1]) / 2, (ys[2]+ys[3])/2 - nf}
			var lx, ly []float64
			for _, c := range tr.Board.Corners {
				q := boardPointAt(g, vision.Point{X: c[0], Y: c[1]})
				lx, ly = append(lx, q.X), append(ly, q.Y)
			}
			slices.Sort(lx)
			slices.Sort(ly)
			lv := [4]float64{(lx[0] + lx[1]) / 2, (lx[2]+lx[3])/2 - nf, (ly[0] + ly[1]) / 2, (ly[2]+ly[3])/2 - nf}
			t.Logf("through the lens: x %+.2f %+.2f y %+.2f %+.2f", lv[0], lv[1], lv[2], lv[3])
			wrong := false
			for _, v := range tv {
				wrong = wrong || math.Abs(v) > 0.25
			}
			p := vision.Luma(img)
			side := UpwordsGeometry.TileMM / UpwordsGeometry.SquareMM
			st := stretchClues(p, r.Cells, n, side)
			var cam vision.Vec3
			for i := 0; i < 3; i++ {
				for j := 0; j < 3; j++ {
					cam[j] -= r.Pose.R[i][j] * r.Pose.T[i]
				}
			}
			hs := map[int]int{}
			for _, c := range r.Cells {
				hs[c.Height]++
			}
			var dlo, dhi [2][]float64
			var centres struct {
				Cells []struct {
					Height int        `json:"height"`
					Center [2]float64 `json:"center"`
				} `json:"cells"`
			}
			if b, err := os.ReadFile(strings.TrimSuffix(name, ".jpg") + ".json"); err == nil {
				_ = json.Unmarshal(b, &centres)
			}
			for _, tc := range centres.Cells {
				if tc.Height == 0 {
					continue
				}
				q := boardPointAt(g, vision.Point{X: tc.Center[0], Y: tc.Center[1]})
				col, row := int(math.Floor(q.X)), int(math.Floor(q.Y))
				if row < 0 || col < 0 || row >= n || col >= n {
					continue
				}
				d := float64(r.Cells[row*n+col].Height - tc.Height)
				for a, i := range [2]int{col, row} {
					if i <= 2 {
						dlo[a] = append(dlo[a], d)
					}
					if i >= n-3 {
						dhi[a] = append(dhi[a], d)
					}
				}
			}
			mean := func(v []float64) float64 {
				s := 0.0
				for _, x := range v {
					s += x
				}
				return s / float64(len(v))
			}
			t.Logf("height read - true: x lo %+.2f hi %+.2f y lo %+.2f hi %+.2f", mean(dlo[0]), mean(dhi[0]), mean(dlo[1]), mean(dhi[1]))
			lo1, hi1 := awayShifts(p, &r.Pose, r.Cells, n, cam)
			t.Logf("away at height 1 (q25/med): x lo %+.2f/%+.2f hi %+.2f/%+.2f y lo %+.2f/%+.2f hi %+.2f/%+.2f",
				lo1[0][0], lo1[0][1], hi1[0][0], hi1[0][1], lo1[1][0], lo1[1][1], hi1[1][0], hi1[1][1])
			// Each side moved in by half a square (the grid scaled along
			// its axis, the opposite side kept): the faces' shifts near
			// that side on the moved grid.
			var moved [4][2]float64
			for k := 0; k < 4; k++ {
				a, hi := k/2, k%2 == 1
				sc := (nf - 0.5) / nf
				off := 0.5
				if hi {
					off = 0
				}
				m := vision.Homography{1, 0, 0, 0, 1, 0, 0, 0, 1}
				m[4*a], m[3*a+2] = sc, off
				hu, _ := g.Pinhole()
				pm, err := vision.PoseFromHomography(hu.Mul(m), r.Focal, r.Focal, float64(p.W)/2, float64(p.H)/2)
				if err != nil {
					continue
				}
				var cm vision.Vec3
				for i := 0; i < 3; i++ {
					for j := 0; j < 3; j++ {
						cm[j] -= pm.R[i][j] * pm.T[i]
					}
				}
				l, h := awayShifts(p, &pm, r.Cells, n, cm)
				if hi {
					moved[k] = h[a]
				} else {
					moved[k] = l[a]
				}
			}
			t.Logf("moved in (q25/med): x lo %+.2f/%+.2f hi %+.2f/%+.2f y lo %+.2f/%+.2f hi %+.2f/%+.2f",
				moved[0][0], moved[0][1], moved[1][0], moved[1][1], moved[2][0], moved[2][1], moved[3][0], moved[3][1])
			t.Logf("cam %.1f %.1f %.1f heights %v", cam[0], cam[1], cam[2], hs)
			mark := "ok   "
			if wrong {
				mark = "WRONG"
			}
			t.Logf("%s %s truth x %+.2f %+.2f y %+.2f %+.2f | x lo %+.2f hi %+.2f (%d,%d) | y lo %+.2f hi %+.2f (%d,%d)",
				mark, name, tv[0], tv[1], tv[2], tv[3], st.lo[0], st.hi[0], st.nlo[0], st.nhi[0], st.lo[1], st.hi[1], st.nlo[1], st.nhi[1])
		}
	}
}

type stretchStat struct {
	lo, hi   [2]float64
	nlo, nhi [2]int
}

// stretchClues: each stack's face found by its outline in a wide window
// about where the scan put it, its shift in squares along x and y; the
// median shift of the stacks in the three rows (columns) nearest each side.
func stretchClues(p vision.Plane, cells []Cell, n int, side float64) stretchStat {
	var lo, hi [2][]float64
	for _, c := range cells {
		if c.Height == 0 {
			continue
		}
		du, dv := wideLocate(p, c.Face)
		d := [2]float64{du * side, dv * side}
		idx := [2]int{c.Pos.Col, c.Pos.Row}
		for a := 0; a < 2; a++ {
			if idx[a] <= 2 {
				lo[a] = append(lo[a], d[a])
			}
			if idx[a] >= n-3 {
				hi[a] = append(hi[a], d[a])
			}
		}
	}
	var s stretchStat
	med := func(v []float64) float64 {
		if len(v) == 0 {
			return math.NaN()
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	for a := 0; a < 2; a++ {
		s.lo[a], s.hi[a] = med(lo[a]), med(hi[a])
		s.nlo[a], s.nhi[a] = len(lo[a]), len(hi[a])
	}
	return s
}

// wideLocate is locateFace's search over a window of half the face's side
// each way, at its size: the shift of the best face, in face sides.
func wideLocate(p vision.Plane, q vision.Quad) (float64, float64) {
	bu, bv, bs := 0.0, 0.0, faceScore(p, q)
	for i := -10; i <= 10; i++ {
		for j := -10; j <= 10; j++ {
			du, dv := float64(i)*0.05, float64(j)*0.05
			if sc := faceScore(p, jitterQuad(q, du, dv, 1)); sc > bs {
				bu, bv, bs = du, dv, sc
			}
		}
	}
	return bu, bv
}

// boardPointAt is the board point the grid g puts at pixel c, through
// its lens: Newton's steps from the straight grid's answer.
func boardPointAt(g vision.Grid, c vision.Point) vision.Point {
	q := g.H.Inverse().Apply(c)
	const e = 1e-3
	for it := 0; it < 20; it++ {
		a := g.At(q)
		ax, ay := g.At(vision.Point{X: q.X + e, Y: q.Y}), g.At(vision.Point{X: q.X, Y: q.Y + e})
		j00, j10 := (ax.X-a.X)/e, (ax.Y-a.Y)/e
		j01, j11 := (ay.X-a.X)/e, (ay.Y-a.Y)/e
		det := j00*j11 - j01*j10
		if det == 0 {
			break
		}
		rx, ry := c.X-a.X, c.Y-a.Y
		q.X += (j11*rx - j01*ry) / det
		q.Y += (-j10*rx + j00*ry) / det
	}
	return q
}

// awayShifts: each stack's face looked for in a wide window about where a
// stack one tile high would show it; its shift along each axis, signed
// away from the camera's foot; the lower quartile and the median of the
// stacks in the three rows (columns) nearest each side.
func awayShifts(p vision.Plane, pose *vision.Pose, cells []Cell, n int, cam vision.Vec3) (lo, hi [2][2]float64) {
	geo := UpwordsGeometry
	side := geo.TileMM / geo.SquareMM
	var wl, wh [2][]float64
	for _, c := range cells {
		if c.Height == 0 {
			continue
		}
		q := faceQuad(pose, c.Pos.Row, c.Pos.Col, 1, geo)
		du, dv := wideLocate(p, q)
		d := [2]float64{du * side, dv * side}
		at := [2]float64{float64(c.Pos.Col) + 0.5, float64(c.Pos.Row) + 0.5}
		idx := [2]int{c.Pos.Col, c.Pos.Row}
		for a := 0; a < 2; a++ {
			w := d[a]
			if at[a] < cam[a] {
				w = -w
			}
			if idx[a] <= 2 {
				wl[a] = append(wl[a], w)
			}
			if idx[a] >= n-3 {
				wh[a] = append(wh[a], w)
			}
		}
	}
	qs := func(v []float64) [2]float64 {
		if len(v) == 0 {
			return [2]float64{math.NaN(), math.NaN()}
		}
		slices.Sort(v)
		return [2]float64{v[len(v)/4], v[len(v)/2]}
	}
	for a := 0; a < 2; a++ {
		lo[a], hi[a] = qs(wl[a]), qs(wh[a])
	}
	return lo, hi
}
