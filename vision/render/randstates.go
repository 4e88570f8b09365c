package render

import (
	"math/rand/v2"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/scoring/tileset"
	"github.com/tilescope/tilescope/scoring/upwords"
)

// randomLexicon builds a connected crossword of 2 to 9 common words, laid
// so that no other runs of letters form (every run is one of the words).
func randomLexicon(rng *rand.Rand) []byte {
	words := upwords.CommonWords()
	const n = 32
	cells := make([][]byte, n)
	for i := range cells {
		cells[i] = make([]byte, n)
	}
	at := func(r, c int) byte {
		if r < 0 || c < 0 || r >= n || c >= n {
			return 0
		}
		return cells[r][c]
	}
	clean := strings.ToUpper
	first := clean(words[rng.IntN(len(words))])
	for i := range first {
		cells[n/2][n/2-len(first)/2+i] = first[i]
	}
	target := 2 + rng.IntN(8)
	placed := 1
	for tries := 0; placed < target && tries < 3000; tries++ {
		w := clean(words[rng.IntN(len(words))])
		// pick a placed tile, a letter of w on it, and the free direction
		r, c := rng.IntN(n), rng.IntN(n)
		if cells[r][c] == 0 {
			continue
		}
		k := strings.IndexByte(w, cells[r][c])
		if k < 0 {
			continue
		}
		dr, dc := 1, 0
		if at(r-1, c) != 0 || at(r+1, c) != 0 {
			dr, dc = 0, 1
		}
		r0, c0 := r-k*dr, c-k*dc
		if r0 < 1 || c0 < 1 || r0+len(w)*dr >= n-1 || c0+len(w)*dc >= n-1 {
			continue
		}
		if at(r0-dr, c0-dc) != 0 || at(r0+len(w)*dr, c0+len(w)*dc) != 0 {
			continue
		}
		ok, crosses := true, 0
		for i := 0; i < len(w) && ok; i++ {
			rr, cc := r0+i*dr, c0+i*dc
			switch cells[rr][cc] {
			case w[i]:
				crosses++
			case 0:
				// the sides of a new tile must be free
				if at(rr+dc, cc+dr) != 0 || at(rr-dc, cc-dr) != 0 {
					ok = false
				}
			default:
				ok = false
			}
		}
		if !ok || crosses == len(w) {
			continue
		}
		for i := 0; i < len(w); i++ {
			cells[r0+i*dr][c0+i*dc] = w[i]
		}
		placed++
	}
	return trimLayout(cells, '.')
}

// trimLayout writes the used rows and columns, one character per cell.
func trimLayout(cells [][]byte, empty byte) []byte {
	n := len(cells)
	r0, r1, c0, c1 := n, -1, n, -1
	for r := range cells {
		for c, v := range cells[r] {
			if v != 0 {
				r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
			}
		}
	}
	var b strings.Builder
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			if cells[r][c] == 0 {
				b.WriteByte(empty)
			} else {
				b.WriteByte(cells[r][c])
			}
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// cyrillicWeights are rough letter frequencies of Russian text (per mille),
// so that random tables look like played ones.
var cyrillicWeights = map[string]int{
	"О": 110, "Е": 85, "А": 80, "И": 74, "Н": 67, "Т": 63, "С": 55, "Р": 47, "В": 45,
	"Л": 44, "К": 35, "М": 32, "Д": 30, "П": 28, "У": 26, "Я": 20, "Ы": 19, "Ь": 17,
	"Г": 17, "З": 16, "Б": 16, "Ч": 14, "Й": 12, "Х": 10, "Ж": 9, "Ш": 7, "Ю": 6,
	"Ц": 5, "Щ": 4, "Э": 3, "Ф": 3, "Ъ": 1, "Ё": 1,
}

// randomTwists grows a connected cluster of 6 to 40 tiles on the lattice
// (tiles join edge to edge), Cyrillic letters by frequency and a few
// action tiles.
func randomTwists(rng *rand.Rand) []byte {
	var bag []string
	for _, l := range tileset.Cyrillic {
		for i := 0; i < cyrillicWeights[l]; i++ {
			bag = append(bag, l)
		}
	}
	const n = 24
	cells := make([][]rune, n)
	for i := range cells {
		cells[i] = make([]rune, n)
	}
	count := 6 + rng.IntN(35)
	type rc struct{ r, c int }
	placed := []rc{{n / 2, n / 2}}
	cells[n/2][n/2] = []rune(bag[rng.IntN(len(bag))])[0]
	actions := []rune{'!', '@', '2', '3'}
	for len(placed) < count {
		p := placed[rng.IntN(len(placed))]
		d := [4]rc{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}[rng.IntN(4)]
		q := rc{p.r + d.r, p.c + d.c}
		if q.r < 1 || q.c < 1 || q.r >= n-1 || q.c >= n-1 || cells[q.r][q.c] != 0 {
			continue
		}
		ch := []rune(bag[rng.IntN(len(bag))])[0]
		if rng.IntN(12) == 0 {
			ch = actions[rng.IntN(4)]
		}
		cells[q.r][q.c] = ch
		placed = append(placed, q)
	}
	var b strings.Builder
	r0, r1, c0, c1 := n, -1, n, -1
	for _, p := range placed {
		r0, r1, c0, c1 = min(r0, p.r), max(r1, p.r), min(c0, p.c), max(c1, p.c)
	}
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			if cells[r][c] == 0 {
				b.WriteByte('.')
			} else {
				b.WriteRune(cells[r][c])
			}
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// randomPyramids sets up the board (player stacks of 5, the 36 house
// pyramids, drawn from the default sets) and then plays it forward
// roughly: some pyramids are taken off (showing what is below, or the
// printed letter) and some player pyramids moved onto other squares.
func randomPyramids(rng *rand.Rand) []byte {
	setup := pyramids.DefaultSetup()
	b := pyramids.NewBoard()
	house := setup.HouseSet.Bag()
	rng.Shuffle(len(house), func(i, j int) { house[i], house[j] = house[j], house[i] })
	hi := 0
	for r := 0; r < pyramids.Size; r++ {
		for c := 0; c < pyramids.Size; c++ {
			p := grid.Pos{Row: r, Col: c}
			if pyramids.InHouse(p) {
				b.Set(p, pyramids.Stack{}.Put(pyramids.Pyramid{Colour: pyramids.Black, Letter: house[hi]}))
				hi++
			}
		}
	}
	for side := 0; side < 4; side++ {
		colour := setup.Seats[side]
		bag := setup.PlayerSet.Bag()
		rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
		k := 0
		for _, p := range pyramids.SpaceSquares(pyramids.Side(side)) {
			s := pyramids.Stack{}
			for l := 0; l < setup.StackSize; l++ {
				s = s.Put(pyramids.Pyramid{Colour: colour, Letter: bag[k]})
				k++
			}
			b.Set(p, s)
		}
	}
	var sources []grid.Pos
	for r := 0; r < pyramids.Size; r++ {
		for c := 0; c < pyramids.Size; c++ {
			sources = append(sources, grid.Pos{Row: r, Col: c})
		}
	}
	moves := rng.IntN(40)
	for i := 0; i < moves; i++ {
		from := sources[rng.IntN(len(sources))]
		s := b.At(from)
		top, ok := s.Top()
		if !ok {
			continue
		}
		b.Set(from, s.Under())
		if top.Colour == pyramids.Black || rng.IntN(3) == 0 {
			continue // taken by a speller
		}
		to := sources[rng.IntN(len(sources))]
		b.Set(to, b.At(to).Put(top))
	}
	return []byte(b.String())
}
