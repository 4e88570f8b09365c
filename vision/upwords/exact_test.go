package upwords

import (
	"math"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// plainEdge is faceEdge written plainly: every sample through
// vision.Plane.At and occluders.hides, side by side.
func plainEdge(p vision.Plane, occ *occluders, q vision.Quad) float64 {
	var sum float64
	cnt := 0
	for i := 0; i < 4; i++ {
		var cx, cy float64
		for _, v := range q {
			cx += v.X / 4
			cy += v.Y / 4
		}
		a, b := q[i], q[(i+1)%4]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l < 1 {
			continue
		}
		nx, ny := dy/l, -dx/l
		mx, my := (a.X+b.X)/2, (a.Y+b.Y)/2
		if nx*(mx-cx)+ny*(my-cy) < 0 {
			nx, ny = -nx, -ny
		}
		var s float64
		for t := 0.12; t < 0.9; t += 0.1 {
			x, y := a.X+dx*t, a.Y+dy*t
			if occ.hides(vision.Point{X: x + nx*2, Y: y + ny*2}) {
				continue
			}
			in, out := p.At(x-nx, y-ny), p.At(x+nx, y+ny)
			if in < 0 || out < 0 {
				continue
			}
			s += math.Abs(in - out)
			cnt++
		}
		sum += s
	}
	if cnt == 0 {
		return 0
	}
	return sum / float64(cnt)
}

// plainFill is faceFill written plainly, its percentiles by sorting.
func plainFill(p vision.Plane, occ *occluders, q vision.Quad) float64 {
	var v []float64
	for i := 0; i < 4; i++ {
		for _, t := range []float64{0.2, 0.35, 0.5, 0.65, 0.8} {
			for _, in := range []float64{0.12, 0.2} {
				u, w := [4][2]float64{{t, in}, {1 - in, t}, {t, 1 - in}, {in, t}}[i][0], [4][2]float64{{t, in}, {1 - in, t}, {t, 1 - in}, {in, t}}[i][1]
				pt := bilerpQuad(q, u, w)
				if occ.hides(pt) {
					continue
				}
				if g := p.At(pt.X, pt.Y); g >= 0 {
					v = append(v, g)
				}
			}
		}
	}
	if len(v) < 8 {
		return 0.5
	}
	sort.Float64s(v)
	lo, hi := v[len(v)/5], v[len(v)*4/5]
	if hi <= 0 {
		return 0
	}
	return math.Max(0, lo/hi)
}

// sceneStacks scans the committed scenes and calls f with each one's
// grey, pose and reading.
func sceneStacks(t *testing.T, f func(t *testing.T, p vision.Plane, r *UpwordsReading, cam vision.Vec3)) {
	files, err := vision.SceneFiles("testdata/scenes")
	if err != nil || len(files) == 0 {
		t.Fatal("no scenes in testdata/scenes")
	}
	for _, file := range files {
		img := loadImage(t, file)
		r, err := ScanUpwords(img, Options{Reader: &letterA{}})
		if err != nil {
			t.Fatal(err)
		}
		var cam vision.Vec3
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				cam[j] -= r.Pose.R[i][j] * r.Pose.T[i]
			}
		}
		t.Run(file, func(t *testing.T) { f(t, vision.Luma(img), r, cam) })
	}
}

// othersOccluders are the stacks read on the board but the one on
// square i, standing in front of it.
func othersOccluders(r *UpwordsReading, i int) *occluders {
	var occ occluders
	for k, c := range r.Cells {
		if c.Height > 0 && k != i {
			occ.add(&r.Pose, c.Pos.Row, c.Pos.Col, c.Height, UpwordsGeometry)
		}
	}
	return &occ
}

// TestFaceMeasuresAsPlain checks that the faces' edges and fills, taken
// with the occluders near each face only and the grey sampled inline,
// are to the bit those of every sample through Plane.At and
// occluders.hides: on the committed scenes, every square's faces at
// every half level, with no occluder, with every other stack in front,
// and with a few boxes only.
func TestFaceMeasuresAsPlain(t *testing.T) {
	sceneStacks(t, func(t *testing.T, p vision.Plane, r *UpwordsReading, cam vision.Vec3) {
		n := r.Board.Rows
		cases := []struct {
			name string
			occ  func(i int) *occluders
		}{
			{"none", func(int) *occluders { return nil }},
			{"empty", func(int) *occluders { return &occluders{} }},
			{"others", func(i int) *occluders { return othersOccluders(r, i) }},
			{"others indexed", func(i int) *occluders { o := othersOccluders(r, i); o.ready(); return o }},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				checked := 0
				for i := 0; i < n*n; i++ {
					occ := tc.occ(i)
					for h := 0.5; h <= 5.5; h += 0.5 {
						for _, off := range []float64{-3, 0, 3} {
							q := faceQuad(&r.Pose, i/n, i%n, h, UpwordsGeometry)
							for k := range q {
								q[k].X += off
							}
							if got, want := faceEdge(p, occ, q), plainEdge(p, occ, q); got != want {
								t.Fatalf("square %d, height %.1f, offset %v: edge %v, want %v", i, h, off, got, want)
							}
							if got, want := faceFill(p, occ, q), plainFill(p, occ, q); got != want {
								t.Fatalf("square %d, height %.1f, offset %v: fill %v, want %v", i, h, off, got, want)
							}
							checked++
						}
					}
				}
				if checked == 0 {
					t.Fatal("no face checked")
				}
			})
		}
	})
}

// TestFaceSearchMemo checks that a search taking its faces' measures
// from an earlier search of the square (faceSearchMemo) finds what a
// search of its own finds: the earlier one alone on the board, the later
// one behind every other stack, and the other way round.
func TestFaceSearchMemo(t *testing.T) {
	sceneStacks(t, func(t *testing.T, p vision.Plane, r *UpwordsReading, cam vision.Vec3) {
		n := r.Board.Rows
		cases := []struct {
			name        string
			first, then func(i int) *occluders
		}{
			{"alone then others", func(int) *occluders { return &occluders{} }, func(i int) *occluders { return othersOccluders(r, i) }},
			{"others then alone", func(i int) *occluders { return othersOccluders(r, i) }, func(int) *occluders { return &occluders{} }},
			{"others twice", func(i int) *occluders { return othersOccluders(r, i) }, func(i int) *occluders { return othersOccluders(r, i) }},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				stacks := 0
				for i := 0; i < n*n; i++ {
					if r.Cells[i].Height == 0 {
						continue
					}
					stacks++
					row, col := i/n, i%n
					var memo faceMemo
					faceSearchMemo(p, &r.Pose, cam, tc.first(i), row, col, UpwordsGeometry, nil, &memo)
					got := faceSearchMemo(p, &r.Pose, cam, tc.then(i), row, col, UpwordsGeometry, &memo, nil)
					want := faceSearchEvery(p, &r.Pose, tc.then(i), row, col, UpwordsGeometry)
					if got != want {
						t.Fatalf("square %d,%d: %+v, want %+v", row, col, got, want)
					}
				}
				if stacks == 0 {
					t.Fatal("no stack read: nothing searched for")
				}
			})
		}
	})
}

// TestLocateFaceScoresEnough checks that locateFace, which measures the
// fill only of the faces whose edge could beat the best so far, finds
// the face that scoring every face finds, about every stack of the
// committed scenes placed as read and a fifth of a side off.
func TestLocateFaceScoresEnough(t *testing.T) {
	sceneStacks(t, func(t *testing.T, p vision.Plane, r *UpwordsReading, cam vision.Vec3) {
		stacks := 0
		for _, c := range r.Cells {
			if c.Height == 0 {
				continue
			}
			stacks++
			for _, d := range []float64{0, 0.2} {
				q := jitterQuad(c.Face, d, -d, 1)
				if got, want := locateFace(p, q), locateEvery(p, q); got != want {
					t.Fatalf("%v moved %v: %v, want %v", c.Pos, d, got, want)
				}
			}
		}
		if stacks == 0 {
			t.Fatal("no stack read")
		}
	})
}

// locateEvery is locateFace scoring every face in full.
func locateEvery(p vision.Plane, q vision.Quad) vision.Quad {
	score := func(q vision.Quad) float64 { return plainEdge(p, nil, q) * plainFill(p, nil, q) }
	best, bestS := q, score(q)
	du0, dv0, s0 := 0.0, 0.0, 1.0
	n := int(math.Round(locateShift / locateStep))
	for _, s := range locateScales {
		for i := -n; i <= n; i++ {
			for j := -n; j <= n; j++ {
				du, dv := float64(i)*locateStep, float64(j)*locateStep
				c := jitterQuad(q, du, dv, s)
				if sc := score(c); sc > bestS {
					best, bestS, du0, dv0, s0 = c, sc, du, dv, s
				}
			}
		}
	}
	for _, s := range []float64{s0 - 0.03, s0, s0 + 0.03} {
		for i := -2; i <= 2; i++ {
			for j := -2; j <= 2; j++ {
				c := jitterQuad(q, du0+float64(i)*locateFine, dv0+float64(j)*locateFine, s)
				if sc := score(c); sc > bestS {
					best, bestS = c, sc
				}
			}
		}
	}
	return best
}
