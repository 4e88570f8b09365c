package game

import "github.com/tilescope/tilescope/scoring/grid"

// Guessed is the confidence given to a cell that ReconcileUpwords had to
// guess: it is shown as unsure.
const Guessed = 0.5

// ReconcileUpwords corrects a camera reading with what an Upwords turn can
// physically do to the board as it stands, before the rules judge it:
//
//   - a turn never takes a tile away: a stack read lower than it stood (or a
//     square read empty) is the stack as it stood, marked unsure;
//   - a turn adds at most one tile to a square: a stack read more than one
//     higher is one higher, marked unsure;
//   - a stack read at the height it stood is the same stack: its letter is
//     the letter it had (the camera misread an unchanged tile), and it is
//     as sure as the history;
//   - a stack read one higher with the letter it had is the same stack (no
//     tile goes on the same letter: the height was misread), marked unsure.
//
// Tiles taken off after a successful challenge are no exception: the board
// as it stands is then the board before the withdrawn play. It returns a new
// reading and the number of cells it changed.
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
	before.Each(func(p grid.Pos, b grid.Stack) {
		s := r.Board.At(p)
		switch {
		case b.Empty() && s.Height > 1:
			set(p, grid.Stack{Letter: s.Letter, Height: 1}, min(r.conf(p), Guessed))
		case b.Empty():
		case s.Height < b.Height:
			set(p, b, Guessed)
		case s.Height == b.Height:
			set(p, b, 1)
		case s.Height == b.Height+1 && s.Letter == b.Letter:
			set(p, b, Guessed)
		case s.Height > b.Height+1:
			set(p, grid.Stack{Letter: s.Letter, Height: b.Height + 1}, min(r.conf(p), Guessed))
		}
	})
	return out, changed
}
