package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/scrabble"
)

// scrabbleSample is a position with a blank (the lower-case e) and a Q,
// whose value is two digits.
const scrabbleSample = `
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . Q . . . . . . .
. . . . . . . U . . . . . . .
. . . . . W O I N G . . . . .
. . . . . . . T . . . . . . .
. . . . . . . e . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
`

// TestScrabbleGolden: the truth of a fixed scene, and its label as a hand
// label of a photo is written, are as committed (go test -update
// rewrites them after a deliberate change).
func TestScrabbleGolden(t *testing.T) {
	o, err := RandomOptions(1, "normal")
	if err != nil {
		t.Fatal(err)
	}
	o.FitGame("scrabble")
	o.Edition = "red"
	sc, err := Render("scrabble", []byte(scrabbleSample), o)
	if err != nil {
		t.Fatal(err)
	}
	js, err := sc.Truth.MarshalIndent()
	if err != nil {
		t.Fatal(err)
	}
	label, err := ScrabbleLabel(&sc.Truth)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct {
		file string
		got  []byte
	}{{"scrabble_seed1.json", js}, {"scrabble_seed1.txt", label}} {
		path := filepath.Join("testdata", g.file)
		if *update {
			if err := os.WriteFile(path, g.got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if !bytes.Equal(g.got, want) {
			t.Errorf("%s differs (go test -update rewrites it after a deliberate change)", path)
		}
	}
	// The label's board is the state, the blank in lower case.
	b, err := scrabble.Parse(bytes.NewReader(label), "label")
	if err != nil {
		t.Fatal(err)
	}
	want := scrabble.MustParse(scrabbleSample)
	if *b != *want {
		t.Errorf("the label's board\n%s\nwant\n%s", b, want)
	}
	if !strings.Contains(string(label), "# corners: ") {
		t.Errorf("the label has no corners line:\n%s", label)
	}
}

// TestScrabbleEditions: every edition renders, the same seed gives the
// same bytes, the truth names the edition and lists the 225 squares with
// their premiums, and the tile faces are lighter than the premium
// squares of the red board.
func TestScrabbleEditions(t *testing.T) {
	for _, ed := range ScrabbleEditions {
		t.Run(ed, func(t *testing.T) {
			o := calm(t, 5, "easy")
			o.FitGame("scrabble")
			o.Width, o.Height, o.Edition = 820, 616, ed
			a, err := Render("scrabble", []byte(scrabbleSample), o)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Render("scrabble", []byte(scrabbleSample), o)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.JPEG, b.JPEG) {
				t.Error("the same seed gave different bytes")
			}
			tr := a.Truth
			if tr.Conditions.Edition != ed || len(tr.Cells) != 225 {
				t.Fatalf("edition %q, %d cells; want %q, 225", tr.Conditions.Edition, len(tr.Cells), ed)
			}
			tiles := 0
			for _, c := range tr.Cells {
				p := scrabble.PremiumAt(scrabble.Pos{Row: c.Row, Col: c.Col}).String()
				if c.Printed != p {
					t.Errorf("(%d,%d) printed %q, want %q", c.Row, c.Col, c.Printed, p)
				}
				if c.Letter == "" {
					continue
				}
				tiles++
				if c.Letter == "e" && c.Value != 0 || c.Letter == "Q" && c.Value != 10 {
					t.Errorf("(%d,%d) %s worth %d", c.Row, c.Col, c.Letter, c.Value)
				}
				// the face's corners (inside the bevel) are light
				for k, q := range c.Corners {
					if k == 2 {
						continue // the value is printed there
					}
					x, y := towards(c.Center, q, 0.75)
					if l := lum(a.Image, x, y); l < 140 {
						t.Errorf("tile %s at (%d,%d): corner %d dark (%.0f)", c.Letter, c.Row, c.Col, k, l)
					}
				}
			}
			if tiles != 9 {
				t.Errorf("%d tiles in the truth, want 9", tiles)
			}
			if ed == "red" {
				// a triple word square is red, darker than any tile
				tw := tr.Cells[0]
				if r, g, _ := rgbAt(a.Image, tw.Center); r < 1.5*g {
					t.Errorf("the triple word square at (0,0) is not red (r %.0f g %.0f)", r, g)
				}
			}
		})
	}
	o := calm(t, 5, "easy")
	o.Edition = "tartan"
	if _, err := Render("scrabble", []byte(scrabbleSample), o); err == nil {
		t.Error("an unknown edition rendered")
	}
}

// TestScrabbleTileColour: Options.ScrabbleTile draws the set's tiles in
// that colour (dark wood: the face's corners dark and redder than blue),
// and changes nothing else of the scene: the same truth, the same empty
// squares' pixels.
func TestScrabbleTileColour(t *testing.T) {
	o := calm(t, 5, "easy")
	o.FitGame("scrabble")
	o.Width, o.Height, o.Edition = 820, 616, "white"
	light, err := Render("scrabble", []byte(scrabbleSample), o)
	if err != nil {
		t.Fatal(err)
	}
	o.ScrabbleTile = [3]float64{0.6, 0.38, 0.25}
	dark, err := Render("scrabble", []byte(scrabbleSample), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(dark.Truth.Cells) != len(light.Truth.Cells) {
		t.Fatalf("%d cells, want %d", len(dark.Truth.Cells), len(light.Truth.Cells))
	}
	for i, c := range dark.Truth.Cells {
		l := light.Truth.Cells[i]
		if c.Letter != l.Letter || c.Center != l.Center {
			t.Fatalf("cell (%d,%d): %q at %v, without the colour %q at %v", c.Row, c.Col, c.Letter, c.Center, l.Letter, l.Center)
		}
		if c.Letter == "" {
			if a, b := lum(dark.Image, c.Center[0], c.Center[1]), lum(light.Image, l.Center[0], l.Center[1]); a != b {
				t.Errorf("empty square (%d,%d) changed: %.0f, %.0f before", c.Row, c.Col, a, b)
			}
			continue
		}
		x, y := towards(c.Center, c.Corners[0], 0.75)
		if d, lt := lum(dark.Image, x, y), lum(light.Image, x, y); d > 0.7*lt {
			t.Errorf("tile %s at (%d,%d): face %.0f, light set's %.0f; want dark", c.Letter, c.Row, c.Col, d, lt)
		}
		if r, _, b := rgbAt(dark.Image, [2]float64{x, y}); r < b+30 {
			t.Errorf("tile %s at (%d,%d): face r %.0f b %.0f, not red-brown", c.Letter, c.Row, c.Col, r, b)
		}
	}
}

// TestRandomScrabbleGame: each board of a random game is a legal turn
// after the one before (scoring/scrabble's referee, every word accepted),
// the first through the centre, and the set's letters suffice.
func TestRandomScrabbleGame(t *testing.T) {
	for _, seed := range []int64{1, 2, 3, 40} {
		g := RandomScrabbleGame(seed, 12)
		if len(g) < 8 {
			t.Errorf("seed %d: %d turns, want about 12", seed, len(g))
		}
		before := &scrabble.Board{}
		for i, text := range g {
			after, err := scrabble.Parse(strings.NewReader(text), "turn")
			if err != nil {
				t.Fatalf("seed %d turn %d: %v", seed, i+1, err)
			}
			mv, err := scrabble.Rules{}.Judge(before, after)
			if err != nil {
				t.Fatalf("seed %d turn %d: %v\n%s", seed, i+1, err, text)
			}
			if len(mv.Words) != 1 || mv.Score <= 0 {
				t.Errorf("seed %d turn %d: words %+v score %d; want one word", seed, i+1, mv.Words, mv.Score)
			}
			before = after
		}
	}
	st, err := RandomState("scrabble", 7)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := scrabble.Parse(bytes.NewReader(st), "random"); err != nil {
		t.Errorf("a random state does not parse: %v", err)
	}
}
