package upwords

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestOnSamplesDiag prints, per scene of TILESCOPE_ONSAMPLES_DIR
// (skipped without it; TILESCOPE_ONSAMPLES_ONLY, a comma list of scene
// names, narrows it), the registered grid's largest corner error
// against the renderer's truth, through its lens, before and after it
// is set on its lines' samples (vision.Grid.OnSamples), in squares;
// where the samples move it, each corner's move, the board's edge skew
// per side (vision.Grid.EdgeSkew) before and after, and the walls'
// evidence near each corner (cornerWalls) before and after.
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
			t.Logf("ZZ %s none", base)
			return
		}
		g, _, _ = registered(p, g)
		var tq vision.Quad
		for i, c := range tr.Board.Corners {
			tq[i] = vision.Point{X: c[0], Y: c[1]}
		}
		side := math.Hypot(tq[1].X-tq[0].X, tq[1].Y-tq[0].Y) / float64(n)
		errOf := func(g vision.Grid) float64 {
			nf := float64(g.N)
			_, e, _ := matchGrid(tr, vision.Quad{g.H.Apply(vision.Point{}), g.H.Apply(vision.Point{X: nf}), g.H.Apply(vision.Point{X: nf, Y: nf}), g.H.Apply(vision.Point{Y: nf})})
			return e / side
		}
		s := g.OnSamples(p)
		if s.H == g.H {
			t.Logf("ZZ %s still %.3f", base, errOf(g))
			return
		}
		inv := g.H.Inverse()
		var cm [4]float64
		dv := ""
		nf := float64(n)
		for i, c := range []vision.Point{{X: 0, Y: 0}, {X: nf, Y: 0}, {X: nf, Y: nf}, {X: 0, Y: nf}} {
			b := inv.Apply(s.H.Apply(c))
			cm[i] = math.Hypot(b.X-c.X, b.Y-c.Y)
			dv += fmt.Sprintf(" %.3f %.3f", b.X-c.X, b.Y-c.Y)
		}
		f := func(v [4]float64) string {
			return fmt.Sprintf("%.3f %.3f %.3f %.3f", v[0], v[1], v[2], v[3])
		}
		cw := func(g vision.Grid) [4]float64 {
			var o [4]float64
			for i := range o {
				o[i] = cornerWallsDiag(p, g, i)
			}
			return o
		}
		in := func(g vision.Grid) float64 {
			s := 0.0
			for _, rows := range []bool{true, false} {
				ev := rowsWalls(p, g, rows)
				s += ev[2] + ev[n+1]
			}
			return s
		}
		t.Logf("ZZ %s move %.3f %.3f corners %s skew0 %s skew1 %s cw0 %s cw1 %s outer %.2f %.2f dv%s taken %v against %v", base, errOf(g), errOf(s), f(cm), f(g.EdgeSkew(p)), f(s.EdgeSkew(p)), f(cw(g)), f(cw(s)), in(g), in(s), dv, samplesMoveTaken(p, g, s), edgeAgainst(n, g.H, s.H, g.EdgeSkew(p), s.EdgeSkew(p)))
	})
}

// cornerWallsDiag is the walls' evidence (as crossWalls) near corner c
// (0 at (0,0), then (n,0), (n,n), (0,n)) of the grid g: the median, over
// the walls of the outermost row and column meeting there, in the half
// of each nearer the corner, of the strongest step within a fifth of a
// square of where the grid puts the wall, less the strongest step
// inside the squares beside it.
func cornerWallsDiag(p vision.Plane, g vision.Grid, c int) float64 {
	n := g.N
	hiX, hiY := c == 1 || c == 2, c == 2 || c == 3
	var ev []float64
	for _, rows := range []bool{true, false} {
		// rows: the walls between columns crossing row f.
		f, hiK := 0, hiX
		if rows && hiY || !rows && hiX {
			f = n - 1
		}
		if !rows {
			hiK = hiY
		}
		k0, k1 := 1, n/2
		if hiK {
			k0, k1 = n/2, n-1
		}
		for k := k0; k <= k1; k++ {
			if d, in := wallStep(p, g, rows, f, k, [2]float64{0.2, 0.8}); in {
				ev = append(ev, d)
			}
		}
	}
	if len(ev) == 0 {
		return math.NaN()
	}
	slices.Sort(ev)
	return ev[len(ev)/2]
}
