package ocr

import (
	"errors"
	"fmt"
	"image"
	"sync"
)

// SpecialistUpwords is the name of the model trained on Upwords faces in
// many typefaces, tile colours and inks (ocr/model/en-upw.tsm): the
// Upwords board reader reads with it pooled with the English model
// (ForUpwords), so that its letters do not depend on one set's print.
const SpecialistUpwords = "en-upw"

// SpecialistUpwordsBlur is the name of the Upwords reader's specialist
// for blurred faces (ocr/model/en-upwb.tsm): trained on blurred,
// shaken and compressed Upwords faces in many typefaces and prints, it
// reads the blurred crops (SpecialistFor) of the Upwords reader
// (ForUpwords) in place of en-blur.
const SpecialistUpwordsBlur = "en-upwb"

// NewPooled returns a classifier that reads letters with main and every
// mate at once: where the crop is known to hold a tile (ReadLetter;
// ReadKnown, ReadVote and GlyphProbs with Known.Tile) their
// probabilities of every (glyph, turn) are averaged at each candidate
// rotation, so a letter one model reads weakly and the others well still
// wins, and a disagreement reads unsure. A crop that may be empty (Read,
// and the other reads without Known.Tile) is read by main alone, so
// whether a square holds a tile, and the first reading of it, are as
// without mates; Outputs reads as for a tile (every output pooled).
// main's specialist
// for blurred crops, if it has one, is kept (itself not pooled). The
// mates must know main's glyphs in main's order and its turns.
func NewPooled(main *Classifier, mates ...*Classifier) (*Classifier, error) {
	// The main model's folded weights (and their packing, its
	// convolutions' plan) and blur specialist are shared, not worked out
	// again: a classifier only reads them.
	c := &Classifier{m: main.m, w1: main.w1, b1: main.b1, w: main.w, b: main.b, blur: main.blur, plan: main.plan, packed: main.packed}
	c.pool.New = main.pool.New
	for _, m := range mates {
		if len(m.m.Glyphs) != len(c.m.Glyphs) || m.m.Turns != c.m.Turns {
			return nil, fmt.Errorf("%w: a pooled model knows %d glyphs and %d turns, the main model %d and %d",
				ErrBadModel, len(m.m.Glyphs), m.m.Turns, len(c.m.Glyphs), c.m.Turns)
		}
		for i, g := range c.m.Glyphs {
			if m.m.Glyphs[i] != g {
				return nil, fmt.Errorf("%w: a pooled model's glyph %d is %q, the main model's %q", ErrBadModel, i, m.m.Glyphs[i], g)
			}
		}
		c.mates = append(c.mates, m)
	}
	return c, nil
}

// MateReader is a Reader pooled with other models (NewPooled) whose
// mates can each be asked alone whether a crop holds a tile: a second
// opinion where the main model says no tile.
type MateReader interface {
	Reader
	MateSeesTile(tile image.Image) (bool, error)
}

// MateSeesTile implements MateReader: whether one of the classifier's
// mates (NewPooled), reading the crop alone as one that may be empty,
// reads a letter there rather than no tile. A classifier without mates
// sees none. Of the Upwords reader (ForUpwords) it asks en-upw, which
// learnt faces in many more typefaces than en.tsm: a face whose strokes
// are hairlines, blurred, is no tile to en.tsm and a letter to en-upw
// (docs/vision.md, "Letters on other makers' sets, counted by cause").
func (c *Classifier) MateSeesTile(tile image.Image) (bool, error) {
	for _, m := range c.mates {
		got, err := m.Read(tile)
		if err != nil {
			return false, err
		}
		if got.Letter != "" {
			return true, nil
		}
	}
	return false, nil
}

var upwordsOnce struct {
	sync.Once
	c   *Classifier
	err error
}

// ForUpwords returns the reader of Upwords faces: the English classifier
// (with its specialist for blurred crops) pooled with SpecialistUpwords
// (NewPooled), or the English classifier alone when the binary has no
// en-upw model. Unlike NewPooled's own, its reads of a crop that may be
// empty leave only whether the crop holds a tile to the English model:
// the letter of a crop that model takes for a tile is read by the pool
// (docs/vision.md, "Upwords letters in many more typefaces"). Its
// specialist for blurred crops is en-blur pooled with
// SpecialistUpwordsBlur when the binary has that (upwordsBlur). Loaded
// once; safe for concurrent use.
func ForUpwords() (*Classifier, error) {
	upwordsOnce.Do(func() {
		en, err := classifierFor(English)
		if err != nil {
			upwordsOnce.err = err
			return
		}
		m, err := LoadModel(SpecialistUpwords)
		if errors.Is(err, ErrNoModel) {
			upwordsOnce.c = en
			return
		}
		var up *Classifier
		if err == nil {
			up, err = NewClassifier(m)
		}
		if err == nil {
			upwordsOnce.c, err = NewPooled(en, up)
		}
		if err == nil {
			upwordsOnce.c.poolLetters = true
			upwordsOnce.c.smooth = true
		}
		if err == nil {
			err = upwordsBlur(upwordsOnce.c)
		}
		if err != nil {
			upwordsOnce.err = fmt.Errorf("%s: %w", SpecialistUpwords, err)
		}
	})
	return upwordsOnce.c, upwordsOnce.err
}

// upwordsBlur gives the Upwords reader c its specialist for blurred faces
// when the binary has SpecialistUpwordsBlur: that model pooled with c's
// own (en-blur; NewPooled), so a blurred face is read by both, their
// probabilities averaged. Chosen on the tuning set (docs/vision.md,
// "Blurred faces in many typefaces"): en-upwb alone read one letter
// fewer than en-blur alone, the two pooled three more.
func upwordsBlur(c *Classifier) error {
	m, err := LoadModel(SpecialistUpwordsBlur)
	if errors.Is(err, ErrNoModel) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", SpecialistUpwordsBlur, err)
	}
	sp, err := NewClassifier(m)
	if err != nil {
		return fmt.Errorf("%s: %w", SpecialistUpwordsBlur, err)
	}
	if c.blur == nil {
		return fmt.Errorf("%w: %s is in the binary without %s to pool it with", ErrBadModel, SpecialistUpwordsBlur, SpecialistBlur)
	}
	pooled, err := NewPooled(c.blur, sp)
	if err != nil {
		return fmt.Errorf("%s: %w", SpecialistUpwordsBlur, err)
	}
	pooled.smooth = c.smooth
	c.blur = pooled
	return nil
}
