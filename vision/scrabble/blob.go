package scrabble

// blob is one 4-connected patch of a sample mask: how many samples it
// holds, the sums of their x and y (in the order the patch was walked)
// and its bounding box, in samples.
type blob struct {
	n              int
	sx, sy         float64
	x0, y0, x1, y1 int
}

// size is the blob's bounding box, in samples.
func (b blob) size() (bw, bh int) { return b.x1 - b.x0 + 1, b.y1 - b.y0 + 1 }

// eachBlob walks the 4-connected patches of the w x h mask in the order
// of their first sample (row by row) and hands each to visit, which
// returns false to stop the walk.
func eachBlob(mask []bool, w, h int, visit func(b blob) bool) {
	seen := make([]bool, w*h)
	var stack []int
	for i := range mask {
		if !mask[i] || seen[i] {
			continue
		}
		stack = append(stack[:0], i)
		seen[i] = true
		b := blob{x0: w, y0: h}
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := j%w, j/w
			b.n++
			b.sx += float64(x)
			b.sy += float64(y)
			b.x0, b.y0, b.x1, b.y1 = min(b.x0, x), min(b.y0, y), max(b.x1, x), max(b.y1, y)
			for _, k := range [4]int{j - 1, j + 1, j - w, j + w} {
				if (k == j-1 && x == 0) || (k == j+1 && x == w-1) || k < 0 || k >= w*h {
					continue
				}
				if mask[k] && !seen[k] {
					seen[k] = true
					stack = append(stack, k)
				}
			}
		}
		if !visit(b) {
			return
		}
	}
}
