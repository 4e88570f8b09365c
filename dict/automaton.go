package dict

import (
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"slices"
	"unicode/utf8"
)

// The serialised automaton ("TSD1"), all integers little-endian uint32:
//
//	magic "TSD1" | word count | symbol count S | S runes (the alphabet,
//	ascending, already folded) | edge count E | E edges
//
// An edge is one uint32:
//
//	bits 0-7   symbol: index into the alphabet
//	bit  8     final: a word ends after taking this edge
//	bit  9     last: the last edge of its state
//	bits 10-31 target: index of the first edge of the state the edge leads
//	           to, 0 when that state has no edges
//
// A state is the run of edges from its first edge up to and including the
// edge marked last, in ascending symbol order. The start state's edges
// begin at index 0; no edge can lead back to the start state (the
// automaton is acyclic), which is why target 0 can mean "no edges".
const (
	magic       = "TSD1"
	symBits     = 8
	maxSymbols  = 1<<symBits - 1 // symbol 255 is reserved for "not in the alphabet"
	noSym       = 0xFF
	finalBit    = 1 << 8
	lastBit     = 1 << 9
	targetShift = 10
	maxEdges    = 1 << (32 - targetShift)
	// noEdge marks a missing entry in the tables of the first two letters;
	// no edge has it, since its symbol is noSym.
	noEdge = 0xFFFFFFFF
	// lowRunes is the size of the direct rune-to-symbol table: it covers
	// ASCII, Latin-1 and Cyrillic, so every built-in list looks letters
	// up with one array index.
	lowRunes = 0x500
)

// ErrCorrupt is returned by Load for data that is not a serialised automaton.
var ErrCorrupt = errors.New("dict: corrupt automaton data")

// automaton is the minimal acyclic automaton of a word list.
type automaton struct {
	edges    []byte // 4 bytes per edge, little-endian
	words    int
	alphabet []rune          // ascending; symbol i is alphabet[i]
	low      [lowRunes]uint8 // rune -> symbol for runes < lowRunes, both cases; noSym if absent
	nsym     int
	first    []uint32 // symbol -> edge from the start state, or noEdge
	second   []uint32 // symbol*nsym + symbol -> edge of the second letter, or noEdge
}

func (a *automaton) edge(i uint32) uint32 {
	return binary.LittleEndian.Uint32(a.edges[4*i:])
}

func (a *automaton) nEdges() int { return len(a.edges) / 4 }

// initSymbols fills the rune -> symbol table from the alphabet.
func (a *automaton) initSymbols() {
	for i := range a.low {
		a.low[i] = noSym
	}
	for r := rune(0); r < lowRunes; r++ {
		f := foldRune(r)
		if s, ok := slices.BinarySearch(a.alphabet, f); ok {
			a.low[r] = uint8(s)
		}
	}
}

// symbol returns the symbol of rune r (any case), or noSym.
func (a *automaton) symbol(r rune) uint8 {
	if r >= 0 && r < lowRunes {
		return a.low[r]
	}
	if s, ok := slices.BinarySearch(a.alphabet, foldRune(r)); ok {
		return uint8(s)
	}
	return noSym
}

// next returns the symbol of the rune at word[i] and the index after it.
// ASCII takes one table read; the rest go through nextSlow.
func (a *automaton) next(word string, i int) (uint8, int) {
	if c := word[i]; c < utf8.RuneSelf {
		return a.low[c], i + 1
	}
	return a.nextSlow(word, i)
}

func (a *automaton) nextSlow(word string, i int) (uint8, int) {
	// Two-byte sequences (Latin-1 to Cyrillic) decoded by hand: they are
	// every letter of the Russian list.
	if c := word[i]; c >= 0xC2 && c < 0xE0 && i+1 < len(word) {
		if d := word[i+1]; d&0xC0 == 0x80 {
			return a.low[rune(c&0x1F)<<6|rune(d&0x3F)], i + 2
		}
	}
	r, n := utf8.DecodeRuneInString(word[i:])
	if r == utf8.RuneError && n == 1 {
		return noSym, i + 1 // invalid UTF-8 is never a letter
	}
	return a.symbol(r), i + n
}

// initTables fills first and second: the edges of the first two letters
// of every word, looked up directly. These are the widest states (26 or
// 32 edges), where scanning would cost most.
func (a *automaton) initTables() {
	n := len(a.alphabet)
	a.nsym = n
	a.first = make([]uint32, n)
	a.second = make([]uint32, n*n)
	for i := range a.first {
		a.first[i] = noEdge
	}
	for i := range a.second {
		a.second[i] = noEdge
	}
	if len(a.edges) == 0 {
		return
	}
	for j := uint32(0); ; j++ {
		e := a.edge(j)
		s1 := int(uint8(e))
		a.first[s1] = e
		if t := e >> targetShift; t != 0 {
			for k := t; ; k++ {
				e2 := a.edge(k)
				a.second[s1*n+int(uint8(e2))] = e2
				if e2&lastBit != 0 {
					break
				}
			}
		}
		if e&lastBit != 0 {
			break
		}
	}
}

// contains walks the automaton along word, folding case as it goes.
func (a *automaton) contains(word string) bool {
	if len(word) == 0 || len(a.edges) == 0 {
		return false
	}
	s1, i := a.next(word, 0)
	if s1 == noSym {
		return false
	}
	e := a.first[s1]
	if e == noEdge {
		return false
	}
	if i == len(word) {
		return e&finalBit != 0
	}
	s2, i := a.next(word, i)
	if s2 == noSym {
		return false
	}
	e = a.second[int(s1)*a.nsym+int(s2)]
	if e == noEdge {
		return false
	}
	for i < len(word) {
		state := e >> targetShift // first edge of the current state
		if state == 0 {
			return false // the last edge led to a state with no edges
		}
		var sym uint8
		sym, i = a.next(word, i)
		if sym == noSym {
			return false
		}
		for j := state; ; j++ {
			e = a.edge(j)
			if s := uint8(e); s == sym {
				break
			} else if s > sym || e&lastBit != 0 {
				return false
			}
		}
	}
	return e&finalBit != 0
}

// all yields every word, folded, in ascending order.
func (a *automaton) all() iter.Seq[string] {
	return a.from(0, nil)
}

// withPrefix yields every word that starts with prefix (already folded),
// in ascending order.
func (a *automaton) withPrefix(prefix string) iter.Seq[string] {
	none := func(func(string) bool) {}
	if prefix == "" {
		return a.all()
	}
	if len(a.edges) == 0 {
		return none
	}
	state := uint32(0)
	var e uint32
	for i := 0; i < len(prefix); {
		if i > 0 {
			state = e >> targetShift
			if state == 0 {
				return none
			}
		}
		var sym uint8
		sym, i = a.next(prefix, i)
		if sym == noSym {
			return none
		}
		found := false
		for j := state; ; j++ {
			e = a.edge(j)
			if s := uint8(e); s == sym {
				found = true
				break
			} else if s > sym || e&lastBit != 0 {
				break
			}
		}
		if !found {
			return none
		}
	}
	return func(yield func(string) bool) {
		if e&finalBit != 0 && !yield(prefix) {
			return
		}
		if t := e >> targetShift; t != 0 {
			a.from(t, []byte(prefix))(yield)
		}
	}
}

// from yields the words reached from state, each after prefix.
func (a *automaton) from(start uint32, prefix []byte) iter.Seq[string] {
	return func(yield func(string) bool) {
		if len(a.edges) == 0 {
			return
		}
		buf := append(make([]byte, 0, 64), prefix...)
		var walk func(state uint32) bool
		walk = func(state uint32) bool {
			for j := state; ; j++ {
				e := a.edge(j)
				n := len(buf)
				buf = utf8.AppendRune(buf, a.alphabet[uint8(e)])
				if e&finalBit != 0 && !yield(string(buf)) {
					return false
				}
				if t := e >> targetShift; t != 0 && !walk(t) {
					return false
				}
				buf = buf[:n]
				if e&lastBit != 0 {
					return true
				}
			}
		}
		walk(start)
	}
}

// marshal serialises the automaton in the TSD1 format.
func (a *automaton) marshal() []byte {
	out := make([]byte, 0, 16+4*len(a.alphabet)+len(a.edges))
	out = append(out, magic...)
	out = binary.LittleEndian.AppendUint32(out, uint32(a.words))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(a.alphabet)))
	for _, r := range a.alphabet {
		out = binary.LittleEndian.AppendUint32(out, uint32(r))
	}
	out = binary.LittleEndian.AppendUint32(out, uint32(a.nEdges()))
	return append(out, a.edges...)
}

// load reads a TSD1 automaton. The edges alias data (no copy), so loading
// the embedded lists allocates only the small alphabet table. Every edge
// is checked, so a corrupt file is an error rather than a panic later.
func load(data []byte) (*automaton, error) {
	rd := func(off int) (uint32, bool) {
		if off+4 > len(data) {
			return 0, false
		}
		return binary.LittleEndian.Uint32(data[off:]), true
	}
	if len(data) < 12 || string(data[:4]) != magic {
		return nil, fmt.Errorf("%w: bad header", ErrCorrupt)
	}
	words, _ := rd(4)
	nsym, _ := rd(8)
	if nsym > maxSymbols {
		return nil, fmt.Errorf("%w: %d symbols", ErrCorrupt, nsym)
	}
	a := &automaton{words: int(words), alphabet: make([]rune, nsym)}
	off := 12
	for i := range a.alphabet {
		r, ok := rd(off)
		if !ok || !utf8.ValidRune(rune(r)) || (i > 0 && rune(r) <= a.alphabet[i-1]) {
			return nil, fmt.Errorf("%w: bad alphabet", ErrCorrupt)
		}
		a.alphabet[i] = rune(r)
		off += 4
	}
	ne, ok := rd(off)
	off += 4
	if !ok || uint64(len(data)-off) != 4*uint64(ne) || ne >= maxEdges {
		return nil, fmt.Errorf("%w: edge count %d does not match the data", ErrCorrupt, ne)
	}
	a.edges = data[off:]
	for i := uint32(0); i < ne; i++ {
		e := a.edge(i)
		t := e >> targetShift
		if uint32(uint8(e)) >= nsym || t >= ne || (t != 0 && t <= i) {
			// Targets always point forward (states are laid out in
			// topological order), which also rules out cycles.
			return nil, fmt.Errorf("%w: bad edge %d", ErrCorrupt, i)
		}
	}
	if ne > 0 && a.edge(ne-1)&lastBit == 0 {
		return nil, fmt.Errorf("%w: unterminated state", ErrCorrupt)
	}
	a.initSymbols()
	a.initTables()
	return a, nil
}
