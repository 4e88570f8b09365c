package ocr

import "math"

// Features are histograms of oriented gradients (HOG) over the normalised
// letter patch (signed orientations: ink is always dark after
// normalisation), the patch itself at low resolution, HOG over the coarser
// context patch (tile edges), and the colour statistics.

const (
	hogCells   = 6  // letter patch: hogCells x hogCells cells
	hogBins    = 12 // signed orientations over 360 degrees
	pixCells   = 8  // letter patch averaged to pixCells x pixCells
	ctxCells   = 4  // context patch cells
	ctxBins    = 8  // unsigned orientations over 180 degrees
	numFeature = hogCells*hogCells*hogBins + pixCells*pixCells + ctxCells*ctxCells*ctxBins + numColour
)

// features writes the feature vector of n into dst (len numFeature).
func features(n *normalized, dst []float32) {
	off := 0
	hog(n.patch[:], patchSide, hogCells, hogBins, true, dst[off:off+hogCells*hogCells*hogBins])
	off += hogCells * hogCells * hogBins
	// Low-resolution pixels.
	step := patchSide / pixCells
	for cy := 0; cy < pixCells; cy++ {
		for cx := 0; cx < pixCells; cx++ {
			var s float32
			for y := cy * step; y < (cy+1)*step; y++ {
				for x := cx * step; x < (cx+1)*step; x++ {
					s += n.patch[y*patchSide+x]
				}
			}
			dst[off] = s / float32(step*step)
			off++
		}
	}
	hog(n.ctx[:], ctxSide, ctxCells, ctxBins, false, dst[off:off+ctxCells*ctxCells*ctxBins])
	off += ctxCells * ctxCells * ctxBins
	copy(dst[off:], n.colour[:])
}

// hog computes a cells x cells x bins histogram of gradient orientations of
// the size x size image p, with bilinear interpolation between cells and
// between orientation bins, then L2-normalises it and takes square roots.
func hog(p []float32, size, cells, bins int, signed bool, dst []float32) {
	clear(dst)
	span := 2 * math.Pi
	if !signed {
		span = math.Pi
	}
	binW := span / float64(bins)
	geo := hogGeometryFor(size, cells)
	for y := 1; y < size-1; y++ {
		cy0, wy0, wy1 := geo.c0[y], geo.w0[y], geo.w1[y]
		// the offsets in dst of the row's two rows of cells, -1 for
		// one outside the grid
		r0, r1 := -1, -1
		if uint(cy0) < uint(cells) {
			r0 = cy0 * cells * bins
		}
		if uint(cy0+1) < uint(cells) {
			r1 = (cy0 + 1) * cells * bins
		}
		row, up, down := p[y*size:(y+1)*size], p[(y-1)*size:y*size], p[(y+1)*size:(y+2)*size]
		for x := 1; x < size-1; x++ {
			gx := float64(row[x+1] - row[x-1])
			gy := float64(down[x] - up[x])
			m := math.Sqrt(gx*gx + gy*gy)
			if m < 1e-4 {
				continue
			}
			a := fastAtan2Deg(float32(gy), float32(gx)) * (math.Pi / 180)
			if !signed && a >= math.Pi {
				a -= math.Pi
			}
			fb := a/binW + 0.5 // shifted by one bin so that it is >= 0
			b0 := int(fb)
			wb1 := fb - float64(b0)
			b0--
			b1 := b0 + 1
			if b0 < 0 {
				b0 += bins
			}
			if b1 >= bins {
				b1 -= bins
			}
			// Spread over the (up to) 2 x 2 cells around the pixel: each
			// cell and bin gets one addition per pixel, so the order of the
			// cells does not change the sums. The cells' offsets in dst
			// (c0, c1: -1 outside the grid) are worked out once a pixel.
			wb0 := 1 - wb1
			cx0 := geo.c0[x]
			mx0, mx1 := m*geo.w0[x], m*geo.w1[x]
			c0, c1 := -1, -1
			if uint(cx0) < uint(cells) {
				c0 = cx0 * bins
			}
			if uint(cx0+1) < uint(cells) {
				c1 = (cx0 + 1) * bins
			}
			if r0 >= 0 {
				if c0 >= 0 {
					w := mx0 * wy0
					dst[r0+c0+b0] += float32(w * wb0)
					dst[r0+c0+b1] += float32(w * wb1)
				}
				if c1 >= 0 {
					w := mx1 * wy0
					dst[r0+c1+b0] += float32(w * wb0)
					dst[r0+c1+b1] += float32(w * wb1)
				}
			}
			if r1 >= 0 {
				if c0 >= 0 {
					w := mx0 * wy1
					dst[r1+c0+b0] += float32(w * wb0)
					dst[r1+c0+b1] += float32(w * wb1)
				}
				if c1 >= 0 {
					w := mx1 * wy1
					dst[r1+c1+b0] += float32(w * wb0)
					dst[r1+c1+b1] += float32(w * wb1)
				}
			}
		}
	}
	var ss float64
	for _, v := range dst {
		ss += float64(v) * float64(v)
	}
	if ss == 0 {
		return
	}
	inv := 1 / math.Sqrt(ss)
	for i, v := range dst {
		dst[i] = float32(math.Sqrt(float64(v) * inv))
	}
}

// hogGeometry holds, for each pixel coordinate of a HOG image, the first
// of the two cells it is shared between (shifted by one cell: -1 is
// before the first) and its weight in the second.
type hogGeometry struct {
	c0     []int
	w0, w1 []float64 // w0 = 1 - w1
}

var hogGeometries = map[[2]int]*hogGeometry{
	{patchSide, hogCells}: newHogGeometry(patchSide, hogCells),
	{ctxSide, ctxCells}:   newHogGeometry(ctxSide, ctxCells),
	{greySide, greyCells}: newHogGeometry(greySide, greyCells),
}

func hogGeometryFor(size, cells int) *hogGeometry {
	if g := hogGeometries[[2]int{size, cells}]; g != nil {
		return g
	}
	return newHogGeometry(size, cells)
}

func newHogGeometry(size, cells int) *hogGeometry {
	g := &hogGeometry{c0: make([]int, size), w0: make([]float64, size), w1: make([]float64, size)}
	cellW := float64(size) / float64(cells)
	for i := range size {
		f := (float64(i)+0.5)/cellW + 0.5
		c0 := int(f)
		f -= 1
		c0--
		g.c0[i], g.w1[i] = c0, f-float64(c0)
		g.w0[i] = 1 - g.w1[i]
	}
	return g
}
