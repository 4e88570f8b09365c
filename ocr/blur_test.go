package ocr

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr/dataset"
)

// boxBlur blurs an image by a box of half-width r, three times over (close
// to a Gaussian of sigma r), as a defocused or shaken camera would.
func boxBlur(img image.Image, r int) *image.RGBA {
	b := img.Bounds()
	W, H := b.Dx(), b.Dy()
	cur := image.NewRGBA(image.Rect(0, 0, W, H))
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			cur.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	for pass := 0; pass < 6; pass++ {
		next := image.NewRGBA(cur.Rect)
		for y := 0; y < H; y++ {
			for x := 0; x < W; x++ {
				var s [3]int
				n := 0
				for d := -r; d <= r; d++ {
					xx, yy := x, y
					if pass%2 == 0 {
						xx = min(W-1, max(0, x+d))
					} else {
						yy = min(H-1, max(0, y+d))
					}
					o := cur.PixOffset(xx, yy)
					for k := range s {
						s[k] += int(cur.Pix[o+k])
					}
					n++
				}
				next.Set(x, y, color.RGBA{uint8(s[0] / n), uint8(s[1] / n), uint8(s[2] / n), 255})
			}
		}
		cur = next
	}
	return cur
}

// TestEdgeSpread: every sharp real tile of the fixtures spreads its edges
// under BlurSpread, the same tiles blurred by a few pixels above it, and
// the more blur the more spread; a flat crop has no edges.
func TestEdgeSpread(t *testing.T) {
	files, _ := filepath.Glob("testdata/real/*.png")
	imgs := loadPNGs(t, "testdata/real/*.png")
	for i, img := range imgs {
		name := filepath.Base(files[i])
		if fixtureLetter(files[i]) == "" {
			continue // table texture: no tile edges to speak of
		}
		side := img.Bounds().Dx()
		var prev float64
		for _, tc := range []struct {
			name    string
			r       int // box half-width, in 1/32 of the crop's side
			blurred bool
		}{
			{"sharp", 0, false},
			{"blurred a little", 1, false},
			{"blurred", 3, true},
			{"blurred into a blob", 5, true},
		} {
			crop := image.Image(img)
			if tc.r > 0 {
				crop = boxBlur(img, max(1, tc.r*side/32))
			}
			s, err := EdgeSpread(crop)
			if err != nil {
				t.Fatal(err)
			}
			if got := s >= BlurSpread; got != tc.blurred && (tc.r == 0 || tc.blurred) {
				t.Errorf("%s, %s: spread %.3f, blurred %v, want %v", name, tc.name, s, got, tc.blurred)
			}
			if s < prev {
				t.Errorf("%s, %s: spread %.3f, less than with less blur (%.3f)", name, tc.name, s, prev)
			}
			prev = s
		}
	}
	flat := image.NewRGBA(image.Rect(0, 0, 40, 40))
	for i := range flat.Pix {
		flat.Pix[i] = 200
	}
	if s, err := EdgeSpread(flat); err != nil || s != 0 {
		t.Errorf("flat crop: spread %v, %v; want 0", s, err)
	}
	if _, err := EdgeSpread(nil); err == nil {
		t.Error("nil crop: no error")
	}
}

// TestSpecialistFor: the default English classifier hands a blurred crop
// to its specialist and keeps a sharp one; a classifier made from a model
// file has no specialist; the Russian one neither.
func TestSpecialistFor(t *testing.T) {
	en := defaultReader(t, English).(*Classifier)
	m, err := LoadModel(English)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := NewClassifier(m)
	if err != nil {
		t.Fatal(err)
	}
	ru := defaultReader(t, Russian).(*Classifier)
	img := loadPNGs(t, "testdata/real/K_0_9.png")[0]
	blurred := boxBlur(img, max(1, 4*img.Bounds().Dx()/32))
	for _, tc := range []struct {
		name string
		c    *Classifier
		crop image.Image
		want bool
	}{
		{"default, sharp", en, img, false},
		{"default, blurred", en, blurred, true},
		{"model file, blurred", plain, blurred, false},
		{"Russian, blurred", ru, blurred, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sp, ok, err := tc.c.SpecialistFor(tc.crop)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tc.want || (ok && (sp == nil || sp == tc.c)) {
				t.Errorf("specialist %p, ok %v; want ok %v and a specialist of its own", sp, ok, tc.want)
			}
		})
	}
	if _, _, err := en.SpecialistFor(nil); err == nil {
		t.Error("nil crop: no error")
	}
}

// TestBlurSpecialistReads: the specialist's model file loads, knows the
// main model's glyphs, and reads the letters of rendered Upwords scenes
// blurred, shaken and compressed (seeds no training or evaluation set
// uses), as the board reader cuts them, better than the main model and
// two in three at least (these are harder than the evaluation's hard
// scenes: every one blurred by 1.5-3.5 px, most shaken too). Through
// Cascade (what eval-tiles --backend cascade reads with) a third or more
// count as blurred and more read right than with the main model alone;
// the sharp real fixtures read exactly as with the main model.
func TestBlurSpecialistReads(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	m, err := LoadModel(SpecialistBlur)
	if err != nil {
		t.Fatal(err)
	}
	main, err := LoadModel(English)
	if err != nil {
		t.Fatal(err)
	}
	cas, err := NewBlurCascade(main, m)
	if err != nil {
		t.Fatal(err)
	}
	crops, err := dataset.RenderedCropsWith("upwords", 400001, 2, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Degrade: true})
	if err != nil {
		t.Fatal(err)
	}
	sp, _ := NewClassifier(m)
	en := defaultReader(t, English).(*Classifier)
	var letters, rightSp, rightMain, rightCas, blurred int
	for _, c := range crops {
		if c.Letter == "" {
			continue
		}
		letters++
		k := Known{Tile: true}
		if r, err := sp.ReadKnown(c.Image, k); err == nil && r.Letter == c.Letter {
			rightSp++
		}
		if r, err := en.ReadKnown(c.Image, k); err == nil && r.Letter == c.Letter {
			rightMain++
		}
		if r, err := (Cascade{cas}).Read(c.Image); err == nil && r.Letter == c.Letter {
			rightCas++
		}
		if _, ok, _ := cas.SpecialistFor(c.Image); ok {
			blurred++
		}
	}
	t.Logf("%d letters (%d blurred by the gate): specialist %d, main model %d, cascade %d right", letters, blurred, rightSp, rightMain, rightCas)
	if letters < 30 {
		t.Fatalf("only %d letters rendered", letters)
	}
	if rightSp*3 < letters*2 || rightSp <= rightMain {
		t.Errorf("specialist reads %d of %d letters, the main model %d", rightSp, letters, rightMain)
	}
	if blurred*3 < letters || rightCas <= rightMain {
		t.Errorf("cascade: %d of %d letters taken for blurred, %d read right (main model %d)", blurred, letters, rightCas, rightMain)
	}
	for _, f := range []string{"testdata/real/*.png"} {
		for _, img := range loadPNGs(t, f) {
			a, err1 := en.Read(img)
			b, err2 := (Cascade{cas}).Read(img)
			if err1 != nil || err2 != nil || a != b {
				t.Errorf("a sharp fixture reads %+v through the cascade, %+v without", b, a)
			}
		}
	}
}

// BenchmarkEdgeSpread: the gate's cost per crop, on crops as the board
// reader hands them over (the fixtures resampled to 64x64 RGBA).
func BenchmarkEdgeSpread(b *testing.B) {
	var imgs []image.Image
	for _, img := range loadPNGs(b, "testdata/real/*.png") {
		r := image.NewRGBA(image.Rect(0, 0, 64, 64))
		sb := img.Bounds()
		for y := 0; y < 64; y++ {
			for x := 0; x < 64; x++ {
				r.Set(x, y, img.At(sb.Min.X+x*sb.Dx()/64, sb.Min.Y+y*sb.Dy()/64))
			}
		}
		imgs = append(imgs, r)
	}
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := EdgeSpread(imgs[i%len(imgs)]); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}
