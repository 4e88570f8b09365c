package loose

import (
	"fmt"
	"image"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestLooseCauses (opt-in: LOOSE_CAUSE_DIRS=augment folders, comma
// separated) scans each photo as eval-loose --photos does and sorts
// every labelled tile not read right, and every false tile, by cause:
// never found (no reported quad over its centre), merged (a reported
// quad over its centre found a neighbour), off-centre (a quad over it
// found no label), read wrong (by the look it came from: the first, the
// straightened, or added by tiltMerge, and whether the other look read
// it right). A miss the other look found is counted apart (what a
// merge could add).
func TestLooseCauses(t *testing.T) {
	dirs := os.Getenv("LOOSE_CAUSE_DIRS")
	if dirs == "" {
		t.Skip("LOOSE_CAUSE_DIRS not set")
	}
	defer func() { tiltTrace, noTiltLetters = nil, false }()
	noTiltLetters = os.Getenv("LOOSE_CAUSE_MAIN") != ""
	if os.Getenv("LOOSE_CAUSE_DEBUG") != "" {
		debugf = func(format string, a ...any) { t.Logf("  debug: "+format, a...) }
		defer func() { debugf = func(string, ...any) {} }()
	}
	type swapCase struct {
		kept, other float64
		okK, okO    bool
	}
	var swaps []swapCase
	cnt := map[string]int{}
	var keys []string
	add := func(k string) {
		if cnt[k] == 0 {
			keys = append(keys, k)
		}
		cnt[k]++
	}
	for _, dir := range strings.Split(dirs, ",") {
		t.Setenv("LOOSE_CAUSE_X", dir)
		_, rd, names := augmentDiag(t, "LOOSE_CAUSE_X")
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			var first, straight []Tile
			looked, stands := false, false
			tiltTrace = func(im image.Image, f, s []Tile, st bool) {
				if im != img {
					return // a scan within the scan (a crop, a finer look)
				}
				first = append([]Tile(nil), f...)
				straight = append([]Tile(nil), s...)
				looked, stands = true, st
			}
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
			tiltTrace = nil
			if err != nil {
				add("photo unanswered")
				continue
			}
			look := "first only"
			other := []Tile(nil)
			if looked {
				look = "first stands"
				other = straight
				if stands {
					look, other = "straight stands", first
				}
			}
			add("photos: " + look)
			matchF, matchT := matchCentres(r.Tiles, truth)
			otherRead := func(j int) (Tile, bool) {
				for _, u := range other {
					if insidePolygon(truth[j].Outline, u.Center) {
						return u, true
					}
				}
				return Tile{}, false
			}
			// The other look's reading of each final tile (a tile of it
			// whose centre lies in the final quad, within half a side).
			for j, tr := range truth {
				f := matchT[j]
				az := len(tr.Letter) == 1 && tr.Letter[0] >= 'A' && tr.Letter[0] <= 'Z'
				if f < 0 || !az || r.Tiles[f].tiltAdded {
					continue
				}
				u := r.Tiles[f]
				for _, o := range other {
					if o.Letter == "" || o.Letter == "?" || !insidePolygon(u.Corners[:], o.Center) || dist(o.Center, u.Center) > 0.5*u.Side {
						continue
					}
					if strings.EqualFold(o.Letter, u.Letter) {
						break
					}
					okU, okO := strings.EqualFold(u.Letter, tr.Letter), strings.EqualFold(o.Letter, tr.Letter)
					swaps = append(swaps, swapCase{u.Conf, o.Conf, okU, okO})
					t.Logf("%s differ %s: kept %s %.2f, other %s %.2f [%s]", name[:13], tr.Letter, u.Letter, u.Conf, o.Letter, o.Conf, look)
					break
				}
			}
			for j, tr := range truth {
				az := len(tr.Letter) == 1 && tr.Letter[0] >= 'A' && tr.Letter[0] <= 'Z'
				if !az {
					continue
				}
				c := polyCentroid(tr.Outline)
				f := matchT[j]
				var cause string
				if f >= 0 {
					u := r.Tiles[f]
					if strings.EqualFold(u.Letter, tr.Letter) {
						if u.tiltAdded {
							add("right, added by tiltMerge")
						}
						continue
					}
					src := look
					if u.tiltAdded {
						src = "added"
					}
					sure := "unsure"
					if u.Conf >= SureConf {
						sure = "SURE"
					}
					cause = fmt.Sprintf("read wrong (%s, %s)", src, sure)
					o, ok := otherRead(j)
					if ok && strings.EqualFold(o.Letter, tr.Letter) {
						cause += " other look right"
					}
					t.Logf("%s %s %s read %s %.2f at %.0f,%.0f [%s] row %d", name[:13], cause, tr.Letter, u.Letter, u.Conf, c.X, c.Y, look, u.Row)
					add(cause)
					continue
				}
				cause = "never found"
				for i, u := range r.Tiles {
					if insidePolygon(u.Corners[:], c) {
						if matchF[i] >= 0 {
							cause = "merged with a neighbour"
						} else {
							cause = "off-centre (quad over it found no label)"
						}
						break
					}
				}
				if o, ok := otherRead(j); ok {
					tag := "wrong"
					if strings.EqualFold(o.Letter, tr.Letter) {
						tag = "right"
					}
					cause += fmt.Sprintf(" / other look has it %s", tag)
					if o.Conf >= tiltMergeConf {
						cause += " >=0.97"
					}
				}
				t.Logf("%s %s %s at %.0f,%.0f [%s]", name[:13], cause, tr.Letter, c.X, c.Y, look)
				add(cause)
			}
			for i, m := range matchF {
				if m >= 0 {
					continue
				}
				u := r.Tiles[i]
				k := "false: on no label"
				for _, tr := range truth {
					if insidePolygon(tr.Outline, u.Center) {
						k = "false: double"
						break
					}
				}
				if u.tiltAdded {
					k += ", added"
				}
				if u.Conf >= SureConf {
					k += ", SURE"
				}
				t.Logf("%s %s %s %.2f at %.0f,%.0f side %.0f [%s]", name[:13], k, u.Letter, u.Conf, u.Center.X, u.Center.Y, u.Side, look)
				for j, v := range r.Tiles {
					if j != i && dist(v.Center, u.Center) < 1.5*u.Side {
						t.Logf("    beside it: %s %.2f at %.0f,%.0f side %.0f", v.Letter, v.Conf, v.Center.X, v.Center.Y, v.Side)
					}
				}
				for _, v := range other {
					if dist(v.Center, u.Center) < 1.5*u.Side {
						t.Logf("    other look: %s %.2f at %.0f,%.0f side %.0f", v.Letter, v.Conf, v.Center.X, v.Center.Y, v.Side)
					}
				}
				add(k)
			}
		}
	}
	for _, a := range []float64{0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.97} {
		for _, d := range []float64{0, 0.1, 0.2, 0.3} {
			fix, brk, wrongSure := 0, 0, 0
			for _, c := range swaps {
				if c.other < a || c.other-c.kept < d {
					continue
				}
				if c.okO && !c.okK {
					fix++
				}
				if c.okK && !c.okO {
					brk++
				}
				if !c.okO && c.other >= SureConf {
					wrongSure++
				}
			}
			t.Logf("SWAP other>=%.2f and by %.1f: fixes %d breaks %d, sure-wrong after %d", a, d, fix, brk, wrongSure)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("TOTAL %-60s %d", k, cnt[k])
	}
}
