package pyramids

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestRandomGames plays random turns: Judge must accept each generated word
// on exactly the generated squares, with the score of its pyramids, and the
// taking must check.
func TestRandomGames(t *testing.T) {
	setup := DefaultSetup()
	turns := 0
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		b := RandomStart(rng, &setup)
		for try := 0; try < 400 && turns < int(seed)*25; try++ {
			player := PlayerColours[rng.IntN(4)]
			ann, word, path, ok := RandomTurn(rng, &setup, b, player)
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
	board := RandomStart(rng, &setup)
	for len(turns) < 200 {
		player := PlayerColours[rng.IntN(4)]
		ann, word, _, ok := RandomTurn(rng, &setup, board, player)
		if !ok {
			continue
		}
		turns = append(turns, Turn{Player: player, Word: word, Before: board, Announced: ann})
		if len(turns)%20 == 0 {
			board = RandomStart(rng, &setup)
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
