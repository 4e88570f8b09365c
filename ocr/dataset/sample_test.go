package dataset

import (
	"image"
	"image/color"
	"testing"
)

func TestSampleRGB(t *testing.T) {
	// A 2x2 picture at an origin other than zero: its pixel centres are
	// at (5,7), (6,7), (5,8) and (6,8).
	rgba := image.NewRGBA(image.Rect(5, 7, 7, 9))
	rgba.SetRGBA(5, 7, color.RGBA{0, 0, 0, 255})
	rgba.SetRGBA(6, 7, color.RGBA{200, 100, 50, 255})
	rgba.SetRGBA(5, 8, color.RGBA{100, 100, 100, 255})
	rgba.SetRGBA(6, 8, color.RGBA{255, 255, 255, 255})
	nrgba := image.NewNRGBA(rgba.Bounds())
	for y := 7; y < 9; y++ {
		for x := 5; x < 7; x++ {
			nrgba.Set(x, y, rgba.At(x, y))
		}
	}
	for _, tc := range []struct {
		name string
		x, y float64
		want [3]uint8
	}{
		{"a pixel centre", 6, 7, [3]uint8{200, 100, 50}},
		{"half way along a row", 5.5, 7, [3]uint8{100, 50, 25}},
		{"half way down a column", 5, 7.5, [3]uint8{50, 50, 50}},
		{"the middle of four", 5.5, 7.5, [3]uint8{139, 114, 101}},
		{"a quarter across", 5.25, 8, [3]uint8{139, 139, 139}},
		{"left of the picture repeats its edge", 2, 7, [3]uint8{0, 0, 0}},
		{"below the picture repeats its edge", 6, 20, [3]uint8{255, 255, 255}},
		{"past the corner", 9.5, 9.5, [3]uint8{255, 255, 255}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := SampleRGB(rgba, tc.x, tc.y); got != tc.want {
				t.Errorf("RGBA: SampleRGB(%v, %v) = %v, want %v", tc.x, tc.y, got, tc.want)
			}
			if got := SampleRGB(nrgba, tc.x, tc.y); got != tc.want {
				t.Errorf("NRGBA: SampleRGB(%v, %v) = %v, want %v", tc.x, tc.y, got, tc.want)
			}
		})
	}
}
