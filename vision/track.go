package vision

import (
	"errors"
	"fmt"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Disagreement is a square where one photo's reading and the game so far
// cannot both be right. Reconcile reports them rather than hiding them: the
// table service shows them to the players to settle.
type Disagreement struct {
	Pos      grid.Pos
	Before   grid.Stack // the last accepted board
	Seen     grid.Stack // this photo, as the camera read it
	Expected int        // the height the game so far implies
	Reason   string
}

func (d Disagreement) String() string {
	return fmt.Sprintf("%v: %s (was %s, photo shows %s)", d.Pos, d.Reason, d.Before, d.Seen)
}

// ErrBoardSize: the reading and the previous board differ in size.
var ErrBoardSize = errors.New("vision: boards of different sizes")

// Reconcile combines the last accepted board with a new reading. In Upwords
// a tile only ever goes on top of a stack, one per stack per turn, and is
// never taken away, so through a game a stack's height is known from its
// history: a square whose letter changed gained one tile; a square whose
// letter stayed kept its height; a newly occupied square is one high. The
// returned board takes its letters from the photo and its heights from the
// history; every square where the photo's own height estimate (or anything
// else it saw) contradicts the history is listed. prev may be nil (the
// start of a game: an empty board).
func Reconcile(prev *grid.Board, r *UpwordsReading) (*grid.Board, []Disagreement, error) {
	now := r.Board
	if prev == nil {
		prev = grid.New(now.Rows, now.Cols)
	}
	if prev.Rows != now.Rows || prev.Cols != now.Cols {
		return nil, nil, fmt.Errorf("%w: %dx%d before, %dx%d in the photo", ErrBoardSize, prev.Rows, prev.Cols, now.Rows, now.Cols)
	}
	out := grid.New(now.Rows, now.Cols)
	var dis []Disagreement
	now.Each(func(p grid.Pos, seen grid.Stack) {
		before := prev.At(p)
		cell := r.Cell(p)
		d := Disagreement{Pos: p, Before: before, Seen: seen}
		switch {
		case before.Empty() && seen.Empty():
			if cell.Letter == "?" {
				d.Reason = "a tile the reader could not name"
				dis = append(dis, d)
			}
		case before.Empty():
			out.Set(p, grid.Stack{Letter: seen.Letter, Height: 1})
			if seen.Height != 1 {
				d.Expected, d.Reason = 1, fmt.Sprintf("a new stack is one tile high, the photo suggests %d", seen.Height)
				dis = append(dis, d)
			}
		case seen.Empty():
			// Tiles never leave the board (except a challenged word's,
			// which the service handles): keep the history, flag it.
			out.Set(p, before)
			d.Expected, d.Reason = before.Height, "the stack is gone from the photo"
			dis = append(dis, d)
		case seen.Letter == before.Letter:
			out.Set(p, before)
			if seen.Height != before.Height {
				d.Expected, d.Reason = before.Height, fmt.Sprintf("same letter, so still %d high; the photo suggests %d", before.Height, seen.Height)
				dis = append(dis, d)
			}
		default:
			h := before.Height + 1
			out.Set(p, grid.Stack{Letter: seen.Letter, Height: h})
			if seen.Height != h {
				d.Expected, d.Reason = h, fmt.Sprintf("a new letter on a %d-high stack makes it %d high; the photo suggests %d", before.Height, h, seen.Height)
				dis = append(dis, d)
			}
		}
	})
	return out, dis, nil
}
