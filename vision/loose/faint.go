package loose

import (
	"math"
	"sort"

	"github.com/tilescope/tilescope/internal/parallel"
)

// Where three or four touching tiles meet, their seams join as a T, an
// L or a cross, and a square put round that join (byLetter: no face
// outline backs it) reads it as a letter. Where the seams are faint
// (bevelled edges, a soft shadow, a light table) the dark followed from
// the square's middle stops inside it and seamUnsure does not see a
// seam. But a seam's grey is faint beside a letter's ink: the tiles of
// one set carry their letters in one ink, which stands out from the
// face by about as much on every tile of a photo, while the seams'
// join is only a shade darker than the faces round it. So a square
// whose middle stands out from its face far less than the photo's
// letters do is no letter shown sure.

const (
	// faintShare: the share of the photo's usual ink contrast (the
	// median over the tiles shown sure) under which a square's middle
	// is too faint to be a letter shown sure.
	faintShare = 0.7
	// faintMinTiles: the tiles shown sure the photo's usual contrast is
	// taken from, at the fewest.
	faintMinTiles = 5
)

// inkContrast is how far the darkest of the middle of the quad q of src
// stands out from its face: the lighter quarter's grey of the square
// less the grey at the 5th percentile of its middle (the square's half
// round its centre), both as rectify cuts the look seamUnsure takes.
func inkContrast(src rgbImage, q [4]Point) float64 {
	n := seamCrop
	crop := rectify(src, q, n, seamGrow)
	half := float64(n) / seamGrow / 2
	c := float64(n) / 2
	all := make([]float64, 0, int(4*half*half)+1)
	var mid []float64
	for y := int(c - half); y < int(c+half); y++ {
		for x := int(c - half); x < int(c+half); x++ {
			i := y*n + x
			p := crop.Pix[4*i : 4*i+3 : 4*i+3]
			g := float64(int(p[0])+int(p[1])+int(p[2])) / 3
			all = append(all, g)
			if math.Abs(float64(x)+0.5-c) < half/2 && math.Abs(float64(y)+0.5-c) < half/2 {
				mid = append(mid, g)
			}
		}
	}
	if len(all) == 0 || len(mid) == 0 {
		return 0
	}
	sort.Float64s(all)
	sort.Float64s(mid)
	return all[len(all)*3/4] - mid[len(mid)*5/100]
}

// faintUnsure, a last step of a Lexicon table's scan (the photo's own,
// on its final tiles): each tile shown sure that is only a square round
// a letter (byLetter) or a tile tiltMerge added, whose middle stands
// out from its face by under faintShare of the photo's usual ink
// contrast (the median of inkContrast over the tiles shown sure, at
// least faintMinTiles of them), is not shown sure (Conf under
// SureConf): the join of faint seams, not a letter. It drops no tile
// and raises no confidence.
func faintUnsure(src rgbImage, tiles []Tile) {
	if src.w == 0 || src.h == 0 {
		return
	}
	con := make([]float64, len(tiles))
	sure := make([]bool, len(tiles))
	for i, t := range tiles {
		sure[i] = t.Conf >= SureConf && !t.Blank && t.Letter != "" && t.Letter != "?"
	}
	parallel.For(len(tiles), func(i int) {
		if sure[i] {
			con[i] = inkContrast(src, tiles[i].Corners)
		}
	})
	var cs []float64
	for i := range tiles {
		if sure[i] {
			cs = append(cs, con[i])
		}
	}
	if len(cs) < faintMinTiles {
		return
	}
	sort.Float64s(cs)
	med := cs[len(cs)/2]
	if len(cs)%2 == 0 {
		med = (cs[len(cs)/2-1] + cs[len(cs)/2]) / 2
	}
	if med < minInkContrast {
		return
	}
	for i := range tiles {
		t := &tiles[i]
		if !sure[i] || !(t.byLetter || t.tiltAdded) || con[i] >= faintShare*med {
			continue
		}
		debugf("faint: %q %.2f at (%.0f, %.0f) stands out %.0f, the photo's letters %.0f: unsure", t.Letter, t.Conf, t.Center.X, t.Center.Y, con[i], med)
		t.Conf = math.Min(t.Conf, math.Nextafter(SureConf, 0))
	}
}
