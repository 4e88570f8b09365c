// Package dict holds Tilescope's word lists and answers "is this a word?".
//
// The built-in lists are English (ENABLE, public domain, 172,823 words) and
// Russian: every form of every entry of Debian's hunspell-ru, its suffix
// rules applied by our own expansion (dict/internal/affix), 1,350,245
// forms (modified: see data/README.md); RussianNouns is the house list of
// nouns in their dictionary form, and RussianLemmas finds the entries a
// form comes from and their parts of speech. A player's own list is read
// with Open.
//
// # The structure
//
// Every list is a minimal acyclic deterministic automaton (a DAWG): a word
// is a path from the start state, one edge per letter, and words that share
// a prefix share the states of that prefix while words that share a suffix
// share the states of that suffix. Minimal means no two states have the same
// future, so ENABLE's 1.7 MB of text become about 123,000 edges.
//
// An edge is one 32-bit word: the letter (an index into the list's alphabet),
// "a word ends here", "last edge of this state", and the index of the first
// edge of the state it leads to. A state is a run of edges in letter order,
// and the states are laid out so that every edge points forward. Lookup
// walks the word letter by letter, scanning the current state's few edges;
// it allocates nothing and costs a few memory reads per letter.
//
// The automata of the built-in lists are built ahead of time by
// dict/internal/gen (`go generate ./dict`), committed under data/, and
// embedded in the binary. Loading one is reading a short header and
// checking the edges in place: the edges are not copied, so the load takes
// well under a millisecond and the heap barely grows. The same builder
// makes the automaton of a user's list at run time (about 0.2 s for a list
// as large as ENABLE).
//
// # Folding
//
// Words are stored lower case, with Ё as Е (Russian players treat them as
// one letter). Contains folds as it walks, so "QI", "qi" and "Qi" are the
// same word and so are "ЁЖ" and "ёж" and "еж". All yields the folded forms.
//
// Package dict is pure Go and imports nothing outside the standard library.
// Callers that only check words should depend on a one-method interface of
// their own, Contains(word string) bool, which *Dict satisfies.
package dict
