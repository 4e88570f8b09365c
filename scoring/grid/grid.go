package grid

import (
	"fmt"
	"strings"
)

// Pos is a square on the board: 0-based row and column, row 0 at the top.
type Pos struct{ Row, Col int }

// Add returns the square d rows and columns away.
func (p Pos) Add(d Pos) Pos { return Pos{p.Row + d.Row, p.Col + d.Col} }

// String names the square in messages: "row 5, column 6", 0-based like the
// JSON and every other contract.
func (p Pos) String() string { return fmt.Sprintf("row %d, column %d", p.Row, p.Col) }

// Across and Down are the two reading directions.
var (
	Across = Pos{0, 1}
	Down   = Pos{1, 0}
)

// Stack is what stands on one square: the letter showing on top and how many
// tiles high the stack is. The zero Stack is an empty square.
type Stack struct {
	Letter string // "A".."Z" or "Qu"; "" on an empty square
	Height int    // 0 on an empty square
}

// Empty reports whether no tile stands on the square.
func (s Stack) Empty() bool { return s.Height == 0 }

// Spelling is what the top tile spells in a word: "QU" for the Qu tile.
func (s Stack) Spelling() string { return strings.ToUpper(s.Letter) }

// String is the cell as the text format writes it: ".", "C", "O2", "Qu3".
func (s Stack) String() string {
	if s.Empty() {
		return "."
	}
	if s.Height == 1 {
		return s.Letter
	}
	return fmt.Sprintf("%s%d", s.Letter, s.Height)
}

// Board is a rectangular grid of stacks.
type Board struct {
	Rows, Cols int
	stacks     []Stack
}

// New returns an empty board of the given size.
func New(rows, cols int) *Board {
	if rows < 0 || cols < 0 {
		panic("grid: negative board size")
	}
	return &Board{Rows: rows, Cols: cols, stacks: make([]Stack, rows*cols)}
}

// In reports whether p is on the board.
func (b *Board) In(p Pos) bool {
	return p.Row >= 0 && p.Row < b.Rows && p.Col >= 0 && p.Col < b.Cols
}

// At returns the stack on p; off the board it is empty.
func (b *Board) At(p Pos) Stack {
	if !b.In(p) {
		return Stack{}
	}
	return b.stacks[p.Row*b.Cols+p.Col]
}

// Set puts s on p. It panics if p is off the board.
func (b *Board) Set(p Pos, s Stack) {
	if !b.In(p) {
		panic(fmt.Sprintf("grid: Set off the board at %v", p))
	}
	b.stacks[p.Row*b.Cols+p.Col] = s
}

// Clone returns an independent copy.
func (b *Board) Clone() *Board {
	c := &Board{Rows: b.Rows, Cols: b.Cols, stacks: make([]Stack, len(b.stacks))}
	copy(c.stacks, b.stacks)
	return c
}

// Transpose returns the board mirrored in its main diagonal: rows become
// columns. Every rule of a grid game is symmetric under it.
func (b *Board) Transpose() *Board {
	t := New(b.Cols, b.Rows)
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			t.Set(Pos{c, r}, b.At(Pos{r, c}))
		}
	}
	return t
}

// Equal reports whether two boards have the same size and stacks.
func (b *Board) Equal(o *Board) bool {
	if b.Rows != o.Rows || b.Cols != o.Cols {
		return false
	}
	for i := range b.stacks {
		if b.stacks[i] != o.stacks[i] {
			return false
		}
	}
	return true
}

// Size is the board's rows and columns (the game session's Position).
func (b *Board) Size() (rows, cols int) { return b.Rows, b.Cols }

// Cell is the square's stack in the text format, "" when it is empty or
// off the board (the game session's Position).
func (b *Board) Cell(row, col int) string {
	s := b.At(Pos{row, col})
	if s.Empty() {
		return ""
	}
	return s.String()
}

// Count returns the number of occupied squares.
func (b *Board) Count() int {
	n := 0
	for _, s := range b.stacks {
		if !s.Empty() {
			n++
		}
	}
	return n
}

// Each calls f for every square, row by row.
func (b *Board) Each(f func(p Pos, s Stack)) {
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			f(Pos{r, c}, b.stacks[r*b.Cols+c])
		}
	}
}

// String writes the board in the grid text format, cells padded so columns
// line up, one line per row, each ending in a newline.
func (b *Board) String() string {
	var sb strings.Builder
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			cell := b.At(Pos{r, c}).String()
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(cell)
			if c < b.Cols-1 {
				sb.WriteString(strings.Repeat(" ", 3-len(cell)))
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
