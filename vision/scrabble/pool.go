package scrabble

import (
	"fmt"
	"image"

	"github.com/tilescope/tilescope/ocr"
)

// pool reads a crop with several classifiers of the same glyphs and
// averages their probabilities (over the crops too, for ReadVote): the
// model trained on Scrabble squares and the general one disagree where
// either is unsure, and their average is then unsure too.
type pool []*ocr.Classifier

func (p pool) Read(tile image.Image) (ocr.Reading, error) { return p.ReadKnown(tile, ocr.Known{}) }

func (p pool) ReadKnown(tile image.Image, k ocr.Known) (ocr.Reading, error) {
	return p.ReadVote([]image.Image{tile}, k)
}

func (p pool) ReadVote(tiles []image.Image, k ocr.Known) (ocr.Reading, error) {
	if len(tiles) == 0 || len(p) == 0 {
		return ocr.Reading{}, fmt.Errorf("%w: no crops or no classifier", ocr.ErrEmptyImage)
	}
	glyphs := p[0].Glyphs()
	sum := make([]float64, len(glyphs))
	top := make([]float64, len(glyphs))
	angle := make([]float64, len(glyphs))
	for _, c := range p {
		for _, t := range tiles {
			probs, angles, err := c.GlyphProbs(t, k)
			if err != nil {
				return ocr.Reading{}, err
			}
			for g, v := range probs {
				sum[g] += v
				if v > top[g] {
					top[g], angle[g] = v, angles[g]
				}
			}
		}
	}
	win := -1
	for g := range sum {
		if k.Tile && glyphs[g] == "" {
			continue
		}
		if win < 0 || sum[g] > sum[win] {
			win = g
		}
	}
	conf := sum[win] / float64(len(p)*len(tiles))
	if glyphs[win] == "" {
		return ocr.Reading{Conf: conf}, nil
	}
	return ocr.Reading{Letter: glyphs[win], Conf: conf, Angle: angle[win]}, nil
}

var _ ocr.VoteReader = pool{}
