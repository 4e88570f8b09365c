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
// (fitLens) and the scan's corner error, over the quarter square eval-scan
// allows, with the lens and without it.
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
		noLens = true
		without := EvalScene(name, tr, EvalOptions{})
		noLens = false
		with := EvalScene(name, tr, EvalOptions{})
		// The lens fitted, and why it was kept or not (fitLens's trace).
		var msgs []string
		debugf = func(format string, a ...any) {
			if strings.HasPrefix(format, "lens:") {
				msgs = append(msgs, fmt.Sprintf(format, a...))
			}
		}
		img := loadImage(t, name)
		fit, _ := findBoard(luma(img), img, tr.Board.Rows)
		debugf = nil
		// the renderer's k1 in fitLens's units (r = 1 at half the long side)
		s := float64(max(tr.Width, tr.Height)) / 2 / cam.Camera.Fx
		t.Logf("lens %s: k1 %.3f k2 %.3f (K %.3f), fitted K %.3f; corner error %.2f -> %.2f quarter squares (%v) %v",
			base, cam.Camera.K1, cam.Camera.K2, cam.Camera.K1*s*s, fit.Lens.K,
			without.CornerErr/(side/4), with.CornerErr/(side/4), with.Err, strings.Join(msgs, "; "))
	})
}
