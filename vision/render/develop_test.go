package render

import (
	"bytes"
	"image"
	"math"
	"testing"
)

// TestDistortionRemap: a point drawn on the ideal canvas lands in the
// picture where the camera model (Camera.Project, which the truth uses)
// puts it, to a tenth of a pixel.
func TestDistortionRemap(t *testing.T) {
	for _, k := range []struct{ k1, k2 float64 }{{0, 0}, {-0.15, 0.02}, {0.06, -0.01}} {
		o := Options{Width: 320, Height: 240, K1: k.k1, K2: k.k2}
		if err := o.defaults(); err != nil {
			t.Fatal(err)
		}
		w := newWorld(o)
		for _, at := range []pt{{30.5, 20.5}, {160, 120}, {300.25, 200.75}} {
			// a small bright square on the black ideal canvas, centred on
			// the ideal point that distorts to `at`
			q := w.cam.undistort(at)
			for i := range w.cv.pix {
				w.cv.pix[i] = 0
			}
			cx, cy := q.X+w.cv.ox, q.Y+w.cv.oy
			w.cv.fillFlat([]pt{{cx - 2, cy - 2}, {cx + 2, cy - 2}, {cx + 2, cy + 2}, {cx - 2, cy + 2}}, 255, 255, 255, 1)
			img := w.develop()
			var sx, sy, sw float64
			for y := 0; y < o.Height; y++ {
				for x := 0; x < o.Width; x++ {
					v := float64(img.Pix[img.PixOffset(x, y)])
					sx += v * (float64(x) + 0.5)
					sy += v * (float64(y) + 0.5)
					sw += v
				}
			}
			if sw == 0 {
				t.Fatalf("k1 %g: the point at %v vanished", k.k1, at)
			}
			if d := math.Hypot(sx/sw-at.X, sy/sw-at.Y); d > 0.1 {
				t.Errorf("k1 %g: point drawn for (%.2f,%.2f) lands at (%.2f,%.2f), %.2f px off", k.k1, at.X, at.Y, sx/sw, sy/sw, d)
			}
		}
	}
}

// TestNoiseLevel: read noise of sigma levels gives that standard deviation
// per channel around an unchanged mean, the same every time.
func TestNoiseLevel(t *testing.T) {
	mk := func() *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 300, 200))
		for i := range img.Pix {
			img.Pix[i] = 128
		}
		addNoise(img, 4, 0, 9)
		return img
	}
	img := mk()
	var sum, sq, n float64
	for i, v := range img.Pix {
		if i&3 == 3 {
			continue
		}
		d := float64(v) - 128
		sum += d
		sq += d * d
		n++
	}
	mean, sd := sum/n, math.Sqrt(sq/n-(sum/n)*(sum/n))
	if math.Abs(mean) > 0.2 || sd < 3.7 || sd > 4.3 {
		t.Errorf("noise mean %.2f, sd %.2f; want 0 and 4", mean, sd)
	}
	if again := mk(); !bytes.Equal(again.Pix, img.Pix) {
		t.Error("the same seed gave different noise")
	}
}

// TestSharpenOvershoots: an unsharp mask leaves flat areas alone and
// overshoots on both sides of an edge, as phone pictures do.
func TestSharpenOvershoots(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 20, 6))
	for y := 0; y < 6; y++ {
		for x := 0; x < 20; x++ {
			v := uint8(100)
			if x >= 10 {
				v = 150
			}
			o := img.PixOffset(x, y)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = v, v, v, 255
		}
	}
	sharpen(img, 1)
	at := func(x int) uint8 { return img.Pix[img.PixOffset(x, 3)] }
	if at(2) != 100 || at(17) != 150 {
		t.Errorf("flat areas changed: %d, %d", at(2), at(17))
	}
	if at(9) >= 100 || at(10) <= 150 {
		t.Errorf("no overshoot at the edge: %d | %d", at(9), at(10))
	}
	if img.Pix[img.PixOffset(9, 3)+3] != 255 {
		t.Error("alpha changed")
	}
}
