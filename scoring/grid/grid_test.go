package grid

import (
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		rows  int
		cols  int
		check map[Pos]Stack
	}{
		{"flat and stacked", ". C O2\nQu3 . a\n", 2, 3, map[Pos]Stack{
			{0, 0}: {}, {0, 1}: {"C", 1}, {0, 2}: {"O", 2}, {1, 0}: {"Qu", 3}, {1, 2}: {"A", 1}}},
		{"comments and blank lines", "# before\n\n. . # trailing\n\nx9 qU\n", 2, 2, map[Pos]Stack{
			{1, 0}: {"X", 9}, {1, 1}: {"Qu", 1}}},
		{"tabs and runs of spaces", "A\t\tB   C\n", 1, 3, map[Pos]Stack{{0, 2}: {"C", 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(strings.NewReader(tc.text), "t.txt")
			if err != nil {
				t.Fatal(err)
			}
			if b.Rows != tc.rows || b.Cols != tc.cols {
				t.Fatalf("size %dx%d, want %dx%d", b.Rows, b.Cols, tc.rows, tc.cols)
			}
			for p, want := range tc.check {
				if got := b.At(p); got != want {
					t.Errorf("At(%v) = %+v, want %+v", p, got, want)
				}
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty file", "# nothing\n", "b.txt:1: no board rows found"},
		{"ragged row", ". .\n. . .\n", "b.txt:2: row has 3 cells, the first row has 2"},
		{"height zero", ". A0\n", `b.txt:1: cell 2 "A0": height 0`},
		{"two digits", "A12\n", `b.txt:1: cell 1 "A12": after the letter A want a height digit 1-9`},
		{"digit alone", "3\n", `b.txt:1: cell 1 "3": want '.' or a letter`},
		{"lone Q", "Q\n", `b.txt:1: cell 1 "Q": Q is played as the Qu tile`},
		{"non-ASCII", "É\n", `b.txt:1: cell 1 "É": want '.'`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.text), "b.txt")
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("error %v does not wrap ErrSyntax", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %q, want prefix %q", err, tc.want)
			}
		})
	}
}

func TestStringRoundTrip(t *testing.T) {
	b := MustParse(". C O2\nQu3 . A\n")
	again := MustParse(b.String())
	if !b.Equal(again) {
		t.Fatalf("round trip changed the board:\n%s\nvs\n%s", b, again)
	}
}

func TestTranspose(t *testing.T) {
	b := MustParse("A B .\n. C2 D\n")
	tr := b.Transpose()
	if tr.Rows != 3 || tr.Cols != 2 || tr.At(Pos{1, 1}) != (Stack{"C", 2}) || tr.At(Pos{2, 1}) != (Stack{"D", 1}) {
		t.Fatalf("transpose wrong:\n%s", tr)
	}
	if !tr.Transpose().Equal(b) {
		t.Fatal("transposing twice is not the identity")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{". C O2\nQu3 . A\n", "# c\n\nA B\nC D", "A0", "q", ". .\n. . ."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := Parse(strings.NewReader(text), "fuzz")
		if err != nil {
			return
		}
		again, err := Parse(strings.NewReader(b.String()), "again")
		if err != nil {
			t.Fatalf("printed board does not parse: %v\n%s", err, b)
		}
		if !b.Equal(again) {
			t.Fatalf("print-then-parse changed the board:\n%s\nvs\n%s", b, again)
		}
	})
}
