package game

import (
	"math/bits"

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
	out, n, _ := reconcile(before, nil, r)
	return out, n
}

// ReconcileUpwordsJudged is ReconcileUpwords that asks the rules about the
// stacks read with a new letter but not higher than they stood: either a
// tile went on each (what ReconcileUpwords assumes) or the camera misread
// the letter. When the play with the new tiles is refused and the play
// with some of those stacks as they stood is accepted, the accepted one is
// taken, those stacks marked unsure.
//
// past is what earlier photos of the game showed (Session.Sightings). A
// square the camera reads with a letter it read there before, while the
// stack stood as it stands now, when that letter is not the stack's (the
// table corrected it), is the same misread of the same stack: the stack as
// it stands. A tile the table took away as a phantom, seen again, is not
// there either.
func ReconcileUpwordsJudged(sc Scorer) func(standing Position, past []Sighting, r Reading) (Reading, int) {
	return func(standing Position, past []Sighting, r Reading) (Reading, int) {
		before := gridOf(standing)
		out, n, doubt := reconcile(before, past, r)
		if sc == nil || len(doubt) == 0 || len(doubt) > 4 {
			return out, n
		}
		if _, err := sc.Judge(before, gridOf(out.Board)); err == nil {
			return out, n
		}
		// Every subset of the doubtful stacks taken as they stood, fewest
		// first: the first the rules accept wins.
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
					return alt, n + k
				}
			}
		}
		return out, n
	}
}

// reconcile is ReconcileUpwords, with past as in ReconcileUpwordsJudged;
// doubt lists the stacks read with a new letter at or below the height
// they stood at.
func reconcile(before *grid.Board, past []Sighting, r Reading) (Reading, int, []grid.Pos) {
	rb := gridOf(r.Board)
	if before == nil || rb == nil || before.Rows != rb.Rows || before.Cols != rb.Cols {
		return r, 0, nil
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
	// A misread the table corrected, read the same way again.
	before.Each(func(p grid.Pos, b grid.Stack) {
		if s := rb.At(p); !s.Empty() && s.Letter != b.Letter && misreadBefore(past, p, b, s.Letter) {
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
	var doubt []grid.Pos
	before.Each(func(p grid.Pos, b grid.Stack) {
		s := read.At(p)
		guess := min(r.conf(p), Guessed)
		switch {
		case b.Empty() && s.Height > 1:
			set(p, grid.Stack{Letter: s.Letter, Height: 1}, guess)
		case b.Empty():
		case s.Empty():
			set(p, b, Guessed)
		case s.Letter != b.Letter:
			if s.Height <= b.Height {
				doubt = append(doubt, p)
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
	return out, changed, doubt
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
