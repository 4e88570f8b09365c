package twists

import (
	"errors"
	"fmt"
	"strings"
)

// Dictionary is the one thing the rules need of a word list. A Russian list
// must treat Е and Ё as one letter.
type Dictionary interface {
	Contains(word string) bool
}

// Sentinel errors. A *Rejection wraps ErrIllegal.
var (
	ErrIllegal = errors.New("twists: illegal turn")
	ErrSize    = errors.New("twists: the boards before and after differ in size")
	ErrBadWord = errors.New("twists: the named word has a character that is not a letter of the game")
	ErrNoWord  = errors.New("twists: letter tiles were placed: name the word")
)

// Rejection codes.
const (
	CodeNoChange       = "no_change"           // nothing was placed and no word named
	CodeMovedTile      = "moved_tile"          // a tile on the table changed
	CodeRemovedTile    = "removed_tile"        // a tile left the table
	CodeTwoActions     = "two_actions"         // more than one action tile placed
	CodeTooManyTiles   = "too_many_tiles"      // more tiles placed than the 7 active ones
	CodeActionAlone    = "action_not_adjacent" // the action tile touches no letter of the word
	CodeTooShort       = "too_short"           // a word of one letter
	CodeMissingLetter  = "missing_letter"      // a letter of the word is on no tile
	CodeNoPath         = "no_path"             // the word cannot be traced
	CodeUnusedNewTile  = "unused_new_tile"     // a new tile is not in the word
	CodeNoNewTile      = "no_new_tile"         // a word that places no tile
	CodeNotConnected   = "not_connected"       // the word uses no tile of an earlier word
	CodeFirstNotCentre = "first_not_centre"
	CodeNotAWord       = "not_a_word"
	CodeNotYourTurn    = "not_your_turn" // game
	CodeGameOver       = "game_over"     // game
	CodeBadGive        = "bad_give"      // game: the give split is wrong
	CodeTooFewTiles    = "too_few_tiles" // game: more tiles placed than the player has active
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

// Turn is a turn as the camera and the player give it.
type Turn struct {
	Word          string // the word named; "" when only an action tile is placed
	Before, After *Board
}

// Move is a legal turn.
type Move struct {
	Word     string // as named, upper case
	Path     []Pos  // the word's tiles in order
	New      []Pos  // the letter tiles placed this turn
	Action   Action // the action tile placed, if any
	ActionAt Pos
	First    bool // the first word of the game
}

// MaxActive is how many face-up tiles a player has to play from.
const MaxActive = 7

// Judge decides a turn. dict nil accepts every word.
func Judge(t Turn, alpha Alphabet, dict Dictionary) (*Move, error) {
	if t.Before.Rows != t.After.Rows || t.Before.Cols != t.After.Cols {
		return nil, fmt.Errorf("%w: %dx%d before, %dx%d after", ErrSize, t.Before.Rows, t.Before.Cols, t.After.Rows, t.After.Cols)
	}
	word := []rune(strings.ToUpper(strings.TrimSpace(t.Word)))
	for _, r := range word {
		if !alpha.Letter(r) {
			return nil, fmt.Errorf("%w: %q in %q", ErrBadWord, string(r), t.Word)
		}
	}
	m := &Move{Word: string(word)}
	b, a := t.Before, t.After
	var newLetters []Pos
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			p := Pos{Row: r, Col: c}
			was, is := b.At(p), a.At(p)
			switch {
			case was == is:
			case was != 0 && is == 0:
				return nil, reject(CodeRemovedTile, "%s: the tile %c was taken off the table: tiles stay where they are", p, was)
			case was != 0:
				return nil, reject(CodeMovedTile, "%s: the tile %c became %c: tiles already on the table may not move", p, was, is)
			case isAction(is):
				if m.Action != NoAction {
					return nil, reject(CodeTwoActions, "%s: a second action tile (%s, after %s at %s): only one action tile may be used per turn", p, Action(is).Name(), m.Action.Name(), m.ActionAt)
				}
				m.Action, m.ActionAt = Action(is), p
			default:
				newLetters = append(newLetters, p)
			}
		}
	}
	m.New = newLetters
	if n := len(newLetters); n > MaxActive {
		return nil, reject(CodeTooManyTiles, "%d letter tiles were placed: a player has only %d active tiles", n, MaxActive)
	}
	first := b.Letters() == 0
	m.First = first
	if len(word) == 0 {
		switch {
		case len(newLetters) > 0:
			return nil, ErrNoWord
		case m.Action == NoAction:
			return nil, reject(CodeNoChange, "no tile was placed and no word named")
		}
		// Only an action tile: it goes next to any letter on the table.
		if !touchesLetter(a, m.ActionAt, nil) {
			return nil, reject(CodeActionAlone, "%s: the %s tile touches no letter on the table", m.ActionAt, m.Action.Name())
		}
		return m, nil
	}
	if len(newLetters) == 0 {
		return nil, reject(CodeNoNewTile, "no letter tile was placed: %s must use at least one tile from the player's hand", string(word))
	}
	if len(word) < 2 {
		return nil, reject(CodeTooShort, "%s has one letter: a word has at least two", string(word))
	}
	tr := newTracer(a, b, word, newLetters, first)
	path := tr.find()
	if path == nil {
		return nil, tr.explain()
	}
	m.Path = path
	if dict != nil && !dict.Contains(string(word)) {
		return nil, reject(CodeNotAWord, "%s is not in the dictionary", string(word))
	}
	if m.Action != NoAction && !touchesLetter(a, m.ActionAt, path) {
		return nil, reject(CodeActionAlone, "%s: the %s tile touches no letter of %s: an action tile goes next to a letter just used", m.ActionAt, m.Action.Name(), string(word))
	}
	return m, nil
}

var around = [8]Pos{{Row: -1, Col: -1}, {Row: -1, Col: 0}, {Row: -1, Col: 1}, {Row: 0, Col: -1}, {Row: 0, Col: 1}, {Row: 1, Col: -1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}}

// touchesLetter reports whether p neighbours a letter tile of b, or, when
// path is not nil, a tile of path.
func touchesLetter(b *Board, p Pos, path []Pos) bool {
	for _, d := range around {
		q := p.Add(d)
		if path == nil {
			if r := b.At(q); r != 0 && !isAction(r) {
				return true
			}
			continue
		}
		for _, x := range path {
			if x == q {
				return true
			}
		}
	}
	return false
}

// centre lists the one, two or four central cells of a board.
func centre(b *Board) []Pos {
	var out []Pos
	for _, r := range []int{(b.Rows - 1) / 2, b.Rows / 2} {
		for _, c := range []int{(b.Cols - 1) / 2, b.Cols / 2} {
			p := Pos{Row: r, Col: c}
			dup := false
			for _, q := range out {
				dup = dup || q == p
			}
			if !dup {
				out = append(out, p)
			}
		}
	}
	return out
}

// tracer searches for the word's path on the board after the turn.
type tracer struct {
	b     *Board
	word  []rune // folded
	cells []rune // folded letters, 0 for empty or action
	newID []int8 // index of a new tile, -1 otherwise
	old   []bool // a letter that was on the table before
	mid   []bool // a central cell (first word)
	nNew  int
	first bool

	visited []bool
	path    []int32

	steps int // cells visited, bounded by maxSteps

	// diagnosis
	bestPrefix []int32
	bestFull   []int32
	bestScore  int
}

func newTracer(a, before *Board, word []rune, newLetters []Pos, first bool) *tracer {
	n := a.Rows * a.Cols
	t := &tracer{b: a, first: first, nNew: len(newLetters),
		cells: make([]rune, n), newID: make([]int8, n),
		old: make([]bool, n), mid: make([]bool, n), visited: make([]bool, n)}
	for _, r := range word {
		t.word = append(t.word, Fold(r))
	}
	for i := range t.newID {
		t.newID[i] = -1
	}
	for k, p := range newLetters {
		t.newID[p.Row*a.Cols+p.Col] = int8(k)
	}
	for _, p := range centre(a) {
		t.mid[p.Row*a.Cols+p.Col] = true
	}
	for i := 0; i < n; i++ {
		r := a.cells[i]
		if r == 0 || isAction(r) {
			continue
		}
		t.cells[i] = Fold(r)
		t.old[i] = before.cells[i] != 0
	}
	t.path = make([]int32, 0, len(word))
	return t
}

// neighbours lists the 8 cells around i; -1 off the board.
func (t *tracer) neighbours(i int32) [8]int32 {
	var out [8]int32
	r, c := int(i)/t.b.Cols, int(i)%t.b.Cols
	for k, d := range around {
		rr, cc := r+d.Row, c+d.Col
		if rr < 0 || rr >= t.b.Rows || cc < 0 || cc >= t.b.Cols {
			out[k] = -1
			continue
		}
		out[k] = int32(rr*t.b.Cols + cc)
	}
	return out
}

func (t *tracer) pos(i int32) Pos { return Pos{Row: int(i) / t.b.Cols, Col: int(i) % t.b.Cols} }

// maxSteps bounds each search (a table covered in one letter and a long
// word of that letter could otherwise take exponential time). Real turns
// visit a few hundred cells.
const maxSteps = 1 << 20

// find returns a legal path, or nil.
func (t *tracer) find() []Pos {
	for i, r := range t.cells {
		if r != t.word[0] {
			continue
		}
		if t.dfs(int32(i), 0, 0, false, false) {
			out := make([]Pos, len(t.path))
			for k, c := range t.path {
				out[k] = t.pos(c)
			}
			return out
		}
	}
	return nil
}

// dfs extends the path with cell i as letter k. covered is a bit set of the
// new tiles on the path.
func (t *tracer) dfs(i int32, k int, covered uint64, hasOld, hasMid bool) bool {
	if t.steps++; t.steps > maxSteps {
		return false
	}
	t.visited[i] = true
	t.path = append(t.path, i)
	if id := t.newID[i]; id >= 0 {
		covered |= 1 << uint(id)
	}
	hasOld = hasOld || t.old[i]
	hasMid = hasMid || t.mid[i]
	if k == len(t.word)-1 {
		if covered == 1<<uint(t.nNew)-1 && (t.first && hasMid || !t.first && hasOld) {
			return true
		}
	} else if t.nNew-popcount(covered) <= len(t.word)-1-k {
		want := t.word[k+1]
		for _, n := range t.neighbours(i) {
			if n >= 0 && !t.visited[n] && t.cells[n] == want && t.dfs(n, k+1, covered, hasOld, hasMid) {
				return true
			}
		}
	}
	t.visited[i] = false
	t.path = t.path[:len(t.path)-1]
	return false
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// explain finds out why no legal path exists.
func (t *tracer) explain() *Rejection {
	w := string(t.word)
	for _, r := range t.word {
		found := false
		for _, c := range t.cells {
			if c == r {
				found = true
				break
			}
		}
		if !found {
			return reject(CodeMissingLetter, "%s cannot be traced: no tile %c is on the table", w, r)
		}
	}
	t.bestScore = -1
	t.steps = 0
	for i, r := range t.cells {
		if r == t.word[0] {
			t.relaxed(int32(i), 0, 0, false, false)
		}
	}
	if t.steps > maxSteps {
		return reject(CodeNoPath, "%s cannot be traced using every new tile: the search gave up after %d steps", w, maxSteps)
	}
	if t.bestFull == nil {
		k := len(t.bestPrefix)
		if k == 0 {
			return reject(CodeNoPath, "%s cannot be traced", w)
		}
		end := t.pos(t.bestPrefix[k-1])
		return reject(CodeNoPath, "%s cannot be traced: after %s (ending at %s) no unused neighbouring tile is %c", w, string(t.word[:k]), end, t.word[k])
	}
	// A full tracing exists; say what the best one lacks.
	on := map[int32]bool{}
	covered, hasOld, hasMid := 0, false, false
	for _, c := range t.bestFull {
		on[c] = true
		if t.newID[c] >= 0 {
			covered++
		}
		hasOld = hasOld || t.old[c]
		hasMid = hasMid || t.mid[c]
	}
	if covered < t.nNew {
		for i, id := range t.newID {
			if id >= 0 && !on[int32(i)] {
				return reject(CodeUnusedNewTile, "%s: the new tile %c is in no tracing of %s: every tile placed this turn must be part of the word", t.pos(int32(i)), t.b.cells[i], w)
			}
		}
	}
	if t.first {
		return reject(CodeFirstNotCentre, "%s is the first word and must cover the middle of the table (%s)", w, centreNames(t.b))
	}
	return reject(CodeNotConnected, "%s uses no tile of an earlier word: a word must contain at least one letter already on the table", w)
}

func centreNames(b *Board) string {
	var s []string
	for _, p := range centre(b) {
		s = append(s, fmt.Sprintf("(%d,%d)", p.Row, p.Col))
	}
	return strings.Join(s, " ")
}

// relaxed searches every tracing, ignoring the new-tile and old-tile rules,
// and keeps the longest prefix and the full tracing that comes closest to
// legal (most new tiles, then an old tile or the middle).
func (t *tracer) relaxed(i int32, k int, covered int, hasOld, hasMid bool) {
	if t.steps++; t.steps > maxSteps {
		return
	}
	t.visited[i] = true
	t.path = append(t.path, i)
	defer func() {
		t.visited[i] = false
		t.path = t.path[:len(t.path)-1]
	}()
	if t.newID[i] >= 0 {
		covered++
	}
	hasOld = hasOld || t.old[i]
	hasMid = hasMid || t.mid[i]
	if len(t.path) > len(t.bestPrefix) {
		t.bestPrefix = append(t.bestPrefix[:0], t.path...)
	}
	if k == len(t.word)-1 {
		score := covered * 2
		if t.first && hasMid || !t.first && hasOld {
			score++
		}
		if score > t.bestScore {
			t.bestScore = score
			t.bestFull = append(t.bestFull[:0], t.path...)
		}
		return
	}
	for _, n := range t.neighbours(i) {
		if n >= 0 && !t.visited[n] && t.cells[n] == t.word[k+1] {
			t.relaxed(n, k+1, covered, hasOld, hasMid)
		}
	}
}
