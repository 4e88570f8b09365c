package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestRefinePoseOption: with Options.RefinePose the pose's board plane
// lies no further from the found grid, at its worst intersection, than
// the rigid pose's, and the grid itself is the same; without it the
// pose is PoseFromHomography's (the default the scan keeps).
func TestRefinePoseOption(t *testing.T) {
	for _, name := range []string{"upwords-0000", "upwords-0002", "upwords-0005"} {
		t.Run(name, func(t *testing.T) {
			img := loadImage(t, "testdata/scenes/"+name+".jpg")
			off, err := ScanUpwords(img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			on, err := ScanUpwords(img, Options{RefinePose: true})
			if err != nil {
				t.Fatal(err)
			}
			if on.Found.H != off.Found.H {
				t.Fatalf("the grid moved with the pose: %v, %v", on.Found.H, off.Found.H)
			}
			worst := func(p vision.Pose) float64 {
				p.Correct = nil
				n := off.Found.N
				var w float64
				for j := 0; j <= n; j++ {
					for i := 0; i <= n; i++ {
						b := vision.Point{X: float64(i), Y: float64(j)}
						a, g := p.Project(b.X, b.Y, 0), off.Found.H.Apply(b)
						w = math.Max(w, math.Hypot(a.X-g.X, a.Y-g.Y))
					}
				}
				return w
			}
			rigid, err := vision.PoseFromHomography(off.Found.H, off.Focal, off.Focal, off.Pose.Cx, off.Pose.Cy)
			if err != nil {
				t.Fatal(err)
			}
			if off.Pose.R != rigid.R || off.Pose.T != rigid.T || off.Pose.Fx != rigid.Fx {
				t.Errorf("without RefinePose the pose is not PoseFromHomography's")
			}
			w0, w1 := worst(off.Pose), worst(on.Pose)
			if w1 > w0+1e-6 {
				t.Errorf("refined pose %.2f px from the grid at its worst, the rigid one %.2f", w1, w0)
			}
			t.Logf("worst intersection %.2f -> %.2f px", w0, w1)
		})
	}
}
