package pyramids

import (
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// benchTurns loads every turn case of testdata/turns.
func benchTurns(b *testing.B) []turnCase {
	files, _ := filepath.Glob("testdata/turns/*.txt")
	t := &testing.T{}
	var out []turnCase
	for _, f := range files {
		out = append(out, readTurnCase(t, f))
	}
	if len(out) == 0 {
		b.Fatal("no turn cases")
	}
	return out
}

// benchJudge times Judge over the turn cases, legal and illegal alike, in
// batches of 16 of one case, and reports the median time of one turn.
func benchJudge(b *testing.B, announced bool) {
	setup := DefaultSetup()
	cases := benchTurns(b)
	dict := newWords(testWords + " DO")
	const batch = 16
	var per []time.Duration
	i := 0
	for b.Loop() {
		tc := cases[i%len(cases)]
		i++
		turn := Turn{Player: tc.player, Before: tc.before, Announced: tc.announced}
		if announced {
			turn.Word = tc.word
		}
		t0 := time.Now()
		for range batch {
			Judge(&setup, turn, dict)
		}
		per = append(per, time.Since(t0)/batch)
	}
	slices.Sort(per)
	b.ReportMetric(float64(per[len(per)/2].Nanoseconds()), "median-ns/turn")
	b.ReportMetric(float64(per[len(per)*9/10].Nanoseconds()), "p90-ns/turn")
}

// BenchmarkJudge: the word as announced (as in every case file that has one).
func BenchmarkJudge(b *testing.B) { benchJudge(b, true) }

// BenchmarkJudgeFind: no word given; Judge finds it from the moved pyramids.
func BenchmarkJudgeFind(b *testing.B) { benchJudge(b, false) }
