package lexicon

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/tileset"
)

// Dictionary says whether a word may be played; words are upper case.
type Dictionary interface {
	Contains(word string) bool
}

// Code names why a crossword is not valid (DESIGN.md's codes).
type Code string

// The codes, in the order Score checks them.
const (
	Empty        Code = "empty"
	NotConnected Code = "not_connected"
	NotAWord     Code = "not_a_word"
)

// NoPos is the Pos of a rejection about no square in particular.
var NoPos = grid.Pos{Row: -1, Col: -1}

// Rejection is an invalid crossword: the code, the square it is about
// (NoPos when none) and a message naming the square and the rule.
type Rejection struct {
	Code Code
	Pos  grid.Pos
	Msg  string
}

func (e *Rejection) Error() string { return "lexicon: " + e.Msg }

func reject(code Code, p grid.Pos, format string, a ...any) *Rejection {
	msg := fmt.Sprintf(format, a...)
	if p != NoPos {
		msg = p.String() + ": " + msg
	}
	return &Rejection{Code: code, Pos: p, Msg: msg}
}

// ErrLeftover is returned for a negative number of leftover tiles.
var ErrLeftover = errors.New("lexicon: leftover tiles must be 0 or more")

// Word is one word of a crossword.
type Word struct {
	Word  string
	Start grid.Pos
	Dir   grid.Pos // grid.Across or grid.Down
}

// Intersection is a tile that lies in two words, with its Scrabble value.
type Intersection struct {
	Pos    grid.Pos
	Letter string
	Value  int
}

// Result is a valid crossword's score.
type Result struct {
	Words         []Word         // across words in reading order, then down words
	Intersections []Intersection // in reading order
	Points        int            // sum of the intersections' values
	WordCount     int            // len(Words)
	Leftover      int            // tiles the player did not place
}

// Divisor is what the points are divided by: words plus leftover tiles.
func (r Result) Divisor() int { return r.WordCount + r.Leftover }

// Score is points / (words + leftover), exact.
func (r Result) Score() float64 {
	if r.Divisor() == 0 {
		return 0
	}
	return float64(r.Points) / float64(r.Divisor())
}

// Rounded is the score to two decimals, as shown to players.
func (r Result) Rounded() float64 { return math.Round(r.Score()*100) / 100 }

// X50 is the score on the seed's "x50" scale, to one decimal.
func (r Result) X50() float64 { return math.Round(r.Score()*500) / 10 }

// Less reports whether r scores less than o, compared exactly.
func (r Result) Less(o Result) bool {
	return r.Points*o.Divisor() < o.Points*r.Divisor()
}

// Score finds the words of a crossword, checks it, and scores it with
// leftover tiles still unplaced. dict nil skips the dictionary check. An
// invalid crossword returns a *Rejection.
func Score(l *Layout, leftover int, dict Dictionary) (Result, error) {
	if leftover < 0 {
		return Result{}, fmt.Errorf("%w, not %d", ErrLeftover, leftover)
	}
	tiles := l.Tiles()
	if tiles == 0 {
		return Result{}, reject(Empty, NoPos, "the crossword has no tiles")
	}
	if p, ok := unconnected(l, tiles); ok {
		return Result{}, reject(NotConnected, p, "%c is not joined to the rest of the crossword; all tiles must form one connected crossword", l.At(p))
	}
	res := Result{Leftover: leftover}
	across := make([]bool, l.Rows*l.Cols)
	down := make([]bool, l.Rows*l.Cols)
	for _, d := range [2]grid.Pos{grid.Across, grid.Down} {
		in := across
		if d == grid.Down {
			in = down
		}
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				p := grid.Pos{Row: r, Col: c}
				if l.At(p) == 0 || l.At(grid.Pos{Row: r - d.Row, Col: c - d.Col}) != 0 {
					continue // empty, or not the start of a run
				}
				var word []byte
				for q := p; l.At(q) != 0; q = q.Add(d) {
					word = append(word, l.At(q))
				}
				if len(word) < 2 {
					continue
				}
				for i, q := 0, p; i < len(word); i, q = i+1, q.Add(d) {
					in[q.Row*l.Cols+q.Col] = true
				}
				res.Words = append(res.Words, Word{Word: string(word), Start: p, Dir: d})
			}
		}
	}
	for r := 0; r < l.Rows; r++ {
		for c := 0; c < l.Cols; c++ {
			p := grid.Pos{Row: r, Col: c}
			i := r*l.Cols + c
			if l.At(p) != 0 && !across[i] && !down[i] {
				// Only possible for a crossword of one tile: any other
				// lone tile would not be connected.
				return Result{}, reject(NotAWord, p, "a single %c is no word; a crossword needs words of two or more letters", l.At(p))
			}
			if across[i] && down[i] {
				letter := string(l.At(p))
				res.Intersections = append(res.Intersections, Intersection{Pos: p, Letter: letter, Value: tileset.ScrabbleValue(letter)})
				res.Points += tileset.ScrabbleValue(letter)
			}
		}
	}
	res.WordCount = len(res.Words)
	if dict != nil {
		for _, w := range res.Words {
			if !dict.Contains(w.Word) {
				dir := "across"
				if w.Dir == grid.Down {
					dir = "down"
				}
				return Result{}, reject(NotAWord, w.Start, "%s (%s) is not in the dictionary", w.Word, dir)
			}
		}
	}
	return res, nil
}

// unconnected returns the first tile, in reading order, that is not joined
// edge to edge to the first tile of the layout.
func unconnected(l *Layout, tiles int) (grid.Pos, bool) {
	seen := make([]bool, l.Rows*l.Cols)
	var stack []grid.Pos
	for i, c := range l.cells {
		if c != 0 {
			p := grid.Pos{Row: i / l.Cols, Col: i % l.Cols}
			stack = append(stack, p)
			seen[i] = true
			break
		}
	}
	reached := 0
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		for _, d := range [4]grid.Pos{{Row: -1}, {Row: 1}, {Col: -1}, {Col: 1}} {
			q := p.Add(d)
			if l.At(q) != 0 && !seen[q.Row*l.Cols+q.Col] {
				seen[q.Row*l.Cols+q.Col] = true
				stack = append(stack, q)
			}
		}
	}
	if reached == tiles {
		return grid.Pos{}, false
	}
	for i, c := range l.cells {
		if c != 0 && !seen[i] {
			return grid.Pos{Row: i / l.Cols, Col: i % l.Cols}, true
		}
	}
	return grid.Pos{}, false
}

// Entry is one player's crossword in a ranking: a name, and either its
// Result or the error that made it invalid.
type Entry struct {
	Name   string
	Result Result
	Err    error
	Rank   int // set by Rank: 1 for the best; equal scores share a rank; 0 for an invalid crossword
}

// Rank sorts entries best first, by exact score; equal scores share a rank
// (1, 1, 3) and keep their given order; invalid entries (Err != nil) come
// last with Rank 0. It returns the sorted copy.
func Rank(entries []Entry) []Entry {
	out := append([]Entry(nil), entries...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.Err == nil) != (b.Err == nil) {
			return a.Err == nil
		}
		if a.Err != nil {
			return false
		}
		return b.Result.Less(a.Result)
	})
	for i := range out {
		switch {
		case out[i].Err != nil:
			out[i].Rank = 0
		case i > 0 && out[i-1].Err == nil && !out[i].Result.Less(out[i-1].Result) && !out[i-1].Result.Less(out[i].Result):
			out[i].Rank = out[i-1].Rank
		default:
			out[i].Rank = i + 1
		}
	}
	return out
}
