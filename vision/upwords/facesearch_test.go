package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestFaceSearchScoresEnough checks that faceSearch, which measures the
// fill only of the faces whose edge could beat their height's best,
// finds what scoring every face finds (faceSearchEvery): the same face,
// height, score and margin, on every square of the committed scenes,
// with no stack hiding anything and with every other stack read there
// standing in front.
func TestFaceSearchScoresEnough(t *testing.T) {
	files, err := vision.SceneFiles("testdata/scenes")
	if err != nil || len(files) == 0 {
		t.Fatal("no scenes in testdata/scenes")
	}
	for _, f := range files {
		img := loadImage(t, f)
		r, err := ScanUpwords(img, Options{Reader: &letterA{}})
		if err != nil {
			t.Fatal(err)
		}
		p := vision.Luma(img)
		pose, geo, n := &r.Pose, UpwordsGeometry, r.Board.Rows
		var cam vision.Vec3
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				cam[j] -= pose.R[i][j] * pose.T[i]
			}
		}
		for _, withOthers := range []bool{false, true} {
			name := f + "/alone"
			if withOthers {
				name = f + "/others"
			}
			t.Run(name, func(t *testing.T) {
				stacks := 0
				for row := 0; row < n; row++ {
					for col := 0; col < n; col++ {
						var occ occluders
						if withOthers {
							for _, c := range r.Cells {
								if c.Height > 0 && c.Pos != (r.Cells[row*n+col].Pos) {
									occ.add(pose, c.Pos.Row, c.Pos.Col, c.Height, geo)
								}
							}
						}
						if r.Cells[row*n+col].Height > 0 {
							stacks++
						}
						got := faceSearch(p, pose, cam, &occ, row, col, geo)
						want := faceSearchEvery(p, pose, &occ, row, col, geo)
						if got != want {
							t.Fatalf("square %d,%d: %+v, want %+v", row, col, got, want)
						}
					}
				}
				if stacks == 0 {
					t.Fatal("no stack read: nothing searched for")
				}
			})
		}
	}
}

// faceSearchEvery is faceSearch scoring every face it tries.
func faceSearchEvery(p vision.Plane, pose *vision.Pose, occ *occluders, r, c int, geo Geometry) faceFit {
	lo, hi := 0.6, float64(geo.MaxStack)+0.4
	a := faceCentre(pose, r, c, lo, geo)
	b := faceCentre(pose, r, c, hi, geo)
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	var px, py float64
	if l > 1e-6 {
		px, py = -dy/l, dx/l
	}
	bestH, bestS := 1.0, math.Inf(-1)
	var bestQ vision.Quad
	perLevel := make([]float64, geo.MaxStack+2)
	for i := range perLevel {
		perLevel[i] = math.Inf(-1)
	}
	search := func(hs, offs []float64) {
		for _, h := range hs {
			q := faceQuad(pose, r, c, h, geo)
			for _, off := range offs {
				var s vision.Quad
				for k, v := range q {
					s[k] = vision.Point{X: v.X + px*off, Y: v.Y + py*off}
				}
				sc := faceEdge(p, occ, s) * faceFill(p, occ, s)
				if sc > bestS {
					bestH, bestS, bestQ = h, sc, s
				}
				if k := int(math.Round(h)); sc > perLevel[k] {
					perLevel[k] = sc
				}
			}
		}
	}
	var hs []float64
	for h := lo; h <= hi+1e-9; h += 0.1 {
		hs = append(hs, h)
	}
	search(hs, []float64{-2, 0, 2})
	h0 := bestH
	hs = hs[:0]
	for h := math.Max(lo, h0-0.1); h <= math.Min(hi, h0+0.1)+1e-9; h += 0.05 {
		hs = append(hs, h)
	}
	search(hs, []float64{-2, -1, 0, 1, 2})
	best := int(math.Round(bestH + heightBias))
	best = max(1, min(geo.MaxStack, best))
	second := math.Inf(-1)
	for k := 1; k <= geo.MaxStack; k++ {
		if k != best {
			second = math.Max(second, perLevel[k])
		}
	}
	margin := 1.0
	if bestS > 0 && !math.IsInf(second, -1) {
		margin = (bestS - second) / bestS
	}
	return faceFit{height: best, margin: margin, h: bestH, score: bestS, quad: bestQ}
}
