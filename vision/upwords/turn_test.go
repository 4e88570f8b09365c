package upwords

import (
	"math"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision/render"
)

// TestTurnFromFewLetters: a board's reading direction settled by a
// handful of letters is no sure direction, so no square whose reading
// depends on it is sure: no stack, and no square a stack would stand on
// were the board read another way round. A board of more letters is
// read surely, the right way round. Rendered scenes, easy conditions,
// the board turned in the picture; the board's geometry given as
// measured (so a stack may be sure at all). Where a square is sure, it
// is read right.
func TestTurnFromFewLetters(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd, err := ocr.ForUpwords()
	if err != nil {
		t.Skipf("no letter model: %v", err)
	}
	tests := []struct {
		name string
		seed int64
		// words: "ROW,COL,across|down,WORD" each; "" draws a full board.
		words string
		yaw   float64
		sure  bool // the reading direction is sure
	}{
		{"five letters upside down", 171001, "2,4,down,STEEP", 180, false},
		{"three letters upside down", 171002, "4,3,across,CAT", 178, false},
		{"four letters on its side", 171003, "5,2,across,WORD", 92, false},
		{"eight letters upright", 171004, "4,2,across,PLANE;2,3,down,BALK", 4, true},
		{"a full board upside down", 171005, "", 181, true},
		{"a full board on its side", 171006, "", 268, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			state := grid.New(10, 10)
			if tc.words == "" {
				text, err := render.RandomUpwords(tc.seed, 10)
				if err != nil {
					t.Fatal(err)
				}
				if state, err = grid.Parse(strings.NewReader(string(text)), "the drawn state"); err != nil {
					t.Fatal(err)
				}
			}
			for _, w := range strings.Split(tc.words, ";") {
				if w == "" {
					continue
				}
				f := strings.Split(w, ",")
				r0, c0 := int(atof(t, f[0])), int(atof(t, f[1]))
				for i, l := range f[3] {
					p := grid.Pos{Row: r0, Col: c0 + i}
					if f[2] == "down" {
						p = grid.Pos{Row: r0 + i, Col: c0}
					}
					state.Set(p, grid.Stack{Letter: string(l), Height: 1})
				}
			}
			opt, err := render.RandomOptions(tc.seed, "easy")
			if err != nil {
				t.Fatal(err)
			}
			opt.YawDeg, opt.Hand = tc.yaw, false
			sc, err := render.Render("upwords", []byte(state.String()), opt)
			if err != nil {
				t.Fatal(err)
			}
			img, err := sc.Photo()
			if err != nil {
				t.Fatal(err)
			}
			r, err := ScanUpwords(img, Options{Reader: rd, Geometry: UpwordsGeometry})
			if err != nil {
				t.Fatal(err)
			}
			turned := sceneTurn(t, sc, r)
			if r.TurnSure != tc.sure {
				t.Errorf("TurnSure = %v, want %v (letters' vote %+v)", r.TurnSure, tc.sure, r.vote)
			}
			if tc.sure && turned != 0 {
				t.Errorf("read %d quarter turns off", turned)
			}
			// The squares whose reading depends on the direction: each
			// stack's, turned a quarter, a half, three quarters.
			orbit := map[grid.Pos]bool{}
			state.Each(func(p grid.Pos, s grid.Stack) {
				for k := 0; k < 4 && !s.Empty(); k++ {
					orbit[p] = true
					p = grid.Pos{Row: p.Col, Col: 9 - p.Row}
				}
			})
			sure, orbitSure := 0, 0
			for row := 0; row < 10; row++ {
				for col := 0; col < 10; col++ {
					p := grid.Pos{Row: row, Col: col}
					want, c := state.At(p), r.Cell(ourPos(p, turned, 10))
					if !c.Sure {
						continue
					}
					sure++
					if orbit[p] {
						orbitSure++
					}
					got := grid.Stack{Letter: c.Letter, Height: c.Height}
					if c.Height == 0 {
						got = grid.Stack{}
					}
					if got != want {
						t.Errorf("%v: read %v surely, is %v", p, got, want)
					}
				}
			}
			if !tc.sure && orbitSure > 0 {
				t.Errorf("%d of the %d squares whose reading depends on the direction read sure, the direction settled by a few letters", orbitSure, len(orbit))
			}
			if tc.sure && orbitSure == 0 {
				t.Errorf("none of the %d squares whose reading depends on the direction read sure, the direction settled by %d stacks", len(orbit), state.Count())
			}
			if sure == 0 {
				t.Errorf("no square read sure")
			}
		})
	}
}

// sceneTurn is the quarter turn between the renderer's truth and the
// reading (ourPos), the board found within a quarter square.
func sceneTurn(t *testing.T, sc *render.Scene, r *UpwordsReading) int {
	t.Helper()
	turned, best := 0, math.Inf(1)
	for k := 0; k < 4; k++ {
		e := 0.0
		for i := 0; i < 4; i++ {
			c := sc.Truth.Board.Corners[(i+k)%4]
			e = math.Max(e, math.Hypot(c[0]-r.Corners[i].X, c[1]-r.Corners[i].Y))
		}
		if e < best {
			best, turned = e, k
		}
	}
	c0, c1 := sc.Truth.Board.Corners[0], sc.Truth.Board.Corners[1]
	if side := math.Hypot(c1[0]-c0[0], c1[1]-c0[1]) / 10; best > side/4 {
		t.Fatalf("board found %.0f px off", best)
	}
	return turned
}
