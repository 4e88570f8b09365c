package loose

import (
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The verifier is a learned check of every tile the reader named: a
// logistic regression over a few cues of how the tile was found and read
// (the reader's confidence, whether a face outline backs the tile or only
// a square round its letter, how far the letter lies off the tile's
// centre, the tile's size against the photo's other tiles, whether a
// second, tighter crop reads the same letter, how squarely the letter
// stands in its outline, ...). Its answer, the probability that the tile
// is a tile read right, becomes the tile's Conf (a wrong letter comes out
// unsure) and a tile under the learned cut is dropped. It is trained
// (`make train`, vision/loose/internal/trainverify) on the ban-seg train
// split and rendered Lexicon scenes, Right also on the train split as
// tilted and steep cameras take it (augment's folders: a square off its
// letter on a tilted photo is wrong more often than on the split taken
// from above), deterministically, and shipped as verifier.txt.

// nCues is the number of cues, the bias included.
const nCues = 14

// cueNames name the cues in verifier.txt, in order.
var cueNames = [nCues]string{
	"bias", "conf", "by_letter", "has_glyph", "glyph_off", "side_ratio",
	"agree", "conf2", "angle_off", "letter_i", "elong", "narrow",
	"letter_conf", "action",
}

// Verifier is the learned check: two logistic regressions over the cues,
// Tile (the probability that a tile read is a tile at all, not print, a
// mark or a tile reported twice) and Right (that its letter is read
// right), and the cut under Tile's probability at which a tile is dropped.
// A misread tile is still a tile: it stays, unsure.
type Verifier struct {
	Tile, Right [nCues]float64
	Cut         float64
}

//go:embed verifier.txt
var verifierText string

// verifierTwistsText is the Twists & Turns verifier: the same cues,
// trained on rendered Twists tables (joined tiles, both alphabets, action
// tiles), where the Lexicon verifier, trained on tiles lying one way up,
// misjudged the Twists demo's tiles.
//
//go:embed verifier-twists.txt
var verifierTwistsText string

// verifier and verifierTwists are the shipped Verifiers; nil when the
// file holds none.
var verifier, verifierTwists = mustVerifier(verifierText), mustVerifier(verifierTwistsText)

func mustVerifier(text string) *Verifier {
	v, err := ParseVerifier(text)
	if err != nil {
		panic(err) // a broken committed file: caught by every test
	}
	return v
}

// prob is the logistic of w . c.
func prob(w, c [nCues]float64) float64 {
	s := 0.0
	for i := range w {
		s += w[i] * c[i]
	}
	return 1 / (1 + math.Exp(-s))
}

// ProbTile is the probability that a tile with these cues is a tile.
func (v *Verifier) ProbTile(c [nCues]float64) float64 { return prob(v.Tile, c) }

// ProbRight is the probability that a tile with these cues is read right.
func (v *Verifier) ProbRight(c [nCues]float64) float64 { return prob(v.Right, c) }

// String is the verifier in verifier.txt's format: one "tile.CUE weight"
// line per cue, then the "right.CUE weight" lines, then "cut VALUE".
func (v *Verifier) String() string {
	var b strings.Builder
	b.WriteString("# vision/loose tile verifier: logistic regression weights (make train)\n")
	for i, n := range cueNames {
		fmt.Fprintf(&b, "tile.%s %.6f\n", n, v.Tile[i])
	}
	for i, n := range cueNames {
		fmt.Fprintf(&b, "right.%s %.6f\n", n, v.Right[i])
	}
	fmt.Fprintf(&b, "cut %.4f\n", v.Cut)
	return b.String()
}

// ParseVerifier reads verifier.txt's format; an empty text (no line but
// comments) is no verifier (nil).
func ParseVerifier(text string) (*Verifier, error) {
	v := &Verifier{}
	seen := 0
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("%w: verifier line %d: want NAME VALUE", ErrBadVerifier, i+1)
		}
		x, err := strconv.ParseFloat(f[1], 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("%w: verifier line %d: %q is not a number", ErrBadVerifier, i+1, f[1])
		}
		if f[0] == "cut" {
			v.Cut = x
			seen++
			continue
		}
		model, name, _ := strings.Cut(f[0], ".")
		k := -1
		for j, n := range cueNames {
			if n == name {
				k = j
			}
		}
		switch {
		case k >= 0 && model == "tile":
			v.Tile[k] = x
		case k >= 0 && model == "right":
			v.Right[k] = x
		default:
			return nil, fmt.Errorf("%w: verifier line %d: unknown weight %q", ErrBadVerifier, i+1, f[0])
		}
		seen++
	}
	if seen == 0 {
		return nil, nil
	}
	if seen != 2*nCues+1 {
		return nil, fmt.Errorf("%w: %d of %d values", ErrBadVerifier, seen, 2*nCues+1)
	}
	return v, nil
}

// logit6 is the log-odds of p, clamped to +-6 and scaled to +-1.
func logit6(p float64) float64 {
	p = math.Max(1e-6, math.Min(1-1e-6, p))
	return math.Max(-6, math.Min(6, math.Log(p/(1-p)))) / 6
}

// tileCues are the verifier's cues of a tile read as letter with conf;
// conf2/letter2 the reading of a tighter crop, medSide the photo's
// median tile side, angleOff the letter's turn off its outline's nearest
// quarter (degrees).
func tileCues(t Tile, letter string, conf float64, letter2 string, conf2 float64, medSide, angleOff float64) [nCues]float64 {
	var c [nCues]float64
	c[0] = 1
	c[1] = logit6(conf)
	if t.byLetter {
		c[2] = 1
		c[10] = math.Min(t.elong, 10) / 10
		c[12] = c[1] // a square round a letter needs the reader surer
	}
	if t.hasGlyph {
		c[3] = 1
		c[4] = math.Min(1, dist(t.glyph, t.Center)/math.Max(t.Side, 1))
	}
	if medSide > 0 && t.Side > 0 {
		c[5] = math.Max(-1, math.Min(1, math.Log(t.Side/medSide)))
	}
	if letter2 == letter {
		c[6] = 1
		c[7] = logit6(conf2)
	} else {
		c[7] = -logit6(conf2)
	}
	c[8] = math.Abs(angleOff) / 45
	switch letter {
	case "skip", "reverse", "give2", "give3":
		// A Twists action tile: its sign (the skip sign fills most of
		// the face) gives no clear angle, so the angle cue says nothing
		// of it; its own cue lets the verifier weigh action tiles apart.
		c[8] = 0
		c[13] = 1
	}
	switch letter {
	case "I", "J", "L", "Y", "1":
		c[9] = 1
	}
	// A narrow quad (a watershed piece): its sides' ratio.
	a, b := dist(t.Corners[0], t.Corners[1]), dist(t.Corners[1], t.Corners[2])
	if a > 0 && b > 0 {
		c[11] = math.Abs(math.Log(a / b))
	}
	return c
}

// TrainVerifier fits the verifier's two regressions to samples (Tile on
// every sample, Right on those that are tiles with a letter to read) and
// sets its cut where the tiles kept minus the false tiles kept (counted
// falseWeight times) is largest (the middle of the best cuts on a tie).
// rightAlso are samples that train Right alone (after samples, in their
// order), as trainverify's -right-photos do: Tile and the cut never see
// them. l2 is the penalty on the weights. Deterministic: the same samples
// give the same verifier.
func TrainVerifier(samples, rightAlso []VerifySample, l2, falseWeight float64) *Verifier {
	v := &Verifier{}
	v.Tile = fitLogistic(samples, l2, func(s VerifySample) (bool, bool) { return s.Tile, true })
	forRight := samples
	if len(rightAlso) > 0 {
		forRight = append(append([]VerifySample(nil), samples...), rightAlso...)
	}
	v.Right = fitLogistic(forRight, l2, func(s VerifySample) (bool, bool) { return s.Right, s.Tile && s.Lettered })
	// Of the cuts that score best (often a run of them: a tile kept for a
	// false tile dropped), the middle one: the least chosen by chance.
	var best []float64
	bestScore := math.Inf(-1)
	for k := 0; k <= 190; k++ {
		cut := float64(k) / 200 // 0 .. 0.95
		score := 0.0
		for _, s := range samples {
			if v.ProbTile(s.Cues) >= cut {
				if s.Tile {
					score++
				} else {
					score -= falseWeight
				}
			}
		}
		switch {
		case score > bestScore:
			best, bestScore = []float64{cut}, score
		case score == bestScore:
			best = append(best, cut)
		}
	}
	v.Cut = best[len(best)/2]
	return v
}

// fitLogistic fits weights by Newton's method on the L2-penalised
// log-likelihood; label says each sample's outcome and whether it counts.
func fitLogistic(samples []VerifySample, l2 float64, label func(VerifySample) (y, use bool)) [nCues]float64 {
	var w [nCues]float64
	for it := 0; it < 50; it++ {
		var g [nCues]float64
		var h [nCues][nCues]float64
		for i := range g {
			g[i] = -l2 * w[i]
			h[i][i] = -l2
		}
		for _, s := range samples {
			yes, use := label(s)
			if !use {
				continue
			}
			p := prob(w, s.Cues)
			y := 0.0
			if yes {
				y = 1
			}
			for i := range g {
				g[i] += (y - p) * s.Cues[i]
				for j := range g {
					h[i][j] -= p * (1 - p) * s.Cues[i] * s.Cues[j]
				}
			}
		}
		step, ok := solve(h, g)
		if !ok {
			break
		}
		moved := 0.0
		for i := range w {
			w[i] -= step[i]
			moved = math.Max(moved, math.Abs(step[i]))
		}
		if moved < 1e-7 {
			break
		}
	}
	return w
}

// solve solves h x = g by Gaussian elimination with partial pivoting.
func solve(h [nCues][nCues]float64, g [nCues]float64) ([nCues]float64, bool) {
	var x [nCues]float64
	for col := 0; col < nCues; col++ {
		piv := col
		for r := col + 1; r < nCues; r++ {
			if math.Abs(h[r][col]) > math.Abs(h[piv][col]) {
				piv = r
			}
		}
		if math.Abs(h[piv][col]) < 1e-12 {
			return x, false
		}
		h[col], h[piv] = h[piv], h[col]
		g[col], g[piv] = g[piv], g[col]
		for r := col + 1; r < nCues; r++ {
			f := h[r][col] / h[col][col]
			for k := col; k < nCues; k++ {
				h[r][k] -= f * h[col][k]
			}
			g[r] -= f * g[col]
		}
	}
	for r := nCues - 1; r >= 0; r-- {
		s := g[r]
		for k := r + 1; k < nCues; k++ {
			s -= h[r][k] * x[k]
		}
		x[r] = s / h[r][r]
	}
	return x, true
}

// verifierFor is the verifier that judges a scan's tiles, nil for none:
// only where one was trained, tiles read one way up (Lexicon:
// UprightFromLetters) or a Twists table (opt.Twists), each by its own.
func verifierFor(opt Options) *Verifier {
	if opt.NoVerify || opt.learning {
		return nil
	}
	switch {
	case opt.Twists:
		return verifierTwists
	case opt.UprightFromLetters && opt.verifier != nil:
		return opt.verifier
	case opt.UprightFromLetters:
		return verifier
	}
	return nil
}

// verifies says whether a verifier judges a scan's tiles.
func verifies(opt Options) bool { return verifierFor(opt) != nil }

// verifyTiles applies v to the tiles read: a tile whose probability of
// being a tile is under the cut is dropped, and each other tile's Conf
// becomes the probability that it is read right (kept, as
// unread "?", with keepUnread). trace, where set, is shown each tile
// judged (scanTrace.verify).
func verifyTiles(tiles []Tile, v *Verifier, keepUnread bool, trace *scanTrace) []Tile {
	out := tiles[:0]
	for _, t := range tiles {
		if !t.hasCues {
			out = append(out, t)
			continue
		}
		if trace != nil && trace.verify != nil {
			trace.verify(t, v.ProbTile(t.cues), v.ProbRight(t.cues), v.ProbTile(t.cues) >= v.Cut, false)
		}
		if v.ProbTile(t.cues) < v.Cut {
			if keepUnread {
				t.Letter, t.Conf = "?", 0
				out = append(out, t)
			}
			continue
		}
		t.Conf = v.ProbRight(t.cues)
		out = append(out, t)
	}
	return out
}
