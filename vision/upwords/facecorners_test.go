package upwords

import (
	"math"
	"sync/atomic"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestFaceCorners checks that the lens correction with the faces'
// corners worked out once (faceCorners) answers as the correction it
// wraps, at the corners faceQuad asks for and anywhere else, and that
// the corners are not asked of it again.
func TestFaceCorners(t *testing.T) {
	// A correction that varies with the point in no simple way.
	var calls atomic.Int64
	corr := func(x, y float64) vision.Point {
		calls.Add(1)
		return vision.Point{X: math.Sin(3*x) + 0.1*y*y, Y: math.Cos(x*y) - 0.2*x}
	}
	const n = 10
	geo := UpwordsGeometry
	half := geo.TileMM / geo.SquareMM / 2
	mc := faceCorners(corr, n, geo)
	if mc == nil {
		t.Fatal("faceCorners returned nil for a correction")
	}
	cases := []struct {
		name   string
		x, y   float64
		cached bool // a face's corner: no call to corr
	}{
		{"first square's low corner", 0.5 - half, 0.5 - half, true},
		{"last square's high corner", n - 0.5 + half, n - 0.5 + half, true},
		{"mixed corner", 3.5 + half, 7.5 - half, true},
		{"a square's centre", 4.5, 4.5, false},
		{"a grid line's crossing", 3, 6, false},
		{"off the board", -0.5 - half, 2.5, false},
		{"beyond the board", n + 0.5 - half, 2.5 - half, false},
		{"next to a corner", math.Nextafter(2.5-half, 0), 2.5 - half, false},
		{"not a number", math.NaN(), 1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := corr(tc.x, tc.y)
			before := calls.Load()
			got := mc(tc.x, tc.y)
			asked := calls.Load() - before
			if math.Float64bits(got.X) != math.Float64bits(want.X) || math.Float64bits(got.Y) != math.Float64bits(want.Y) {
				t.Errorf("faceCorners(%v, %v) = %v, want %v", tc.x, tc.y, got, want)
			}
			if tc.cached && asked != 0 || !tc.cached && asked != 1 {
				t.Errorf("the correction was asked %d times, want cached %v", asked, tc.cached)
			}
		})
	}
	// faceQuad's own corners, through a pose, the same to the bit.
	pose := vision.Pose{R: [3]vision.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, T: vision.Vec3{-5, -5, 20}, Fx: 800, Fy: 800, Cx: 640, Cy: 480}
	plain, memo := pose, pose
	plain.Correct, memo.Correct = corr, mc
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			for _, h := range []float64{0, 1, 2.35} {
				if a, b := faceQuad(&plain, r, c, h, geo), faceQuad(&memo, r, c, h, geo); a != b {
					t.Fatalf("square %d,%d at %v: faceQuad %v with the table, %v without", r, c, h, b, a)
				}
			}
		}
	}
	if faceCorners(nil, n, geo) != nil {
		t.Error("faceCorners(nil) is not nil")
	}
}
