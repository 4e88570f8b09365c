package ocr

import (
	"fmt"
	"image"
	"math"
)

// VoteReader is a KnownReader that can pool several crops of one tile:
// the same face cut a little shifted or scaled (a board reader unsure
// where the face's edges lie). Each crop's probability of every letter is
// averaged, so a letter that one crop reads weakly but the others read
// well still wins, and one crop's confident mistake is outvoted.
type VoteReader interface {
	KnownReader
	ReadVote(tiles []image.Image, k Known) (Reading, error)
}

// ReadVote reads several crops of the same tile with what is known of it
// (see Known) and returns the letter with the highest probability averaged
// over the crops; Conf is that average, Angle the angle of the crop that
// gave the winner its highest probability. Each crop is read at its most
// confident candidate rotation, as ReadKnown reads it.
func (c *Classifier) ReadVote(tiles []image.Image, k Known) (Reading, error) {
	if len(tiles) == 0 {
		return Reading{}, fmt.Errorf("%w: no crops to read", ErrEmptyImage)
	}
	G := len(c.m.Glyphs)
	sum := make([]float64, G)
	one := make([]float64, G)
	bestP := make([]float64, G)
	bestAngle := make([]float64, G)
	for _, t := range tiles {
		if err := c.glyphProbs(t, k, one, bestP, bestAngle); err != nil {
			return Reading{}, err
		}
		for g := range sum {
			sum[g] += one[g]
		}
	}
	return voted(c.m.Glyphs, sum, bestAngle, len(tiles), k), nil
}

// voted is the reading of n readings' probabilities summed in sum: the
// glyph with the highest sum (a letter, when the crop is known to be a
// tile), its average as Conf, and angle's angle for it.
func voted(glyphs []string, sum, angle []float64, n int, k Known) Reading {
	win := -1
	for g := range sum {
		if k.Tile && glyphs[g] == "" {
			continue
		}
		if win < 0 || sum[g] > sum[win] {
			win = g
		}
	}
	conf := sum[win] / float64(n)
	if glyphs[win] == "" {
		return Reading{Conf: conf}
	}
	return Reading{Letter: glyphs[win], Conf: conf, Angle: angle[win]}
}

// Pool reads a crop with several classifiers of the same glyphs and
// averages their probabilities (over the crops too, for ReadVote), as
// ReadVote averages one classifier's over the crops: two models that
// disagree where either is unsure give an average that is unsure too.
// The angle is that of the crop and classifier that gave the winner its
// highest probability.
type Pool []*Classifier

// Read reads one crop with the pool.
func (p Pool) Read(tile image.Image) (Reading, error) { return p.ReadKnown(tile, Known{}) }

// ReadKnown reads one crop with the pool and what is known of it.
func (p Pool) ReadKnown(tile image.Image, k Known) (Reading, error) {
	return p.ReadVote([]image.Image{tile}, k)
}

// ReadVote reads several crops of one tile with every classifier of the
// pool, their probabilities averaged.
func (p Pool) ReadVote(tiles []image.Image, k Known) (Reading, error) {
	sum, angle, n, err := p.voteSums(tiles, k)
	if err != nil {
		return Reading{}, err
	}
	return voted(p[0].Glyphs(), sum, angle, n, k), nil
}

// RivalReader is a VoteReader that also names the runner-up: the glyph
// whose averaged probability comes next (a letter, where the crop is
// known to hold a tile), with that average as its Conf. A board reader
// unsure between two letters may settle them by what else it sees (a
// Scrabble tile's value number).
type RivalReader interface {
	VoteReader
	ReadVoteRival(tiles []image.Image, k Known) (best, rival Reading, err error)
}

// ReadVoteRival is ReadVote, and the runner-up (RivalReader).
func (p Pool) ReadVoteRival(tiles []image.Image, k Known) (best, rival Reading, err error) {
	sum, angle, n, err := p.voteSums(tiles, k)
	if err != nil {
		return Reading{}, Reading{}, err
	}
	glyphs := p[0].Glyphs()
	best = voted(glyphs, sum, angle, n, k)
	second := -1
	for g := range sum {
		if (k.Tile && glyphs[g] == "") || glyphs[g] == best.Letter {
			continue
		}
		if second < 0 || sum[g] > sum[second] {
			second = g
		}
	}
	if second >= 0 {
		rival = Reading{Letter: glyphs[second], Conf: sum[second] / float64(n), Angle: angle[second]}
	}
	return best, rival, nil
}

var _ RivalReader = Pool{}

// voteSums is every glyph's probability summed over the crops and the
// pool's classifiers, the angle each glyph read at in the read that gave
// it its highest probability, and how many reads were summed.
func (p Pool) voteSums(tiles []image.Image, k Known) (sum, angle []float64, n int, err error) {
	if len(tiles) == 0 || len(p) == 0 {
		return nil, nil, 0, fmt.Errorf("%w: no crops or no classifier", ErrEmptyImage)
	}
	G := len(p[0].Glyphs())
	// Each crop is analysed once for the whole pool (analysedCrop); the
	// probabilities are summed in the order each classifier's own reads
	// would give them.
	probs := make([][]float64, len(p)*len(tiles))
	angles := make([][]float64, len(p)*len(tiles))
	for t, tile := range tiles {
		cr, err := analyseCrop(tile, k, p[0].smooth)
		if err != nil {
			return nil, nil, 0, err
		}
		cr.keep = len(p) > 1
		for ci, c := range p {
			dst, ang, best := make([]float64, G), make([]float64, G), make([]float64, G)
			for i := range best {
				best[i] = -1
			}
			c.cropProbs(cr, k, dst, best, ang)
			probs[ci*len(tiles)+t], angles[ci*len(tiles)+t] = dst, ang
		}
		cr.done()
	}
	sum = make([]float64, G)
	top := make([]float64, G)
	angle = make([]float64, G)
	for i, pr := range probs {
		for g, v := range pr {
			sum[g] += v
			if v > top[g] {
				top[g], angle[g] = v, angles[i][g]
			}
		}
	}
	return sum, angle, len(p) * len(tiles), nil
}

var _ VoteReader = Pool{}

// viewProbs is what each classifier of a pool reads in one picture:
// its probability of every glyph and the angle each glyph reads at
// (probs[m], angles[m] for the pool's classifier m), as ReadVote works
// them out.
type viewProbs struct {
	probs, angles [][]float64
}

// viewProbs reads one picture with every classifier of the pool, the
// picture analysed once for all.
func (p Pool) viewProbs(tile image.Image) (viewProbs, error) {
	cr, err := analyseCrop(tile, Known{}, p[0].smooth)
	if err != nil {
		return viewProbs{}, err
	}
	defer cr.done()
	cr.keep = len(p) > 1
	G := len(p[0].Glyphs())
	var v viewProbs
	for _, c := range p {
		dst, ang, best := make([]float64, G), make([]float64, G), make([]float64, G)
		for i := range best {
			best[i] = -1
		}
		c.cropProbs(cr, Known{}, dst, best, ang)
		v.probs = append(v.probs, dst)
		v.angles = append(v.angles, ang)
	}
	return v, nil
}

// vote is what ReadVote reads from several pictures (their viewProbs)
// with the pool's classifiers numbered in models: the same sums in the
// same order, so the same bits.
func (p Pool) vote(views []viewProbs, models ...int) Reading {
	return p.voteKnown(views, Known{}, models...)
}

// voteKnown is vote with what is known of the crop (Known.Tile: a
// letter, never "no tile").
func (p Pool) voteKnown(views []viewProbs, k Known, models ...int) Reading {
	glyphs := p[0].Glyphs()
	G := len(glyphs)
	sum := make([]float64, G)
	top := make([]float64, G)
	angle := make([]float64, G)
	for _, m := range models {
		for _, v := range views {
			for g, x := range v.probs[m] {
				sum[g] += x
				if x > top[g] {
					top[g], angle[g] = x, v.angles[m][g]
				}
			}
		}
	}
	return voted(glyphs, sum, angle, len(models)*len(views), k)
}

// voteTile is vote for a crop known to hold a tile: the letter with the
// highest probability averaged over the views and the given models,
// never "no tile".
func (p Pool) voteTile(views []viewProbs, models ...int) Reading {
	return p.voteKnown(views, Known{Tile: true}, models...)
}

// noTileProb is the probability of "no tile" averaged over the views and
// every classifier of the pool (0 for no views).
func (p Pool) noTileProb(views []viewProbs) float64 {
	if len(views) == 0 {
		return 0
	}
	glyphs := p[0].Glyphs()
	s := 0.0
	for _, v := range views {
		for _, pr := range v.probs {
			for g, x := range pr {
				if glyphs[g] == "" {
					s += x
				}
			}
		}
	}
	return s / float64(len(views)*len(p))
}

// glyphProbs puts into dst every glyph's probability for one crop, read at
// the candidate rotation whose best letter is most probable (as ReadKnown
// chooses), counting only the turn the known angle allows. For every
// glyph whose probability in this crop beats bestP, bestP and bestAngle
// are updated.
func (c *Classifier) glyphProbs(tile image.Image, k Known, dst, bestP, bestAngle []float64) error {
	cr, err := analyseCrop(tile, k, c.smooth)
	if err != nil {
		return err
	}
	defer cr.done()
	c.cropProbs(cr, k, dst, bestP, bestAngle)
	return nil
}

// analysedCrop is one crop analysed once for every classifier that reads
// it (a Pool): the features are the same for every model (NumFeatures,
// from the same normalised crop), only the weights differ. With keep,
// the features at each candidate rotation are worked out when first
// asked for and kept for the next classifier.
type analysedCrop struct {
	ar    *arena
	flat  bool // no tile (and not known to be one): nothing to read
	a     *analysis
	keep  bool
	feats [][]float32
}

func analyseCrop(tile image.Image, k Known, smooth bool) (*analysedCrop, error) {
	if err := checkImage(tile); err != nil {
		return nil, err
	}
	ar := arenas.Get().(*arena)
	rgb := toRGB(tile, workSide, ar)
	g := rgb.gray(ar)
	if !k.Tile && flatGray(g) {
		return &analysedCrop{ar: ar, flat: true}, nil
	}
	if smooth {
		rgb = rgb.smoothed(ar)
		g = rgb.gray(ar)
	}
	expose(rgb, g)
	return &analysedCrop{ar: ar, a: normalizeGray(rgb, g, false, ar)}, nil
}

// done gives the crop's working memory back.
func (cr *analysedCrop) done() { cr.ar.reset(); arenas.Put(cr.ar) }

// features copies into dst the features at candidate i.
func (cr *analysedCrop) features(i int, dst []float32) {
	if !cr.keep {
		features(cr.a.finish(cr.a.cands[i]), dst)
		return
	}
	for len(cr.feats) <= i {
		cr.feats = append(cr.feats, nil)
	}
	if cr.feats[i] == nil {
		f := make([]float32, NumFeatures)
		features(cr.a.finish(cr.a.cands[i]), f)
		cr.feats[i] = f
	}
	copy(dst, cr.feats[i])
}

// cropProbs is glyphProbs on an analysed crop.
func (c *Classifier) cropProbs(cr *analysedCrop, k Known, dst, bestP, bestAngle []float64) {
	if cr.flat {
		for i := range dst {
			dst[i] = 0
			if c.m.Glyphs[i] == "" {
				dst[i] = 1
			}
		}
		return
	}
	a := cr.a
	s := c.pool.Get().(*scratch)
	defer c.pool.Put(s)
	T := c.m.Turns
	G := len(c.m.Glyphs)
	cur := make([]float64, G)
	turn := make([]int, G)
	bestTurn := make([]int, G)
	top := -1.0
	var alphaTop float64
	for i := 0; i < len(a.cands); i++ {
		alpha := a.cands[i]
		cr.features(i, s.feat)
		c.forward(s, k.Tile)
		at := -1
		if k.HasAngle {
			at = int(math.Round((k.Angle-alpha)/(360/float64(T)))) % T
			if at < 0 {
				at += T
			}
		}
		m := 0.0
		for gl := 0; gl < G; gl++ {
			glyph := c.m.Glyphs[gl]
			var p float32
			bt := at
			if at < 0 || glyph == "" {
				bt = 0
				for t := 0; t < T; t++ {
					p += s.out[gl*T+t]
					if s.out[gl*T+t] > s.out[gl*T+bt] {
						bt = t
					}
				}
			} else {
				p = s.out[gl*T+at]
				for t := 1; t < T; t++ {
					if sameTurned(glyph, t*360/T) {
						p += s.out[gl*T+(at+t)%T]
					}
				}
			}
			cur[gl], turn[gl] = float64(p), bt
			if (!k.Tile || glyph != "") && float64(p) > m {
				m = float64(p)
			}
		}
		if m > top {
			top, alphaTop = m, alpha
			copy(dst, cur)
			copy(bestTurn, turn)
		}
		if top >= sureEnough {
			break
		}
		if i == len(a.cands)-1 && a.more != nil {
			a.cands, a.more = a.more(), nil
		}
	}
	for gl := range dst {
		if dst[gl] > bestP[gl] {
			bestP[gl] = dst[gl]
			bestAngle[gl] = math.Mod(alphaTop+float64(bestTurn[gl])*360/float64(T), 360)
		}
	}
}

// GlyphProbs is one crop's probability of every glyph (in the order of
// Glyphs), read with what is known of it as ReadVote reads each crop, and
// the angle each glyph reads at. A caller pooling several classifiers'
// readings of one crop averages these.
func (c *Classifier) GlyphProbs(tile image.Image, k Known) (probs, angles []float64, err error) {
	G := len(c.m.Glyphs)
	probs, angles = make([]float64, G), make([]float64, G)
	best := make([]float64, G)
	for i := range best {
		best[i] = -1
	}
	if err := c.glyphProbs(tile, k, probs, best, angles); err != nil {
		return nil, nil, err
	}
	return probs, angles, nil
}
