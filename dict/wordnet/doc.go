// Package wordnet gives short definitions of English words from a WordNet
// 3.0 database in its plain-text form, as Debian's wordnet-base installs it
// (/usr/share/wordnet: index.noun, data.noun, noun.exc and the same for
// verb, adj and adv).
//
// Nothing is loaded up front. A word is looked up by binary search in the
// sorted index files, read through io.ReaderAt, and its first (most
// frequent) sense's gloss is read at the byte offset the index gives in the
// data file. So a definition costs a few dozen small reads, and an idle
// WordNet costs no memory. Only the exception lists (*.exc, irregular forms
// such as geese -> goose, 150 KB in all) are read whole, once, when first
// needed.
//
// Inflected forms are reduced to their base forms as WordNet's own morphy
// does: first the exception lists, then the regular detachment rules
// (cats -> cat, boxes -> box, tried -> try, running -> run). Of the parts of
// speech that know the word, the definition comes from the one whose
// entry is the word as given, then from the one whose first sense is most
// frequent in WordNet's tagged corpus.
//
// The database is any fs.FS, so tests use a tiny fake one under testdata.
// A missing database is ErrNotInstalled, which callers report as "no
// definition available" and otherwise ignore.
//
// WordNet 3.0 is Copyright 2006 by Princeton University, under the WordNet
// 3.0 licence; this package reads it at run time and ships none of it.
package wordnet
