package pyramids

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// RandomStart sets up a board at random, every layer known: each colour's
// set shuffled into six stacks on its spaces, 36 of the house set on the
// house area.
func RandomStart(rng *rand.Rand, setup *Setup) *Board {
	b := NewBoard()
	for side, c := range setup.Seats {
		bag := setup.PlayerSet.Bag()
		rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
		for k, p := range SpaceSquares(Side(side)) {
			var st Stack
			for _, l := range bag[k*setup.StackSize : (k+1)*setup.StackSize] {
				st = st.Put(Pyramid{Colour: c, Letter: l})
			}
			b.Set(p, st)
		}
	}
	bag := setup.HouseSet.Bag()
	rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	k := 0
	for i := 0; i < Size*Size; i++ {
		if p := posOf(i); InHouse(p) {
			b.Set(p, Stack{Layers: []Pyramid{{Colour: Black, Letter: bag[k]}}, Height: 1})
			k++
		}
	}
	return b
}

// RandomTurn makes a legal-looking turn for player (the dictionary aside):
// a straight run of 2-7 squares read from the player's side, one to three
// of them covered with pyramids moved from stacks off the run. It returns
// the board at the announcement, the word and its squares, or ok false.
// Judge accepts every turn it makes (TestRandomGames); the word is a
// string of the board's letters, not a dictionary's. The rendered games of
// the Pyramids eval-game are played with these.
func RandomTurn(rng *rand.Rand, setup *Setup, b *Board, player Colour) (ann *Board, word string, path []Pos, ok bool) {
	side, _ := setup.SideOf(player)
	right, down := side.Axes()
	dir := right
	if rng.IntN(2) == 0 {
		dir = down
	}
	n := 2 + rng.IntN(6)
	start := posOf(rng.IntN(Size * Size))
	for i := 0; i < n; i++ {
		p := Pos{Row: start.Row + i*dir.Row, Col: start.Col + i*dir.Col}
		if !In(p) {
			return nil, "", nil, false
		}
		path = append(path, p)
	}
	// Sources: tops of player pyramids off the run.
	var sources []Pos
	for i := 0; i < Size*Size; i++ {
		p := posOf(i)
		if t, ok := b.At(p).Top(); ok && t.Colour != Black && !slices.Contains(path, p) {
			sources = append(sources, p)
		}
	}
	rng.Shuffle(len(sources), func(i, j int) { sources[i], sources[j] = sources[j], sources[i] })
	ann = b.Clone()
	covered := map[Pos]bool{}
	for _, p := range path { // runway squares are blank: they must be covered
		if OnRunway(p) && b.At(p).Empty() {
			covered[p] = true
		}
	}
	for k := min(1+rng.IntN(3), len(path)); len(covered) < k; {
		covered[path[rng.IntN(len(path))]] = true
	}
	if len(covered) > len(sources) {
		return nil, "", nil, false
	}
	k := 0
	for _, p := range path {
		if !covered[p] {
			continue
		}
		src := sources[k]
		k++
		t, _ := ann.At(src).Top()
		ann.Set(src, ann.At(src).Under())
		ann.Set(p, ann.At(p).Put(t))
	}
	var w strings.Builder
	own, black := false, false
	for _, p := range path {
		sq := (&judge{setup: setup, t: Turn{Announced: ann}}).square(p)
		if sq.Letter == "" {
			return nil, "", nil, false
		}
		w.WriteString(sq.Letter)
		own = own || sq.Colour == player
		black = black || sq.Colour == Black
	}
	if !own || !black {
		return nil, "", nil, false
	}
	// A source whose new top is on the run would be an exposed pyramid: the
	// run avoids sources by construction.
	return ann, w.String(), path, true
}
