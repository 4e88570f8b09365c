package twists

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tilescope/tilescope/scoring/tileset"
)

// letterBag is the Russian set's letter tiles.
func letterBag() []rune {
	var out []rune
	for _, l := range tileset.TwistsRussian.Bag() {
		if _, action := ActionByName(l); !action {
			out = append(out, []rune(l)[0])
		}
	}
	return out
}

// randomTurn grows a path from a random tile on the table into 1-5 empty
// cells, puts random letters there (and sometimes an action tile next to
// the last one), and returns the turn with the word read along the path,
// forwards or backwards. The first turn lays a word through the middle.
func randomTurn(rng *rand.Rand, bag []rune, before *Board) (Turn, []Pos, bool) {
	after := before.Clone()
	var path []Pos
	if before.Letters() == 0 {
		mid := centre(before)[0]
		n := 2 + rng.IntN(5)
		for i := 0; i < n; i++ {
			path = append(path, Pos{Row: mid.Row, Col: mid.Col - n/2 + i})
		}
	} else {
		var tiles []Pos
		for r := 0; r < before.Rows; r++ {
			for c := 0; c < before.Cols; c++ {
				if ch := before.At(Pos{Row: r, Col: c}); ch != 0 && !isAction(ch) {
					tiles = append(tiles, Pos{Row: r, Col: c})
				}
			}
		}
		path = append(path, tiles[rng.IntN(len(tiles))])
		for n := 1 + rng.IntN(5); n > 0; n-- {
			cur := path[len(path)-1]
			var free []Pos
			for _, d := range around {
				q := cur.Add(d)
				if before.In(q) && after.At(q) == 0 && !slices.Contains(path, q) {
					free = append(free, q)
				}
			}
			if len(free) == 0 {
				break
			}
			path = append(path, free[rng.IntN(len(free))])
		}
		if len(path) < 2 {
			return Turn{}, nil, false
		}
	}
	for _, p := range path {
		if after.At(p) == 0 {
			after.Set(p, bag[rng.IntN(len(bag))])
		}
	}
	if rng.IntN(4) == 0 { // an action tile by the last letter
		last := path[len(path)-1]
		for _, d := range around {
			if q := last.Add(d); after.In(q) && after.At(q) == 0 {
				after.Set(q, []rune{'!', '@', '2', '3'}[rng.IntN(4)])
				break
			}
		}
	}
	if rng.IntN(2) == 0 {
		slices.Reverse(path)
	}
	var word []rune
	for _, p := range path {
		word = append(word, after.At(p))
	}
	return Turn{Word: string(word), Before: before, After: after}, path, true
}

// TestRandomGames: the referee finds a legal tracing for every generated
// turn (not necessarily the generated one: the same word may run another
// way) and the game's tile counts add up.
func TestRandomGames(t *testing.T) {
	bag := letterBag()
	turns := 0
	for seed := uint64(1); seed <= 10; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		board := NewBoard(15, 15)
		g, _ := NewGame([]string{"a", "b", "c"}, Russian, board)
		for try := 0; try < 200 && len(g.History) < 30 && !g.Over(); try++ {
			tt, path, ok := randomTurn(rng, bag, g.Board)
			if !ok {
				continue
			}
			m, err := Judge(tt, Russian, nil)
			if err != nil {
				t.Fatalf("seed %d: %s along %v refused: %v\n%s", seed, tt.Word, path, err, tt.After)
			}
			if len(m.Path) != len(path) {
				t.Fatalf("seed %d: path %v for %s", seed, m.Path, tt.Word)
			}
			total := 0
			for _, p := range g.Players {
				total += p.Tiles
			}
			placed := len(m.New)
			if m.Action != NoAction {
				placed++
			}
			me := g.Players[slices.IndexFunc(g.Players, func(p Player) bool { return p.Name == g.ToPlay() })]
			if placed > me.Active() {
				var rej *Rejection
				if _, err := g.Play(me.Name, tt.Word, tt.After, nil, nil); !errors.As(err, &rej) || rej.Code != CodeTooFewTiles {
					t.Fatalf("seed %d: %d tiles from %d active: %v", seed, placed, me.Active(), err)
				}
				continue
			}
			var gifts []Gift
			if n := min(m.Action.Gives(), me.Tiles-placed); n > 0 {
				next := g.Players[(slices.IndexFunc(g.Players, func(p Player) bool { return p.Name == me.Name })+1)%3]
				gifts = []Gift{{To: next.Name, N: n}}
			}
			if _, err := g.Play(g.ToPlay(), tt.Word, tt.After, gifts, nil); err != nil {
				t.Fatalf("seed %d: game: %v; players %+v history %d", seed, err, g.Players, len(g.History))
			}
			after := 0
			for _, p := range g.Players {
				after += p.Tiles
			}
			if after != total-placed {
				t.Fatalf("seed %d: %d tiles held after placing %d of %d", seed, after, placed, total)
			}
			turns++
		}
	}
	if turns < 200 {
		t.Fatalf("only %d turns", turns)
	}
	t.Logf("%d random turns judged", turns)
}

// BenchmarkRandomTurns times Judge over 300 turns of random games.
func BenchmarkRandomTurns(b *testing.B) {
	bag := letterBag()
	rng := rand.New(rand.NewPCG(9, 9))
	var turns []Turn
	board := NewBoard(15, 15)
	for len(turns) < 300 {
		tt, _, ok := randomTurn(rng, bag, board)
		if !ok {
			continue
		}
		turns = append(turns, tt)
		board = tt.After
		if len(turns)%30 == 0 {
			board = NewBoard(15, 15)
		}
	}
	var per []time.Duration
	i := 0
	for b.Loop() {
		tt := turns[i%len(turns)]
		i++
		t0 := time.Now()
		Judge(tt, Russian, nil)
		per = append(per, time.Since(t0))
	}
	slices.Sort(per)
	b.ReportMetric(float64(per[len(per)/2].Nanoseconds()), "median-ns/turn")
}
