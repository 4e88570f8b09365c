package render

import (
	"errors"
	"math"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/scoring/scrabble"
)

// TestScrabblePrintFor: a named print is drawn as named (classic as the
// edition's first print, nil), the same seed draws the same board, an
// unknown name is refused, and drawn by seed ("mixed") every print comes up with
// each premium's colour kept in its family.
func TestScrabblePrintFor(t *testing.T) {
	look := scrabbleLooks["red"]
	for _, tc := range []struct {
		name, style string
		wantErr     bool
	}{
		{"classic", "classic", false},
		{"default", "", false},
		{"letters", "letters", false},
		{"numbers", "numbers", false},
		{"french", "french", false},
		{"plain", "plain", false},
		{"unknown", "klingon", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := scrabblePrintFor(7, tc.style, look)
			if tc.wantErr {
				if !errors.Is(err, ErrBadOptions) {
					t.Fatalf("err %v, want ErrBadOptions", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.style == "classic" || tc.style == "" {
				if p != nil {
					t.Fatalf("classic drew %+v, want nil (the edition's own print)", p)
				}
				return
			}
			if p == nil || p.style != tc.style {
				t.Fatalf("drew %+v, want style %s", p, tc.style)
			}
			q, _ := scrabblePrintFor(7, tc.style, look)
			if *q != *p {
				t.Errorf("the same seed drew %+v then %+v", p, q)
			}
		})
	}
	seen := map[string]int{}
	for s := int64(0); s < 400; s++ {
		p, err := scrabblePrintFor(s, "mixed", look)
		if err != nil {
			t.Fatal(err)
		}
		if p == nil {
			seen["classic"]++
			continue
		}
		seen[p.style]++
		for i, c := range [4][2][3]float64{{p.tw, look.tw}, {p.dw, look.dw}, {p.tl, look.tl}, {p.dl, look.dl}} {
			h, _, _ := hsvOf(c[0])
			h0, _, _ := hsvOf(c[1])
			if d := math.Abs(math.Mod(h-h0+540, 360) - 180); d > 14.01 {
				t.Errorf("seed %d premium %d: hue %.1f is %.1f degrees from the edition's %.1f", s, i, h, d, h0)
			}
		}
	}
	for _, st := range ScrabblePrints {
		if seen[st] < 400/len(ScrabblePrints)/2 {
			t.Errorf("print %s drawn %d times of 400 (%v)", st, seen[st], seen)
		}
	}
}

// TestScrabblePrintInk: on the board's texture every print but plain puts
// ink on a double letter square and on a triple word square, plain none;
// the plain squares round them are untouched.
func TestScrabblePrintInk(t *testing.T) {
	look := scrabbleLooks["white"]
	const tpm = 4
	// ink is the share of texels of the square's inside (a 12 mm middle)
	// that stand off the square's median by more than 40 levels.
	ink := func(tex *texture, r, c int) float64 {
		l := tex.levels[0]
		x0 := int((scrBorder + float64(c)*scrPitch + 3.5) * tpm)
		y0 := int((scrBorder + float64(r)*scrPitch + 3.5) * tpm)
		var vals []float64
		for y := y0; y < y0+12*tpm; y++ {
			for x := x0; x < x0+12*tpm; x++ {
				o := 4 * (y*l.w + x)
				vals = append(vals, float64(l.pix[o])+float64(l.pix[o+1])+float64(l.pix[o+2]))
			}
		}
		sort.Float64s(vals)
		med := vals[len(vals)/2]
		n := 0
		for _, v := range vals {
			if math.Abs(v-med) > 120 {
				n++
			}
		}
		return float64(n) / float64(len(vals))
	}
	for _, st := range ScrabblePrints[1:] {
		t.Run(st, func(t *testing.T) {
			p, err := scrabblePrintFor(3, st, look)
			if err != nil {
				t.Fatal(err)
			}
			p.wear = 0 // a worn print may keep little ink
			tex := scrabbleBoardTexture("white", look, p)
			for _, sq := range []struct {
				name string
				pos  scrabble.Pos
				want bool
			}{
				{"double letter", scrabble.Pos{Row: 0, Col: 3}, st != "plain"},
				{"triple word", scrabble.Pos{Row: 0, Col: 0}, st != "plain"},
				{"plain", scrabble.Pos{Row: 0, Col: 1}, false},
			} {
				got := ink(tex, sq.pos.Row, sq.pos.Col)
				if (got > 0.01) != sq.want {
					t.Errorf("%s square (%v): %.3f of it inked, want ink %v", sq.name, sq.pos, got, sq.want)
				}
			}
		})
	}
}
