package blobs

import (
	"strings"
	"testing"
)

// picture reads a picture drawn as text, '#' picked.
func picture(rows ...string) (w, h int, in func(int) bool) {
	w, h = len(rows[0]), len(rows)
	s := strings.Join(rows, "")
	return w, h, func(i int) bool { return s[i] == '#' }
}

func TestLabel(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rows  []string
		blobs []Blob // from 1
	}{
		{"nothing picked", []string{"...", "..."}, nil},
		{"one pixel", []string{"...", ".#."}, []Blob{{1, 1, 1, 1, 1}}},
		{"diagonal pixels are apart", []string{"#.", ".#"}, []Blob{{1, 0, 0, 0, 0}, {1, 1, 1, 1, 1}}},
		{"a row's end does not join the next row's start", []string{"..#", "#.."}, []Blob{{1, 2, 0, 2, 0}, {1, 0, 1, 0, 1}}},
		{"a letter and its value", []string{
			"#.#....",
			"#.#....",
			"###....",
			"#.#..##",
			"#.#...#",
		}, []Blob{{11, 0, 0, 2, 4}, {3, 5, 3, 6, 4}}},
		{"a ring", []string{"###", "#.#", "###"}, []Blob{{8, 0, 0, 2, 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, h, in := picture(tc.rows...)
			label, blobs := Label(w, h, in)
			if len(blobs)-1 != len(tc.blobs) {
				t.Fatalf("%d components, want %d: %v", len(blobs)-1, len(tc.blobs), blobs[1:])
			}
			for i, want := range tc.blobs {
				if blobs[i+1] != want {
					t.Errorf("component %d = %+v, want %+v", i+1, blobs[i+1], want)
				}
			}
			for i := range label {
				if in(i) != (label[i] != 0) {
					t.Errorf("pixel %d picked %v but labelled %d", i, in(i), label[i])
				}
				if label[i] != 0 {
					b := blobs[label[i]]
					if x, y := i%w, i/w; x < b.X0 || x > b.X1 || y < b.Y0 || y > b.Y1 {
						t.Errorf("pixel %d,%d outside its component's box %+v", x, y, b)
					}
				}
			}
		})
	}
}

func TestEdge(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    Blob
		want bool
	}{
		{"inside", Blob{1, 1, 1, 2, 2}, false},
		{"left side", Blob{1, 0, 1, 2, 2}, true},
		{"bottom side", Blob{1, 1, 1, 2, 3}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.b.Edge(4, 4); got != tc.want {
				t.Errorf("Edge = %v, want %v", got, tc.want)
			}
		})
	}
}
