package scrabble

import (
	"image"
	"math/rand"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// shakenScene renders the Scrabble position of seed under the seed's
// normal conditions, the camera shaken along a line of px pixels (of a
// 1640-wide picture) in a direction drawn from the seed, as render-set
// --difficulty normal --motion px draws its scene of seed (render-set
// --seed S draws scene i of seed S*100000+i).
func shakenScene(t *testing.T, seed int64, px float64) (image.Image, *Label) {
	t.Helper()
	state, err := render.RandomState("scrabble", seed)
	if err != nil {
		t.Fatal(err)
	}
	o, err := render.RandomOptions(seed, "normal")
	if err != nil {
		t.Fatal(err)
	}
	o.FitGame("scrabble")
	o.Width, o.Height = 1640, 1232
	o.MotionPx = px
	o.MotionDeg = 180 * rand.New(rand.NewSource(seed^0x6d6f74)).Float64()
	sc, err := render.Render("scrabble", state, o)
	if err != nil {
		t.Fatal(err)
	}
	return photoOf(t, sc)
}

// TestShakenBoardRead: a board photographed with the camera shaken (the
// reading says it is blurred) is read by the model trained on shaken
// squares (blurReader): its letters no longer read as their smears look
// turned (an S or E smeared across read M a quarter turn round, which
// also left the board's turn unchosen), so most of them are read right,
// and still none is shown sure. A sharp photo is read as before: not
// blurred, every tile right.
func TestShakenBoardRead(t *testing.T) {
	if testing.Short() {
		t.Skip("scans several photos")
	}
	if scrabbleBlurModel() == nil {
		t.Skip("no model trained on shaken squares in this binary")
	}
	for _, tc := range []struct {
		name    string
		photo   func(t *testing.T) (image.Image, *Label)
		blurred bool
		// minRead: the least share of the labelled tiles read right
		minRead float64
	}{
		{"real photo, shaken by the hand (164048)", func(t *testing.T) (image.Image, *Label) {
			img := loadImage(t, filepath.Join(sharedPhotos(t), "IMG_20141025_164048.jpg"))
			l, err := LoadLabel("testdata/real/IMG_20141025_164048.txt")
			if err != nil {
				t.Fatal(err)
			}
			return img, l
		}, true, 0.6},
		{"rendered board shaken 16 px", func(t *testing.T) (image.Image, *Label) {
			return shakenScene(t, 9907000000, 16)
		}, true, 0.6},
		{"sharp photo (164052)", func(t *testing.T) (image.Image, *Label) {
			img := loadImage(t, "testdata/photos/IMG_20141025_164052.jpg")
			l, err := LoadLabel("testdata/real/IMG_20141025_164052.txt")
			if err != nil {
				t.Fatal(err)
			}
			return img, l
		}, false, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l := tc.photo(t)
			opt := Options{Reader: reader(t)}
			rd, err := Scan(img, opt)
			if err != nil {
				t.Fatal(err)
			}
			if rd.Blurred != tc.blurred {
				t.Fatalf("blurred %v, want %v", rd.Blurred, tc.blurred)
			}
			res := EvalPhoto("photo", img, l, opt)
			if !res.Found {
				t.Fatalf("board not found where the label has it (corners %.2f squares off)", res.CornerErr)
			}
			if got := float64(res.TilesRead) / float64(res.Tiles); got < tc.minRead {
				t.Errorf("read %d of %d tiles right (%.2f), want %.2f or more; mistakes %v", res.TilesRead, res.Tiles, got, tc.minRead, res.Mistakes)
			}
			if tc.blurred && res.Sure > 0 {
				t.Errorf("%d tiles shown sure on a blurred board, want none", res.Sure)
			}
		})
	}
}
