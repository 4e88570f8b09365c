package lexicon

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/lexicon"
)

// The size of a seat's area on the page.
const (
	// CrossRows and Cols are a crossword's squares: a 30-tile crossword
	// fits with room to grow.
	CrossRows = 15
	Cols      = 16
	// LooseRows hold the tiles lying apart from the crossword.
	LooseRows = 2
	// AreaRows is one seat's rows.
	AreaRows = CrossRows + LooseRows
)

// Unread is the cell of a tile whose letter the camera could not read.
const Unread = '?'

// Position is the table: one area per seat, AreaRows x Cols cells each, a
// cell 0 (empty), 'A'..'Z' or Unread. It is never changed once made.
type Position struct {
	seats int
	cells []byte
}

var _ game.Position = Position{}

// NewPosition is an empty table of seats areas.
func NewPosition(seats int) Position {
	return Position{seats: seats, cells: make([]byte, seats*AreaRows*Cols)}
}

// Seats is the number of areas.
func (p Position) Seats() int { return p.seats }

// Size is seats x AreaRows rows by Cols columns.
func (p Position) Size() (int, int) { return p.seats * AreaRows, Cols }

func (p Position) in(row, col int) bool {
	return row >= 0 && row < p.seats*AreaRows && col >= 0 && col < Cols
}

func (p Position) at(row, col int) byte {
	if !p.in(row, col) {
		return 0
	}
	return p.cells[row*Cols+col]
}

// Cell is the tile's letter ("?" unread), "" when the square is empty.
func (p Position) Cell(row, col int) string {
	if c := p.at(row, col); c != 0 {
		return string(c)
	}
	return ""
}

// String is one line per row, one character per square, '.' empty; a
// line "# seat N" before each seat's area.
func (p Position) String() string {
	var b strings.Builder
	for r := range p.seats * AreaRows {
		if r%AreaRows == 0 {
			fmt.Fprintf(&b, "# seat %d\n", r/AreaRows+1)
		}
		for c := range Cols {
			ch := p.at(r, c)
			if ch == 0 {
				ch = '.'
			}
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// with is p with one cell changed (a copy).
func (p Position) with(row, col int, ch byte) Position {
	out := Position{seats: p.seats, cells: append([]byte(nil), p.cells...)}
	out.cells[row*Cols+col] = ch
	return out
}

// parsePosition reads the text form of a table of seats areas.
func parsePosition(text, name string, seats int) (Position, error) {
	p := NewPosition(seats)
	sc := bufio.NewScanner(strings.NewReader(text))
	row, line := 0, 0
	for sc.Scan() {
		line++
		s := strings.TrimRight(sc.Text(), "\r")
		if strings.HasPrefix(s, "#") || strings.TrimSpace(s) == "" {
			continue
		}
		if row >= seats*AreaRows {
			return Position{}, fmt.Errorf("%w: %s:%d: more than %d rows (%d seats of %d)", game.ErrBadInput, name, line, seats*AreaRows, seats, AreaRows)
		}
		if len(s) != Cols {
			return Position{}, fmt.Errorf("%w: %s:%d: %d squares, want %d", game.ErrBadInput, name, line, len(s), Cols)
		}
		for c := range Cols {
			ch, ok := cellByte(s[c])
			if !ok {
				return Position{}, fmt.Errorf("%w: %s:%d: column %d: %q: want a letter A-Z, %q or '.'", game.ErrBadInput, name, line, c+1, s[c], Unread)
			}
			p.cells[row*Cols+c] = ch
		}
		row++
	}
	if row != seats*AreaRows {
		return Position{}, fmt.Errorf("%w: %s: %d rows, want %d (%d seats of %d)", game.ErrBadInput, name, row, seats*AreaRows, seats, AreaRows)
	}
	return p, nil
}

// cellByte is a cell's byte for a character of the text form.
func cellByte(ch byte) (byte, bool) {
	switch {
	case ch == '.':
		return 0, true
	case ch >= 'A' && ch <= 'Z', ch == Unread:
		return ch, true
	case ch >= 'a' && ch <= 'z':
		return ch - 'a' + 'A', true
	}
	return 0, false
}

// Area is one seat's part of the table, as scored.
type Area struct {
	// Cross is the crossword: the largest piece of two or more tiles
	// joined edge to edge in the crossword rows (nil when there is none).
	Cross *lexicon.Layout
	// Loose counts the tiles apart from it (leftovers): the loose rows'
	// and any tile of the crossword rows not joined to it.
	Loose int
	// Unread counts tiles whose letter is not known.
	Unread int
	// Tiles counts every tile of the area.
	Tiles int
}

// Area is seat s's area (0-based).
func (p Position) Area(s int) Area {
	var a Area
	if s < 0 || s >= p.seats {
		return a
	}
	top := s * AreaRows
	l := lexicon.NewLayout(CrossRows, Cols)
	for r := range AreaRows {
		for c := range Cols {
			ch := p.at(top+r, c)
			if ch == 0 {
				continue
			}
			a.Tiles++
			if ch == Unread {
				a.Unread++
			}
			if r < CrossRows {
				l.Set(grid.Pos{Row: r, Col: c}, ch)
			} else {
				a.Loose++
			}
		}
	}
	piece := largestPiece(l)
	if len(piece) < 2 {
		a.Loose += len(piece)
		return a
	}
	cross := lexicon.NewLayout(CrossRows, Cols)
	for _, q := range piece {
		cross.Set(q, l.At(q))
	}
	a.Loose += l.Tiles() - len(piece)
	a.Cross = cross
	return a
}

// largestPiece is the largest set of tiles joined edge to edge (the first
// in reading order of those as large).
func largestPiece(l *lexicon.Layout) []grid.Pos {
	seen := map[grid.Pos]bool{}
	var best []grid.Pos
	for r := range l.Rows {
		for c := range l.Cols {
			p := grid.Pos{Row: r, Col: c}
			if l.At(p) == 0 || seen[p] {
				continue
			}
			piece := []grid.Pos{p}
			seen[p] = true
			for i := 0; i < len(piece); i++ {
				for _, d := range [4]grid.Pos{{Row: -1}, {Row: 1}, {Col: -1}, {Col: 1}} {
					q := piece[i].Add(d)
					if l.At(q) != 0 && !seen[q] {
						seen[q] = true
						piece = append(piece, q)
					}
				}
			}
			if len(piece) > len(best) {
				best = piece
			}
		}
	}
	return best
}

// sameArea reports whether seat s's area is the same in a and b.
func sameArea(a, b Position, s int) bool {
	lo, hi := s*AreaRows*Cols, (s+1)*AreaRows*Cols
	return string(a.cells[lo:hi]) == string(b.cells[lo:hi])
}

// tiles counts the tiles on the table.
func (p Position) tiles() int {
	n := 0
	for _, ch := range p.cells {
		if ch != 0 {
			n++
		}
	}
	return n
}
