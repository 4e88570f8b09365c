package pyramids

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

func TestParseCell(t *testing.T) {
	tests := []struct {
		in     string
		want   string // the stack written back
		height int
		top    string
	}{
		{".", ".", 0, ""},
		{"rA", "rA", 1, "rA"},
		{"rA5", "rA5", 5, "rA"},
		{"Ka2", "kA2", 2, "kA"},
		{"rA/bE/kT", "rA/bE/kT", 3, "rA"},
		{"yQ/gZ4", "yQ/gZ4", 4, "yQ"},
		{"rA/bE2", "rA/bE", 2, "rA"},
		{"gO12", "gO12", 12, "gO"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			s, err := ParseCell(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			top, _ := s.Top()
			if s.String() != tc.want || s.Height != tc.height || s.Height > 0 && top.String() != tc.top {
				t.Errorf("got %q height %d top %v", s.String(), s.Height, top)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	row := ". . . . . . . . . .\n"
	tests := []struct{ name, text, want string }{
		{"unknown colour", row + ". xA . . . . . . . .\n", `b.txt:2: cell 2 "xA": layer 1 "xA": "x" is not a colour`},
		{"digit letter", "r1 . . . . . . . . .\n", `b.txt:1: cell 1 "r1": layer 1 "r": want a colour letter`},
		{"count too small", "rA/bE/kT2 . . . . . . . . .\n", `b.txt:1: cell 1 "rA/bE/kT2": stack count 2 is less than the 3 layers`},
		{"count zero", "rA0 . . . . . . . . .\n", `b.txt:1: cell 1 "rA0": stack count "0": want 1-20`},
		{"count only", "5 . . . . . . . . .\n", `b.txt:1: cell 1 "5": want '.' or a colour letter`},
		{"empty layer", "rA//bE . . . . . . . . .\n", `b.txt:1: cell 1 "rA//bE": layer 2 ""`},
		{"short row", row + ". . .\n", "b.txt:2: row has 3 cells, want 10"},
		{"too few rows", row + row, "b.txt:2: found 2 board rows, want 10"},
		{"too many rows", strings.Repeat(row, 11), "b.txt:11: more than 10 rows"},
		{"non-ASCII letter", "rЖ . . . . . . . . .\n", `b.txt:1: cell 1 "rЖ": layer 1`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.text), "b.txt")
			var pe *grid.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, grid.ErrSyntax) {
				t.Fatalf("got %v, want a *grid.ParseError", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %q\nwant %q...", err, tc.want)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	b := startBoard(t)
	b2, err := Parse(strings.NewReader(b.String()), "")
	if err != nil {
		t.Fatal(err)
	}
	if !b.Equal(b2) || b.String() != b2.String() {
		t.Errorf("round trip changed the board:\n%s\n%s", b, b2)
	}
}

func TestDefaultSetup(t *testing.T) {
	s := DefaultSetup()
	printed := 0
	for i := 0; i < Size*Size; i++ {
		p := posOf(i)
		if (s.PrintedAt(p) != "") == OnRunway(p) {
			t.Errorf("%v: printed %q on runway=%v", p, s.PrintedAt(p), OnRunway(p))
		}
		if s.PrintedAt(p) != "" {
			printed++
		}
	}
	if printed != 64 {
		t.Errorf("%d printed letters, want 64", printed)
	}
	if n := s.PlayerSet.Total(); n != 30 {
		t.Errorf("player set %d, want 30", n)
	}
	if n := s.HouseSet.Total(); n != 42 {
		t.Errorf("house set %d, want 42", n)
	}
	if n := PlayerSet24.Total(); n != 24 {
		t.Errorf("24 set holds %d", n)
	}
	for _, side := range Sides {
		sq := SpaceSquares(side)
		if len(sq) != 6 {
			t.Fatalf("%v has %d spaces", side, len(sq))
		}
		for _, p := range sq {
			if got, ok := SpaceSide(p); !ok || got != side {
				t.Errorf("%v: SpaceSide = %v %v, want %v", p, got, ok, side)
			}
		}
	}
}

func TestParseSetAndPrinted(t *testing.T) {
	set, err := ParseSet(strings.NewReader("# mine\nA 2 1\nq 1\nZ 1 10 # z\n"), "set.txt")
	if err != nil {
		t.Fatal(err)
	}
	if set.Total() != 4 || set.Value("Q") != 10 || set.Value("Z") != 10 {
		t.Errorf("set %+v", set)
	}
	bad := []struct{ name, text, want string }{
		{"letter twice", "A 1\nA 2\n", `set.txt:2: cell 1 "A": letter listed twice`},
		{"count", "A x\n", `set.txt:1: cell 2 "x": want a count`},
		{"empty", "# none\n", "set.txt:1: no pyramids listed"},
		{"fields", "A\n", "set.txt:1: want LETTER COUNT [VALUE]"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseSet(strings.NewReader(tc.text), "set.txt")
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want %s", err, tc.want)
			}
		})
	}
	f, err := os.ReadFile("data/printed.txt")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(f), ".STARELIN.", ".STARE.IN.", 1)
	if _, err := ParsePrinted(strings.NewReader(broken), "p.txt"); err == nil || !strings.Contains(err.Error(), "cell 7") {
		t.Errorf("printed layout with a hole: %v", err)
	}
	if _, err := ParseSeats("rbgy"); err != nil {
		t.Error(err)
	}
	for _, s := range []string{"rbg", "rrgy", "rbgk", "rbgx"} {
		if _, err := ParseSeats(s); err == nil {
			t.Errorf("seats %q accepted", s)
		}
	}
}

func FuzzParse(f *testing.F) {
	start, _ := os.ReadFile("testdata/start.txt")
	f.Add(string(start))
	f.Add("rA/bE/kT3 . .\n")
	f.Add(strings.Repeat("kA9 . . . . . . . . .\n", 10))
	f.Fuzz(func(t *testing.T, text string) {
		b, err := Parse(strings.NewReader(text), "fuzz")
		if err != nil {
			var pe *grid.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *grid.ParseError", err)
			}
			return
		}
		b2, err := Parse(strings.NewReader(b.String()), "again")
		if err != nil {
			t.Fatalf("written board does not parse: %v\n%s", err, b)
		}
		if b.String() != b2.String() {
			t.Fatalf("round trip changed the board")
		}
	})
}
