package main

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/tilescope/tilescope/ocr/dataset"
)

// barCrop is a 64x64 light face with a dark upright bar, columns 28-35,
// rows 16-47: a stroke whose slant, width and weight can be measured.
func barCrop() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			v := uint8(220)
			if x >= 28 && x <= 35 && y >= 16 && y <= 47 {
				v = 30
			}
			img.SetRGBA(x, y, color.RGBA{v, v, v, 255})
		}
	}
	return img
}

// inkRow is the dark pixels' count and mean column on row y.
func inkRow(img *image.RGBA, y int) (n int, mid float64) {
	for x := 0; x < img.Rect.Dx(); x++ {
		if img.Pix[img.PixOffset(x, y)] < 125 {
			n++
			mid += float64(x)
		}
	}
	if n > 0 {
		mid /= float64(n)
	}
	return n, mid
}

// TestReshapeGlyph: a bar reshaped as drawn stays the same; slanted, its
// top leans right of its foot by the slant times its height; widened,
// its stroke is wider by the width; bolder and lighter strokes are a
// pixel wider and narrower each side.
func TestReshapeGlyph(t *testing.T) {
	for _, tc := range []struct {
		name      string
		s         glyphShape
		width     [2]int  // the stroke's width on the middle row, least and most
		lean      float64 // the top row's middle less the foot's
		unchanged bool
		sideways  bool
	}{
		{name: "as drawn", s: glyphShape{width: 1}, width: [2]int{8, 8}, unchanged: true},
		{name: "slanted", s: glyphShape{slant: 0.25, width: 1}, width: [2]int{8, 9}, lean: 0.25 * 31},
		{name: "backslanted", s: glyphShape{slant: -0.2, width: 1}, width: [2]int{8, 9}, lean: -0.2 * 31},
		{name: "wider", s: glyphShape{width: 1.25}, width: [2]int{10, 11}},
		{name: "narrower", s: glyphShape{width: 0.8}, width: [2]int{6, 7}},
		{name: "bolder", s: glyphShape{width: 1, weight: 1}, width: [2]int{10, 10}},
		{name: "lighter", s: glyphShape{width: 1, weight: -1}, width: [2]int{6, 6}},
		{name: "sideways, wider along the crop's height", s: glyphShape{width: 1.5}, width: [2]int{8, 8}, sideways: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := barCrop()
			got := reshapeGlyph(in, tc.s, tc.sideways)
			if tc.unchanged && !bytes.Equal(got.Pix, in.Pix) {
				t.Fatalf("the crop changed")
			}
			n, _ := inkRow(got, 32)
			if n < tc.width[0] || n > tc.width[1] {
				t.Errorf("stroke %d px wide on the middle row, want %d-%d", n, tc.width[0], tc.width[1])
			}
			if tc.sideways {
				// the bar, 32 rows long, now 48 (rows 8-55)
				if n, _ := inkRow(got, 10); n != 8 {
					t.Errorf("row 10 has %d dark pixels, want the bar's 8", n)
				}
			}
			_, top := inkRow(got, 17)
			_, foot := inkRow(got, 46)
			if lean := top - foot; math.Abs(lean-tc.lean*29/31) > 1.5 {
				t.Errorf("top leans %.1f px from the foot, want %.1f", lean, tc.lean*29/31)
			}
		})
	}
}

// TestReshapedCrops: each lettered crop is followed by a reshaped copy
// of it, each empty square kept once as cut, and the shapes are the same
// on every run.
func TestReshapedCrops(t *testing.T) {
	crops := []dataset.Crop{
		{Name: "a", Image: barCrop(), Letter: "I"},
		{Name: "b", Image: barCrop()},
		{Name: "c", Image: barCrop(), Letter: "L", Angle: 90, HasAngle: true},
	}
	got := reshapedCrops(crops, 9500)
	want := []string{"a", "a#shaped", "b", "c", "c#shaped"}
	if len(got) != len(want) {
		t.Fatalf("%d crops, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].Name != w {
			t.Errorf("crop %d is %q, want %q", i, got[i].Name, w)
		}
	}
	if got[4].Letter != "L" || got[4].Angle != 90 || !got[4].HasAngle {
		t.Errorf("the reshaped copy lost its label: %+v", got[4])
	}
	again := reshapedCrops(crops, 9500)
	for i := range got {
		if !bytes.Equal(got[i].Image.(*image.RGBA).Pix, again[i].Image.(*image.RGBA).Pix) {
			t.Errorf("crop %d differs between two runs", i)
		}
	}
	if bytes.Equal(got[1].Image.(*image.RGBA).Pix, got[0].Image.(*image.RGBA).Pix) {
		t.Errorf("the reshaped copy is the crop as cut")
	}
}
