package twists

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Pos is a cell of the lattice: (row, col), 0-based, row 0 at the top.
type Pos = grid.Pos

// Action is the kind of an action tile.
type Action rune

// The action tiles and the characters that stand for them.
const (
	NoAction Action = 0
	Skip     Action = '!'
	Reverse  Action = '@'
	Give2    Action = '2'
	Give3    Action = '3'
)

// Name is the action's name as the tile reader and JSON say it.
func (a Action) Name() string {
	switch a {
	case Skip:
		return "skip"
	case Reverse:
		return "reverse"
	case Give2:
		return "give2"
	case Give3:
		return "give3"
	}
	return ""
}

// Gives is how many tiles a give action hands out, 0 for the others.
func (a Action) Gives() int {
	switch a {
	case Give2:
		return 2
	case Give3:
		return 3
	}
	return 0
}

// ActionByName is the inverse of Name.
func ActionByName(s string) (Action, bool) {
	for _, a := range []Action{Skip, Reverse, Give2, Give3} {
		if a.Name() == s {
			return a, true
		}
	}
	return NoAction, false
}

func isAction(r rune) bool { return r == '!' || r == '@' || r == '2' || r == '3' }

// Alphabet is the letters a game is played with.
type Alphabet int

// The two alphabets.
const (
	Russian Alphabet = iota
	English
)

// ParseAlphabet reads "ru" or "en".
func ParseAlphabet(s string) (Alphabet, error) {
	switch strings.ToLower(s) {
	case "ru", "russian", "":
		return Russian, nil
	case "en", "english":
		return English, nil
	}
	return 0, fmt.Errorf("twists: alphabet %q: want ru or en", s)
}

func (a Alphabet) String() string {
	if a == English {
		return "en"
	}
	return "ru"
}

// Letter reports whether r (upper case) is a letter of the alphabet.
func (a Alphabet) Letter(r rune) bool {
	if a == English {
		return r >= 'A' && r <= 'Z'
	}
	return r >= 'А' && r <= 'Я' || r == 'Ё'
}

// Fold is the letter as spelling compares it: upper case, Ё as Е.
func Fold(r rune) rune {
	r = unicode.ToUpper(r)
	if r == 'Ё' {
		return 'Е'
	}
	return r
}

// Board is the table: a rectangle of cells, each 0 (empty), an upper-case
// letter, or an action tile's character.
type Board struct {
	Rows, Cols int
	cells      []rune
}

// NewBoard returns an empty board.
func NewBoard(rows, cols int) *Board {
	return &Board{Rows: rows, Cols: cols, cells: make([]rune, rows*cols)}
}

// In reports whether p is on the board.
func (b *Board) In(p Pos) bool { return p.Row >= 0 && p.Row < b.Rows && p.Col >= 0 && p.Col < b.Cols }

// At is the cell at p: 0 when empty or off the board.
func (b *Board) At(p Pos) rune {
	if !b.In(p) {
		return 0
	}
	return b.cells[p.Row*b.Cols+p.Col]
}

// Set puts r on p (0 empties it). It panics off the board.
func (b *Board) Set(p Pos, r rune) {
	if !b.In(p) {
		panic(fmt.Sprintf("twists: Set off the board at %v", p))
	}
	b.cells[p.Row*b.Cols+p.Col] = r
}

// Clone returns an independent copy.
func (b *Board) Clone() *Board {
	return &Board{Rows: b.Rows, Cols: b.Cols, cells: append([]rune(nil), b.cells...)}
}

// Letters counts the letter tiles on the board.
func (b *Board) Letters() int {
	n := 0
	for _, r := range b.cells {
		if r != 0 && !isAction(r) {
			n++
		}
	}
	return n
}

// String writes the board in the text format.
func (b *Board) String() string {
	var sb strings.Builder
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			ch := b.cells[r*b.Cols+c]
			if ch == 0 {
				ch = '.'
			}
			sb.WriteRune(ch)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// MaxSize bounds the rows and columns of a board.
const MaxSize = 64

// ErrSyntax is wrapped by the parse errors (*grid.ParseError wraps
// grid.ErrSyntax; this is the same sentinel).
var ErrSyntax = grid.ErrSyntax

// Parse reads a board in the text format for the alphabet. name is used in
// errors (a file name). Errors are *grid.ParseError: file:line: cell N.
func Parse(r io.Reader, name string, alpha Alphabet) (*Board, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), grid.MaxLine)
	var rows [][]rune
	line := 0
	for sc.Scan() {
		line++
		row, err := parseRow(sc.Text(), alpha)
		if err != nil {
			err.File, err.Line = name, line
			return nil, err
		}
		if row == nil {
			continue
		}
		if len(rows) == MaxSize {
			return nil, &grid.ParseError{File: name, Line: line, Msg: fmt.Sprintf("more than %d rows", MaxSize)}
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, &grid.ParseError{File: name, Line: line + 1, Msg: grid.LineError(err)}
	}
	b, err := fromRows(rows)
	if err != nil {
		return nil, &grid.ParseError{File: name, Line: line, Msg: err.Error()}
	}
	return b, nil
}

// parseRow reads one line; nil, nil for a line with no cells (blank or a
// comment). The error's File and Line are for the caller to fill.
func parseRow(text string, alpha Alphabet) ([]rune, *grid.ParseError) {
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimRight(text, " \t\r")
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	var row []rune
	for _, ch := range text {
		if len(row) == MaxSize {
			return nil, &grid.ParseError{Msg: fmt.Sprintf("more than %d cells in a row", MaxSize)}
		}
		cell := len(row) + 1
		switch {
		case ch == '.' || ch == ' ':
			row = append(row, 0)
		case isAction(ch):
			row = append(row, ch)
		case ch == '\t':
			return nil, &grid.ParseError{Cell: cell, Text: "\t", Msg: "a tab: write one character per cell, '.' for empty"}
		case alpha.Letter(unicode.ToUpper(ch)):
			row = append(row, unicode.ToUpper(ch))
		case unicode.IsLetter(ch):
			what := "a Russian letter"
			if alpha == English {
				what = "a letter A-Z"
			}
			return nil, &grid.ParseError{Cell: cell, Text: string(ch), Msg: fmt.Sprintf("not %s (the game is in %s)", what, alpha)}
		default:
			return nil, &grid.ParseError{Cell: cell, Text: string(ch),
				Msg: "want '.', a letter or an action tile: ! skip, @ reverse, 2 give 2, 3 give 3"}
		}
	}
	return row, nil
}

func fromRows(rows [][]rune) (*Board, error) {
	if len(rows) == 0 {
		return nil, errors.New("no board rows found")
	}
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	b := NewBoard(len(rows), cols)
	for r, row := range rows {
		copy(b.cells[r*cols:], row)
	}
	return b, nil
}

// MustParse parses a board written in a test and panics on error.
func MustParse(text string, alpha Alphabet) *Board {
	b, err := Parse(strings.NewReader(text), "", alpha)
	if err != nil {
		panic(err)
	}
	return b
}
