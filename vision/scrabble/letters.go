package scrabble

import (
	"fmt"
	"image"
	"slices"
	"sync"

	"github.com/tilescope/tilescope/ocr"
)

// letterReader is the reader Scan reads the tiles' letters with: when
// Reader is ocr's own classifier and the binary has the model trained on
// Scrabble squares as Scan cuts them (ocr's en-scr, made by make train:
// ocr/internal/train -specialist scrabble) with the same glyphs, the two
// pooled (their probabilities averaged: ocr.Pool), unless Options.General;
// any other Reader as it is (a test's, Tesseract).
//
// Pooled rather than the new model alone: on the render sets of seeds
// 1-3 the new model alone read 37 more letters than the general one, but
// turned two blurred boards the wrong way up (its first reads' angles);
// pooled it read 67 more, no board turned wrong, and the letters read
// wrong and sure went from 18 to 1. The empty squares' check (occupancy's
// seeds) stays with Reader: with the new model there, 65 fewer tiles were
// found and 26 more false ones (docs/scrabble-vision.md).
func letterReader(opt Options) TileReader {
	if opt.General {
		return opt.Reader
	}
	c, ok := opt.Reader.(*ocr.Classifier)
	if !ok {
		return opt.Reader
	}
	sc := scrabbleModel()
	if sc == nil || !slices.Equal(sc.Glyphs(), c.Glyphs()) || sc.Model().Turns != c.Model().Turns {
		return opt.Reader
	}
	return ocr.Pool{sc, c}
}

// lazyModel is one of the binary's specialist letter models, loaded
// once, when first needed.
type lazyModel struct {
	name string // the model's name (ocr.LoadModel)
	once sync.Once
	c    *ocr.Classifier
}

// get loads the model the first time it is asked for; nil when the
// binary has none (or it does not load).
func (l *lazyModel) get() *ocr.Classifier {
	l.once.Do(func() {
		m, err := ocr.LoadModel(l.name)
		if err != nil {
			return
		}
		l.c, _ = ocr.NewClassifier(m)
	})
	return l.c
}

// The model trained on Scrabble squares, and the one trained further on
// shaken squares (scrsteep).
var (
	scrModel     = &lazyModel{name: ocr.SpecialistScrabble}
	scrBlurModel = &lazyModel{name: ocr.SpecialistScrabbleBlur}
)

// scrabbleModel is the model trained on Scrabble squares; nil when the
// binary has none.
func scrabbleModel() *ocr.Classifier { return scrModel.get() }

// SquareMargin is the margin round a square (a fraction of its side, on
// every side) of the crops Scan reads the squares' letters from.
const SquareMargin = cropMargin

// ReadSquare reads one square's crop (the square with SquareMargin round
// it, as the photo has it) as Scan reads a tile's letter: whitened, by
// the reader Scan reads letters with (opt.Reader pooled with the model
// trained on Scrabble squares, unless opt.General). For a caller that
// found a board's squares another way (vision/loose: part of a board,
// by its print's lines).
func ReadSquare(crop *image.RGBA, opt Options) (ocr.Reading, error) {
	if opt.Reader == nil {
		return ocr.Reading{}, ErrNoReader
	}
	return letterReader(opt).Read(whiten(crop))
}

// ReadSquareUpright reads a square as Scan reads a tile again once the
// board's way up is known: crops[0] is the square with SquareMargin
// round it, turned so that the board's up is the crop's; each crop is
// whitened and its value number dropped, and only the readings of a
// letter standing upright count (a V with its 4 is not a K turned a
// twelfth). Where that reading is unsure, all the crops (the others cut
// a little shifted, wider or narrower) are read and their probabilities
// averaged, where the reader can (ocr.VoteReader). For a caller that
// found a board's squares another way (vision/loose).
func ReadSquareUpright(crops []*image.RGBA, opt Options) (ocr.Reading, error) {
	if opt.Reader == nil {
		return ocr.Reading{}, ErrNoReader
	}
	if len(crops) == 0 {
		return ocr.Reading{}, fmt.Errorf("%w: no crop of the square", ocr.ErrEmptyImage)
	}
	return readVoting(letterReader(opt), dropValue(whiten(crops[0])), func() []image.Image {
		var ms []image.Image
		for _, c := range crops[1:] {
			ms = append(ms, dropValue(whiten(c)))
		}
		return ms
	}, ocr.Known{Tile: true, HasAngle: true})
}

// blurReader is the reader Scan reads a blurred board's letters with
// (Reading.Blurred: every letter of it unsure): ocr's model trained on
// Scrabble squares shaken (en-scrb, make train) pooled with the general
// model, where opt's reader is ocr's own classifier and the binary has
// that model with the same glyphs; nil otherwise (the board is read by
// letterReader as any other). The models trained on sharp squares read
// a shaken tile's letter as whatever its smear looks like turned (an S
// or E smeared across reads M a quarter turn round), and so turn the
// board as well (docs/scrabble-vision.md, scrsteep).
func blurReader(opt Options) TileReader {
	if opt.General {
		return nil
	}
	c, ok := opt.Reader.(*ocr.Classifier)
	if !ok {
		return nil
	}
	sb := scrabbleBlurModel()
	if sb == nil || !slices.Equal(sb.Glyphs(), c.Glyphs()) || sb.Model().Turns != c.Model().Turns {
		return nil
	}
	return blurPool(sb, c)
}

// blurPool pools the shaken squares' model with the general one.
var blurPool = func(sb, c *ocr.Classifier) TileReader { return ocr.Pool{sb, c} }

// scrabbleBlurModel is the model trained on shaken Scrabble squares;
// nil when the binary has none.
func scrabbleBlurModel() *ocr.Classifier { return scrBlurModel.get() }
