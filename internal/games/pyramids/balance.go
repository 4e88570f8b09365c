package pyramids

import (
	"cmp"
	"slices"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
)

// seenPhoto is what the scan saw on each square and its letters'
// evidence (vision/pyramids Square.Letters), row by row.
type seenPhoto struct {
	squares []vpyr.Square
	letters []map[string]float64
}

func newSeenPhoto(r *vpyr.Reading) *seenPhoto {
	p := &seenPhoto{squares: r.Squares, letters: make([]map[string]float64, len(r.Squares))}
	for i, sq := range r.Squares {
		p.letters[i] = sq.Letters()
	}
	return p
}

// Square is the scan's reading of q.
func (p *seenPhoto) Square(q grid.Pos) vpyr.Square { return p.squares[q.Row*pyramids.Size+q.Col] }

// Letters is the letters' evidence on q (nil: none read).
func (p *seenPhoto) Letters(q grid.Pos) map[string]float64 {
	return p.letters[q.Row*pyramids.Size+q.Col]
}

// A turn only moves pyramids: every pyramid put on a square this turn left
// another square, and nothing else changes. balance holds a photo's
// carried reading of a word being spelled to that (the history's counts
// make each square's change one of "the same", "one lower" or "one put
// on"):
//
//   - a pyramid put on a square whose letter matches no pyramid that left
//     a stack, while a pyramid of its colour left one that appeared
//     nowhere, is that pyramid (its letter misread where it landed), the
//     one whose letter the photo there gives most;
//   - a pyramid put on a square that no stack lost came from the stack of
//     its colour the photo most likely shows without it: read as the same
//     (its next layer misread as the old top) or as a misread;
//   - a pyramid that left a stack and appeared nowhere landed on the
//     square read as unchanged that shows its letter more than the top
//     the game holds there;
//   - a change that nothing pairs and that the scan is not sure of is a
//     misread: the square is as the game holds it.
//
// Every square it changes is marked unsure (conf at most game.Guessed).
// While a word waits to be taken (standing.Word), only its squares may
// change: any other square read otherwise, and not sure, is as it stood.
// It returns the number of squares changed.
//
// A layer the game does not know that shows now (a stack's next layer,
// the set-up's) is weighed by what is left of its colour's set (pl, the
// pyramids the board does not hold known): its letter is the photo's
// evidence times that prior, and a move that uncovers it is as likely as
// the photo shows any such pyramid there, not its likeliest letter alone.
//
// pinned are the squares whose reading an earlier photo showed the same
// way while the game held what it holds now (Reconcile: a misread
// repeated, a tall stack's colour leaning over an empty square): the
// photo's reading there is what the square shows unchanged, so it
// neither shows the move nor rules one out by its colour. So is an empty
// square a taller stack of the colour read leans over in the picture
// (vpyr.Square.Overhung).
//
// reread lists the squares whose new top's letter was taken from the
// photo, read there at the count the game held before (a stack that lost
// its top, its next layer not known): Reconcile reads them again at the
// new count. unsettled lists the stacks settle must not show sure: those
// a move not read may have left unseen, and the sources of a moved
// pyramid the photo does not tell apart (inferMove).
//
// respell (nil: none) is spells from another board before: a move off a
// pending stack (Position.Pending) is judged with the stack's top the
// letter tried.
func balance(standing Position, after *pyramids.Board, scan *seenPhoto, pl *pool, pinned map[grid.Pos]bool, conf [][]float64, spells func(*pyramids.Board) bool, respell func(*pyramids.Board) func(*pyramids.Board) bool) (n int, reread, unsettled []grid.Pos) {
	before := standing.Board
	set := func(q grid.Pos, s pyramids.Stack) {
		after.Set(q, s)
		if q.Row < len(conf) && q.Col < len(conf[q.Row]) {
			conf[q.Row][q.Col] = min(conf[q.Row][q.Col], game.Guessed)
		}
		n++
	}
	sure := func(q grid.Pos) bool { return scan.Square(q).Sure }
	if w := standing.Word; w != nil {
		// The squares of every word it may be (w.Or: the take shows
		// which was made).
		squares := w.AllSquares()
		// The layer each of the word's squares uncovers, where the game
		// does not know it: the photo's letter weighed by the pool.
		for _, q := range squares {
			b, a := before.At(q), after.At(q)
			at, ok := a.Top()
			if _, known := b.Under().Top(); known || !ok || a.Height != b.Height-1 || len(a.Layers) != 1 {
				continue
			}
			if l := pl.letter(pl.colour(q, at.Colour), scan.Letters(q), ""); l != "" && l != at.Letter {
				set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: at.Colour, Letter: l}}, Height: a.Height})
			}
		}
		for row := range pyramids.Size {
			for col := range pyramids.Size {
				q := grid.Pos{Row: row, Col: col}
				a, b := after.At(q), before.At(q)
				at, aok := a.Top()
				bt, bok := b.Top()
				// a sure reading of another top stands; one of the
				// top it had is the stack as it stood (the carrying
				// took a stack showing its top again as one lower,
				// a phantom behind it the pyramid that left it)
				if slices.Contains(squares, q) || a.SameTop(b) || (sure(q) && (aok != bok || at != bt)) {
					continue
				}
				set(q, before.At(q))
			}
		}
		return n, nil, nil
	}
	if m, rr, doubted := inferMove(before, after, scan, pl, pinned, conf, spells, respell, standing.pendingWeights()); m >= 0 {
		return m, rr, doubted
	}
	if spells != nil && len(standing.Pending) > 0 {
		// No likely move spells a word, with letters the game does not
		// know on the board: the move may have been made off a stack
		// that shows its top's likeness under it, unseen (a like stack
		// read as it stood): none of those is shown sure.
		for row := range pyramids.Size {
			for col := range pyramids.Size {
				q := grid.Pos{Row: row, Col: col}
				if mayHideLoss(before.At(q), q, scan.Square(q), pl) {
					unsettled = append(unsettled, q)
					lower(conf, q)
				}
			}
		}
	}
	type change struct {
		q  grid.Pos
		py pyramids.Pyramid
	}
	var appeared, left []change
	touched := map[grid.Pos]bool{}
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			b, a := before.At(q), after.At(q)
			switch a.Height - b.Height {
			case 1:
				if t, ok := a.Top(); ok {
					appeared = append(appeared, change{q, t})
					touched[q] = true
				}
			case -1:
				if t, ok := b.Top(); ok {
					left = append(left, change{q, t})
					touched[q] = true
				}
			}
		}
	}
	// Pairs of the same pyramid first. House pyramids (black) never
	// move: a black pyramid read on a square the game holds without one,
	// and a house pyramid read gone, are no move (game 112252: the
	// house's P read empty, a shaded empty square read black P, paired
	// as the P moved, two taps); they go unpaired, as misreads unless
	// the scan is sure.
	for i := 0; i < len(appeared); i++ {
		if !appeared[i].py.Colour.IsPlayer() {
			continue
		}
		for j, l := range left {
			if l.py == appeared[i].py {
				appeared = slices.Delete(appeared, i, i+1)
				left = slices.Delete(left, j, j+1)
				i--
				break
			}
		}
	}
	letterP := func(q grid.Pos, l string) float64 { return scan.Letters(q)[l] }
	// phantom: the photo's reading of q is what it shows unchanged (as in
	// inferMove's weak): an earlier photo read it so while the game held
	// what it holds (pinned), or it is empty and a taller stack leans
	// over it. A pyramid that left a stack did not land there: before,
	// the pairing put the tall red stacks' tops on the runway squares
	// behind them, which the table had tapped empty, photo after photo.
	phantom := func(q grid.Pos) bool {
		return pinned[q] || (scan.Square(q).Overhung() && before.At(q).Empty())
	}
	// unchanged reports whether q reads as the game holds it (the same
	// top, or a misread the carrying kept).
	unchanged := func(q grid.Pos) bool { return !touched[q] && after.At(q).SameTop(before.At(q)) }
	var stray []change // put on, nothing pairs them
	for _, ap := range appeared {
		if !ap.py.Colour.IsPlayer() {
			stray = append(stray, ap)
			continue
		}
		// A pyramid of its colour left a stack and appeared nowhere.
		best, bp := -1, -1.0
		for j, l := range left {
			if l.py.Colour != ap.py.Colour {
				continue
			}
			if p := letterP(ap.q, l.py.Letter); p > bp {
				best, bp = j, p
			}
		}
		if best >= 0 {
			set(ap.q, before.At(ap.q).Put(left[best].py))
			left = slices.Delete(left, best, best+1)
			continue
		}
		// A stack of its colour read as unchanged lost it.
		src, score, second := grid.Pos{}, -1.0, -1.0
		for row := range pyramids.Size {
			for col := range pyramids.Size {
				q := grid.Pos{Row: row, Col: col}
				t, ok := before.At(q).Top()
				if q == ap.q || !ok || t.Colour != ap.py.Colour || !unchanged(q) {
					continue
				}
				sq := scan.Square(q)
				if sq.Sure && sq.Letter == t.Letter {
					continue // the photo surely shows it still there
				}
				s := letterP(ap.q, t.Letter) * (1 - letterP(q, t.Letter))
				switch {
				case s > score:
					src, score, second = q, s, score
				case s > second:
					second = s
				}
			}
		}
		if score > 0 && score > 1.5*second {
			b := before.At(src)
			t, _ := b.Top()
			u := b.Under()
			if _, known := u.Top(); !known && u.Height > 0 {
				// The layer under shows now: the likeliest letter
				// (the photo's by the pool's) that is not the one gone.
				sq := scan.Square(src)
				l := pl.letter(pl.colour(src, sq.Colour), scan.Letters(src), t.Letter)
				if l == "" || sq.Colour == pyramids.NoColour {
					stray = append(stray, ap)
					continue
				}
				u.Layers = []pyramids.Pyramid{{Colour: sq.Colour, Letter: l}}
			}
			set(src, u)
			touched[src] = true
			set(ap.q, before.At(ap.q).Put(t))
			continue
		}
		stray = append(stray, ap)
	}
	for _, ap := range stray {
		if !sure(ap.q) {
			set(ap.q, before.At(ap.q))
		}
	}
	for _, l := range left {
		// It landed on a square read as unchanged whose photo shows its
		// letter more than the top the game holds there (a player's
		// pyramid: the house's never move).
		dst, score := grid.Pos{}, 0.0
		for row := range pyramids.Size {
			for col := range pyramids.Size {
				q := grid.Pos{Row: row, Col: col}
				sq := scan.Square(q)
				if !l.py.Colour.IsPlayer() || q == l.q || !unchanged(q) || sq.Colour != l.py.Colour || phantom(q) {
					continue
				}
				t, _ := before.At(q).Top()
				p, o := letterP(q, l.py.Letter), letterP(q, t.Letter)
				if p > o && p-o > score {
					dst, score = q, p-o
				}
			}
		}
		if score > 0 {
			set(dst, before.At(dst).Put(l.py))
			touched[dst] = true
			continue
		}
		// Nowhere to go: it did not leave, unless the photo surely
		// shows another top there. A sure reading of the top it had
		// shows it still there (the carrying took a stack showing its
		// top again as one lower, the phantom behind it the pyramid
		// that left).
		if sq := scan.Square(l.q); !sure(l.q) || (sq.Colour == l.py.Colour && sq.Letter == l.py.Letter) {
			set(l.q, before.At(l.q))
		}
	}
	return n, nil, unsettled
}

// inferMove chooses the turn's moves that best explain the photo. The
// squares a move can involve are those the photo reads otherwise than the
// game holds them (a destination: a player's pyramid read where the game
// has none or another; a source: a player's pyramid on top the photo
// does not clearly show, or the carrying took as gone). Every set of
// pairs source -> destination (the source's top put on the destination;
// the destinations off the runway in one row or one column) is
// scored by how well the photo shows the board it makes on those squares
// (each square's colour and its letter's probability, Square.Letters);
// the best is the reading, every other square as the game holds it. A
// square whose reading it changes, or that the scan read surely as
// something else, is marked unsure. It returns the squares changed, or
// -1 when the photo has too many candidates to search or no move spells
// a word (balance then pairs the carried changes). (Searching again, when
// no move spelt a word, with every stack a player's pyramid tops as a
// source and then a destination's colour read otherwise was tried: with a
// full word list it found words that were not played, NOD for the demo's
// AOG with ENABLE.)
//
// pend are the stacks whose top's letter the game does not know
// (Position.Pending) and each one's letters' weights (Position.Evidence:
// the first photo that showed it): such a stack's top is any of those
// letters. A move off it puts one of them on the destination, weighed by
// its weight times the destination's evidence for it (a known top is one
// letter at weight 1); the stack read as it stands is weighed by every
// letter its photo shows, each by its weight. A pending stack of a
// colour read on a destination is a source whatever the photo shows on
// it (the same camera may read its next layer as it read the top that
// left). A destination given a pending stack's pyramid is marked
// unsure.
//
// Each pyramid the move chosen puts on a square is then taken off the
// likeliest of the stacks it topped (a known top alike read as it stood
// over a next layer that may be its likeness counts too, weighed as the
// second search weighs it); the sources within sureOdds of it are
// marked unsure and returned (doubted) for settle to leave unsure: the
// photo does not tell them apart.
func inferMove(before, after *pyramids.Board, scan *seenPhoto, pl *pool, pinned map[grid.Pos]bool, conf [][]float64, spells func(*pyramids.Board) bool, respell func(*pyramids.Board) func(*pyramids.Board) bool, pend map[grid.Pos]map[string]float64) (int, []grid.Pos, []grid.Pos) {
	type cand struct {
		q       grid.Pos
		letters map[string]float64
		sq      vpyr.Square
	}
	var dsts, srcs []grid.Pos
	info := map[grid.Pos]cand{}
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			sq := scan.Square(q)
			b, a := before.At(q), after.At(q)
			bt, bok := b.Top()
			c := cand{q: q, letters: scan.Letters(q), sq: sq}
			differs := !bok || bt.Colour != sq.Colour || bt.Letter != sq.Letter
			// a square the camera misses as an earlier photo did (read
			// empty where the game holds a pyramid: pinned) may have
			// had one put on it unseen, when the move must spell a
			// word (its photo neither shows nor rules out any)
			unseen := spells != nil && pinned[q] && sq.Colour == pyramids.NoColour && bok
			if (sq.Colour.IsPlayer() && (differs || a.Height == b.Height+1)) || unseen {
				dsts = append(dsts, q)
				info[q] = c
			}
			if bok && bt.Colour.IsPlayer() && (differs || a.Height == b.Height-1) {
				srcs = append(srcs, q)
				info[q] = c
			}
		}
	}
	for _, q := range byPlace(pend) {
		t, ok := before.At(q).Top()
		if slices.Contains(srcs, q) || !ok || !t.Colour.IsPlayer() {
			continue
		}
		for _, d := range dsts {
			if d != q && info[d].sq.Colour == t.Colour {
				srcs = append(srcs, q)
				info[q] = cand{q: q, letters: scan.Letters(q), sq: scan.Square(q)}
				break
			}
		}
	}
	// tops are the pyramids the top of a source s may be, each with its
	// weight: the one the game holds at 1, or a pending stack's letters
	// by their evidence.
	tops := func(s grid.Pos) []weighed {
		t, _ := before.At(s).Top()
		w := pend[s]
		if len(w) == 0 {
			return []weighed{{t, 1}}
		}
		var out []weighed
		for _, l := range byWeight(w) {
			if len(out) == pendingTries {
				break
			}
			out = append(out, weighed{pyramids.Pyramid{Colour: t.Colour, Letter: l}, w[l]})
		}
		return out
	}
	// gone: the photo surely shows another pyramid of the top's colour
	// on q (a player's stack): its top surely left it, wherever it went.
	gone := func(q grid.Pos) bool {
		bt, ok := before.At(q).Top()
		sq := scan.Square(q)
		return ok && bt.Colour.IsPlayer() && sq.Sure && sq.Colour == bt.Colour && sq.Letter != bt.Letter && sq.Letter != "" && sq.Letter != "?"
	}
	// likeness: with a word to hold the move to, a stack topped by the
	// very pyramid a source surely lost may be where it went (put on its
	// likeness, it changes nothing the camera sees there).
	likeness := map[grid.Pos]bool{}
	if spells != nil {
		for _, s := range srcs {
			if !gone(s) {
				continue
			}
			t, _ := before.At(s).Top()
			for row := range pyramids.Size {
				for col := range pyramids.Size {
					q := grid.Pos{Row: row, Col: col}
					if dt, ok := before.At(q).Top(); ok && q != s && dt == t && !slices.Contains(dsts, q) {
						likeness[q] = true
					}
				}
			}
		}
		for _, q := range byPlace(likeness) {
			dsts = append(dsts, q)
			info[q] = cand{q: q, letters: scan.Letters(q), sq: scan.Square(q)}
		}
	}
	if len(dsts) == 0 || (spells == nil && (len(srcs) == 0 || len(dsts) > maxDsts || len(srcs) > maxSrcs)) {
		return -1, nil, nil
	}
	const eps = 0.02
	// weak: the photo's reading of q is what it shows unchanged too: an
	// earlier photo read it so (pinned), or it is empty and a taller
	// stack of the colour read leans over it (a phantom: its colour and
	// faces may be that stack's). A stack that lost its top is often
	// overhung by its taller neighbours on a player's space: its reading
	// is its own.
	weak := func(q grid.Pos) bool {
		return pinned[q] || (info[q].sq.Overhung() && before.At(q).Empty())
	}
	// onOwn: q reads in the colour of the stack the game holds there
	// with another letter than its top: a pyramid of another colour put
	// on it may show in the colour of the stack under it (a small top on
	// a tall stack: the samples are mostly the lower layers' skirts; a
	// blue S on a yellow stack read yellow S). Such a move is weighed at
	// eps for the colour, by its letter.
	onOwn := func(q grid.Pos) bool {
		bt, ok := before.At(q).Top()
		sq := info[q].sq
		return ok && bt.Colour == sq.Colour && bt.Letter != sq.Letter && sq.Letter != "" && sq.Letter != "?"
	}
	alike := map[grid.Pos]bool{} // sources that show no loss (second search)
	// like is how well the photo on q shows the stack s.
	like := func(q grid.Pos, s pyramids.Stack) float64 {
		c := info[q]
		t, ok := s.Top()
		if weak(q) && s.SameTop(before.At(q)) {
			// what this square reads unchanged (an earlier photo read
			// it so): the photo's reading as well explained as by the
			// stack it reads
			return max(1, c.sq.Conf/letterChance)
		}
		switch {
		case s.Empty():
			if c.sq.Colour == pyramids.NoColour || weak(q) {
				return 1
			}
			return eps
		case spells != nil && c.sq.Colour == pyramids.NoColour && weak(q) && !before.At(q).Empty():
			// the camera does not see the pyramids the game holds
			// here (an earlier photo missed them too): it shows
			// nothing of what is on top now
			return 1
		case c.sq.Colour == pyramids.NoColour:
			return eps
		case !ok:
			// the layer is not known: one of what is left of its
			// colour's set, of the colour the square starts with (a
			// blurred letter's likeliest reading alone made every
			// stack that was read badly a likely source); a letter
			// the scan is sure of shows that layer as it is, but on
			// a stack that shows no loss (alike: its top's likeness
			// may lie under it) it is the top's as much as the
			// layer's, which is then only as likely as the pool
			// makes that letter: there, a sure reading of a stack
			// left as it stood made it as likely a source as one
			// left, and with a word to spell a far less likely move
			// (the demo's AOG read as SNOT, a T moved off a sure T
			// stack onto a sure E: docs/pyramids-vision.md, pyrcnn2)
			col := pl.colour(q, c.sq.Colour)
			l := 1.0
			if col != c.sq.Colour {
				l = eps
			}
			v := pl.like(col, c.letters)
			if c.sq.Sure && !alike[q] {
				v = max(v, c.sq.Conf/letterChance)
			}
			return l * v
		}
		l := 1.0
		if t.Colour != c.sq.Colour && !weak(q) {
			l = eps
		}
		if w := pend[q]; len(w) > 0 && s.SameTop(before.At(q)) {
			// the stack as it stands, its top not known: every
			// letter it may be, by its weight
			v := 0.0
			for _, pl := range byWeight(w) {
				v += w[pl] * max(c.letters[pl], eps/4)
			}
			return l * v / letterChance
		}
		return l * max(c.letters[t.Letter], eps/4) / letterChance
	}
	// gain is what the pair s -> d (s's top tw) multiplies a move's
	// score by: the score is base times each pair's gain, since no
	// square is both a source and a destination and a destination takes
	// one pyramid.
	gain := func(s, d grid.Pos, tw weighed) float64 {
		g := like(d, before.At(d).Put(tw.py)) / max(like(d, before.At(d)), 1e-9) *
			like(s, before.At(s).Under()) / max(like(s, before.At(s)), 1e-9)
		if _, pending := pend[s]; pending {
			g *= tw.w
		}
		return g
	}
	// allowed reports whether d may take s's top t at all (the search's
	// rules that do not depend on the other pairs).
	allowed := func(s, d grid.Pos, t pyramids.Pyramid) bool {
		switch {
		case s == d:
			return false
		case !weak(d) && t.Colour != info[d].sq.Colour && !onOwn(d):
			// not the colour read there
			return false
		case alike[s] && t.Colour != info[d].sq.Colour:
			// a stack that shows no loss gives its top only where the
			// photo shows its colour
			return false
		}
		// put on its likeness it changes nothing the camera sees: the
		// smaller move explains the photo as well, unless the photo
		// surely shows the source's top gone
		dt, ok := before.At(d).Top()
		return !ok || dt != t || gone(s)
	}
	// With a dictionary to hold the moves to, the likeliest candidates
	// when there are many (a hard photo misreads letters all over the
	// board): the destinations whose photo shows a source's top best
	// against the stack the game holds, the sources whose photo shows
	// their next layer best against their top.
	if len(dsts) > maxDsts {
		gain := func(q grid.Pos) float64 {
			b, g := before.At(q), 0.0
			for _, s := range srcs {
				for _, tw := range tops(s) {
					if t := tw.py; s != q && (weak(q) || t.Colour == info[q].sq.Colour || onOwn(q)) {
						g = max(g, tw.w*like(q, b.Put(t)))
					}
				}
			}
			return g / max(like(q, b), 1e-12)
		}
		slices.SortStableFunc(dsts, func(a, b grid.Pos) int { return cmp.Compare(gain(b), gain(a)) })
		dsts = dsts[:maxDsts]
	}
	if len(srcs) > maxSrcs {
		// Each source by the best pair it can be part of: its photo
		// without its top against the stack as it stands, times the
		// destination's photo with its top put on against as it
		// stands, times the letter's weight on a pending stack. The
		// source's photo alone ranked a pending stack by its likeliest
		// reading, whatever letter a destination shows, above a known
		// top the destination reads: game 111707's blue S, five high,
		// the runway reading S, was cut from the search for stacks whose
		// tops no destination shows (docs/pyramids-vision.md, pyrbal).
		rank := func(s grid.Pos) float64 {
			g := 0.0
			for _, d := range dsts {
				for _, tw := range tops(s) {
					if allowed(s, d, tw.py) {
						g = max(g, gain(s, d, tw))
					}
				}
			}
			return g
		}
		slices.SortStableFunc(srcs, func(a, b grid.Pos) int { return cmp.Compare(rank(b), rank(a)) })
		srcs = srcs[:maxSrcs]
	}
	squares := map[grid.Pos]bool{}
	for _, q := range dsts {
		squares[q] = true
	}
	for _, q := range srcs {
		squares[q] = true
	}
	// Products are taken in the squares' order on the board, not a map's:
	// the same photo then gives the same scores to the last bit, and a tie
	// between two moves is decided the same way every time.
	base := 1.0
	for _, q := range byPlace(squares) {
		base *= like(q, before.At(q))
	}
	// The search: each destination is left as it is or takes the top of
	// an unused source of the colour read there (not a stack a
	// pyramid left in the move, not a top like its own unless the
	// source surely shows its top gone).
	var best []pair
	bestScore := -1.0
	var top []scored            // the likeliest moves, best first
	used := map[grid.Pos]bool{} // sources taken
	put := map[grid.Pos]bool{}  // destinations given a pyramid
	var cur []pair
	steps := 0
	score := func() float64 {
		hyp := map[grid.Pos]pyramids.Stack{}
		for _, p := range cur {
			hyp[p.src] = before.At(p.src).Under()
		}
		putOn(before, cur, hyp)
		v := base
		for _, p := range cur {
			if p.py != nil {
				v *= p.w
			}
		}
		for _, q := range byPlace(hyp) {
			v *= like(q, hyp[q]) / max(like(q, before.At(q)), 1e-9)
		}
		return v
	}
	// inLine: the word is a straight line whose ends may run along the
	// runway round its corners, so the destinations off the runway lie
	// in one row or one column. (A destination on the runway once let
	// any other anywhere: on hard photos the likeliest "move" then put
	// pyramids all over the board, spelt no word, and the turn's real
	// move was lost.)
	inLine := func() bool {
		rowOK, colOK := true, true
		var first *grid.Pos
		for _, p := range cur {
			if pyramids.OnRunway(p.dst) {
				continue
			}
			if first == nil {
				first = &p.dst
			}
			rowOK = rowOK && p.dst.Row == first.Row
			colOK = colOK && p.dst.Col == first.Col
		}
		return rowOK || colOK
	}
	// ahead[i] bounds what the destinations from i on can multiply a
	// move's score by (each its best pair, or 1 left as it is): a
	// branch that cannot reach the moves kept is not searched. Without
	// it the search ran out of steps on photos with many candidates
	// (pending stacks try several letters each) before it gave the
	// first destinations any pyramid (100800's AEYGOK: the K put on
	// row 2 was never tried, the word never spelt).
	var ahead []float64
	bound := func() {
		ahead = make([]float64, len(dsts)+1)
		ahead[len(dsts)] = 1
		for i := len(dsts) - 1; i >= 0; i-- {
			g := 1.0
			for _, s := range srcs {
				for _, tw := range tops(s) {
					if allowed(s, dsts[i], tw.py) {
						g = max(g, gain(s, dsts[i], tw))
					}
				}
			}
			ahead[i] = ahead[i+1] * g
		}
	}
	// floor is the least score a move must reach to be kept: the best's
	// without a dictionary, else the last of the likeliest wordMoves and
	// the odds a word may beat the best by.
	floor := func() float64 {
		if spells == nil {
			return bestScore
		}
		f := bestScore * wordOdds
		if len(top) == wordMoves {
			f = max(f, top[len(top)-1].v)
		}
		return f
	}
	curGain := 1.0 // cur's pairs' gains, multiplied
	var walk func(i int)
	walk = func(i int) {
		if steps++; steps > 200000 {
			return
		}
		if f := floor(); f > 0 && base*curGain*ahead[i] < f*(1-1e-9) {
			return
		}
		if i == len(dsts) {
			if len(cur) == 0 || !inLine() {
				return
			}
			if v := score(); v > bestScore {
				bestScore, best = v, slices.Clone(cur)
			}
			if spells != nil {
				top = keepBest(top, scored{score(), slices.Clone(cur)}, wordMoves)
			}
			return
		}
		walk(i + 1)
		d := dsts[i]
		if used[d] {
			// a stack a pyramid left is no destination: the
			// pyramids moved come from stacks off the word
			return
		}
		for _, s := range srcs {
			if used[s] || put[s] || s == d {
				continue
			}
			for _, tw := range tops(s) {
				if !allowed(s, d, tw.py) {
					continue
				}
				p := pair{src: s, dst: d, w: 1}
				if _, pending := pend[s]; pending {
					p.py, p.w = &tw.py, tw.w
				}
				g := curGain
				used[s], put[d] = true, true
				cur = append(cur, p)
				curGain *= gain(s, d, tw)
				walk(i + 1)
				curGain = g
				cur = cur[:len(cur)-1]
				used[s], put[d] = false, false
			}
		}
	}
	bound()
	walk(0)
	if best == nil && spells == nil {
		return -1, nil, nil
	}
	// A turn spells a word: of the likeliest moves, the best that makes
	// the board spell one the dictionary knows (the letters moved are the
	// sources' tops, which the game knows), unless the photo shows the
	// best by far more clearly.
	var inPlace map[grid.Pos]pyramids.Pyramid // pending letters the word spells with
	// moveBoards are the board before a move (pairs), its pending
	// stacks' tops the letters it tries, the board it makes, and the
	// word test from that board before.
	moveBoards := func(pairs []pair) (bef, hyp *pyramids.Board, sp func(*pyramids.Board) bool) {
		hyp = before.Clone()
		out := map[grid.Pos]pyramids.Stack{}
		for _, p := range pairs {
			out[p.src] = before.At(p.src).Under()
		}
		putOn(before, pairs, out)
		for q, st := range out {
			hyp.Set(q, st)
		}
		sp, bef = spells, before
		if respell != nil && slices.ContainsFunc(pairs, func(p pair) bool { return p.py != nil }) {
			// the pending stacks' tops the move tries
			bef = before.Clone()
			for _, p := range pairs {
				if p.py != nil {
					bef.Set(p.src, withTop(before.At(p.src), *p.py))
				}
			}
			sp = respell(bef)
		}
		return bef, hyp, sp
	}
	// spellsMove reports whether the move pairs spells a word, with the
	// pending letters the chosen move spelt with left standing
	// (inPlace).
	spellsMove := func(pairs []pair) bool {
		bef, hyp, sp := moveBoards(pairs)
		if len(inPlace) > 0 && respell != nil {
			bef, hyp = bef.Clone(), hyp.Clone()
			for q, py := range inPlace {
				bef.Set(q, withTop(before.At(q), py))
				hyp.Set(q, withTop(before.At(q), py))
			}
			sp = respell(bef)
		}
		return sp(hyp)
	}
	// srcGain is what a move off q whose top is py multiplies the score
	// by on q's own square (0: q's top is not py): its photo with the
	// layer under showing against the stack as it stands, times py's
	// weight among a pending stack's letters (the search's gain, the
	// destination's part left out).
	srcGain := func(q grid.Pos, py pyramids.Pyramid) float64 {
		t, _ := before.At(q).Top()
		w := 1.0
		switch ev := pend[q]; {
		case len(ev) > 0:
			w = ev[py.Letter]
		case t != py:
			return 0
		}
		return w * like(q, before.At(q).Under()) / max(like(q, before.At(q)), 1e-9)
	}
	//
	// wide: the word through a pending stack left standing is tried with
	// its letters past the likeliest pendingTries alone (a second pass,
	// when no move spelt a word with those: 100801's EHRBK ran through a
	// yellow B whose evidence ranked it eighth).
	spelling := func(wide bool) ([]pair, bool) {
		inPlace = nil
		if spells == nil {
			return best, true
		}
		for _, m := range top {
			if m.v < bestScore*wordOdds {
				break
			}
			bef, hyp, sp := moveBoards(m.pairs)
			if !wide && sp(hyp) {
				return m.pairs, true
			}
			if respell == nil {
				continue
			}
			// A word through a pending stack the move left standing
			// (in line with a destination) spells with one of its
			// letters: the likeliest few by its evidence, one square
			// at a time.
			for _, q := range byPlace(pend) {
				t, ok := before.At(q).Top()
				if !ok || !slices.ContainsFunc(m.pairs, func(p pair) bool {
					return p.src != q && p.dst != q && (p.dst.Row == q.Row || p.dst.Col == q.Col)
				}) || slices.ContainsFunc(m.pairs, func(p pair) bool { return p.src == q || p.dst == q }) {
					continue
				}
				tries := tops(q)
				if wide {
					tries = nil
					for i, l := range byWeight(pend[q]) {
						if i >= pendingTries {
							tries = append(tries, weighed{pyramids.Pyramid{Colour: t.Colour, Letter: l}, pend[q][l]})
						}
					}
				}
				for _, tw := range tries {
					if tw.py == t {
						continue
					}
					b2, h2 := bef.Clone(), hyp.Clone()
					b2.Set(q, withTop(before.At(q), tw.py))
					h2.Set(q, withTop(before.At(q), tw.py))
					if respell(b2)(h2) {
						inPlace = map[grid.Pos]pyramids.Pyramid{q: tw.py}
						return m.pairs, true
					}
				}
			}
		}
		return nil, false
	}
	var moves []pair
	spelt := false
	if best != nil {
		moves, spelt = spelling(false)
	}
	if !spelt {
		// No likely move spells a word: a stack whose next layer may
		// be its top's likeness (the layer known alike, or not known
		// and its colour's set has that letter left) shows the same
		// after its top left, so the photo cannot tell it from one
		// left as it stood. Such stacks whose top is of a colour read
		// on a destination are sources too, and the search runs
		// again.
		for row := range pyramids.Size {
			for col := range pyramids.Size {
				q := grid.Pos{Row: row, Col: col}
				if slices.Contains(srcs, q) || !mayHideLoss(before.At(q), q, scan.Square(q), pl) {
					continue
				}
				t, _ := before.At(q).Top()
				for _, d := range dsts {
					if d != q && info[d].sq.Colour == t.Colour {
						alike[q] = true
						break
					}
				}
			}
		}
		if len(alike) > 0 {
			for _, q := range byPlace(alike) {
				srcs = append(srcs, q)
				info[q] = cand{q: q, letters: scan.Letters(q), sq: scan.Square(q)}
				base *= like(q, before.At(q))
			}
			best, bestScore, top, steps = nil, -1, nil, 0
			bound()
			walk(0)
			if best != nil {
				moves, spelt = spelling(false)
			}
		}
	}
	if !spelt && respell != nil && best != nil {
		// the words through pending stacks left standing, with their
		// less likely letters: the last search's moves (the second's
		// sources are the first's and the alike stacks)
		moves, spelt = spelling(true)
	}
	best = moves
	if !spelt {
		// no likely move spells a word: the carried changes are paired
		return -1, nil, nil
	}
	// The pyramid each pair moved may have left another stack topped by
	// it (a rival): a known top alike, a pending stack one of whose
	// letters it is, or a stack read as it stands whose next layer may
	// be its likeness (mayHideLoss: the photo shows the same whether it
	// lost its top or not). The search weighs only the stacks the photo
	// reads otherwise; the last are weighed here, each by how well its
	// own square shows the loss (srcGain: the destination shows the same
	// pyramid put on it whichever it left), and the likeliest source is
	// taken when the move off it spells a word too. Every source within
	// sureOdds of the one taken is shown unsure (doubted): the photo
	// does not tell them apart. Before, a blue S put on the runway was
	// taken off a pending stack whose evidence gave S 0.15 (it read B)
	// instead of a known S, five high, read as it stood over its next
	// layer, another S; the S stack stayed five high, shown sure
	// (docs/pyramids-vision.md, pyrbal).
	var doubted []grid.Pos
	for i := range best {
		p := best[i]
		py, _ := before.At(p.src).Top()
		if p.py != nil {
			py = *p.py
		}
		// from is the pair that takes py off q to p's destination (off a
		// pending stack, py is that stack's letter tried, weighed by it)
		from := func(q grid.Pos) pair {
			fp := pair{src: q, dst: p.dst, w: 1}
			if ev, pending := pend[q]; pending {
				fp.py, fp.w = &py, ev[py.Letter]
			}
			return fp
		}
		inMove := func(q grid.Pos) bool {
			return slices.ContainsFunc(best, func(o pair) bool { return o.src == q || o.dst == q })
		}
		type rival struct {
			q grid.Pos
			g float64
		}
		cands := []rival{{p.src, srcGain(p.src, py)}}
		for row := range pyramids.Size {
			for col := range pyramids.Size {
				q := grid.Pos{Row: row, Col: col}
				t, ok := before.At(q).Top()
				if !ok || t.Colour != py.Colour || inMove(q) {
					continue
				}
				if !slices.Contains(srcs, q) {
					if _, pending := pend[q]; pending || t != py || !mayHideLoss(before.At(q), q, scan.Square(q), pl) {
						continue
					}
					alike[q] = true
					info[q] = cand{q: q, letters: scan.Letters(q), sq: scan.Square(q)}
				}
				if g := srcGain(q, py); g > 0 {
					cands = append(cands, rival{q, g})
				}
			}
		}
		if len(cands) == 1 {
			continue
		}
		win := 0
		for j, c := range cands {
			if c.g <= cands[win].g {
				continue
			}
			alt := slices.Clone(best)
			alt[i] = from(c.q)
			if spellsMove(alt) {
				win = j
			}
		}
		if win > 0 {
			best[i] = from(cands[win].q)
		}
		var near []grid.Pos
		for _, c := range cands {
			if c.g*sureOdds >= cands[win].g {
				near = append(near, c.q)
			}
		}
		if len(near) > 1 {
			doubted = append(doubted, near...)
		}
	}
	// The board the best moves make; an unknown layer showing now is the
	// photo's reading of it.
	out := map[grid.Pos]pyramids.Stack{}
	var reread []grid.Pos
	for _, p := range best {
		u := before.At(p.src).Under()
		if _, ok := u.Top(); !ok && u.Height > 0 {
			sq := info[p.src].sq
			if sq.Colour == pyramids.NoColour || sq.Letter == "?" || sq.Letter == "" {
				return -1, nil, nil
			}
			reread = append(reread, p.src)
			not := ""
			if t, _ := before.At(p.src).Top(); sq.Letter == t.Letter && sq.Colour == t.Colour && !alike[p.src] {
				// the photo reads the pyramid gone: the next likeliest
				not = t.Letter
			}
			col := pl.colour(p.src, sq.Colour)
			l := pl.letter(col, info[p.src].letters, not)
			if l == "" {
				return -1, nil, nil
			}
			u.Layers = []pyramids.Pyramid{{Colour: col, Letter: l}}
		}
		out[p.src] = u
	}
	putOn(before, best, out)
	fromPending := map[grid.Pos]bool{} // a pending stack's pyramid put there
	for _, p := range best {
		if p.py != nil {
			fromPending[p.dst] = true
		}
	}
	for q, py := range inPlace {
		out[q] = withTop(before.At(q), py)
		fromPending[q] = true
	}
	for _, q := range doubted {
		fromPending[q] = true // shown unsure, as a guess
	}
	n := 0
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			want, moved := out[q]
			if !moved {
				want = before.At(q)
			}
			sq := scan.Square(q)
			st, _ := want.Top()
			read := pyramids.Pyramid{Colour: sq.Colour, Letter: sq.Letter}
			if fromPending[q] || !after.At(q).SameTop(want) || ((sq.Colour == pyramids.NoColour) != want.Empty()) || (!want.Empty() && st != read) {
				if q.Row < len(conf) && q.Col < len(conf[q.Row]) {
					conf[q.Row][q.Col] = min(conf[q.Row][q.Col], game.Guessed)
				}
			}
			if !after.At(q).SameTop(want) {
				after.Set(q, want)
				n++
			}
		}
	}
	return n, reread, doubted
}

// letterChance is a letter's probability when the faces show nothing
// (one of the 26): the letters' evidence counts by how far above chance
// the photo reads a letter, as the colours' does (a pyramid read where
// the game holds none weighs eps against the photo). Without it a
// pyramid clearly seen on an empty square whose blurred letter reads
// nothing (0.005 at the floor) was less likely than the square empty
// (eps, 0.02): a move onto the runway or an emptied house square was
// missed on hard photos.
const letterChance = 1.0 / 26

// wordMoves is how many of the likeliest moves are tried for a word;
// wordOdds how much less likely than the best a move that spells one may
// be to be chosen over it.
const (
	maxDsts   = 8 // destinations searched
	maxSrcs   = 10
	wordMoves = 24
	wordOdds  = 1e-4
)

// scored is a move and how well the photo shows it.
type scored struct {
	v     float64
	pairs []pair
}

// keepBest inserts m into top (best first), keeping at most n.
func keepBest(top []scored, m scored, n int) []scored {
	i, _ := slices.BinarySearchFunc(top, m.v, func(a scored, v float64) int { return cmp.Compare(v, a.v) })
	if i >= n {
		return top
	}
	top = slices.Insert(top, i, m)
	if len(top) > n {
		top = top[:n]
	}
	return top
}

// pair is one pyramid moved: the top of src put on dst. py, when set, is
// the pyramid moved, of a stack whose top's letter the game does not
// know (a pending stack's letter tried), w its weight (1 for a known
// top).
type pair struct {
	src, dst grid.Pos
	py       *pyramids.Pyramid
	w        float64
}

// weighed is a pyramid a source's top may be and its weight.
type weighed struct {
	py pyramids.Pyramid
	w  float64
}

// pendingTries is how many of a pending stack's letters (the likeliest by
// its evidence) a move off it is tried with.
const pendingTries = 4

// putOn puts each pair's pyramid on its destination in hyp (the stacks
// the move makes, the sources already taken off; a square not in it is as
// before).
func putOn(before *pyramids.Board, pairs []pair, hyp map[grid.Pos]pyramids.Stack) {
	for _, p := range pairs {
		t, _ := before.At(p.src).Top()
		if p.py != nil {
			t = *p.py
		}
		s, ok := hyp[p.dst]
		if !ok {
			s = before.At(p.dst)
		}
		hyp[p.dst] = s.Put(t)
	}
}

// byPlace lists a map's squares row by row, column by column.
func byPlace[V any](m map[grid.Pos]V) []grid.Pos {
	ps := make([]grid.Pos, 0, len(m))
	for q := range m {
		ps = append(ps, q)
	}
	slices.SortFunc(ps, func(a, b grid.Pos) int {
		return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
	})
	return ps
}

// mayHideLoss reports whether the stack s on q, read sq, may have lost its
// top unseen: a player's top read as it stands (colour and letter) over a
// layer that may be its likeness, known alike or not known while its
// colour's set (pl) has that letter left.
func mayHideLoss(s pyramids.Stack, q grid.Pos, sq vpyr.Square, pl *pool) bool {
	t, ok := s.Top()
	if !ok || !t.Colour.IsPlayer() || s.Height < 2 || sq.Colour != t.Colour || sq.Letter != t.Letter {
		return false
	}
	if u, known := s.Under().Top(); known {
		return u == t
	}
	return pl.left[pl.colour(q, t.Colour)][t.Letter] > 0
}
