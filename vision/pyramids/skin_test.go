package pyramids

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision/render"
)

// TestSkinLike: skin of every tone is in skin's colours, in the
// runway's white balance; the pyramids' plastics, the board and its
// tints, and a red pyramid's edge blurred into a yellow one are not.
func TestSkinLike(t *testing.T) {
	white := [3]float64{235, 232, 225}
	for _, tc := range []struct {
		name string
		c    [3]float64
		want bool
	}{
		{"light skin", [3]float64{228, 178, 146}, true},
		{"medium skin", [3]float64{205, 145, 110}, true},
		{"tan skin", [3]float64{170, 112, 78}, true},
		{"dark skin", [3]float64{120, 76, 50}, true},
		{"darkest skin, lit", [3]float64{96, 62, 42}, true},
		{"skin in a hand's own shadow, too dark to tell", [3]float64{40, 26, 18}, false},
		{"red plastic", [3]float64{196, 40, 38}, false},
		{"red plastic in shadow", [3]float64{98, 22, 20}, false},
		{"red plastic under glare", [3]float64{235, 150, 145}, false},
		{"yellow plastic", [3]float64{232, 196, 40}, false},
		{"yellow plastic under glare", [3]float64{235, 225, 150}, false},
		{"green plastic", [3]float64{36, 146, 66}, false},
		{"blue plastic", [3]float64{38, 78, 186}, false},
		{"black plastic", [3]float64{34, 32, 32}, false},
		{"the runway", [3]float64{230, 228, 220}, false},
		{"a red seat's tinted space", [3]float64{230, 200, 198}, false},
		{"a yellow seat's tinted space", [3]float64{232, 226, 190}, false},
		{"red and yellow plastic blurred together", [3]float64{214, 118, 39}, false},
		{"another maker's orange-yellow plastic blurred into the board", [3]float64{238, 193, 117}, false},
		{"another maker's orange-yellow plastic under glare", [3]float64{240, 205, 150}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := skinLike(tc.c, white); got != tc.want {
				t.Errorf("skinLike(%v) = %v, want %v", tc.c, got, tc.want)
			}
		})
	}
}

// TestHandOver: a square's colour is not sure where a hand reaches its
// samples, on it or at the edge of a hand over the square beside it.
func TestHandOver(t *testing.T) {
	for _, tc := range []struct {
		name           string
		skin, handNear float64
		lookSkin       float64
		want           bool
	}{
		{"no skin anywhere", 0, 0, 0, false},
		{"a finger over a pyramid, read in the skin's colour", 0.93, 1, 0.93, true},
		{"a fingertip over a fifth of the square", 0.2, 0.2, 0.2, true},
		{"skin in the look kept only", 0, 0, 0.15, true},
		{"a few skin samples beside a hand's square", 0.06, 0.9, 0, true},
		{"a few skin samples, no hand beside", 0.06, 0.2, 0, false},
		{"one stray sample beside a hand", 0.01, 0.9, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sq := Square{skin: tc.skin, handNear: tc.handNear, look: cellLook{skin: tc.lookSkin}}
			if got := handOver(sq); got != tc.want {
				t.Errorf("handOver = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestHandColourNotSure reads hard scenes with a hand over the board
// (other makers' sets, the tuning sets' scenes rendered from their
// seeds: render-set --game pyramids --n 20 --difficulty hard --maker
// varied --seed S, scene i seeded S*100000+i) with the letters read as
// the game reads them: no square whose colour is read wrong is
// colour-sure (the game settles a colour on Square.ColourSure), and no
// square half or more of which the hand hides is. At main 112055/0015's
// yellow pyramid under a finger was read red and colour-sure (the skin
// taken for red plastic), 112555/0015's yellow stack read blue and
// colour-sure under the blue top of the stack beside it (a top's colour
// taken after the leaning stacks were judged), and two squares half
// hidden by the hand were colour-sure.
func TestHandColourNotSure(t *testing.T) {
	if testing.Short() {
		t.Skip("renders hard scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"a finger over a yellow pyramid, a dark hand (112055/0015)", 11205500015},
		{"a hand over the green stacks; a blue top leaning over a yellow stack (112555/0015)", 11255500015},
		{"a hand over the red stacks (111705/0009)", 11170500009},
		{"a hand over the house (112555/0010)", 11255500010},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, sc := renderHard(t, tc.seed, true, true, true)
			r, err := Scan(img, Options{Reader: rd, FaceModel: true})
			if err != nil {
				t.Fatal(err)
			}
			checkHandColours(t, r, &sc.Truth)
		})
	}
}

// checkHandColours fails the test for every square read colour-sure in
// the wrong colour or half hidden by a hand.
func checkHandColours(t *testing.T, r *Reading, tr *render.Truth) {
	t.Helper()
	for _, tc := range tr.Cells {
		if tc.Occluded {
			continue
		}
		sq := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col})
		if !sq.ColourSure {
			continue
		}
		want, _ := pyramids.ParseColour(tc.Colour)
		if tc.Height == 0 {
			want = pyramids.NoColour
		}
		if sq.Colour != want {
			t.Errorf("row %d col %d read %v and colour-sure, truth %v", tc.Row, tc.Col, sq.Colour, want)
		}
		if tc.Hidden >= 0.5 {
			t.Errorf("row %d col %d colour-sure with %.2f of it hidden by the hand", tc.Row, tc.Col, tc.Hidden)
		}
	}
}
