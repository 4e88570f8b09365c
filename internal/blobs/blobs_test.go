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
		{"one pixel", []string{"...", ".#."}, []Blob{{N: 1, X0: 1, Y0: 1, X1: 1, Y1: 1}}},
		{"diagonal pixels are apart", []string{"#.", ".#"}, []Blob{{N: 1, X0: 0, Y0: 0, X1: 0, Y1: 0}, {N: 1, X0: 1, Y0: 1, X1: 1, Y1: 1}}},
		{"a row's end does not join the next row's start", []string{"..#", "#.."}, []Blob{{N: 1, X0: 2, Y0: 0, X1: 2, Y1: 0}, {N: 1, X0: 0, Y0: 1, X1: 0, Y1: 1}}},
		{"a letter and its value", []string{
			"#.#....",
			"#.#....",
			"###....",
			"#.#..##",
			"#.#...#",
		}, []Blob{{N: 11, X0: 0, Y0: 0, X1: 2, Y1: 4}, {N: 3, X0: 5, Y0: 3, X1: 6, Y1: 4}}},
		{"a ring", []string{"###", "#.#", "###"}, []Blob{{N: 8, X0: 0, Y0: 0, X1: 2, Y1: 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, h, in := picture(tc.rows...)
			label, blobs := Label(w, h, in)
			if len(blobs)-1 != len(tc.blobs) {
				t.Fatalf("%d components, want %d: %v", len(blobs)-1, len(tc.blobs), blobs[1:])
			}
			for i, want := range tc.blobs {
				got := blobs[i+1]
				got.SumX, got.SumY = 0, 0 // checked against the labels below
				if got != want {
					t.Errorf("component %d = %+v, want %+v", i+1, blobs[i+1], want)
				}
			}
			checkSums(t, w, label, blobs)
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

// checkSums: every component's SumX and SumY are its labelled pixels'.
func checkSums(t *testing.T, w int, label []int32, blobs []Blob) {
	t.Helper()
	sx, sy := make([]int, len(blobs)), make([]int, len(blobs))
	for i, l := range label {
		sx[l] += i % w
		sy[l] += i / w
	}
	for k := 1; k < len(blobs); k++ {
		if blobs[k].SumX != sx[k] || blobs[k].SumY != sy[k] {
			t.Errorf("component %d sums %d,%d, want %d,%d", k, blobs[k].SumX, blobs[k].SumY, sx[k], sy[k])
		}
	}
}

func TestLabel8(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rows  []string
		blobs []Blob // from 1
	}{
		{"nothing picked", []string{"...", "..."}, nil},
		{"diagonal pixels are one", []string{"#.", ".#"}, []Blob{{N: 2, X0: 0, Y0: 0, X1: 1, Y1: 1, SumX: 1, SumY: 1}}},
		{"the other diagonal", []string{".#", "#."}, []Blob{{N: 2, X0: 0, Y0: 0, X1: 1, Y1: 1, SumX: 1, SumY: 1}}},
		{"a row's end does not join the next row's start", []string{"..#", "#.."}, []Blob{{N: 1, X0: 2, X1: 2, SumX: 2}, {N: 1, Y0: 1, Y1: 1, SumY: 1}}},
		{"apart by a column", []string{"#.#", "#.#"}, []Blob{{N: 2, Y1: 1, SumY: 1}, {N: 2, X0: 2, X1: 2, Y1: 1, SumX: 4, SumY: 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, h, in := picture(tc.rows...)
			label, blobs := Label8(w, h, in)
			if len(blobs)-1 != len(tc.blobs) {
				t.Fatalf("%d components, want %d: %v", len(blobs)-1, len(tc.blobs), blobs[1:])
			}
			for i, want := range tc.blobs {
				if blobs[i+1] != want {
					t.Errorf("component %d = %+v, want %+v", i+1, blobs[i+1], want)
				}
			}
			checkSums(t, w, label, blobs)
		})
	}
}

func TestEdge(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    Blob
		want bool
	}{
		{"inside", Blob{N: 1, X0: 1, Y0: 1, X1: 2, Y1: 2}, false},
		{"left side", Blob{N: 1, X0: 0, Y0: 1, X1: 2, Y1: 2}, true},
		{"bottom side", Blob{N: 1, X0: 1, Y0: 1, X1: 2, Y1: 3}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.b.Edge(4, 4); got != tc.want {
				t.Errorf("Edge = %v, want %v", got, tc.want)
			}
		})
	}
}
