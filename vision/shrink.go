package vision

// shrinkArea shrinks the plane p to w x h by area averaging: each pixel
// of the result is the mean of the part of the picture it covers, each
// source pixel weighted by the area of it covered, rounded to the
// nearest level (a half up). It is OpenCV's INTER_AREA worked out
// exactly, in integers: the same to the last bit on every architecture.
// OpenCV's own sums the weights in floating point, in vector code that
// differs between amd64 and arm64, and a pixel whose mean lies near a
// half goes either way; a level in three pixels of the work picture was
// enough to turn which grid the board search found (docs/pi.md, the
// runs). w and h are at most p's sides.
func shrinkArea(p Plane, w, h int) Plane {
	out := Plane{W: w, H: h, Pix: make([]uint8, w*h)}
	if w <= 0 || h <= 0 || p.W <= 0 || p.H <= 0 {
		return out
	}
	xs := areaWeights(p.W, w)
	ys := areaWeights(p.H, h)
	// Columns first: each row of the picture into w sums (in units of
	// 1/w of a source pixel), then the rows.
	rows := make([]int64, w*p.H)
	for y := 0; y < p.H; y++ {
		src := p.Pix[y*p.W : (y+1)*p.W]
		dst := rows[y*w : (y+1)*w]
		for _, t := range xs {
			dst[t.dst] += int64(t.weight) * int64(src[t.src])
		}
	}
	sums := make([]int64, w)
	total := int64(p.W) * int64(p.H) // the weights of one result pixel, summed
	for j := 0; j < h; j++ {
		clear(sums)
		for _, t := range ys {
			if t.dst != j {
				continue
			}
			row := rows[t.src*w : (t.src+1)*w]
			for i := range sums {
				sums[i] += int64(t.weight) * row[i]
			}
		}
		for i, s := range sums {
			v := (2*s + total) / (2 * total)
			if v > 255 {
				v = 255
			}
			out.Pix[j*w+i] = uint8(v)
		}
	}
	return out
}

// areaTap is one source pixel's share of one result pixel along an axis.
type areaTap struct{ src, dst, weight int }

// areaWeights are the shares along an axis of n source pixels shrunk to
// m: in units of 1/m of a source pixel, source pixel x spans [m x, m x +
// m) and result pixel j spans [n j, n j + n); the weight is their
// overlap, and a result pixel's weights sum to n.
func areaWeights(n, m int) []areaTap {
	var taps []areaTap
	for x := 0; x < n; x++ {
		lo, hi := m*x, m*x+m
		for j := lo / n; j < m && n*j < hi; j++ {
			a, b := max(lo, n*j), min(hi, n*j+n)
			if b > a {
				taps = append(taps, areaTap{src: x, dst: j, weight: b - a})
			}
		}
	}
	return taps
}
