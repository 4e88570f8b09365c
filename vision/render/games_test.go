package render

import (
	"image"
	"math"
	"strings"
	"testing"
)

func rgbAt(img image.Image, p [2]float64) (r, g, b float64) {
	c := img.(*image.RGBA).RGBAAt(int(p[0]), int(p[1]))
	return float64(c.R), float64(c.G), float64(c.B)
}

// TestLooseTilesTruth: every tile of the layout is in the truth once, with
// its value, where a light tile face is drawn on the dark felt.
func TestLooseTilesTruth(t *testing.T) {
	cases := []struct {
		name, game, state string
		tiles             int
	}{
		{"lexicon seed example", "lexicon", "..C.....\n..A.....\nKEYBOARD\n..E..U..\n.....B..\n.....B..\n.....I..\n.....S..\n.....H..\n", 17},
		{"twists russian with actions", "twists", "..Я\nДОМ!\n.@2\n3\n", 8},
		{"twists english", "twists", "CAT\n.!O\n", 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := calm(t, 21, "normal")
			o.Table = "felt"
			sc, err := Render(tc.game, []byte(tc.state), o)
			if err != nil {
				t.Fatal(err)
			}
			if len(sc.Truth.Tiles) != tc.tiles {
				t.Fatalf("%d tiles in the truth, want %d", len(sc.Truth.Tiles), tc.tiles)
			}
			for _, tl := range sc.Truth.Tiles {
				if tc.game == "lexicon" && tl.Letter == "K" && tl.Value != 5 {
					t.Errorf("K's value %d, want 5", tl.Value)
				}
				for k, c := range tl.Corners {
					if k == 2 && tl.Value > 0 {
						continue // the value is printed in that corner
					}
					x, y := towards(tl.Center, c, 0.7)
					if l := lum(sc.Image, x, y); l < 120 {
						t.Errorf("tile %s at (%d,%d): corner %d dark (%.0f)", tl.Letter, tl.Row, tl.Col, k, l)
					}
				}
			}
		})
	}
}

// TestTwistsAnglesAreTheLetters: Twists tiles lie any way round; the truth
// angle is the letter's, from its own top edge.
func TestTwistsAnglesAreTheLetters(t *testing.T) {
	o := calm(t, 8, "easy")
	o.YawDeg, o.RollDeg, o.TiltDeg = 0, 0, 0
	sc, err := Render("twists", []byte("АБВГ\nДЕЖЗ\nИЙКЛ\n"), o)
	if err != nil {
		t.Fatal(err)
	}
	quarters := map[int]bool{}
	for _, tl := range sc.Truth.Tiles {
		q := int(math.Round(tl.Angle/90)) & 3
		quarters[q] = true
		dx := tl.Corners[1][0] - tl.Corners[0][0]
		dy := tl.Corners[1][1] - tl.Corners[0][1]
		if d := math.Abs(math.Remainder(math.Atan2(-dy, dx)*180/math.Pi-tl.Angle, 360)); d > 0.01 {
			t.Errorf("tile %s: angle %.1f does not match its corners", tl.Letter, tl.Angle)
		}
	}
	if len(quarters) < 2 {
		t.Errorf("12 tiles all face the same way (%v): they should lie any way round", quarters)
	}
}

// TestPyramidsTruth: the truth names each top pyramid's colour and letter
// as the state says, and the faces have that colour in the picture.
func TestPyramidsTruth(t *testing.T) {
	state := `
.     .     .     .     .     .     .     .     .     .
.     .     rA5   rE5   rT5   rS5   rO5   rN5   .     .
.     yR5   kC    kA    kT    kS    kE    kR    bL5   .
.     yI5   kD    kO    kG    kI    kN    kE    bA5   .
.     yS5   kL    kU    kP    kM    kA    kT    bE5   .
.     yE5   kB    kE    kA    kR    kS    kO    bI5   .
.     yA5   kH    kI    kT    kE    kN    kD    bO5   .
.     yN5   kW    kA    kY    kS    kO    kL    bU5   .
.     .     gC5   gA5   gT5   gD5   gO5   .     rQ    .
.     .     .     .     .     .     .     .     .     .
`
	o := calm(t, 9, "normal")
	sc, err := Render("pyramids", []byte(state), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Truth.Cells) != 100 {
		t.Fatalf("%d cells", len(sc.Truth.Cells))
	}
	for _, c := range sc.Truth.Cells {
		switch {
		case c.Row == 1 && c.Col == 2:
			if c.Letter != "A" || c.Colour != "red" || c.Height != 5 || c.Value != 1 {
				t.Errorf("(1,2) = %+v, want red A, 5 high, value 1", c)
			}
		case c.Row == 8 && c.Col == 8:
			if c.Letter != "Q" || c.Colour != "red" || c.Height != 1 {
				t.Errorf("(8,8) = %+v, want red Q on the runway... ring", c)
			}
		case c.Row == 8 && c.Col == 7:
			if c.Height != 0 || c.Printed == "" {
				t.Errorf("(8,7) = %+v, want empty with a printed letter", c)
			}
		case c.Row == 0:
			if c.Height != 0 || c.Printed != "" {
				t.Errorf("runway (0,%d) = %+v, want empty and blank", c.Col, c)
			}
		}
		if c.Height == 0 {
			continue
		}
		// a third of the way from the tip to a base corner: on a face
		var r, g, b float64
		for _, corner := range c.Corners {
			x, y := towards(c.Center, corner, 0.35)
			rr, gg, bb := rgbAt(sc.Image, [2]float64{x, y})
			r, g, b = r+rr/4, g+gg/4, b+bb/4
		}
		ok := true
		switch c.Colour {
		case "red":
			ok = r > g+40 && r > b+40
		case "blue":
			ok = b > r+40 && b > g+20
		case "green":
			ok = g > r+30 && g > b+20
		case "yellow":
			ok = r > b+60 && g > b+60
		case "black":
			ok = r < 110 && g < 110 && b < 110
		}
		if !ok {
			t.Errorf("(%d,%d) %s %s: faces are (%.0f,%.0f,%.0f)", c.Row, c.Col, c.Colour, c.Letter, r, g, b)
		}
	}
}

// TestHandHidesCells: a hand over the board hides some squares, and the
// truth says which; the picture there is not the board.
func TestHandHidesCells(t *testing.T) {
	hidden := 0
	for seed := int64(1); seed <= 3; seed++ {
		o := calm(t, seed, "normal")
		o.Width, o.Height = 820, 616
		bare, err := Render("upwords", []byte(sampleBoard), o)
		if err != nil {
			t.Fatal(err)
		}
		o.Hand = true
		sc, err := Render("upwords", []byte(sampleBoard), o)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range sc.Truth.Cells {
			if !c.Occluded {
				continue
			}
			hidden++
			// the hand (or its sleeve), not what the bare picture shows
			r, g, b := rgbAt(sc.Image, c.Center)
			r0, g0, b0 := rgbAt(bare.Image, c.Center)
			if math.Abs(r-r0)+math.Abs(g-g0)+math.Abs(b-b0) < 12 {
				t.Errorf("seed %d: cell (%d,%d) marked hidden but looks as without the hand: (%.0f,%.0f,%.0f) vs (%.0f,%.0f,%.0f)",
					seed, c.Row, c.Col, r, g, b, r0, g0, b0)
			}
		}
	}
	if hidden == 0 {
		t.Error("three hands over the board hid no square")
	}
}

// TestHandHiddenShare: the truth gives each cell the share of its quad
// the hand is drawn over (Cell.Hidden): every cell whose centre the hand
// hides shows a share over 0, some cell a share under 1 (the hand's
// edge across a square), a cell wholly hidden does not look as it does
// without the hand, and without a hand every share is 0.
func TestHandHiddenShare(t *testing.T) {
	var edges, occluded int
	for seed := int64(1); seed <= 3; seed++ {
		o := calm(t, seed, "normal")
		o.Width, o.Height = 820, 616
		bare, err := Render("upwords", []byte(sampleBoard), o)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range bare.Truth.Cells {
			if c.Hidden != 0 {
				t.Fatalf("seed %d: no hand, but cell (%d,%d) is %.2f hidden", seed, c.Row, c.Col, c.Hidden)
			}
		}
		o.Hand = true
		sc, err := Render("upwords", []byte(sampleBoard), o)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range sc.Truth.Cells {
			if c.Hidden < 0 || c.Hidden > 1 {
				t.Errorf("seed %d: cell (%d,%d) hidden %.3f, want 0 to 1", seed, c.Row, c.Col, c.Hidden)
			}
			if c.Occluded {
				occluded++
				if c.Hidden == 0 {
					t.Errorf("seed %d: cell (%d,%d) has its centre hidden but a share of 0", seed, c.Row, c.Col)
				}
			}
			if c.Hidden > 0 && c.Hidden < 1 {
				edges++
			}
			if c.Hidden < 1 {
				continue
			}
			// Wholly hidden: the hand, not the board, over the quad.
			same := 0
			for _, q := range latticeOf(c.Corners) {
				r, g, b := rgbAt(sc.Image, q)
				r0, g0, b0 := rgbAt(bare.Image, q)
				if math.Abs(r-r0)+math.Abs(g-g0)+math.Abs(b-b0) < 12 {
					same++
				}
			}
			if same > handLattice*handLattice/4 {
				t.Errorf("seed %d: cell (%d,%d) wholly hidden, but %d of its %d points look as without the hand", seed, c.Row, c.Col, same, handLattice*handLattice)
			}
		}
	}
	if occluded == 0 || edges == 0 {
		t.Errorf("three hands: %d cells with the centre hidden, %d partly hidden; want some of each", occluded, edges)
	}
}

func TestRandomStatesRender(t *testing.T) {
	for _, g := range Games {
		t.Run(g, func(t *testing.T) {
			for seed := int64(1); seed <= 2; seed++ {
				st, err := RandomState(g, seed)
				if err != nil {
					t.Fatal(err)
				}
				again, _ := RandomState(g, seed)
				if string(st) != string(again) {
					t.Fatal("RandomState is not deterministic")
				}
				o, _ := RandomOptions(seed, "mixed")
				o.Width, o.Height = 410, 308
				sc, err := Render(g, st, o)
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, st)
				}
				if len(sc.Truth.Cells)+len(sc.Truth.Tiles) == 0 {
					t.Errorf("seed %d: empty truth", seed)
				}
			}
		})
	}
}

// TestPyramidsSets: a set's pyramids are drawn at its size (their base
// against the grid's pitch in the picture), its truth names the set, and
// the sets RandomPyramidsSet draws keep to their ranges.
func TestPyramidsSets(t *testing.T) {
	small := ClassicPyramids
	small.PitchMM, small.BaseMM = 25, 17
	varied := RandomPyramidsSet(3)
	state := strings.Repeat(".     ", 10) + "\n" + strings.Repeat(".     ", 4) + "rA    kE    " + strings.Repeat(".     ", 4) + "\n" +
		strings.Repeat(strings.Repeat(".     ", 10)+"\n", 8)
	for _, tc := range []struct {
		name string
		set  *PyramidsSet
		want float64 // base over pitch
	}{
		{"classic", nil, 19.0 / 22},
		{"small pyramids", &small, 17.0 / 25},
		{"random seed 3", &varied, varied.BaseMM / varied.PitchMM},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := calm(t, 4, "easy")
			o.TiltDeg, o.K1, o.K2, o.Width, o.Height = 0, 0, 0, 820, 616
			o.Pyramids = tc.set
			o.FitGame("pyramids")
			sc, err := Render("pyramids", []byte(state), o)
			if err != nil {
				t.Fatal(err)
			}
			if (sc.Truth.Conditions.Pyramids != nil) != (tc.set != nil) {
				t.Errorf("truth's set = %v, want one when given", sc.Truth.Conditions.Pyramids)
			}
			bc := sc.Truth.Board.Corners
			pitch := math.Hypot(bc[1][0]-bc[0][0], bc[1][1]-bc[0][1]) / 10
			n := 0
			for _, c := range sc.Truth.Cells {
				if c.Height == 0 {
					continue
				}
				n++
				side := math.Hypot(c.Corners[1][0]-c.Corners[0][0], c.Corners[1][1]-c.Corners[0][1])
				if got := side / pitch; math.Abs(got-tc.want) > 0.03 {
					t.Errorf("(%d,%d): base %.3f of the pitch, want %.3f", c.Row, c.Col, got, tc.want)
				}
			}
			if n != 2 {
				t.Errorf("%d pyramids in the truth, want 2", n)
			}
		})
	}
	for seed := int64(0); seed < 50; seed++ {
		s := RandomPyramidsSet(seed)
		if s != RandomPyramidsSet(seed) {
			t.Fatalf("seed %d: two draws differ", seed)
		}
		if s.PitchMM < 19 || s.PitchMM > 27 || s.BaseMM > 0.93*s.PitchMM || s.BaseMM < 0.71*s.PitchMM ||
			s.TallMM < 0.59*s.BaseMM || s.TallMM > 1.06*s.BaseMM || s.NestMM < 0.14*s.TallMM || s.NestMM > 0.36*s.TallMM {
			t.Errorf("seed %d: %+v out of its ranges", seed, s)
		}
		if k := s.Plastic[4]; max(k[0], k[1], k[2])-min(k[0], k[1], k[2]) > 10 || max(k[0], k[1], k[2]) > 60 {
			t.Errorf("seed %d: black plastic %v is not a dark grey", seed, k)
		}
		if l := s.Border[0] + s.Border[1] + s.Border[2]; l > 3*130 {
			t.Errorf("seed %d: border %v is not dark", seed, s.Border)
		}
	}
}
