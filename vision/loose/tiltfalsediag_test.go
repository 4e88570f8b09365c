package loose

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestTiltFalseDiag (opt-in: LOOSE_TILTFALSE_DIR=an augment folder) logs
// each false tile of every photo's reading (a centre in no label, or in
// a label found already): its letter and confidence, its side over the
// median side of its four nearest reported neighbours, the labels whose
// centres its quad holds (a quad over two tiles holds two), the label
// its glyph lies in, and whether the straightened reading stood.
func TestTiltFalseDiag(t *testing.T) {
	dir, rd, names := augmentDiag(t, "LOOSE_TILTFALSE_DIR")
	old := debugf
	debugf = func(format string, a ...any) {
		if strings.HasPrefix(format, "tilt") {
			t.Logf("  "+format, a...)
		}
	}
	defer func() { debugf = old }()
	only := os.Getenv("LOOSE_TILTFALSE_ONLY")
	for _, name := range augmentFiles(dir) {
		if only != "" && !strings.Contains(name, only) {
			continue
		}
		img, truth := augmentPhoto(t, dir, name, names)
		r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
		if err != nil {
			continue
		}
		tiles := r.Tiles
		matchF, _ := matchCentres(tiles, truth)
		s := ScoreCentres(tiles, truth, strings.EqualFold)
		t.Logf("%s: %d labelled, %d found, %d false (%d sure)", name[:13], s.Truth, s.Found, s.False, s.FalseSure)
		for i, ft := range tiles {
			if matchF[i] >= 0 {
				continue
			}
			t.Logf("  false %s", tileNote(ft, i, tiles, truth))
		}
		if os.Getenv("LOOSE_TILTFALSE_ALL") != "" {
			for i, ft := range tiles {
				t.Logf("  tile %s", tileNote(ft, i, tiles, truth))
			}
		}
	}
}

// tileNote describes tiles[i] against its neighbours and the labels.
func tileNote(ft Tile, i int, tiles []Tile, truth []TruthTile) string {
	type nb struct{ d, side float64 }
	var nbs []nb
	for k, o := range tiles {
		if k != i {
			nbs = append(nbs, nb{dist(o.Center, ft.Center), o.Side})
		}
	}
	sort.Slice(nbs, func(a, b int) bool { return nbs[a].d < nbs[b].d })
	var sides []float64
	for k := 0; k < len(nbs) && k < 4; k++ {
		sides = append(sides, nbs[k].side)
	}
	rel, near := math.NaN(), math.NaN()
	if len(sides) > 0 {
		rel = ft.Side / median(sides)
		near = nbs[0].d / ft.Side
	}
	var held []string
	for _, tt := range truth {
		if insidePolygon(ft.Corners[:], polyCentroid(tt.Outline)) {
			held = append(held, tt.Letter)
		}
	}
	in, gin := "-", "-"
	for _, tt := range truth {
		if insidePolygon(tt.Outline, ft.Center) {
			in = tt.Letter
		}
		if ft.hasGlyph && insidePolygon(tt.Outline, ft.glyph) {
			gin = tt.Letter
		}
	}
	off := math.NaN()
	if ft.hasGlyph {
		off = dist(ft.glyph, ft.Center) / ft.Side
	}
	return fmt.Sprintf("%q %.2f at (%.0f,%.0f) side %.0f (%.2f of its neighbours'), nearest %.2f sides, byLetter %v; centre in %s, glyph in %s, holds %v; glyph %v off %.2f sides at (%.0f,%.0f)",
		ft.Letter, ft.Conf, ft.Center.X, ft.Center.Y, ft.Side, rel, near, ft.byLetter, in, gin, held, ft.hasGlyph, off, ft.glyph.X, ft.glyph.Y)
}
