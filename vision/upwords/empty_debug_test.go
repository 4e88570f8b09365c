package upwords

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestEmptyTrace is a diagnostic, not a check: with
// TILESCOPE_EMPTY_DIRS=DIR[:DIR...] it scans every scene (the Upwords
// reader, no calibration) and prints, for each square of a board found
// read empty and sure (or read empty on a true stack, sure or not),
// the evidence the empty/occupied decision has: the tile evidence of the
// floor and of the faces (tileEvidence), the walls' light, how much
// better a face a level up fits the square than its floor (the ratio
// centreRaised weighs), how near a neighbouring stack's face as read
// comes to this square's face line up to eight levels (unsureClaimed's
// distance, in faces' sides, and the level), and what the reader reads
// on the square's one-high face. Lines start EMPTY; "stack" in the
// third field marks a true stack.
func TestEmptyTrace(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_EMPTY_DIRS")
	if dirs == "" {
		t.Skip("set TILESCOPE_EMPTY_DIRS to render-set directories")
	}
	rd := upwordsReader(t)
	for _, dir := range strings.Split(dirs, ":") {
		eachScene(t, dir, func(path string, tr *vision.Truth) {
			img := loadImage(t, path)
			n := tr.Board.Rows
			seen := map[grid.Pos]cellDiag{}
			debugCell = func(r, c int, d cellDiag, _ vision.Plane, _ *occluders) {
				seen[grid.Pos{Row: r, Col: c}] = d
			}
			type feat struct {
				raised, claim, claimH float64
				claimHigh             float64 // the least distance over heights 5.75 to 7.5
				nbMax                 int     // the tallest neighbour read
				litExplained          bool
				letter                string
				conf                  float64
			}
			feats := map[grid.Pos]feat{}
			debugSure = func(cells []Cell, p vision.Plane, pose *vision.Pose, geo Geometry, img image.Image, crop int) {
				for _, c := range cells {
					if c.Height != 0 {
						continue
					}
					var f feat
					f.raised = raisedRatio(p, pose, c.Pos.Row, c.Pos.Col, geo)
					f.claim, f.claimHigh = math.Inf(1), math.Inf(1)
					for dr := -1; dr <= 1; dr++ {
						for dc := -1; dc <= 1; dc++ {
							r2, c2 := c.Pos.Row+dr, c.Pos.Col+dc
							if (dr == 0 && dc == 0) || r2 < 0 || c2 < 0 || r2 >= n || c2 >= n {
								continue
							}
							s := cells[r2*n+c2]
							if s.Height == 0 {
								continue
							}
							f.nbMax = max(f.nbMax, s.Height)
							fc, side := s.Face.Centre(), quadSideLen(s.Face)
							for h := 0.5; h <= 8; h += 0.25 {
								fp := faceCentre(pose, c.Pos.Row, c.Pos.Col, h, geo)
								d := math.Hypot(fp.X-fc.X, fp.Y-fc.Y) / side
								if d < f.claim {
									f.claim, f.claimH = d, h
								}
								if h > 5.5 && h <= 7.5 && d < f.claimHigh {
									f.claimHigh = d
								}
							}
						}
					}
					face := letterCrop(img, faceQuad(pose, c.Pos.Row, c.Pos.Col, 1, geo), crop)
					if r, err := rd.Read(face); err == nil {
						f.letter, f.conf = r.Letter, r.Conf
					}
					f.litExplained = c.litExplained
					feats[c.Pos] = f
				}
			}
			r, err := ScanUpwords(img, Options{Size: n, Reader: rd})
			debugCell, debugSure = nil, nil
			if err != nil {
				return
			}
			turned, _, found := matchGrid(tr, r.Corners)
			if !found {
				return
			}
			for _, c := range tr.Board.Corners {
				if c[0] < 0 || c[1] < 0 || c[0] > float64(tr.Width) || c[1] > float64(tr.Height) {
					return
				}
			}
			if os.Getenv("TILESCOPE_EMPTY_FACES") != "" {
				for _, c := range r.Cells {
					if c.Height > 0 {
						fc := c.Face.Centre()
						fmt.Printf("FACE %s %v %s%d at %.0f %.0f\n", filepath.Base(path), c.Pos, c.Letter, c.Height, fc.X, fc.Y)
					}
				}
			}
			truth := tr.TrueBoard()
			truth.Each(func(p grid.Pos, want grid.Stack) {
				c := r.Cell(ourPos(p, turned, n))
				if c.Height != 0 {
					return
				}
				cp := ourPos(p, turned, n)
				for i := 0; i < r.Turned; i++ {
					cp = grid.Pos{Row: n - 1 - cp.Col, Col: cp.Row}
				}
				d, f := seen[cp], feats[cp]
				kind := "empty"
				if !want.Empty() {
					kind = "stack"
				}
				fmt.Printf("EMPTY %s/%s %s %v want %s%d sure %v cov %v centre %v tile %.2f base %.2f top %.2f hidden %v walls %.2f raised %.2f claim %.2f@%.2f high %.2f nb %d litexp %v read %q %.2f\n",
					filepath.Base(dir), filepath.Base(path), kind, p, orDot(want.Letter), want.Height, c.Sure, c.Covered, centreSquare(cp.Row, cp.Col, n),
					c.Tile, d.baseEv, d.topEv, d.floorHidden, c.walls, f.raised, f.claim, f.claimH, f.claimHigh, f.nbMax, f.litExplained, f.letter, f.conf)
			})
		})
	}
}
