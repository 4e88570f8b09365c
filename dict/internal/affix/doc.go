// Package affix reads the suffix rules of a hunspell affix file (.aff)
// and applies them both ways: Expand makes every form of a dictionary
// entry (what the word list is built from), Analyse finds the entries a
// form can come from (the lemma and its flags).
//
// Only what Debian's hunspell-ru uses is supported: one-letter flags and
// SFX rules without continuation classes. Parse refuses anything else
// (PFX, FLAG long or num, affixes with their own flags, compounding), so
// a future hunspell-ru that needs more fails loudly at `make dicts` rather
// than producing a silently different list.
//
// The semantics are hunspell's (affixmgr.cxx, SfxEntry::checkword): a
// suffix rule "SFX F strip add cond" applies to a root whose end matches
// cond and ends in strip, and makes root[:len-len(strip)]+add; at least
// one letter of the root must remain before the strip (no FULLSTRIP).
// Conditions are sequences of letters, '.', [set] and [^set], matched
// against the last letters of the root.
package affix
