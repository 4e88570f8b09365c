package pyramids

import (
	"math"

	"github.com/tilescope/tilescope/vision"
)

// The lens's radial distortion. A wide lens pulls every point towards
// the picture's centre by a share that grows with the square of its
// distance from it (barrel distortion; the renderer's k1 reaches -0.2 on
// hard scenes, as a Pi camera's lens does): the board's straight edges
// bow outwards, and a homography fitted to its four corners puts the
// squares of the outer rings up to a tenth of a square from where they
// show, across the middle of each side most. The frame models it as one
// term about the picture's centre, in units of the default focal length:
//
//	picture = centre + (ideal - centre) (1 + k1 r²),  r = |ideal - centre| / focal
//
// fitted on the board's own outer edges (fitLens): the k1 under which
// the edge points found along each side lie on a straight line. The
// homography and pose are then those of the ideal (undistorted) corners,
// and every point the scan samples is moved by the lens on its way into
// the picture.

// lensK is the lens of the frame's picture with distortion k1: about
// the picture's centre, with the default focal length as its unit of
// distance (vision.Lens, the model the board finder fits on grids).
func (f *frame) lensK(k1 float64) vision.Lens {
	return vision.Lens{K: k1, C: vision.Point{X: float64(f.p.W) / 2, Y: float64(f.p.H) / 2}, S: vision.DefaultFocal(f.p.W)}
}

// distort moves an ideal (pinhole) point of the picture to where the
// lens shows it.
func (f *frame) distort(p vision.Point) vision.Point { return f.lensK(f.k1).Distort(p) }

// undistort is distort's inverse.
func (f *frame) undistort(p vision.Point) vision.Point { return f.lensK(f.k1).Undistort(p) }

// toPicture is a point of the board's surface (in squares) in the
// picture.
func (f *frame) toPicture(p vision.Point) vision.Point { return f.distort(f.h.Apply(p)) }

// Limits of fitLens: the k1 searched, and how much straighter the
// edges must lie under it than under none (the sum of their squared
// distances to their lines, each capped) for the lens to be modelled.
const (
	lensMin, lensMax = -0.32, 0.12
	lensStep         = 0.01
	lensGain         = 0.95 // the cost with the lens at most this share of the cost without
	lensCap          = 3.0  // px: an edge point farther off its line counts as this far
)

// fitLens fits the lens's k1 to the board's outer edges (the runway's
// edge against the dark border): along each side the strongest light-to-
// dark step across it is found at 50 places; the k1 under which those
// points, undistorted, lie straightest on the four sides is kept when it
// makes them clearly straighter than no distortion does. The frame's
// corners become the meeting points of the four straightened sides,
// moved back through the lens, and its homography and pose are refitted
// to them undistorted. It reports whether a lens was fitted.
func (f *frame) fitLens(cal *vision.Calibration) bool {
	q := f.corners
	var pts [4][]vision.Point
	var prof []float64
	for i := 0; i < 4; i++ {
		a, b := q[i], q[(i+1)%4]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l < 40 {
			return false
		}
		nx, ny := dy/l, -dx/l // outward (clockwise quad, y down)
		reach := math.Max(6, 0.03*l)
		nd := int(4*reach) + 1
		const samples = 50
		for k := 2; k < samples-1; k++ {
			t := float64(k) / samples
			cx, cy := a.X+t*dx, a.Y+t*dy
			prof = f.p.lumaAlong(prof[:0], cx, cy, nx, ny, reach, nd+6)
			bestG, bestJ := 0.0, -1
			for j := 0; j < nd; j++ {
				if g := prof[j] - prof[j+6]; g > bestG {
					bestG, bestJ = g, j
				}
			}
			if bestG <= 20 || bestJ <= 0 || bestJ >= nd-1 {
				continue
			}
			// the step's centre to a fraction of a sample: the vertex of
			// the parabola through the strongest step and its neighbours
			g0, g1, g2 := prof[bestJ-1]-prof[bestJ+5], bestG, prof[bestJ+1]-prof[bestJ+7]
			off := 0.0
			if den := g0 - 2*g1 + g2; den < 0 {
				off = math.Max(-0.5, math.Min(0.5, 0.5*(g0-g2)/den))
			}
			d := -reach + 0.5*(float64(bestJ)+off)
			pts[i] = append(pts[i], vision.Point{X: cx + d*nx, Y: cy + d*ny})
		}
		if len(pts[i]) < 15 {
			return false
		}
	}
	var und [4][]vision.Point
	for i := range und {
		und[i] = make([]vision.Point, len(pts[i]))
	}
	cost := func(k1 float64) (float64, [4][3]float64) {
		lens := f.lensK(k1)
		var lines [4][3]float64
		total := 0.0
		for i := 0; i < 4; i++ {
			for j, p := range pts[i] {
				und[i][j] = lens.Undistort(p)
			}
			l, c := vision.StraightLine(und[i], lensCap)
			lines[i] = l
			total += c
		}
		return total, lines
	}
	c0, _ := cost(0)
	bestK, bestC := 0.0, c0
	for k1 := lensMin; k1 <= lensMax+1e-9; k1 += lensStep {
		if c, _ := cost(k1); c < bestC {
			bestK, bestC = k1, c
		}
	}
	for k1 := bestK - lensStep; k1 <= bestK+lensStep+1e-9; k1 += lensStep / 10 {
		if c, _ := cost(k1); c < bestC {
			bestK, bestC = k1, c
		}
	}
	if bestK == 0 || bestC > lensGain*c0 {
		return false
	}
	_, lines := cost(bestK)
	ideal, ok := sidesMeet(lines)
	if !ok {
		return false
	}
	g := *f
	g.k1 = bestK
	for i := range ideal {
		g.corners[i] = g.distort(ideal[i])
		if math.Hypot(g.corners[i].X-q[i].X, g.corners[i].Y-q[i].Y) > 0.25*math.Sqrt(quadArea(q))/10 {
			return false // a corner moved over a quarter of a square: not the lens
		}
	}
	if !g.fit(cal) {
		return false
	}
	*f = g
	return true
}
