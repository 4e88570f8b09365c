package scrabble

import (
	"image"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestPictureMemoSame: what pictureMemo keeps is what the work gives
// without it: the blue and red patches (premiumPatches, asked for in
// either order and twice) and the squares' looks on a proposed board
// (lookOn), within maxShift of it and beyond; a frame whose homography
// changes after its looks were kept gets the new homography's; a frame
// moved by off, or one without memo set, is looked at directly.
func TestPictureMemoSame(t *testing.T) {
	scenes := noBoardScenes(t)
	photo := loadImage(t, "testdata/photos/IMG_20141025_164052_1640x1232.jpg")
	for _, tc := range []struct {
		name string
		img  image.Image
		q    vision.Quad
	}{
		{"crowded board, no board found", scenes["crowded-blurred"], vision.Quad{{X: 500, Y: 300}, {X: 1150, Y: 320}, {X: 1130, Y: 960}, {X: 480, Y: 930}}},
		{"loose tiles", scenes["loose-tiles"], vision.Quad{{X: 300, Y: 200}, {X: 1300, Y: 220}, {X: 1280, Y: 1100}, {X: 320, Y: 1080}}},
		{"a board's photo", photo, vision.Quad{{X: 400, Y: 150}, {X: 1250, Y: 160}, {X: 1240, Y: 1050}, {X: 390, Y: 1040}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain := toPicture(tc.img)
			plain.patches = nil
			step := 2
			wantBlue := premiumPatches(plain, step, premiumBlue)
			wantRed := premiumPatches(plain, step, premiumRed)
			for _, redFirst := range []bool{false, true} {
				p := toPicture(tc.img)
				for i := 0; i < 2; i++ {
					var blue, red []premiumPatch
					if redFirst {
						red, blue = redPatches(p, step), bluePatches(p, step)
					} else {
						blue, red = bluePatches(p, step), redPatches(p, step)
					}
					if !reflect.DeepEqual(blue, wantBlue) || !reflect.DeepEqual(red, wantRed) {
						t.Fatalf("red first %v, ask %d: patches %d blue, %d red, want %d, %d (or their places differ)", redFirst, i, len(blue), len(red), len(wantBlue), len(wantRed))
					}
				}
			}
			p := toPicture(tc.img)
			f := frameAt(p, tc.q)
			if f == nil || !f.memo {
				t.Fatal("frameAt gave no frame with memo set")
			}
			direct := &frame{p: plain, hq: f.hq}
			check := func(what string, f, direct *frame) {
				t.Helper()
				for r := -maxShift - 1; r <= Size+maxShift; r++ {
					for c := -maxShift - 1; c <= Size+maxShift; c++ {
						for i := 0; i < 2; i++ {
							if got, want := lookK(f, r, c, memoK), lookOn(direct, r, c, memoK); got != want {
								t.Fatalf("%s: square %d,%d (ask %d): look %+v, want %+v", what, r, c, i, got, want)
							}
						}
					}
				}
			}
			check("proposed board", f, direct)
			// the homography changed after (refit): the new one's looks
			h2 := *f.hq
			h2[2] += 7
			f.hq = &h2
			check("homography changed", f, &frame{p: plain, hq: &h2})
			// moved by whole squares: looked at directly, as before
			f.off = vision.Point{X: 1, Y: -1}
			check("moved by off", f, &frame{p: plain, hq: &h2, off: f.off})
		})
	}
}

// TestGrow3: grow3 sets a sample exactly where the 3x3 around it holds
// a set one (looked at whole, as patchesOf did), at the mask's edges
// and corners too.
func TestGrow3(t *testing.T) {
	rng := rand.New(rand.NewPCG(96701, 1))
	for _, tc := range []struct {
		name    string
		w, h    int
		density float64
	}{
		{"sparse", 40, 30, 0.02},
		{"dense", 40, 30, 0.4},
		{"one row", 25, 1, 0.1},
		{"one column", 1, 25, 0.1},
		{"empty", 16, 16, 0},
		{"full", 16, 16, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mask := make([]bool, tc.w*tc.h)
			for i := range mask {
				mask[i] = rng.Float64() < tc.density
			}
			got := grow3(mask, tc.w, tc.h)
			for y := 0; y < tc.h; y++ {
				for x := 0; x < tc.w; x++ {
					want := false
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							xx, yy := x+dx, y+dy
							if xx >= 0 && yy >= 0 && xx < tc.w && yy < tc.h && mask[yy*tc.w+xx] {
								want = true
							}
						}
					}
					if got[y*tc.w+x] != want {
						t.Fatalf("sample %d,%d: %v, want %v", x, y, got[y*tc.w+x], want)
					}
				}
			}
		})
	}
}
