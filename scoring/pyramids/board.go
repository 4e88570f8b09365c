package pyramids

import (
	"fmt"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Size is the board's number of rows and columns.
const Size = 10

// Pos is a square of the board, (row, col), 0-based, row 0 at the top as the
// board is read (north).
type Pos = grid.Pos

// Colour is the colour of a pyramid: one of the four players' colours or
// black for the house pyramids. It is written as one letter in the text
// format.
type Colour byte

// The colours, as the text format writes them.
const (
	NoColour Colour = 0
	Red      Colour = 'r'
	Blue     Colour = 'b'
	Green    Colour = 'g'
	Yellow   Colour = 'y'
	Black    Colour = 'k'
)

// PlayerColours lists the four player colours.
var PlayerColours = []Colour{Red, Blue, Green, Yellow}

// ParseColour reads a colour name ("red") or its letter ("r"), any case.
func ParseColour(s string) (Colour, bool) {
	switch strings.ToLower(s) {
	case "r", "red":
		return Red, true
	case "b", "blue":
		return Blue, true
	case "g", "green":
		return Green, true
	case "y", "yellow":
		return Yellow, true
	case "k", "black", "house":
		return Black, true
	}
	return NoColour, false
}

// String is the colour's name: "red", "blue", "green", "yellow", "black".
func (c Colour) String() string {
	switch c {
	case Red:
		return "red"
	case Blue:
		return "blue"
	case Green:
		return "green"
	case Yellow:
		return "yellow"
	case Black:
		return "black"
	case NoColour:
		return "none"
	}
	return fmt.Sprintf("colour(%q)", byte(c))
}

// IsPlayer reports whether c is one of the four player colours.
func (c Colour) IsPlayer() bool { return c == Red || c == Blue || c == Green || c == Yellow }

// Pyramid is one pyramid: its colour and the letter on its faces. Its value
// comes from the Setup's sets.
type Pyramid struct {
	Colour Colour
	Letter string // "A".."Z"
}

// String is the pyramid as the text format writes it: "rA", "kE".
func (p Pyramid) String() string { return string(p.Colour) + p.Letter }

// Name is the pyramid for messages: "red A".
func (p Pyramid) Name() string { return p.Colour.String() + " " + p.Letter }

// Stack is what stands on a square: Height pyramids, of which the first
// len(Layers) from the top are known (the top one always, when Height > 0).
type Stack struct {
	Layers []Pyramid // known layers, top first; len(Layers) <= Height
	Height int
}

// Empty reports whether no pyramid stands on the square.
func (s Stack) Empty() bool { return s.Height == 0 }

// Top is the pyramid that shows; ok is false on an empty square.
func (s Stack) Top() (p Pyramid, ok bool) {
	if s.Height == 0 || len(s.Layers) == 0 {
		return Pyramid{}, false
	}
	return s.Layers[0], true
}

// Under returns the stack with its top pyramid taken off.
func (s Stack) Under() Stack {
	if s.Height == 0 {
		return s
	}
	u := Stack{Height: s.Height - 1}
	if len(s.Layers) > 1 {
		u.Layers = s.Layers[1:]
	}
	return u
}

// Put returns the stack with p put on top.
func (s Stack) Put(p Pyramid) Stack {
	l := make([]Pyramid, 0, len(s.Layers)+1)
	l = append(l, p)
	l = append(l, s.Layers...)
	return Stack{Layers: l, Height: s.Height + 1}
}

// SameTop reports whether two stacks look the same from above: same height
// and same top pyramid.
func (s Stack) SameTop(o Stack) bool {
	if s.Height != o.Height {
		return false
	}
	a, _ := s.Top()
	b, _ := o.Top()
	return a == b
}

// String writes the stack as the text format does: ".", "rA5", "rA/bE/kT".
func (s Stack) String() string {
	if s.Height == 0 {
		return "."
	}
	var b strings.Builder
	for i, p := range s.Layers {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(p.String())
	}
	if len(s.Layers) < s.Height {
		fmt.Fprintf(&b, "%d", s.Height)
	}
	return b.String()
}

// Board is the 10x10 Crossword Pyramids board.
type Board struct {
	sq [Size * Size]Stack
}

// NewBoard returns an empty board.
func NewBoard() *Board { return &Board{} }

// In reports whether p is on the board.
func In(p Pos) bool { return p.Row >= 0 && p.Row < Size && p.Col >= 0 && p.Col < Size }

// At returns the stack on p; off the board it is empty.
func (b *Board) At(p Pos) Stack {
	if !In(p) {
		return Stack{}
	}
	return b.sq[p.Row*Size+p.Col]
}

// Set puts s on p. It panics off the board.
func (b *Board) Set(p Pos, s Stack) {
	if !In(p) {
		panic(fmt.Sprintf("pyramids: Set off the board at %v", p))
	}
	b.sq[p.Row*Size+p.Col] = s
}

// Clone returns an independent copy.
func (b *Board) Clone() *Board {
	c := &Board{}
	for i, s := range b.sq {
		c.sq[i] = Stack{Height: s.Height, Layers: append([]Pyramid(nil), s.Layers...)}
	}
	return c
}

// Equal reports whether the boards look the same from above on every square
// (height and top pyramid).
func (b *Board) Equal(o *Board) bool {
	for i := range b.sq {
		if !b.sq[i].SameTop(o.sq[i]) {
			return false
		}
	}
	return true
}

// String writes the board in the text format, columns lined up.
func (b *Board) String() string {
	cells := make([]string, len(b.sq))
	w := 1
	for i, s := range b.sq {
		cells[i] = s.String()
		if len(cells[i]) > w {
			w = len(cells[i])
		}
	}
	var sb strings.Builder
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			cell := cells[r*Size+c]
			sb.WriteString(cell)
			if c < Size-1 {
				sb.WriteString(strings.Repeat(" ", w+1-len(cell)))
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Ring is how far p lies from the edge: 0 on the runway, 1 on the ring of
// player spaces, 2..4 in the house area.
func Ring(p Pos) int {
	return min(p.Row, p.Col, Size-1-p.Row, Size-1-p.Col)
}

// OnRunway reports whether p is on the Word Runway (ring 0).
func OnRunway(p Pos) bool { return In(p) && Ring(p) == 0 }

// InHouse reports whether p is in the inner 6x6 house area.
func InHouse(p Pos) bool { return In(p) && Ring(p) >= 2 }

// Side is a side of the board, where a player sits.
type Side int

// The four sides, clockwise from the top of the board as read.
const (
	North Side = iota
	East
	South
	West
)

// Sides lists the four sides in clockwise order.
var Sides = []Side{North, East, South, West}

func (s Side) String() string {
	switch s {
	case North:
		return "north"
	case East:
		return "east"
	case South:
		return "south"
	case West:
		return "west"
	}
	return fmt.Sprintf("side(%d)", int(s))
}

// SpaceSide reports which side's player space p is: the six non-corner
// squares of ring 1 along each side. ok is false elsewhere.
func SpaceSide(p Pos) (Side, bool) {
	if !In(p) || Ring(p) != 1 {
		return 0, false
	}
	corner := (p.Row == 1 || p.Row == Size-2) && (p.Col == 1 || p.Col == Size-2)
	switch {
	case corner:
		return 0, false
	case p.Row == 1:
		return North, true
	case p.Col == Size-2:
		return East, true
	case p.Row == Size-2:
		return South, true
	default:
		return West, true
	}
}

// SpaceSquares lists a side's six player spaces in board order.
func SpaceSquares(s Side) []Pos {
	var out []Pos
	for i := 2; i <= Size-3; i++ {
		switch s {
		case North:
			out = append(out, Pos{Row: 1, Col: i})
		case South:
			out = append(out, Pos{Row: Size - 2, Col: i})
		case West:
			out = append(out, Pos{Row: i, Col: 1})
		case East:
			out = append(out, Pos{Row: i, Col: Size - 2})
		}
	}
	return out
}

// Axes returns the speller's reading directions on the board as read: right
// is "left to right" and down is "top to bottom" for the player sitting at
// side s. South sits at the bottom of the board as read and reads it as it
// is; north sees it upside down; east and west see it turned a quarter.
func (s Side) Axes() (right, down Pos) {
	switch s {
	case North:
		return Pos{Row: 0, Col: -1}, Pos{Row: -1, Col: 0}
	case East:
		return Pos{Row: -1, Col: 0}, Pos{Row: 0, Col: 1}
	case West:
		return Pos{Row: 1, Col: 0}, Pos{Row: 0, Col: -1}
	}
	return Pos{Row: 0, Col: 1}, Pos{Row: 1, Col: 0}
}
