package ocr

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"path/filepath"
	"testing"
)

// motionBlur smears an image along a line of length px at deg degrees
// (0 along x, 90 along y, image y down), as a camera moved during the
// exposure would: each pixel the mean of the pixels on the line through
// it, sampled every half pixel, bilinearly.
func motionBlur(img image.Image, px, deg float64) *image.RGBA {
	b := img.Bounds()
	W, H := b.Dx(), b.Dy()
	src := image.NewRGBA(image.Rect(0, 0, W, H))
	draw.Draw(src, src.Rect, img, b.Min, draw.Src)
	at := func(x, y, k int) float64 {
		x, y = min(W-1, max(0, x)), min(H-1, max(0, y))
		return float64(src.Pix[src.PixOffset(x, y)+k])
	}
	dx, dy := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	n := int(2*px) + 1
	out := image.NewRGBA(src.Rect)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			var s [3]float64
			for i := range n {
				t := -px/2 + px*float64(i)/float64(n-1)
				fx, fy := float64(x)+t*dx, float64(y)+t*dy
				x0, y0 := int(math.Floor(fx)), int(math.Floor(fy))
				ax, ay := fx-float64(x0), fy-float64(y0)
				for k := range s {
					s[k] += (1-ay)*((1-ax)*at(x0, y0, k)+ax*at(x0+1, y0, k)) + ay*((1-ax)*at(x0, y0+1, k)+ax*at(x0+1, y0+1, k))
				}
			}
			c := color.RGBA{A: 255}
			c.R, c.G, c.B = uint8(s[0]/float64(n)+0.5), uint8(s[1]/float64(n)+0.5), uint8(s[2]/float64(n)+0.5)
			out.SetRGBA(x, y, c)
		}
	}
	return out
}

// TestEdgeSpreadsMotion: real tiles smeared along a line a tenth of
// their side long, at four angles, spread their edges most along the
// motion, past BlurSpread, and the same tiles sharp spread under it in
// every direction. EdgeSpread (x and y only) leaves the diagonal smears
// under BlurSpread (0.057-0.068 on these tiles): the diagonals are what
// see them.
func TestEdgeSpreadsMotion(t *testing.T) {
	dirNames := [4]string{"x", "y", "down-right", "up-right"}
	for _, file := range []string{"A_0_5.png", "E_0_18.png", "H_2_22.png"} {
		img := loadPNGs(t, filepath.Join("testdata/real", file))[0]
		sharp, err := EdgeSpreads(img)
		if err != nil {
			t.Fatal(err)
		}
		if m := max(sharp[0], sharp[1], sharp[2], sharp[3]); m >= BlurSpread {
			t.Errorf("%s sharp: spreads %.3f, blurred along one", file, sharp)
		}
		for _, tc := range []struct {
			name string
			deg  float64
			dir  int // the direction the smear should spread most
		}{
			{"along x", 0, 0},
			{"down and right", 45, 2},
			{"along y", 90, 1},
			{"down and left", 135, 3},
		} {
			m := motionBlur(img, 0.1*float64(img.Bounds().Dx()), tc.deg)
			s, err := EdgeSpreads(m)
			if err != nil {
				t.Fatal(err)
			}
			widest := 0
			for d := range s {
				if s[d] > s[widest] {
					widest = d
				}
			}
			if widest != tc.dir || s[widest] < BlurSpread {
				t.Errorf("%s smeared %s: spreads %.3f, widest along %s (want %s, at least %.3f)",
					file, tc.name, s, dirNames[widest], dirNames[tc.dir], BlurSpread)
			}
			if e, _ := EdgeSpread(m); e != max(s[0], s[1]) {
				t.Errorf("%s smeared %s: EdgeSpread %.4f, not the wider of x and y (%.4f)", file, tc.name, e, max(s[0], s[1]))
			}
		}
	}
}
