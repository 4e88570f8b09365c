package vision

import (
	"math"

	"gocv.io/x/gocv"
)

// stretchMin is how far in, in squares, the straight grid through the
// grid's inner lines must put one side's outermost line from where the
// grid has it for the grid to be taken as stretched on that side
// (Grid.Unstretched).
const stretchMin = 0.25

// innerSides returns, for each side of the grid f (x = 0, x = n, y = 0,
// y = n, in that order), how far in from f's own outermost line the
// straight grid fitted to f's inner lines alone (1 to n-1, as measured
// by the last refinement) puts it, in f's squares, averaged along the
// line: positive is towards the grid's middle. ok is false when the
// inner lines are too few to fit a grid to.
func innerSides(f boardFit, n int) (in [4]float64, ok bool) {
	var inner []lensLine
	for _, ln := range groupLines(f.samples, n) {
		if ln.k > 0 && ln.k < n {
			inner = append(inner, ln)
		}
	}
	hi, ok := lensGrid(inner)
	if !ok {
		return in, false
	}
	inv := f.H.Inverse()
	nf := float64(n)
	for i := 0; i <= n; i++ {
		t := float64(i)
		in[0] += inv.Apply(hi.Apply(Point{0, t})).X
		in[1] += nf - inv.Apply(hi.Apply(Point{nf, t})).X
		in[2] += inv.Apply(hi.Apply(Point{t, 0})).Y
		in[3] += nf - inv.Apply(hi.Apply(Point{t, nf})).Y
	}
	for s := range in {
		in[s] /= nf + 1
	}
	return in, true
}

// stretchedSide is the side (as innerSides numbers them) whose outermost
// line the inner lines put stretchMin or more in, while the opposite
// side's lies within stretchMin of them (a grid too large on both sides
// of an axis is no stretched one); the side put furthest in where two
// are; -1 for none.
func stretchedSide(in [4]float64) int {
	side := -1
	for s := range in {
		if in[s] >= stretchMin && math.Abs(in[s^1]) < stretchMin && (side < 0 || in[s] > in[side]) {
			side = s
		}
	}
	return side
}

// Unstretched is the grid refitted where one side's outermost line lies
// on the board's rim rather than on the grid's last line (the grid
// stretched by about half a square towards that side, its squares
// drifting along it): the grid's own inner lines, fitted alone, put that
// side's line stretchMin or more in from where the grid has it, while
// the opposite side's agrees. The grid is then scaled along that axis
// to where the inner lines put the side, refined on its lines in narrow
// windows (the rim half a square out stays out of them), and kept when
// its own inner lines then agree with all four of its sides. p is the
// picture the grid was found in.
func (g Grid) Unstretched(p Plane) Grid {
	n := g.N
	if len(g.fit.samples) == 0 || n < 4 {
		return g
	}
	in, ok := innerSides(g.fit, n)
	if !ok {
		return g
	}
	side := stretchedSide(in)
	if debugf != nil {
		debugf("stretch: inner lines put the sides %.2f %.2f %.2f %.2f in; side %d", in[0], in[1], in[2], in[3], side)
	}
	if side < 0 {
		return g
	}
	// The grid scaled along the side's axis, its opposite side kept.
	nf := float64(n)
	d := in[side]
	sc := (nf - d) / nf
	var m Homography
	switch side {
	case 0:
		m = Homography{sc, 0, d, 0, 1, 0, 0, 0, 1}
	case 1:
		m = Homography{sc, 0, 0, 0, 1, 0, 0, 0, 1}
	case 2:
		m = Homography{1, 0, 0, 0, sc, d, 0, 0, 1}
	default:
		m = Homography{1, 0, 0, 0, sc, 0, 0, 0, 1}
	}
	src, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
	if err != nil {
		return g
	}
	defer src.Close()
	f := g.fit
	f.H = f.H.Mul(m)
	for _, win := range []float64{0.25, 0.2} {
		if h, ok := refineGrid(src, f.H, n, win, 3, 1); ok {
			f.H = h
		}
	}
	h, resid, smp, ok := refineGridSamples(src, f.H, n, 0.2, 3, 1)
	if !ok {
		return g
	}
	f.H, f.Resid, f.samples = h, resid, smp
	// The refitted grid's side, in the old grid's squares: still in.
	inv := g.fit.H.Inverse()
	moved := 0.0
	for i := 0; i <= n; i++ {
		t := float64(i)
		switch side {
		case 0:
			moved += inv.Apply(h.Apply(Point{0, t})).X
		case 1:
			moved += nf - inv.Apply(h.Apply(Point{nf, t})).X
		case 2:
			moved += inv.Apply(h.Apply(Point{t, 0})).Y
		default:
			moved += nf - inv.Apply(h.Apply(Point{t, nf})).Y
		}
	}
	moved /= nf + 1
	in2, ok := innerSides(f, n)
	if debugf != nil {
		debugf("stretch: refitted, side %d moved in %.2f; inner lines now %.2f %.2f %.2f %.2f (%v)", side, moved, in2[0], in2[1], in2[2], in2[3], ok)
	}
	if !ok || moved < stretchMin/2 {
		return g
	}
	for s := range in2 {
		if math.Abs(in2[s]) >= stretchMin {
			return g
		}
	}
	f.Lens, f.HU = Lens{}, Homography{}
	f = f.withLens(n, p.W, p.H)
	return Grid{N: n, Score: g.Score, H: f.H, fit: f}
}
