package scrabble

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Size is the board's side: 15 squares.
const Size = 15

// Pos is a square: 0-based row and column, row 0 at the top as the board is
// read.
type Pos struct{ Row, Col int }

// String names the square in messages, 0-based like the JSON.
func (p Pos) String() string { return fmt.Sprintf("row %d, column %d", p.Row, p.Col) }

// In reports whether p is on the board.
func (p Pos) In() bool { return p.Row >= 0 && p.Row < Size && p.Col >= 0 && p.Col < Size }

// Centre is the start square (7,7).
var Centre = Pos{7, 7}

// Unknown is the Letter of a blank whose letter is not known (the grid text
// writes it "*"): a camera sees that a blank lies there but not which letter
// its player named.
const Unknown = '*'

// Tile is what lies on one square. The zero Tile is an empty square.
type Tile struct {
	// Letter is 'A'..'Z', Unknown for a blank whose letter is not known,
	// or 0 on an empty square.
	Letter byte
	// Blank is set for a blank tile: it spells Letter and scores 0.
	Blank bool
}

// Empty reports whether no tile lies on the square.
func (t Tile) Empty() bool { return t.Letter == 0 }

// String is the cell as the grid text writes it: "." empty, "A" a lettered
// tile, "a" a blank named A, "*" a blank whose letter is not known.
func (t Tile) String() string {
	switch {
	case t.Empty():
		return "."
	case t.Letter == Unknown:
		return "*"
	case t.Blank:
		return string(t.Letter + 'a' - 'A')
	}
	return string(t.Letter)
}

// Name is the tile in a message: "E", "the blank E", "a blank".
func (t Tile) Name() string {
	switch {
	case t.Letter == Unknown:
		return "a blank"
	case t.Blank:
		return "the blank " + string(t.Letter)
	}
	return string(t.Letter)
}

// Value is the tile's face value: 0 for a blank.
func (t Tile) Value() int {
	if t.Blank || t.Empty() {
		return 0
	}
	return LetterValue(t.Letter)
}

// Board is the 15x15 board: Board[row][col].
type Board [Size][Size]Tile

// At is the tile on p; off the board, an empty square.
func (b *Board) At(p Pos) Tile {
	if !p.In() {
		return Tile{}
	}
	return b[p.Row][p.Col]
}

// Count is the number of tiles on the board.
func (b *Board) Count() int {
	n := 0
	for r := range b {
		for c := range b[r] {
			if !b[r][c].Empty() {
				n++
			}
		}
	}
	return n
}

// String is the board in the grid text format, one row a line.
func (b *Board) String() string {
	var s strings.Builder
	for r := range b {
		for c := range b[r] {
			if c > 0 {
				s.WriteByte(' ')
			}
			s.WriteString(b[r][c].String())
		}
		s.WriteByte('\n')
	}
	return s.String()
}

// ErrSyntax is wrapped by every *ParseError: the grid text format's own
// (scoring/grid), which this board's text is.
var ErrSyntax = grid.ErrSyntax

// ParseError says where a board text is wrong and what was expected there
// (file, line, cell): the grid text format's error.
type ParseError = grid.ParseError

// ParseCell reads one cell of the grid text: "." empty, "A".."Z" a tile,
// "a".."z" a blank named that letter, "*" a blank whose letter is unknown.
func ParseCell(s string) (Tile, error) {
	if len(s) == 1 {
		switch c := s[0]; {
		case c == '.':
			return Tile{}, nil
		case c >= 'A' && c <= 'Z':
			return Tile{Letter: c}, nil
		case c >= 'a' && c <= 'z':
			return Tile{Letter: c - 'a' + 'A', Blank: true}, nil
		case c == Unknown:
			return Tile{Letter: Unknown, Blank: true}, nil
		}
	}
	if len(s) > 1 && (s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z') && s[1] >= '0' && s[1] <= '9' {
		return Tile{}, errors.New("Scrabble tiles do not stack: write the letter alone")
	}
	return Tile{}, errors.New("want '.', a letter A-Z, a lower-case letter for a blank, or * for a blank of unknown letter")
}

// Parse reads a board in the grid text format: 15 rows of 15 cells
// separated by spaces; '#' starts a comment; blank lines are ignored. name
// is used in errors (a file name); it may be "".
func Parse(r io.Reader, name string) (*Board, error) {
	var b Board
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	line, rows := 0, 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if rows == Size {
			return nil, &ParseError{File: name, Line: line, Msg: fmt.Sprintf("more than %d rows: a Scrabble board is %dx%d", Size, Size, Size)}
		}
		if len(fields) != Size {
			return nil, &ParseError{File: name, Line: line, Msg: fmt.Sprintf("row %d has %d %s, a Scrabble row has %d", rows, len(fields), plural(len(fields), "cell"), Size)}
		}
		for c, f := range fields {
			t, err := ParseCell(f)
			if err != nil {
				return nil, &ParseError{File: name, Line: line, Cell: c + 1, Text: f, Msg: err.Error()}
			}
			b[rows][c] = t
		}
		rows++
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: line + 1, Msg: err.Error()}
	}
	if rows != Size {
		return nil, &ParseError{File: name, Line: line, Msg: fmt.Sprintf("%d rows, a Scrabble board has %d", rows, Size)}
	}
	return &b, nil
}

// MustParse parses a board written in a test and panics on error.
func MustParse(text string) *Board {
	b, err := Parse(strings.NewReader(text), "")
	if err != nil {
		panic(err)
	}
	return b
}

// Across and Down are the two reading directions, as steps.
var (
	Across = Pos{0, 1}
	Down   = Pos{1, 0}
)

func (p Pos) add(d Pos) Pos { return Pos{p.Row + d.Row, p.Col + d.Col} }
func (p Pos) sub(d Pos) Pos { return Pos{p.Row - d.Row, p.Col - d.Col} }

// Run is a line of two or more tiles across or down, with no tile just
// before its start or just after its end: a word on the board.
type Run struct {
	Start Pos
	Dir   Pos // Across or Down
	Len   int
}

// Squares lists the run's squares in reading order.
func (r Run) Squares() []Pos {
	out := make([]Pos, r.Len)
	p := r.Start
	for i := range out {
		out[i] = p
		p = p.add(r.Dir)
	}
	return out
}

// Text is the run's letters as the grid text writes them ("*" for a blank
// of unknown letter), in upper case.
func (r Run) Text(b *Board) string {
	s := make([]byte, 0, r.Len)
	for _, p := range r.Squares() {
		s = append(s, b.At(p).Letter)
	}
	return string(s)
}

// runAt is the run through p in direction d; Len 1 when p's tile has no
// neighbour that way, 0 when p is empty.
func (b *Board) runAt(p Pos, d Pos) Run {
	if b.At(p).Empty() {
		return Run{}
	}
	s := p
	for !b.At(s.sub(d)).Empty() {
		s = s.sub(d)
	}
	n := 0
	for q := s; !b.At(q).Empty(); q = q.add(d) {
		n++
	}
	return Run{Start: s, Dir: d, Len: n}
}

// Runs lists every run of two or more tiles on the board: the across runs
// row by row, then the down runs column by column.
func (b *Board) Runs() []Run {
	var out []Run
	for _, d := range []Pos{Across, Down} {
		for i := 0; i < Size; i++ {
			for j := 0; j < Size; j++ {
				p := Pos{i, j}
				if d == Down {
					p = Pos{j, i}
				}
				if r := b.runAt(p, d); r.Len >= 2 && r.Start == p {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}
