package scrabble

import (
	"strings"
	"testing"
)

// maskOf reads a mask drawn as rows of '#' (set) and '.' (clear).
func maskOf(rows ...string) (mask []bool, w, h int) {
	w, h = len(rows[0]), len(rows)
	for _, r := range rows {
		for _, ch := range r {
			mask = append(mask, ch == '#')
		}
	}
	return mask, w, h
}

func TestEachBlob(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		stop int    // stop after this many blobs (0: walk all)
		want []blob // in walk order
	}{
		{name: "empty", rows: []string{"...", "..."}},
		{name: "one sample", rows: []string{"...", ".#."},
			want: []blob{{n: 1, sx: 1, sy: 1, x0: 1, y0: 1, x1: 1, y1: 1}}},
		{name: "diagonal samples are apart", rows: []string{"#.", ".#"},
			want: []blob{{n: 1, x0: 0, y0: 0, x1: 0, y1: 0}, {n: 1, sx: 1, sy: 1, x0: 1, y0: 1, x1: 1, y1: 1}}},
		{name: "row ends do not wrap", rows: []string{"..#", "#.."},
			want: []blob{{n: 1, sx: 2, x0: 2, y0: 0, x1: 2, y1: 0}, {n: 1, sy: 1, x0: 0, y0: 1, x1: 0, y1: 1}}},
		{name: "an L", rows: []string{"#..", "#..", "###"},
			want: []blob{{n: 5, sx: 3, sy: 7, x0: 0, y0: 0, x1: 2, y1: 2}}},
		{name: "stopped after the first", rows: []string{"#.#", "#.#"}, stop: 1,
			want: []blob{{n: 2, sy: 1, x0: 0, y0: 0, x1: 0, y1: 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mask, w, h := maskOf(tc.rows...)
			var got []blob
			eachBlob(mask, w, h, func(b blob) bool {
				got = append(got, b)
				return tc.stop == 0 || len(got) < tc.stop
			})
			if len(got) != len(tc.want) {
				t.Fatalf("%d blobs, want %d:\n%s", len(got), len(tc.want), strings.Join(tc.rows, "\n"))
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("blob %d = %+v, want %+v", i, got[i], tc.want[i])
				}
			}
		})
	}
}
