package pyramids

import (
	"fmt"
	"testing"
)

// TestGeometryDiag (opt-in: PYR_GEOMETRY_DIRS, comma-separated
// render-set directories) prints, for every scene read, the pyramids'
// proportions the scan learnt from the photo (base, height and nesting
// step as shares of the grid's pitch) beside the set's own: the figures
// fitGeometry's search was judged on.
func TestGeometryDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_GEOMETRY_DIRS") {
		r, err := Scan(sc.img, Options{})
		if err != nil {
			fmt.Printf("GEOMETRY %s no reading: %v\n", sc.path, err)
			continue
		}
		want := DefaultGeometry
		want.SquareMM = 22
		if s := sc.truth.Conditions.Pyramids; s != nil {
			want = Geometry{SquareMM: s.PitchMM, BaseMM: s.BaseMM, TallMM: s.TallMM, NestMM: s.NestMM}
		}
		got, ws := r.Geometry.shape(), want.shape()
		fmt.Printf("GEOMETRY %s base %.3f (%.3f) tall %.3f (%.3f) nest %.3f (%.3f) tilt %.1f\n",
			sc.path, got.b, ws.b, got.t, ws.t, got.nest, ws.nest, sc.truth.Camera.TiltDeg)
	}
}
