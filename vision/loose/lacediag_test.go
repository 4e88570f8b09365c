package loose

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/render"
)

// TestTwistsMissDiag (opt-in: LOOSE_TWISTS_SEEDS=101994,101956) logs, per
// rendered hard Twists table (the Russian set, read with its reader as
// eval-loose does), the sizes the scan settled on against the truth (the
// quads' median side and the lattice pitch; the search's own side and
// letter size lines, in working pixels) and, for each tile missed (no
// quad at IoU >= 0.5) or misread, its cause: under the hand (the
// render marks the tile's centre hidden), a quad with its centre in the
// tile but the wrong size or place, a quad over part of it centred off
// it, or no quad near it; with the reader's answer on the tile's true
// outline; and what each single look finds alone (the plain search and
// the face colours' own letters, at 800 and 1200 px: tiles matched,
// reported, read sure, and how much the quads cover each other).
// docs/loose-tiles.md, "Twists hard lace tables: the misses by
// cause".
func TestTwistsMissDiag(t *testing.T) {
	seeds, rd := diagSeedsIn(t, "LOOSE_TWISTS_SEEDS", ocr.Russian)
	var mu sync.Mutex
	var lines []string
	old := debugf
	debugf = func(format string, a ...any) {
		if strings.HasPrefix(format, "side ") || strings.HasPrefix(format, "letter size") || strings.HasPrefix(format, "twists:") {
			mu.Lock()
			lines = append(lines, fmt.Sprintf(format, a...))
			mu.Unlock()
		}
	}
	defer func() { debugf = old }()
	for _, seed := range seeds {
		img, scene := renderScene(t, "twists", "hard", seed)
		o, _ := render.RandomOptions(seed, "hard")
		truth := TruthFromRender(scene)
		lines = nil
		r, err := Scan(img, Options{Reader: rd, Lattice: true, Twists: true})
		var tiles []Tile
		pitch := 0.0
		if err == nil {
			tiles, pitch = r.Tiles, r.Pitch
		}
		var sides, trueSides []float64
		for _, ft := range tiles {
			sides = append(sides, ft.Side)
		}
		for _, tt := range truth {
			trueSides = append(trueSides, quadSide(tt.Outline))
		}
		matched := map[int]int{}
		for _, m := range MatchTiles(tiles, truth, 0.5) {
			matched[m.Truth] = m.Found
		}
		b := img.Bounds()
		t.Logf("seed %d %s hand %v blur %.2f exp %.2f, %dx%d: %d tiles, %d reported, %d matched; side %.0f (truth %.0f, x%.2f), pitch %.0f (truth %.0f), err %v",
			seed, o.Table, o.Hand, o.Blur, o.Exposure, b.Dx(), b.Dy(), len(truth), len(tiles), len(matched),
			median(sides), median(trueSides), median(sides)/median(trueSides), pitch, truePitch(truth), err)
		for _, l := range lines {
			t.Logf("  search: %s", l)
		}
		src := toRGB(img)
		for _, v := range []struct {
			name string
			set  func(o *Options)
		}{
			{"plain 800", func(o *Options) {}},
			{"face letters 800", func(o *Options) { o.lace = true }},
			{"plain 1200", func(o *Options) { o.WorkSide = 1200 }},
			{"face letters 1200", func(o *Options) { o.WorkSide = 1200; o.lace = true }},
		} {
			opt := Options{Reader: rd, Lattice: true, Twists: true}
			opt.photo = packedOf(img, src)
			v.set(&opt)
			vr, verr := scanLoose(img, opt)
			if verr != nil {
				t.Logf("  look %-17s: %v", v.name, verr)
				continue
			}
			t.Logf("  look %-17s: %2d matched of %2d reported, %2d sure, cover %.2f", v.name, len(MatchTiles(vr.Tiles, truth, 0.5)), len(vr.Tiles), sureCount(vr.Tiles), mutualCover(vr.Tiles))
		}
		for i, tt := range truth {
			var q [4]Point
			copy(q[:], tt.Outline)
			got, _ := rd.Read(rectify(src, q, 64, 1.3))
			onTrue := fmt.Sprintf("true outline reads %q %.2f", got.Letter, got.Conf)
			side := quadSide(tt.Outline)
			if f, ok := matched[i]; ok {
				ft := tiles[f]
				if !SameShape(ft.Letter, tt.Letter) {
					t.Logf("  misread %s as %q %.2f: IoU %.2f, side x%.2f; %s", tt.Letter, ft.Letter, ft.Conf, IoU(ft.Corners, tt.Outline), ft.Side/side, onTrue)
				}
				continue
			}
			cause, bi, best := missCause(tiles, tt, scene.Tiles[i].Occluded)
			quad := ""
			if bi >= 0 {
				ft := tiles[bi]
				d := dist(ft.Center, polyCentroid(tt.Outline)) / side
				quad = fmt.Sprintf(" (quad %q %.2f IoU %.2f side x%.2f, %.2f sides off)", ft.Letter, ft.Conf, best, ft.Side/side, d)
			}
			t.Logf("  miss %s side %.0f: %s%s; %s", tt.Letter, side, cause, quad, onTrue)
		}
	}
}

// missCause is why the tile tt, missed, was missed (occluded: the
// render marks its centre hidden): under the hand, a quad (index bi) with
// its centre in the tile but the wrong size or place, a quad over part
// of it centred off it (IoU 0.1 or more), or no quad near it; bi is the
// quad looked at (-1: none overlaps it), best its IoU with the tile.
func missCause(tiles []Tile, tt TruthTile, occluded bool) (cause string, bi int, best float64) {
	var q [4]Point
	copy(q[:], tt.Outline)
	bi, centreIn := -1, -1
	for j, ft := range tiles {
		if v := IoU(ft.Corners, tt.Outline); v > best {
			best, bi = v, j
		}
		if centreIn < 0 && insideConvex(q, ft.Center) {
			centreIn = j
		}
	}
	cause = "no quad near"
	switch {
	case occluded:
		cause = "under the hand"
	case centreIn >= 0:
		cause = "centre in, wrong size or place"
		bi = centreIn
		best = IoU(tiles[bi].Corners, tt.Outline)
	case best >= 0.1:
		cause = "centred off"
	}
	return cause, bi, best
}

// quadSide is the mean side of a four-cornered outline.
func quadSide(o []Point) float64 {
	if len(o) != 4 {
		return 0
	}
	s := 0.0
	for k := 0; k < 4; k++ {
		s += dist(o[k], o[(k+1)%4])
	}
	return s / 4
}

// truePitch is the median distance from each tile's centre to its
// nearest neighbour's.
func truePitch(truth []TruthTile) float64 {
	var nn []float64
	for i, a := range truth {
		best := math.Inf(1)
		for j, b := range truth {
			if i != j {
				best = math.Min(best, dist(polyCentroid(a.Outline), polyCentroid(b.Outline)))
			}
		}
		if !math.IsInf(best, 1) {
			nn = append(nn, best)
		}
	}
	sort.Float64s(nn)
	return median(nn)
}
