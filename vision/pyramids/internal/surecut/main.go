// Command surecut sets the sure bars of the faces' model (vision/pyramids
// SureBars) on tuning sets: it reads every scene of the DIRs given
// (render-set --game pyramids) with the faces' model, as eval-pyramids
// does, and weighs each square read as a pyramid under every bar on a
// grid. It prints the bars in use, the bars with the most sure squares
// and no letter wrong among them, and the bars chosen with a margin: the
// most sure squares where no letter is wrong even with any one bar the
// margin lower (of ties, the strictest). A pyramid read in the wrong
// colour (or on an empty square) is counted apart: the colour's bars,
// not the letter's, keep it unsure. The readings do not depend on the
// bars, so one reading of the sets serves the whole grid (--save keeps
// it for --load). --sweep heads (the default) sweeps the bars of a
// reading with the faces' two models (SureBars.Heads, HeadsThin), --sweep
// letter the four bars of a reading without the grey head.
//
//	go run ./vision/pyramids/internal/surecut [--sweep heads|letter] [--save FILE] DIR...
//
// The model weighed is the one built in (ocr/model/en-pyr.tsm): after
// training it again, build this with the new model in place.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tilescope/tilescope/ocr"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
)

// set is one DIR's readings.
type set struct {
	Name string
	// Squares compared; SureEmpty the squares read empty and shown sure,
	// WrongEmpty those of them wrong (the letter's bars do not move them)
	Squares, SureEmpty, WrongEmpty int
	Cases                          []vpyr.PyramidCase
	Letters, LettersRight          int
}

func main() {
	step := flag.Float64("step", 0.05, "the grid's step of the margin's, lone and thin bars")
	letterStep := flag.Float64("letter-step", 0.01, "the grid's step of the letter's bar (the letter's confidence gathers just over 0.7, where en-pyr alone is sure)")
	margin := flag.Float64("margin", 0.02, "no letter wrong with any one bar this much lower")
	show := flag.Int("show", 12, "list up to N pyramids sure and wrong one step under the bars chosen")
	save := flag.String("save", "", "write the readings to FILE (JSON), to weigh them again with --load")
	load := flag.String("load", "", "weigh the readings of FILE (written by --save) instead of reading DIRs")
	try := flag.String("bars", "", "also weigh these bars: LETTER,MARGIN,LONE,THIN,HEADS,HEADSTHIN (and show them in the table)")
	sweep := flag.String("sweep", "heads", "the bars swept: heads (Heads and HeadsThin, the others as in use) or letter (the four bars of a reading without the grey head, the heads' as in use)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: surecut [--sweep heads|letter] [--step S] [--letter-step S] [--margin M] [--show N] [--save FILE] DIR... | surecut --load FILE")
		flag.PrintDefaults()
	}
	flag.Parse()
	sets, err := readSets(*load, *save, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "surecut:", err)
		os.Exit(1)
	}
	cur := vpyr.ModelBars()
	for _, s := range sets {
		for _, c := range s.Cases {
			if c.SureAt(cur) != c.Sure {
				fmt.Fprintf(os.Stderr, "surecut: %s %d,%d: sure %v, the bars in use say %v (readings of other bars?)\n", s.Name, c.Row, c.Col, c.Sure, c.SureAt(cur))
				os.Exit(1)
			}
		}
	}
	// A pyramid read whose colour is wrong (one read on an empty square,
	// another colour) is the colour's bars' to keep unsure: it is counted
	// but the letter's bars are not chosen by it.
	type point struct {
		b                       vpyr.SureBars
		sure, wrong, colorWrong int
	}
	weigh := func(b vpyr.SureBars) point {
		p := point{b: b}
		for _, s := range sets {
			for _, c := range s.Cases {
				if !c.SureAt(b) {
					continue
				}
				p.sure++
				switch {
				case !c.ColourRight:
					p.colorWrong++
				case !c.Right:
					p.wrong++
				}
			}
		}
		return p
	}
	best, chosen := point{sure: -1}, point{sure: -1}
	var grid []vpyr.SureBars
	switch *sweep {
	case "heads":
		grid = headsGrid(cur, *letterStep)
	case "letter":
		grid = barsGrid(cur, *letterStep, *step)
	default:
		fmt.Fprintln(os.Stderr, "surecut: --sweep: heads or letter")
		os.Exit(2)
	}
	for _, b := range grid {
		p := weigh(b)
		if p.wrong != 0 {
			continue
		}
		if p.sure >= best.sure {
			best = p
		}
		if p.sure >= chosen.sure && marginal(b, *margin, func(b vpyr.SureBars) bool { return weigh(b).wrong == 0 }) {
			chosen = p
		}
	}
	rows := []struct {
		name string
		pt   point
	}{{"in use", weigh(cur)}, {"most sure, no letter wrong", best}, {"chosen (none wrong a margin under each bar)", chosen}}
	if *try != "" {
		b := cur
		if n, _ := fmt.Sscanf(*try, "%g,%g,%g,%g,%g,%g", &b.Letter, &b.Margin, &b.Lone, &b.Thin, &b.Heads, &b.HeadsThin); n != 4 && n != 6 {
			fmt.Fprintln(os.Stderr, "surecut: --bars: want 4 or 6 numbers, got", n)
			os.Exit(2)
		}
		name := "given (no margin)"
		if marginal(b, *margin, func(b vpyr.SureBars) bool { return weigh(b).wrong == 0 }) {
			name = "given (with the margin)"
		}
		chosen = weigh(b)
		rows = append(rows, struct {
			name string
			pt   point
		}{name, chosen})
	}
	fmt.Printf("pyramids read: %d in %d sets\n", countCases(sets), len(sets))
	for _, p := range rows {
		fmt.Printf("%-42s %s: sure pyramids %d, letter wrong %d, colour wrong %d\n", p.name, barsText(p.pt.b), p.pt.sure, p.pt.wrong, p.pt.colorWrong)
	}
	fmt.Printf("\n%-12s %8s %9s %22s %22s\n", "set", "letters", "squares", "sure in use (wrong)", "sure chosen or given (wrong)")
	for _, s := range sets {
		u, uw := s.sureAt(cur)
		c, cw := s.sureAt(chosen.b)
		fmt.Printf("%-12s %4d/%-4d %9d %9d (%d) %5.1f%% %9d (%d) %5.1f%%\n", s.Name, s.LettersRight, s.Letters, s.Squares,
			u, uw, 100*float64(u)/float64(max(1, s.Squares)), c, cw, 100*float64(c)/float64(max(1, s.Squares)))
	}
	loose := chosen.b
	loose.Letter, loose.Margin, loose.Lone, loose.Thin = loose.Letter-3**margin, loose.Margin-3**margin, loose.Lone-3**margin, loose.Thin-3**margin
	loose.Heads, loose.HeadsThin = loose.Heads-3**margin, loose.HeadsThin-3**margin
	fmt.Printf("\nsure and wrong three margins under the bars chosen (%s), or under the bars in use:\n", barsText(loose))
	n := 0
	for _, s := range sets {
		for _, c := range s.Cases {
			if c.Right || !(c.SureAt(loose) || c.SureAt(cur)) || n >= *show {
				continue
			}
			n++
			f := c.Read
			fmt.Printf("  %s row %d col %d: want %s, got %s at %.3f over %.3f (without the grey head %s %.3f over %.3f; heads%s); faces %d agree %d strong %d; in use sure %v\n",
				s.Name, c.Row, c.Col, c.Want, c.Got, f.Conf, f.Second, f.BaseLetter, f.BaseConf, f.BaseSecond, headsText(f.Heads), f.Faces, f.Agree, f.Strong, c.SureAt(cur))
		}
	}
}

// marginal tells whether bars b keep a margin: ok (none wrong) holds at
// b and with each of its bars alone the margin lower.
func marginal(b vpyr.SureBars, margin float64, ok func(vpyr.SureBars) bool) bool {
	if !ok(b) {
		return false
	}
	for i := 0; i < 6; i++ {
		l := b
		switch i {
		case 0:
			l.Letter -= margin
		case 1:
			l.Margin -= margin
		case 2:
			l.Lone -= margin
		case 3:
			l.Thin -= margin
		case 4:
			l.Heads -= margin
		case 5:
			l.HeadsThin -= margin
		}
		if !ok(l) {
			return false
		}
	}
	return true
}

// readSets reads the DIRs with the faces' model (or the readings saved
// in load), and saves them in save when given.
func readSets(load, save string, dirs []string) ([]set, error) {
	var sets []set
	if load != "" {
		b, err := os.ReadFile(load)
		if err != nil {
			return nil, err
		}
		return sets, json.Unmarshal(b, &sets)
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("no DIR given")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		return nil, err
	}
	opt := vpyr.Options{Reader: rd, FaceModel: true}
	for _, dir := range dirs {
		s, err := readSet(dir, opt)
		if err != nil {
			return nil, err
		}
		sets = append(sets, s)
	}
	if save != "" {
		b, err := json.Marshal(sets)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(save, b, 0o644); err != nil {
			return nil, err
		}
	}
	return sets, nil
}

// readSet reads every scene of dir with opt.
func readSet(dir string, opt vpyr.Options) (set, error) {
	s := set{Name: filepath.Base(dir)}
	files, err := vpyr.SceneFiles(dir)
	if err != nil {
		return s, err
	}
	if len(files) == 0 {
		return s, fmt.Errorf("%s: no scenes", dir)
	}
	for _, f := range files {
		r := vpyr.EvalScene(f, opt)
		if r.TruthErr != nil {
			return s, r.TruthErr
		}
		if r.Err != nil {
			continue
		}
		s.Squares += r.Squares
		s.Letters += r.Occupied
		s.LettersRight += r.LetterRight
		surePyr, wrongPyr := 0, 0
		for _, c := range r.Pyramids {
			if c.Sure {
				surePyr++
				if !c.Right {
					wrongPyr++
				}
			}
			s.Cases = append(s.Cases, c)
		}
		s.SureEmpty += r.Sure - surePyr
		s.WrongEmpty += r.Sure - r.SureRight - wrongPyr
	}
	return s, nil
}

// sureAt counts the set's squares shown sure under b, and the wrong.
func (s set) sureAt(b vpyr.SureBars) (sure, wrong int) {
	sure, wrong = s.SureEmpty, s.WrongEmpty
	for _, c := range s.Cases {
		if c.SureAt(b) {
			sure++
			if !c.Right {
				wrong++
			}
		}
	}
	return sure, wrong
}

// barsGrid is every set of the four bars of a reading without the grey
// head on a grid (the letter's bar by letterStep, the others by step),
// the lone and thin bars no lower than the letter's (under it they add
// nothing); the heads' bars as in cur.
func barsGrid(cur vpyr.SureBars, letterStep, step float64) []vpyr.SureBars {
	var out []vpyr.SureBars
	for l := 0.6; l <= 0.9+1e-9; l += letterStep {
		for m := 0.2; m <= 0.6+1e-9; m += step {
			for lone := l; lone <= 0.95+1e-9; lone += step {
				for thin := l; thin <= 0.95+1e-9; thin += step {
					out = append(out, vpyr.SureBars{Letter: l, Margin: m, Lone: lone, Thin: thin, Heads: cur.Heads, HeadsThin: cur.HeadsThin})
				}
			}
		}
	}
	return out
}

// headsGrid is every pair of the heads' bars (Heads, HeadsThin) from 0.6
// to 0.99 by step, the other bars as in cur.
func headsGrid(cur vpyr.SureBars, step float64) []vpyr.SureBars {
	var out []vpyr.SureBars
	for h := 0.6; h <= 0.99+1e-9; h += step {
		for t := 0.6; t <= 0.99+1e-9; t += step {
			b := cur
			b.Heads, b.HeadsThin = h, t
			out = append(out, b)
		}
	}
	return out
}

func barsText(b vpyr.SureBars) string {
	return fmt.Sprintf("letter %.2f margin %.2f lone %.2f thin %.2f heads %.2f heads-thin %.2f", b.Letter, b.Margin, b.Lone, b.Thin, b.Heads, b.HeadsThin)
}

// headsText is each head's own likeliest letter and its probability of
// the pyramid's letter.
func headsText(hs []vpyr.HeadFacts) string {
	out := ""
	for _, h := range hs {
		out += fmt.Sprintf(" %s %s %.3f", h.Name, h.Letter, h.P)
	}
	return out
}

func countCases(sets []set) int {
	n := 0
	for _, s := range sets {
		n += len(s.Cases)
	}
	return n
}
