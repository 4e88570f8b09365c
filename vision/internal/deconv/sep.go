package deconv

// ConvolveSep convolves the w x h plane p by the kernel k (odd length,
// centred) along the rows, then down the columns, into out (tmp the
// pass between; both w*h long), the edges repeated. Each output is the
// sum of its taps' products in the kernel's order from 0, as a loop over
// the taps per pixel would add them, so every value is the same to the
// bit; the loop runs over the taps outside and the pixels of a row
// inside, so the additions into neighbouring pixels do not wait on each
// other, and a tap's clamped pixels (before the first or past the last)
// are cut off as the row's two ends instead of clamped pixel by pixel.
func ConvolveSep(p, out, tmp []float64, w, h int, k []float64) {
	r := len(k) / 2
	for y := 0; y < h; y++ {
		ConvolveRow(p[y*w:(y+1)*w], tmp[y*w:(y+1)*w], k)
	}
	// down the columns: tap by tap over the whole plane, the rows whose
	// tap falls inside it in one stretch (each output still adds its
	// taps in the kernel's order from 0), the clamped rows one by one
	out = out[:w*h]
	clear(out)
	for i, wt := range k {
		d := i - r
		lo, hi := min(h, max(0, -d)), max(0, min(h, h-d))
		for y := 0; y < lo; y++ {
			AddScaled(out[y*w:(y+1)*w], tmp[:w], wt)
		}
		if lo < hi {
			AddScaled(out[lo*w:hi*w], tmp[(lo+d)*w:(hi+d)*w], wt)
		}
		for y := hi; y < h; y++ {
			AddScaled(out[y*w:(y+1)*w], tmp[(h-1)*w:h*w], wt)
		}
	}
}

// ConvolveRow is ConvolveSep's pass along one row: row convolved by k
// (the ends repeated) into acc, as long as row, to the same bits.
func ConvolveRow(row, acc []float64, k []float64) {
	w, r := len(row), len(k)/2
	acc = acc[:w]
	clear(acc)
	for i, wt := range k {
		d := i - r
		lo, hi := min(w, max(0, -d)), max(0, min(w, w-d))
		first, last := row[0], row[w-1]
		for x := range acc[:lo] {
			acc[x] += wt * first
		}
		if lo < hi {
			AddScaled(acc[lo:hi], row[lo+d:hi+d], wt)
		}
		for x := range acc[hi:] {
			acc[hi+x] += wt * last
		}
	}
}
