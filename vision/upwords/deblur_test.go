package upwords

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/internal/deconv"
)

// TestDeconvolveFace: a dark bar on a light face, blurred by a Gaussian
// of 3 pixels (a face of a photo 2.5-3 px out of focus, as its crop
// shows it), comes out of deconvolveFace with its edges sharper (a
// lower ocr.EdgeSpread), grey, the crop's size at the origin; a flat
// crop stays flat.
func TestDeconvolveFace(t *testing.T) {
	const n = 64
	bar := func(blur float64) *image.RGBA {
		p := make([]float64, n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				p[y*n+x] = 220
				if x >= 26 && x < 38 && y >= 12 && y < 52 {
					p[y*n+x] = 40
				}
			}
		}
		if blur > 0 {
			out, tmp := make([]float64, n*n), make([]float64, n*n)
			deconv.ConvolveSep(p, out, tmp, n, n, vision.GaussianKernel(blur, 3))
			p = out
		}
		img := image.NewRGBA(image.Rect(10, 20, 10+n, 20+n)) // not at the origin
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				v := uint8(p[y*n+x] + 0.5)
				img.Set(10+x, 20+y, color.RGBA{v, v, v, 255})
			}
		}
		return img
	}
	spread := func(img image.Image) float64 {
		s, err := ocr.EdgeSpread(img)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	blurred := bar(3)
	got := deconvolveFace(blurred)
	if got.Rect != image.Rect(0, 0, n, n) {
		t.Fatalf("deconvolved crop %v, want %v", got.Rect, image.Rect(0, 0, n, n))
	}
	before, after, sharp := spread(blurred), spread(got), spread(bar(0))
	if before < ocr.BlurSpread {
		t.Fatalf("the blurred bar's spread %.3f is under ocr.BlurSpread: not a blurred crop", before)
	}
	if after >= before-(before-sharp)/3 {
		t.Errorf("edge spread %.3f blurred, %.3f deconvolved, %.3f sharp: want a third of the way back at least", before, after, sharp)
	}
	for i := 0; i < len(got.Pix); i += 4 {
		if p := got.Pix[i : i+4]; p[0] != p[1] || p[1] != p[2] || p[3] != 255 {
			t.Fatalf("pixel %d is %v: want grey and opaque", i/4, p)
		}
	}
	flat := image.NewRGBA(image.Rect(0, 0, n, n))
	for i := range flat.Pix {
		flat.Pix[i] = 150
	}
	for i, v := range deconvolveFace(flat).Pix {
		if i%4 != 3 && (v < 149 || v > 151) {
			t.Fatalf("a flat crop deconvolved has %d at %d, want 150", v, i)
		}
	}
}

// TestDeblurReader: faces of blurred scenes of the tuning sets (2.5-3 px
// of defocus; testdata/deblur, cut as the scan cuts them by
// TestDeblurDiagnosis from upwtype's T1 106900 and T2 106901) that the
// specialist for blurred crops misreads as cut are read right by
// deblurReader (the crop pooled with its deconvolution), and still
// unsure; faces it reads right as cut it still reads right (K among
// them, which en-upwb misread as cut before it was trained on reshaped
// letters). A face the smoothing of the Upwords reader's crops
// (upwdim) lost to deblurReader must stay unsure.
func TestDeblurReader(t *testing.T) {
	rd := upwordsReader(t)
	sp, ok, err := rd.SpecialistFor(blurredCrop)
	if err != nil || !ok {
		t.Fatalf("the Upwords reader has no specialist for blurred crops (%v)", err)
	}
	cases := []struct {
		name   string
		file   string
		letter string
		turns  int  // the board's reading direction, quarter turns
		mended bool // misread as cut
		// lost: misread as cut and by deblurReader since the reader
		// smooths its crops (ocr.Classifier's smooth): a known cost,
		// the reading held unsure
		lost bool
	}{
		// Read O and L as cut until the reader smoothed its crops
		// (upwdim: docs/vision.md, "Upwords letters on dim, blurred and
		// shaken faces"); read right as cut since, E unsure (0.40) and
		// surer with its deconvolution.
		{"D read right as cut, smoothed", "t106901-0001-r3c5-D.png", "D", 3, false, false},
		{"E read right as cut, smoothed", "t106901-0001-r4c7-E.png", "E", 3, false, false},
		{"D read O as cut, serif", "t106900-0006-r0c7-D.png", "D", 0, true, false},
		{"R read right as cut", "t106901-0002-r3c3-R.png", "R", 2, false, false},
		{"B read right as cut", "t106900-0027-r8c0-B.png", "B", 1, false, false},
		{"M read right as cut", "t106901-0014-r4c0-M.png", "M", 3, false, false},
		// Read E and G as cut until en-upwb learnt letters reshaped as
		// other typefaces draw them (docs/vision.md, "Upwords letters on
		// blurred photos: the main reader's first reading, en-upwb on
		// reshaped letters").
		{"K read right as cut", "t106901-0028-r9c2-K.png", "K", 2, false, false},
		// Read right as cut by that en-upwb, read G again since en-upwb
		// was trained further on shaken scenes (upwread); deblurReader
		// read it right, unsure, until the reader smoothed its crops:
		// G 0.68 since (the deconvolution's sharpened edges smoothed
		// back).
		{"C read G as cut, lost to smoothing", "t106900-0027-r1c8-C.png", "C", 1, true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			face := loadImage(t, filepath.Join("testdata", "deblur", tc.file))
			if s, err := ocr.EdgeSpread(face); err != nil || s < ocr.BlurSpread {
				t.Fatalf("edge spread %.3f (%v): not a blurred crop", s, err)
			}
			kn := ocr.Known{Tile: true, HasAngle: true, Angle: float64(90 * tc.turns)}
			cut, err := sp.ReadKnown(face, kn)
			if err != nil {
				t.Fatal(err)
			}
			if (cut.Letter != tc.letter) != tc.mended {
				t.Fatalf("as cut the specialist reads %s %.2f: the case no longer tests what it names", cut.Letter, cut.Conf)
			}
			got, err := deblurReader{sp}.ReadKnown(face, kn)
			if err != nil {
				t.Fatal(err)
			}
			if tc.lost {
				if got.Conf >= SureConf {
					t.Errorf("deblurReader reads %s at %.2f, want it unsure (under %.2f)", got.Letter, got.Conf, SureConf)
				}
				if got.Letter == tc.letter {
					t.Errorf("deblurReader reads %s %.2f again: the case no longer tests what it names", got.Letter, got.Conf)
				}
				return
			}
			if got.Letter != tc.letter {
				t.Errorf("deblurReader reads %s %.2f, want %s (as cut %s %.2f)", got.Letter, got.Conf, tc.letter, cut.Letter, cut.Conf)
			}
			if tc.mended && got.Conf >= SureConf {
				t.Errorf("deblurReader reads %s at %.2f: a letter misread as cut must stay unsure (under %.2f)", got.Letter, got.Conf, SureConf)
			}
		})
	}
}
