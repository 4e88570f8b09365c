package vision

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLensDiagnosis prints, per scene of TILESCOPE_LENS_DIR (skipped
// without it; TILESCOPE_LENS_ONLY may list scene names, comma separated),
// the renderer's lens (k1, k2), the lens fitted to the grid's lines
// (fitLens) and the found grid's corner error, over the quarter square
// eval-scan allows, with the lens and without it.
func TestLensDiagnosis(t *testing.T) {
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
	defer func() { noLens, debugf = false, nil }()
	eachScene(t, dir, func(name string, tr *Truth) {
		base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
		if len(only) > 0 && !only[base] {
			return
		}
		var cam struct {
			Camera struct {
				K1, K2, Fx float64
			} `json:"camera"`
		}
		if b, err := os.ReadFile(TruthPath(name)); err == nil {
			_ = json.Unmarshal(b, &cam)
		}
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
