package loose

import (
	"image"
	"math"

	"github.com/tilescope/tilescope/internal/parallel"
)

// Tiles that touch leave a dark seam between their faces, and where three
// meet the seams join as a T or an L. The search puts a square round any
// letter no face outline backs (byLetter), and a seam's piece inside such
// a square is a letter to the reader: an I, a T, an L, or an O where the
// table shows between the corners of three tiles. On the tuning sets
// these squares were most of the false tiles shown sure. A letter's
// strokes end inside its tile's face, which lies light all round it; a
// seam runs on past the square, into the table or along the next tiles'
// sides. So the dark at the square's middle is followed out of it.

const (
	// seamGrow: how far round its quad a tile is looked at for a seam,
	// as rectify grows it (a quarter of a side on every side).
	seamGrow = 1.5
	// seamCrop: the side of that look in pixels.
	seamCrop = 72
	// seamReach: how far into the band round the square (a share of the
	// band's width) the dark must run on beyond a side of the square to
	// have left it there.
	seamReach = 0.5
	// seamNear: how near the square's centre (a share of half its side)
	// the dark followed starts.
	seamNear = 0.3
	// seamDarkShare: how far from the darkest grey near the middle toward
	// the face the grey followed may be.
	seamDarkShare = 0.5
	// seamSidesMin: the sides of the square the dark must leave it by to
	// be a seam (a seam runs out at both ends; a letter's stroke joined
	// to its tile's edge by a blur leaves by one).
	seamSidesMin = 2
)

// onSeam says whether the dark at the middle of the quad q of src is a
// seam between tiles and not a letter (seamSides: it runs on out of the
// square beyond two of its sides or more).
func onSeam(src rgbImage, q [4]Point) bool {
	if src.w == 0 || src.h == 0 {
		return false
	}
	sides, _, _ := seamSides(rectify(src, q, seamCrop, seamGrow), seamCrop, seamGrow)
	return sides >= seamSidesMin
}

// seamSides follows the dark at the middle of the quad in a crop as
// rectify cuts it (n x n, the quad grown by grow round its centre): from
// the dark pixel nearest the centre, every pixel joined to it (at a side
// or a corner) darker than half way from the darkest grey near the
// centre to the square's face (the lighter quarter of the square's
// pixels). It counts the sides of the square beyond which that dark runs
// on, seamReach of the way to the crop's edge or further: none for a
// letter, whose ink ends inside its tile's face; two or more for a seam.
// mask is the dark followed (n x n). ok is false where nothing near the
// middle stands out from the face by minInkContrast.
func seamSides(crop *image.RGBA, n int, grow float64) (sides int, mask []bool, ok bool) {
	g := greys(crop, n)
	half := float64(n) / grow / 2
	c := float64(n) / 2
	lo, hi := int(math.Round(c-half)), int(math.Round(c+half))
	if lo <= 1 || hi >= n-1 {
		return 0, nil, false
	}
	var hist [256]int
	total := 0
	for y := lo; y < hi; y++ {
		for x := lo; x < hi; x++ {
			hist[int(g[y*n+x])]++
			total++
		}
	}
	face := lighterQuarter(&hist, total)
	// near calls f with each pixel within r of the centre and its
	// squared distance from it.
	r := seamNear * half
	near := func(f func(p int, d float64)) {
		for y := int(c - r); y <= int(c+r); y++ {
			for x := int(c - r); x <= int(c+r); x++ {
				dx, dy := float64(x)+0.5-c, float64(y)+0.5-c
				if d := dx*dx + dy*dy; d <= r*r {
					f(y*n+x, d)
				}
			}
		}
	}
	v0 := math.Inf(1)
	near(func(p int, _ float64) { v0 = math.Min(v0, g[p]) })
	if face-v0 < minInkContrast {
		return 0, nil, false
	}
	// The dark nearest the centre, not the darkest: a letter's stroke
	// through the middle, not the table in a corner of the square.
	thr := v0 + seamDarkShare*(face-v0)
	p0, best := -1, math.Inf(1)
	near(func(p int, d float64) {
		if g[p] <= thr && d < best {
			p0, best = p, d
		}
	})
	mask = make([]bool, n*n)
	mask[p0] = true
	stack := []int{p0}
	reach := int(math.Round(seamReach * float64(lo)))
	var beyond [4]bool // left, right, top, bottom
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := p%n, p/n
		beyond[0] = beyond[0] || x < lo-reach
		beyond[1] = beyond[1] || x >= hi+reach
		beyond[2] = beyond[2] || y < lo-reach
		beyond[3] = beyond[3] || y >= hi+reach
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				xx, yy := x+dx, y+dy
				if xx < 0 || yy < 0 || xx >= n || yy >= n {
					continue
				}
				if q := yy*n + xx; !mask[q] && g[q] <= thr {
					mask[q] = true
					stack = append(stack, q)
				}
			}
		}
	}
	for _, b := range beyond {
		if b {
			sides++
		}
	}
	return sides, mask, true
}

// seamUnsure, the last step of a Lexicon table's scan (the photo's own,
// on its final tiles): each
// tile shown sure that is only a square round a letter (byLetter: no
// face outline backs it) whose letter's dark runs on out of the square
// as a seam's does (onSeam) is not shown sure (Conf under SureConf). It
// drops no tile: a square put off its tile's middle, over the seam or
// gap beside it, holds the tile's letter in the reader's crop and may
// read it right, and a tile found is not lost.
func seamUnsure(taken rgbImage, tiles []Tile) {
	parallel.For(len(tiles), func(i int) {
		t := &tiles[i]
		if t.Conf < SureConf || !t.byLetter || t.Blank || t.Letter == "" || t.Letter == "?" {
			return
		}
		if onSeam(taken, t.Corners) {
			debugf("seam: %q %.2f at (%.0f, %.0f) lies on a seam: unsure", t.Letter, t.Conf, t.Center.X, t.Center.Y)
			t.Conf = math.Min(t.Conf, math.Nextafter(SureConf, 0))
		}
	})
}

// greys is the grey of each pixel of an n x n crop (the mean of its
// three channels), row by row.
func greys(crop *image.RGBA, n int) []float64 {
	g := make([]float64, n*n)
	for i := range g {
		p := crop.Pix[4*i : 4*i+3 : 4*i+3]
		g[i] = float64(int(p[0])+int(p[1])+int(p[2])) / 3
	}
	return g
}

// lighterQuarter is the grey the lighter quarter of a square's total
// pixels (their grey levels counted in hist) reach: the tile's face,
// whatever ink lies on it (seamSides, glyphCentre).
func lighterQuarter(hist *[256]int, total int) float64 {
	seen := 0
	for v := 255; v >= 0; v-- {
		seen += hist[v]
		if 4*seen >= total {
			return float64(v)
		}
	}
	return 0
}
