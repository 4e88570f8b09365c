package scrabble

import (
	"image"
	"image/draw"
	"math"
	"math/rand"
	"testing"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/internal/deconv"
	"github.com/tilescope/tilescope/vision/render"
)

// smeared is the committed photo smeared along a line of px pixels at
// deg degrees, as the tuning photos were (render.MotionBlur).
func smeared(t *testing.T, path string, px, deg float64) *image.RGBA {
	t.Helper()
	img := loadImage(t, path)
	m := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(m, m.Rect, img, img.Bounds().Min, draw.Src)
	render.MotionBlur(m, px, deg)
	return m
}

// TestEstimateSmear: the smear of a photo smeared along a known line is
// found within a few degrees and pixels; a sharp photo's gradients are
// as strong every way (no smear to undo). The board's plane, worked out
// a row at a time as it is read, gives the smear the same plane held
// whole gives, bit for bit.
func TestEstimateSmear(t *testing.T) {
	const photo = "testdata/photos/IMG_20141025_164052.jpg"
	for _, tc := range []struct {
		name    string
		px, deg float64 // 0: the photo as it is
	}{
		{"sharp", 0, 0},
		{"18 px at 60 degrees", 18, 60},
		{"14 px at 125 degrees", 14, 125},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var img image.Image = loadImage(t, photo)
			if tc.px > 0 {
				img = smeared(t, photo, tc.px, tc.deg)
			}
			f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
			if err != nil {
				t.Fatalf("no board: %v", err)
			}
			g := boardPlane(f, maxSmear)
			s, ok := estimateSmear(&g)
			whole := gridPlane(f, 0, 0, Size, Size, maxSmear)
			if g.v != nil || whole.x0 != g.x0 || whole.y0 != g.y0 || whole.w != g.w || whole.h != g.h {
				t.Fatalf("planes %dx%d at (%d, %d), held whole %dx%d at (%d, %d)", g.w, g.h, g.x0, g.y0, whole.w, whole.h, whole.x0, whole.y0)
			}
			if s2, ok2 := estimateSmear(&whole); s2 != s || ok2 != ok {
				t.Errorf("read as it goes: %+v %v; held whole: %+v %v", s, ok, s2, ok2)
			}
			if tc.px == 0 {
				if ok && s.anisotropy <= smearRound {
					t.Errorf("sharp photo: smear %.1f px at %.1f degrees, anisotropy %.2f (want over %.2f)", s.length, s.angle*180/math.Pi, s.anisotropy, smearRound)
				}
				return
			}
			if !ok || s.anisotropy > smearRound {
				t.Fatalf("no smear found (ok %v, anisotropy %.2f)", ok, s.anisotropy)
			}
			// directions are the same half a turn apart
			d := math.Mod(math.Abs(s.angle*180/math.Pi-tc.deg), 180)
			d = math.Min(d, 180-d)
			if d > 8 || math.Abs(s.length-tc.px) > 2.5 {
				t.Errorf("smear %.1f px at %.1f degrees, want %.0f px at %.0f", s.length, s.angle*180/math.Pi, tc.px, tc.deg)
			}
		})
	}
}

// TestSmearTaps: a smear's kernel sums to 1, reaches half its length
// either side, and is centred (its centre of mass within half a pixel).
func TestSmearTaps(t *testing.T) {
	for _, tc := range []struct {
		name      string
		px, angle float64
	}{
		{"along x", 10, 0},
		{"down", 7, math.Pi / 2},
		{"diagonal", 15.5, 0.6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			taps := smearTaps(tc.px, tc.angle)
			var sum, reach float64
			for _, tp := range taps {
				sum += tp.w
				reach = math.Max(reach, math.Hypot(float64(tp.dx), float64(tp.dy)))
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("weights sum to %v", sum)
			}
			if reach < tc.px/2-0.5 || reach > tc.px/2+1.5 {
				t.Errorf("reaches %.1f px, want about %.1f", reach, tc.px/2)
			}
			var mx, my float64
			for _, tp := range taps {
				mx += tp.w * float64(tp.dx)
				my += tp.w * float64(tp.dy)
			}
			if math.Abs(mx) > 0.5 || math.Abs(my) > 0.5 {
				t.Errorf("centre of mass %.2f,%.2f, want within half a pixel of the centre", mx, my)
			}
		})
	}
}

// TestDeconvolveSmear: bars smeared by a known line come back nearer
// the bars than the smear left them.
func TestDeconvolveSmear(t *testing.T) {
	for _, tc := range []struct {
		name      string
		px, angle float64
	}{
		{"across the bars", 9, 0},
		{"slanted", 12, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const w, h = 96, 96
			sharp := make([]float64, w*h)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					v := 200.0
					if (x/8)%2 == 0 && y > 20 && y < 76 {
						v = 40
					}
					sharp[y*w+x] = v
				}
			}
			s := smear{angle: tc.angle, length: tc.px}
			blurred := make([]float64, w*h)
			convolveTaps(sharp, blurred, w, h, smearTaps(tc.px, tc.angle))
			g := greyPlane{w: w, h: h, v: append([]float64(nil), blurred...)}
			d := deconvolveSmear(&g, s, smearIters)
			dist := func(v []float64) float64 {
				var e float64
				// the middle, away from the edges' repeated pixels
				for y := 24; y < h-24; y++ {
					for x := 24; x < w-24; x++ {
						e += math.Abs(v[y*w+x] - sharp[y*w+x])
					}
				}
				return e
			}
			before, after := dist(blurred), dist(d.v)
			if after > 0.6*before {
				t.Errorf("off the bars by %.0f after deconvolution, %.0f before (want at most 0.6 of it)", after, before)
			}
		})
	}
}

// TestDeblurredFrameHoldsThePlaneAlone: the deblurred frame's picture
// keeps the photo's size and coordinates but holds the pixels of the
// deconvolved plane's rectangle alone, a byte a pixel (not an RGBA, not
// the whole photo): inside it the plane's grey, outside it black.
func TestDeblurredFrameHoldsThePlaneAlone(t *testing.T) {
	const W, H = 400, 300
	for _, tc := range []struct {
		name         string
		x0, y0, w, h int
	}{
		{"at the photo's corner", 0, 0, 50, 40},
		{"inside the photo", 120, 75, 90, 60},
		{"at the far corner", W - 70, H - 30, 70, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &frame{p: toPicture(image.NewYCbCr(image.Rect(0, 0, W, H), image.YCbCrSubsampleRatio420))}
			d := greyPlane{x0: tc.x0, y0: tc.y0, w: tc.w, h: tc.h, v: make([]float64, tc.w*tc.h)}
			for i := range d.v {
				d.v[i] = float64(10 + i%200)
			}
			fd := deblurredFrame(f, d)
			m := fd.p.grey
			if fd.p.W != W || fd.p.H != H || fd.p.minPt != (image.Point{}) || m == nil || fd.p.rgba != nil || fd.p.ycc != nil {
				t.Fatalf("picture %dx%d from %v (grey %v), want the photo's %dx%d from the origin in grey", fd.p.W, fd.p.H, fd.p.minPt, m != nil, W, H)
			}
			want := image.Rect(tc.x0, tc.y0, tc.x0+tc.w, tc.y0+tc.h)
			if m.Rect != want || len(m.Pix) > tc.w*tc.h {
				t.Fatalf("picture's pixels over %v (%d bytes), want the plane's %v alone (%d bytes, one a pixel)", m.Rect, len(m.Pix), want, tc.w*tc.h)
			}
			for _, pt := range []image.Point{{tc.x0, tc.y0}, {tc.x0 + tc.w - 1, tc.y0 + tc.h - 1}, {tc.x0 + tc.w/2, tc.y0 + tc.h/3}} {
				v := d.v[(pt.Y-tc.y0)*tc.w+pt.X-tc.x0]
				if r, g, b := fd.p.pixel(pt.X, pt.Y); r != v || g != v || b != v {
					t.Errorf("pixel %v = %v %v %v, want the plane's %v", pt, r, g, b, v)
				}
			}
			for _, pt := range []image.Point{{0, 0}, {W - 1, H - 1}, {tc.x0 - 1, tc.y0}, {tc.x0 + tc.w, tc.y0 + tc.h - 1}, {tc.x0, tc.y0 + tc.h}} {
				if pt.In(want) || pt.X < 0 || pt.Y < 0 {
					continue
				}
				if r, g, b := fd.p.pixel(pt.X, pt.Y); r != 0 || g != 0 || b != 0 {
					t.Errorf("pixel %v outside the plane = %v %v %v, want black", pt, r, g, b)
				}
			}
		})
	}
}

// convolveTaps sets out to p (w x h) convolved with the taps (out(x) =
// the sum of w * p(x + offset)), the edges repeated, over the whole
// plane: the taps outside, the rows inside (tapsRow's sums, taken
// another way round).
func convolveTaps(p, out []float64, w, h int, taps []tap) {
	clear(out)
	for _, t := range taps {
		for y := 0; y < h; y++ {
			yy := min(h-1, max(0, y+t.dy))
			addTap(out[y*w:(y+1)*w], p[yy*w:(yy+1)*w], t)
		}
	}
}

// TestDeconvolveSmearDownTheRows: the deconvolution taken down the rows
// (one plane held) has every value's bits of Richardson-Lucy over whole
// planes (deconv.RichardsonLucy, the smear's convolutions over the
// plane), for planes of a photo and held ones, smears every way, planes
// less high than the smear reaches, of one row, a pixel wide.
func TestDeconvolveSmearDownTheRows(t *testing.T) {
	const W, H = 150, 110
	ycc := image.NewYCbCr(image.Rect(0, 0, W, H), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewSource(11))
	for _, b := range [][]byte{ycc.Y, ycc.Cb, ycc.Cr} {
		for i := range b {
			b[i] = byte(rng.Intn(256))
		}
	}
	f := &frame{p: toPicture(ycc)}
	for _, tc := range []struct {
		name         string
		x0, y0, w, h int
		s            smear
		iters        int
		held         bool // a plane of no photo
	}{
		{"the whole photo, across", 0, 0, W, H, smear{angle: 0, length: 9}, smearIters, false},
		{"a part, slanted", 23, 17, 90, 70, smear{angle: 0.7, length: 14}, smearIters, false},
		{"the far corner, down", W - 60, H - 50, 60, 50, smear{angle: math.Pi / 2, length: 21}, smearIters, false},
		{"steep, turned the other way", 10, 5, 100, 90, smear{angle: 1.9, length: 30}, smearIters, false},
		{"less high than the smear", 40, 50, 100, 8, smear{angle: 1.2, length: 40}, smearIters, false},
		{"one row", 5, 60, 120, 1, smear{angle: 0.3, length: 12}, 5, false},
		{"a pixel wide", 70, 3, 1, 80, smear{angle: 1.4, length: 16}, 5, false},
		{"held, one step", 0, 0, 80, 60, smear{angle: 2.6, length: 11}, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := greyPlane{x0: tc.x0, y0: tc.y0, w: tc.w, h: tc.h, pic: &f.p}
			g.v = make([]float64, g.w*g.h)
			for y := 0; y < g.h; y++ {
				g.lumaRow(y, g.v[y*g.w:(y+1)*g.w])
			}
			obs := make([]float64, len(g.v))
			for i, v := range g.v {
				obs[i] = v + 1
			}
			want := append([]float64(nil), obs...)
			taps := smearTaps(tc.s.length, tc.s.angle)
			flip := make([]tap, len(taps))
			for i, tp := range taps {
				flip[i] = tap{-tp.dx, -tp.dy, tp.w}
			}
			work1, work2 := make([]float64, len(obs)), make([]float64, len(obs))
			deconv.RichardsonLucy(obs, want, work1, work2, tc.iters,
				func(src, dst []float64) { convolveTaps(src, dst, g.w, g.h, taps) },
				func(src, dst []float64) { convolveTaps(src, dst, g.w, g.h, flip) })
			for i, v := range want {
				want[i] = math.Max(0, math.Min(255, v-1))
			}
			if tc.held {
				g.pic = nil
			}
			got := deconvolveSmear(&g, tc.s, tc.iters)
			for i := range want {
				if math.Float64bits(got.v[i]) != math.Float64bits(want[i]) {
					t.Fatalf("value %d (%d, %d) = %v, want %v (whole planes)", i, i%g.w, i/g.w, got.v[i], want[i])
				}
			}
		})
	}
}

// BenchmarkDeconvolveSmear deconvolves a 480x360 plane of a photo (a
// grey 4:2:0 picture of noise) by a 30 px smear at 35 degrees, the
// second look's steps, its observed rows read again from the photo.
func BenchmarkDeconvolveSmear(b *testing.B) {
	const W, H = 480, 360
	ycc := image.NewYCbCr(image.Rect(0, 0, W, H), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewSource(3))
	for i := range ycc.Y {
		ycc.Y[i] = byte(40 + rng.Intn(180))
	}
	for i := range ycc.Cb {
		ycc.Cb[i], ycc.Cr[i] = 128, 128
	}
	f := &frame{p: toPicture(ycc)}
	s := smear{angle: 35 * math.Pi / 180, length: 30}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := greyPlane{w: W, h: H, pic: &f.p, v: make([]float64, W*H)}
		for y := 0; y < H; y++ {
			g.lumaRow(y, g.v[y*W:(y+1)*W])
		}
		deconvolveSmear(&g, s, smearIters)
	}
}
