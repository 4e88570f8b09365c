package vision

import (
	"math"
	"testing"
)

func TestLensRoundTrip(t *testing.T) {
	for _, k := range []float64{0, -0.15, -0.05, 0.04} {
		l := Lens{K: k, C: Point{820, 616}, S: 820}
		for _, p := range []Point{{820, 616}, {100, 80}, {1600, 1200}, {900, 300}} {
			d := l.Distort(p)
			if k == 0 && d != p {
				t.Errorf("K 0: %v moved to %v", p, d)
			}
			if u := l.Undistort(d); math.Hypot(u.X-p.X, u.Y-p.Y) > 0.01 {
				t.Errorf("K %g: %v -> %v -> %v", k, p, d, u)
			}
		}
	}
	// Barrel distortion pulls the picture's outer parts in.
	l := Lens{K: -0.1, C: Point{820, 616}, S: 820}
	if d := l.Distort(Point{1620, 616}); d.X >= 1620 {
		t.Errorf("K -0.1 moved the right edge out: %v", d)
	}
}

// lensScene draws, for a 10x10 grid seen through the homography g and the
// lens l, what refineGridSamples measures: each line's position in the
// middle of every band, in pixels (wobbled by up to a third of a pixel),
// with a few points off the lines (a tile's edge caught in a band). It
// returns them with the straight-line grid fitted to the intersections,
// as the refinement does.
func lensScene(t *testing.T, g Homography, l Lens, outliers bool) ([]lineSample, Homography) {
	t.Helper()
	const n = 10
	var s []lineSample
	i := 0
	for _, vertical := range []bool{true, false} {
		for k := 0; k <= n; k++ {
			for j := 0; j < n; j++ {
				i++
				b := Point{float64(k), float64(j) + 0.5}
				if !vertical {
					b = Point{float64(j) + 0.5, float64(k)}
				}
				p := l.Distort(g.Apply(b))
				p.X += 0.33 * math.Sin(float64(i)*1.7)
				p.Y += 0.33 * math.Cos(float64(i)*2.3)
				if outliers && i%23 == 0 {
					p.X += 12 // a tile's edge
				}
				s = append(s, lineSample{vertical, k, p})
			}
		}
	}
	var src, dst []Point
	for y := 0; y <= n; y++ {
		for x := 0; x <= n; x++ {
			c := Point{float64(x), float64(y)}
			src = append(src, c)
			dst = append(dst, l.Distort(g.Apply(c)))
		}
	}
	h, err := FitHomography(src, dst)
	if err != nil {
		t.Fatal(err)
	}
	return s, h
}

func TestFitLens(t *testing.T) {
	// A board 10 squares across, tilted (its far side shorter), filling
	// most of a 1640x1232 picture.
	g, err := FitHomography([]Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}},
		[]Point{{420, 160}, {1230, 190}, {1420, 1120}, {230, 1080}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		k        float64
		outliers bool
		want     bool // a lens is fitted
	}{
		{"no lens", 0, false, false},
		{"no lens, outliers", 0, true, false},
		{"barrel", -0.08, false, true},
		{"strong barrel, outliers", -0.1, true, true},
		{"pincushion", 0.05, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := Lens{K: tc.k, C: Point{820, 616}, S: 820}
			s, h := lensScene(t, g, l, tc.outliers)
			fl, hu, ok := fitLens(s, h, 10, 1640, 1232)
			if ok != tc.want {
				t.Fatalf("fitted %v (K %.3f), want %v", ok, fl.K, tc.want)
			}
			if !ok {
				return
			}
			if math.Abs(fl.K-tc.k) > 0.01 {
				t.Errorf("K %.3f, want %.3f", fl.K, tc.k)
			}
			// The corners through the fitted lens lie where the lens put
			// them, within a fifth of the straight grid's error (about
			// 25 pixels here).
			for _, c := range []Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}} {
				want := l.Distort(g.Apply(c))
				got := fl.Distort(hu.Apply(c))
				straight := h.Apply(c)
				if e := math.Hypot(got.X-want.X, got.Y-want.Y); e > 0.2*math.Hypot(straight.X-want.X, straight.Y-want.Y) {
					t.Errorf("corner %v at %v, want %v (straight grid: %v)", c, got, want, straight)
				}
			}
		})
	}
}

// BenchmarkFitLens fits the lens to the lines measured on a committed
// rendered scene (what every scan whose grid is accepted pays for).
func BenchmarkFitLens(b *testing.B) {
	img := loadImage(b, "upwords/testdata/scenes/upwords-0000.jpg")
	p := Luma(img)
	noLens = true
	fit, ok := findBoard(p, img, 10)
	noLens = false
	if !ok || len(fit.samples) == 0 {
		b.Fatal("no board")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fitLens(fit.samples, fit.H, 10, p.W, p.H)
	}
}

// TestPinholeFocal: the focal length estimated from the grid without its
// lens (Grid.Pinhole) is the camera's, where the straight-line grid's,
// bent by the lens, is not. A board 10 squares of 21 mm seen by a camera
// of focal f, tilted and turned, through a barrel lens.
func TestPinholeFocal(t *testing.T) {
	const f, cx, cy = 1129.0, 820.0, 616.0
	for _, tc := range []struct {
		name            string
		tilt, yaw, dist float64 // degrees, degrees, mm
		k               float64
	}{
		{"strong barrel, tilted 22 degrees", 22, 38, 420, -0.12},
		{"strong barrel, tilted 30 degrees", 30, -20, 400, -0.15},
		{"mild barrel, tilted 25 degrees", 25, 10, 430, -0.06},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := cameraGrid(f, cx, cy, tc.tilt, tc.yaw, tc.dist)
			l := Lens{K: tc.k, C: Point{cx, cy}, S: 820}
			s, h := lensScene(t, g, l, false)
			fl, hu, ok := fitLens(s, h, 10, 1640, 1232)
			if !ok {
				t.Fatal("no lens fitted")
			}
			grid := Grid{N: 10, H: h, fit: boardFit{H: h, N: 10, Lens: fl, HU: hu}}
			ph, lens := grid.Pinhole()
			if !lens {
				t.Fatal("Pinhole: no lens")
			}
			fs, _ := FocalFromHomography(h, cx, cy)
			fp, ok := FocalFromHomography(ph, cx, cy)
			if !ok || math.Abs(fp-f) > 0.05*f {
				t.Errorf("focal from the pinhole grid %.0f px (ok %v), the camera's %.0f (straight grid: %.0f)", fp, ok, f, fs)
			}
			if math.Abs(fp-f) >= math.Abs(fs-f) {
				t.Errorf("focal from the pinhole grid %.0f px no nearer the camera's %.0f than the straight grid's %.0f", fp, f, fs)
			}
		})
	}
	t.Run("no lens fitted: the straight grid", func(t *testing.T) {
		h := cameraGrid(f, cx, cy, 20, 0, 420)
		g := Grid{N: 10, H: h, fit: boardFit{H: h, N: 10}}
		if ph, lens := g.Pinhole(); lens || ph != h {
			t.Errorf("Pinhole without a lens: %v (lens %v), want H", ph, lens)
		}
	})
}

// cameraGrid is the homography from a 10x10 board of 21 mm squares
// (board squares) to the pixels of a pinhole camera of focal f and
// principal point (cx, cy), dist mm from the board's centre, tilted by
// tilt degrees from straight down and turned by yaw about the vertical.
func cameraGrid(f, cx, cy, tilt, yaw, dist float64) Homography {
	const pitch = 21.0
	ty, tt := yaw*math.Pi/180, tilt*math.Pi/180
	// world to camera: turn by yaw about z, look down (camera y along
	// world -y, z along world -z), then tilt about the camera's x axis
	rz := [3][3]float64{{math.Cos(ty), -math.Sin(ty), 0}, {math.Sin(ty), math.Cos(ty), 0}, {0, 0, 1}}
	down := [3][3]float64{{1, 0, 0}, {0, -1, 0}, {0, 0, -1}}
	rx := [3][3]float64{{1, 0, 0}, {0, math.Cos(tt), -math.Sin(tt)}, {0, math.Sin(tt), math.Cos(tt)}}
	mul := func(a, b [3][3]float64) [3][3]float64 {
		var m [3][3]float64
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				for k := 0; k < 3; k++ {
					m[i][j] += a[i][k] * b[k][j]
				}
			}
		}
		return m
	}
	r := mul(rx, mul(down, rz))
	// the camera's centre: back from the board's centre along its view
	centre := [3]float64{5 * pitch, 5 * pitch, 0}
	var c [3]float64
	for i := 0; i < 3; i++ {
		c[i] = centre[i] - dist*r[2][i] // r's third row is the view in world terms
	}
	var tr [3]float64
	for i := 0; i < 3; i++ {
		tr[i] = -(r[i][0]*c[0] + r[i][1]*c[1] + r[i][2]*c[2])
	}
	k := func(v [3]float64) [3]float64 { return [3]float64{f*v[0] + cx*v[2], f*v[1] + cy*v[2], v[2]} }
	c1 := k([3]float64{pitch * r[0][0], pitch * r[1][0], pitch * r[2][0]})
	c2 := k([3]float64{pitch * r[0][1], pitch * r[1][1], pitch * r[2][1]})
	c3 := k(tr)
	return Homography{c1[0], c2[0], c3[0], c1[1], c2[1], c3[1], c1[2], c2[2], c3[2]}
}

// TestKeepLens: which lens fitLens keeps of those lensTrial measures. A
// barrel lens (K at or under lensBarrelK) is kept on a smaller gain
// (lensBarrelGain) than any other (lensMinGain); neither is kept where
// it moves no corner lensMinMove or moves one half a square or more.
func TestKeepLens(t *testing.T) {
	for _, tc := range []struct {
		name   string
		k, bc  float64 // the lens, its misfit over 1 with none
		move   float64
		underK bool // the grid without the lens was fitted
		want   bool
	}{
		{"a barrel lens that straightens the lines by a fifth", -0.05, 0.75, 0.1, true, true},
		{"a barrel lens that straightens them by a tenth", -0.05, 0.9, 0.1, true, true},
		{"a barrel lens that straightens them by a fortieth", -0.05, 0.975, 0.1, true, false},
		{"a slight barrel lens that straightens them by a tenth", -0.02, 0.9, 0.1, true, false},
		{"a pincushion lens that straightens them by a tenth", 0.05, 0.9, 0.1, true, false},
		{"a pincushion lens that straightens them by a fifth", 0.05, 0.75, 0.1, true, true},
		{"a barrel lens that moves no corner", -0.05, 0.9, 0.02, true, false},
		{"a barrel lens that moves a corner half a square", -0.05, 0.9, 0.6, true, false},
		{"a barrel lens with no grid under it", -0.05, 0.9, 0.1, false, false},
		{"no lens", 0, 0.9, 0.1, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lf := lensFit{lens: Lens{K: tc.k, C: Point{820, 616}, S: 820}, c0: 1, bc: tc.bc, lines: 12, move: tc.move, underOK: tc.underK}
			if got := keepLens(lf); got != tc.want {
				t.Errorf("kept %v, want %v", got, tc.want)
			}
		})
	}
}
