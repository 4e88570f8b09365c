package vision

import (
	"math"
	"sort"
)

// Where the board's outer edge lies beside each side of a grid
// (Grid.EdgeSkew): looked for from edgeSkewFrom to edgeSkewTo squares out of
// the outermost line, in steps of edgeSkewStep, at every half square along
// the side; a place whose strongest step in grey is under edgeSkewMinStep
// (of 255) shows no edge, and a side with fewer than edgeSkewMinPlaces
// places is not measured.
const (
	edgeSkewFrom, edgeSkewTo, edgeSkewStep = 0.1, 2.4, 1.0 / 20
	edgeSkewMinStep                        = 8
	edgeSkewMinPlaces                      = 6
)

// EdgeSkew measures, for each side of the grid g in the picture p (the
// low x side, the high x side, the low y side, the high y side, in board
// squares), how far the board's outer edge runs askew of the grid's
// outermost line: the change, from one end of the side to the other, of
// the edge's distance out of the line, in squares (the robust slope of
// the distances along the side, Theil-Sen, times the side's length).
// A board's border is as wide along a side at one end as at the other,
// so on a grid placed right every side reads about 0; a grid whose far
// corner was pulled a fraction of a square off (a straight grid fitted
// to the inner lines and carried out to the rows whose lines barely
// show) reads the edge coming nearer or going further along the sides
// that meet there. The distance at a place is where the median grey of
// five profiles (a fifth of a square apart along the side) steps most.
// NaN marks a side not measured (out of the picture, or no edge shows).
// It asks nothing of the walls, whose faintness let the grid stray.
func (g Grid) EdgeSkew(p Plane) [4]float64 {
	n := float64(g.N)
	var out [4]float64
	for side := 0; side < 4; side++ {
		ts, ms := g.edgePlaces(p, side, edgeSkewFrom)
		if len(ts) < edgeSkewMinPlaces {
			out[side] = math.NaN()
			continue
		}
		var sl []float64
		for i := range ts {
			for j := i + 1; j < len(ts); j++ {
				sl = append(sl, (ms[j]-ms[i])/(ts[j]-ts[i]))
			}
		}
		sort.Float64s(sl)
		out[side] = sl[len(sl)/2] * n
	}
	return out
}

// EdgeDistances is, for each side of the grid g (EdgeSkew's order), the
// median distance of the board's outer edge out of the grid's outermost
// line, in squares, looked for from edgeInsideFrom (inside the line) out
// to edgeSkewTo; NaN marks a side not measured. On a grid placed right
// the border is as wide on one side as on the other; a grid a row off
// reads a square more on one side than on the other (where a tile or the
// print does not take the edge's place).
func (g Grid) EdgeDistances(p Plane) [4]float64 {
	var out [4]float64
	for side := 0; side < 4; side++ {
		_, ms := g.edgePlaces(p, side, edgeInsideFrom)
		if len(ms) < edgeSkewMinPlaces {
			out[side] = math.NaN()
			continue
		}
		sort.Float64s(ms)
		out[side] = ms[len(ms)/2]
	}
	return out
}

// edgeInsideFrom is where EdgeDistances begins looking for the board's
// outer edge: most of a square inside the grid's outermost line, so that
// a grid whose outer row lies past the board finds the edge inside it.
const edgeInsideFrom = -0.9

// edgePlaces finds the board's outer edge beside one side of the grid g
// (EdgeSkew's order), at every half square along the side: ts the places
// along the side, ds the edge's distance out of the grid's outermost line
// there, in squares, looked for from `from` to edgeSkewTo in steps of
// edgeSkewStep. The distance at a place is where the median grey of five
// profiles (a fifth of a square apart along the side) steps most; a place
// whose strongest step is under edgeSkewMinStep, or whose profile leaves
// the picture, is left out.
func (g Grid) edgePlaces(p Plane, side int, from float64) (ts, ds []float64) {
	n := float64(g.N)
	at := func(t, u float64) Point {
		switch side {
		case 0:
			return g.At(Point{-u, t})
		case 1:
			return g.At(Point{n + u, t})
		case 2:
			return g.At(Point{t, -u})
		}
		return g.At(Point{t, n + u})
	}
	prof := make([]float64, 0, 64)
	vs := make([]float64, 0, 5)
	for t := 0.5; t <= n-0.5; t += 0.5 {
		prof = prof[:0]
		inside := true
		for i := 0; inside; i++ {
			u := from + float64(i)*edgeSkewStep
			if u > edgeSkewTo {
				break
			}
			vs = vs[:0]
			for dt := -0.2; dt <= 0.2001; dt += 0.1 {
				q := at(t+dt, u)
				v := p.At(q.X, q.Y)
				if v < 0 {
					inside = false
					break
				}
				vs = append(vs, v)
			}
			if inside {
				sort.Float64s(vs)
				prof = append(prof, vs[len(vs)/2])
			}
		}
		if !inside {
			continue
		}
		best, bu := 0.0, 0.0
		for i := 2; i+2 < len(prof); i++ {
			if d := math.Abs(prof[i+2] - prof[i-2]); d > best {
				best, bu = d, from+float64(i)*edgeSkewStep
			}
		}
		if best < edgeSkewMinStep {
			continue
		}
		ts, ds = append(ts, t), append(ds, bu)
	}
	return ts, ds
}
