package scrabble

import (
	"image"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestCutBoard: a crowded board under a hand that the picture cuts, which
// no stage found wholly in view (95007 rendered), is found by cutFrame
// where a board may be read partly out of view: near its true corners,
// its squares out of the picture unseen, rough (no tile shown sure); and
// not found where the board must be whole (partial false), as before.
func TestCutBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	const seed = 95007
	sc, img := crowdedBoard{seed: seed, edition: "wooden", hand: true}.scene(t)
	for _, tc := range []struct {
		name    string
		partial bool
		found   bool
	}{
		{"partly out of view allowed", true, true},
		{"the board must be whole", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := findFrame(img, vision.FindGridOutlineFirst, true, tc.partial)
			if !tc.found {
				if err == nil {
					t.Errorf("a board found at %v", gridCorners(f))
				}
				return
			}
			if err != nil {
				t.Fatalf("not found: %v", err)
			}
			cornersNear(t, f, boardCorners(sc))
			if !f.unseen || !f.rough {
				t.Errorf("unseen %v, rough %v: want both", f.unseen, f.rough)
			}
		})
	}
}

// TestCutJudged: cutJudged keeps the board the picture cuts at its true
// place and refuses it moved half a square, a field of one colour, and a
// board wholly in view (coveredJudged's to judge).
func TestCutJudged(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	scene := func(seed int64, edition string, hand bool) (picture, vision.Quad) {
		sc, img := crowdedBoard{seed: seed, edition: edition, hand: hand}.scene(t)
		return toPicture(img), boardCorners(sc)
	}
	cut, cq := scene(95007, "wooden", true)
	whole, wq := scene(60111, "wooden", false)
	half := cq
	for i := range half {
		u := vision.Point{X: (cq[1].X - cq[0].X) / (2 * Size), Y: (cq[1].Y - cq[0].Y) / (2 * Size)}
		v := vision.Point{X: (cq[3].X - cq[0].X) / (2 * Size), Y: (cq[3].Y - cq[0].Y) / (2 * Size)}
		half[i] = vision.Point{X: cq[i].X + u.X + v.X, Y: cq[i].Y + u.Y + v.Y}
	}
	plain := image.NewRGBA(image.Rect(0, 0, cut.W, cut.H))
	for i := range plain.Pix {
		plain.Pix[i] = []uint8{222, 205, 170, 255}[i%4]
	}
	for _, tc := range []struct {
		name string
		p    picture
		q    vision.Quad
		want bool
	}{
		{"the cut board at its place", cut, cq, true},
		{"half a square off", cut, half, false},
		{"a field of one colour", toPicture(plain), cq, false},
		{"a board wholly in view", whole, wq, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := frameAt(tc.p, tc.q)
			if f == nil {
				t.Fatal("no homography")
			}
			if got := cutJudged(tc.p, f, coveredApartSeen, coveredNextShare) != nil; got != tc.want {
				t.Errorf("kept = %v, want %v", got, tc.want)
			}
		})
	}
}
