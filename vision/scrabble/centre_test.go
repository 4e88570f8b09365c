package scrabble

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// steepPhoto is img as a camera turned steeply towards one side of it
// sees it: the picture's top side shrunk to share of its width about
// its middle (the far side), the bottom kept, sampled bilinearly; view
// maps img's pixels to the steep picture's.
func steepPhoto(t testing.TB, img image.Image, share float64) (image.Image, vision.Homography) {
	t.Helper()
	b := img.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	in := (1 - share) / 2 * w
	view, err := vision.QuadHomography(1, 1, vision.Quad{{X: in, Y: 0}, {X: w - in, Y: 0}, {X: w, Y: h}, {X: 0, Y: h}})
	if err != nil {
		t.Fatal(err)
	}
	unit, err := vision.QuadHomography(1, 1, vision.Quad{{X: 0, Y: 0}, {X: w, Y: 0}, {X: w, Y: h}, {X: 0, Y: h}})
	if err != nil {
		t.Fatal(err)
	}
	view = view.Mul(unit.Inverse())
	back := view.Inverse()
	p := toPicture(img)
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			q := back.Apply(vision.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
			o := out.PixOffset(x, y)
			out.Pix[o+3] = 255
			if q.X < 0 || q.Y < 0 || q.X > w || q.Y > h {
				out.Pix[o], out.Pix[o+1], out.Pix[o+2] = 128, 128, 128
				continue
			}
			c := p.at(q)
			out.Pix[o], out.Pix[o+1], out.Pix[o+2] = uint8(c[0]+0.5), uint8(c[1]+0.5), uint8(c[2]+0.5)
		}
	}
	return out, view
}

// TestCentreLinesSteep: the committed photos seen steeply (the far side
// a third to a half of the near's width: corner squares 2-3 times apart,
// so centreLines sets them on their lines' middles) are read with every
// corner within 0.35 of a mean square of the label's, carried through
// the same view (0.08-0.28 here; set on the search's lines alone,
// 0.08-0.24: the middles do not help these three, but must not throw
// them off).
func TestCentreLinesSteep(t *testing.T) {
	rd := reader(t)
	for _, tc := range []struct {
		photo string
		share float64
	}{
		{"IMG_20141025_163920", 0.35},
		{"IMG_20141025_164044", 0.35},
		{"IMG_20141025_164052", 0.35},
		{"IMG_20141025_163920", 0.5},
		{"IMG_20141025_164044", 0.5},
		{"IMG_20141025_164052", 0.5},
	} {
		t.Run(fmt.Sprintf("%s far side %.2f", tc.photo, tc.share), func(t *testing.T) {
			img := loadImage(t, filepath.Join("testdata/photos", tc.photo+".jpg"))
			l, err := LoadLabel(filepath.Join("testdata/real", tc.photo+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			steep, view := steepPhoto(t, img, tc.share)
			for i := range l.Corners {
				l.Corners[i] = view.Apply(l.Corners[i])
			}
			res := EvalPhoto(tc.photo, steep, l, Options{Reader: rd})
			if !(res.CornerErr <= 0.35) {
				t.Errorf("far side %.2f of the near's: a corner %.2f of a mean square off", tc.share, res.CornerErr)
			}
		})
	}
}

// TestBlurredTurnUnsure: a motion-blurred board's turn is not said sure
// (its letters' votes are blurred letters'), upright and turned a
// quarter; a sharp board's is. The blurred photo is ../shared's
// IMG_20141025_164048 (skipped without it).
func TestBlurredTurnUnsure(t *testing.T) {
	rd := reader(t)
	blurred := loadImage(t, filepath.Join(sharedPhotos(t), "IMG_20141025_164048.jpg"))
	sharp := loadImage(t, "testdata/photos/IMG_20141025_164052.jpg")
	for _, tc := range []struct {
		name     string
		img      image.Image
		oriented bool
	}{
		{"blurred", blurred, false},
		{"blurred, turned a quarter", turnImage(blurred), false},
		{"sharp", sharp, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Scan(tc.img, Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			if r.Oriented != tc.oriented || r.Blurred == tc.oriented {
				t.Errorf("oriented %v, blurred %v; want oriented %v", r.Oriented, r.Blurred, tc.oriented)
			}
		})
	}
}

// turnImage is img turned a quarter clockwise.
func turnImage(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dy(), b.Dx()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			out.Set(b.Dy()-1-y, x, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}
