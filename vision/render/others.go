package render

import (
	"fmt"
	"image"
	"math/rand/v2"
)

var actionIcons = map[string]func(img *image.RGBA, n int){}

func cutNotches(img *image.RGBA, n int) {}

func (w *world) buildLexicon(state []byte, name string) error {
	return fmt.Errorf("%w: lexicon is not drawn yet", ErrUnknownGame)
}

func (w *world) buildTwists(state []byte, name string) error {
	return fmt.Errorf("%w: twists is not drawn yet", ErrUnknownGame)
}

func (w *world) buildPyramids(state []byte, name string) error {
	return fmt.Errorf("%w: pyramids is not drawn yet", ErrUnknownGame)
}

func randomLexicon(rng *rand.Rand) []byte  { return nil }
func randomTwists(rng *rand.Rand) []byte   { return nil }
func randomPyramids(rng *rand.Rand) []byte { return nil }
