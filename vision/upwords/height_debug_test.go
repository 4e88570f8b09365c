package upwords

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/scoring/grid"
)

// TestHeightDiagnosis is a diagnostic, not a check: with
// TILESCOPE_HEIGHT_DIAG=DIR (a render-set directory) it scans every scene
// and prints the heights' accuracy by the parallax per level (pixels a
// stack's top face moves per tile) and the errors' sizes.
func TestHeightDiagnosis(t *testing.T) {
	buckets := []float64{0.5, 1, 1.5, 2, 3, 4, 1e9}
	right := make([]int, len(buckets))
	all := make([]int, len(buckets))
	diffs := map[int]int{}
	var bias [8]float64
	var nb [8]int
	diagScenes(t, 3, func(path string, tr *vision.Truth, res SceneResult, img image.Image) {
		cont := map[grid.Pos]float64{}
		debugHeight = func(r, c int, h float64) { cont[grid.Pos{Row: r, Col: c}] = h }
		r, err := ScanUpwords(img, Options{Size: tr.Board.Rows})
		debugHeight = nil
		if err != nil {
			return
		}
		geo := UpwordsGeometry
		n := tr.Board.Rows
		tr.TrueBoard().Each(func(p grid.Pos, want grid.Stack) {
			if want.Empty() {
				return
			}
			op := ourPos(p, res.Turned, n)
			c := r.Cell(op)
			if c.Height == 0 {
				return
			}
			a := faceCentre(&r.Pose, op.Row, op.Col, 1, geo)
			b := faceCentre(&r.Pose, op.Row, op.Col, 2, geo)
			ppl := math.Hypot(b.X-a.X, b.Y-a.Y)
			k := sort.SearchFloat64s(buckets, ppl)
			if h, ok := cont[op]; ok && ppl > 2 {
				bias[want.Height] += h - float64(want.Height)
				nb[want.Height]++
			}
			all[k]++
			if c.Height == want.Height {
				right[k]++
			} else {
				diffs[c.Height-want.Height]++
				if os.Getenv("TILESCOPE_HEIGHT_DIAG_V") != "" {
					fmt.Printf("%s %v: got %d want %d ppl %.2f margin %.2f\n", filepath.Base(path), op, c.Height, want.Height, ppl, c.HeightOK)
				}
			}
		})
	})
	lo := 0.0
	for k := range buckets {
		fmt.Printf("px/level %.1f-%.1f: %d/%d = %.1f%%\n", lo, buckets[k], right[k], all[k], 100*float64(right[k])/math.Max(1, float64(all[k])))
		lo = buckets[k]
	}
	fmt.Println("errors (got-want):", diffs)
	for h := 1; h <= 5; h++ {
		fmt.Printf("true %d: mean continuous error %.3f over %d (px/level > 2)\n", h, bias[h]/math.Max(1, float64(nb[h])), nb[h])
	}
}

// TestHeightCues is a diagnostic, not a check: with TILESCOPE_HEIGHT_DIAG=DIR
// it compares every stack's true top face (the render's truth) with where
// the scan's pose puts the face of a stack of the true height, and prints
// how far off each cue is in levels: the face's position along the line it
// moves on as the stack grows (pose error plus the tiles' offsets in their
// squares) and its size (pose error only).
func TestHeightCues(t *testing.T) {
	buckets := []float64{0.5, 1, 2, 4, 1e9}
	type acc struct{ n, posOK, sizeOK int }
	stats := make([]acc, len(buckets))
	var sizeRes, posRes, fitRes, measErr []float64
	var pairs [][3]float64 // px per level, position and size residuals
	unmeasured := 0
	diagScenes(t, 2, func(path string, tr *vision.Truth, res SceneResult, img image.Image) {
		so := Options{Size: tr.Board.Rows, CameraOrientation: true}
		if os.Getenv("TILESCOPE_TRUE_INTRINSICS") != "" {
			so.Calib = &vision.Calibration{Width: tr.Width, Height: tr.Height, Fx: tr.Camera.Fx, Fy: tr.Camera.Fy, Cx: tr.Camera.Cx, Cy: tr.Camera.Cy}
		}
		r, err := ScanUpwords(img, so)
		if err != nil {
			return
		}
		pl := vision.Luma(img)
		geo := UpwordsGeometry
		if w := os.Getenv("TILESCOPE_WALL_MM"); w != "" {
			fmt.Sscan(w, &geo.WallMM)
		}
		n := tr.Board.Rows
		var fitRows [][4]float64 // x, y, residual px, px per level
		for _, tc := range tr.Cells {
			if tc.Height == 0 {
				continue
			}
			op := ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, res.Turned, n)
			h := float64(tc.Height)
			pq := faceQuad(&r.Pose, op.Row, op.Col, h, geo)
			pq1 := faceQuad(&r.Pose, op.Row, op.Col, h+1, geo)
			var tq vision.Quad
			for k, v := range tc.Corners {
				tq[k] = vision.Point{X: v[0], Y: v[1]}
			}
			pc, pc1, tcen := pq.Centre(), pq1.Centre(), tq.Centre()
			ux, uy := pc1.X-pc.X, pc1.Y-pc.Y
			ppl := math.Hypot(ux, uy)
			pos := ((tcen.X-pc.X)*ux + (tcen.Y-pc.Y)*uy) / (ppl * ppl)
			ds := quadSize(pq1) - quadSize(pq)
			size := (quadSize(tq) - quadSize(pq)) / ds
			if os.Getenv("TILESCOPE_LOCAL_SIZE") != "" {
				// The face's size from the square's own outline at the
				// wall tops, scaled by depth.
				cq := vision.Quad{r.Pose.Project(float64(op.Col), float64(op.Row), 0), r.Pose.Project(float64(op.Col+1), float64(op.Row), 0),
					r.Pose.Project(float64(op.Col+1), float64(op.Row+1), 0), r.Pose.Project(float64(op.Col), float64(op.Row+1), 0)}
				depth := func(z float64) float64 {
					v := vision.Vec3{float64(op.Col) + 0.5, float64(op.Row) + 0.5, -z}
					return r.Pose.R[2].Dot(v) + r.Pose.T[2]
				}
				zh := func(h float64) float64 { return (h*geo.LevelMM - geo.WallMM) / geo.SquareMM }
				s0 := quadSize(cq) * geo.TileMM / geo.SquareMM
				ph, ph1 := s0*depth(0)/depth(zh(h)), s0*depth(0)/depth(zh(h+1))
				size = (quadSize(tq) - ph) / (ph1 - ph)
			}
			if os.Getenv("TILESCOPE_MEASURE") != "" {
				// The face as measured around the scan's guess, against
				// the truth.
				gq := faceQuad(&r.Pose, op.Row, op.Col, float64(max(1, r.Cell(op).Height)), geo)
				off, _, ok := faceSides(pl, nil, gq, 6)
				if ok[0] && ok[1] && ok[2] && ok[3] {
					ms := quadSize(gq) + (off[0]+off[1]+off[2]+off[3])/2
					measErr = append(measErr, ms-quadSize(tq))
					size = (ms - quadSize(pq)) / ds
				} else {
					unmeasured++
				}
			}
			k := sort.SearchFloat64s(buckets, ppl)
			stats[k].n++
			if math.Abs(pos) < 0.5 {
				stats[k].posOK++
			}
			if math.Abs(size) < 0.5 {
				stats[k].sizeOK++
			}
			sizeRes = append(sizeRes, size)
			pairs = append(pairs, [3]float64{ppl, pos, size})
			fitRows = append(fitRows, [4]float64{float64(op.Col), float64(op.Row), size * ds, ds})
			posRes = append(posRes, pos)
		}
		fitRes = append(fitRes, planeResiduals(fitRows)...)
	})
	lo := 0.0
	for k := range buckets {
		s := stats[k]
		fmt.Printf("px/level %.1f-%.1f: %d stacks, position within half a level %.1f%%, size within half a level %.1f%%\n",
			lo, buckets[k], s.n, 100*float64(s.posOK)/math.Max(1, float64(s.n)), 100*float64(s.sizeOK)/math.Max(1, float64(s.n)))
		lo = buckets[k]
	}
	// Both cues from the true face, weighted by their spread in each
	// bucket: the best a top-face detector could do.
	lo2 := 0.0
	for _, hi := range buckets {
		var vp, vs float64
		var n int
		for _, q := range pairs {
			if q[0] > lo2 && q[0] <= hi {
				vp += q[1] * q[1]
				vs += q[2] * q[2]
				n++
			}
		}
		if n > 0 {
			wp, ws := 1/(vp/float64(n)), 1/(vs/float64(n))
			ok := 0
			for _, q := range pairs {
				if q[0] > lo2 && q[0] <= hi && math.Abs((wp*q[1]+ws*q[2])/(wp+ws)) < 0.5 {
					ok++
				}
			}
			fmt.Printf("px/level %.1f-%.1f: both cues from the true face within half a level %.1f%% (%d)\n", lo2, hi, 100*float64(ok)/float64(n), n)
		}
		lo2 = hi
	}
	sort.Float64s(measErr)
	if len(measErr) > 0 {
		q := func(f float64) float64 { return measErr[int(f*float64(len(measErr)-1))] }
		fmt.Printf("measured size - true size (px) quantiles 5/25/50/75/95: %.2f %.2f %.2f %.2f %.2f; %d not measured\n", q(0.05), q(0.25), q(0.5), q(0.75), q(0.95), unmeasured)
	}
	sort.Float64s(fitRes)
	if len(fitRes) > 0 {
		q := func(f float64) float64 { return fitRes[int(f*float64(len(fitRes)-1))] }
		ok := 0
		for _, v := range fitRes {
			if math.Abs(v) < 0.5 {
				ok++
			}
		}
		fmt.Printf("size residual after a plane per scene (levels) quantiles 5/25/50/75/95: %.2f %.2f %.2f %.2f %.2f; within half %.1f%%\n", q(0.05), q(0.25), q(0.5), q(0.75), q(0.95), 100*float64(ok)/float64(len(fitRes)))
	}
	sort.Float64s(posRes)
	if len(posRes) > 0 {
		q := func(f float64) float64 { return posRes[int(f*float64(len(posRes)-1))] }
		fmt.Printf("position residual (levels) quantiles 5/25/50/75/95: %.2f %.2f %.2f %.2f %.2f\n", q(0.05), q(0.25), q(0.5), q(0.75), q(0.95))
	}
	sort.Float64s(sizeRes)
	if len(sizeRes) > 0 {
		q := func(f float64) float64 { return sizeRes[int(f*float64(len(sizeRes)-1))] }
		fmt.Printf("size residual (levels) quantiles 5/25/50/75/95: %.2f %.2f %.2f %.2f %.2f\n", q(0.05), q(0.25), q(0.5), q(0.75), q(0.95))
	}
}

// quadSize is the mean length of q's sides.
func quadSize(q vision.Quad) float64 {
	var s float64
	for i := range q {
		s += math.Hypot(q[(i+1)%4].X-q[i].X, q[(i+1)%4].Y-q[i].Y) / 4
	}
	return s
}

// planeResiduals fits a + b x + c y to the rows' residuals (px) by least
// squares and returns what is left, in levels.
func planeResiduals(rows [][4]float64) []float64 {
	if len(rows) < 6 {
		return nil
	}
	var a [3][3]float64
	var b [3]float64
	for _, fr := range rows {
		v := [3]float64{1, fr[0], fr[1]}
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				a[i][j] += v[i] * v[j]
			}
			b[i] += v[i] * fr[2]
		}
	}
	det3 := func(m [3][3]float64) float64 {
		return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	}
	d := det3(a)
	if d == 0 {
		return nil
	}
	var x [3]float64
	for k := 0; k < 3; k++ {
		mk := a
		for i := 0; i < 3; i++ {
			mk[i][k] = b[i]
		}
		x[k] = det3(mk) / d
	}
	var out []float64
	for _, fr := range rows {
		out = append(out, (fr[2]-x[0]-x[1]*fr[0]-x[2]*fr[1])/fr[3])
	}
	return out
}

// faceSides measures where the top face's outline really lies, side by
// side, relative to a guess q: for each side, the offset in pixels
// (outwards positive) of the strongest step from light inside to dark
// outside within reach pixels, found to a fraction of a pixel at nine
// points along the side (the middle 70%, away from the corners and the
// bevels' shading there) and the median taken. strength is the median
// step (grey levels per pixel); ok is false for a side whose points are
// mostly hidden or show no clear step.
func faceSides(p vision.Plane, occ *occluders, q vision.Quad, reach float64) (off, strength [4]float64, ok [4]bool) {
	var cx, cy float64
	for _, v := range q {
		cx += v.X / 4
		cy += v.Y / 4
	}
	const step = 0.5
	n := int(reach/step)*2 + 1
	prof := make([]float64, n+2)
	var offs, strs [9]float64
	for i := 0; i < 4; i++ {
		a, b := q[i], q[(i+1)%4]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l < 4 {
			continue
		}
		nx, ny := dy/l, -dx/l
		if nx*((a.X+b.X)/2-cx)+ny*((a.Y+b.Y)/2-cy) < 0 {
			nx, ny = -nx, -ny
		}
		m := 0
	points:
		for k := 0; k < 9; k++ {
			t := 0.15 + 0.7*float64(k)/8
			x0, y0 := a.X+dx*t, a.Y+dy*t
			if occ.hides(vision.Point{X: x0 + nx*2, Y: y0 + ny*2}) {
				continue
			}
			for j := range prof {
				s := (float64(j) - 1 - float64(n/2)) * step
				g := p.At(x0+nx*s, y0+ny*s)
				if g < 0 {
					continue points
				}
				prof[j] = g
			}
			// The step at sample j (1..n) is prof[j-1] - prof[j+1] over
			// 2 steps: light inside, dark outside is positive.
			best, bj := 0.0, -1
			for j := 1; j <= n; j++ {
				if d := prof[j-1] - prof[j+1]; d > best {
					best, bj = d, j
				}
			}
			if bj < 2 || bj > n-1 {
				continue // no step, or at the end of the reach
			}
			dm := prof[bj-2] - prof[bj]
			dp := prof[bj] - prof[bj+2]
			frac := 0.0
			if den := dm - 2*best + dp; den < 0 {
				frac = 0.5 * (dm - dp) / den
			}
			offs[m] = (float64(bj) - 1 - float64(n/2) + frac) * step
			strs[m] = best / (2 * step)
			m++
		}
		if m < 4 {
			continue
		}
		o, s := offs[:m], strs[:m]
		sort.Float64s(o)
		sort.Float64s(s)
		off[i], strength[i], ok[i] = o[m/2], s[m/2], s[m/2] > 4
	}
	return off, strength, ok
}

// diagScenes calls fn for every every-th scene of the render-set directory
// named by TILESCOPE_HEIGHT_DIAG whose board the scan finds, with its
// truth, the evaluation's result and the decoded photo; it skips the test
// when the variable is not set.
func diagScenes(t *testing.T, every int, fn func(path string, tr *vision.Truth, res SceneResult, img image.Image)) {
	dir := diagnosisSet(t, "TILESCOPE_HEIGHT_DIAG")
	i := -1
	eachScene(t, dir, func(path string, tr *vision.Truth) {
		if i++; i%every != 0 {
			return
		}
		if res := EvalScene(path, tr, EvalOptions{}); res.Found {
			fn(path, tr, res, loadImage(t, path))
		}
	})
}
