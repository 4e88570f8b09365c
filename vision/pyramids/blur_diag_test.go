package pyramids

import (
	"math"
	"testing"
)

// TestBlurDiag prints, for every scene of the render-set directories
// named in PYR_BLUR_DIAG (comma-separated), the blur measured on the
// board's edge (sceneBlur) beside the truth's (the evaluation's:
// defocus and half the motion, in quadrature, at a 50 px square), in a
// form docs/pyramids-vision.md's figures were counted from. Opt-in: it
// skips without the variable.
func TestBlurDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_BLUR_DIAG") {
		loc, err := locate(sc.img, Options{})
		if err != nil {
			t.Logf("%s: %v", sc.path, err)
			continue
		}
		px, at50, ok := sceneBlur(loc.f)
		k := sc.truth.Board.Corners
		side := math.Hypot(k[1][0]-k[0][0], k[1][1]-k[0][1]) / 10
		c := sc.truth.Conditions
		truth := math.Hypot(c.Blur, c.MotionPx/2) * 50 / side
		t.Logf("%s truth %.2f (defocus %.2f motion %.2f square %.1f) measured %.2f px, %.2f at 50 (ok %v)",
			sc.path, truth, c.Blur, c.MotionPx, side, px, at50, ok)
	}
}
