package scrabble

import (
	"strings"
)

// Text is the board in the grid text format (DESIGN.md): one line per
// row, squares separated by spaces, "." for an empty square, a tile's
// letter in upper case, a blank tile in lower case. A blank whose letter
// the photo cannot show (nothing is printed on it) is "*". A square out
// of view (Reading.Unseen: not read) or hidden (Reading.Covered: a hand
// over it) is UnseenText.
func (r *Reading) Text() string {
	var b strings.Builder
	for row := 0; row < Size; row++ {
		for col := 0; col < Size; col++ {
			if col > 0 {
				b.WriteByte(' ')
			}
			if (r.Unseen[row][col] || r.Covered[row][col]) && r.Cells[row][col] == nil {
				b.WriteString(UnseenText)
				continue
			}
			b.WriteString(cellText(r.Cells[row][col]))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func cellText(c *Cell) string {
	switch {
	case c == nil:
		return "."
	case c.Blank && c.Letter == "":
		return "*"
	case c.Blank:
		return strings.ToLower(c.Letter)
	}
	return c.Letter
}

// UnseenText is a square out of view, or hidden, in Text: not read, neither empty
// nor a tile. The grid text format has no such square, so a board with
// one is no board the referee scores (scoring/scrabble refuses it,
// naming the square). Not "#", which starts the format's comments.
const UnseenText = "?"
