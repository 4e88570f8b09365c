package game

import (
	"fmt"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Disagreement is a square where one photo's own reading and the board as
// reconciled with the game cannot both be right. They are listed rather
// than hidden: `scan --before` prints them, and the table settles them.
type Disagreement struct {
	Pos    grid.Pos
	Before grid.Stack // the last accepted board
	Seen   grid.Stack // the photo, as the camera read it
	Now    grid.Stack // the board as reconciled with the game
	Reason string
}

func (d Disagreement) String() string {
	return fmt.Sprintf("%v: %s (was %s, photo shows %s)", d.Pos, d.Reason, d.Before, d.Seen)
}

// Disagreements explains, square by square in board order, where the
// reconciled board (now, from ReconcileUpwords) departs from the photo's
// own reading (seen), and where the photo shows what no Upwords turn can
// do to the board as it stood (before): a stack grown under its own
// letter. The three boards must be the same size; a nil before is an
// empty board.
func Disagreements(before, seen, now *grid.Board) []Disagreement {
	if seen == nil || now == nil || seen.Rows != now.Rows || seen.Cols != now.Cols {
		return nil
	}
	if before == nil {
		before = grid.New(seen.Rows, seen.Cols)
	}
	if before.Rows != seen.Rows || before.Cols != seen.Cols {
		return nil
	}
	var out []Disagreement
	seen.Each(func(p grid.Pos, s grid.Stack) {
		b, n := before.At(p), now.At(p)
		d := Disagreement{Pos: p, Before: b, Seen: s, Now: n}
		switch {
		case n == s && !b.Empty() && s.Letter == b.Letter && s.Height > b.Height:
			d.Reason = fmt.Sprintf("read %d high under its own letter, but a tile never goes on the same letter: its letter or its height is misread", s.Height)
		case n == s:
			return
		case b.Empty() && !s.Empty() && n.Letter == s.Letter:
			d.Reason = fmt.Sprintf("a new stack is one tile high, the photo suggests %d", s.Height)
		case s.Empty() && n == b:
			d.Reason = "the stack is gone from the photo; tiles stay on the board"
		case s.Letter == b.Letter && n == b:
			d.Reason = fmt.Sprintf("same letter, so still %d high; the photo suggests %d", b.Height, s.Height)
		case n.Letter == s.Letter && n.Height == b.Height+1:
			d.Reason = fmt.Sprintf("a new letter on a %d-high stack makes it %d high; the photo suggests %d", b.Height, n.Height, s.Height)
		case n == b:
			d.Reason = fmt.Sprintf("read as %s, taken as the stack as it stood (%s): the same misread was corrected before, or the rules refuse the new letter", s, b)
		default:
			d.Reason = fmt.Sprintf("the photo shows %s, the game makes it %s", s, n)
		}
		out = append(out, d)
	})
	return out
}
