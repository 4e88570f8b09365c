package loose

import (
	"fmt"
	"image"
	"math"
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
	var off step
	if os.Getenv("LOOSE_CAUSE_MAIN") != "" {
		off = stepTiltLetters | stepRimMerge
	}
	if os.Getenv("LOOSE_CAUSE_DEBUG") != "" {
		debugf = func(format string, a ...any) { t.Logf("  debug: "+format, a...) }
		defer func() { debugf = func(string, ...any) {} }()
	}
	type swapCase struct {
		kept, other float64
		okK, okO    bool
	}
	var swaps, rimSwaps []swapCase
	// addSim counts, for each source (other look, rim look), conf floor
	// and coverage rule, what adding the source's tiles where the final
	// reading has none would do: a label found anew read right, read
	// wrong, a double, a tile on no label.
	type simKey struct {
		src  string
		conf float64
		rule int
	}
	addSim := map[simKey]*[4]int{}
	simConfs := []float64{0.85, 0.9, 0.95, 0.97}
	simulate := func(src string, final, from []Tile, truth []TruthTile, matchT []int, w, h int) {
		for _, c := range simConfs {
			for rule := 0; rule < 3; rule++ {
				k := simKey{src, c, rule}
				if addSim[k] == nil {
					addSim[k] = &[4]int{}
				}
				taken := map[int]bool{}
				for _, u := range from {
					if u.Conf < c || u.Letter == "" || u.Letter == "?" || u.Blank {
						continue
					}
					if !image.Pt(int(u.Center.X), int(u.Center.Y)).In(image.Rect(0, 0, w, h)) {
						continue
					}
					covered := false
					for _, t := range final {
						switch rule {
						case 0: // tiltMerge's rule
							covered = insidePolygon(t.Corners[:], u.Center) || insidePolygon(u.Corners[:], t.Center) || dist(t.Center, u.Center) < 0.6*math.Min(t.Side, u.Side)
						case 1: // centres only: neither centre in the other's quad
							covered = insidePolygon(t.Corners[:], u.Center) || insidePolygon(u.Corners[:], t.Center)
						case 2: // centres apart by 0.75 of the smaller side
							covered = dist(t.Center, u.Center) < 0.75*math.Min(t.Side, u.Side)
						}
						if covered {
							break
						}
					}
					if covered {
						continue
					}
					lab := -1
					for j, tr := range truth {
						if insidePolygon(tr.Outline, u.Center) {
							lab = j
							break
						}
					}
					switch {
					case lab < 0:
						addSim[k][3]++
					case matchT[lab] >= 0 || taken[lab]:
						addSim[k][2]++
					case strings.EqualFold(u.Letter, truth[lab].Letter):
						addSim[k][0]++
						taken[lab] = true
					default:
						addSim[k][1]++
						taken[lab] = true
					}
				}
			}
		}
	}
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
			trace := &scanTrace{}
			trace.tilt = func(im image.Image, f, s []Tile, st bool) {
				if im != img {
					return // a scan within the scan (a crop, a finer look)
				}
				first = append([]Tile(nil), f...)
				straight = append([]Tile(nil), s...)
				looked, stands = true, st
			}
			var rimTiles []Tile
			rimLooked := false
			trace.rim = func(im image.Image, ts []Tile) {
				if im == img {
					rimTiles, rimLooked = ts, true
				}
			}
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true, off: off, trace: trace})
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
			{
				b := img.Bounds()
				if looked {
					simulate("other", r.Tiles, other, truth, matchT, b.Dx(), b.Dy())
				}
				if rimLooked {
					simulate("rim", r.Tiles, rimTiles, truth, matchT, b.Dx(), b.Dy())
				}
			}
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
				for _, o := range rimTiles {
					if o.Letter == "" || o.Letter == "?" || !insidePolygon(u.Corners[:], o.Center) || dist(o.Center, u.Center) > 0.5*u.Side {
						continue
					}
					if strings.EqualFold(o.Letter, u.Letter) {
						break
					}
					okU, okO := strings.EqualFold(u.Letter, tr.Letter), strings.EqualFold(o.Letter, tr.Letter)
					rimSwaps = append(rimSwaps, swapCase{u.Conf, o.Conf, okU, okO})
					t.Logf("%s rim differ %s: kept %s %.2f, rim %s %.2f", name[:13], tr.Letter, u.Letter, u.Conf, o.Letter, o.Conf)
					break
				}
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
				// A tile the frame cuts (its clipped outline reaches the
				// frame): counted apart.
				edge := ""
				if b := img.Bounds(); atFrame(tr.Outline, b.Dx(), b.Dy()) {
					edge = " [at the frame]"
					if !rimLooked {
						edge += " no rim look"
					} else {
						var rt *Tile
						for k := range rimTiles {
							if insidePolygon(tr.Outline, rimTiles[k].Center) {
								rt = &rimTiles[k]
								break
							}
						}
						switch {
						case rt == nil:
							edge += " rim look: none"
						case strings.EqualFold(rt.Letter, tr.Letter) && rt.Conf >= tiltMergeConf:
							edge += " rim look: right >=0.97"
						case strings.EqualFold(rt.Letter, tr.Letter) && rt.Conf >= SureConf:
							edge += " rim look: right >=0.9"
						case strings.EqualFold(rt.Letter, tr.Letter):
							edge += " rim look: right unsure"
						default:
							edge += " rim look: wrong"
						}
					}
				}
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
					cause += edge
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
				cause += edge
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
			fix, brk := 0, 0
			for _, c := range rimSwaps {
				if c.other < a || c.other-c.kept < d {
					continue
				}
				if c.okO && !c.okK {
					fix++
				}
				if c.okK && !c.okO {
					brk++
				}
			}
			t.Logf("RIMSWAP rim>=%.2f and by %.1f: fixes %d breaks %d", a, d, fix, brk)
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
	for _, src := range []string{"other", "rim"} {
		for _, c := range simConfs {
			for rule := 0; rule < 3; rule++ {
				if v := addSim[simKey{src, c, rule}]; v != nil {
					t.Logf("ADD %s >=%.2f rule %d: new right %d, new wrong %d, double %d, on no label %d", src, c, rule, v[0], v[1], v[2], v[3])
				}
			}
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("TOTAL %-60s %d", k, cnt[k])
	}
}

// atFrame says whether an outline comes within 2 pixels of a w x h
// frame's edge (a tile the frame cuts, its label clipped).
func atFrame(outline []Point, w, h int) bool {
	for _, p := range outline {
		if p.X < 2 || p.Y < 2 || p.X > float64(w)-3 || p.Y > float64(h)-3 {
			return true
		}
	}
	return false
}
