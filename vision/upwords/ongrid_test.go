package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestOnGrid: a pose made rigid from a grid no rigid camera draws (a
// board seen steeply, its far half stretched) strays from the grid's
// crossings; with onGrid's correction its floor lands on every crossing
// (the grid's measured residuals added), and a point above a square
// keeps the rigid pose's rise from its floor.
func TestOnGrid(t *testing.T) {
	const n = 10
	cam := vision.Pose{R: [3]vision.Vec3{{1, 0, 0}, {0, math.Cos(0.6), -math.Sin(0.6)}, {0, math.Sin(0.6), math.Cos(0.6)}}, T: vision.Vec3{-5, -2, 18}, Fx: 1200, Fy: 1200, Cx: 820, Cy: 616}
	// The grid: the camera's picture of a board whose columns past the
	// fifth are 6% wider, refitted as one homography (what a search
	// finds on another maker's board).
	var src, dst []vision.Point
	for y := 0; y <= n; y++ {
		for x := 0; x <= n; x++ {
			bx := float64(x)
			if bx > 5 {
				bx = 5 + (bx-5)*1.06
			}
			src = append(src, vision.Point{X: float64(x), Y: float64(y)})
			dst = append(dst, cam.Project(bx, float64(y), 0))
		}
	}
	h, err := vision.FitHomography(src, dst)
	if err != nil {
		t.Fatal(err)
	}
	rigid, err := vision.PoseFromHomography(h, 1200, 1200, 820, 616)
	if err != nil {
		t.Fatal(err)
	}
	shift := func(x, y float64) vision.Point { return vision.Point{X: 0.5 * x, Y: -0.3 * y} }
	for _, tc := range []struct {
		name string
		corr func(x, y float64) vision.Point
	}{
		{"the grid alone", nil},
		{"the grid and its measured residuals", shift},
	} {
		t.Run(tc.name, func(t *testing.T) {
			on := rigid
			on.Correct = onGrid(rigid, h, tc.corr)
			worstRigid, worstOn := 0.0, 0.0
			for y := 0; y <= n; y++ {
				for x := 0; x <= n; x++ {
					bx, by := float64(x), float64(y)
					want := h.Apply(vision.Point{X: bx, Y: by})
					if tc.corr != nil {
						d := tc.corr(bx, by)
						want.X, want.Y = want.X+d.X, want.Y+d.Y
					}
					r, o := rigid.Project(bx, by, 0), on.Project(bx, by, 0)
					worstRigid = math.Max(worstRigid, math.Hypot(r.X-want.X, r.Y-want.Y))
					worstOn = math.Max(worstOn, math.Hypot(o.X-want.X, o.Y-want.Y))
					// A face 0.5 of a square up rises from its floor as the
					// rigid pose has it.
					r1, o1 := rigid.Project(bx, by, 0.5), on.Project(bx, by, 0.5)
					if d := math.Hypot((o1.X-o.X)-(r1.X-r.X), (o1.Y-o.Y)-(r1.Y-r.Y)); d > 1e-6 {
						t.Errorf("(%d,%d): the rise differs by %.2g px from the rigid pose's", x, y, d)
					}
				}
			}
			if worstRigid < 5 {
				t.Fatalf("the rigid pose strays only %.1f px from the grid: the case tests nothing", worstRigid)
			}
			if worstOn > 1e-6 {
				t.Errorf("on the grid the floor misses a crossing by %.2g px (rigid: %.1f px)", worstOn, worstRigid)
			}
		})
	}
}
