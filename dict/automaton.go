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

// contains walks the automaton along word, folding case as it goes.
func (a *automaton) contains(word string) bool {
	if len(word) == 0 || len(a.edges) == 0 {
		return false
	}
	var state uint32 // first edge of the current state
	var final bool
	for i := 0; i < len(word); {
		if i > 0 && state == 0 {
			return false // the previous edge led to a state with no edges
		}
		var sym uint8
		if c := word[i]; c < utf8.RuneSelf {
			sym = a.low[c]
			i++
		} else {
			r, n := utf8.DecodeRuneInString(word[i:])
			sym = a.symbol(r)
			i += n
		}
		if sym == noSym {
			return false
		}
		for j := state; ; j++ {
			e := a.edge(j)
			s := uint8(e)
			if s == sym {
				state = e >> targetShift
				final = e&finalBit != 0
				break
			}
			if s > sym || e&lastBit != 0 {
				return false
			}
		}
	}
	return final
}

// all yields every word, folded, in ascending order.
func (a *automaton) all() iter.Seq[string] {
	return func(yield func(string) bool) {
		if len(a.edges) == 0 {
			return
		}
		buf := make([]byte, 0, 64)
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
		walk(0)
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
	return a, nil
}
