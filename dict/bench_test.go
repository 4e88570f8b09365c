package dict

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// mixedSample is a fixed, seeded mix of words and non-words for d: every
// n-th word, half of them turned into a non-word by changing one letter,
// and a quarter of all of them upper-cased, as players type them.
func mixedSample(d *Dict, n int) []string {
	rng := rand.New(rand.NewPCG(7, 11))
	words := slices.Collect(d.All())
	var out []string
	for i := 0; i < len(words); i += len(words) / n {
		w := []rune(words[i])
		if rng.IntN(2) == 0 {
			for tries := 0; tries < 10; tries++ {
				v := slices.Clone(w)
				v[rng.IntN(len(v))] = w[rng.IntN(len(w))] + rune(rng.IntN(3)+1)
				if !d.Contains(string(v)) {
					w = v
					break
				}
			}
		}
		s := string(w)
		if rng.IntN(4) == 0 {
			s = strings.ToUpper(s)
		}
		out = append(out, s)
	}
	return out
}

func benchContains(b *testing.B, d *Dict) {
	sample := mixedSample(d, 4096)
	found := 0
	for _, w := range sample {
		if d.Contains(w) {
			found++
		}
	}
	median := medianLookup(d, sample)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		d.Contains(sample[i%len(sample)])
	}
	b.ReportMetric(median, "median-ns/lookup")
	b.ReportMetric(float64(found)/float64(len(sample)), "words/sample")
}

// medianLookup is the median over the sample of each word's lookup time,
// each timed over a run of repeated lookups so the clock's own cost
// vanishes.
func medianLookup(d *Dict, sample []string) float64 {
	const reps = 200
	times := make([]float64, len(sample))
	for i, w := range sample {
		start := time.Now()
		for range reps {
			d.Contains(w)
		}
		times[i] = float64(time.Since(start).Nanoseconds()) / reps
	}
	slices.Sort(times)
	return times[len(times)/2]
}

// BenchmarkContains: lookups of a mix of ENABLE words and non-words.
// Target: median <= 150 ns.
func BenchmarkContains(b *testing.B) { benchContains(b, English()) }

// BenchmarkContainsRussian: the same mix drawn from the 1,350,245 Russian
// forms. Target: <= 300 ns.
func BenchmarkContainsRussian(b *testing.B) { benchContains(b, Russian()) }

// BenchmarkContainsRussianHandWritten: the hand-written forms and
// non-words of the tests (testdata/ru-forms.txt, ru-nonwords.txt).
func BenchmarkContainsRussianHandWritten(b *testing.B) {
	t := &testing.T{}
	words := append(readWords(t, "testdata/ru-forms.txt"), readWords(t, "testdata/ru-nonwords.txt")...)
	if len(words) == 0 {
		b.Fatal("no words")
	}
	median := medianLookup(Russian(), words)
	for i := 0; b.Loop(); i++ {
		Russian().Contains(words[i%len(words)])
	}
	b.ReportMetric(median, "median-ns/lookup")
}

// BenchmarkRussianLemmas: the entries and parts of speech of a form.
func BenchmarkRussianLemmas(b *testing.B) {
	words := []string{"пишу", "кошек", "красивая", "стали", "кофе", "котыы"}
	RussianLemmas("кот")
	for i := 0; b.Loop(); i++ {
		RussianLemmas(words[i%len(words)])
	}
}

// BenchmarkLoadEnglish: loading the embedded English automaton, and the
// heap in use once it is loaded. Targets: <= 20 ms, <= 6 MB.
func BenchmarkLoadEnglish(b *testing.B) { benchLoad(b, englishData) }

// BenchmarkLoadRussian: every Russian form. Targets: <= 30 ms, <= 8 MB
// embedded.
func BenchmarkLoadRussian(b *testing.B) { benchLoad(b, russianData) }

func BenchmarkLoadRussianNouns(b *testing.B) { benchLoad(b, russianNounsData) }

func benchLoad(b *testing.B, data []byte) {
	for b.Loop() {
		if _, err := Load(data, "bench"); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	keep, _ := Load(data, "bench")
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc)/(1<<20), "heap-MB")
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/1024, "heap-growth-KB")
	b.ReportMetric(float64(len(data))/1024, "embedded-KB")
	runtime.KeepAlive(keep)
}

// BenchmarkOpenUserList: building the automaton of a user's list at run
// time, here ENABLE's words as text.
func BenchmarkOpenUserList(b *testing.B) {
	words := slices.Collect(English().All())
	for b.Loop() {
		if _, err := New(words, "user"); err != nil {
			b.Fatal(err)
		}
	}
}
