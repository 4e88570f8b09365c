package loose

import (
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// The second look adds a tile round a letter no tile holds when the
// reader names it; a letter inside a tile found, or one the reader calls
// no tile, adds none.
func TestSecondLook(t *testing.T) {
	const w, h = 400, 200
	src := rgbImage{w: w, h: h, pix: make([]byte, 3*w*h)}
	for i := range src.pix {
		src.pix[i] = 200
	}
	var tiles []Tile
	for i := 0; i < 3; i++ {
		c := Point{60 + 50*float64(i), 60}
		tiles = append(tiles, Tile{Letter: "A", Conf: 0.99, Corners: turnedSquare(c, 40, 0), Center: c, Side: 40, Row: -1, Col: -1})
	}
	spare := func(c Point) Tile {
		return Tile{Letter: "?", Corners: turnedSquare(c, 30, 0), Center: c, Side: 30, byLetter: true, glyph: c, hasGlyph: true, elong: 1.5, Row: -1, Col: -1}
	}
	cases := []struct {
		name    string
		reading ocr.Reading
		spares  []Tile
		want    int  // tiles after
		read    bool // the reader was asked
	}{
		{"a letter on its own", ocr.Reading{Letter: "B", Conf: 0.99}, []Tile{spare(Point{300, 140})}, 4, true},
		{"a letter in a tile found", ocr.Reading{Letter: "B", Conf: 0.99}, []Tile{spare(Point{112, 62})}, 3, false},
		{"no tile, says the reader", ocr.Reading{Conf: 0.99}, []Tile{spare(Point{300, 140})}, 3, true},
		{"twice the same letter", ocr.Reading{Letter: "B", Conf: 0.99}, []Tile{spare(Point{300, 140}), spare(Point{305, 140})}, 4, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rd := &fakeReader{reading: tc.reading}
			in := append([]Tile(nil), tiles...)
			got, err := secondLook(src, in, tc.spares, Options{Reader: rd, Lattice: true, UprightFromLetters: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != tc.want || (rd.calls > 0) != tc.read {
				t.Fatalf("%d tiles after %d reads, want %d (read %v)", len(got), rd.calls, tc.want, tc.read)
			}
			if tc.want == 4 {
				n := got[3]
				if n.Letter != "B" || dist(n.Center, Point{300, 140}) > 1 || n.Side < 39 || n.Side > 41 {
					t.Errorf("new tile %s at %v side %.1f, want B at (300, 140), side 40 (the tiles')", n.Letter, n.Center, n.Side)
				}
			}
		})
	}
}
