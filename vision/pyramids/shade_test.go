package pyramids

import (
	"bytes"
	"image"
	"image/jpeg"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision/render"
)

// TestShadeLitAt: a square read black is a shadow, not black plastic,
// only where it stands about as light as the board around it, on
// enough of that board's samples.
func TestShadeLitAt(t *testing.T) {
	for _, tc := range []struct {
		name        string
		value, ring float64
		seen        int
		want        bool
	}{
		{"black plastic in the runway's light", 0.15, 0.95, 32, false},
		{"black plastic in a dim scene, lifted by the ambient light", 0.26, 0.35, 32, false},
		{"black plastic in a neighbour's shadow", 0.23, 0.29, 24, false},
		{"an empty square in a stack's shadow, as dark as the channels around", 0.20, 0.21, 26, true},
		{"an empty square in a shadow, lighter than the channels", 0.34, 0.26, 32, true},
		{"as light as the board, too few of its samples seen", 0.20, 0.21, 8, false},
		{"no board seen around it", 0.20, 0, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := shadeLitAt(tc.value, tc.ring, tc.seen); got != tc.want {
				t.Errorf("shadeLitAt(%.2f, %.2f, %d) = %v, want %v", tc.value, tc.ring, tc.seen, got, tc.want)
			}
		})
	}
}

// TestShadowNotColourSure reads hard scenes rendered with a hand (as
// render-set --game pyramids --n 20 --difficulty hard --maker varied
// --hand --seed S writes them, scene i seeded S*100000+i) under a low
// light whose stacks' (and the hand's) shadows fall over empty house
// squares: none of them is read black and colour-sure (the game settles
// a colour on Square.ColourSure), nor any square in a wrong colour. At
// main 113906/0018's (2,2) and (3,2), in the yellow stacks' shadow at 31
// degrees, and 113907/0009's (7,3) were read black and colour-sure.
func TestShadowNotColourSure(t *testing.T) {
	if testing.Short() {
		t.Skip("renders hard scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"the yellow stacks' shadow over the house at 31 degrees (113906/0018)", 11390600018},
		{"a shadow over the house beside the green stacks (113907/0009)", 11390700009},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, sc := renderHardHand(t, tc.seed)
			r, err := Scan(img, Options{Reader: rd, FaceModel: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range sc.Truth.Cells {
				sq := r.Square(pyramids.Pos{Row: c.Row, Col: c.Col})
				if c.Occluded || !sq.ColourSure {
					continue
				}
				want, _ := pyramids.ParseColour(c.Colour)
				if c.Height == 0 {
					want = pyramids.NoColour
				}
				if sq.Colour != want {
					t.Errorf("row %d col %d read %v and colour-sure, truth %v", c.Row, c.Col, sq.Colour, want)
				}
			}
		})
	}
}

// renderHardHand renders the hard Pyramids scene of seed in another
// maker's set with a hand over the board, as render-set --maker varied
// --hand writes it (through JPEG at the scene's quality).
func renderHardHand(t *testing.T, seed int64) (image.Image, *render.Scene) {
	t.Helper()
	state, err := render.RandomState("pyramids", seed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "hard")
	if err != nil {
		t.Fatal(err)
	}
	opt.Width, opt.Height = 1640, 1232
	set := render.RandomPyramidsSet(seed)
	opt.Pyramids = &set
	opt.FitGame("pyramids")
	opt.Hand = true
	sc, err := render.Render("pyramids", state, opt)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, sc.Image, &jpeg.Options{Quality: opt.Quality}); err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	return img, sc
}
