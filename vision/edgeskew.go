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
	prof := make([]float64, 0, 64)
	vs := make([]float64, 0, 5)
	for side := 0; side < 4; side++ {
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
		var ts, ms []float64
		for t := 0.5; t <= n-0.5; t += 0.5 {
			prof = prof[:0]
			inside := true
			for i := 0; inside; i++ {
				u := edgeSkewFrom + float64(i)*edgeSkewStep
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
					best, bu = d, edgeSkewFrom+float64(i)*edgeSkewStep
				}
			}
			if best < edgeSkewMinStep {
				continue
			}
			ts, ms = append(ts, t), append(ms, bu)
		}
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
