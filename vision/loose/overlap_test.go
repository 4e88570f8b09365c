package loose

import "testing"

// TestOverDoubles: a quad read under overDoubleConf lying mostly over
// the quads of tiles shown sure is dropped (a second quad over a tile
// found already, or over the seam of two); touching tiles, tiles read
// overDoubleConf or surer, tiles only doubted tiles cover and unread
// tiles stay.
func TestOverDoubles(t *testing.T) {
	tile := func(letter string, conf, x, y, side float64) Tile {
		tl := squareTile(x, y, side)
		tl.Letter, tl.Conf = letter, conf
		return tl
	}
	cases := []struct {
		name  string
		tiles []Tile
		want  string // the kept tiles' letters, in order
	}{
		{"a small doubted quad over a sure tile", []Tile{tile("A", 1, 100, 100, 60), tile("V", 0.4, 115, 100, 40)}, "A"},
		{"a large doubted quad over a sure tile", []Tile{tile("R", 0.99, 100, 100, 56), tile("R", 0.6, 108, 96, 64), tile("N", 0.48, 140, 100, 40)}, "RN"},
		{"a sure neighbour's quad a third over a doubted tile", []Tile{tile("J", 0.99, 100, 100, 60), tile("U", 0.67, 140, 100, 60)}, "JU"},
		{"touching tiles", []Tile{tile("A", 1, 100, 100, 60), tile("B", 0.5, 161, 100, 60), tile("C", 0.3, 222, 100, 60)}, "ABC"},
		{"neighbours over each other by a few pixels", []Tile{tile("A", 1, 100, 100, 60), tile("B", 0.5, 155, 100, 60), tile("C", 0.3, 100, 155, 60)}, "ABC"},
		{"a quad over the seam of two tiles", []Tile{tile("A", 0.99, 100, 100, 60), tile("B", 0.97, 160, 100, 60), tile("I", 0.6, 130, 100, 50)}, "AB"},
		{"two doubted quads over each other", []Tile{tile("E", 0.5, 100, 100, 60), tile("F", 0.7, 110, 100, 60)}, "EF"},
		{"a doubted quad over a tile read 0.85", []Tile{tile("M", 0.85, 100, 100, 60), tile("S", 0.7, 110, 100, 60)}, "MS"},
		{"a tile read overDoubleConf or surer stays", []Tile{tile("A", 1, 100, 100, 60), tile("B", overDoubleConf, 110, 100, 60)}, "AB"},
		{"a sure quad over a sure quad", []Tile{tile("A", 1, 100, 100, 60), tile("B", 0.95, 110, 100, 60)}, "AB"},
		{"an unread quad stays", []Tile{tile("A", 1, 100, 100, 60), tile("?", 0, 110, 100, 60)}, "A?"},
		{"no tiles", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ""
			for _, tl := range overDoubles(append([]Tile(nil), c.tiles...)) {
				got += tl.Letter
			}
			if got != c.want {
				t.Errorf("kept %q, want %q", got, c.want)
			}
		})
	}
}
