package upwords

import (
	"math"

	"github.com/tilescope/tilescope/vision"
)

// lineSteps is how many places a square the lines' evidence
// (linesAlong) is measured at across the lines.
const lineSteps = 16

// linesAlong is how plainly a line of the grid g's kind (its columns'
// lines, x = u, when cols; its rows', y = u, otherwise) runs through
// each place u from -1 to n+1 squares, lineSteps places a square: along
// each square the line would cross, the picture's grey levels at u
// less the mean of those an eighth of a square either side (a wall, the
// gap between two tiles or a printed line, dark or light), taken
// absolute square by square and averaged over the squares in the
// picture. NaN where fewer than half the squares lie in the picture.
func linesAlong(p vision.Plane, g vision.Grid, cols bool) []float64 {
	n := g.N
	const along = 3 // samples along the line within a square
	const h = lineSteps / 8
	m := (n+2)*lineSteps + 1
	grey := make([]float64, m*n) // square j's mean grey at place i: [j*m+i]
	for j := 0; j < n; j++ {
		for i := 0; i < m; i++ {
			u := float64(i)/lineSteps - 1
			s := 0.0
			for k := 0; k < along; k++ {
				v := float64(j) + (float64(k)+0.5)/along
				pt := vision.Point{X: u, Y: v}
				if !cols {
					pt = vision.Point{X: v, Y: u}
				}
				q := g.At(pt)
				a := p.At(q.X, q.Y)
				if a < 0 {
					s = math.NaN()
					break
				}
				s += a
			}
			grey[j*m+i] = s / along
		}
	}
	ev := make([]float64, m)
	for i := range ev {
		ev[i] = math.NaN()
		if i < h || i+h >= m {
			continue
		}
		s, c := 0.0, 0
		for j := 0; j < n; j++ {
			r := grey[j*m : (j+1)*m]
			d := r[i+1] - r[i-1]
			if math.IsNaN(d) {
				continue
			}
			s += math.Abs(d)
			c++
		}
		if 2*c >= n {
			ev[i] = s / float64(c)
		}
	}
	return ev
}

// evAt is the lines' evidence ev (linesAlong) at u squares, between its
// places; NaN outside them.
func evAt(ev []float64, u float64) float64 {
	x := (u + 1) * lineSteps
	i := int(math.Floor(x))
	if i < 0 || i+1 >= len(ev) {
		return math.NaN()
	}
	f := x - float64(i)
	return ev[i]*(1-f) + ev[i+1]*f
}

// evenLines is the mean lines' evidence (linesAlong) of n+1 evenly
// spaced lines from lo to hi squares; NaN where any is unmeasured.
func evenLines(ev []float64, n int, lo, hi float64) float64 {
	s := 0.0
	for k := 0; k <= n; k++ {
		s += evAt(ev, lo+(hi-lo)*float64(k)/float64(n))
	}
	return s / float64(n+1)
}

// Where the grid's outermost line on one side is looked for (bestLines):
// between refitMin and refitMax squares inside the grid, the other
// side's within a sixteenth of a square of where it was.
const (
	refitMin = 0.25
	refitMax = 0.75
)

// bestLines are the outermost lines lo and hi whose n+1 evenly spaced
// lines show best in the lines' evidence ev (linesAlong), one of them
// moved inside the grid by refitMin to refitMax squares (a line beside
// the grid taken for its outermost one stretches the grid beyond the
// board's squares, never inside them), and their evidence over the
// grid's own (0 to n).
func bestLines(ev []float64, n int) (lo, hi, gain float64) {
	own := evenLines(ev, n, 0, float64(n))
	lo, hi = 0, float64(n)
	if math.IsNaN(own) || own <= 0 {
		return lo, hi, 1
	}
	best := own
	const step = 1.0 / lineSteps
	a0, a1 := int(math.Round(refitMin*lineSteps)), int(math.Round(refitMax*lineSteps))
	for side := 0; side < 2; side++ {
		for a := a0; a <= a1; a++ {
			for b := -1; b <= 1; b++ {
				l, h := float64(a)*step, float64(n)+float64(b)*step
				if side == 1 {
					l, h = float64(b)*step, float64(n)-float64(a)*step
				}
				if s := evenLines(ev, n, l, h); s > best {
					best, lo, hi = s, l, h
				}
			}
		}
	}
	return lo, hi, best / own
}
