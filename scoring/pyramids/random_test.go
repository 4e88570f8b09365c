package pyramids

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// randomStart sets up a board at random, every layer known: each colour's
// set shuffled into six stacks on its spaces, 36 of the house set on the
// house area.
func randomStart(rng *rand.Rand, setup *Setup) *Board {
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

// randomTurn makes a legal-looking turn for player (the dictionary aside):
// a straight run of 2-7 squares read from the player's side, one to three
// of them covered with pyramids moved from stacks off the run. It returns
// the board at the announcement, the word and its squares, or ok false.
func randomTurn(rng *rand.Rand, setup *Setup, b *Board, player Colour) (ann *Board, word string, path []Pos, ok bool) {
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

// TestRandomGames plays random turns: Judge must accept each generated word
// on exactly the generated squares, with the score of its pyramids, and the
// taking must check.
func TestRandomGames(t *testing.T) {
	setup := DefaultSetup()
	turns := 0
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		b := randomStart(rng, &setup)
		for try := 0; try < 400 && turns < int(seed)*25; try++ {
			player := PlayerColours[rng.IntN(4)]
			ann, word, path, ok := randomTurn(rng, &setup, b, player)
			if !ok {
				continue
			}
			m, err := Judge(&setup, Turn{Player: player, Word: word, Before: b, Announced: ann}, nil)
			if err != nil {
				t.Fatalf("seed %d: %s's %s on %v refused: %v\nbefore\n%s\nannounced\n%s", seed, player, word, path, err, b, ann)
			}
			score := 0
			after := ann.Clone()
			for i, sq := range m.Squares {
				if sq.Pos != path[i] {
					t.Fatalf("seed %d: %s read at %v, generated at %v", seed, word, sq.Pos, path[i])
				}
				if !sq.Printed {
					t, _ := ann.At(sq.Pos).Top()
					score += setup.Value(t)
					after.Set(sq.Pos, after.At(sq.Pos).Under())
				}
			}
			if m.Score != score {
				t.Fatalf("seed %d: score %d, want %d", seed, m.Score, score)
			}
			if err := CheckTaking(ann, after, m); err != nil {
				t.Fatalf("seed %d: taking: %v", seed, err)
			}
			b = after
			turns++
		}
	}
	if turns < 200 {
		t.Fatalf("only %d random turns generated", turns)
	}
	t.Logf("%d random turns judged", turns)
}

// BenchmarkRandomTurns times Judge on turns of random games, the word
// announced and not, and reports the median time of one turn.
func BenchmarkRandomTurns(b *testing.B) {
	setup := DefaultSetup()
	var turns []Turn
	rng := rand.New(rand.NewPCG(1, 2))
	board := randomStart(rng, &setup)
	for len(turns) < 200 {
		player := PlayerColours[rng.IntN(4)]
		ann, word, _, ok := randomTurn(rng, &setup, board, player)
		if !ok {
			continue
		}
		turns = append(turns, Turn{Player: player, Word: word, Before: board, Announced: ann})
		if len(turns)%20 == 0 {
			board = randomStart(rng, &setup)
		}
	}
	for _, announced := range []bool{true, false} {
		name := "announced"
		if !announced {
			name = "found"
		}
		b.Run(name, func(b *testing.B) {
			var per []time.Duration
			i := 0
			for b.Loop() {
				tt := turns[i%len(turns)]
				i++
				if !announced {
					tt.Word = ""
				}
				t0 := time.Now()
				Judge(&setup, tt, nil)
				per = append(per, time.Since(t0))
			}
			slices.Sort(per)
			b.ReportMetric(float64(per[len(per)/2].Nanoseconds()), "median-ns/turn")
		})
	}
}
