package loose

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/ocr"
)

// TestCropStages (opt-in: LOOSE_CROP_STAGES=an augment folder, of the
// crop family or any) logs, for each label the scan misses, whether the
// picture's edge cuts it, its side as a share of the picture's longer
// side, the stage at which it is lost in the plain search and in the
// close-up's (search.zoom closeZoom: no letter blob in it; a letter but
// under a third of it face-coloured; a letter and a face), whether the
// scan without the verifier finds it and how the reader reads its box;
// and the counts by cause.
func TestCropStages(t *testing.T) {
	dir := os.Getenv("LOOSE_CROP_STAGES")
	if dir == "" {
		t.Skip("LOOSE_CROP_STAGES not set")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	names := augmentNames(t, dir)
	counts := map[string]int{}
	for _, name := range augmentFiles(dir) {
		img, truth := realPhoto(t, filepath.Join(dir, "images", name+".jpg"), filepath.Join(dir, "labels", name+".txt"), names)
		if len(truth) == 0 {
			continue
		}
		opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
		tiles, tiles2, err, _ := scanBothWays(img, opt)
		rgb := toRGB(img)
		long := float64(max(rgb.w, rgb.h))
		preps := map[float64]detectPrep{}
		for _, z := range []float64{0, closeZoom} {
			src, _ := gocv.NewMatFromBytes(rgb.h, rgb.w, gocv.MatTypeCV8UC3, rgb.pix)
			gray := gocv.NewMat()
			gocv.CvtColor(src, &gray, gocv.ColorRGBToGray)
			preps[z] = prepare(src, gray, rgb.w, rgb.h, search{lattice: true, shortI: true, zoom: z})
			gray.Close()
			src.Close()
		}
		inside := func(tt TruthTile, ts []Tile) bool {
			for _, x := range ts {
				if pointInPoly(x.Center, tt.Outline) {
					return true
				}
			}
			return false
		}
		stageOf := func(tt TruthTile, p detectPrep) string {
			has := false
			for _, b := range p.lb.blobs {
				if pointInPoly(Point{b.x, b.y}, tt.Outline) {
					has = true
				}
			}
			if !has {
				return "no letter"
			}
			face := 0.0
			for _, m := range p.masks {
				face = math.Max(face, polyShare(tt.Outline, m.m, rgb.w, rgb.h))
			}
			if face < 1.0/3 {
				return "letter, no face"
			}
			return "letter and face"
		}
		var sides []float64
		for _, x := range tiles {
			sides = append(sides, x.Side/long)
		}
		sort.Float64s(sides)
		med := 0.0
		if len(sides) > 0 {
			med = sides[len(sides)/2]
		}
		lr := letterReader(opt)
		var lines []string
		missed := 0
		for _, tt := range truth {
			if inside(tt, tiles) {
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
			cut := x0 <= 1 || y0 <= 1 || x1 >= float64(rgb.w)-1 || y1 >= float64(rgb.h)-1
			side := math.Sqrt(math.Abs(area)/2) / long
			got, _ := lr.Read(rectify(rgb, [4]Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, 64, 1.3))
			right := strings.EqualFold(got.Letter, tt.Letter)
			plain, close := stageOf(tt, preps[0]), stageOf(tt, preps[closeZoom])
			edge := map[bool]string{true: "cut", false: "whole"}[cut]
			counts[edge]++
			counts[edge+": plain "+plain]++
			counts[edge+": close "+close]++
			if inside(tt, tiles2) {
				counts[edge+": found without the verifier"]++
			}
			if right {
				counts[edge+": box read right"]++
			}
			lines = append(lines, fmt.Sprintf("  miss %s %s side %.3f: plain %s, close %s, no verifier %v, box reads %s %.2f", tt.Letter, edge, side, plain, close, inside(tt, tiles2), got.Letter, got.Conf))
		}
		t.Logf("%s %dx%d: %d labels, %d missed, %d found tiles of median side %.3f, err %v", name[:13], rgb.w, rgb.h, len(truth), missed, len(tiles), med, err)
		for _, l := range lines {
			t.Log(l)
		}
	}
	var ks []string
	for k := range counts {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		t.Logf("%-45s %d", k, counts[k])
	}
}
