package twists

import (
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// BenchmarkJudge times Judge over every turn case of testdata/turns, legal
// and illegal, in batches of 16 of one case, and reports the median time of
// one turn.
func BenchmarkJudge(b *testing.B) {
	files, _ := filepath.Glob("testdata/turns/*.txt")
	var cases []turnCase
	for _, f := range files {
		cases = append(cases, readTurnCase(b, f))
	}
	dict := newWords(testWords)
	const batch = 16
	var per []time.Duration
	i := 0
	for b.Loop() {
		tc := cases[i%len(cases)]
		i++
		turn := Turn{Word: tc.word, Before: tc.before, After: tc.after}
		t0 := time.Now()
		for range batch {
			Judge(turn, tc.alpha, dict)
		}
		per = append(per, time.Since(t0)/batch)
	}
	slices.Sort(per)
	b.ReportMetric(float64(per[len(per)/2].Nanoseconds()), "median-ns/turn")
	b.ReportMetric(float64(per[len(per)*9/10].Nanoseconds()), "p90-ns/turn")
}

// BenchmarkJudgeCrowded traces a 7-letter word on a 15x15 table full of
// tiles (many of them the word's letters), the search's hard case.
func BenchmarkJudgeCrowded(b *testing.B) {
	letters := []rune("ОКОННЫЙСТАРЕЛИ")
	before := NewBoard(15, 15)
	for r := 0; r < 15; r++ {
		for c := 0; c < 15; c++ {
			before.Set(Pos{Row: r, Col: c}, letters[(r*7+c*3)%len(letters)])
		}
	}
	before.Set(Pos{Row: 7, Col: 7}, 0)
	after := before.Clone()
	after.Set(Pos{Row: 7, Col: 7}, 'Й')
	turn := Turn{Word: "ОКОННЫЙ", Before: before, After: after}
	var per []time.Duration
	for b.Loop() {
		t0 := time.Now()
		Judge(turn, Russian, nil)
		per = append(per, time.Since(t0))
	}
	slices.Sort(per)
	b.ReportMetric(float64(per[len(per)/2].Nanoseconds()), "median-ns/turn")
}
