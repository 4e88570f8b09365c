package dict

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func mustNew(t testing.TB, words ...string) *Dict {
	t.Helper()
	d, err := New(words, "test")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestMinimal(t *testing.T) {
	tests := []struct {
		name  string
		words []string
		edges int
	}{
		// start -b,c-> q1 -a-> q2 -t-> q3(final) -s-> (final, no edges)
		{"shared prefix and suffix", []string{"cat", "cats", "bat", "bats"}, 5},
		{"one word", []string{"qi"}, 2},
		{"duplicates and case", []string{"QI", "qi", "Qi"}, 2},
		// start -a-> q1(final) -a-> (final); the two "a" ends are one state
		{"word and its prefix", []string{"a", "aa"}, 2},
		// start -c-> q1 -a-> q2 -t,r-> end: t and r share the final state
		{"shared final state", []string{"cat", "car"}, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustNew(t, tc.words...)
			if got := d.a.nEdges(); got != tc.edges {
				t.Errorf("%d edges, want %d", got, tc.edges)
			}
		})
	}
}

// TestAgainstMap builds automata of random word sets over a small alphabet
// and checks every string up to a length against a Go map.
func TestAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	letters := []rune("abcё")
	var all []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		if prefix != "" {
			all = append(all, prefix)
		}
		if n == 0 {
			return
		}
		for _, r := range letters {
			gen(prefix+string(r), n-1)
		}
	}
	gen("", 5)
	for trial := 0; trial < 30; trial++ {
		set := map[string]bool{}
		var words []string
		for _, w := range all {
			if rng.IntN(4) == 0 {
				words = append(words, w)
				set[Fold(w)] = true
			}
		}
		d := mustNew(t, words...)
		if d.Len() != len(set) {
			t.Fatalf("trial %d: Len %d, want %d", trial, d.Len(), len(set))
		}
		for _, w := range all {
			if got, want := d.Contains(w), set[Fold(w)]; got != want {
				t.Fatalf("trial %d: Contains(%q) = %v, want %v", trial, w, got, want)
			}
			if got, want := d.Contains(strings.ToUpper(w)), set[Fold(w)]; got != want {
				t.Fatalf("trial %d: Contains(%q) = %v, want %v", trial, strings.ToUpper(w), got, want)
			}
		}
		listed := slices.Collect(d.All())
		want := make([]string, 0, len(set))
		for w := range set {
			want = append(want, w)
		}
		slices.Sort(want)
		if !slices.Equal(listed, want) {
			t.Fatalf("trial %d: All() = %q, want %q", trial, listed, want)
		}
		// The serialised form loads to the same dictionary.
		data, _ := d.MarshalBinary()
		d2, err := Load(data, "copy")
		if err != nil {
			t.Fatalf("trial %d: Load: %v", trial, err)
		}
		if !slices.Equal(slices.Collect(d2.All()), want) {
			t.Fatalf("trial %d: loaded copy differs", trial)
		}
	}
}

func TestInvalidUTF8NeverMatches(t *testing.T) {
	d := mustNew(t, "\uFFFD", "a\uFFFDb", "ёж")
	for _, w := range []string{"\xff", "a\xffb", "\xd1", "\xd1\x91\xd0"} {
		if d.Contains(w) {
			t.Errorf("Contains(%q) = true", w)
		}
	}
	if !d.Contains("\uFFFD") || !d.Contains("ЁЖ") {
		t.Error("valid words not found")
	}
}

func TestNewRejects(t *testing.T) {
	tests := []struct {
		name  string
		words []string
	}{
		{"empty word", []string{"cat", ""}},
		{"space inside", []string{"ice cream"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := New(tc.words, "test"); err == nil {
				t.Errorf("New(%q) accepted", tc.words)
			}
		})
	}
}

func TestNewTooManyLetters(t *testing.T) {
	var words []string
	for r := rune(0x4E00); r < 0x4E00+300; r++ {
		words = append(words, string(r))
	}
	if _, err := New(words, "han"); err == nil {
		t.Fatal("300 different letters accepted")
	}
	d := mustNew(t, words[:maxSymbols]...)
	if !d.Contains(words[maxSymbols-1]) || d.Contains(words[maxSymbols]) {
		t.Error("255-letter alphabet looked up wrongly")
	}
}

func TestLoadCorrupt(t *testing.T) {
	good, _ := mustNew(t, "cat", "cats", "dog").MarshalBinary()
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"bad magic", append([]byte("XXXX"), good[4:]...)},
		{"truncated", good[:len(good)-2]},
		{"one edge short", good[:len(good)-4]},
		{"extra bytes", append(slices.Clone(good), 0, 0, 0, 0)},
		{"backward edge", func() []byte {
			b := slices.Clone(good)
			n := len(b) - 4 // the last edge: point it back at edge 1
			e := binary.LittleEndian.Uint32(b[n:])
			binary.LittleEndian.PutUint32(b[n:], e&(1<<targetShift-1)|1<<targetShift)
			return b
		}()},
		{"symbol outside alphabet", func() []byte {
			b := slices.Clone(good)
			b[len(b)-4] = 0xFE
			return b
		}()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.data, "bad")
			if !errors.Is(err, ErrCorrupt) {
				t.Errorf("Load = %v, want ErrCorrupt", err)
			}
		})
	}
}

// FuzzLoad: any bytes either fail to load or give a dictionary that can
// be queried and listed without panicking.
func FuzzLoad(f *testing.F) {
	good, _ := mustNew(f, "cat", "cats", "dog", "ёж").MarshalBinary()
	f.Add(good)
	f.Add([]byte("TSD1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Load(bytes.Clone(data), "fuzz")
		if err != nil {
			return
		}
		d.Contains("cat")
		d.Contains("ёж")
		n := 0
		for range d.All() {
			if n++; n > 1000 {
				break
			}
		}
	})
}
