package game

import (
	"math/bits"
	"slices"
	"sort"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Guessed is the confidence given to a cell that ReconcileUpwords had to
// guess: it is shown as unsure.
const Guessed = 0.5

// ReconcileUpwords corrects a camera reading with what an Upwords turn can
// physically do to the board as it stands, before the rules judge it. A
// turn only adds tiles, at most one per square, and never a letter on the
// same letter. The camera reads letters far more reliably than heights (a
// stack's height from one photo is a matter of a pixel or two), so the
// letter decides, square by square:
//
//   - a new square read more than one high is one high;
//   - a stack read with another letter is one tile higher than it stood,
//     whatever height the photo suggests (a tile was put on it);
//   - a stack read with another letter whose face looks as in the last
//     photo (Reading.Same) is the stack as it stood: no tile went on it,
//     the letter was misread;
//   - a stack read with its own letter is the stack as it stood, whatever
//     height the photo suggests (a tile never goes on the same letter), and
//     so is a square read empty that held a stack (tiles are not taken
//     away; after a successful challenge the board as it stands is already
//     the board before the withdrawn play);
//   - except: when the only change in the whole reading is a stack read one
//     higher with its own letter, it is left as read, for the rules to
//     refuse and the table to fix (a tile went on it and its letter was
//     misread; taking it as unchanged would lose the play without a word).
//
// Every square whose stack is not the photo's own reading is marked unsure
// (Guessed), for the table to glance at. It returns a new reading and the
// number of squares it changed.
func ReconcileUpwords(before *grid.Board, r Reading) (Reading, int) {
	out, n, _, _ := reconcile(before, nil, r)
	return out, n
}

// ReconcileUpwordsJudged is ReconcileUpwords that asks the rules about the
// stacks read with a new letter: either a tile went on each (what
// ReconcileUpwords assumes) or the camera misread the letter (a blurred
// face; on another maker's board, the crop a level off reading the tile
// behind). When the play with the new tiles is refused and the play with
// some of those stacks as they stood is accepted, the accepted one is
// taken, those stacks marked unsure, the fewest first. A new tile read
// on a square where an earlier photo showed a tile the table took away
// (a phantom: the square's print or a shadow, read with another letter
// this time) is weighed the same way: taken away when the play with it
// is refused and the play without it accepted. In order: the stacks read
// no higher than they stood (a new tile would have raised them) and the
// phantoms; then the other letters the camera's reader gave its unsure
// new tiles (Reading.Alt, otherLetters: a letter misread on a tile that
// is there); then the stacks read higher than they stood too (the photo
// saw them raised, so a misread letter of a new tile is likelier than no
// tile) and the new tiles read faintly (under faintConf: no tile there),
// and last the other new tiles on bare squares (bareNew: a tall stack's
// face read beside it), a play accepted without one of those shown
// unsure (unsureBesideBare); then tiles the camera missed (missedTiles). A play still refused
// shows its new stacks unsure (refused).
//
// past is what earlier photos of the game showed (Session.Sightings). A
// square the camera reads with a letter it read there before, while the
// stack stood as it stands now, when that letter is not the stack's (the
// table corrected it), is the same misread of the same stack: the stack as
// it stands, unless the stack's face changed since the last photo
// (Reading.Changed: a tile went on it). A stack read with a new letter
// no higher than it stood whose face changed is weighed with those read
// higher, not among the first as no tile. A tile the table took away as a phantom, seen again, is not
// there either.
func ReconcileUpwordsJudged(sc Scorer) func(standing Position, past []Sighting, r Reading) (Reading, int) {
	return func(standing Position, past []Sighting, r Reading) (Reading, int) {
		before := gridOf(standing)
		out, n, doubt, higher := reconcile(before, past, r)
		if sc == nil || before == nil || gridOf(out.Board) == nil {
			return out, n
		}
		if _, err := sc.Judge(before, gridOf(out.Board)); err == nil {
			return out, n
		}
		if alt, k, ok := asTheyStood(sc, before, out, doubt); ok {
			return alt, n + k
		}
		if alt, k, ok := otherLetters(sc, before, out, r.Alt, false); ok {
			return unsureWordMates(before, out, alt), n + k
		}
		if alt, k, ok := raisedTiles(sc, before, out, r.Raised); ok {
			return unsureWordMates(before, out, alt), n + k
		}
		all := slices.Concat(doubt, higher)
		if bare := bareNew(before, out, all); len(higher) > 0 || len(bare) > 0 {
			if len(all) <= maxDoubt {
				all = append(all, bare[:min(len(bare), maxDoubt-len(all))]...)
			}
			if alt, k, ok := asTheyStood(sc, before, out, all); ok {
				return unsureBesideBare(before, alt, bare), n + k
			}
		}
		if alt, k, ok := missedTiles(sc, before, out, r.Maybe); ok {
			return unsureWordMates(before, out, alt), n + k
		}
		return refused(before, out), n
	}
}

// bareNew lists the new tiles of out on squares bare before, not in
// listed (the phantoms and the faint ones are weighed there already),
// that lie off the line of the play's other changes: the squares out
// changes are not all in one row or one column, and they are without
// it. The least sure first (ties by place). They are weighed last, with
// the stacks read higher, as no tile at all when the play as read is
// refused: a play is one line, so a tile off it was not put there by
// this play. A tall stack's face falls beside it on a steep view (the
// side away from the camera), and the reader reads it there as surely
// as on its own square (upwgame's held-out 99343 game 5 turn 9: BEAST
// put down a column, its E5's face read on the bare square beside it as
// E1 at 1.00; without the three stacks read higher the E1 alone made
// EL, and was shown sure).
func bareNew(before *grid.Board, out Reading, listed []grid.Pos) []grid.Pos {
	ob := gridOf(out.Board)
	if ob == nil || ob.Rows != before.Rows || ob.Cols != before.Cols {
		return nil
	}
	var changes []grid.Pos
	ob.Each(func(p grid.Pos, s grid.Stack) {
		if s != before.At(p) {
			changes = append(changes, p)
		}
	})
	if oneLine(changes) {
		return nil
	}
	var bare []grid.Pos
	for i, p := range changes {
		others := slices.Concat(changes[:i], changes[i+1:])
		if !ob.At(p).Empty() && before.At(p).Empty() && !slices.Contains(listed, p) && oneLine(others) {
			bare = append(bare, p)
		}
	}
	sort.SliceStable(bare, func(i, j int) bool { return out.conf(bare[i]) < out.conf(bare[j]) })
	return bare
}

// oneLine reports whether the squares ps all lie in one row or in one
// column (none or one square does).
func oneLine(ps []grid.Pos) bool {
	row, col := true, true
	for _, p := range ps {
		row = row && p.Row == ps[0].Row
		col = col && p.Col == ps[0].Col
	}
	return row || col
}

// unsureBesideBare is alt, a play the rules accept once asTheyStood took
// some squares back, with every new stack of it marked unsure (Guessed)
// when one of the squares taken back was a new tile on a bare square
// (bare, bareNew): the photo saw a tile there that is not, so the rest
// of what it saw new is not shown sure either (a real tile taken back
// to let a misread one stand alone would otherwise show the misread
// letter sure).
func unsureBesideBare(before *grid.Board, alt Reading, bare []grid.Pos) Reading {
	ab := gridOf(alt.Board)
	if ab == nil {
		return alt
	}
	dropped := false
	for _, p := range bare {
		if ab.At(p).Empty() {
			dropped = true
		}
	}
	if !dropped {
		return alt
	}
	ab.Each(func(p grid.Pos, s grid.Stack) {
		if s != before.At(p) && p.Row < len(alt.Conf) && p.Col < len(alt.Conf[p.Row]) {
			alt.Conf[p.Row][p.Col] = min(alt.Conf[p.Row][p.Col], Guessed)
		}
	})
	return alt
}

// unsureWordMates is alt, the reading out refused by the rules and
// accepted once a letter the camera did not read was taken on some
// squares (otherLetters, raisedTiles, missedTiles), with every new stack
// (a square not as it stood) in a word through one of those squares
// marked unsure (Guessed) too. The play as read was refused, so some
// letter of it was misread; the guess puts the misread where the reader
// was least sure, and the word it makes stands only if that is where it
// was. The other new letters of that word are the guess's premises, not
// the photo's word alone: shown sure they can be wrong and sure (lead's
// tuning game 111406, game 3 turn 9: SAGE read SAGI, the E read I at
// 0.96; the least sure G taken as K made SAKI, accepted, and the I was
// shown sure). New stacks in no word through a guessed square stay as
// read.
func unsureWordMates(before *grid.Board, out, alt Reading) Reading {
	ob, ab := gridOf(out.Board), gridOf(alt.Board)
	if ob == nil || ab == nil || ab.Rows != before.Rows || ab.Cols != before.Cols {
		return alt
	}
	mark := func(p grid.Pos) {
		if ab.At(p) != before.At(p) && p.Row < len(alt.Conf) && p.Col < len(alt.Conf[p.Row]) {
			alt.Conf[p.Row][p.Col] = min(alt.Conf[p.Row][p.Col], Guessed)
		}
	}
	ab.Each(func(p grid.Pos, s grid.Stack) {
		if s == ob.At(p) {
			return
		}
		for _, d := range [][2]int{{0, 1}, {1, 0}} {
			// The run of stacks through p along the row, then the column.
			q := p
			for {
				prev := grid.Pos{Row: q.Row - d[0], Col: q.Col - d[1]}
				if !ab.In(prev) || ab.At(prev).Empty() {
					break
				}
				q = prev
			}
			for ; ab.In(q) && !ab.At(q).Empty(); q = (grid.Pos{Row: q.Row + d[0], Col: q.Col + d[1]}) {
				mark(q)
			}
		}
	})
	return alt
}

// refused is a reading the rules refuse, none of its other readings
// accepted either: its new stacks (each square not as it stood) are
// marked unsure (Guessed), for the table to look at. A misread letter
// is the likeliest cause, and the reader can be sure of one (a
// blurred M read N at 1.0); a play refused as read right (a bluff)
// has its tiles looked at too. On the tuning games (eval-game
// --dims varied, seeds 104, 105, 110) 16 of the 17 stacks shown
// sure and wrong were in a refused play.
func refused(before *grid.Board, out Reading) Reading {
	ob := gridOf(out.Board)
	if ob == nil || ob.Rows != before.Rows || ob.Cols != before.Cols {
		return out
	}
	out = out.clone()
	ob.Each(func(p grid.Pos, s grid.Stack) {
		if s != before.At(p) && p.Row < len(out.Conf) && p.Col < len(out.Conf[p.Row]) {
			out.Conf[p.Row][p.Col] = min(out.Conf[p.Row][p.Col], Guessed)
		}
	})
	return out
}

// asTheyStood is the reading out, refused by the rules, with some of the
// squares doubt taken as they stood before: every subset, fewest first
// (and of as many, the first listed first); the first play the rules
// accept wins, its squares marked unsure. More than maxDoubt squares are
// not weighed.
func asTheyStood(sc Scorer, before *grid.Board, out Reading, doubt []grid.Pos) (Reading, int, bool) {
	if len(doubt) == 0 || len(doubt) > maxDoubt {
		return out, 0, false
	}
	for k := 1; k <= len(doubt); k++ {
		for mask := 1; mask < 1<<len(doubt); mask++ {
			if bits.OnesCount(uint(mask)) != k {
				continue
			}
			alt := out.clone()
			ab := gridOf(alt.Board)
			for i, p := range doubt {
				if mask&(1<<i) != 0 {
					ab.Set(p, before.At(p))
					if p.Row < len(alt.Conf) && p.Col < len(alt.Conf[p.Row]) {
						alt.Conf[p.Row][p.Col] = Guessed
					}
				}
			}
			if ab.Equal(before) {
				continue
			}
			if _, err := sc.Judge(before, ab); err == nil {
				return alt, k, true
			}
		}
	}
	return out, 0, false
}

// missedTiles is the reading out, refused by the rules, with a tile
// added on one or two squares read empty where nothing stood (maybe,
// Reading.Maybe: the letters the reader would give each were a tile
// there, likeliest first): the fewest tiles first; the first play the
// rules accept wins, the added tiles marked unsure.
func missedTiles(sc Scorer, before *grid.Board, out Reading, maybe map[[2]int][]string) (Reading, int, bool) {
	ob := gridOf(out.Board)
	if ob == nil || len(maybe) == 0 {
		return out, 0, false
	}
	alts := map[[2]int][]string{}
	for rc, letters := range maybe {
		p := grid.Pos{Row: rc[0], Col: rc[1]}
		if ob.In(p) && before.In(p) && ob.At(p).Empty() && before.At(p).Empty() {
			alts[rc] = letters
		}
	}
	return otherLetters(sc, before, out, alts, false)
}

// raisedTiles is the reading out, refused by the rules, with a tile
// put on one or two stacks read as they stood whose face changed since
// the last photo (raised, Reading.Raised: the letters a tile there would
// bear, likeliest first): the fewest tiles first; the first play the
// rules accept wins, the added tiles marked unsure.
func raisedTiles(sc Scorer, before *grid.Board, out Reading, raised map[[2]int][]string) (Reading, int, bool) {
	ob := gridOf(out.Board)
	if ob == nil || len(raised) == 0 {
		return out, 0, false
	}
	alts := map[[2]int][]string{}
	for rc, letters := range raised {
		p := grid.Pos{Row: rc[0], Col: rc[1]}
		if ob.In(p) && before.In(p) && !before.At(p).Empty() && ob.At(p) == before.At(p) {
			alts[rc] = letters
		}
	}
	return otherLetters(sc, before, out, alts, true)
}

// maxAltSquares is how many squares otherLetters weighs other letters on
// at most (the least sure first), and maxAltChanges how many of them it
// changes at once.
const (
	maxAltSquares = 8
	maxAltChanges = 2
)

// otherLetters is the reading out, refused by the rules, with the letter
// of one or two new tiles (a square whose letter out changes) taken as
// another the camera's reader gave some probability (alts,
// Reading.Alt): the fewest changes first, the least sure squares first,
// the likeliest letters first; the first play the rules accept wins,
// its changed squares marked unsure. The old letter of a stack, among
// the other letters, is the stack as it stood (no tile went on it).
// onStood: the squares weighed are stacks read as they stood
// (raisedTiles) rather than new tiles and empty squares.
func otherLetters(sc Scorer, before *grid.Board, out Reading, alts map[[2]int][]string, onStood bool) (Reading, int, bool) {
	ob := gridOf(out.Board)
	if ob == nil || len(alts) == 0 {
		return out, 0, false
	}
	type option struct {
		p grid.Pos
		s grid.Stack
	}
	var squares [][]option
	var confs []float64
	for rc, letters := range alts {
		p := grid.Pos{Row: rc[0], Col: rc[1]}
		if !ob.In(p) || !before.In(p) {
			continue
		}
		s, b := ob.At(p), before.At(p)
		newLetter := !s.Empty() && s.Letter != b.Letter
		stillEmpty := s.Empty() && b.Empty() // missedTiles
		asStood := !b.Empty() && s == b      // raisedTiles
		if !newLetter && !stillEmpty && !asStood {
			continue
		}
		var opts []option
		for _, l := range letters {
			switch {
			case l == s.Letter:
			case l == b.Letter:
				opts = append(opts, option{p, b})
			case b.Empty():
				opts = append(opts, option{p, grid.Stack{Letter: l, Height: 1}})
			default:
				opts = append(opts, option{p, grid.Stack{Letter: l, Height: b.Height + 1}})
			}
		}
		if len(opts) > 0 {
			squares = append(squares, opts)
			confs = append(confs, out.conf(p))
		}
	}
	// The least sure first; ties by place, for the same answer each time.
	idx := make([]int, len(squares))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool {
		i, j := idx[a], idx[b]
		if confs[i] != confs[j] {
			return confs[i] < confs[j]
		}
		pi, pj := squares[i][0].p, squares[j][0].p
		return pi.Row < pj.Row || pi.Row == pj.Row && pi.Col < pj.Col
	})
	if len(idx) > maxAltSquares {
		idx = idx[:maxAltSquares]
	}
	try := func(opts ...option) (Reading, bool) {
		alt := out.clone()
		ab := gridOf(alt.Board)
		for _, o := range opts {
			ab.Set(o.p, o.s)
			if o.p.Row < len(alt.Conf) && o.p.Col < len(alt.Conf[o.p.Row]) {
				alt.Conf[o.p.Row][o.p.Col] = Guessed
			}
		}
		if ab.Equal(before) {
			return alt, false
		}
		_, err := sc.Judge(before, ab)
		return alt, err == nil
	}
	for _, i := range idx {
		for _, o := range squares[i] {
			if alt, ok := try(o); ok {
				return alt, 1, true
			}
		}
	}
	if maxAltChanges < 2 {
		return out, 0, false
	}
	for a := 0; a < len(idx); a++ {
		for b := a + 1; b < len(idx); b++ {
			for _, o1 := range squares[idx[a]] {
				for _, o2 := range squares[idx[b]] {
					if alt, ok := try(o1, o2); ok {
						return alt, 2, true
					}
				}
			}
		}
	}
	return out, 0, false
}

// maxDoubt is how many stacks read with a new letter ReconcileUpwordsJudged
// weighs at most (every subset of them: 63 plays judged at most, and
// only for a refused reading).
const maxDoubt = 6

// reconcile is ReconcileUpwords, with past as in ReconcileUpwordsJudged;
// doubt lists the stacks read with a new letter at or below the height
// they stood at, then the new tiles read where a phantom was taken away
// before (phantomBefore); higher the stacks read with a new letter higher
// than they stood, then the new tiles read under faintConf.
func reconcile(before *grid.Board, past []Sighting, r Reading) (Reading, int, []grid.Pos, []grid.Pos) {
	rb := gridOf(r.Board)
	if before == nil || rb == nil || before.Rows != rb.Rows || before.Cols != rb.Cols {
		return r, 0, nil, nil
	}
	out := r.clone()
	ob := gridOf(out.Board)
	if out.Conf == nil {
		out.Conf = make([][]float64, ob.Rows)
		for i := range out.Conf {
			out.Conf[i] = make([]float64, ob.Cols)
			for j := range out.Conf[i] {
				out.Conf[i][j] = 1
			}
		}
	}
	changed := 0
	set := func(p grid.Pos, s grid.Stack, conf float64) {
		if ob.At(p) != s {
			changed++
		}
		ob.Set(p, s)
		if p.Row < len(out.Conf) && p.Col < len(out.Conf[p.Row]) {
			out.Conf[p.Row][p.Col] = conf
		}
	}
	// A misread the table corrected, read the same way again; a new
	// letter read on a stack whose face did not change since the last
	// photo (no tile went on it).
	before.Each(func(p grid.Pos, b grid.Stack) {
		if s := rb.At(p); !s.Empty() && s.Letter != b.Letter && r.Same[[2]int{p.Row, p.Col}] {
			set(p, b, min(r.conf(p), Guessed))
			return
		}
		if s := rb.At(p); !s.Empty() && s.Letter != b.Letter && !r.Changed[[2]int{p.Row, p.Col}] && misreadBefore(past, p, b, s.Letter) {
			set(p, b, r.conf(p))
		}
	})
	read := ob.Clone()
	// Is the only change a stack one higher with its own letter?
	others, oneHigher := false, 0
	before.Each(func(p grid.Pos, b grid.Stack) {
		s := read.At(p)
		switch {
		case s == b:
		case !b.Empty() && s.Letter == b.Letter && s.Height == b.Height+1:
			oneHigher++
		default:
			others = true
		}
	})
	leaveOneHigher := !others && oneHigher > 0
	var doubt, phantoms, higher, faint []grid.Pos
	before.Each(func(p grid.Pos, b grid.Stack) {
		s := read.At(p)
		guess := min(r.conf(p), Guessed)
		switch {
		case !b.Empty() || s.Empty():
		case phantomBefore(past, p):
			phantoms = append(phantoms, p)
		case r.conf(p) < faintConf:
			faint = append(faint, p)
		}
		switch {
		case b.Empty() && s.Height > 1:
			set(p, grid.Stack{Letter: s.Letter, Height: 1}, guess)
		case b.Empty():
		case s.Empty():
			set(p, b, Guessed)
		case s.Letter != b.Letter:
			if s.Height <= b.Height && !r.Changed[[2]int{p.Row, p.Col}] {
				doubt = append(doubt, p)
			} else {
				higher = append(higher, p)
			}
			conf := r.conf(p)
			if s.Height != b.Height+1 {
				conf = guess // the height is the history's, not the photo's
			}
			set(p, grid.Stack{Letter: s.Letter, Height: b.Height + 1}, conf)
		case s.Height == b.Height+1 && leaveOneHigher:
			set(p, s, guess)
		case s.Height != b.Height:
			set(p, b, guess)
		}
	})
	return out, changed, append(doubt, phantoms...), append(higher, faint...)
}

// faintConf is the reader's confidence under which a new tile on an
// empty square is weighed, with the stacks read higher than they stood,
// as no tile at all when the play as read is refused: a bare square's
// print or a shadow read as a tile, the reader hardly seeing a letter
// (eval-game --dims varied, tuning seeds 105 and 110: of the new tiles
// read under 0.4, 6 were there and 11 were not).
const faintConf = 0.4

// phantomBefore reports whether an earlier photo showed a tile on square
// p that the table took away (the game held it empty after that turn):
// the same square's print or shadow read as a tile, whatever letter it
// read then.
func phantomBefore(past []Sighting, p grid.Pos) bool {
	for _, s := range past {
		seen, after := gridOf(s.Seen), gridOf(s.After)
		if seen == nil || after == nil || !seen.In(p) || !after.In(p) {
			continue
		}
		if !seen.At(p).Empty() && after.At(p).Empty() {
			return true
		}
	}
	return false
}

// Sighting is one earlier photo of the game: what it showed (before it was
// reconciled) and the board as the game held it after that turn.
type Sighting struct {
	Seen, After Position
}

// misreadBefore reports whether an earlier photo showed letter on square p
// while the game held stack b there.
func misreadBefore(past []Sighting, p grid.Pos, b grid.Stack, letter string) bool {
	for _, s := range past {
		seen, after := gridOf(s.Seen), gridOf(s.After)
		if seen == nil || after == nil || !seen.In(p) || !after.In(p) {
			continue
		}
		if after.At(p) == b && seen.At(p).Letter == letter {
			return true
		}
	}
	return false
}
