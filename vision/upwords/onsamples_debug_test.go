package upwords

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestOnSamplesDiag prints, per scene of TILESCOPE_ONSAMPLES_DIR
// (skipped without it; TILESCOPE_ONSAMPLES_ONLY, a comma list of scene
// names, narrows it), the registered grid's largest corner error
// against the renderer's truth, through its lens, before and after it
// is set on its lines' samples (vision.Grid.OnSamples), in squares.
func TestOnSamplesDiag(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_ONSAMPLES_DIR")
	only := map[string]bool{}
	for _, s := range strings.Split(os.Getenv("TILESCOPE_ONSAMPLES_ONLY"), ",") {
		if s != "" {
			only[s] = true
		}
	}
	eachScene(t, dir, func(name string, tr *vision.Truth) {
		base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
		if len(only) > 0 && !only[base] {
			return
		}
		img := loadImage(t, name)
		p := vision.Luma(img)
		n := tr.Board.Rows
		g, err := vision.FindGridWith(p, img, n, vision.SearchOptions{})
		if err != nil {
			t.Logf("%s: %v", base, err)
			return
		}
		g, _, _ = registered(p, g)
		var tq vision.Quad
		for i, c := range tr.Board.Corners {
			tq[i] = vision.Point{X: c[0], Y: c[1]}
		}
		side := math.Hypot(tq[1].X-tq[0].X, tq[1].Y-tq[0].Y) / float64(n)
		errOf := func(g vision.Grid) float64 {
			var q vision.Quad
			for i, c := range []vision.Point{{X: 0, Y: 0}, {X: float64(n), Y: 0}, {X: float64(n), Y: float64(n)}, {X: 0, Y: float64(n)}} {
				q[i] = g.At(c)
			}
			_, e, _ := matchGrid(tr, q)
			return e / side
		}
		s := g.OnSamples(p)
		t.Logf("%s: %.3f -> %.3f sq", base, errOf(g), errOf(s))
	})
}
