package lexicon

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
)

// ErrSyntax is wrapped by every *ParseError.
var ErrSyntax = errors.New("lexicon: syntax error")

// MaxSize bounds a layout's rows and columns (a table is not infinite, and
// nonsense input must not ask for a huge allocation).
const MaxSize = 200

// ParseError says where a layout text is wrong: file, 1-based line and
// column, and the character found there.
type ParseError struct {
	File   string
	Line   int
	Column int // 1-based character in the line; 0 when the whole line is wrong
	Char   rune
	Msg    string
}

func (e *ParseError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
	}
	fmt.Fprintf(&b, "%d: ", e.Line)
	if e.Column > 0 {
		fmt.Fprintf(&b, "column %d %q: ", e.Column, e.Char)
	}
	b.WriteString(e.Msg)
	return b.String()
}

func (e *ParseError) Unwrap() error { return ErrSyntax }

// Layout is one player's crossword: a rectangle of squares, each empty (0)
// or holding a tile 'A'..'Z'.
type Layout struct {
	Rows, Cols int
	cells      []byte
}

// NewLayout returns an empty layout of the given size.
func NewLayout(rows, cols int) *Layout {
	return &Layout{Rows: rows, Cols: cols, cells: make([]byte, rows*cols)}
}

// In reports whether p is inside the layout.
func (l *Layout) In(p grid.Pos) bool {
	return p.Row >= 0 && p.Row < l.Rows && p.Col >= 0 && p.Col < l.Cols
}

// At returns the tile on p, 0 for an empty square or outside the layout.
func (l *Layout) At(p grid.Pos) byte {
	if !l.In(p) {
		return 0
	}
	return l.cells[p.Row*l.Cols+p.Col]
}

// Set puts a tile ('A'..'Z', or 0 to empty the square) on p, which must be
// inside the layout.
func (l *Layout) Set(p grid.Pos, tile byte) {
	if !l.In(p) {
		panic(fmt.Sprintf("lexicon: Set outside the layout at %v", p))
	}
	l.cells[p.Row*l.Cols+p.Col] = tile
}

// Tiles is the number of tiles in the layout.
func (l *Layout) Tiles() int {
	n := 0
	for _, c := range l.cells {
		if c != 0 {
			n++
		}
	}
	return n
}

// Equal reports whether two layouts hold the same tiles on the same
// squares (their sizes may differ by empty rows and columns at the end).
func (l *Layout) Equal(o *Layout) bool {
	rows, cols := max(l.Rows, o.Rows), max(l.Cols, o.Cols)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			p := grid.Pos{Row: r, Col: c}
			if l.At(p) != o.At(p) {
				return false
			}
		}
	}
	return true
}

// String writes the layout in its text format, '.' for empty squares,
// trailing empty squares of each row left out.
func (l *Layout) String() string {
	var sb strings.Builder
	for r := 0; r < l.Rows; r++ {
		row := l.cells[r*l.Cols : (r+1)*l.Cols]
		end := len(row)
		for end > 0 && row[end-1] == 0 {
			end--
		}
		for _, c := range row[:end] {
			if c == 0 {
				c = '.'
			}
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Parse reads a layout: one row per line, one character per cell, '.' or
// a space empty, A-Z or a-z a tile. name is used in errors (a file name).
// A file with no tiles parses to an empty layout; scoring rejects it.
func Parse(r io.Reader, name string) (*Layout, error) {
	var rows []string
	cols := 0
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), grid.MaxLine)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if len(rows) == MaxSize {
			if strings.Trim(text, ". ") == "" {
				continue // trailing empty lines do not count
			}
			return nil, &ParseError{File: name, Line: line, Msg: fmt.Sprintf("more than %d rows", MaxSize)}
		}
		var row []byte
		col := 0
		for _, ch := range text {
			col++
			switch {
			case ch == '.' || ch == ' ':
				row = append(row, 0)
			case ch >= 'A' && ch <= 'Z':
				row = append(row, byte(ch))
			case ch >= 'a' && ch <= 'z':
				row = append(row, byte(ch-'a'+'A'))
			case ch == '\t':
				return nil, &ParseError{File: name, Line: line, Column: col, Char: ch,
					Msg: "a tab: write '.' or spaces for empty squares, one character per square"}
			default:
				return nil, &ParseError{File: name, Line: line, Column: col, Char: ch,
					Msg: "want a letter A-Z, '.' or a space"}
			}
			if len(row) > MaxSize {
				return nil, &ParseError{File: name, Line: line, Column: col, Char: ch,
					Msg: fmt.Sprintf("more than %d squares in a row", MaxSize)}
			}
		}
		cols = max(cols, len(row))
		rows = append(rows, string(row))
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: line + 1, Msg: grid.LineError(err)}
	}
	l := NewLayout(len(rows), cols)
	for r, row := range rows {
		copy(l.cells[r*cols:], row)
	}
	return l, nil
}

// MustParse parses a layout written in a test; it panics on an error.
func MustParse(text string) *Layout {
	l, err := Parse(strings.NewReader(text), "")
	if err != nil {
		panic(err)
	}
	return l
}
