package scrabble

import (
	"errors"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

func emptyRows(n int) string {
	return strings.Repeat(strings.TrimSpace(strings.Repeat(". ", Size))+"\n", n)
}

func TestParseLabel(t *testing.T) {
	row := func(cells string) string { return cells + "\n" }
	good := "# a board\n" + emptyRows(7) + row(". . . . R I E A . . . . . . .") + row(". . . . s . . . . . . . . . .") + emptyRows(6) +
		"# corners: 10,20 110.5,20 110,120 10,120\n"
	for _, tc := range []struct {
		name    string
		text    string
		wantErr bool
	}{
		{"good", good, false},
		{"no corners", emptyRows(15), false},
		{"short row", emptyRows(14) + ". . .\n", true},
		{"too few rows", emptyRows(14), true},
		{"too many rows", emptyRows(16), true},
		{"bad cell", emptyRows(14) + strings.Repeat(". ", 14) + "AB\n", true},
		{"corners short", emptyRows(15) + "# corners: 1 2 3\n", true},
		{"corners as eight numbers", emptyRows(15) + "# corners: 1 1 9 1 9 9 1 9\n", true},
		{"corner not x,y", emptyRows(15) + "# corners: 1,1 9;1 9,9 1,9\n", true},
		{"corner not a number", emptyRows(15) + "# corners: 1,1 9,1 9,9 1,NaN\n", true},
		{"corners written in capitals", emptyRows(15) + "# Corners: 1,1 9,1 9,9 1,9\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ParseLabel(strings.NewReader(tc.text), "x.txt")
			if tc.wantErr {
				if !errors.Is(err, ErrLabel) {
					t.Fatalf("err = %v, want ErrLabel", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.name == "good" {
				if l.Cells[7][4] != "R" || l.Cells[8][4] != "s" || !l.HasCorners || l.Corners[1] != (vision.Point{X: 110.5, Y: 20}) {
					t.Errorf("parsed %v %v %v", l.Cells[7][4], l.Cells[8][4], l.Corners)
				}
			}
		})
	}
}

func TestTurnCells(t *testing.T) {
	var b [Size][Size]*Cell
	tr := &Cell{Letter: "T"}
	b[0][Size-1] = tr // the top-right square
	got := turnCells(b, 1)
	if got[0][0] != tr {
		t.Errorf("one turn: the old top-right square is not the new top-left")
	}
	got = turnCells(b, 4)
	if got[0][Size-1] != tr {
		t.Errorf("four turns are not the identity")
	}
}

func TestSession(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"IMG_20141025_163920.jpg", "2014-10-25"},
		{"dir/IMG_20151016_165303.jpg", "2015-10-16"},
		{"board.jpg", ""},
	} {
		if got := Session(tc.name); got != tc.want {
			t.Errorf("Session(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestSummaryPlacedOff: a board read but placed off (corners half a
// square or more from the label's) counts as not found, and its tiles
// shown sure are counted apart: a wrong board shown as certain is the
// worst a reading can be.
func TestSummaryPlacedOff(t *testing.T) {
	for _, tc := range []struct {
		name     string
		results  []PhotoResult
		wantLine string // "" when no board is placed off
		found    int
	}{
		{"found boards", []PhotoResult{{Found: true, Sure: 20}, {Found: true}}, "", 2},
		{"refused board", []PhotoResult{{Err: "no board found"}}, "", 0},
		{"off, tiles sure", []PhotoResult{{Sure: 12, Unsure: 3}, {Found: true, Sure: 5}},
			"placed off      1 boards read with corners >= 0.5 square off (counted not found), 1 of them with tiles shown sure (12 tiles)", 1},
		{"off, every tile unsure", []PhotoResult{{Unsure: 7}, {Sure: 2}},
			"placed off      2 boards read with corners >= 0.5 square off (counted not found), 1 of them with tiles shown sure (2 tiles)", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s Summary
			for _, r := range tc.results {
				s.Add(r)
			}
			var b strings.Builder
			s.Write(&b, "all")
			if s.Found != tc.found {
				t.Errorf("found %d, want %d", s.Found, tc.found)
			}
			has := strings.Contains(b.String(), "placed off")
			if tc.wantLine == "" && has {
				t.Errorf("a placed-off line with no board placed off:\n%s", b.String())
			}
			if tc.wantLine != "" && !strings.Contains(b.String(), tc.wantLine) {
				t.Errorf("summary lacks %q:\n%s", tc.wantLine, b.String())
			}
		})
	}
}
