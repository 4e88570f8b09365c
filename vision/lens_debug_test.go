package vision

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestLensDiagnosis prints, per scene of TILESCOPE_LENS_DIR (skipped
// without it; TILESCOPE_LENS_ONLY may list scene names, comma separated),
// the renderer's lens (k1, k2), the lens fitted to the grid's lines
// (fitLens) and the found grid's corner error, over the quarter square
// eval-scan allows, with the lens and without it.
func TestLensDiagnosis(t *testing.T) {
	defer func() { noLens, debugf = false, nil }()
	eachLensScene(t, func(name, base string, tr *Truth, cam lensCamera) {
		c := tr.Board.Corners
		side := math.Hypot(c[1][0]-c[0][0], c[1][1]-c[0][1]) / float64(tr.Board.Cols)
		img := loadImage(t, name)
		n := tr.Board.Rows
		noLens = true
		straight, _ := findBoard(Luma(img), img, n)
		noLens = false
		// The lens fitted, and why it was kept or not (fitLens's trace).
		var msgs []string
		debugf = func(format string, a ...any) {
			if strings.HasPrefix(format, "lens:") {
				msgs = append(msgs, fmt.Sprintf(format, a...))
			}
		}
		fit, ok := findBoard(Luma(img), img, n)
		debugf = nil
		var errMsg string
		if !ok {
			errMsg = "no board"
		}
		// the renderer's k1 in fitLens's units (r = 1 at half the long side)
		s := float64(max(tr.Width, tr.Height)) / 2 / cam.Camera.Fx
		t.Logf("lens %s: k1 %.3f k2 %.3f (K %.3f), fitted K %.3f; corner error %.2f -> %.2f quarter squares (%v) %v",
			base, cam.Camera.K1, cam.Camera.K2, cam.Camera.K1*s*s, fit.Lens.K,
			cornerError(straight, n, tr)/(side/4), cornerError(fit, n, tr)/(side/4), errMsg, strings.Join(msgs, "; "))
	})
}

// cornerError is the largest distance, in pixels, from a corner of the
// grid found to the truth's, taking the truth's corners in the order
// (of the four turns) that fits best: the finder does not know which
// side of the board is up. The grid's corners are the walls' tops,
// the truth's the squares' floor: a fraction of a pixel apart.
func cornerError(fit boardFit, n int, tr *Truth) float64 {
	f := float64(n)
	best := math.Inf(1)
	for k := 0; k < 4; k++ {
		worst := 0.0
		for i, c := range []Point{{0, 0}, {f, 0}, {f, f}, {0, f}} {
			p := fit.at(c)
			tc := tr.Board.Corners[(i+k)%4]
			worst = math.Max(worst, math.Hypot(p.X-tc[0], p.Y-tc[1]))
		}
		best = math.Min(best, worst)
	}
	return best
}

// TestLensSides prints, per scene of TILESCOPE_LENS_DIR, where each side's
// outermost line lies in the found grid's squares (x 0, x n, y 0, y n,
// less 0 or n): in the truth, and in the grid through a lens fitted to
// the grid's inner lines only (1 to n-1), with the lens fitted and with
// the renderer's.
func TestLensSides(t *testing.T) {
	eachLensScene(t, func(name, base string, tr *Truth, cam lensCamera) {
		img := loadImage(t, name)
		n := tr.Board.Rows
		fit, ok := findBoard(Luma(img), img, n)
		if !ok {
			t.Logf("sides %s: no board", base)
			return
		}
		nf := float64(n)
		inv := fit.H.Inverse()
		var xs, ys []float64
		for _, c := range tr.Board.Corners {
			q := inv.Apply(Point{c[0], c[1]})
			xs, ys = append(xs, q.X), append(ys, q.Y)
		}
		sort.Float64s(xs)
		sort.Float64s(ys)
		truth := [4]float64{(xs[0] + xs[1]) / 2, (xs[2]+xs[3])/2 - nf, (ys[0] + ys[1]) / 2, (ys[2]+ys[3])/2 - nf}
		W, H := Luma(img).W, Luma(img).H
		base0 := Lens{C: Point{float64(W) / 2, float64(H) / 2}, S: float64(max(W, H)) / 2}
		all := groupLines(fit.samples, n)
		var inner []lensLine
		nv := 0
		for _, ln := range all {
			if ln.k > 0 && ln.k < n {
				inner = append(inner, ln)
				if ln.vertical {
					nv++
				}
			}
		}
		sides := func(l Lens) string {
			ul, _ := undistortLines(inner, l, nil)
			hk, ok := lensGrid(ul)
			if !ok {
				return "no grid"
			}
			var s [4]float64
			for i := 0; i <= n; i++ {
				t := float64(i)
				s[0] += inv.Apply(l.Distort(hk.Apply(Point{0, t}))).X / (nf + 1)
				s[1] += (inv.Apply(l.Distort(hk.Apply(Point{nf, t}))).X - nf) / (nf + 1)
				s[2] += inv.Apply(l.Distort(hk.Apply(Point{t, 0}))).Y / (nf + 1)
				s[3] += (inv.Apply(l.Distort(hk.Apply(Point{t, nf}))).Y - nf) / (nf + 1)
			}
			return fmt.Sprintf("%+.2f %+.2f %+.2f %+.2f", s[0], s[1], s[2], s[3])
		}
		s := float64(max(tr.Width, tr.Height)) / 2 / cam.Camera.Fx
		tl := base0
		tl.K = cam.Camera.K1 * s * s
		fl := base0
		fl.K = searchLens(inner, base0, -0.3, 0.1, 0.1)
		t.Logf("sides %s: K true %.3f fitted %.3f (%d inner lines, %d vertical, %d samples); truth %+.2f %+.2f %+.2f %+.2f; straight %s; fitted %s; true lens %s",
			base, tl.K, fl.K, len(inner), nv, len(fit.samples), truth[0], truth[1], truth[2], truth[3], sides(base0), sides(fl), sides(tl))
	})
}

// lensCamera is the renderer's camera in a scene's truth: its lens (K1,
// K2, over the focal length Fx in pixels).
type lensCamera struct {
	Camera struct {
		K1, K2, Fx float64
	} `json:"camera"`
}

// eachLensScene calls do for each scene of the rendered set in
// TILESCOPE_LENS_DIR (skipping the test where it is unset), only those
// named in TILESCOPE_LENS_ONLY (comma-separated, no extension) where it
// is set, with the scene's name without its extension and its camera.
func eachLensScene(t *testing.T, do func(name, base string, tr *Truth, cam lensCamera)) {
	dir := os.Getenv("TILESCOPE_LENS_DIR")
	if dir == "" {
		t.Skip("set TILESCOPE_LENS_DIR to a rendered set")
	}
	only := map[string]bool{}
	for _, s := range strings.Split(os.Getenv("TILESCOPE_LENS_ONLY"), ",") {
		if s != "" {
			only[s] = true
		}
	}
	eachScene(t, dir, func(name string, tr *Truth) {
		base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
		if len(only) > 0 && !only[base] {
			return
		}
		var cam lensCamera
		if b, err := os.ReadFile(TruthPath(name)); err == nil {
			_ = json.Unmarshal(b, &cam)
		}
		do(name, base, tr, cam)
	})
}

// TestLensKeepDiag prints, per scene of TILESCOPE_LENS_DIR, the lens
// fitLens measures on the found grid's lines whether it keeps it or not
// (lensTrial): the renderer's K, the fitted K, the misfit under it over
// the misfit with none, the lines, the corner move, and the grid's corner
// error in squares straight and under that lens (where its gain could
// keep it, lensBarrelGain or better): the figures for telling which
// lenses the gain leaves out wrongly.
func TestLensKeepDiag(t *testing.T) {
	defer func() { noLens = false }()
	eachLensScene(t, func(name, base string, tr *Truth, cam lensCamera) {
		c := tr.Board.Corners
		side := math.Hypot(c[1][0]-c[0][0], c[1][1]-c[0][1]) / float64(tr.Board.Cols)
		img := loadImage(t, name)
		n := tr.Board.Rows
		p := Luma(img)
		noLens = true
		fit, ok := findBoard(p, img, n)
		noLens = false
		s := float64(max(tr.Width, tr.Height)) / 2 / cam.Camera.Fx
		if !ok {
			t.Logf("keep %s: K %.3f no board", base, cam.Camera.K1*s*s)
			return
		}
		lt, ok := lensTrial(fit.samples, fit.H, n, p.W, p.H)
		under := fit
		under.Lens, under.HU = lt.lens, lt.hu
		_, _, kept := fitLens(fit.samples, fit.H, n, p.W, p.H)
		if !ok || !lt.underOK {
			t.Logf("keep %s: K %.3f no trial; err %.3f", base, cam.Camera.K1*s*s, cornerError(fit, n, tr)/side)
			return
		}
		t.Logf("keep %s: K %.3f fitted %.3f gain %.3f c0 %.3f lines %d move %.3f err %.3f -> %.3f kept %v",
			base, cam.Camera.K1*s*s, lt.lens.K, lt.bc/lt.c0, lt.c0, lt.lines, lt.move,
			cornerError(fit, n, tr)/side, cornerError(under, n, tr)/side, kept)
	})
}
