package vision

import (
	"fmt"
	"slices"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// TestStretchDiag: for the scenes in TILESCOPE_STRETCH_SCENES, the grid
// evidence of the found grid and of it with one side moved in.
func TestStretchDiag(t *testing.T) {
	scenes := os.Getenv("TILESCOPE_STRETCH_SCENES")
	if scenes == "" {
		t.Skip("set TILESCOPE_STRETCH_SCENES")
	}
	var names []string
	for _, a := range strings.Split(scenes, ",") {
		if strings.HasSuffix(a, ".jpg") {
			names = append(names, a)
			continue
		}
		m, _ := filepath.Glob(filepath.Join(a, "*.jpg"))
		names = append(names, m...)
	}
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := image.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		tr, _ := LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
		n := tr.Board.Rows
		p := Luma(img)
		g, err := FindGridWith(p, img, n, SearchOptions{})
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		scale := float64(workSide) / float64(max(p.W, p.H))
		src, _ := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
		small := gocv.NewMat()
		gocv.Resize(src, &small, image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale))), 0, 0, gocv.InterpolationArea)
		blur := gocv.NewMat()
		gocv.GaussianBlur(small, &blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		inv := g.H.Inverse()
		var xs, ys []float64
		for _, c := range tr.Board.Corners {
			q := inv.Apply(Point{X: c[0], Y: c[1]})
			xs, ys = append(xs, q.X), append(ys, q.Y)
		}
		score := func(h Homography) (float64, float64) {
			pr, ok := outlineProfiles(blur, workQuad(h, n, scale))
			if !ok {
				return math.NaN(), math.NaN()
			}
			fx := pr.lines(true, n, 0.99, 1.01, 0.005)
			fy := pr.lines(false, n, 0.99, 1.01, 0.005)
			return fx.score, fy.score
		}
		s := ""
		nf := float64(n)
		errOf := func(h Homography) float64 {
			inv := h.Inverse()
			var xs, ys []float64
			for _, c := range tr.Board.Corners {
				q := inv.Apply(Point{X: c[0], Y: c[1]})
				xs, ys = append(xs, q.X), append(ys, q.Y)
			}
			slices.Sort(xs)
			slices.Sort(ys)
			e := 0.0
			for _, v := range []float64{(xs[0] + xs[1]) / 2, (xs[2]+xs[3])/2 - nf, (ys[0] + ys[1]) / 2, (ys[2]+ys[3])/2 - nf} {
				e = math.Max(e, math.Abs(v))
			}
			return e
		}
		refine := func(h Homography) Homography {
			for it, win := range []float64{0.3, 0.25, 0.2} {
				if r, ok := refineGrid(src, h, n, win, []float64{6, 4, 3}[it], 1); ok {
					h = r
				}
			}
			return h
		}
		minScore := func(h Homography) float64 {
			a, b := score(h)
			return math.Min(a, b)
		}
		h0 := refine(g.H)
		s0 := minScore(h0)
		bestS, bestE, bestK := math.Inf(-1), 0.0, 0
		for k, hyp := range [][4]float64{{0.5, nf, 0, nf}, {0, nf - 0.5, 0, nf}, {0, nf, 0.5, nf}, {0, nf, 0, nf - 0.5}} {
			tt := Homography{(hyp[1] - hyp[0]) / nf, 0, hyp[0], 0, (hyp[3] - hyp[2]) / nf, hyp[2], 0, 0, 1}
			h := refine(g.H.Mul(tt))
			if sc := minScore(h); sc > bestS {
				bestS, bestE, bestK = sc, errOf(h), k
			}
		}
		s = fmt.Sprintf(" | found err %.2f score %.2f refined %.2f | alt %d err %.2f score %.2f", errOf(g.H), g.Score, s0, bestK, bestE, bestS)
		slices.Sort(xs)
		slices.Sort(ys)
		t.Logf("%s truth x %+.2f %+.2f y %+.2f %+.2f%s", name, (xs[0]+xs[1])/2, (xs[2]+xs[3])/2-nf, (ys[0]+ys[1])/2, (ys[2]+ys[3])/2-nf, s)
		src.Close()
		small.Close()
		blur.Close()
	}
}

func ff(v float64) string { return fmt.Sprintf("%+.2f ", v) }
