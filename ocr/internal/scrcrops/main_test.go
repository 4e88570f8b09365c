package main

import (
	"image"
	"image/color"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// Every label file of the real photos reads: four corners, 15 rows, and
// both halves of the split have photos.
func TestReadLabels(t *testing.T) {
	files, _ := filepath.Glob("../../../vision/scrabble/testdata/real/*.txt")
	if len(files) != 16 {
		t.Fatalf("%d label files, want 16", len(files))
	}
	halves := map[bool]int{}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			corners, grid, err := readLabel(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range corners {
				if c.X <= 0 || c.Y <= 0 {
					t.Errorf("corner %d = %v", i, c)
				}
			}
			for r, row := range grid {
				for c, cell := range row {
					if !(cell == '.' || cell == '*' || cell >= 'A' && cell <= 'Z' || cell >= 'a' && cell <= 'z') {
						t.Errorf("cell %d,%d = %q", r, c, cell)
					}
				}
			}
			name := strings.TrimSuffix(filepath.Base(f), ".txt")
			halves[isTuning(name)]++
		})
	}
	if halves[true] != 8 || halves[false] != 8 {
		t.Errorf("tuning %d, held out %d photos; want 8 and 8", halves[true], halves[false])
	}
}

func TestReadLabelErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, text, want string }{
		{"no corners", strings.Repeat(". . . . . . . . . . . . . . .\n", 15), "no # corners: line"},
		{"short row", "# corners: 1,1 9,1 9,9 1,9\n. . .\n", "3 cells, want 15"},
		{"bad corner", "# corners: 1,1 9;1 9,9 1,9\n", "not x,y"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".txt")
			if err := writeFile(p, tc.text); err != nil {
				t.Fatal(err)
			}
			if _, _, err := readLabel(p); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// A cut of a square, straight and without margin, holds that square's
// pixels; the same seed draws the same cuts.
func TestCut(t *testing.T) {
	const px = 8 // pixels a square
	img := image.NewRGBA(image.Rect(0, 0, 15*px, 15*px))
	for y := 0; y < 15*px; y++ {
		for x := 0; x < 15*px; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x / px * 10), uint8(y / px * 10), 0, 255})
		}
	}
	h := vision.Homography{px, 0, 0, 0, px, 0, 0, 0, 1}
	m := cut{size: px}.apply(img, h, 3, 11)
	for y := 0; y < px; y++ {
		for x := 0; x < px; x++ {
			if c := m.RGBAAt(x, y); c.R != 110 || c.G != 30 {
				t.Fatalf("pixel %d,%d = %v, want the square at row 3, column 11", x, y, c)
			}
		}
	}
	for k := 0; k < 7; k++ {
		a := pickCut(rand.New(rand.NewPCG(16, hash("p", 1, 2))), k)
		b := pickCut(rand.New(rand.NewPCG(16, hash("p", 1, 2))), k)
		if a != b {
			t.Errorf("cut %d drawn twice: %+v and %+v", k, a, b)
		}
		if a.size < 24 || a.size > 128 || a.margin < -0.06 || a.margin > 0.3 || a.turn < -10 || a.turn > 10 {
			t.Errorf("cut %d out of its ranges: %+v", k, a)
		}
	}
}

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }

// The second cut style draws the same cut and look from the same seed,
// within its ranges, and its look changes a crop (lit, blurred, noisy or
// re-encoded) but keeps its size.
func TestCut2(t *testing.T) {
	for k := 0; k < 7; k++ {
		ra, rb := rand.New(rand.NewPCG(1216, hash("p", 1, 2))), rand.New(rand.NewPCG(1216, hash("p", 1, 2)))
		a, b := pickCut2(ra, k), pickCut2(rb, k)
		la, lb := pickLook(ra, a.size), pickLook(rb, b.size)
		if a != b || la != lb {
			t.Errorf("cut %d drawn twice: %+v %+v and %+v %+v", k, a, la, b, lb)
		}
		if a.size < 20 || a.size > 192 || a.margin < -0.08 || a.margin > 0.35 || a.turn < -20 || a.turn > 20 {
			t.Errorf("cut %d out of its ranges: %+v", k, a)
		}
		if la.gain < 0.5 || la.gain > 1.3 || la.gamma < 0.7 || la.gamma > 1.5 || la.quality != 0 && (la.quality < 25 || la.quality > 85) {
			t.Errorf("look %d out of its ranges: %+v", k, la)
		}
	}
	img := image.NewRGBA(image.Rect(0, 0, 40, 40))
	for i := range img.Pix {
		img.Pix[i] = uint8(100 + i%97)
	}
	for _, tc := range []struct {
		name string
		l    look
	}{
		{"darker", look{gain: 0.6, gamma: 1, cast: [3]float64{1, 1, 1}}},
		{"shadow", look{gain: 1, gamma: 1, cast: [3]float64{1, 1, 1}, shadow: 0.6}},
		{"blur", look{gain: 1, gamma: 1, cast: [3]float64{1, 1, 1}, blur: 1.5}},
		{"jpeg", look{gain: 1, gamma: 1, cast: [3]float64{1, 1, 1}, quality: 30}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := image.NewRGBA(img.Rect)
			copy(in.Pix, img.Pix)
			out, err := tc.l.apply(in, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				t.Fatal(err)
			}
			if out.Bounds() != img.Bounds() {
				t.Fatalf("bounds %v, want %v", out.Bounds(), img.Bounds())
			}
			diff := 0
			for y := 0; y < 40; y++ {
				for x := 0; x < 40; x++ {
					r0, _, _, _ := img.At(x, y).RGBA()
					r1, _, _, _ := out.At(x, y).RGBA()
					if r0>>8 != r1>>8 {
						diff++
					}
				}
			}
			if diff < 100 {
				t.Errorf("%d of 1600 pixels changed", diff)
			}
		})
	}
}
