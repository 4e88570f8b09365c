package pyramids

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/tileset"
)

// Setup is everything about a game that players may set before it starts.
type Setup struct {
	// Seats is the colour of the player at each side, indexed by Side
	// (north, east, south, west). The default is red, blue, green, yellow.
	Seats [4]Colour
	// StackSize is how many pyramids each player space starts with: 5 as
	// the seed sets up (30 pyramids per colour), 4 in the published game.
	StackSize int
	// PlayerSet is one colour's pyramids (every colour has the same set);
	// HouseSet the black house pyramids. Values are on the sets' tiles.
	PlayerSet, HouseSet tileset.Set
	// Printed is the letter printed on each square, "" where none is (the
	// runway), indexed row*Size+col.
	Printed [Size * Size]string
	// MaxWord bounds the words Judge looks for when no word is announced.
	MaxWord int
}

//go:embed data/printed.txt
var defaultPrinted string

// DefaultSetup is the seed's set-up with RULES.md's pyramid sets and the
// embedded printed-letter layout.
func DefaultSetup() Setup {
	s := Setup{
		Seats:     [4]Colour{Red, Blue, Green, Yellow},
		StackSize: 5,
		PlayerSet: tileset.PyramidsPlayer,
		HouseSet:  tileset.PyramidsHouse,
		MaxWord:   15,
	}
	p, err := ParsePrinted(strings.NewReader(defaultPrinted), "printed.txt")
	if err != nil {
		panic(err)
	}
	s.Printed = p
	return s
}

// PlayerSet24 is one colour's set for stacks of 4 (24 pyramids), as in the
// published game. Its letters are Tilescope's choice (the published set is
// not available): the default 30 less one each of E, R, L, Y, K and W.
var PlayerSet24 = func() tileset.Set {
	s, err := ParseSet(strings.NewReader(
		"A 2\nE 2\nI 2\nO 2\nU 1\nN 2\nR 1\nS 2\nT 2\nL 1\nD 1\nG 1\nB 1\nC 1\nM 1\nP 1\nH 1\n"), "pyramids-player-24")
	if err != nil {
		panic(err)
	}
	return s
}()

// Value is a pyramid's point value: from the house set for black pyramids,
// the player set otherwise.
func (s *Setup) Value(p Pyramid) int {
	if p.Colour == Black {
		return s.HouseSet.Value(p.Letter)
	}
	return s.PlayerSet.Value(p.Letter)
}

// SideOf is the side where the player of colour c sits.
func (s *Setup) SideOf(c Colour) (Side, bool) {
	for i, sc := range s.Seats {
		if sc == c {
			return Side(i), true
		}
	}
	return 0, false
}

// PrintedAt is the letter printed on p, "" on the runway.
func (s *Setup) PrintedAt(p Pos) string {
	if !In(p) {
		return ""
	}
	return s.Printed[p.Row*Size+p.Col]
}

// ParseSeats reads the colours at north, east, south and west as four colour
// letters, "rbgy" by default.
func ParseSeats(text string) ([4]Colour, error) {
	var seats [4]Colour
	if len(text) != 4 {
		return seats, fmt.Errorf("pyramids: seats %q: want four colour letters for north, east, south, west, such as rbgy", text)
	}
	seen := map[Colour]bool{}
	for i := 0; i < 4; i++ {
		c, ok := ParseColour(text[i : i+1])
		if !ok || !c.IsPlayer() {
			return seats, fmt.Errorf("pyramids: seats %q: %q is not a player colour (r, b, g, y)", text, text[i:i+1])
		}
		if seen[c] {
			return seats, fmt.Errorf("pyramids: seats %q: %s sits at two sides", text, c)
		}
		seen[c] = true
		seats[i] = c
	}
	return seats, nil
}

// ParsePrinted reads a printed-letter layout: ten rows of ten characters,
// '.' on the runway and a letter A-Z on every other square; '#' starts a
// comment, blank lines are ignored.
func ParsePrinted(r io.Reader, name string) ([Size * Size]string, error) {
	var out [Size * Size]string
	sc := bufio.NewScanner(r)
	line, row := 0, 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		if row == Size {
			return out, &grid.ParseError{File: name, Line: line, Msg: fmt.Sprintf("more than %d rows", Size)}
		}
		if len(text) != Size {
			return out, &grid.ParseError{File: name, Line: line, Msg: fmt.Sprintf("want %d squares in a row, found %d characters", Size, len(text))}
		}
		for c := 0; c < Size; c++ {
			ch := text[c]
			p := Pos{Row: row, Col: c}
			cell := string(ch)
			switch {
			case ch == '.':
				if !OnRunway(p) {
					return out, &grid.ParseError{File: name, Line: line, Cell: c + 1, Text: cell, Msg: "every square off the runway has a printed letter"}
				}
			case ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z':
				if OnRunway(p) {
					return out, &grid.ParseError{File: name, Line: line, Cell: c + 1, Text: cell, Msg: "the runway is blank: write '.'"}
				}
				out[row*Size+c] = strings.ToUpper(cell)
			default:
				return out, &grid.ParseError{File: name, Line: line, Cell: c + 1, Text: cell, Msg: "want a letter A-Z or '.'"}
			}
		}
		row++
	}
	if err := sc.Err(); err != nil {
		return out, &grid.ParseError{File: name, Line: line + 1, Msg: err.Error()}
	}
	if row != Size {
		return out, &grid.ParseError{File: name, Line: line, Msg: fmt.Sprintf("found %d rows, want %d", row, Size)}
	}
	return out, nil
}

// ParseSet reads a pyramid set: one kind of pyramid per line, its letter,
// how many the set holds and its value, "A 2 1"; the value may be left out
// and is then the English Scrabble value. '#' starts a comment.
func ParseSet(r io.Reader, name string) (tileset.Set, error) {
	set := tileset.Set{Name: name}
	seen := map[string]bool{}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if len(f) < 2 || len(f) > 3 {
			return set, &grid.ParseError{File: name, Line: line, Msg: "want LETTER COUNT [VALUE], such as \"A 2 1\""}
		}
		l := strings.ToUpper(f[0])
		if len(l) != 1 || l[0] < 'A' || l[0] > 'Z' {
			return set, &grid.ParseError{File: name, Line: line, Cell: 1, Text: f[0], Msg: "want a letter A-Z"}
		}
		if seen[l] {
			return set, &grid.ParseError{File: name, Line: line, Cell: 1, Text: f[0], Msg: "letter listed twice"}
		}
		seen[l] = true
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > 99 {
			return set, &grid.ParseError{File: name, Line: line, Cell: 2, Text: f[1], Msg: "want a count 1-99"}
		}
		v := tileset.ScrabbleValue(l)
		if len(f) == 3 {
			v, err = strconv.Atoi(f[2])
			if err != nil || v < 0 || v > 99 {
				return set, &grid.ParseError{File: name, Line: line, Cell: 3, Text: f[2], Msg: "want a value 0-99"}
			}
		}
		set.Tiles = append(set.Tiles, tileset.Tile{Letter: l, Count: n, Value: v})
	}
	if err := sc.Err(); err != nil {
		return set, &grid.ParseError{File: name, Line: line + 1, Msg: err.Error()}
	}
	if len(set.Tiles) == 0 {
		return set, &grid.ParseError{File: name, Line: line, Msg: "no pyramids listed"}
	}
	return set, nil
}
