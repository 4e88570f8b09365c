package render

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/scoring/upwords"
)

// StateRows is how many rows a position in the grid text format has
// (its non-blank lines): the board's size, for Options.FitUpwords.
func StateRows(state []byte) int {
	n := 0
	for _, l := range bytes.Split(state, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			n++
		}
	}
	return n
}

// RandomState returns a random position of game in its text format, the
// same for the same seed: for Upwords a legal game of 1 to 30 turns played
// by scoring/upwords' generator with ENABLE as the dictionary.
func RandomState(game string, seed int64) ([]byte, error) {
	rng := newRand(seed, 1)
	switch game {
	case "upwords":
		return RandomUpwords(seed, 10)

	case "lexicon":
		return randomLexicon(rng), nil
	case "twists":
		return randomTwists(rng), nil
	case "pyramids":
		return randomPyramids(rng), nil
	case "scrabble":
		return randomScrabble(seed), nil
	}
	return nil, fmt.Errorf("%w %q (want one of upwords, lexicon, twists, pyramids, scrabble)", ErrUnknownGame, game)
}

// RandomUpwords is a random legal Upwords position of the 10x10 edition
// or the classic 8x8 one (edition 8): a game of 1 to 30 turns played by
// scoring/upwords' generator with ENABLE as the dictionary.
func RandomUpwords(seed int64, edition int) ([]byte, error) {
	if edition != 8 && edition != 10 {
		return nil, fmt.Errorf("%w: Upwords edition %d (want 8 or 10)", ErrBadOptions, edition)
	}
	rng := newRand(seed, 1)
	turns := 1 + rng.IntN(30)
	r := upwords.Rules{Edition: upwords.Edition(edition), Dictionary: dict.English()}
	boards, _ := r.RandomGame(rng, upwords.CommonWords(), turns)
	return []byte(boards[len(boards)-1].String()), nil
}

// mix spreads a seed's bits (splitmix64), so that neighbouring seeds start
// unrelated random streams.
func mix(seed int64, salt uint64) uint64 {
	z := uint64(seed) + salt*0x9e3779b97f4a7c15 + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func newRand(seed int64, salt uint64) *rand.Rand {
	return rand.New(rand.NewPCG(mix(seed, salt), mix(seed, salt+1)))
}
