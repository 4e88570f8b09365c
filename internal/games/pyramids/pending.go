package pyramids

import (
	"fmt"
	"math"
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

// revealPending is standing with the tops of the pending squares that a
// pyramid left this turn (read: the reading as balanced, the stack one
// lower) given the letters of the pyramids of their colour that the
// reading shows put on a square (one higher) and that no known stack that
// lost its top gave: the letter the game did not know shows where the
// pyramid landed. Without it the referee refuses the move off a stack
// whose letter the game guessed wrong (a yellow H put on the board, no
// yellow H left a stack). Of a colour, the letters are given when as many
// such pending stacks lost their top as such pyramids were put on, each
// stack the letter its evidence (Position.Evidence) weighs most among
// them (two pending green stacks guessed E, a green E and a green K put
// on: the K to the one whose evidence has it; before, a guess that was
// among the pyramids put on counted as given, and the K was refused).
// The squares of word (being taken) are left out.
func (standing Position) revealPending(read *pyramids.Board, word []grid.Pos) Position {
	if len(standing.Pending) == 0 || read == nil || standing.Board == nil {
		return standing
	}
	b := standing.Board
	lower := func(q grid.Pos) bool { return read.At(q).Height == b.At(q).Height-1 }
	put := map[pyramids.Colour][]string{} // letters put on (not on a pending stack)
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			d := grid.Pos{Row: row, Col: col}
			s, r := b.At(d), read.At(d)
			rt, ok := r.Top()
			if !ok || !rt.Colour.IsPlayer() || slices.Contains(word, d) || r.Height != s.Height+1 || standing.isPending(d) {
				continue
			}
			put[rt.Colour] = append(put[rt.Colour], rt.Letter)
		}
	}
	// the letters a known stack that lost its top gave
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			t, ok := b.At(q).Top()
			if !ok || standing.isPending(q) || slices.Contains(word, q) || !lower(q) {
				continue
			}
			if i := slices.Index(put[t.Colour], t.Letter); i >= 0 {
				put[t.Colour] = slices.Delete(put[t.Colour], i, i+1)
			}
		}
	}
	var out *pyramids.Board
	for _, c := range pyramids.PlayerColours {
		letters := put[c]
		var src []grid.Pos
		for _, p := range standing.Pending {
			if t, ok := b.At(p).Top(); ok && t.Colour == c && !slices.Contains(word, p) && lower(p) {
				src = append(src, p)
			}
		}
		if len(src) == 0 || len(src) != len(letters) || len(src) > maxRevealed {
			continue
		}
		if out == nil {
			out = b.Clone()
		}
		for i, l := range standing.assignLetters(src, letters) {
			out.Set(src[i], withTop(b.At(src[i]), pyramids.Pyramid{Colour: c, Letter: l}))
		}
	}
	if out != nil {
		standing.Board = out
	}
	return standing
}

// maxRevealed is how many pending stacks of a colour revealPending gives
// letters at most (the assignments tried grow as its factorial).
const maxRevealed = 6

// assignLetters gives each square of src one of letters (as many), the
// assignment whose evidence's weights (a letter the evidence lacks, or
// a square without evidence, a small floor) multiply to the most; of
// equal ones, the first in the order the letters are listed.
func (p Position) assignLetters(src []grid.Pos, letters []string) []string {
	best, bestW := slices.Clone(letters), -1.0
	perm := slices.Clone(letters)
	var try func(i int)
	try = func(i int) {
		if i == len(perm) {
			w := 1.0
			for k, q := range src {
				w *= max(p.Evidence[q][perm[k]], poolFloor)
			}
			if w > bestW {
				best, bestW = slices.Clone(perm), w
			}
			return
		}
		for k := i; k < len(perm); k++ {
			perm[i], perm[k] = perm[k], perm[i]
			try(i + 1)
			perm[i], perm[k] = perm[k], perm[i]
		}
	}
	try(0)
	return best
}

// withTop is s with its top pyramid py.
func withTop(s pyramids.Stack, py pyramids.Pyramid) pyramids.Stack {
	return pyramids.Stack{Layers: append([]pyramids.Pyramid{py}, s.Layers[1:]...), Height: s.Height}
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

// evidencePrefix starts the text form's line of a pending square's
// evidence (Position.Evidence).
const evidencePrefix = "evidence "

// pendingMinWeight is the least weight a letter of a pending square's
// evidence is kept with; pendingLetters how many letters are kept at
// most (the likeliest): the rest are left out of the record and of the
// moves weighed.
const (
	pendingMinWeight = 0.01
	pendingLetters   = 8
)

// evidenceLines is the text form's evidence lines of the pending squares,
// in their order, each letter by weight (the heaviest first, ties by the
// alphabet) to three decimals.
func evidenceLines(pending []grid.Pos, ev map[grid.Pos]map[string]float64) string {
	var b strings.Builder
	for _, q := range pending {
		w := ev[q]
		if len(w) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s%d,%d", evidencePrefix, q.Row, q.Col)
		for _, l := range byWeight(w) {
			fmt.Fprintf(&b, " %s=%.3f", l, w[l])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// byWeight lists w's letters, the heaviest first, ties by the alphabet.
func byWeight(w map[string]float64) []string {
	ls := make([]string, 0, len(w))
	for l := range w {
		ls = append(ls, l)
	}
	slices.SortFunc(ls, func(x, y string) int {
		if w[x] != w[y] {
			if w[x] > w[y] {
				return -1
			}
			return 1
		}
		return strings.Compare(x, y)
	})
	return ls
}

// parseEvidence reads "r,c A=0.412 T=0.300".
func parseEvidence(s string) (grid.Pos, map[string]float64, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return grid.Pos{}, nil, fmt.Errorf("%q: want a square and letters", s)
	}
	qs, err := parseSquares(f[0])
	if err != nil {
		return grid.Pos{}, nil, err
	}
	ev := map[string]float64{}
	for _, lw := range f[1:] {
		l, v, ok := strings.Cut(lw, "=")
		var w float64
		// a letter A-Z and a weight from 0 to 1 (not NaN, which no
		// comparison would refuse and every product would carry)
		if _, err := fmt.Sscanf(v, "%g", &w); !ok || err != nil || len(l) != 1 || l[0] < 'A' || l[0] > 'Z' || !(w >= 0 && w <= 1) {
			return grid.Pos{}, nil, fmt.Errorf("%q: want LETTER=WEIGHT, a letter A-Z and a weight from 0 to 1", lw)
		}
		ev[l] = w
	}
	return qs[0], ev, nil
}

// keepEvidence is ev for the squares of pending alone (nil when none).
func keepEvidence(pending []grid.Pos, ev map[grid.Pos]map[string]float64) map[grid.Pos]map[string]float64 {
	var out map[grid.Pos]map[string]float64
	for _, q := range pending {
		if w, ok := ev[q]; ok {
			if out == nil {
				out = map[grid.Pos]map[string]float64{}
			}
			out[q] = w
		}
	}
	return out
}

// weighLetters is a never-seen layer of colour c's letters by the photo's
// evidence ev times the pool's prior (pl), summing to 1: the likeliest
// pendingLetters whose weight is pendingMinWeight or more, rounded as the
// text form keeps them (so the record read again weighs the same). Nil
// when ev is empty.
func weighLetters(pl *pool, c pyramids.Colour, ev map[string]float64) map[string]float64 {
	if len(ev) == 0 {
		return nil
	}
	all := map[string]float64{}
	sum := 0.0
	for _, l := range alphabet {
		v := pl.prior(c, l) * max(ev[l], poolFloor)
		all[l] = v
		sum += v
	}
	if sum <= 0 {
		return nil
	}
	out := map[string]float64{}
	kept := 0.0
	for _, l := range byWeight(all) {
		if len(out) == pendingLetters || all[l]/sum < pendingMinWeight {
			break
		}
		out[l] = all[l] / sum
		kept += all[l] / sum
	}
	for l, v := range out {
		out[l] = math.Round(v/kept*1000) / 1000
	}
	return out
}

// pendingEvidence is the evidence of each square of pending (the squares
// whose letter is not yet known after the photo, the board final): a
// square that was pending before the photo (standing) and stands as it
// stood keeps what the photo that first showed its layer said; one
// pending for the first time is given this photo's (second: its reading
// at its own count where the photo was read again, else the scan's
// first, seen), weighed by the pool (pl).
func pendingEvidence(standing Position, final *pyramids.Board, pending []grid.Pos, seen *seenPhoto, second map[grid.Pos]map[string]float64, pl *pool) map[grid.Pos]map[string]float64 {
	out := map[grid.Pos]map[string]float64{}
	for _, q := range pending {
		if w, ok := standing.Evidence[q]; ok && standing.isPending(q) && standing.Board.At(q).Height == final.At(q).Height {
			out[q] = w
			continue
		}
		t, ok := final.At(q).Top()
		if !ok || pl == nil {
			continue
		}
		ev, ok := second[q]
		if !ok && seen != nil {
			ev = seen.Letters(q)
		}
		if w := weighLetters(pl, pl.colour(q, t.Colour), ev); w != nil {
			out[q] = w
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// pendingWeights are the letters' weights of p's pending squares that
// have evidence (Position.Evidence; nil when none).
func (p Position) pendingWeights() map[grid.Pos]map[string]float64 {
	var out map[grid.Pos]map[string]float64
	for _, q := range p.Pending {
		if w := p.Evidence[q]; len(w) > 0 {
			if out == nil {
				out = map[grid.Pos]map[string]float64{}
			}
			out[q] = w
		}
	}
	return out
}

// forgetCovered is after with the letter of each pending square of
// standing that a pyramid was put on (one higher) left out of its stack:
// the layer under the new top is not known (its letter was the game's
// guess), so the take that uncovers it again reads it as a layer never
// seen, instead of refusing a letter other than the guess (the guess
// yD under a red N put on it, the take showing the yellow B it is).
func forgetCovered(standing Position, after *pyramids.Board) *pyramids.Board {
	out := after
	for _, q := range standing.Pending {
		a := after.At(q)
		if a.Height != standing.Board.At(q).Height+1 || len(a.Layers) < 2 {
			continue
		}
		if out == after {
			out = after.Clone()
		}
		out.Set(q, pyramids.Stack{Layers: a.Layers[:1], Height: a.Height})
	}
	return out
}
