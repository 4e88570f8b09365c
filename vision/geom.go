package vision

import (
	"errors"
	"math"
)

// Point is a position in an image (pixels) or on the board plane (board
// units: one square = 1), depending on context.
type Point struct{ X, Y float64 }

// Quad is four corners: top-left, top-right, bottom-right, bottom-left of the
// board as read (row 0 at the top).
type Quad [4]Point

// Centre is the mean of q's four corners: a point inside every convex
// quadrilateral, where its diagonals' middles average.
func (q Quad) Centre() Point {
	return Point{(q[0].X + q[1].X + q[2].X + q[3].X) / 4, (q[0].Y + q[1].Y + q[2].Y + q[3].Y) / 4}
}

// Homography is a 3x3 projective transform, row-major, mapping (x, y, 1).
type Homography [9]float64

// Apply maps p through h.
func (h Homography) Apply(p Point) Point {
	w := h[6]*p.X + h[7]*p.Y + h[8]
	if w == 0 {
		w = 1e-12
	}
	return Point{(h[0]*p.X + h[1]*p.Y + h[2]) / w, (h[3]*p.X + h[4]*p.Y + h[5]) / w}
}

// Mul returns h∘g (apply g first, then h).
func (h Homography) Mul(g Homography) Homography {
	var r Homography
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			var s float64
			for k := 0; k < 3; k++ {
				s += h[i*3+k] * g[k*3+j]
			}
			r[i*3+j] = s
		}
	}
	return r
}

// Inverse returns h's inverse (the adjugate, scaled so that [8] is 1 when
// possible).
func (h Homography) Inverse() Homography {
	a, b, c, d, e, f, g, hh, i := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	inv := Homography{
		e*i - f*hh, c*hh - b*i, b*f - c*e,
		f*g - d*i, a*i - c*g, c*d - a*f,
		d*hh - e*g, b*g - a*hh, a*e - b*d,
	}
	return inv.normalised()
}

func (h Homography) normalised() Homography {
	s := h[8]
	if math.Abs(s) < 1e-12 {
		var n float64
		for _, v := range h {
			n += v * v
		}
		s = math.Sqrt(n)
	}
	for k := range h {
		h[k] /= s
	}
	return h
}

var errDegenerate = errors.New("vision: degenerate point set")

// FitHomography returns the least-squares homography mapping src[i] to
// dst[i] (at least 4 pairs, not collinear), with Hartley normalisation.
func FitHomography(src, dst []Point) (Homography, error) {
	if len(src) != len(dst) || len(src) < 4 {
		return Homography{}, errDegenerate
	}
	// the normalised points on the stack for a few pairs (a quad's four)
	var snBuf [8]Point
	ts, sn := normalise(src, snBuf[:0])
	return fitNormalised(ts, sn, dst)
}

// fitNormalised is FitHomography with src normalised already (ts, sn:
// normalise's answer).
func fitNormalised(ts Homography, sn, dst []Point) (Homography, error) {
	var dnBuf [8]Point
	td, dn := normalise(dst, dnBuf[:0])
	// Unknowns h0..h7 with h8 = 1; two equations per pair, normal equations.
	// Only the upper triangle is summed and mirrored after: each entry
	// is the same sum, in the same order, as the full product would give
	// (x*y is y*x), and a zero product is left out (adding +-0 leaves a
	// sum as it is: a sum that starts at +0 is never -0).
	var ata [8][8]float64
	var atb [8]float64
	// Each pair's two rows, {x, y, 1, 0, 0, 0, -u*x, -u*y} with u and
	// {0, 0, 0, x, y, 1, -v*x, -v*y} with v, written out: a row's zeros
	// at their places add nothing (nor does any zero entry: skipped), a
	// 1's product is the other factor, and every other product is added
	// in the order a loop over the rows' entries adds it.
	for k := range sn {
		x, y := sn[k].X, sn[k].Y
		u, v := dn[k].X, dn[k].Y
		ux, uy, vx, vy := -u*x, -u*y, -v*x, -v*y
		if x != 0 {
			ata[0][0] += x * x
			if y != 0 {
				ata[0][1] += x * y
			}
			ata[0][2] += x
			if ux != 0 {
				ata[0][6] += x * ux
			}
			if uy != 0 {
				ata[0][7] += x * uy
			}
			atb[0] += x * u
		}
		if y != 0 {
			ata[1][1] += y * y
			ata[1][2] += y
			if ux != 0 {
				ata[1][6] += y * ux
			}
			if uy != 0 {
				ata[1][7] += y * uy
			}
			atb[1] += y * u
		}
		ata[2][2] += 1
		if ux != 0 {
			ata[2][6] += ux
		}
		if uy != 0 {
			ata[2][7] += uy
		}
		atb[2] += u
		if ux != 0 {
			ata[6][6] += ux * ux
			if uy != 0 {
				ata[6][7] += ux * uy
			}
			atb[6] += ux * u
		}
		if uy != 0 {
			ata[7][7] += uy * uy
			atb[7] += uy * u
		}
		if x != 0 {
			ata[3][3] += x * x
			if y != 0 {
				ata[3][4] += x * y
			}
			ata[3][5] += x
			if vx != 0 {
				ata[3][6] += x * vx
			}
			if vy != 0 {
				ata[3][7] += x * vy
			}
			atb[3] += x * v
		}
		if y != 0 {
			ata[4][4] += y * y
			ata[4][5] += y
			if vx != 0 {
				ata[4][6] += y * vx
			}
			if vy != 0 {
				ata[4][7] += y * vy
			}
			atb[4] += y * v
		}
		ata[5][5] += 1
		if vx != 0 {
			ata[5][6] += vx
		}
		if vy != 0 {
			ata[5][7] += vy
		}
		atb[5] += v
		if vx != 0 {
			ata[6][6] += vx * vx
			if vy != 0 {
				ata[6][7] += vx * vy
			}
			atb[6] += vx * v
		}
		if vy != 0 {
			ata[7][7] += vy * vy
			atb[7] += vy * v
		}
	}
	for i := 1; i < 8; i++ {
		for j := 0; j < i; j++ {
			ata[i][j] = ata[j][i]
		}
	}
	sol, ok := solve8(ata, atb)
	if !ok {
		return Homography{}, errDegenerate
	}
	hn := Homography{sol[0], sol[1], sol[2], sol[3], sol[4], sol[5], sol[6], sol[7], 1}
	// h = Td^-1 * hn * Ts
	h := td.Inverse().Mul(hn).Mul(ts).normalised()
	for _, v := range h {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return Homography{}, errDegenerate
		}
	}
	return h, nil
}

// normalise returns the similarity moving pts' centroid to the origin with
// mean distance sqrt(2), and the moved points, appended to buf.
func normalise(pts []Point, buf []Point) (Homography, []Point) {
	var cx, cy float64
	for _, p := range pts {
		cx += p.X
		cy += p.Y
	}
	n := float64(len(pts))
	cx /= n
	cy /= n
	var d float64
	for _, p := range pts {
		d += math.Hypot(p.X-cx, p.Y-cy)
	}
	d /= n
	s := math.Sqrt2
	if d > 1e-12 {
		s = math.Sqrt2 / d
	}
	t := Homography{s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1}
	out := buf[:0]
	for _, p := range pts {
		out = append(out, Point{s * (p.X - cx), s * (p.Y - cy)})
	}
	return t, out
}

// solve8 solves a x = b by Gaussian elimination with partial pivoting.
func solve8(a [8][8]float64, b [8]float64) ([8]float64, bool) {
	const n = 8
	for col := 0; col < n; col++ {
		piv := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) < 1e-12 {
			return b, false
		}
		a[col], a[piv] = a[piv], a[col]
		b[col], b[piv] = b[piv], b[col]
		for r := col + 1; r < n; r++ {
			f := a[r][col] / a[col][col]
			if f == 0 {
				continue
			}
			for c := col; c < n; c++ {
				a[r][c] -= f * a[col][c]
			}
			b[r] -= f * b[col]
		}
	}
	var x [8]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for c := r + 1; c < n; c++ {
			s -= a[r][c] * x[c]
		}
		x[r] = s / a[r][r]
	}
	return x, true
}

// QuadHomography maps the rectangle [0,w]x[0,h] onto q (TL, TR, BR, BL).
func QuadHomography(w, h float64, q Quad) (Homography, error) {
	if w == 1 && h == 1 {
		// the unit square's normalisation, worked out once (a square's
		// own map, asked for by the hundred a board)
		return fitNormalised(unitSquareT, unitSquareN[:], q[:])
	}
	return FitHomography([]Point{{0, 0}, {w, 0}, {w, h}, {0, h}}, q[:])
}

// unitSquareT and unitSquareN are normalise's answer for the unit
// square's corners (QuadHomography(1, 1, q)'s src).
var unitSquareT, unitSquareN = func() (Homography, [4]Point) {
	var n [4]Point
	t, pts := normalise([]Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, n[:0])
	copy(n[:], pts)
	return t, n
}()

// Vec3 is a 3-vector.
type Vec3 [3]float64

func (a Vec3) Dot(b Vec3) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a Vec3) Cross(b Vec3) Vec3 {
	return Vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func (a Vec3) Norm() float64        { return math.Sqrt(a.Dot(a)) }
func (a Vec3) Scale(s float64) Vec3 { return Vec3{a[0] * s, a[1] * s, a[2] * s} }
func (a Vec3) Sub(b Vec3) Vec3      { return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

// Pose is the camera's pose over the board: board coordinates (X right along
// a row, Y down along a column, both in squares; Z into the board, so a point
// h squares above the board has Z = -h) to camera coordinates, x_cam = R x +
// T, and the intrinsics that project camera coordinates to pixels.
type Pose struct {
	R  [3]Vec3 // rows of the rotation
	T  Vec3
	Fx float64
	Fy float64
	Cx float64
	Cy float64
	// Correct, when set, adds a smooth pixel offset at board position
	// (x, y): the lens distortion the plane model leaves, measured on the
	// grid.
	Correct func(x, y float64) Point
}

// Project maps a board point at height h (in squares) above the board to
// pixels.
func (p *Pose) Project(x, y, h float64) Point {
	v := Vec3{x, y, -h}
	c := Vec3{p.R[0].Dot(v) + p.T[0], p.R[1].Dot(v) + p.T[1], p.R[2].Dot(v) + p.T[2]}
	if c[2] < 1e-9 {
		c[2] = 1e-9
	}
	q := Point{p.Fx*c[0]/c[2] + p.Cx, p.Fy*c[1]/c[2] + p.Cy}
	if p.Correct != nil {
		d := p.Correct(x, y)
		q.X += d.X
		q.Y += d.Y
	}
	return q
}

// TiltDegrees is the angle between the camera's optical axis and the board's
// normal.
func (p *Pose) TiltDegrees() float64 {
	// The board normal in camera coordinates is R's third column.
	nz := p.R[2][2]
	return math.Acos(math.Min(1, math.Abs(nz))) * 180 / math.Pi
}

// PoseFromHomography recovers the camera pose from the board-to-image
// homography h (board units to pixels) and the intrinsics.
func PoseFromHomography(h Homography, fx, fy, cx, cy float64) (Pose, error) {
	// M = K^-1 H
	col := func(j int) Vec3 {
		x, y, w := h[j], h[3+j], h[6+j]
		return Vec3{(x - cx*w) / fx, (y - cy*w) / fy, w}
	}
	m1, m2, m3 := col(0), col(1), col(2)
	n1, n2 := m1.Norm(), m2.Norm()
	if n1 < 1e-12 || n2 < 1e-12 {
		return Pose{}, errDegenerate
	}
	lambda := 2 / (n1 + n2)
	if m3[2]*lambda < 0 { // the board must be in front of the camera
		lambda = -lambda
	}
	r1 := m1.Scale(lambda)
	r2 := m2.Scale(lambda)
	t := m3.Scale(lambda)
	// Orthonormalise: split the difference between r1 and r2.
	r1 = r1.Scale(1 / r1.Norm())
	r2 = r2.Sub(r1.Scale(r1.Dot(r2)))
	r2 = r2.Scale(1 / r2.Norm())
	r3 := r1.Cross(r2)
	return Pose{
		R:  [3]Vec3{{r1[0], r2[0], r3[0]}, {r1[1], r2[1], r3[1]}, {r1[2], r2[2], r3[2]}},
		T:  t,
		Fx: fx, Fy: fy, Cx: cx, Cy: cy,
	}, nil
}

// FocalFromHomography estimates the focal length in pixels (square pixels,
// principal point (cx, cy)) from a board-to-image homography by Zhang's two
// constraints on the rotation's first two columns. ok is false when the view
// is too close to straight-down for the estimate to be meaningful.
func FocalFromHomography(h Homography, cx, cy float64) (f float64, ok bool) {
	c := func(j int) Vec3 {
		x, y, w := h[j], h[3+j], h[6+j]
		return Vec3{x - cx*w, y - cy*w, w}
	}
	a, b := c(0), c(1)
	// r1.r2 = 0:   (ax bx + ay by) w + az bz = 0
	// |r1|=|r2|:   (ax²+ay²-bx²-by²) w + az²-bz² = 0      with w = 1/f²
	p1, q1 := a[0]*b[0]+a[1]*b[1], a[2]*b[2]
	p2, q2 := a[0]*a[0]+a[1]*a[1]-b[0]*b[0]-b[1]*b[1], a[2]*a[2]-b[2]*b[2]
	// Scale equations comparably: divide by the image-plane magnitude.
	s := a[0]*a[0] + a[1]*a[1] + b[0]*b[0] + b[1]*b[1]
	if s == 0 {
		return 0, false
	}
	// The z terms measure perspective; relative to the in-plane terms they
	// must not vanish.
	zz := (math.Abs(q1) + math.Abs(q2)) * 1e6 / s // ~ (tilt/f)²
	w := -(p1*q1 + p2*q2) / (p1*p1 + p2*p2)
	if w <= 0 || math.IsNaN(w) {
		return 0, false
	}
	f = 1 / math.Sqrt(w)
	_ = zz
	// Reject when the perspective terms are tiny: then w is noise.
	if (math.Abs(q1)+math.Abs(q2))*f*f/s < 0.02 {
		return f, false
	}
	return f, true
}

// InQuad reports whether p is inside the convex quad q.
func InQuad(q Quad, p Point) bool {
	pos, neg := false, false
	for i := 0; i < 4; i++ {
		a, b := q[i], q[(i+1)%4]
		c := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
		if c > 0 {
			pos = true
		} else if c < 0 {
			neg = true
		}
		if pos && neg {
			return false // on both sides of the outline: outside
		}
	}
	return true
}

// RefinePoseOnGrid is the pose p moved to draw the n x n grid h (board
// squares to pixels) as nearly as a rigid camera can: the rotation and
// the translation (and, with freeFocal, the focal length, Fx and Fy in
// proportion) that minimise the squared distances between the pose's
// board points and h's at every one of the grid's (n+1)² intersections,
// by damped Gauss-Newton (Levenberg-Marquardt) from p. PoseFromHomography
// keeps h's origin corner and its first side's direction exactly and
// lets the rest drift (tens of pixels at the far corner of a steep view
// whose h no rigid camera of the focal chosen explains); this spreads the
// misfit over the whole grid. p's Correct is kept. A refinement that
// does not lower the misfit, or leaves the board behind the camera,
// gives p back unchanged.
func RefinePoseOnGrid(p Pose, h Homography, n int, freeFocal bool) Pose {
	if n < 1 {
		return p
	}
	m := (n + 1) * (n + 1)
	board := make([]Point, 0, m)
	want := make([]Point, 0, m)
	for j := 0; j <= n; j++ {
		for i := 0; i <= n; i++ {
			b := Point{X: float64(i), Y: float64(j)}
			board = append(board, b)
			want = append(want, h.Apply(b))
		}
	}
	np := 6
	if freeFocal {
		np = 7
	}
	// The parameters: a small rotation w (applied on the camera's side,
	// R' = exp([w]x) R), the translation and the focal's log scale.
	type params [7]float64
	pose := func(x params) Pose {
		q := p
		q.Correct = nil
		r := rodrigues(Vec3{x[0], x[1], x[2]})
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				q.R[i][j] = r[i][0]*p.R[0][j] + r[i][1]*p.R[1][j] + r[i][2]*p.R[2][j]
			}
		}
		q.T = Vec3{p.T[0] + x[3], p.T[1] + x[4], p.T[2] + x[5]}
		if freeFocal {
			s := math.Exp(x[6])
			q.Fx, q.Fy = p.Fx*s, p.Fy*s
		}
		return q
	}
	// resid writes the pose's misfit at every intersection into e (x
	// then y) and returns the sum of squares; ok is false when a point
	// lies behind the camera.
	resid := func(x params, e []float64) (float64, bool) {
		q := pose(x)
		var ss float64
		for k, b := range board {
			v := Vec3{b.X, b.Y, 0}
			z := q.R[2].Dot(v) + q.T[2]
			if z < 1e-6 {
				return math.Inf(1), false
			}
			u := q.Fx*(q.R[0].Dot(v)+q.T[0])/z + q.Cx
			w := q.Fy*(q.R[1].Dot(v)+q.T[1])/z + q.Cy
			e[2*k], e[2*k+1] = u-want[k].X, w-want[k].Y
			ss += e[2*k]*e[2*k] + e[2*k+1]*e[2*k+1]
		}
		return ss, true
	}
	var x params
	e := make([]float64, 2*m)
	e2 := make([]float64, 2*m)
	jac := make([][]float64, np)
	for i := range jac {
		jac[i] = make([]float64, 2*m)
	}
	cost, ok := resid(x, e)
	if !ok {
		return p
	}
	start := cost
	// Steps for the numerical derivatives: a rotation of 1e-6 rad, a
	// translation of 1e-6 of the camera's distance, a focal 1e-6 up.
	step := [7]float64{1e-6, 1e-6, 1e-6, 1e-6 * p.T.Norm(), 1e-6 * p.T.Norm(), 1e-6 * p.T.Norm(), 1e-6}
	lambda := 1e-3
	for it := 0; it < 20; it++ {
		for a := 0; a < np; a++ {
			xa := x
			xa[a] += step[a]
			if _, ok := resid(xa, e2); !ok {
				return p
			}
			for k := range e {
				jac[a][k] = (e2[k] - e[k]) / step[a]
			}
		}
		// The normal equations J'J d = -J'e.
		var jtj [7][7]float64
		var jte [7]float64
		for a := 0; a < np; a++ {
			for b := a; b < np; b++ {
				var s float64
				for k := range e {
					s += jac[a][k] * jac[b][k]
				}
				jtj[a][b], jtj[b][a] = s, s
			}
			var s float64
			for k := range e {
				s += jac[a][k] * e[k]
			}
			jte[a] = -s
		}
		prev := cost
		improved := false
		for try := 0; try < 8; try++ {
			var aug [7][7]float64
			for a := 0; a < np; a++ {
				aug[a] = jtj[a]
				aug[a][a] += lambda * jtj[a][a]
			}
			d, solved := solveSmall(aug, jte, np)
			if !solved {
				lambda *= 10
				continue
			}
			xn := x
			for a := 0; a < np; a++ {
				xn[a] += d[a]
			}
			c, ok := resid(xn, e2)
			if ok && c < cost {
				x, cost = xn, c
				copy(e, e2)
				lambda = math.Max(lambda/10, 1e-9)
				improved = true
				break
			}
			lambda *= 10
		}
		// Done when a step gains less than a millionth of the misfit.
		if !improved || prev-cost < 1e-6*prev {
			break
		}
	}
	if !(cost < start) {
		return p
	}
	q := pose(x)
	q.Correct = p.Correct
	return q
}

// rodrigues is the rotation by the vector w (its length the angle in
// radians), as rows.
func rodrigues(w Vec3) [3]Vec3 {
	th := w.Norm()
	if th < 1e-15 {
		return [3]Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	}
	k := w.Scale(1 / th)
	c, s := math.Cos(th), math.Sin(th)
	v := 1 - c
	return [3]Vec3{
		{c + k[0]*k[0]*v, k[0]*k[1]*v - k[2]*s, k[0]*k[2]*v + k[1]*s},
		{k[1]*k[0]*v + k[2]*s, c + k[1]*k[1]*v, k[1]*k[2]*v - k[0]*s},
		{k[2]*k[0]*v - k[1]*s, k[2]*k[1]*v + k[0]*s, c + k[2]*k[2]*v},
	}
}

// solveSmall solves the first n rows and columns of a x = b by Gaussian
// elimination with partial pivoting; false when a is singular.
func solveSmall(a [7][7]float64, b [7]float64, n int) ([7]float64, bool) {
	for c := 0; c < n; c++ {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if math.Abs(a[piv][c]) < 1e-300 {
			return b, false
		}
		a[c], a[piv] = a[piv], a[c]
		b[c], b[piv] = b[piv], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	var x [7]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, true
}
