package loose

import (
	"errors"
	"math"
	"testing"
)

// TestParseVerifier: verifier.txt's format reads back what String wrote;
// a broken file is ErrBadVerifier naming the line; a file of comments is
// no verifier.
func TestParseVerifier(t *testing.T) {
	v := &Verifier{Cut: 0.25}
	for i := range v.Tile {
		v.Tile[i], v.Right[i] = float64(i)-3.5, 0.125*float64(i)
	}
	back, err := ParseVerifier(v.String())
	if err != nil {
		t.Fatalf("ParseVerifier(String()): %v", err)
	}
	if *back != *v {
		t.Errorf("read back %+v, want %+v", *back, *v)
	}
	for _, tc := range []struct {
		name, text string
	}{
		{"unknown cue", "tile.colour 1\n"},
		{"no model", "conf 1\n"},
		{"not a number", "tile.conf x\n"},
		{"three fields", "tile.conf 1 2\n"},
		{"a weight missing", "tile.conf 1\ncut 0.5\n"},
		{"NaN", "tile.conf NaN\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParseVerifier(tc.text); !errors.Is(err, ErrBadVerifier) {
				t.Errorf("err = %v, want ErrBadVerifier", err)
			}
		})
	}
	if v, err := ParseVerifier("# nothing yet\n\n"); v != nil || err != nil {
		t.Errorf("comments only: %v, %v; want no verifier", v, err)
	}
	if verifier == nil {
		t.Error("the committed verifier.txt holds no verifier")
	}
}

// TestTrainVerifier: on samples where the reader's confidence tells right
// from wrong and a glyph off centre tells false tiles, the trained
// regressions rank them so, the cut drops the false tiles, and training
// twice gives the same verifier.
func TestTrainVerifier(t *testing.T) {
	var samples []VerifySample
	for i := 0; i < 400; i++ {
		var c [nCues]float64
		c[0] = 1
		tile := i%5 != 0
		right := tile && i%7 != 0
		c[1] = -0.3 + 0.1*float64(i%3)
		if right {
			c[1] = 0.4 + 0.1*float64(i%4)
		}
		c[4] = 0.05 * float64(i%4)
		if !tile {
			c[4] = 0.5 + 0.05*float64(i%3)
		}
		samples = append(samples, VerifySample{Cues: c, Tile: tile, Lettered: tile, Right: right})
	}
	v := TrainVerifier(samples, nil, 0.1, 1)
	again := TrainVerifier(samples, nil, 0.1, 1)
	if *v != *again {
		t.Errorf("two trainings differ: %v and %v", v, again)
	}
	var rightP, wrongP []float64
	dropped, droppedTiles := 0, 0
	for _, s := range samples {
		if s.Tile {
			if s.Right {
				rightP = append(rightP, v.ProbRight(s.Cues))
			} else {
				wrongP = append(wrongP, v.ProbRight(s.Cues))
			}
		}
		if v.ProbTile(s.Cues) < v.Cut {
			dropped++
			if s.Tile {
				droppedTiles++
			}
		}
	}
	minRight, maxWrong := math.Inf(1), math.Inf(-1)
	for _, p := range rightP {
		minRight = math.Min(minRight, p)
	}
	for _, p := range wrongP {
		maxWrong = math.Max(maxWrong, p)
	}
	if maxWrong >= SureConf || minRight <= maxWrong {
		t.Errorf("misread tiles up to %.2f, right ones from %.2f: want the wrong ones unsure and below", maxWrong, minRight)
	}
	if dropped != 80 || droppedTiles != 0 {
		t.Errorf("cut %.3f dropped %d (%d of them tiles), want the 80 false tiles only", v.Cut, dropped, droppedTiles)
	}
}

// TestTrainVerifierRightAlso: samples given to train Right alone move
// Right exactly as if they were among the samples, and leave Tile and
// the cut as the samples alone give them.
func TestTrainVerifierRightAlso(t *testing.T) {
	mk := func(n, flip int) []VerifySample {
		var out []VerifySample
		for i := 0; i < n; i++ {
			var c [nCues]float64
			c[0] = 1
			tile := i%5 != 0
			right := tile && (i+flip)%3 != 0
			c[1] = 0.1 * float64(i%7)
			c[4] = 0.05 * float64(i%6)
			out = append(out, VerifySample{Cues: c, Tile: tile, Lettered: tile, Right: right})
		}
		return out
	}
	samples, extra := mk(200, 0), mk(150, 1)
	alone := TrainVerifier(samples, nil, 1, 1)
	pooled := TrainVerifier(append(append([]VerifySample(nil), samples...), extra...), nil, 1, 1)
	got := TrainVerifier(samples, extra, 1, 1)
	if got.Right != pooled.Right {
		t.Errorf("Right %v, want the pooled samples' %v", got.Right, pooled.Right)
	}
	if got.Right == alone.Right {
		t.Error("Right is the samples' alone: the right-only samples were not used")
	}
	if got.Tile != alone.Tile || got.Cut != alone.Cut {
		t.Errorf("Tile %v cut %v, want the samples' alone %v cut %v", got.Tile, got.Cut, alone.Tile, alone.Cut)
	}
}

// TestVerifyTiles: a tile under the cut is dropped (kept as "?" with
// keepUnread), the others take the probability of being read right as
// Conf; a tile with no cues (not read) passes unchanged.
func TestVerifyTiles(t *testing.T) {
	v := &Verifier{Cut: 0.5}
	v.Tile[1], v.Right[1] = 10, 2 // both follow the reader's confidence cue
	mk := func(conf float64, cued bool) Tile {
		tl := Tile{Letter: "A", Conf: conf, hasCues: cued}
		tl.cues[0], tl.cues[1] = 1, logit6(conf)
		return tl
	}
	tiles := []Tile{mk(0.95, true), mk(0.2, true), mk(0.3, false)}
	got := verifyTiles(append([]Tile(nil), tiles...), v, false, nil)
	if len(got) != 2 || got[0].Letter != "A" || got[1].Conf != 0.3 {
		t.Fatalf("got %+v, want the sure tile and the uncued one", got)
	}
	if want := v.ProbRight(tiles[0].cues); got[0].Conf != want {
		t.Errorf("conf %.3f, want the verifier's %.3f", got[0].Conf, want)
	}
	kept := verifyTiles(append([]Tile(nil), tiles...), v, true, nil)
	if len(kept) != 3 || kept[1].Letter != "?" || kept[1].Conf != 0 {
		t.Errorf("keepUnread: %+v, want the dropped tile kept as ?", kept)
	}
}

// TestVerifierFor: each kind of table is judged by its own verifier
// (Twists by the one trained on Twists tables, Lexicon by the other),
// and no verifier judges a scan it was not trained for, one without the
// verifier or one made for training.
func TestVerifierFor(t *testing.T) {
	if verifierTwists == nil {
		t.Fatal("the committed verifier-twists.txt holds no verifier")
	}
	if *verifierTwists == *verifier {
		t.Error("the Twists verifier is the Lexicon one")
	}
	for _, tc := range []struct {
		name string
		opt  Options
		want *Verifier
	}{
		{"lexicon", Options{Lattice: true, UprightFromLetters: true}, verifier},
		{"twists", Options{Lattice: true, Twists: true}, verifierTwists},
		{"lattice alone", Options{Lattice: true}, nil},
		{"tiles anyhow", Options{}, nil},
		{"no verify", Options{Lattice: true, Twists: true, NoVerify: true}, nil},
		{"learning", Options{Lattice: true, UprightFromLetters: true, learning: true}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := verifierFor(tc.opt); got != tc.want {
				t.Errorf("verifierFor = %p, want %p", got, tc.want)
			}
		})
	}
}

// TestTrainVerifierCutMiddle: where several cuts score the same (a run
// of cuts between the false tiles and the tiles), the middle one is
// taken, not the lowest.
func TestTrainVerifierCutMiddle(t *testing.T) {
	var samples []VerifySample
	for i := 0; i < 200; i++ {
		var c [nCues]float64
		c[0] = 1
		tile := i%4 != 0
		c[1] = -1
		if tile {
			c[1] = 1
		}
		samples = append(samples, VerifySample{Cues: c, Tile: tile, Lettered: tile, Right: tile})
	}
	v := TrainVerifier(samples, nil, 1, 1)
	lo, hi := v.ProbTile(samples[0].Cues), v.ProbTile(samples[1].Cues)
	if !(v.Cut > lo && v.Cut <= hi) {
		t.Fatalf("cut %.3f, want between the false tiles' %.3f and the tiles' %.3f", v.Cut, lo, hi)
	}
	if mid := (lo + hi) / 2; math.Abs(v.Cut-mid) > 0.03 {
		t.Errorf("cut %.3f, want the middle of %.3f..%.3f", v.Cut, lo, hi)
	}
}

// TestSameShape: letters of the same shape in either alphabet or case
// are the same shape; others are not.
func TestSameShape(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Р", "P", true}, {"р", "P", true}, {"A", "a", true}, {"Н", "H", true},
		{"Ж", "X", false}, {"И", "N", false}, {"skip", "skip", true}, {"give2", "give3", false},
	} {
		if got := SameShape(tc.a, tc.b); got != tc.want {
			t.Errorf("SameShape(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
