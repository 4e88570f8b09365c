package main

import (
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunSet: a rendered scene goes through a photometric family with
// its truth JSON copied unchanged, the blur drawn from the truth's tile
// side; a family that moves pixels is refused.
func TestRunSet(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 80, 60))
	for y := 0; y < 60; y++ {
		for x := 0; x < 80; x++ {
			v := uint8(240)
			if x >= 30 && x < 50 {
				v = 20
			}
			img.Set(x, y, color.RGBA{v, v, v, 255})
		}
	}
	f, err := os.Create(filepath.Join(dir, "0000.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	f.Close()
	js := `{"game":"twists","tiles":[{"letter":"A","corners":[[10,10],[50,10],[50,50],[10,50]]}]}`
	if err := os.WriteFile(filepath.Join(dir, "0000.json"), []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, family string
		ok           bool
	}{
		{"defocus blurs and keeps the truth", "defocus", true},
		{"tilt moves pixels: refused", "tilt", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := filepath.Join(out, tc.family)
			err := runSet(dir, tc.family, 7, o)
			if !tc.ok {
				if err == nil {
					t.Fatal("no error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(o, "0000.json"))
			if err != nil || string(got) != js {
				t.Fatalf("truth %q (%v), want it copied", got, err)
			}
			log, _ := os.ReadFile(filepath.Join(o, "augment.txt"))
			if !strings.HasPrefix(string(log), "0000 defocus sigma ") {
				t.Errorf("augment.txt %q", log)
			}
			f, err := os.Open(filepath.Join(o, "0000.jpg"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			b, err := jpeg.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			// The sharp edge at x = 30 is spread: the pixel beside it
			// lies between the two levels (a tile of 40 px blurred by
			// 2-5 % of it: 0.8-2 px).
			r, _, _, _ := b.At(29, 30).RGBA()
			if v := r >> 8; v > 225 || v < 35 {
				t.Errorf("pixel beside the edge %d, want it blurred between 20 and 240", v)
			}
		})
	}
}
