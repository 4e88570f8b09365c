package game

import "github.com/tilescope/tilescope/scoring/grid"

// Guessed is the confidence given to a cell that ReconcileUpwords had to
// guess: it is shown as unsure.
const Guessed = 0.5

// ReconcileUpwords corrects a camera reading with what an Upwords turn can
// physically do to the board as it stands, before the rules judge it. A
// turn only adds tiles, at most one per square, and never a letter on the
// same letter. So, square by square:
//
//   - a stack read lower than it stood (or a square read empty) is the stack
//     as it stood: tiles are not taken away (after a successful challenge
//     the board as it stands is already the board before the withdrawn
//     play);
//   - a stack read more than one higher is one higher;
//   - a new square read more than one high is one high;
//   - a stack read with a new letter at its old height, or with its old
//     letter one higher, is ambiguous: either an unchanged stack misread, or
//     a new tile whose height or letter was misread. When the reading shows
//     other, plain new tiles, the play is those and the ambiguous stack is
//     taken as unchanged. When the ambiguous stacks are the only change,
//     they are the play: a new letter counts as a tile put on the stack
//     (and an old letter one higher beside it as unchanged); an old letter
//     one higher alone is left as read, for the rules to refuse and the
//     table to fix (the new letter is unknown). Taking them as unchanged
//     would lose the play without a word.
//
// Every guessed square is marked unsure (Guessed). It returns a new reading
// and the number of squares it changed.
func ReconcileUpwords(before *grid.Board, r Reading) (Reading, int) {
	if before == nil || r.Board == nil || before.Rows != r.Board.Rows || before.Cols != r.Board.Cols {
		return r, 0
	}
	out := r.clone()
	if out.Conf == nil {
		out.Conf = make([][]float64, out.Board.Rows)
		for i := range out.Conf {
			out.Conf[i] = make([]float64, out.Board.Cols)
			for j := range out.Conf[i] {
				out.Conf[i][j] = 1
			}
		}
	}
	changed := 0
	set := func(p grid.Pos, s grid.Stack, conf float64) {
		if out.Board.At(p) != s {
			changed++
		}
		out.Board.Set(p, s)
		if p.Row < len(out.Conf) && p.Col < len(out.Conf[p.Row]) {
			out.Conf[p.Row][p.Col] = conf
		}
	}
	newLetter := func(b, s grid.Stack) bool { // at the old height
		return !b.Empty() && s.Height == b.Height && s.Letter != b.Letter
	}
	oldLetter := func(b, s grid.Stack) bool { // one higher
		return !b.Empty() && s.Height == b.Height+1 && s.Letter == b.Letter
	}
	ambiguous := func(b, s grid.Stack) bool { return newLetter(b, s) || oldLetter(b, s) }
	plain, anyNew := false, false // a new tile that is not ambiguous; a new letter
	before.Each(func(p grid.Pos, b grid.Stack) {
		s := r.Board.At(p)
		plain = plain || s.Height > b.Height && !ambiguous(b, s)
		anyNew = anyNew || newLetter(b, s)
	})
	before.Each(func(p grid.Pos, b grid.Stack) {
		s := r.Board.At(p)
		guess := min(r.conf(p), Guessed)
		switch {
		case b.Empty() && s.Height > 1:
			set(p, grid.Stack{Letter: s.Letter, Height: 1}, guess)
		case b.Empty():
		case s.Height < b.Height:
			set(p, b, Guessed)
		case ambiguous(b, s) && plain, oldLetter(b, s) && anyNew:
			set(p, b, Guessed)
		case newLetter(b, s):
			set(p, grid.Stack{Letter: s.Letter, Height: b.Height + 1}, guess)
		case oldLetter(b, s):
			set(p, s, guess)
		case s.Height > b.Height+1:
			set(p, grid.Stack{Letter: s.Letter, Height: b.Height + 1}, guess)
		}
	})
	return out, changed
}
