package scrabble

import (
	"errors"
	"strings"
	"testing"
)

func emptyRows(n int) []string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = strings.TrimSpace(strings.Repeat(". ", Size))
	}
	return rows
}

// withRow is an empty board text with row r replaced.
func withRow(r int, row string) string {
	rows := emptyRows(Size)
	rows[r] = row
	return strings.Join(rows, "\n")
}

func TestParse(t *testing.T) {
	b, err := Parse(strings.NewReader("# a comment\n\n"+withRow(7, ". . . B E N d S . . . . . . *  # BENdS")), "b.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p    Pos
		want Tile
	}{
		{Pos{7, 3}, Tile{Letter: 'B'}},
		{Pos{7, 6}, Tile{Letter: 'D', Blank: true}},
		{Pos{7, 14}, Tile{Letter: Unknown, Blank: true}},
		{Pos{7, 0}, Tile{}},
		{Pos{0, 0}, Tile{}},
	} {
		if got := b.At(tc.p); got != tc.want {
			t.Errorf("%v = %+v, want %+v", tc.p, got, tc.want)
		}
	}
	if b.Count() != 6 {
		t.Errorf("Count = %d", b.Count())
	}
	again, err := Parse(strings.NewReader(b.String()), "")
	if err != nil || *again != *b {
		t.Errorf("String does not parse back: %v\n%s", err, b)
	}
	if got := b.Runs(); len(got) != 1 || got[0].Text(b) != "BENDS" || got[0].Start != (Pos{7, 3}) {
		t.Errorf("Runs = %+v", got)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"short row", withRow(3, ". . ."), "b.txt:4: row 3 has 3 cells, a Scrabble row has 15"},
		{"long row", withRow(0, strings.Repeat(". ", 16)), "b.txt:1: row 0 has 16 cells"},
		{"too few rows", strings.Join(emptyRows(14), "\n"), "b.txt:14: 14 rows, a Scrabble board has 15"},
		{"too many rows", strings.Join(emptyRows(16), "\n"), "b.txt:16: more than 15 rows"},
		{"stack height", withRow(2, "A2 . . . . . . . . . . . . . ."), `b.txt:3: cell 1 "A2": Scrabble tiles do not stack`},
		{"digit", withRow(2, ". 5 . . . . . . . . . . . . ."), `b.txt:3: cell 2 "5": want '.', a letter`},
		{"Qu", withRow(0, ". . Qu . . . . . . . . . . . ."), `cell 3 "Qu"`},
		{"cyrillic", withRow(0, ". . Я . . . . . . . . . . . ."), `cell 3 "Я"`},
		{"empty", "", "b.txt:0: 0 rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.text), "b.txt")
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrSyntax) {
				t.Errorf("err = %v, want %q (and ErrSyntax)", err, tc.want)
			}
		})
	}
}

// FuzzParse: any text either fails with a ParseError or gives a board
// whose grid text parses back to the same board, with only legal tiles.
func FuzzParse(f *testing.F) {
	f.Add(withRow(7, ". . . B E N d S . . . . . . *"))
	f.Add(strings.Join(emptyRows(15), "\n"))
	f.Add("a b\n" + withRow(0, "z"))
	f.Add(withRow(14, "Q . . . . . . . . . . . . . x # c"))
	f.Fuzz(func(t *testing.T, text string) {
		b, err := Parse(strings.NewReader(text), "f")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		for r := range b {
			for c, tl := range b[r] {
				ok := tl.Empty() || tl.Letter >= 'A' && tl.Letter <= 'Z' || tl.Letter == Unknown && tl.Blank
				if !ok {
					t.Fatalf("(%d,%d) holds %+v", r, c, tl)
				}
			}
		}
		again, err := Parse(strings.NewReader(b.String()), "")
		if err != nil || *again != *b {
			t.Fatalf("round trip: %v\n%s", err, b)
		}
	})
}
