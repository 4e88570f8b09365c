package loose

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestCutFacesDiag (opt-in: LOOSE_CUTF_DIRS=augment folders, comma
// separated; LOOSE_CUTF_PNG=a folder for pictures of each tile added)
// scans each photo and weighs every tile cutFaces added: on a label no
// other tile found (found; read right or not), on a label found by
// another (a double), on no label (false); and lists the labels the
// frame cuts still not found, by their share in view.
func TestCutFacesDiag(t *testing.T) {
	dirs := os.Getenv("LOOSE_CUTF_DIRS")
	if dirs == "" {
		t.Skip("LOOSE_CUTF_DIRS not set")
	}
	pd := os.Getenv("LOOSE_CUTF_PNG")
	cnt := map[string]int{}
	for _, dir := range strings.Split(dirs, ",") {
		t.Setenv("LOOSE_CUTF_X", dir)
		_, rd, names := augmentDiag(t, "LOOSE_CUTF_X")
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				continue
			}
			b := img.Bounds()
			matchF, matchT := matchCentres(r.Tiles, truth)
			for i, u := range r.Tiles {
				if u.cutShare == 0 {
					continue
				}
				var out string
				if j := matchF[i]; j >= 0 {
					if strings.EqualFold(u.Letter, truth[j].Letter) {
						out = "found, read right"
					} else {
						out = "found, read wrong"
					}
					out += " (label " + truth[j].Letter + ")"
				} else {
					out = "FALSE"
					for _, tr := range truth {
						if insidePolygon(tr.Outline, u.Center) {
							out = "DOUBLE"
						}
					}
				}
				cnt["added "+strings.SplitN(out, " (", 2)[0]]++
				t.Logf("%s added %q %.2f share %.2f at (%.0f, %.0f): %s", name[:13], u.Letter, u.Conf, u.cutShare, u.Center.X, u.Center.Y, out)
				if pd != "" {
					cutPNG(t, filepath.Join(pd, fmt.Sprintf("%s-add-%.0f-%.0f-%s.png", name[:13], u.Center.X, u.Center.Y, strings.Fields(out)[0])), img, u.Corners[:], r.Tiles, truth...)
				}
			}
			for j, tr := range truth {
				if matchT[j] >= 0 || !atFrame(tr.Outline, b.Dx(), b.Dy()) {
					continue
				}
				_, share := ClipToFrame(tr.Outline, b.Dx(), b.Dy())
				cnt["cut label still missed"]++
				why := cutWhy(img, r.Tiles, tr)
				cnt["missed, furthest: "+why]++
				t.Logf("%s missed %s at (%.0f, %.0f), label side %.0f, %.2f in view: %s", name[:13], tr.Letter, polyCentroid(tr.Outline).X, polyCentroid(tr.Outline).Y, meanSideOf(tr.Outline), share, why)
			}
		}
	}
	var keys []string
	for k := range cnt {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("TOTAL %-40s %d", k, cnt[k])
	}
}

// cutWhy is the furthest test of cutFitsStage a square near the label
// tr passes (its centre within half a side of the label's, every
// turn), or why none is tried.
func cutWhy(img image.Image, tiles []Tile, tr TruthTile) string {
	src := toRGB(img)
	sure, sides := cutSure(tiles)
	if len(sure) < cutMinSure {
		return "few sure"
	}
	s := median(sides)
	face, ok := learnFace(src, tiles, sure, s)
	if !ok {
		return "no face model (table of the face colour)"
	}
	c := polyCentroid(tr.Outline)
	best := 0
	for dx := -0.5; dx <= 0.5; dx += 0.1 {
		for dy := -0.5; dy <= 0.5; dy += 0.1 {
			p := Point{c.X + dx*s, c.Y + dy*s}
			for deg := 0.0; deg < 90; deg += 6 {
				_, st := cutFitsStage(src, tiles, face, p, deg, s)
				best = max(best, st)
			}
		}
	}
	return map[int]string{0: "none", cutFailBand: "band not face", cutFailInk: "no ink", cutFailShare: "share", cutFailTile: "over a tile", cutFailRing: "ring face", cutFailEdge: "no straight edge", cutFailSize: "size", cutFailMoved: "share after move", cutPassed: "passed (search steps or reader)"}[best]
}
