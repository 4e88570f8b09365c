package twists

import (
	"slices"
	"sort"
	"sync"
	"unicode/utf8"

	"github.com/tilescope/tilescope/scoring/twists"
)

// Bounds of the search for the word a turn spelled.
const (
	// maxOld is the most tiles of earlier words a word may run through.
	maxOld = 6
	// maxSteps bounds the paths tried: a crowded table cannot make the
	// search run away (the word is then named by the table).
	maxSteps = 400_000
)

var around = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

// candidates are the words of the set's dictionary that the letter tiles
// new in after (against before) can spell as the rules trace a word: a
// path of distinct touching letter tiles through every new one and, but
// for the first word, through at least one earlier tile (up to maxOld of
// them). Longest first, then alphabetical; nil without a dictionary.
func (r *Rules) candidates(before, after *twists.Board) []string {
	if r.words == nil {
		return nil
	}
	// The search is a function of the two tables (and the set's words,
	// fixed for the table): a replay of the log (a correction, a word
	// named, the service started) asks again about every turn nobody
	// named, and gets the answer found before.
	key := before.String() + "\x00" + after.String()
	if words, ok := r.found.get(key); ok {
		return words
	}
	words := r.search(before, after)
	r.found.put(key, words)
	return words
}

// foundWords remembers the searches' answers, by the two tables; at most
// maxFound of them (then it starts again: a game has some tens of turns).
type foundWords struct {
	mu sync.Mutex
	m  map[string][]string
}

const maxFound = 512

func (f *foundWords) get(key string) ([]string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	words, ok := f.m[key]
	return slices.Clone(words), ok
}

func (f *foundWords) put(key string, words []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.m == nil || len(f.m) >= maxFound {
		f.m = map[string][]string{}
	}
	f.m[key] = slices.Clone(words)
}

// search is candidates' search itself.
func (r *Rules) search(before, after *twists.Board) []string {
	rows, cols := after.Rows, after.Cols
	isNew := make([]bool, rows*cols)
	letter := make([]rune, rows*cols)
	nNew := 0
	var news []int
	for row := range rows {
		for col := range cols {
			p := twists.Pos{Row: row, Col: col}
			ch := after.At(p)
			if ch == 0 || twists.Action(ch).Name() != "" {
				continue
			}
			i := row*cols + col
			letter[i] = ch
			if before.At(p) == 0 {
				isNew[i] = true
				nNew++
				news = append(news, i)
			}
		}
	}
	if nNew == 0 || nNew > twists.MaxActive {
		return nil
	}
	first := before.Letters() == 0
	// far is how many steps a cell is from the nearest unvisited new tile
	// (Chebyshev distance): a path that cannot reach them all in what its
	// budget of earlier tiles allows is cut.
	dist := func(i int, seen []bool) int {
		best := 1 << 30
		for _, j := range news {
			if seen[j] {
				continue
			}
			dr, dc := abs(i/cols-j/cols), abs(i%cols-j%cols)
			best = min(best, max(dr, dc))
		}
		return best
	}
	found := map[string]bool{}
	seen := make([]bool, rows*cols)
	path := make([]rune, 0, nNew+maxOld)
	steps := 0
	var walk func(i, newLeft, oldUsed int)
	walk = func(i, newLeft, oldUsed int) {
		steps++
		if steps > maxSteps {
			return
		}
		if newLeft == 0 && (oldUsed > 0 || first) && len(path) >= 2 {
			if w := string(path); !found[w] && r.words.Contains(w) {
				found[w] = true
			}
		}
		row, col := i/cols, i%cols
		for _, d := range around {
			nr, nc := row+d[0], col+d[1]
			if nr < 0 || nr >= rows || nc < 0 || nc >= cols {
				continue
			}
			j := nr*cols + nc
			if letter[j] == 0 || seen[j] {
				continue
			}
			nl, ou := newLeft, oldUsed
			if isNew[j] {
				nl--
			} else {
				ou++
				if ou > maxOld {
					continue
				}
			}
			seen[j] = true
			if nl > 0 && dist(j, seen)-1 > maxOld-ou {
				seen[j] = false
				continue
			}
			path = append(path, letter[j])
			walk(j, nl, ou)
			path = path[:len(path)-1]
			seen[j] = false
		}
	}
	for i := range letter {
		if letter[i] == 0 {
			continue
		}
		nl, ou := nNew, 0
		if isNew[i] {
			nl--
		} else {
			ou = 1
		}
		seen[i] = true
		if nl == 0 || dist(i, seen)-1 <= maxOld-ou {
			path = append(path[:0], letter[i])
			walk(i, nl, ou)
		}
		seen[i] = false
	}
	out := make([]string, 0, len(found))
	for w := range found {
		out = append(out, w)
	}
	sort.Slice(out, func(a, b int) bool {
		la, lb := utf8.RuneCountInString(out[a]), utf8.RuneCountInString(out[b])
		if la != lb {
			return la > lb
		}
		return out[a] < out[b]
	})
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
