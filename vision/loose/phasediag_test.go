package loose

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestPhaseTrace (opt-in: LOOSE_PHASE_DIRS=comma-separated augment
// folders) scans each photo as `eval-loose --photos` does and counts the
// labelled A-Z tiles found by how far the found tile's centre lies from
// its label's (in the label's side): read right, read wrong unsure, read
// wrong sure. LOOSE_PHASE_PNG=DIR writes each misread tile's
// surroundings with its quad drawn.
func TestPhaseTrace(t *testing.T) {
	dirs := os.Getenv("LOOSE_PHASE_DIRS")
	if dirs == "" {
		t.Skip("LOOSE_PHASE_DIRS not set")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
	pngs := os.Getenv("LOOSE_PHASE_PNG")
	bins := []float64{0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, math.Inf(1)}
	for _, dir := range strings.Split(dirs, ",") {
		names := augmentNames(t, dir)
		var right, wrong, sureWrong, unsureRight [8]int
		byGlyph := map[string]int{}
		for _, name := range augmentFiles(dir) {
			if only := os.Getenv("LOOSE_PHASE_ONLY"); only != "" && !strings.Contains(only, name[:13]) {
				continue
			}
			img, truth := augmentPhoto(t, dir, name, names)
			r, err := Scan(img, opt)
			if err != nil {
				continue
			}
			rgb := toRGB(img)
			var sides []float64
			for _, t := range r.Tiles {
				sides = append(sides, t.Side)
			}
			medSide := median(sides)
			_, matchT := matchCentres(r.Tiles, truth)
			for j, tt := range truth {
				f := matchT[j]
				if f < 0 || len(tt.Letter) != 1 || tt.Letter[0] < 'A' || tt.Letter[0] > 'Z' {
					continue
				}
				ft := r.Tiles[f]
				x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
				for _, p := range tt.Outline {
					x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
				}
				side := math.Sqrt((x1 - x0) * (y1 - y0))
				off := dist(ft.Center, polyCentroid(tt.Outline)) / side
				b := 0
				for off >= bins[b] {
					b++
				}
				ok := sameLetterDiag(ft.Letter, tt.Letter)
				sure := ft.Conf >= SureConf
				a, c := dist(ft.Corners[0], ft.Corners[1]), dist(ft.Corners[1], ft.Corners[2])
				asp := math.Min(a, c) / math.Max(a, c)
				rel := ft.Side / medSide
				gOff := -1.0
				if ft.hasGlyph {
					gOff = dist(ft.glyph, ft.Center) / ft.Side
				}
				gb := "none"
				for _, lim := range []float64{0.4, 0.35, 0.3, 0.25, 0.2, 0.15, 0} {
					if gOff >= lim {
						gb = fmt.Sprintf(">=%.2f", lim)
						break
					}
				}
				byGlyph[fmt.Sprintf("glyph off %s right=%v sure=%v", gb, ok, sure)]++
				switch {
				case ok && sure:
					right[b]++
				case ok:
					unsureRight[b]++
				case sure:
					sureWrong[b]++
				default:
					wrong[b]++
				}
				if !ok {
					t.Logf("  %s %s read %s %.2f off %.2f side %.2f aspect %.2f rel %.2f glyph %v %.2f", name[:13], tt.Letter, ft.Letter, ft.Conf, off, ft.Side/side, asp, rel, ft.hasGlyph, gOff)
					if pngs != "" {
						bq := [4]Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
						big := squareAround(centroid(bq), bq, 3*math.Max(x1-x0, y1-y0))
						writeDiagPNG(t, filepath.Join(pngs, fmt.Sprintf("%s-%s-%s-%.2f.png", name[:13], tt.Letter, ft.Letter, off)), rectifyMarked(rgb, big, 192, ft.Corners))
					}
				}
			}
		}
		t.Logf("%s: off-centre bins (upper bounds %v): sure right, unsure right, unsure wrong, sure wrong", dir, bins)
		logCounts(t, byGlyph)
		for b := range bins {
			t.Logf("  < %.2f: %d %d %d %d", bins[b], right[b], unsureRight[b], wrong[b], sureWrong[b])
		}
	}
}
