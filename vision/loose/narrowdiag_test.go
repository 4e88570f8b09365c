package loose

import (
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestNarrowTrace (opt-in: LOOSE_NARROW_DIRS=augment folders, comma
// separated) scans each photo as eval-loose --photos does and, for every
// labelled tile of the letters LOOSE_NARROW_LETTERS (default IJLY) and
// every other A-Z tile not read right, logs what the scan made of it:
// found or not, the letter and confidence it was given, and each reading
// the verifier judged whose centre lies in the label (in the photo as
// taken or a straightened look, carried back through scanTrace.verify): the
// reader's letter and confidence, the tighter crop's agreement, the
// narrow-letter cue, the verifier's two probabilities and whether the
// tile was kept, with its tile probability were the cue off. Per letter
// it counts tiles, found, read right, read wrong sure, and the verifier
// drops of a reading of the label's own letter that the cue decided.
// LOOSE_NARROW_DUMP=DIR writes each tile read wrong and sure as its
// reader saw it (a PNG of its quad); LOOSE_NARROW_TURN=1 reads each
// tile read sure again in its quad turned by 20 and 30 degrees either
// way and counts, right or wrong, where another letter comes out.
func TestNarrowTrace(t *testing.T) {
	dirs := os.Getenv("LOOSE_NARROW_DIRS")
	if dirs == "" {
		t.Skip("LOOSE_NARROW_DIRS not set")
	}
	letters := os.Getenv("LOOSE_NARROW_LETTERS")
	if letters == "" {
		letters = "IJLY"
	}
	type rec struct {
		t            Tile
		pTile, pRght float64
		kept         bool
	}
	type stat struct{ n, found, right, sureWrong, cueDropped, cueDroppedOther int }
	stats := map[string]*stat{}
	st := func(l string) *stat {
		if stats[l] == nil {
			stats[l] = &stat{}
		}
		return stats[l]
	}
	turnStats := map[string]int{}
	defer func() {
		for k, v := range turnStats {
			t.Logf("%s: %d", k, v)
		}
	}()
	for _, dir := range strings.Split(dirs, ",") {
		t.Setenv("LOOSE_NARROW_X", dir)
		_, rd, names := augmentDiag(t, "LOOSE_NARROW_X")
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			var recs []rec
			trace := &scanTrace{verify: func(u Tile, pt, pr float64, kept, _ bool) { recs = append(recs, rec{u, pt, pr, kept}) }}
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true, trace: trace})
			if err != nil {
				t.Logf("%s unanswered: %v", name[:13], err)
				continue
			}
			_, matchT := matchCentres(r.Tiles, truth)
			if os.Getenv("LOOSE_NARROW_TURN") != "" {
				// Each final tile read sure, read again in its quad turned
				// by +-turn degrees: does another letter come out?
				src := toRGB(img)
				for j, tr := range truth {
					f := matchT[j]
					if f < 0 || r.Tiles[f].Conf < SureConf || len(tr.Letter) != 1 {
						continue
					}
					u := r.Tiles[f]
					ok := strings.EqualFold(u.Letter, tr.Letter)
					alt := ""
					for _, deg := range []float64{-30, -20, 20, 30} {
						var q [4]Point
						a := deg * math.Pi / 180
						for k, p := range u.Corners {
							dx, dy := p.X-u.Center.X, p.Y-u.Center.Y
							q[k] = Point{u.Center.X + dx*math.Cos(a) - dy*math.Sin(a), u.Center.Y + dx*math.Sin(a) + dy*math.Cos(a)}
						}
						g, err := rd.Read(rectify(src, q, 64, 1.3))
						if err == nil && g.Letter != "" && !strings.EqualFold(g.Letter, u.Letter) && g.Conf >= 0.5 {
							alt += fmt.Sprintf(" %+.0f:%s %.2f", deg, g.Letter, g.Conf)
						}
					}
					key := fmt.Sprintf("turn: sure right=%v byLetter=%v other letter turned=%v", ok, u.byLetter, alt != "")
					turnStats[key]++
					if alt != "" && (!ok || u.byLetter) {
						t.Logf("%s turn %s read %s %.2f byLetter %v:%s", name[:13], tr.Letter, u.Letter, u.Conf, u.byLetter, alt)
					}
				}
			}
			for j, tr := range truth {
				if len(tr.Letter) != 1 || tr.Letter[0] < 'A' || tr.Letter[0] > 'Z' {
					continue
				}
				s := st(tr.Letter)
				s.n++
				f := matchT[j]
				right := f >= 0 && strings.EqualFold(r.Tiles[f].Letter, tr.Letter)
				if f >= 0 {
					s.found++
				}
				if right {
					s.right++
				}
				if f >= 0 && !right && r.Tiles[f].Conf >= SureConf {
					s.sureWrong++
					if d := os.Getenv("LOOSE_NARROW_DUMP"); d != "" {
						// The sure-wrong tile as its reader saw it.
						u := r.Tiles[f]
						out := rectify(toRGB(img), u.Corners, 96, 1)
						fn := filepath.Join(d, fmt.Sprintf("%s-%s-%s-%.0f-%.0f.png", name[:13], tr.Letter, u.Letter, u.Center.X, u.Center.Y))
						if w, err := os.Create(fn); err == nil {
							_ = png.Encode(w, out)
							w.Close()
						}
					}
				}
				narrow := strings.Contains(letters, tr.Letter)
				if right && !narrow {
					continue
				}
				c := polyCentroid(tr.Outline)
				got := "never found"
				if f >= 0 {
					got = fmt.Sprintf("read %s %.2f", r.Tiles[f].Letter, r.Tiles[f].Conf)
					if right {
						got = "right " + got
					}
				}
				var lines []string
				for _, x := range recs {
					if !insidePolygon(tr.Outline, x.t.Center) {
						continue
					}
					off := x.t.cues
					off[9] = 0
					pOff := verifier.ProbTile(off)
					if !x.kept && pOff >= verifier.Cut && x.t.cues[9] == 1 {
						if strings.EqualFold(x.t.Letter, tr.Letter) {
							s.cueDropped++
						} else {
							s.cueDroppedOther++
						}
					}
					lines = append(lines, fmt.Sprintf("    %s %.2f agree %.0f conf2 %+.2f narrow %.0f byLetter %.0f elong %.2f side %.2f: tile %.2f (cue off %.2f) right %.2f kept %v",
						x.t.Letter, x.t.Conf, x.t.cues[6], x.t.cues[7], x.t.cues[9], x.t.cues[2], x.t.cues[10], x.t.cues[5], x.pTile, pOff, x.pRght, x.kept))
				}
				if right && len(lines) <= 1 {
					continue
				}
				t.Logf("%s %s %s at %.0f,%.0f", name[:13], tr.Letter, got, c.X, c.Y)
				for _, l := range lines {
					t.Log(l)
				}
			}
		}
	}
	var ks []string
	for k := range stats {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		s := stats[k]
		t.Logf("letter %s: %d tiles, found %d, read right %d, sure wrong %d; dropped by the cue: read so %d, read other %d", k, s.n, s.found, s.right, s.sureWrong, s.cueDropped, s.cueDroppedOther)
	}
}
