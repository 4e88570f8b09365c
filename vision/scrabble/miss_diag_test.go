package scrabble

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// missDiagEnv names directories of renders (photo and truth JSON beside
// it), comma-separated, for TestMissDiag: for a board findFrame does not
// find, each proposal of its last stages (the red border's field, the
// premium proposals, the faint grid, the tiles' lattice) with its fit
// and next place's as coveredFrame judges it, its distance from the
// true board, and which of coveredJudged's rules it fails.
const missDiagEnv = "TILESCOPE_MISS_DIAG"

func TestMissDiag(t *testing.T) {
	dirs := os.Getenv(missDiagEnv)
	if dirs == "" {
		t.Skipf("set %s to render directories", missDiagEnv)
	}
	for _, dir := range strings.Split(dirs, ",") {
		names, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
		for _, name := range names {
			img := loadImage(t, name)
			if f, err := findFrame(img, vision.FindGridOutlineFirst, true, true); err == nil {
				centres, pitch := loadTruth(t, strings.TrimSuffix(name, ".jpg")+".json")
				t.Logf("%s: found, median off %.2f, unseen %v", filepath.Base(name), medianErr(f, centres, pitch), f.unseen)
				continue
			}
			_, ferr := vision.FindGridOutlineFirst(img, Size)
			centres, pitch := loadTruth(t, strings.TrimSuffix(name, ".jpg")+".json")
			p := toPicture(img)
			type cand struct {
				kind string
				q    vision.Quad
			}
			var cs []cand
			if fq, _, ok := fieldQuad(p); ok {
				cs = append(cs, cand{"field", fq})
			}
			first, more, few, _ := premiumBoardsFew(p, coveredMatches)
			if first != nil {
				cs = append(cs, cand{"first", first.q})
			}
			var weak *vision.WeakGridError
			if errors.As(ferr, &weak) {
				cs = append(cs, cand{"weak", gridQuad(weak.Grid)})
			}
			for _, c := range more {
				cs = append(cs, cand{"more", c.q})
			}
			for _, c := range few {
				cs = append(cs, cand{"few", c.q})
			}
			for _, q := range latticeQuads(p) {
				cs = append(cs, cand{"lattice", q})
			}
			t.Logf("%s: not found (%v), %d proposals", filepath.Base(name), ferr, len(cs))
			for _, c := range cs {
				f := frameAt(p, c.q)
				if f == nil {
					continue
				}
				before := medianErr(f, centres, pitch)
				off, best, next := coveredAlign(f)
				g := f
				if off != (vision.Point{}) {
					g.off = off
					g = frameAt(p, gridCorners(g))
				}
				if g == nil {
					continue
				}
				after := medianErr(g, centres, pitch)
				if before > 2.5 && after > 1 {
					continue
				}
				g.unseen = true
				seen := 0
				for r := 0; r < Size; r++ {
					for cc := 0; cc < Size; cc++ {
						if g.inPicture(r, cc) {
							seen++
						}
					}
				}
				g.unseen = false
				t.Logf("  %-7s off %.2f -> %.2f (moved %v): fit %.3f next %.3f share %.3f; in view %d, spread %.1f, apart %v, coveredApart %v",
					c.kind, before, after, off, best, next, best/next, seen, colourSpread(g), printsApart(g), coveredApart(g))
				if h := frameAt(p, c.q); h != nil && reachesOut(h) {
					var cb, cn float64
					debugCut = func(_ vision.Quad, best, next float64) { cb, cn = best, next }
					kept := cutJudged(p, h, coveredApartSeen, coveredNextShare) != nil
					debugCut = func(vision.Quad, float64, float64) {}
					t.Logf("          cut: fit on the squares in view %.3f next %.3f share %.3f, kept (coveredApartSeen, 0.92) %v", cb, cn, cb/cn, kept)
				}
			}
		}
	}
}

// medianErr is the median distance in squares of the frame's square
// centres in view from the truth's, the best quarter turn.
func medianErr(f *frame, centres [Size][Size]vision.Point, pitch [Size][Size]float64) float64 {
	errs := inViewErr(f, centres, pitch)
	var all []float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if !math.IsNaN(errs[r][c]) {
				all = append(all, errs[r][c])
			}
		}
	}
	if len(all) == 0 {
		return math.Inf(1)
	}
	return median(all)
}
