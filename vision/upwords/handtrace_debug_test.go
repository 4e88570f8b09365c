package upwords

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestHandTrace is a diagnostic, not a check: with
// TILESCOPE_HANDTRACE_DIRS=DIR[:DIR...] (render-set directories whose
// truths give each face's share hidden by the hand, Cell.Hidden) it scans
// every scene as eval-scan does and prints, for each stack of a board
// found whose letter is missed, how much of its top face the hand hides,
// whether a square beside it is under the hand, what the scan reported
// (empty, covered, a wrong letter; sure or not) and what readCells saw.
// It counts the misses by cause, and over the hand scenes how the squares
// the scan took to be under something (Cell.overlaid) meet the truth's
// hidden faces: stacks in full view taken for covered (the mask too
// wide), stacks mostly hidden read bare (too narrow).
func TestHandTrace(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_HANDTRACE_DIRS")
	if dirs == "" {
		t.Skip("set TILESCOPE_HANDTRACE_DIRS to render-set directories")
	}
	rd := upwordsReader(t)
	causes := map[string]int{}
	// Stacks by the share of their face hidden (hiddenBin), and of them
	// read with the right letter.
	binAll, binRight := map[string]int{}, map[string]int{}
	var stacks, handStacks int
	var wide, wideSure, narrow, narrowSure, coveredStacks, coveredEmpty int
	for _, dir := range strings.Split(dirs, ":") {
		eachScene(t, dir, func(path string, tr *vision.Truth) {
			for _, c := range tr.Board.Corners {
				if c[0] < 0 || c[1] < 0 || c[0] > float64(tr.Width) || c[1] > float64(tr.Height) {
					return // partly out of view: eval-scan does not count it
				}
			}
			img := loadImage(t, path)
			n := tr.Board.Rows
			seen := map[grid.Pos]cellDiag{}
			debugCell = func(r, c int, d cellDiag, _ vision.Plane, _ *occluders) {
				seen[grid.Pos{Row: r, Col: c}] = d
			}
			r, err := ScanUpwords(img, Options{Size: n, Reader: rd})
			debugCell = nil
			if err != nil {
				return
			}
			turned, _, found := matchGrid(tr, r.Corners)
			if !found {
				return
			}
			name := filepath.Base(dir) + "/" + filepath.Base(path)
			hidden := map[grid.Pos]float64{}
			occl := map[grid.Pos]bool{}
			for _, c := range tr.Cells {
				hidden[grid.Pos{Row: c.Row, Col: c.Col}] = c.Hidden
				occl[grid.Pos{Row: c.Row, Col: c.Col}] = c.Occluded
			}
			hand, _ := tr.Conditions["hand"].(bool)
			blur, _ := tr.Conditions["blur_px"].(float64)
			motion, _ := tr.Conditions["motion_px"].(float64)
			truth := tr.TrueBoard()
			beside := func(p grid.Pos) float64 {
				m := 0.0
				for dr := -1; dr <= 1; dr++ {
					for dc := -1; dc <= 1; dc++ {
						q := grid.Pos{Row: p.Row + dr, Col: p.Col + dc}
						if (dr != 0 || dc != 0) && q.Row >= 0 && q.Col >= 0 && q.Row < n && q.Col < n {
							m = max(m, hidden[q])
						}
					}
				}
				return m
			}
			// Squares the reader's "no tile" left covered (readStack's
			// overruled, not turned back by judgeByLook): the truth, the
			// share of the face hidden, and whether a square round it
			// was found under something by its walls or colour.
			truth.Each(func(p grid.Pos, want grid.Stack) {
				op := ourPos(p, turned, n)
				c := r.Cell(op)
				if c.Height != 0 || c.overruled == nil {
					return
				}
				near := 0
				for dr := -1; dr <= 1; dr++ {
					for dc := -1; dc <= 1; dc++ {
						q := grid.Pos{Row: op.Row + dr, Col: op.Col + dc}
						if (dr != 0 || dc != 0) && q.Row >= 0 && q.Col >= 0 && q.Row < n && q.Col < n {
							if o := r.Cell(q); o.overlaid && o.overruled == nil {
								near++
							}
						}
					}
				}
				dist := n
				for rr := 0; rr < n; rr++ {
					for cc := 0; cc < n; cc++ {
						if o := r.Cell(grid.Pos{Row: rr, Col: cc}); o.overlaid && o.overruled == nil {
							dist = min(dist, max(abs(rr-op.Row), abs(cc-op.Col)))
						}
					}
				}
				fmt.Printf("OVERRULED %s %v want %s%d hidden %.2f hand %v covered %v tile %.2f overlaid-near %d dist %d centre %v\n",
					name, p, orDot(want.Letter), want.Height, hidden[p], hand, c.Covered, c.overruled.tile, near, dist, centreSquare(p.Row, p.Col, n))
			})
			truth.Each(func(p grid.Pos, want grid.Stack) {
				op := ourPos(p, turned, n)
				c := r.Cell(op)
				if hand && c.Covered && c.overlaid && c.overruled == nil {
					if want.Empty() {
						coveredEmpty++
					} else {
						coveredStacks++
					}
				}
				if want.Empty() {
					return
				}
				stacks++
				h := hidden[p]
				if hand {
					handStacks++
					if h == 0 && c.Height == 0 && c.Covered && c.overruled == nil {
						wide++
						if c.Sure {
							wideSure++
						}
					}
					if h >= 0.5 && c.Height == 0 && !c.Covered {
						narrow++
						if c.Sure {
							narrowSure++
						}
					}
				}
				bin := hiddenBin(h, beside(p))
				binAll[bin]++
				if c.Height > 0 && c.Letter == want.Letter {
					binRight[bin]++
					return
				}
				var read string
				switch {
				case c.Height == 0 && c.overruled != nil && c.Covered:
					read = "covered(reader: no tile)"
				case c.Height == 0 && c.overruled != nil:
					read = "empty(reader: no tile, by look)"
				case c.Height == 0 && c.Covered && c.overlaid:
					read = "covered(hand)"
				case c.Height == 0 && c.Covered:
					read = "covered(behind)"
				case c.Height == 0:
					read = "empty"
				default:
					read = "wrong"
				}
				if c.Sure {
					read += ",sure"
				}
				var cause string
				bh := beside(p)
				switch {
				case h >= 0.999:
					cause = "hand: face all hidden"
				case h >= 0.5:
					cause = "hand: face mostly hidden"
				case h > 0:
					cause = "hand: face partly hidden"
				case bh > 0:
					cause = "hand: face in view, beside the hand"
				case c.Height == 0:
					cause = "other: read empty"
				case c.Height != want.Height:
					cause = "other: misread, height wrong"
				case blur >= 2 || motion >= 4:
					cause = "other: misread, blurred"
				default:
					cause = "other: misread, sharp"
				}
				causes[cause+" / "+read]++
				d := seen[ourPos(p, turned, n)]
				fmt.Printf("MISS %s %v want %s%d read %s%d conf %.2f tile %.2f walls %.2f off %.2f hidden %.2f occl %v beside %.2f [%s] %s ev %.2f final %.2f dropped %q blur %.1f\n",
					name, p, want.Letter, want.Height, orDot(c.Letter), c.Height, c.Conf, c.Tile, c.walls, c.offColour, h, occl[p], bh, cause, read, d.ev, d.final, d.dropped, blur)
			})
		})
	}
	var keys []string
	for k := range causes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	total := 0
	for _, k := range keys {
		total += causes[k]
	}
	fmt.Printf("stacks %d (in hand scenes %d), letters missed %d\n", stacks, handStacks, total)
	for _, k := range keys {
		fmt.Printf("CAUSE %4d  %s\n", causes[k], k)
	}
	for _, b := range []string{"in full view, beside the hand", "under 0.5 hidden", "0.5 to 1 hidden", "wholly hidden"} {
		fmt.Printf("BIN %-30s stacks %4d letters right %4d\n", b, binAll[b], binRight[b])
	}
	fmt.Printf("hand scenes: squares covered by the hand %d (truly empty %d); stacks in full view covered %d (sure %d); stacks half hidden or more read bare %d (sure %d)\n",
		coveredStacks+coveredEmpty, coveredEmpty, wide, wideSure, narrow, narrowSure)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// hiddenBin names the share h of a stack's face the hand hides (bh the
// most of any square round it), for TestHandTrace's counts.
func hiddenBin(h, bh float64) string {
	switch {
	case h >= 0.999:
		return "wholly hidden"
	case h >= 0.5:
		return "0.5 to 1 hidden"
	case h > 0:
		return "under 0.5 hidden"
	case bh > 0:
		return "in full view, beside the hand"
	}
	return "away from the hand"
}
