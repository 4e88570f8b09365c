package scrabble

import (
	"math"

	"github.com/tilescope/tilescope/vision"
)

// boardEdges finds the board's outer edge (its rim against the table)
// beyond each side of the frame's grid: along each side, at every quarter
// square, the strongest colour step across it (over a tenth of a square)
// within edgeReach of the side's usual rim width (the width at which the
// steps of the whole side sum highest), where it is at least
// edgeMinShare of the side's median step and edgeMinStep; no point where
// the picture cuts the profile. The points are in the picture's pixels,
// side by side in the picture-order grid's order: top, right, bottom,
// left.
func boardEdges(f *frame) [4][]vision.Point {
	const (
		dLo, dHi, dStep = 0.15, 3.0, 0.05 // outward, in squares
		gap             = 1               // steps either side of a step's centre
		tStep           = 0.25
	)
	nd := int((dHi-dLo)/dStep) + 1
	nt := int(Size/tStep) - 1
	on := func(side int, t, d float64) vision.Point {
		switch side {
		case 0:
			return f.at(t, -d)
		case 1:
			return f.at(Size+d, t)
		case 2:
			return f.at(Size-t, Size+d)
		}
		return f.at(-d, Size-t)
	}
	var out [4][]vision.Point
	prof := make([][3]float64, nd)
	// each place's steps across the side (nil where the picture cuts
	// the profile: no edge told there), in one buffer
	buf := make([]float64, nt*nd)
	grads := make([][]float64, nt)
	sum := make([]float64, nd)
	at, peak := make([]float64, nt), make([]float64, nt)
	peaks := make([]float64, 0, nt)
	for side := 0; side < 4; side++ {
		clear(sum)
		for i := 0; i < nt; i++ {
			t := tStep * float64(i+1)
			g := buf[i*nd : (i+1)*nd]
			clear(g)
			grads[i] = g
			cut := false
			for j := 0; j < nd && !cut; j++ {
				q := on(side, t, dLo+dStep*float64(j))
				cut = q.X < 0 || q.Y < 0 || q.X >= float64(f.p.W) || q.Y >= float64(f.p.H)
				prof[j] = f.p.at(q)
			}
			if cut {
				grads[i] = nil
				continue
			}
			for j := gap; j < nd-gap; j++ {
				a, b := prof[j-gap], prof[j+gap]
				g[j] = math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
				sum[j] += g[j]
			}
		}
		jBest := 0
		for j := range sum {
			if sum[j] > sum[jBest] {
				jBest = j
			}
		}
		reach := int(edgeReach / dStep)
		peaks = peaks[:0]
		for i, g := range grads {
			at[i] = math.NaN()
			if g == nil {
				continue
			}
			bj := -1
			for j := max(jBest-reach, gap+1); j <= min(jBest+reach, nd-gap-2); j++ {
				if bj < 0 || g[j] > g[bj] {
					bj = j
				}
			}
			if bj < 0 {
				continue
			}
			// the step's centre to a fraction of a sample: the vertex
			// of the parabola through the strongest step and its
			// neighbours
			off := 0.0
			if den := g[bj-1] - 2*g[bj] + g[bj+1]; den < 0 {
				off = math.Max(-0.5, math.Min(0.5, 0.5*(g[bj-1]-g[bj+1])/den))
			}
			at[i] = dLo + dStep*(float64(bj)+off)
			peak[i] = g[bj]
			peaks = append(peaks, g[bj])
		}
		med := medianOf(peaks)
		for i := range grads {
			if math.IsNaN(at[i]) || peak[i] < math.Max(edgeMinShare*med, edgeMinStep) {
				continue
			}
			out[side] = append(out[side], on(side, tStep*float64(i+1), at[i]))
		}
	}
	return out
}

// edgeReach is how far, in squares, an edge point may lie from its
// side's usual rim width; edgeMinShare how strong its step must be, of
// the side's median step (a hand or a tile on the rim hides the edge).
const (
	edgeReach    = 0.4
	edgeMinShare = 0.5
	edgeMinStep  = 15 // colour distance (RGB, 0-255) across a tenth of a square
)

// edgeLens is the lens's distortion (vision.Lens's terms: about the
// picture's centre, its unit radius half the picture's longer side)
// under which the board's outer edges (boardEdges) lie straightest, the
// cost (sum of squared distances in pixels, each capped at edgeCap,
// over the sides of edgeMinPoints points or more) under it and under no
// lens, and how many sides were fitted.
func edgeLens(edges [4][]vision.Point, w, h int) (k, cost, cost0 float64, sides int) {
	base := vision.Lens{C: vision.Point{X: float64(w) / 2, Y: float64(h) / 2}, S: float64(max(w, h)) / 2}
	var use [][]vision.Point
	for _, e := range edges {
		if len(e) >= edgeMinPoints {
			use = append(use, e)
		}
	}
	if len(use) < 3 {
		return 0, 0, 0, len(use)
	}
	und := make([]vision.Point, 0, 64)
	costOf := func(kk float64) float64 {
		l := base
		l.K = kk
		total := 0.0
		for _, e := range use {
			und = und[:0]
			for _, p := range e {
				und = append(und, l.Undistort(p))
			}
			_, c := vision.StraightLine(und, edgeCap)
			total += c
		}
		return total
	}
	c0 := costOf(0)
	bk, bc := 0.0, c0
	for kk := -0.3; kk <= 0.12+1e-9; kk += 0.01 {
		if c := costOf(kk); c < bc {
			bk, bc = kk, c
		}
	}
	for kk := bk - 0.01; kk <= bk+0.01+1e-9; kk += 0.001 {
		if c := costOf(kk); c < bc {
			bk, bc = kk, c
		}
	}
	return bk, bc, c0, len(use)
}

// edgeMinPoints is the least number of edge points a side needs to be
// fitted; edgeCap the largest distance, in pixels, a point adds (a hand
// or a tile over the edge).
const (
	edgeMinPoints = 15
	edgeCap       = 3.0
)

// byEdgeLens refits the frame's grid under the lens its board's outer
// edges show (boardEdges, edgeLens) where they show a barrel lens
// clearly: at most edgeLensMaxK, on three sides or more, the edges'
// cost under it at most edgeLensGain of the cost under none, and the
// grid's corners moved by edgeLensMinMove to half a square. A grid's
// band samples on a hard scene (blur, tiles' edges, a hand) show a lens
// of the renderer's strongest as often of the wrong sign as of the right
// one, and the straight grid extrapolates a corner under a hand half a
// square off; the board's edge is one long step from rim to table on
// each side, straight but for the lens.
func byEdgeLens(f *frame) {
	if f.hq != nil || noEdgeLens {
		return
	}
	k, c, c0, sides := edgeLens(boardEdges(f), f.p.W, f.p.H)
	debugEdgeLens(k, c, c0, sides)
	if sides < 3 || k > edgeLensMaxK || c > edgeLensGain*c0 {
		return
	}
	g, move, ok := f.g.UnderLens(k, f.p.W, f.p.H)
	if !ok || move < edgeLensMinMove || move > 0.5 {
		return
	}
	f.g = g
}

var debugEdgeLens = func(k, c, c0 float64, sides int) {}

// noEdgeLens turns byEdgeLens off (the tests' comparison with main).
var noEdgeLens = false

// byEdgeLens's bars. On the 120 tuning scenes (hard, with a hand) the
// lens the edges show is within a third of the true one wherever the
// edges' cost falls to edgeLensGain of the cost with no lens or less,
// but it reads about +0.02 where the true lens is none or weak, and so
// do the 16 real photos (+0.005 to +0.05): only a barrel lens at least
// as strong as edgeLensMaxK is taken. edgeLensMinMove: a lens that moves
// no corner further than this changes nothing worth a different grid.
const (
	edgeLensGain    = 0.85
	edgeLensMaxK    = -0.02
	edgeLensMinMove = 0.04
)
