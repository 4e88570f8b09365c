package twists

import (
	"testing"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/twists"
)

// BenchmarkCandidates is the search for the word a turn spelled when the
// table did not name it, with the Russian dictionary: the demo's ОКОННЫЙ
// (5 new tiles), and 7 new tiles on a crowded 15 x 15 table; "replayed"
// is the same turn judged again (a replay of the log: remembered).
func BenchmarkCandidates(b *testing.B) {
	r, err := Game{}.New(nil, game.Env{Dict: dict.Russian()})
	if err != nil {
		b.Fatal(err)
	}
	rules := r.(*Rules)
	okonny := twists.MustParse("...........\n...........\n...........\n....О......\n...ОТКОС...\n....О..Н...\n...Л...НЫЙ.\n..!......@.\n", twists.Russian)
	sokol := twists.MustParse("...........\n...........\n...........\n...........\n...ОТКОС...\n....О......\n...Л.......\n..!........\n", twists.Russian)
	crowded := twists.NewBoard(15, 15)
	letters := []rune("ОЕАИНТСРВЛКМДПУ")
	for r := range 15 {
		for c := range 15 {
			crowded.Set(twists.Pos{Row: r, Col: c}, letters[(r*7+c*3)%len(letters)])
		}
	}
	before := crowded.Clone()
	for c := 4; c < 11; c++ {
		before.Set(twists.Pos{Row: 7, Col: c}, 0)
	}
	for _, tc := range []struct {
		name          string
		before, after *twists.Board
	}{
		{"ОКОННЫЙ", sokol, okonny},
		{"crowded, 7 new", before, crowded},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				rules.search(tc.before, tc.after)
			}
		})
		// A replay of the log asks again about the same tables: the
		// answer found before.
		b.Run(tc.name+", replayed", func(b *testing.B) {
			rules.candidates(tc.before, tc.after)
			for b.Loop() {
				rules.candidates(tc.before, tc.after)
			}
		})
	}
}
