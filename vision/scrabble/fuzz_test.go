package scrabble

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// FuzzParseLabel: any text either parses into a 15x15 board or fails with
// ErrLabel; it never panics.
func FuzzParseLabel(f *testing.F) {
	f.Add(emptyRows(15))
	f.Add(emptyRows(15) + "# corners: 1,2 3,4 5,6 7,8\n")
	f.Add(emptyRows(14) + ". . . . R I E A . . . . . . q\n")
	f.Add("# corners: 1 2\n")
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLabel(strings.NewReader(s), "fuzz")
		if err != nil {
			if !errors.Is(err, ErrLabel) {
				t.Fatalf("error %v is not ErrLabel", err)
			}
			return
		}
		for _, p := range l.Corners {
			if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
				t.Fatalf("corner %v", p)
			}
		}
		for _, row := range l.Cells {
			for _, c := range row {
				if len(c) > 1 {
					t.Fatalf("cell %q", c)
				}
			}
		}
	})
}
