package ocr

import (
	"image"
	"image/color"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr/synth"
)

// dim scales every channel of img by f and adds the sensor's noise (the
// same in every channel, 2 grey levels), as a dimly lit photo would show
// it.
func dim(img image.Image, f float64, rng *rand.Rand) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			e := rng.NormFloat64() * 2
			c := func(v uint32) uint8 { return uint8(min(max(float64(v>>8)*f+e+0.5, 0), 255)) }
			out.SetRGBA(x, y, color.RGBA{c(r), c(g), c(bl), 255})
		}
	}
	return out
}

// TestDimCrops reads the real fixtures as a dim photo would show them (a
// fifth and a third of the light): the letters and the empty squares must
// read as in full light. Without the exposure step the faint letters pass
// for empty squares.
func TestDimCrops(t *testing.T) {
	rd := defaultReader(t, English)
	files, _ := filepath.Glob("testdata/real/*.png")
	imgs := loadPNGs(t, "testdata/real/*.png")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, f := range []float64{0.2, 0.33} {
		wrong := 0
		for i, file := range files {
			want := fixtureLetter(file)
			got, err := rd.Read(dim(imgs[i], f, rng))
			if err != nil {
				t.Fatal(err)
			}
			if got.Letter != want {
				wrong++
				t.Logf("light %.2f: %s read %q (conf %.2f)", f, filepath.Base(file), got.Letter, got.Conf)
			}
		}
		// quantising a fifth of the light loses detail: allow one miss
		if wrong > 1 {
			t.Errorf("light %.2f: %d of %d crops read wrong", f, wrong, len(files))
		}
	}
}

// TestExpose: a crop in ordinary light is not changed, and a
// dim one is brightened by one gain for every channel, up to the limit.
func TestExpose(t *testing.T) {
	tests := []struct {
		name     string
		top      float32 // the brightest 5% of the crop
		wantGain float32
	}{
		{"lit", 0.8, 1},
		{"just lit enough", darkTop + 0.02, 1},
		{"dim", 0.3, exposeTo / (19.5 / 64)}, // 0.3 falls in the 20th of 64 bins
		{"very dark: gain capped", 0.05, maxGain},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			const n = 40
			im := &rgbImage{W: n, H: n, R: make([]float32, n*n), G: make([]float32, n*n), B: make([]float32, n*n)}
			for i := range im.R {
				v := tc.top / 2 // the face; a tenth of it brighter
				if i%10 == 0 {
					v = tc.top
				}
				im.R[i], im.G[i], im.B[i] = v, v, v
			}
			g := im.gray(nil)
			r0, g0 := im.R[0], g.Pix[0]
			expose(im, g)
			gotR, gotG := im.R[0]/r0, g.Pix[0]/g0
			// the bin's middle stands for the level: allow for it
			if d := gotR - tc.wantGain; d > 1e-3 || d < -1e-3 {
				t.Errorf("red gain %.3f, want %.3f", gotR, tc.wantGain)
			}
			if d := gotG - gotR; d > 1e-4 || d < -1e-4 {
				t.Errorf("grey gain %.3f differs from the channels' %.3f", gotG, gotR)
			}
		})
	}
}

// TestReadLetter: told that a crop holds a tile, the reader answers a
// letter: the same one Read gives when Read sees a letter, and on a tile
// too faint for Read (the fixtures at 4% of the light, noisy, where Read
// answers "no tile" for most) mostly the right one.
func TestReadLetter(t *testing.T) {
	rd := defaultReader(t, English).(LetterReader)
	files, _ := filepath.Glob("testdata/real/*.png")
	imgs := loadPNGs(t, "testdata/real/*.png")
	rng := rand.New(rand.NewPCG(3, 4))
	faint, faintRight := 0, 0
	for i, file := range files {
		want := fixtureLetter(file)
		if want == "" {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			r, err := rd.Read(imgs[i])
			if err != nil {
				t.Fatal(err)
			}
			l, err := rd.ReadLetter(imgs[i])
			if err != nil {
				t.Fatal(err)
			}
			if r.Letter != "" && (l.Letter != r.Letter || l.Angle != r.Angle || l.Conf != r.Conf) {
				t.Errorf("ReadLetter %+v, Read %+v: want the same", l, r)
			}
			d := dim(imgs[i], 0.04, rng)
			r, _ = rd.Read(d)
			l, _ = rd.ReadLetter(d)
			if l.Letter == "" {
				t.Errorf("ReadLetter of a faint tile: no letter (%+v)", l)
			}
			if r.Letter == "" {
				faint++
				if l.Letter == want {
					faintRight++
				}
			}
		})
	}
	t.Logf("%d faint tiles read as no tile, %d of them right with ReadLetter", faint, faintRight)
	if faintRight*2 < faint {
		t.Errorf("ReadLetter right on %d of %d faint tiles", faintRight, faint)
	}
}

// TestReadKnownAngle: told the angle a letter stands at, the reader keeps
// to it. M and W (one is nearly the other upside down) drawn at random
// angles read right at their own angle, and mostly as each other when
// told the opposite angle; a letter that looks the same upside down (N,
// S) reads the same either way.
func TestReadKnownAngle(t *testing.T) {
	rd := defaultReader(t, English).(KnownReader)
	g, err := synth.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	other := map[string]string{"M": "W", "W": "M", "N": "N", "S": "S"}
	letters := []string{"M", "W", "N", "S"}
	right, swapped, n := 0, 0, 0
	for i := 0; i < 80; i++ {
		l := letters[i%len(letters)]
		s := g.Tile(rand.New(rand.NewPCG(77, uint64(i))), l)
		got, err := rd.ReadKnown(s.Image, Known{Tile: true, HasAngle: true, Angle: s.Angle})
		if err != nil {
			t.Fatal(err)
		}
		if got.Letter == l {
			right++
		} else {
			t.Logf("%d %s at %.0f: read %q", i, l, s.Angle, got.Letter)
		}
		flip, _ := rd.ReadKnown(s.Image, Known{Tile: true, HasAngle: true, Angle: s.Angle + 180})
		if flip.Letter == other[l] {
			swapped++
		}
		n++
	}
	t.Logf("right %d/%d at the true angle, read as the other %d/%d upside down", right, n, swapped, n)
	if right < n*9/10 {
		t.Errorf("only %d of %d right at their own angle", right, n)
	}
	if swapped < n*2/3 {
		t.Errorf("only %d of %d read as the other letter told the opposite angle", swapped, n)
	}
}
