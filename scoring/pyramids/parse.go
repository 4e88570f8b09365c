package pyramids

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
)

// MaxHeight bounds the stack count a cell may give.
const MaxHeight = 20

// ParseCell reads one cell of the board text format:
//
//	.            no pyramid (a printed letter shows, or the blank runway)
//	rA           one red A
//	rA5          a red A on top of a stack of 5 (the 4 below unknown)
//	rA/bE/kT     a red A on a blue E on a black T: the full stack, top first
//	rA/bE4       the top two known of a stack of 4
//
// A layer is a colour letter (r red, b blue, g green, y yellow, k black)
// and a letter A-Z; either may be in any case.
func ParseCell(s string) (Stack, error) {
	if s == "." {
		return Stack{}, nil
	}
	body := strings.TrimRight(s, "0123456789")
	count := s[len(body):]
	if body == "" {
		return Stack{}, errors.New("want '.' or a colour letter (r b g y k) and a letter, such as rA or kE2")
	}
	var layers []Pyramid
	for i, l := range strings.Split(body, "/") {
		if len(l) != 2 {
			return Stack{}, fmt.Errorf("layer %d %q: want a colour letter (r b g y k) and a letter A-Z, such as rA", i+1, l)
		}
		c, ok := ParseColour(l[:1])
		if !ok {
			return Stack{}, fmt.Errorf("layer %d %q: %q is not a colour: want r, b, g, y or k", i+1, l, l[:1])
		}
		ch := l[1]
		if ch >= 'a' && ch <= 'z' {
			ch -= 'a' - 'A'
		}
		if ch < 'A' || ch > 'Z' {
			return Stack{}, fmt.Errorf("layer %d %q: %q is not a letter A-Z", i+1, l, l[1:])
		}
		layers = append(layers, Pyramid{Colour: c, Letter: string(ch)})
	}
	h := len(layers)
	if count != "" {
		n, err := strconv.Atoi(count)
		if err != nil || n < 1 || n > MaxHeight {
			return Stack{}, fmt.Errorf("stack count %q: want 1-%d", count, MaxHeight)
		}
		if n < len(layers) {
			return Stack{}, fmt.Errorf("stack count %d is less than the %d layers written", n, len(layers))
		}
		h = n
	}
	return Stack{Layers: layers, Height: h}, nil
}

// Parse reads a board in the text format: ten lines of ten cells separated
// by spaces (see ParseCell), '#' starting a comment, blank lines ignored.
// name is used in errors (a file name); errors are *grid.ParseError and say
// file:line: cell N.
func Parse(r io.Reader, name string) (*Board, error) {
	b := NewBoard()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	line, row := 0, 0
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
		if row == Size {
			return nil, &grid.ParseError{File: name, Line: line, Msg: fmt.Sprintf("more than %d rows: the board is %dx%d", Size, Size, Size)}
		}
		if len(fields) != Size {
			return nil, &grid.ParseError{File: name, Line: line, Msg: fmt.Sprintf("row has %d cells, want %d", len(fields), Size)}
		}
		for c, f := range fields {
			s, err := ParseCell(f)
			if err != nil {
				return nil, &grid.ParseError{File: name, Line: line, Cell: c + 1, Text: f, Msg: err.Error()}
			}
			b.Set(Pos{Row: row, Col: c}, s)
		}
		row++
	}
	if err := sc.Err(); err != nil {
		return nil, &grid.ParseError{File: name, Line: line + 1, Msg: err.Error()}
	}
	if row != Size {
		return nil, &grid.ParseError{File: name, Line: line, Msg: fmt.Sprintf("found %d board rows, want %d", row, Size)}
	}
	return b, nil
}

// MustParse parses a board written in a test and panics on error.
func MustParse(text string) *Board {
	b, err := Parse(strings.NewReader(text), "")
	if err != nil {
		panic(err)
	}
	return b
}
