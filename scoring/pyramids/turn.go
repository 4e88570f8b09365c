package pyramids

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Dictionary is the one thing the rules need of a word list.
type Dictionary interface {
	Contains(word string) bool
}

// Sentinel errors. A *Rejection wraps ErrIllegal; ErrAmbiguous and ErrNoWord
// mean Judge cannot tell which word was spelled without being told.
var (
	ErrIllegal   = errors.New("pyramids: illegal turn")
	ErrAmbiguous = errors.New("pyramids: more than one word fits the moved pyramids")
	ErrNoWord    = errors.New("pyramids: no pyramid was moved: give the announced word")
	ErrBadWord   = errors.New("pyramids: the announced word must be letters A-Z")
)

// Rejection codes: why a turn is illegal.
const (
	CodeHouseMoved  = "house_moved"   // a black house pyramid moved
	CodeTwoOnSquare = "two_on_square" // more than one pyramid placed on a square
	CodeBadChange   = "bad_change"    // a stack changed in a way no move explains
	CodeUnmatched   = "unmatched"     // a placed pyramid came from no stack, or a moved one vanished
	CodeExposedUsed = "exposed_used"  // a pyramid (or printed letter) exposed this turn is used
	CodeNotInLine   = "not_in_line"   // the moved pyramids are not on one readable word
	CodeNotFound    = "not_found"     // the announced word cannot be read on the board
	CodeStray       = "stray_pyramid" // a moved pyramid is not part of the announced word
	CodeTooShort    = "too_short"     // a word of one letter
	CodeNoOwnColour = "no_own_colour" // no letter of the speller's colour
	CodeNoBlack     = "no_black"      // no black letter
	CodeNotAWord    = "not_a_word"    // not in the dictionary
	CodeBadTake     = "bad_take"      // the board after the taking is not what it must be
	CodeNotYourTurn = "not_your_turn" // game: someone else is to play
	CodeGameOver    = "game_over"     // game: the game has ended
)

// Rejection says which rule a turn breaks, and where.
type Rejection struct {
	Code string
	Msg  string
}

func (r *Rejection) Error() string { return r.Msg }
func (r *Rejection) Unwrap() error { return ErrIllegal }

func reject(code, format string, a ...any) *Rejection {
	return &Rejection{Code: code, Msg: fmt.Sprintf(format, a...)}
}

// Ambiguous lists the words that fit when Judge was not told the word.
type Ambiguous struct{ Words []string }

func (e *Ambiguous) Error() string {
	return fmt.Sprintf("pyramids: the moved pyramids fit %s: give the announced word", strings.Join(e.Words, ", "))
}
func (e *Ambiguous) Unwrap() error { return ErrAmbiguous }

// Turn is what Judge needs to know about a turn.
type Turn struct {
	Player    Colour // the speller
	Word      string // the word announced; "" to let Judge find it
	Before    *Board // the board when the turn began
	Announced *Board // the board when the word was announced
}

// Square is one letter of a word.
type Square struct {
	Pos     Pos
	Letter  string
	Colour  Colour // the pyramid's colour; for a printed letter, the colour it counts as (black in the house area, a player's on their spaces) or NoColour
	Printed bool   // a printed letter, not a pyramid: scores 0 and is not taken
	Value   int
	Moved   bool // a pyramid placed on this square this turn
	From    Pos  // where the moved pyramid came from
}

// Placement is one pyramid moved this turn.
type Placement struct {
	From, To Pos
	Pyramid  Pyramid
}

// Move is a legal turn: the word, its squares in reading order, the
// pyramids moved to spell it and the points of the pyramids taken.
type Move struct {
	Player  Colour
	Side    Side
	Word    string
	Squares []Square
	Placed  []Placement
	Taken   []Pyramid
	Score   int
}

// Judge decides a turn: it works out the pyramids moved between Before and
// Announced, finds the word's squares read from the speller's side and
// checks the rules. dict nil accepts every word. A broken rule is a
// *Rejection (errors.Is(err, ErrIllegal)).
func Judge(setup *Setup, t Turn, dict Dictionary) (*Move, error) {
	side, ok := setup.SideOf(t.Player)
	if !ok {
		return nil, fmt.Errorf("pyramids: %s sits at no side of the board", t.Player)
	}
	word := strings.ToUpper(t.Word)
	for i := 0; i < len(word); i++ {
		if word[i] < 'A' || word[i] > 'Z' {
			return nil, fmt.Errorf("%w: %q", ErrBadWord, t.Word)
		}
	}
	j := &judge{setup: setup, side: side, t: t, word: word, dict: dict}
	if rej := j.diff(); rej != nil {
		return nil, rej
	}
	return j.find()
}

type judge struct {
	setup *Setup
	side  Side
	t     Turn
	word  string
	dict  Dictionary

	placed  []Placement
	dest    [Size * Size]bool
	exposed [Size * Size]bool
	letters [Size * Size]byte
	colours [Size * Size]Colour // the colour each square's letter counts as
}

func idx(p Pos) int      { return p.Row*Size + p.Col }
func posOf(i int) Pos    { return Pos{Row: i / Size, Col: i % Size} }
func where(p Pos) string { return p.String() }

// diff finds the moved pyramids.
func (j *judge) diff() *Rejection {
	type source struct {
		at  Pos
		pyr Pyramid
	}
	var sources []source
	for i := 0; i < Size*Size; i++ {
		p := posOf(i)
		b, a := j.t.Before.At(p), j.t.Announced.At(p)
		if a.SameTop(b) {
			continue
		}
		bt, _ := b.Top()
		at, _ := a.Top()
		switch {
		case a.Height < b.Height-1:
			if bt.Colour == Black {
				return reject(CodeHouseMoved, "%s: the black %s moved: house pyramids never move", where(p), bt.Letter)
			}
			return reject(CodeExposedUsed, "%s: %d pyramids were moved off this stack: a pyramid exposed this turn may not be used this turn", where(p), b.Height-a.Height)
		case a.Height > b.Height+1:
			return reject(CodeTwoOnSquare, "%s: %d pyramids were put on this square: each square gives one letter to the word", where(p), a.Height-b.Height)
		case a.Height == b.Height-1:
			if bt.Colour == Black {
				return reject(CodeHouseMoved, "%s: the black %s moved: house pyramids never move", where(p), bt.Letter)
			}
			if len(b.Layers) >= 2 && a.Height > 0 && at != b.Layers[1] {
				return reject(CodeBadChange, "%s: the %s was moved off, so the %s under it should show, not the %s", where(p), bt.Name(), b.Layers[1].Name(), at.Name())
			}
			sources = append(sources, source{p, bt})
			j.exposed[i] = true
		case a.Height == b.Height+1:
			if at.Colour == Black {
				return reject(CodeHouseMoved, "%s: a black %s was put here: house pyramids never move", where(p), at.Letter)
			}
			if len(a.Layers) >= 2 && b.Height > 0 && a.Layers[1] != bt {
				return reject(CodeBadChange, "%s: the %s put here should stand on the %s that was there, not on a %s", where(p), at.Name(), bt.Name(), a.Layers[1].Name())
			}
			j.placed = append(j.placed, Placement{To: p, Pyramid: at})
			j.dest[i] = true
		default: // same height, another top: one pyramid off, another on
			if bt.Colour == Black {
				return reject(CodeHouseMoved, "%s: the black %s moved: house pyramids never move", where(p), bt.Letter)
			}
			if at.Colour == Black {
				return reject(CodeHouseMoved, "%s: a black %s was put here: house pyramids never move", where(p), at.Letter)
			}
			sources = append(sources, source{p, bt})
			j.placed = append(j.placed, Placement{To: p, Pyramid: at})
			j.dest[i] = true
		}
	}
	used := make([]bool, len(sources))
	for k := range j.placed {
		pl := &j.placed[k]
		found := -1
		for s, src := range sources {
			if !used[s] && src.pyr == pl.Pyramid && src.at != pl.To {
				found = s
				break
			}
		}
		if found < 0 {
			return reject(CodeUnmatched, "%s: a %s was put here, but no %s left a stack", where(pl.To), pl.Pyramid.Name(), pl.Pyramid.Name())
		}
		used[found] = true
		pl.From = sources[found].at
	}
	for s, src := range sources {
		if !used[s] {
			return reject(CodeUnmatched, "%s: the %s moved off this stack is on no other square: pyramids are taken only after the word is announced", where(src.at), src.pyr.Name())
		}
	}
	for i := 0; i < Size*Size; i++ {
		j.letters[i] = 0
		if l := j.letterAt(posOf(i)); l != "" {
			j.letters[i] = l[0]
			j.colours[i] = j.square(posOf(i)).Colour
		}
	}
	return nil
}

// letterAt is the letter showing on p at the announcement: the top
// pyramid's, or the printed one on an empty square.
func (j *judge) letterAt(p Pos) string {
	s := j.t.Announced.At(p)
	if s.Height > 0 {
		t, _ := s.Top()
		return t.Letter
	}
	return j.setup.PrintedAt(p)
}

// square describes p as a letter of the word.
func (j *judge) square(p Pos) Square {
	sq := Square{Pos: p, Letter: j.letterAt(p)}
	if s := j.t.Announced.At(p); s.Height > 0 {
		t, _ := s.Top()
		sq.Colour = t.Colour
		sq.Value = j.setup.Value(t)
	} else {
		sq.Printed = true
		switch {
		case InHouse(p):
			sq.Colour = Black
		default:
			if side, ok := SpaceSide(p); ok {
				sq.Colour = j.setup.Seats[side]
			}
		}
	}
	if j.dest[idx(p)] {
		sq.Moved = true
		for _, pl := range j.placed {
			if pl.To == p {
				sq.From = pl.From
			}
		}
	}
	return sq
}

// find looks for the word's squares and decides the turn.
func (j *judge) find() (*Move, error) {
	var dests []Pos
	for _, pl := range j.placed {
		dests = append(dests, pl.To)
	}
	sort.Slice(dests, func(a, b int) bool { return idx(dests[a]) < idx(dests[b]) })
	if j.word == "" && len(dests) == 0 {
		return nil, ErrNoWord
	}
	if j.word != "" && len(j.word) < 2 {
		return nil, reject(CodeTooShort, "%s has one letter: a word has at least two", j.word)
	}
	maxLen := j.setup.MaxWord
	if maxLen <= 0 {
		maxLen = 15
	}
	if j.word != "" {
		maxLen = len(j.word)
	}
	right, down := j.side.Axes()
	s := &search{letters: &j.letters, right: right, down: down, word: j.word, maxLen: maxLen, dests: dests}
	paths := s.run()
	if len(paths) == 0 {
		return nil, j.explainNone(dests, right, down, maxLen)
	}
	var bestPath []int
	bestStage := -1
	var legal [][]int
	var words []string
	for _, path := range paths {
		word, _, stage := j.evaluate(path, false)
		if stage == stageLegal {
			if j.word != "" {
				return j.build(path, word), nil
			}
			legal = append(legal, path)
			if !slices.Contains(words, word) {
				words = append(words, word)
			}
			continue
		}
		if stage > bestStage || stage == bestStage && len(path) < len(bestPath) {
			bestPath, bestStage = path, stage
		}
	}
	switch {
	case len(legal) == 1:
		return j.build(legal[0], words[0]), nil
	case len(legal) > 1:
		sort.Strings(words)
		return nil, &Ambiguous{Words: words}
	}
	_, best, _ := j.evaluate(bestPath, true)
	if best == nil { // cannot happen: the best path failed a rule
		return nil, reject(CodeNotFound, "no legal word through the moved pyramids")
	}
	return nil, best
}

// explainNone says why no path was found.
func (j *judge) explainNone(dests []Pos, right, down Pos, maxLen int) error {
	from := j.t.Player.String() + "'s side (" + j.side.String() + ")"
	if j.word == "" {
		var at []string
		for _, d := range dests {
			at = append(at, "("+fmt.Sprint(d.Row)+","+fmt.Sprint(d.Col)+")")
		}
		return reject(CodeNotInLine, "the pyramids moved to %s are not on one word read left to right or top to bottom from %s; words bend only on the runway", strings.Join(at, " "), from)
	}
	s := &search{letters: &j.letters, right: right, down: down, word: j.word, maxLen: maxLen}
	if paths := s.run(); len(paths) > 0 {
		on := map[int]bool{}
		for _, i := range paths[0] {
			on[i] = true
		}
		for _, d := range dests {
			if !on[idx(d)] {
				return reject(CodeStray, "%s: the %s moved here is not part of %s: every moved pyramid must be in the word", where(d), j.square(d).Letter, j.word)
			}
		}
	}
	for k := 0; k < len(j.word); k++ {
		if !strings.ContainsRune(string(j.letters[:]), rune(j.word[k])) {
			return reject(CodeNotFound, "%s cannot be read on the board: no %c shows on any square", j.word, j.word[k])
		}
	}
	return reject(CodeNotFound, "%s cannot be read from %s through every moved pyramid: a word reads left to right or top to bottom and bends only on the runway", j.word, from)
}

// stageLegal is the stage evaluate reaches on a legal path.
const stageLegal = 4

// evaluate checks the rules on one path and returns its word; stage is how
// far it got (stageLegal: every rule holds). The checks run on the judge's
// per-square arrays; messages are written only when explain is set.
func (j *judge) evaluate(path []int, explain bool) (string, *Rejection, int) {
	var buf [2 * Size * Size]byte
	w := buf[:0]
	own, black := false, false
	for _, i := range path {
		w = append(w, j.letters[i])
		own = own || j.colours[i] == j.t.Player
		black = black || j.colours[i] == Black
	}
	for _, i := range path {
		if j.exposed[i] {
			if !explain {
				return "", nil, 0
			}
			sq := j.square(posOf(i))
			what := "the " + sq.Colour.String() + " " + sq.Letter
			if sq.Printed {
				what = "the printed " + sq.Letter
			}
			return "", reject(CodeExposedUsed, "%s: %s was exposed this turn and may not be used in %s", where(sq.Pos), what, w), 0
		}
	}
	if !own {
		if !explain {
			return "", nil, 1
		}
		return "", reject(CodeNoOwnColour, "%s has no %s letter: a word uses at least one letter of the speller's colour", w, j.t.Player), 1
	}
	if !black {
		if !explain {
			return "", nil, 2
		}
		return "", reject(CodeNoBlack, "%s has no black letter: a word uses at least one house letter", w), 2
	}
	word := string(w)
	if j.dict != nil && !j.dict.Contains(word) {
		if !explain {
			return "", nil, 3
		}
		return "", reject(CodeNotAWord, "%s is not in the dictionary", word), 3
	}
	return word, nil, stageLegal
}

// build makes the Move of a legal path.
func (j *judge) build(path []int, word string) *Move {
	m := &Move{Player: j.t.Player, Side: j.side, Placed: j.placed, Word: word}
	for _, i := range path {
		sq := j.square(posOf(i))
		m.Squares = append(m.Squares, sq)
		if !sq.Printed {
			t, _ := j.t.Announced.At(sq.Pos).Top()
			m.Taken = append(m.Taken, t)
			m.Score += sq.Value
		}
	}
	return m
}

// search enumerates the word paths: squares in order, each next to the one
// before, straight except at runway squares; every square off the runway
// lies on one straight stretch (the main one) read right or down from the
// speller's side; a word with no such stretch must still have one stretch
// read right or down.
type search struct {
	letters     *[Size * Size]byte
	right, down Pos
	word        string // "" any letters
	maxLen      int
	dests       []Pos

	visited [Size * Size]bool
	path    []int
	out     [][]int
}

// maxPaths bounds the candidate paths collected.
const maxPaths = 1024

func (s *search) run() [][]int {
	s.path = make([]int, 0, s.maxLen)
	for i := 0; i < Size*Size; i++ {
		l := s.letters[i]
		if l == 0 || s.word != "" && l != s.word[0] {
			continue
		}
		p := posOf(i)
		if !s.reach(p, s.maxLen-1) {
			continue
		}
		s.visited[i] = true
		s.path = append(s.path, i)
		covered := 0
		if s.isDest(p) {
			covered = 1
		}
		s.walk(p, Pos{}, 0, -1, covered, false)
		s.path = s.path[:0]
		s.visited[i] = false
		if len(s.out) >= maxPaths {
			break
		}
	}
	return s.out
}

func (s *search) isDest(p Pos) bool {
	for _, d := range s.dests {
		if d == p {
			return true
		}
	}
	return false
}

// reach reports whether every unvisited destination is within budget steps.
func (s *search) reach(p Pos, budget int) bool {
	for _, d := range s.dests {
		if s.visited[idx(d)] {
			continue
		}
		if abs(d.Row-p.Row)+abs(d.Col-p.Col) > budget {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

var dirs = [4]Pos{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 0, Col: -1}, {Row: -1, Col: 0}}

func (s *search) walk(cur, dir Pos, seg, mainSeg, covered int, anyRD bool) {
	n := len(s.path)
	if n >= 2 && covered == len(s.dests) && anyRD && (s.word == "" || n == len(s.word)) {
		s.out = append(s.out, append([]int(nil), s.path...))
		if len(s.out) >= maxPaths {
			return
		}
	}
	if n >= s.maxLen || s.word != "" && n >= len(s.word) {
		return
	}
	if !s.reach(cur, s.maxLen-n) {
		return
	}
	for _, nd := range dirs {
		if n > 1 && nd != dir {
			if !OnRunway(cur) || nd.Row == -dir.Row && nd.Col == -dir.Col {
				continue
			}
		}
		next := cur.Add(nd)
		if !In(next) {
			continue
		}
		i := idx(next)
		l := s.letters[i]
		if l == 0 || s.visited[i] || s.word != "" && l != s.word[n] {
			continue
		}
		rd := nd == s.right || nd == s.down
		newSeg, newMain := seg, mainSeg
		if n > 1 && nd != dir {
			newSeg++
		}
		if n == 1 && !OnRunway(cur) {
			if !rd {
				continue
			}
			newMain = 0
		}
		if !OnRunway(next) {
			if !rd || newMain != -1 && newMain != newSeg {
				continue
			}
			newMain = newSeg
		}
		c := covered
		if s.isDest(next) {
			c++
		}
		s.visited[i] = true
		s.path = append(s.path, i)
		s.walk(next, nd, newSeg, newMain, c, anyRD || rd)
		s.path = s.path[:n]
		s.visited[i] = false
		if len(s.out) >= maxPaths {
			return
		}
	}
}

// CheckTaking compares the board after the speller took the word's pyramids
// with what it must be: the top pyramid of every pyramid square of the word
// gone, every other square as at the announcement.
func CheckTaking(announced, after *Board, m *Move) error {
	inWord := map[Pos]bool{}
	for _, sq := range m.Squares {
		if !sq.Printed {
			inWord[sq.Pos] = true
		}
	}
	for i := 0; i < Size*Size; i++ {
		p := posOf(i)
		a, got := announced.At(p), after.At(p)
		if !inWord[p] {
			if !got.SameTop(a) {
				return reject(CodeBadTake, "%s: this square is not in %s and must not change (it showed %s, now %s)", where(p), m.Word, a, got)
			}
			continue
		}
		want := a.Under()
		t, _ := a.Top()
		if got.Height != want.Height {
			return reject(CodeBadTake, "%s: the %s of %s must be taken and only it: the stack should be %d high, not %d", where(p), t.Name(), m.Word, want.Height, got.Height)
		}
		if wt, ok := want.Top(); ok {
			if gt, _ := got.Top(); gt != wt {
				return reject(CodeBadTake, "%s: after the %s is taken the %s under it should show, not the %s", where(p), t.Name(), wt.Name(), gt.Name())
			}
		}
	}
	return nil
}
