package upwords

import (
	_ "embed"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/tileset"
)

//go:embed words.txt
var wordsTxt string

var (
	commonOnce  sync.Once
	commonWords []string
)

// CommonWords returns the generator's built-in list of about 1,800 common
// English words of 2 to 6 letters, upper case; every one is in ENABLE.
// The slice is shared: do not change it.
func CommonWords() []string {
	commonOnce.Do(func() {
		for _, line := range strings.Split(wordsTxt, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			commonWords = append(commonWords, strings.ToUpper(line))
		}
	})
	return commonWords
}

// RandomGame plays a random legal game of the 10x10 edition with the
// built-in common words (CommonWords) and returns the boards: boards[0] is
// the empty board and boards[i] the board after turn i. dict decides which
// cross words are allowed (nil: only the common words themselves). The game
// may end before turns turns when no legal play is found. The same rng
// state gives the same game.
func RandomGame(rng *rand.Rand, dict Dictionary, turns int) []*grid.Board {
	boards, _ := Rules{Dictionary: dict}.RandomGame(rng, CommonWords(), turns)
	return boards
}

// maxTries bounds the random plays tried for one turn.
const maxTries = 4000

// RandomGame plays a random game under r: each turn tries random words
// from words (upper case; "QU" is played with the Qu tile) laid across or
// down through the board, stacking where the letters differ, and keeps the
// first play Judge accepts, while the tiles of the Upwords set last. It
// returns the boards (boards[0] empty, one more per turn) and the moves.
// With r.Dictionary nil, the words themselves are the dictionary.
func (r Rules) RandomGame(rng *rand.Rand, words []string, turns int) ([]*grid.Board, []Move) {
	if r.Dictionary == nil {
		set := make(wordSetDict, len(words))
		for _, w := range words {
			set[strings.ToUpper(w)] = true
		}
		r.Dictionary = set
	}
	var tiles [][]string // each word as Upwords tiles
	for _, w := range words {
		if t, ok := spellTiles(strings.ToUpper(w)); ok && len(t) >= 2 && len(t) <= r.Size() {
			tiles = append(tiles, t)
		}
	}
	n := r.Size()
	board := grid.New(n, n)
	boards := []*grid.Board{board.Clone()}
	var moves []Move
	bag := map[string]int{}
	for _, t := range tileset.Upwords.Tiles {
		bag[t.Letter] = t.Count
	}
	if len(tiles) == 0 {
		return boards, nil
	}
	for turn := 0; turn < turns; turn++ {
		var occupied []grid.Pos
		board.Each(func(p grid.Pos, s grid.Stack) {
			if !s.Empty() {
				occupied = append(occupied, p)
			}
		})
		found := false
		for try := 0; try < maxTries && !found; try++ {
			word := tiles[rng.IntN(len(tiles))]
			dir := grid.Across
			if rng.IntN(2) == 1 {
				dir = grid.Down
			}
			// Choose a square the word must pass through: a centre
			// square on the first turn, else a tile on the board or one
			// of its neighbours.
			var anchor grid.Pos
			if len(occupied) == 0 {
				anchor = r.Centre()[rng.IntN(4)]
			} else {
				anchor = occupied[rng.IntN(len(occupied))]
				if rng.IntN(3) == 0 {
					anchor = anchor.Add([4]grid.Pos{{Row: -1}, {Row: 1}, {Col: -1}, {Col: 1}}[rng.IntN(4)])
				}
			}
			i := rng.IntN(len(word))
			start := grid.Pos{Row: anchor.Row - i*dir.Row, Col: anchor.Col - i*dir.Col}
			end := grid.Pos{Row: start.Row + (len(word)-1)*dir.Row, Col: start.Col + (len(word)-1)*dir.Col}
			if !board.In(start) || !board.In(end) {
				continue
			}
			after := board.Clone()
			need := map[string]int{}
			p := start
			for _, letter := range word {
				s := board.At(p)
				if s.Letter != letter {
					after.Set(p, grid.Stack{Letter: letter, Height: s.Height + 1})
					need[letter]++
				}
				p = p.Add(dir)
			}
			enough := true
			for l, k := range need {
				if bag[l] < k {
					enough = false
				}
			}
			if !enough {
				continue
			}
			m, err := r.Judge(board, after)
			if err != nil {
				continue
			}
			for l, k := range need {
				bag[l] -= k
			}
			board = after
			boards = append(boards, board.Clone())
			moves = append(moves, m)
			found = true
		}
		if !found {
			break
		}
	}
	return boards, moves
}

// spellTiles splits an upper-case word into Upwords tiles: "QU" is the Qu
// tile; a Q without a U cannot be played.
func spellTiles(w string) ([]string, bool) {
	var out []string
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c < 'A' || c > 'Z' {
			return nil, false
		}
		if c == 'Q' {
			if i+1 >= len(w) || w[i+1] != 'U' {
				return nil, false
			}
			out = append(out, "Qu")
			i++
			continue
		}
		out = append(out, string(c))
	}
	return out, true
}

type wordSetDict map[string]bool

func (s wordSetDict) Contains(w string) bool { return s[strings.ToUpper(w)] }
