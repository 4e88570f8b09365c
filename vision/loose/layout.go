package loose

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// LayoutText writes the reading's lattice as a layout: one line per row,
// one character per cell, '.' for an empty cell (the Lexicon Crossing
// layout and the Twists & Turns table formats). symbol turns a reading's
// letter into its one character (an action tile's name into '!', say);
// nil takes letters as they are. It fails, naming the tiles, when a tile
// is unread ("?"), off the lattice next to the layout, or has no
// one-character form. Blanks (Tile.Blank) are left out, and so are tiles
// off the lattice and far from the layout (more
// than two pitches from every placed tile: another player's tiles, a
// light object) are left out.
func LayoutText(r *Reading, symbol func(letter string) (rune, bool)) (string, error) {
	if symbol == nil {
		symbol = func(l string) (rune, bool) {
			c, n := utf8.DecodeRuneInString(l)
			return c, n == len(l) && c != utf8.RuneError
		}
	}
	grid := make([][]rune, r.Rows)
	for i := range grid {
		grid[i] = []rune(strings.Repeat(".", r.Cols))
	}
	var bad []string
	for _, t := range r.Tiles {
		at := fmt.Sprintf("the tile at pixel (%.0f, %.0f)", t.Center.X, t.Center.Y)
		switch {
		case t.Blank:
			// Lexicon's set has no blank: a Scrabble blank on the
			// board is no letter of the layout.
			continue
		case t.Row < 0:
			if nearLayout(r, t) {
				bad = append(bad, at+" is off the lattice")
			}
			continue
		case t.Letter == "?" || t.Letter == "":
			bad = append(bad, fmt.Sprintf("%s (row %d, column %d) could not be read", at, t.Row, t.Col))
			continue
		}
		c, ok := symbol(t.Letter)
		if !ok {
			bad = append(bad, fmt.Sprintf("%s (row %d, column %d) reads %q, which the layout cannot hold", at, t.Row, t.Col, t.Letter))
			continue
		}
		grid[t.Row][t.Col] = c
	}
	if len(bad) > 0 {
		return "", fmt.Errorf("loose: %s", strings.Join(bad, "; "))
	}
	var b strings.Builder
	for _, row := range grid {
		b.WriteString(string(row))
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// nearLayout reports whether t lies within two pitches of a tile on the
// lattice.
func nearLayout(r *Reading, t Tile) bool {
	for _, o := range r.Tiles {
		if o.Row >= 0 && dist(o.Center, t.Center) <= 2*math.Max(r.Pitch, o.Side) {
			return true
		}
	}
	return false
}
