package loose

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
)

// TestCropStages (opt-in: LOOSE_CROP_STAGES=an augment folder, of the
// crop family or any) logs, for each label the scan misses, whether the
// picture's edge cuts it, its side as a share of the picture's longer
// side, the stage at which it is lost in the plain search and in the
// close-up's (search.zoom closeZoom; labelStage), whether the scan
// without the verifier finds it and how the reader reads its box; and
// the counts by cause.
func TestCropStages(t *testing.T) {
	traceMisses(t, "LOOSE_CROP_STAGES", func(p missedPhoto, counts map[string]int) []string {
		rgb := p.rgb
		long := float64(max(rgb.w, rgb.h))
		plainPrep := prepOf(rgb, search{lattice: true, shortI: true})
		closePrep := prepOf(rgb, search{lattice: true, shortI: true, zoom: closeZoom})
		var sides []float64
		for _, x := range p.tiles {
			sides = append(sides, x.Side/long)
		}
		sort.Float64s(sides)
		lr := letterReader(p.opt)
		var lines []string
		missed := 0
		for _, tt := range p.truth {
			if labelFound(tt, p.tiles) {
				continue
			}
			missed++
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			area := 0.0
			for i, q0 := range tt.Outline {
				x0, y0, x1, y1 = math.Min(x0, q0.X), math.Min(y0, q0.Y), math.Max(x1, q0.X), math.Max(y1, q0.Y)
				q := tt.Outline[(i+1)%len(tt.Outline)]
				area += q0.X*q.Y - q.X*q0.Y
			}
			edge := "whole"
			if x0 <= 1 || y0 <= 1 || x1 >= float64(rgb.w)-1 || y1 >= float64(rgb.h)-1 {
				edge = "cut"
			}
			got := readBox(lr, rgb, tt)
			plain, close := labelStage(tt, plainPrep, rgb), labelStage(tt, closePrep, rgb)
			unverified := labelFound(tt, p.unverified)
			counts[edge]++
			counts[edge+": plain "+plain]++
			counts[edge+": close "+close]++
			if unverified {
				counts[edge+": found without the verifier"]++
			}
			if strings.EqualFold(got.Letter, tt.Letter) {
				counts[edge+": box read right"]++
			}
			lines = append(lines, fmt.Sprintf("  miss %s %s side %.3f: plain %s, close %s, no verifier %v, box reads %s %.2f", tt.Letter, edge, math.Sqrt(math.Abs(area)/2)/long, plain, close, unverified, got.Letter, got.Conf))
		}
		head := fmt.Sprintf("%s %dx%d: %d labels, %d missed, %d found tiles of median side %.3f, err %v", p.name[:13], rgb.w, rgb.h, len(p.truth), missed, len(p.tiles), median(sides), p.err)
		return append([]string{head}, lines...)
	})
}
