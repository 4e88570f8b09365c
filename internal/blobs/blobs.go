package blobs

// Blob is one connected component: N pixels inside the box X0..X1,
// Y0..Y1 (inclusive), their x and y summing to SumX and SumY (its centre
// is SumX/N, SumY/N).
type Blob struct {
	N              int
	X0, Y0, X1, Y1 int
	SumX, SumY     int
}

// Label finds the 4-connected components of the pixels i (y*w + x) of a
// w x h picture for which in(i) is true. It returns every pixel's
// component number (0: not picked) and the components, numbered from 1
// in the order their first pixel comes row by row; blobs[0] is unused.
func Label(w, h int, in func(i int) bool) (label []int32, blobs []Blob) {
	return labelBy(w, h, false, in)
}

// Label8 is Label with 8-connected components: pixels that touch at a
// corner are one component.
func Label8(w, h int, in func(i int) bool) (label []int32, blobs []Blob) {
	return labelBy(w, h, true, in)
}

func labelBy(w, h int, corners bool, in func(i int) bool) (label []int32, blobs []Blob) {
	label = make([]int32, w*h)
	blobs = []Blob{{}}
	stack := make([]int, 0, 256)
	for i := range label {
		if label[i] != 0 || !in(i) {
			continue
		}
		id := int32(len(blobs))
		b := Blob{X0: w, Y0: h, X1: -1, Y1: -1}
		label[i] = id
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := p%w, p/w
			b.N++
			b.SumX += x
			b.SumY += y
			b.X0, b.Y0, b.X1, b.Y1 = min(b.X0, x), min(b.Y0, y), max(b.X1, x), max(b.Y1, y)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if dx == 0 && dy == 0 || !corners && dx != 0 && dy != 0 {
						continue
					}
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= w || yy >= h {
						continue
					}
					if q := yy*w + xx; label[q] == 0 && in(q) {
						label[q] = id
						stack = append(stack, q)
					}
				}
			}
		}
		blobs = append(blobs, b)
	}
	return label, blobs
}

// Edge says whether a component touches a side of the w x h picture.
func (b Blob) Edge(w, h int) bool { return b.X0 == 0 || b.Y0 == 0 || b.X1 == w-1 || b.Y1 == h-1 }
