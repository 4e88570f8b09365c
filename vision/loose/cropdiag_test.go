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
	dir, rd, names := augmentDiag(t, "LOOSE_CROP_STAGES")
	counts := map[string]int{}
	for _, name := range augmentFiles(dir) {
		img, truth := augmentPhoto(t, dir, name, names)
		if len(truth) == 0 {
			continue
		}
		opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
		tiles, tiles2, err, _ := scanBothWays(img, opt)
		rgb := toRGB(img)
		long := float64(max(rgb.w, rgb.h))
		plainPrep := prepOf(rgb, search{lattice: true, shortI: true})
		closePrep := prepOf(rgb, search{lattice: true, shortI: true, zoom: closeZoom})
		var sides []float64
		for _, x := range tiles {
			sides = append(sides, x.Side/long)
		}
		sort.Float64s(sides)
		lr := letterReader(opt)
		var lines []string
		missed := 0
		for _, tt := range truth {
			if labelFound(tt, tiles) {
				continue
			}
			missed++
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			area := 0.0
			for i, p := range tt.Outline {
				x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
				q := tt.Outline[(i+1)%len(tt.Outline)]
				area += p.X*q.Y - q.X*p.Y
			}
			edge := "whole"
			if x0 <= 1 || y0 <= 1 || x1 >= float64(rgb.w)-1 || y1 >= float64(rgb.h)-1 {
				edge = "cut"
			}
			got := readBox(lr, rgb, tt)
			plain, close := labelStage(tt, plainPrep, rgb), labelStage(tt, closePrep, rgb)
			counts[edge]++
			counts[edge+": plain "+plain]++
			counts[edge+": close "+close]++
			if labelFound(tt, tiles2) {
				counts[edge+": found without the verifier"]++
			}
			if strings.EqualFold(got.Letter, tt.Letter) {
				counts[edge+": box read right"]++
			}
			lines = append(lines, fmt.Sprintf("  miss %s %s side %.3f: plain %s, close %s, no verifier %v, box reads %s %.2f", tt.Letter, edge, math.Sqrt(math.Abs(area)/2)/long, plain, close, labelFound(tt, tiles2), got.Letter, got.Conf))
		}
		t.Logf("%s %dx%d: %d labels, %d missed, %d found tiles of median side %.3f, err %v", name[:13], rgb.w, rgb.h, len(truth), missed, len(tiles), median(sides), err)
		for _, l := range lines {
			t.Log(l)
		}
	}
	logCounts(t, counts)
}
