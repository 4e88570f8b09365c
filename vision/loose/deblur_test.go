package loose

import (
	"image"
	"math"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// strokesPicture is a w x h light picture with dark strokes of several
// widths and lengths, as letters on tiles are, sharp.
func strokesPicture(w, h int) rgbImage {
	m := rgbImage{w: w, h: h, pix: make([]byte, 3*w*h)}
	for i := range m.pix {
		m.pix[i] = 220
	}
	set := func(x0, y0, x1, y1 int) {
		for y := max(0, y0); y < min(h, y1); y++ {
			for x := max(0, x0); x < min(w, x1); x++ {
				o := 3 * (y*w + x)
				m.pix[o], m.pix[o+1], m.pix[o+2] = 40, 35, 30
			}
		}
	}
	for gy := 0; gy+60 <= h; gy += 60 {
		for gx := 0; gx+60 <= w; gx += 60 {
			sw := 5 + (gx/60+gy/60)%4 // strokes 5-8 px wide
			set(gx+15, gy+12, gx+15+sw, gy+48)
			set(gx+15, gy+12, gx+45, gy+12+sw)
			set(gx+15, gy+27, gx+38, gy+27+sw)
		}
	}
	return m
}

// TestBlurSigma: the blur measured on strokes blurred by a known
// Gaussian follows it, and a sharp picture measures under minBlur.
func TestBlurSigma(t *testing.T) {
	sharp := strokesPicture(480, 360)
	for _, tc := range []struct {
		name   string
		sigma  float64
		lo, hi float64
	}{
		{"sharp", 0, 0, minBlur},
		{"slightly soft", 0.8, 0, minBlur},
		{"defocused 1.5 px", 1.5, 1.2, 1.9},
		{"defocused 2.5 px", 2.5, 1.9, 3.0},
		{"defocused 3.5 px", 3.5, 2.5, 4.2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := sharp
			if tc.sigma > 0 {
				var err error
				if m, err = darkSmooth(sharp, tc.sigma); err != nil {
					t.Fatal(err)
				}
			}
			got := blurSigma(m.gray(), m.w, m.h)
			if got < tc.lo || got >= tc.hi {
				t.Errorf("blurred by %.1f px: measured %.2f, want %.1f to %.1f", tc.sigma, got, tc.lo, tc.hi)
			}
		})
	}
}

// TestDeblurredOf: a photo in focus is left as it is; one defocused is
// sharpened, its strokes' contrast brought back towards the sharp one's.
func TestDeblurredOf(t *testing.T) {
	sharp := strokesPicture(480, 360)
	if _, ok := deblurredOf(sharp.rgba(), Options{}); ok {
		t.Errorf("a sharp picture was deconvolved")
	}
	blurred, err := darkSmooth(sharp, 2.5)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := deblurredOf(blurred.rgba(), Options{})
	if !ok {
		t.Fatal("a picture blurred by 2.5 px was not deconvolved")
	}
	if d.w != sharp.w || d.h != sharp.h {
		t.Fatalf("deconvolved %dx%d, want the photo's %dx%d", d.w, d.h, sharp.w, sharp.h)
	}
	b, s := blurSigma(blurred.gray(), 480, 360), blurSigma(d.gray(), 480, 360)
	if s >= 0.85*b {
		t.Errorf("blur %.2f before, %.2f after deconvolving: want under 0.85 of it", b, s)
	}
	// A photo larger than the working size: measured and deconvolved
	// there, brought back to its size.
	big, err := darkSmooth(strokesPicture(1600, 1200), 5)
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := deblurredOf(big.rgba(), Options{}); !ok || d.w != 1600 || d.h != 1200 {
		t.Errorf("1600x1200 blurred by 5 px: deconvolved %v at %dx%d, want true at 1600x1200", ok, d.w, d.h)
	}
}

// TestDefocusedPhotos: photos of the ban-seg train split (the tuning
// set) blurred as a fixed-focus camera close over a table blurs them (a
// Gaussian of 5 % of the median tile's side, the top of the augment's
// defocus family) are read sharpened. Without deblurredOf: 26 of 60
// and 18 of 26 found.
func TestDefocusedPhotos(t *testing.T) {
	rd := realPhotoReader(t)
	dir := filepath.Join(photosDir(t), "bananagrams-fi", "train")
	for _, tc := range []struct {
		name, photo string
		want        float64 // the least share found
	}{
		{"60 tiles in rows", "1770633539134_jpg.rf.333aa6fbdc734b488037b61db18698f7", 0.9},
		{"26 tiles, some touching", "1770633540216_jpg.rf.0f41032b7b2d553014a32980dbd6fe17", 0.8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, truth := labelledPhoto(t, dir, tc.photo)
			sigma := 0.05 * medianTruthSide(truth)
			bl, err := darkSmooth(toRGB(img), sigma)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Scan(bl.rgba(), Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreCentres(r.Tiles, truth, func(a, b string) bool { return a == b })
			t.Logf("blurred by %.1f px: %d labelled, %d found, %d false, %d sure and wrong", sigma, s.Truth, s.Found, s.False, s.WrongSure)
			if float64(s.Found) < tc.want*float64(s.Truth) || s.False > 1 || s.WrongSure > 0 {
				t.Errorf("found %d of %d, %d false, %d sure and wrong; want %.0f %% found, one false at most, none sure and wrong", s.Found, s.Truth, s.False, s.WrongSure, 100*tc.want)
			}
		})
	}
}

// darkReader reads a crop as "B" where its middle is dark, "D" where
// it is light.
type darkReader struct{}

func (darkReader) Read(tile image.Image) (ocr.Reading, error) {
	b := tile.Bounds()
	r, _, _, _ := tile.At((b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2).RGBA()
	if r>>8 < 128 {
		return ocr.Reading{Letter: "B", Conf: 0.99}, nil
	}
	return ocr.Reading{Letter: "D", Conf: 0.99}, nil
}

// TestConfirmAsTaken: a tile read sure on the sharpened photo stays sure
// where the photo as taken reads the same letter, and is made unsure
// where it reads another; unsure tiles are left as they are.
func TestConfirmAsTaken(t *testing.T) {
	taken := rgbImage{w: 200, h: 100, pix: make([]byte, 3*200*100)}
	for y := 0; y < 100; y++ {
		for x := 0; x < 200; x++ {
			v := byte(30) // dark left half: "B"
			if x >= 100 {
				v = 230 // light right half: "D"
			}
			o := 3 * (y*200 + x)
			taken.pix[o], taken.pix[o+1], taken.pix[o+2] = v, v, v
		}
	}
	square := func(x0 float64) [4]Point {
		return [4]Point{{x0 + 20, 20}, {x0 + 80, 20}, {x0 + 80, 80}, {x0 + 20, 80}}
	}
	for _, tc := range []struct {
		name   string
		letter string
		conf   float64
		x0     float64
		want   float64
	}{
		{"sure, the same as taken", "B", 0.97, 0, 0.97},
		{"sure, another letter as taken", "B", 0.97, 100, deblurConf},
		{"unsure, another letter as taken", "B", 0.6, 100, 0.6},
		{"sure, no letter", "?", 0.95, 100, 0.95},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tiles := []Tile{{Letter: tc.letter, Conf: tc.conf, Corners: square(tc.x0)}}
			confirmAsTaken(taken, tiles, Options{Reader: darkReader{}})
			if tiles[0].Conf != tc.want {
				t.Errorf("conf %.2f, want %.2f", tiles[0].Conf, tc.want)
			}
		})
	}
}

// TestGentlerStands: the reading of the photo deconvolved gently stands
// where it reads more tiles sure, or as many and more tiles; the first
// reading otherwise.
func TestGentlerStands(t *testing.T) {
	tiles := func(sure, unsure int) []Tile {
		var ts []Tile
		for i := 0; i < sure; i++ {
			ts = append(ts, Tile{Letter: "A", Conf: 0.99})
		}
		for i := 0; i < unsure; i++ {
			ts = append(ts, Tile{Letter: "A", Conf: 0.5})
		}
		return ts
	}
	for _, tc := range []struct {
		name          string
		first, gentle []Tile
		want          bool
	}{
		{"more sure", tiles(5, 3), tiles(6, 0), true},
		{"fewer sure, more tiles", tiles(5, 0), tiles(4, 4), false},
		{"as many sure, more tiles", tiles(5, 1), tiles(5, 2), true},
		{"as many sure and tiles", tiles(5, 1), tiles(5, 1), false},
		{"as many sure, fewer tiles", tiles(5, 2), tiles(5, 1), false},
		{"the first none", nil, tiles(0, 1), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := gentlerStands(tc.first, tc.gentle); got != tc.want {
				t.Errorf("gentlerStands = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSureInBoth: a tile read sure on the gently deconvolved photo stays
// sure where the first reading has no tile there or is sure of the same
// letter, and is made unsure where the first reads another letter or is
// unsure.
func TestSureInBoth(t *testing.T) {
	sq := func(x float64) [4]Point {
		return [4]Point{{x, 0}, {x + 10, 0}, {x + 10, 10}, {x, 10}}
	}
	at := func(x float64, letter string, conf float64) Tile {
		return Tile{Letter: letter, Conf: conf, Corners: sq(x), Center: Point{x + 5, 5}}
	}
	for _, tc := range []struct {
		name   string
		first  []Tile
		gentle Tile
		want   float64
	}{
		{"no tile there first", []Tile{at(40, "B", 0.99)}, at(0, "O", 0.96), 0.96},
		{"the same letter sure", []Tile{at(1, "o", 0.95)}, at(0, "O", 0.96), 0.96},
		{"the same letter unsure", []Tile{at(1, "O", 0.85)}, at(0, "O", 0.96), deblurConf},
		{"another letter", []Tile{at(1, "B", 0.99)}, at(0, "O", 0.96), deblurConf},
		{"unsure left as it is", []Tile{at(1, "B", 0.99)}, at(0, "O", 0.5), 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := []Tile{tc.gentle}
			sureInBoth(g, tc.first)
			if g[0].Conf != tc.want {
				t.Errorf("conf %.2f, want %.2f", g[0].Conf, tc.want)
			}
		})
	}
}

// TestDefocusedTwists: a Twists table out of focus (a rendered table
// blurred by 4.5 % of a tile's side) is searched and read sharpened,
// as a Lexicon table is: most of its tiles found and read, none read
// wrong yet sure.
func TestDefocusedTwists(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and reads them")
	}
	ru, err := ocr.Default(ocr.Russian)
	if err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		name string
		seed int64
		want float64 // the least share matched and read right
	}{
		{"a normal table, seed 3", 3, 0.97},
		{"a normal table, seed 5", 5, 0.97},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, tr := renderScene(t, "twists", "normal", tc.seed)
			truth := truthFromRender(tr)
			sigma := 0.045 * medianTruthSide(truth)
			bl, err := darkSmooth(toRGB(img), sigma)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Scan(bl.rgba(), Options{Reader: ru, Lattice: true, Twists: true})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreScan(r.Tiles, truth, SameShape)
			t.Logf("blurred by %.1f px: %d tiles, found %d, matched %d, letters %d of %d", sigma, s.Truth, s.Found, s.Matched, s.Letters, s.Lettered)
			if float64(s.Letters) < tc.want*float64(s.Truth) {
				t.Errorf("%d of %d matched and read right, want at least %.0f %%", s.Letters, s.Truth, 100*tc.want)
			}
			for _, m := range s.Misread {
				if m.Conf >= SureConf {
					t.Errorf("%s read as %s at (%.0f, %.0f) with conf %.2f: wrong yet sure", m.Label, m.Read, m.At.X, m.At.Y, m.Conf)
				}
			}
		})
	}
}

// medianTruthSide is the median of the labels' sides (the square root of
// each outline's bounding box area).
func medianTruthSide(truth []TruthTile) float64 {
	var sides []float64
	for _, tt := range truth {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range tt.Outline {
			x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
		}
		sides = append(sides, math.Sqrt((x1-x0)*(y1-y0)))
	}
	sort.Float64s(sides)
	return sides[len(sides)/2]
}
