package upwords

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/tileset"
)

func TestCommonWordsSpellable(t *testing.T) {
	words := CommonWords()
	if len(words) < 1000 {
		t.Fatalf("only %d common words", len(words))
	}
	for _, w := range words {
		if _, ok := spellTiles(w); !ok {
			t.Errorf("%q cannot be spelled with Upwords tiles", w)
		}
	}
}

// TestRandomGameIsLegal replays random games: every turn must be legal
// under the rules, score the same when both boards are transposed, and the
// tiles used must fit in the Upwords set.
func TestRandomGameIsLegal(t *testing.T) {
	stacked := 0
	for seed := uint64(1); seed <= 20; seed++ {
		for _, ed := range []Edition{Edition10, Edition8} {
			r := Rules{Edition: ed}
			boards, moves := r.RandomGame(rand.New(rand.NewPCG(seed, 0)), CommonWords(), 25)
			if len(boards) < 10 {
				t.Fatalf("seed %d edition %d: only %d boards", seed, ed, len(boards))
			}
			if len(moves) != len(boards)-1 {
				t.Fatalf("%d moves for %d boards", len(moves), len(boards))
			}
			judge := Rules{Edition: ed, Dictionary: wordSetDict(setOf(CommonWords()))}
			for i := 1; i < len(boards); i++ {
				m, err := judge.Judge(boards[i-1], boards[i])
				if err != nil {
					t.Fatalf("seed %d turn %d: %v\n%s\n%s", seed, i, err, boards[i-1], boards[i])
				}
				checkMove(t, boards[i-1], boards[i], m)
				if m.Score != moves[i-1].Score || m.First != (i == 1) {
					t.Fatalf("seed %d turn %d: score %d first %v, generator said %d", seed, i, m.Score, m.First, moves[i-1].Score)
				}
				mt, err := judge.Judge(boards[i-1].Transpose(), boards[i].Transpose())
				if err != nil || mt.Score != m.Score || len(mt.Words) != len(m.Words) {
					t.Fatalf("seed %d turn %d: transposed %+v, %v; as read %d", seed, i, mt, err, m.Score)
				}
			}
			used := map[string]int{}
			for i := 1; i < len(boards); i++ {
				for _, p := range moves[i-1].Placed {
					used[p.Letter]++
				}
			}
			for l, k := range used {
				if k > tileset.Upwords.Count(l) {
					t.Errorf("seed %d: %d tiles %s, the set has %d", seed, k, l, tileset.Upwords.Count(l))
				}
			}
			boards[len(boards)-1].Each(func(_ grid.Pos, s grid.Stack) {
				if s.Height > 1 {
					stacked++
				}
			})
		}
	}
	if stacked == 0 {
		t.Error("no stack in 40 random games")
	}
}

func TestRandomGameDeterministic(t *testing.T) {
	a := RandomGame(rand.New(rand.NewPCG(7, 7)), nil, 15)
	b := RandomGame(rand.New(rand.NewPCG(7, 7)), nil, 15)
	c := RandomGame(rand.New(rand.NewPCG(8, 7)), nil, 15)
	if len(a) != len(b) {
		t.Fatal("same seed, different lengths")
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			t.Fatalf("same seed, board %d differs", i)
		}
	}
	if a[len(a)-1].Equal(c[len(c)-1]) {
		t.Error("different seeds gave the same game")
	}
}

func setOf(words []string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[w] = true
	}
	return m
}

// BenchmarkJudge judges one mid-game turn on a 10x10 board (a random
// game's 12th turn) with an in-memory dictionary. Target: <= 20 µs.
func BenchmarkJudge(b *testing.B) {
	boards := RandomGame(rand.New(rand.NewPCG(3, 3)), nil, 12)
	before, after := boards[len(boards)-2], boards[len(boards)-1]
	r := Rules{Dictionary: wordSetDict(setOf(CommonWords()))}
	if _, err := r.Judge(before, after); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	// Time every turn to report the median beside Go's mean (ns/op); both
	// include the clock reads (tens of ns).
	var per []time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, err := r.Judge(before, after); err != nil {
			b.Fatal(err)
		}
		per = append(per, time.Since(t0))
	}
	slices.Sort(per)
	b.ReportMetric(float64(per[len(per)/2].Nanoseconds()), "median-ns/turn")
}

// BenchmarkRandomGame generates a 30-turn game.
func BenchmarkRandomGame(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		RandomGame(rand.New(rand.NewPCG(uint64(i), 1)), nil, 30)
	}
}
