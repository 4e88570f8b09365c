package upwords

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/render"
)

// refLetterCrop is letterCrop written the plain way: every crop pixel
// samples its four picture neighbours through colourAt. letterCrop must
// give the same bytes.
func refLetterCrop(img image.Image, q vision.Quad, size int) *image.RGBA {
	s := float64(size)
	dst := []vision.Point{{X: 0, Y: 0}, {X: s, Y: 0}, {X: s, Y: s}, {X: 0, Y: s}}
	src := make([]vision.Point, 4)
	for i, d := range dst {
		src[i] = bilerpQuadExt(q, d.X/s*(1+2*letterMargin)-letterMargin, d.Y/s*(1+2*letterMargin)-letterMargin)
	}
	out := image.NewRGBA(image.Rect(0, 0, size, size))
	hm, err := vision.FitHomography(dst, src)
	if err != nil {
		return out
	}
	W, H := img.Bounds().Dx(), img.Bounds().Dy()
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			sp := hm.Apply(vision.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
			fx, fy := sp.X-0.5, sp.Y-0.5
			ix, iy := int(math.Floor(fx)), int(math.Floor(fy))
			o := out.PixOffset(x, y)
			out.Pix[o+3] = 255
			if ix < 0 || iy < 0 || ix+1 >= W || iy+1 >= H {
				continue
			}
			ax, ay := fx-float64(ix), fy-float64(iy)
			var acc [3]float64
			for k, w := range [4]float64{(1 - ax) * (1 - ay), ax * (1 - ay), (1 - ax) * ay, ax * ay} {
				r, g, b := vision.ColourAt(img, ix+k%2, iy+k/2)
				acc[0] += w * r
				acc[1] += w * g
				acc[2] += w * b
			}
			out.Pix[o], out.Pix[o+1], out.Pix[o+2] = uint8(acc[0]+0.5), uint8(acc[1]+0.5), uint8(acc[2]+0.5)
		}
	}
	return out
}

// TestLetterCrop: the letter crop (which converts the picture under the
// face once) is byte for byte the plain bilinear crop, for a JPEG's YCbCr
// picture (three chroma layouts), RGBA, grey and sub-images, with faces
// inside the picture, across its edge, off it, tiny and degenerate.
func TestLetterCrop(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	const W, H = 160, 120
	ycc := image.NewYCbCr(image.Rect(0, 0, W, H), image.YCbCrSubsampleRatio420)
	for i := range ycc.Y {
		ycc.Y[i] = uint8(rng.IntN(256))
	}
	for i := range ycc.Cb {
		ycc.Cb[i], ycc.Cr[i] = uint8(rng.IntN(256)), uint8(rng.IntN(256))
	}
	ycc444 := image.NewYCbCr(image.Rect(0, 0, W, H), image.YCbCrSubsampleRatio444)
	ycc422 := image.NewYCbCr(image.Rect(0, 0, W, H), image.YCbCrSubsampleRatio422)
	for _, m := range []*image.YCbCr{ycc444, ycc422} {
		copy(m.Y, ycc.Y)
		for i := range m.Cb {
			m.Cb[i], m.Cr[i] = uint8(rng.IntN(256)), uint8(rng.IntN(256))
		}
	}
	rgba := image.NewRGBA(image.Rect(0, 0, W, H))
	gray := image.NewGray(image.Rect(0, 0, W, H))
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			rgba.Set(x, y, ycc.At(x, y))
			gray.SetGray(x, y, color.Gray{Y: uint8(rng.IntN(256))})
		}
	}
	pics := []struct {
		name string
		img  image.Image
	}{
		{"YCbCr 4:2:0", ycc}, {"YCbCr 4:4:4", ycc444}, {"YCbCr 4:2:2", ycc422},
		{"RGBA", rgba}, {"grey", gray},
		{"YCbCr sub-image", ycc.SubImage(image.Rect(10, 7, 150, 113))},
		{"YCbCr sub-image, odd corner", ycc.SubImage(image.Rect(11, 5, 151, 113))},
		{"RGBA sub-image", rgba.SubImage(image.Rect(3, 4, 140, 100))},
	}
	faces := []struct {
		name string
		q    vision.Quad
	}{
		{"inside, in perspective", vision.Quad{{X: 50, Y: 40}, {X: 90, Y: 42}, {X: 95, Y: 80}, {X: 47, Y: 78}}},
		{"turned", vision.Quad{{X: 80, Y: 20}, {X: 110, Y: 50}, {X: 80, Y: 80}, {X: 50, Y: 50}}},
		{"across the left edge", vision.Quad{{X: -10, Y: 30}, {X: 25, Y: 30}, {X: 25, Y: 65}, {X: -10, Y: 65}}},
		{"across the bottom right corner", vision.Quad{{X: 140, Y: 100}, {X: 175, Y: 100}, {X: 175, Y: 135}, {X: 140, Y: 135}}},
		{"off the picture", vision.Quad{{X: 300, Y: 300}, {X: 340, Y: 300}, {X: 340, Y: 340}, {X: 300, Y: 340}}},
		{"tiny", vision.Quad{{X: 70, Y: 60}, {X: 71, Y: 60}, {X: 71, Y: 61}, {X: 70, Y: 61}}},
		{"degenerate", vision.Quad{{X: 70, Y: 60}, {X: 70, Y: 60}, {X: 70, Y: 60}, {X: 70, Y: 60}}},
		{"huge", vision.Quad{{X: -400, Y: -400}, {X: 600, Y: -400}, {X: 600, Y: 600}, {X: -400, Y: 600}}},
	}
	for _, pc := range pics {
		for _, f := range faces {
			t.Run(pc.name+", "+f.name, func(t *testing.T) {
				for _, size := range []int{64, 33} {
					got, want := letterCrop(pc.img, f.q, size), refLetterCrop(pc.img, f.q, size)
					if got.Rect != want.Rect {
						t.Fatalf("size %d: %v, want %v", size, got.Rect, want.Rect)
					}
					for i := range got.Pix {
						if got.Pix[i] != want.Pix[i] {
							t.Fatalf("size %d: byte %d (pixel %d, %d) is %d, want %d", size, i, i/4%size, i/4/size, got.Pix[i], want.Pix[i])
						}
					}
				}
			})
		}
	}
}

// BenchmarkLetterCrop: one 64-pixel letter crop of a JPEG picture. It
// reports the CPU time per crop too (the machine is shared).
func BenchmarkLetterCrop(b *testing.B) {
	img := image.NewYCbCr(image.Rect(0, 0, 1640, 1232), image.YCbCrSubsampleRatio420)
	q := vision.Quad{{X: 800, Y: 600}, {X: 860, Y: 604}, {X: 866, Y: 660}, {X: 796, Y: 656}}
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		letterCrop(img, q, 64)
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano()
	b.ReportMetric(float64(cpu)/1e3/float64(b.N), "cpu-us/op")
}

// countingBlur is the default English reader, counting the crops it hands
// to its specialist for blurred crops.
type countingBlur struct {
	*ocr.Classifier
	consulted int
}

func (c *countingBlur) SpecialistFor(img image.Image) (*ocr.Classifier, bool, error) {
	sp, ok, err := c.Classifier.SpecialistFor(img)
	if ok {
		c.consulted++
	}
	return sp, ok, err
}

// TestBlurSpecialistOnlyWhereMeant: the specialist for blurred crops is
// consulted only where it is meant to be. The same board (a hard scene of
// a seed no evaluation or training set uses) photographed sharp reads
// without it, exactly as with a reader that has none; photographed
// blurred and shaken (3 px of defocus, 4 px of motion), it is consulted,
// and reads at least as many letters right as the main model alone.
func TestBlurSpecialistOnlyWhereMeant(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	def, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ocr.LoadModel(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := ocr.NewClassifier(m) // the same model, no specialist
	if err != nil {
		t.Fatal(err)
	}
	const seed = 400123
	state, err := render.RandomUpwords(seed, 10)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "hard")
	if err != nil {
		t.Fatal(err)
	}
	opt.Hand = false
	dir := t.TempDir()
	for _, tc := range []struct {
		name         string
		blur, motion float64
		consulted    bool
	}{
		{"sharp", 0, 0, false},
		{"blurred and shaken", 3, 4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := opt
			o.Blur, o.MotionPx, o.MotionDeg = tc.blur, tc.motion, 30
			sc, err := render.Render("upwords", state, o)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, tc.name+".jpg")
			js, err := json.Marshal(sc.Truth)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, sc.JPEG, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path+".json", js, 0o644); err != nil {
				t.Fatal(err)
			}
			tr, err := vision.LoadTruth(path + ".json")
			if err != nil {
				t.Fatal(err)
			}
			rd := &countingBlur{Classifier: def.(*ocr.Classifier)}
			with := EvalScene(path, tr, EvalOptions{Scan: Options{Reader: rd}})
			without := EvalScene(path, tr, EvalOptions{Scan: Options{Reader: plain}})
			if with.Err != nil || !with.Found {
				t.Fatalf("board not read: %v", with.Err)
			}
			t.Logf("specialist consulted %d times; letters right %d of %d (%d without it)", rd.consulted, with.Letters, with.Occupied, without.Letters)
			if (rd.consulted > 0) != tc.consulted {
				t.Errorf("specialist consulted %d times, want it consulted: %v", rd.consulted, tc.consulted)
			}
			if !tc.consulted && (with.Letters != without.Letters || fmt.Sprint(with.Mistakes) != fmt.Sprint(without.Mistakes)) {
				t.Errorf("a sharp photo reads otherwise with the specialist: %v, without: %v", with.Mistakes, without.Mistakes)
			}
			if with.Letters < without.Letters {
				t.Errorf("letters right %d with the specialist, %d without", with.Letters, without.Letters)
			}
		})
	}
}
