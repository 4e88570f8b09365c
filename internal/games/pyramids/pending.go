package pyramids

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// A layer no photo showed before (a source's new top on an announced
// photo, a layer a take uncovered) whose letter the photo does not read
// surely is kept as not yet known (Position.Pending) instead of asking
// the table at once: the letter does not change the move being scored,
// only a later move that takes that pyramid or spells through it, or the
// tally. The board holds the likeliest letter, shown unsure; every later
// photo that shows the stack as it stands reads it again, and one that
// reads it surely settles it. When the stack changes (its pyramid moved
// or taken, another put on it) the letter is no longer pending: the move
// is judged with it as any unsure reading, and the table corrects it
// there if it is wrong. A turn once accepted keeps its score: a pending
// letter is never part of the word scored at the turn that shows it.

// pendingPrefix starts the text form's line for the pending squares.
const pendingPrefix = "pending "

// squareList is squares in the text form: "r,c r,c".
func squareList(qs []grid.Pos) string {
	return strings.Join(squareNames(qs), " ")
}

// squareNames are squares as "r,c".
func squareNames(qs []grid.Pos) []string {
	var out []string
	for _, q := range qs {
		out = append(out, fmt.Sprintf("%d,%d", q.Row, q.Col))
	}
	return out
}

// parseSquares reads "r,c r,c".
func parseSquares(s string) ([]grid.Pos, error) {
	var out []grid.Pos
	for _, f := range strings.Fields(s) {
		var row, col int
		if _, err := fmt.Sscanf(f, "%d,%d", &row, &col); err != nil || !pyramids.In(grid.Pos{Row: row, Col: col}) {
			return nil, fmt.Errorf("square %q", f)
		}
		out = append(out, grid.Pos{Row: row, Col: col})
	}
	return out, nil
}

// keepPending are the squares of pending on which b has a known top, each
// once, in reading order (nil when none).
func keepPending(b *pyramids.Board, pending []grid.Pos) []grid.Pos {
	var out []grid.Pos
	for _, q := range pending {
		if _, ok := b.At(q).Top(); ok && !slices.Contains(out, q) {
			out = append(out, q)
		}
	}
	slices.SortFunc(out, func(x, y grid.Pos) int {
		if x.Row != y.Row {
			return x.Row - y.Row
		}
		return x.Col - y.Col
	})
	return out
}

// isPending reports whether q's top letter is not yet known.
func (p Position) isPending(q grid.Pos) bool { return slices.Contains(p.Pending, q) }

// readPending is p with the letter of each pending square that read (the
// reading the turn is judged on) shows as it stands (the same count, a
// top of the same colour) taken from read: the letter was not known, so a
// later photo that reads it otherwise (settled, or another guess) is not
// a change of the board.
func (p Position) readPending(read *pyramids.Board) Position {
	if len(p.Pending) == 0 || read == nil || p.Board == nil {
		return p
	}
	var b *pyramids.Board
	for _, q := range p.Pending {
		s, r := p.Board.At(q), read.At(q)
		st, ok1 := s.Top()
		rt, ok2 := r.Top()
		if !ok1 || !ok2 || s.Height != r.Height || st.Colour != rt.Colour || st == rt {
			continue
		}
		if b == nil {
			b = p.Board.Clone()
		}
		b.Set(q, withTop(s, rt))
	}
	if b != nil {
		p.Board = b
	}
	return p
}

// notSure reports whether conf marks q unsure (below game.LowConf).
func notSure(conf [][]float64, q grid.Pos) bool {
	return q.Row < len(conf) && q.Col < len(conf[q.Row]) && conf[q.Row][q.Col] < game.LowConf
}

// resolvePending reads again the squares whose letter the game does not
// yet know (standing.Pending) where the photo shows the stack as it stood
// (after: the reading as balanced; not a square of the word being taken):
// a photo that reads the letter surely (the scan's own Sure and colour
// sure, and the letter with margin over every other by the pool's prior,
// pool.sure) settles it, shown sure; else it stays unsure. The history's
// settling (settle) is not used on them: their letter is the game's
// guess, which a photo reading it the same way again does not confirm
// (the same camera reads the same crops the same way). It returns the
// number of squares whose letter it changed; with change false (the photo
// shows nothing else changed) it changes none, and settles only a letter
// read as the board holds it.
func resolvePending(standing Position, after *pyramids.Board, scan *seenPhoto, word []grid.Pos, pl *pool, conf [][]float64, change bool) int {
	n := 0
	for _, q := range standing.Pending {
		b, a := standing.Board.At(q), after.At(q)
		bt, ok := b.Top()
		if !ok || slices.Contains(word, q) || a.Height != b.Height {
			continue
		}
		at, aok := a.Top()
		if !aok || at.Colour != bt.Colour {
			continue
		}
		sq := scan.Square(q)
		if likePut(standing.Board, after, bt) {
			// a pyramid like its top was put on a square: the move
			// may have been off this stack, its next layer alike
			lower(conf, q)
			continue
		}
		if !sq.Sure || !sq.ColourSure || sq.Colour != bt.Colour || sq.Letter == "" || sq.Letter == "?" ||
			!pl.sure(bt.Colour, scan.Letters(q), sq.Letter) || (!change && sq.Letter != at.Letter) {
			lower(conf, q)
			continue
		}
		if sq.Letter != at.Letter {
			n++
		}
		a.Layers = append([]pyramids.Pyramid{{Colour: bt.Colour, Letter: sq.Letter}}, a.Layers[1:]...)
		after.Set(q, a)
		if q.Row < len(conf) && q.Col < len(conf[q.Row]) {
			conf[q.Row][q.Col] = max(squareConf(sq), game.LowConf)
		}
	}
	return n
}

// pendingAfter are the squares whose letter is not yet known after the
// photo (after, its reading as reconciled): those of standing still
// pending where the stack stands as it stood and the photo did not settle
// it (conf unsure), and each stack's layer the game did not know that
// shows for the first time (one lower than it stood, its next layer
// unknown: a source's new top, a layer the take uncovered) whose letter
// is not sure.
func pendingAfter(standing Position, after *pyramids.Board, word []grid.Pos, conf [][]float64) []grid.Pos {
	if standing.Board == nil || countPyramids(standing.Board) == 0 {
		return nil // the set-up: its letters are the table's to check
	}
	var out []grid.Pos
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			b, a := standing.Board.At(q), after.At(q)
			at, ok := a.Top()
			if !ok || !notSure(conf, q) {
				continue
			}
			bt, _ := b.Top()
			switch {
			case standing.isPending(q) && !slices.Contains(word, q) && a.Height == b.Height && at.Colour == bt.Colour:
				out = append(out, q)
			case a.Height == b.Height-1:
				if _, known := b.Under().Top(); !known {
					out = append(out, q)
				}
			}
		}
	}
	return out
}

// lower marks q unsure in conf.
func lower(conf [][]float64, q grid.Pos) {
	if q.Row < len(conf) && q.Col < len(conf[q.Row]) {
		conf[q.Row][q.Col] = min(conf[q.Row][q.Col], game.Guessed)
	}
}

// revealPending is standing with the top of a pending square that a
// pyramid left this turn (read: the reading as balanced, the stack one
// lower) given the letter of the pyramid of its colour that the reading
// shows put on a square (one higher) and that no stack that lost its top
// can have given: the letter the game did not know shows where
// the pyramid landed. Without it the referee refuses the move off a
// stack whose letter the game guessed wrong (a yellow H put on the
// board, no yellow H left a stack). It is given only when one letter and
// one pending stack of that colour fit. The squares of word (being
// taken) are left out.
func (standing Position) revealPending(read *pyramids.Board, word []grid.Pos) Position {
	if len(standing.Pending) == 0 || read == nil || standing.Board == nil {
		return standing
	}
	b := standing.Board
	lower := func(q grid.Pos) bool { return read.At(q).Height == b.At(q).Height-1 }
	put := map[pyramids.Colour][]string{} // letters put on that no known stack gave
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			d := grid.Pos{Row: row, Col: col}
			s, r := b.At(d), read.At(d)
			rt, ok := r.Top()
			if !ok || !rt.Colour.IsPlayer() || standing.isPending(d) || slices.Contains(word, d) || r.Height != s.Height+1 {
				continue
			}
			if leftBy(b, rt, lower) || slices.Contains(put[rt.Colour], rt.Letter) {
				continue
			}
			put[rt.Colour] = append(put[rt.Colour], rt.Letter)
		}
	}
	var out *pyramids.Board
	for c, letters := range put {
		if len(letters) != 1 {
			continue
		}
		var src []grid.Pos
		for _, p := range standing.Pending {
			if t, ok := b.At(p).Top(); ok && t.Colour == c && !slices.Contains(word, p) && lower(p) && t.Letter != letters[0] {
				src = append(src, p)
			}
		}
		if len(src) != 1 {
			continue
		}
		if out == nil {
			out = b.Clone()
		}
		out.Set(src[0], withTop(b.At(src[0]), pyramids.Pyramid{Colour: c, Letter: letters[0]}))
	}
	if out != nil {
		standing.Board = out
	}
	return standing
}

// withTop is s with its top pyramid py.
func withTop(s pyramids.Stack, py pyramids.Pyramid) pyramids.Stack {
	return pyramids.Stack{Layers: append([]pyramids.Pyramid{py}, s.Layers[1:]...), Height: s.Height}
}

// maxPendingTries bounds the readings of a photo pendingSource tries.
const maxPendingTries = 12

// balanced is a photo's reading held to a turn's moves (balance) from a
// standing position.
type balanced struct {
	standing Position
	after    *pyramids.Board
	conf     [][]float64
	pl       *pool
	n        int
	reread   []grid.Pos
	changed  bool // the pending source read otherwise than the game guessed it
}

// pendingSource reads an announced photo's change (read: carried) with
// each pending stack as the source of a pyramid of its colour the photo
// shows put on a square that no stack has on top (the game's guesses
// included: a guess that is that pyramid is read as any move): the
// game did not know the pending stack's letter, so the pyramid that left
// it may be any of its colour. It returns the balanced reading when
// exactly one such try reads the move off the pending stack onto that
// square (balance, as for any move), or of several exactly one off a
// stack the photo reads otherwise than the game guessed it (the same
// camera may read a new top as it read the old: 100800's yellow Y read
// T, then the O under it read T again); else false, and the photo is
// read as before.
func (r *Rules) pendingSource(b Position, read *pyramids.Board, scan *seenPhoto, pinned map[grid.Pos]bool, conf [][]float64) (balanced, bool) {
	if b.Word != nil || len(b.Pending) == 0 {
		return balanced{}, false
	}
	var found []balanced
	tries := 0
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			d := grid.Pos{Row: row, Col: col}
			s, rs := b.Board.At(d), read.At(d)
			rt, ok := rs.Top()
			st, _ := s.Top()
			if !ok || !rt.Colour.IsPlayer() || b.isPending(d) || rt == st || rs.Height < s.Height {
				continue
			}
			if onTop(b.Board, rt) {
				continue // a stack has it on top: the move as ever
			}
			for _, p := range b.Pending {
				t, ok := b.Board.At(p).Top()
				if !ok || t.Colour != rt.Colour || t == rt || p == d || tries >= maxPendingTries {
					continue
				}
				tries++
				bb := b
				bb.Board = b.Board.Clone()
				bb.Board.Set(p, withTop(b.Board.At(p), rt))
				after := read.Clone()
				cf := make([][]float64, len(conf))
				for i := range conf {
					cf[i] = slices.Clone(conf[i])
				}
				pl := newPool(r.setup, bb.Board)
				n, rr := balance(bb, after, scan, pl, pinned, cf, r.spells(bb.Board))
				at, _ := after.At(d).Top()
				if after.At(p).Height == bb.Board.At(p).Height-1 && after.At(d).Height == s.Height+1 && at == rt {
					found = append(found, balanced{standing: bb, after: after, conf: cf, pl: pl, n: n, reread: rr,
						changed: !read.At(p).SameTop(b.Board.At(p))})
				}
			}
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	// of several, the one pending stack the photo reads otherwise than
	// the game guessed it (one read as guessed may not have changed)
	found = slices.DeleteFunc(found, func(v balanced) bool { return !v.changed })
	if len(found) == 1 {
		return found[0], true
	}
	return balanced{}, false
}

// leftBy reports whether a stack of b had py on top and lost it (gone):
// the pyramid put on may have come from it (a guess of the game's that
// is that pyramid included).
func leftBy(b *pyramids.Board, py pyramids.Pyramid, gone func(grid.Pos) bool) bool {
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			if t, ok := b.At(q).Top(); ok && t == py && gone(q) {
				return true
			}
		}
	}
	return false
}

// likePut reports whether after shows py put on a square (one higher than
// before, py on top).
func likePut(before, after *pyramids.Board, py pyramids.Pyramid) bool {
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			if t, ok := after.At(q).Top(); ok && t == py && after.At(q).Height == before.At(q).Height+1 {
				return true
			}
		}
	}
	return false
}

// onTop reports whether a stack of b has py on top.
func onTop(b *pyramids.Board, py pyramids.Pyramid) bool {
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			if t, ok := b.At(grid.Pos{Row: row, Col: col}).Top(); ok && t == py {
				return true
			}
		}
	}
	return false
}
