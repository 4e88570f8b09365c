package dict

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// build makes the minimal acyclic automaton of words, which must already
// be folded and non-empty (duplicates are allowed). It is the incremental
// construction for sorted input: words are added in ascending order, and
// whenever a word leaves the previous word's path, the states of that
// path's abandoned tail are final: each is replaced by an equal state
// already registered, or registered itself. Two states are equal when they
// agree on finality and on every edge (symbol and target), so the register
// is a map from that signature to the state.
func build(words []string) (*automaton, error) {
	words = slices.Clone(words)
	slices.Sort(words) // byte order of UTF-8 is rune order, which is symbol order
	words = slices.Compact(words)

	alphabet := map[rune]bool{}
	for _, w := range words {
		for _, r := range w {
			alphabet[r] = true
		}
	}
	if len(alphabet) > maxSymbols {
		return nil, fmt.Errorf("dict: the list uses %d different letters; at most %d are supported", len(alphabet), maxSymbols)
	}
	a := &automaton{words: len(words)}
	for r := range alphabet {
		a.alphabet = append(a.alphabet, r)
	}
	slices.Sort(a.alphabet)
	symOf := make(map[rune]uint8, len(a.alphabet))
	for i, r := range a.alphabet {
		symOf[r] = uint8(i)
	}

	b := &builder{register: map[string]*state{}}
	root := &state{}
	path := []*state{root}
	var prev []uint8
	cur := make([]uint8, 0, 64)
	for _, w := range words {
		cur = cur[:0]
		for _, r := range w {
			cur = append(cur, symOf[r])
		}
		cp := 0
		for cp < len(prev) && cp < len(cur) && prev[cp] == cur[cp] {
			cp++
		}
		path = b.minimize(path, cp)
		for _, s := range cur[cp:] {
			n := &state{}
			last := path[len(path)-1]
			last.edges = append(last.edges, bedge{sym: s, to: n})
			path = append(path, n)
		}
		path[len(path)-1].final = true
		prev = append(prev[:0], cur...)
	}
	b.minimize(path, 0)

	order := topoOrder(root)
	if len(order) > 0 {
		total := 0
		for _, s := range order {
			total += len(s.edges)
		}
		if total >= maxEdges {
			return nil, fmt.Errorf("dict: the list is too large (%d automaton edges; at most %d)", total, maxEdges-1)
		}
	}
	first := make(map[*state]uint32, len(order))
	n := uint32(0)
	for _, s := range order {
		first[s] = n
		n += uint32(len(s.edges))
	}
	a.edges = make([]byte, 0, 4*n)
	for _, s := range order {
		for i, e := range s.edges {
			v := uint32(e.sym) | first[e.to]<<targetShift
			if e.to.final {
				v |= finalBit
			}
			if i == len(s.edges)-1 {
				v |= lastBit
			}
			a.edges = binary.LittleEndian.AppendUint32(a.edges, v)
		}
	}
	a.initSymbols()
	a.initTables()
	return a, nil
}

type state struct {
	final bool
	edges []bedge
	id    int // register id, 0 while unregistered
}

type bedge struct {
	sym uint8
	to  *state
}

type builder struct {
	register map[string]*state
	key      strings.Builder
}

// minimize replaces or registers the states of path beyond depth keep,
// deepest first, and returns the path cut to keep+1 states.
func (b *builder) minimize(path []*state, keep int) []*state {
	for i := len(path) - 1; i > keep; i-- {
		child, parent := path[i], path[i-1]
		parent.edges[len(parent.edges)-1].to = b.canonical(child)
	}
	return path[:keep+1]
}

func (b *builder) canonical(s *state) *state {
	b.key.Reset()
	if s.final {
		b.key.WriteByte('F')
	}
	for _, e := range s.edges {
		b.key.WriteByte(e.sym)
		b.key.WriteString(strconv.Itoa(e.to.id))
		b.key.WriteByte(',')
	}
	k := b.key.String()
	if r, ok := b.register[k]; ok {
		return r
	}
	s.id = len(b.register) + 1
	b.register[k] = s
	return s
}

// topoOrder lists the states that have edges in reverse depth-first
// postorder, the start state first: every edge then points to a later
// state, and the states of one word lie mostly close together.
func topoOrder(root *state) []*state {
	seen := map[*state]bool{}
	var post []*state
	var visit func(s *state)
	visit = func(s *state) {
		seen[s] = true
		for i := len(s.edges) - 1; i >= 0; i-- {
			if t := s.edges[i].to; !seen[t] && len(t.edges) > 0 {
				visit(t)
			}
		}
		post = append(post, s)
	}
	if len(root.edges) > 0 {
		visit(root)
	}
	slices.Reverse(post)
	return post
}
