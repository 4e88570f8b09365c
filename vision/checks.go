package vision

import (
	"math"
	"sort"
)

// Thresholds of the picture checks.
//
// They sit outside the renderer's range (vision/render RandomOptions, up
// to hard: exposure 0.7, ambient 0.2, blur 3 px plus motion 7 px), as
// measured by TestPictureChecks over 350 rendered scenes (the mixed set of
// seed 1 and 150 hard ones of seed 4242), and inside what the error tests
// draw: a median grey of 27 at the darkest rendered, the board's brightest
// 5% at 37 (a dark board with three tiles), against 13 and 15 for a board
// lit at 8%; edges spread over at most 0.20 of a square rendered, 0.11 on
// a sharp drawing, 0.38 under a 13-pixel box blur (half a square).
const (
	darkLuma        = 24   // grey: a median (no board found) or the board's brightest 5% below this is too dark
	blurSharpness   = 8.0  // no board found: mean of the strongest 5% of neighbour steps below this is too blurred
	maxEdgeSpread   = 0.3  // board found: edges spread over more than this fraction of a square is too blurred
	minGridContrast = 0.25 // grid evidence below this: no board
)

// medianLuma is the median grey of a sparse sample of the picture.
func medianLuma(p Plane) int {
	var hist [256]int
	n := 0
	for y := 0; y < p.H; y += 8 {
		for x := 0; x < p.W; x += 8 {
			hist[p.Pix[y*p.W+x]]++
			n++
		}
	}
	acc := 0
	for v, c := range hist {
		acc += c
		if acc*2 >= n {
			return v
		}
	}
	return 255
}

// brightestOn is the 95th percentile of the grey inside q: tiles, walls
// and print on a well-lit board reach well above it.
func brightestOn(p Plane, q Quad) int {
	h, err := QuadHomography(1, 1, q)
	if err != nil {
		return 255
	}
	var hist [256]int
	n := 0
	for i := 0; i < 40; i++ {
		for j := 0; j < 40; j++ {
			pt := h.Apply(Point{(float64(i) + 0.5) / 40, (float64(j) + 0.5) / 40})
			if v := p.At(pt.X, pt.Y); v >= 0 {
				hist[int(v)]++
				n++
			}
		}
	}
	acc := 0
	for v := 255; v >= 0; v-- {
		acc += hist[v]
		if acc*20 >= n {
			return v
		}
	}
	return 0
}

// sharpness is the mean of the largest absolute grey differences between
// neighbouring pixels (the top 5%), over the whole picture or inside q: a
// sharp picture of a board has crisp edges somewhere.
func sharpness(p Plane, q *Quad) float64 {
	var hist [256]int
	n := 0
	x0, y0, x1, y1 := 1, 1, p.W-2, p.H-2
	if q != nil {
		bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, c := range q {
			bx0, by0 = math.Min(bx0, c.X), math.Min(by0, c.Y)
			bx1, by1 = math.Max(bx1, c.X), math.Max(by1, c.Y)
		}
		x0, y0 = max(x0, int(bx0)), max(y0, int(by0))
		x1, y1 = min(x1, int(bx1)), min(y1, int(by1))
	}
	step := 2
	for y := y0; y < y1; y += step {
		row := p.Pix[y*p.W:]
		for x := x0; x < x1; x += step {
			d := int(row[x+1]) - int(row[x])
			if d < 0 {
				d = -d
			}
			hist[d]++
			n++
		}
	}
	if n == 0 {
		return 0
	}
	want := n / 20
	var sum, cnt int
	for v := 255; v >= 0 && cnt < want; v-- {
		take := min(hist[v], want-cnt)
		sum += take * v
		cnt += take
	}
	if cnt == 0 {
		return 0
	}
	return float64(sum) / float64(cnt)
}

// edgeSpread is how far, as a fraction of a square, the sharpest edges on
// the board q (n squares a side) are spread: the board's contrast (its
// 95th less its 5th percentile of grey) over the steepest neighbour steps
// (sharpness), which for an edge blurred over w pixels is about its
// contrast over w, divided by the square's side in pixels. Unlike the
// steepness alone it does not depend on the light (a dim sharp board has
// gentle steps) nor on the board's size in the picture (what blurs a
// letter is blur measured in squares).
func edgeSpread(p Plane, q Quad, n int) float64 {
	h, err := QuadHomography(1, 1, q)
	if err != nil {
		return 0
	}
	var hist [256]int
	cnt := 0
	for i := 0; i < 40; i++ {
		for j := 0; j < 40; j++ {
			pt := h.Apply(Point{(float64(i) + 0.5) / 40, (float64(j) + 0.5) / 40})
			if v := p.At(pt.X, pt.Y); v >= 0 {
				hist[int(v)]++
				cnt++
			}
		}
	}
	lo, hi, acc := -1, -1, 0
	for v := range hist {
		acc += hist[v]
		if lo < 0 && acc*20 >= cnt {
			lo = v
		}
		if hi < 0 && acc*20 >= 19*cnt {
			hi = v
		}
	}
	var per float64
	for i := range q {
		j := (i + 1) % 4
		per += math.Hypot(q[j].X-q[i].X, q[j].Y-q[i].Y)
	}
	s := sharpness(p, &q)
	if cnt == 0 || s <= 0 || per <= 0 {
		return math.Inf(1)
	}
	return float64(hi-lo) / s / (per / float64(4*n))
}

// outOfView checks that the whole grid lies inside the picture and that the
// board's outline was not cut by the picture's edge. The grid's points are
// taken through the lens where one was fitted (fitLens): under a strong
// barrel lens the straight grid overshoots the board's corners, by a
// third of a square, and a corner near the picture's edge falls outside
// it though the board is whole in view.
func outOfView(p Plane, fit boardFit, n int) error {
	e := &OutOfViewError{}
	inside := func(q Point) bool {
		return q.X >= 0 && q.Y >= 0 && q.X <= float64(p.W) && q.Y <= float64(p.H)
	}
	rows := map[int]bool{}
	cols := map[int]bool{}
	// past: the picture's sides some square's corner lies beyond (left,
	// top, right, bottom), as the check maps it (through the lens).
	var past [4]bool
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			for _, d := range []Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
				if q := fit.at(Point{float64(c) + d.X, float64(r) + d.Y}); !inside(q) {
					rows[r], cols[c] = true, true
					past[0] = past[0] || q.X < 0
					past[1] = past[1] || q.Y < 0
					past[2] = past[2] || q.X > float64(p.W)
					past[3] = past[3] || q.Y > float64(p.H)
				}
			}
		}
	}
	if len(rows) == 0 {
		return nil // the grid is in view (the border may not be)
	}
	e.Sides = fit.Clipped
	if len(e.Sides) == 0 {
		for i, name := range []string{"left", "top", "right", "bottom"} {
			if past[i] {
				e.Sides = append(e.Sides, name)
			}
		}
	}
	for r := range rows {
		if len(rows) < n {
			e.Rows = append(e.Rows, r)
		}
	}
	for c := range cols {
		if len(cols) < n {
			e.Cols = append(e.Cols, c)
		}
	}
	sort.Ints(e.Rows)
	sort.Ints(e.Cols)
	return e
}

// partialError names the rows and columns of a cut board that are out of
// view, from how many of them the picture shows and where it is cut.
func partialError(fit boardFit, n int) error {
	e := &OutOfViewError{Sides: fit.Clipped}
	for _, s := range fit.Clipped {
		switch {
		case s == "left" && fit.Cols < n:
			for c := 0; c < n-fit.Cols; c++ {
				e.Cols = append(e.Cols, c)
			}
		case s == "right" && fit.Cols < n:
			for c := fit.Cols; c < n; c++ {
				e.Cols = append(e.Cols, c)
			}
		case s == "top" && fit.Rows < n:
			for r := 0; r < n-fit.Rows; r++ {
				e.Rows = append(e.Rows, r)
			}
		case s == "bottom" && fit.Rows < n:
			for r := fit.Rows; r < n; r++ {
				e.Rows = append(e.Rows, r)
			}
		}
	}
	return e
}

// dimLuma is the median grey under which the board search looks at the
// picture brightened as well (dimGain).
const dimLuma = 48

// dimGain is the gain that takes a picture of median grey med to twice
// dimLuma (at most 8), or 1 for a picture not dim.
func dimGain(med int) float64 {
	if med >= dimLuma {
		return 1
	}
	return min(float64(2*dimLuma)/float64(max(med, 1)), 8)
}
