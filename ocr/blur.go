package ocr

import (
	"fmt"
	"image"
	"math"
)

// The reader for blurred crops.
//
// The main English model learns from sharp real photos as much as from
// rendered scenes, and retraining it with many more blurred scenes loses
// real photos. A second model, the specialist (model/en-blur.tsm), learns
// from rendered Upwords faces that are blurred, shaken and compressed
// (make train). A reader consults it only where it is needed: for a crop
// that is itself blurred (EdgeSpread at least BlurSpread), through
// SpecialistFor. A sharp crop never reaches it: of the 433 real tiles of
// the Bananagrams valid split one does (its spread 0.0755), and reads the
// same through the cascade.

// SpecialistBlur is the name of the specialist model for blurred crops
// (model/en-blur.tsm), as LoadModel takes it.
const SpecialistBlur = "en-blur"

// BlurSpread is the edge spread (EdgeSpread) from which a crop counts as
// blurred and the specialist is consulted. Real tiles spread 0.03-0.05
// (the Bananagrams valid split: median 0.041, 432 of 433 under 0.075);
// rendered Upwords faces blurred by 2.5 px or more, 0.08-0.15. 0.08
// read 4 letters fewer on the mixed set's hard scenes.
const BlurSpread = 0.075

// BlurReader is a reader with a specialist for blurred crops.
type BlurReader interface {
	// SpecialistFor returns the specialist when the crop is blurred
	// (EdgeSpread >= BlurSpread); ok is false when the crop is sharp or
	// there is no specialist.
	SpecialistFor(tile image.Image) (sp *Classifier, ok bool, err error)
}

// SpecialistFor implements BlurReader. The specialist is attached to the
// default English classifier (Default("en")); a classifier made from a
// model file has none, unless made by NewBlurCascade.
func (c *Classifier) SpecialistFor(tile image.Image) (*Classifier, bool, error) {
	if c.blur == nil {
		return nil, false, nil
	}
	spread, err := EdgeSpread(tile)
	if err != nil || spread < BlurSpread {
		return nil, false, err
	}
	return c.blur, true, nil
}

// EdgeSpread measures how blurred a crop is: over how much of the crop's
// side its sharpest edges spread. In the working image (the crop averaged
// down as the classifier sees it), the grey contrast (95th less 5th
// percentile) over the mean of the steepest 5% of steps between
// neighbouring pixels is about the width, in pixels, of an edge blurred
// over that contrast; taken along x and along y, the wider (a motion blur
// smears one direction only), divided by the working image's side. About
// 0.03-0.05 for a sharp tile, 0.1 and more for a letter blurred into a
// blob. A flat crop has no edges: 0.
func EdgeSpread(img image.Image) (float64, error) {
	if err := checkImage(img); err != nil {
		return 0, err
	}
	ar := arenas.Get().(*arena)
	defer func() { ar.reset(); arenas.Put(ar) }()
	g := toRGB(img, workSide, ar).gray(ar)
	return edgeSpread(g), nil
}

func edgeSpread(g *grayImage) float64 {
	s := edgeSpreads(g)
	if s[0] == 0 || s[1] == 0 {
		return 0 // no steps along x or y at all, as before the diagonals
	}
	return max(s[0], s[1])
}

// EdgeSpreads is EdgeSpread taken along each of four directions apart:
// the steps between neighbouring pixels along x, along y, down and to
// the right, and up and to the right (a diagonal step spans sqrt 2
// pixels, and is counted so). EdgeSpread is the wider of the first two.
// A motion blur smears edges along its own direction only: one along a
// diagonal spreads the edges along it more than along x or y, which
// EdgeSpread sees only in part. The Upwords reader's gate does not use
// the diagonals (docs/vision.md: they send more crops to the specialist
// for blurred crops, which reads them no better).
func EdgeSpreads(img image.Image) ([4]float64, error) {
	if err := checkImage(img); err != nil {
		return [4]float64{}, err
	}
	ar := arenas.Get().(*arena)
	defer func() { ar.reset(); arenas.Put(ar) }()
	g := toRGB(img, workSide, ar).gray(ar)
	return edgeSpreads(g), nil
}

func edgeSpreads(g *grayImage) [4]float64 {
	var out [4]float64
	W, H := g.W, g.H
	if W < 4 || H < 4 {
		return out
	}
	// Histograms of grey and of the steps, 1/256 of full scale a bin.
	var hv [256]int
	var hs [4][256]int
	bin := func(v float32) int { return min(255, max(0, int(v*256))) }
	for y := 0; y < H; y++ {
		row := g.Pix[y*W : (y+1)*W]
		for x, v := range row {
			hv[bin(v)]++
			if x+1 < W {
				hs[0][bin(abs32(row[x+1]-v))]++
				if y+1 < H {
					hs[2][bin(abs32(g.Pix[(y+1)*W+x+1]-v))]++
				}
				if y > 0 {
					hs[3][bin(abs32(g.Pix[(y-1)*W+x+1]-v))]++
				}
			}
			if y+1 < H {
				hs[1][bin(abs32(g.Pix[(y+1)*W+x]-v))]++
			}
		}
	}
	contrast := contrastOf(&hv, W*H)
	if contrast <= 0 {
		return out
	}
	totals := [4]int{(W - 1) * H, W * (H - 1), (W - 1) * (H - 1), (W - 1) * (H - 1)}
	for d := range hs {
		out[d] = stepSpread(&hs[d], totals[d], contrast, max(W, H))
		if d >= 2 {
			out[d] *= math.Sqrt2 // a diagonal step spans sqrt 2 pixels
		}
	}
	return out
}

// contrastOf is the grey contrast (95th less 5th percentile, in bins) of
// a histogram of n pixels.
func contrastOf(hv *[256]int, n int) float64 {
	lo, hi, acc := -1, -1, 0
	for v := range hv {
		acc += hv[v]
		if lo < 0 && acc*20 >= n {
			lo = v
		}
		if hi < 0 && acc*20 >= 19*n {
			hi = v
		}
	}
	return float64(hi - lo)
}

// stepSpread is the spread of the edges over contrast given the
// histogram h of total steps: contrast over the mean of the steepest 5%
// of the steps, divided by side. A crop without steps: 0.
func stepSpread(h *[256]int, total int, contrast float64, side int) float64 {
	want := max(1, total/20)
	var sum, cnt int
	for v := 255; v >= 0 && cnt < want; v-- {
		take := min(h[v], want-cnt)
		sum += take * v
		cnt += take
	}
	if sum == 0 {
		return 0
	}
	return contrast * float64(cnt) / float64(sum) / float64(side)
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

// NewBlurCascade is a classifier reading with main that consults blur, the
// specialist, for blurred crops (SpecialistFor): what Default("en") is
// made of, for a pair of model files.
func NewBlurCascade(main, blur *Model) (*Classifier, error) {
	c, err := NewClassifier(main)
	if err != nil {
		return nil, err
	}
	if c.blur, err = NewClassifier(blur); err != nil {
		return nil, err
	}
	if len(c.blur.m.Glyphs) != len(c.m.Glyphs) {
		return nil, fmt.Errorf("%w: the specialist knows %d glyphs, the main model %d", ErrBadModel, len(c.blur.m.Glyphs), len(c.m.Glyphs))
	}
	for i, g := range c.m.Glyphs {
		if c.blur.m.Glyphs[i] != g {
			return nil, fmt.Errorf("%w: the specialist's glyph %d is %q, the main model's %q", ErrBadModel, i, c.blur.m.Glyphs[i], g)
		}
	}
	return c, nil
}

// Cascade thresholds, as the Upwords board reader uses them: a reading
// of the main model under CascadeUnsure on a blurred crop is replaced by
// the specialist's; a surer one only when the specialist reads another
// letter with at least CascadeOverrule.
const (
	CascadeUnsure   = 0.8
	CascadeOverrule = 0.9
)

// Cascade reads a crop as the Upwords board reader reads a stack's face:
// with the main model, and, when the crop is blurred, with the specialist
// too: the specialist's letter replaces an unsure reading of the main
// model (under CascadeUnsure), and a sure one only when it reads another
// letter with at least CascadeOverrule. It lets the evaluation commands
// show what the cascade does to any set of crops (real photos: nothing).
type Cascade struct{ *Classifier }

// Read implements Reader.
func (c Cascade) Read(tile image.Image) (Reading, error) {
	r, err := c.Classifier.Read(tile)
	if err != nil {
		return r, err
	}
	sp, ok, err := c.SpecialistFor(tile)
	if err != nil || !ok {
		return r, err
	}
	b, err := sp.Read(tile)
	if err != nil {
		return r, err
	}
	if r.Conf < CascadeUnsure || (b.Letter != r.Letter && b.Conf >= CascadeOverrule) {
		return b, nil
	}
	return r, nil
}

// SpecialistScrabble is the name of the model trained on Scrabble
// squares as vision/scrabble cuts them (model/en-scr.tsm, the same
// glyphs as en), as LoadModel takes it.
const SpecialistScrabble = "en-scr"

// SpecialistSquares is the name of the model SquareReader pools with the
// general one (model/en-sqr.tsm): trained as en-scr, with a share of the
// scenes' tiles dark wood and a share in other typefaces, for squares cut
// by other people from other sets (docs/ocr.md, "Real Scrabble crops").
// The scan keeps en-scr, which reads its own crops as well or better.
const SpecialistSquares = "en-sqr"

// SpecialistScrabbleBlur is the name of the model trained on Scrabble
// squares shaken (model/en-scrb.tsm: en-scr trained further on squares
// smeared by a hand's shake), which vision/scrabble reads a blurred
// board's letters with.
const SpecialistScrabbleBlur = "en-scrb"
