package vision

import (
	"math"
	"math/rand"
	"testing"
)

// steepSegs are the Hough segments a steep photo of an n x n grid gives:
// each of its lines (board squares through H, the picture's pixels)
// broken into pieces where tiles hide it, their ends on whole pixels,
// and clutter segments of any direction.
func steepSegs(h Homography, n, clutter int, rng *rand.Rand) []seg {
	var segs []seg
	add := func(a, b Point) {
		segs = append(segs, newSeg(Point{math.Round(a.X), math.Round(a.Y)}, Point{math.Round(b.X), math.Round(b.Y)}))
	}
	for k := 0; k <= n; k++ {
		// three pieces a line, the gaps where tiles lie
		for _, piece := range [][2]float64{{0, 4.6}, {5.4, 9.6}, {10.4, float64(n)}} {
			add(h.Apply(Point{float64(k), piece[0]}), h.Apply(Point{float64(k), piece[1]}))
			add(h.Apply(Point{piece[0], float64(k)}), h.Apply(Point{piece[1], float64(k)}))
		}
	}
	for i := 0; i < clutter; i++ {
		a := Point{rng.Float64() * 800, rng.Float64() * 600}
		t := rng.Float64() * math.Pi
		l := 50 + rng.Float64()*100
		add(a, Point{a.X + l*math.Cos(t), a.Y + l*math.Sin(t)})
	}
	return segs
}

// TestVanishingCandidates: a grid seen so steeply that its lines fan
// out past the families by direction (gridSpread) is found by its lines'
// vanishing points, its corners within five pixels (a fifth of its
// nearest square; the segments' ends are on whole pixels).
func TestVanishingCandidates(t *testing.T) {
	const n = 15
	for _, tc := range []struct {
		name    string
		corners Quad // the grid's corners in the picture
		clutter int
	}{
		// both families converge: the grid's corners as a 41.5 degree
		// tilt shows IMG_20141025_163929 in the work picture (its sides
		// at 96 and 59 degrees, at 0 and 19 degrees)
		{"41 degrees, both families converging", Quad{{55, 106}, {207, 105}, {362, 360}, {38, 249}}, 0},
		{"41 degrees, with clutter", Quad{{55, 106}, {207, 105}, {362, 360}, {38, 249}}, 30},
		// 37 degrees (IMG_20141025_164035's)
		{"37 degrees", Quad{{69, 148}, {260, 143}, {414, 426}, {47, 324}}, 10},
		// one family parallel (its vanishing point at infinity), the
		// other fanning over 40 degrees
		{"one family parallel", Quad{{330, 120}, {500, 120}, {620, 450}, {190, 450}}, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := QuadHomography(n, n, tc.corners)
			if err != nil {
				t.Fatal(err)
			}
			segs := steepSegs(h, n, tc.clutter, rand.New(rand.NewSource(1)))
			// The families by direction (gridSpread) see no grid here.
			for _, c := range gridCandidates(segs, math.Atan2(tc.corners[1].Y-tc.corners[0].Y, tc.corners[1].X-tc.corners[0].X)+math.Pi, math.Atan2(tc.corners[3].Y-tc.corners[0].Y, tc.corners[3].X-tc.corners[0].X), gridSpread, n, 800) {
				if cornersNear(c.q, tc.corners, 4) {
					t.Fatalf("the families by direction already find the grid: no steep case")
				}
			}
			cands := vanishingCandidates(segs, n, 800)
			for _, c := range cands {
				if c.grid && cornersNear(c.q, tc.corners, 5) {
					return
				}
			}
			t.Errorf("no candidate within 5 px of the grid's corners %v among %d: %v", tc.corners, len(cands), cands)
		})
	}
}

// cornersNear says whether the quads' corners pair up within tol pixels
// (whatever corner each starts from).
func cornersNear(a, b Quad, tol float64) bool {
	for r := 0; r < 4; r++ {
		ok := true
		for i := 0; i < 4; i++ {
			p, q := a[i], b[(i+r)%4]
			if math.Hypot(p.X-q.X, p.Y-q.Y) > tol {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestSmallestEigen: the eigenvector of a symmetric matrix's smallest
// eigenvalue, against one built with known eigenvectors.
func TestSmallestEigen(t *testing.T) {
	for _, tc := range []struct {
		name string
		vals [3]float64
		want int // which of the basis's vectors is the smallest's
	}{
		{"smallest first", [3]float64{0.01, 2, 5}, 0},
		{"smallest last", [3]float64{3, 1, 1e-6}, 2},
		{"smallest middle", [3]float64{3, 0.5, 4}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// an orthonormal basis turned off the axes
			a, b := 0.4, 1.1
			basis := [3]hvec{
				{math.Cos(a), math.Sin(a), 0},
				{-math.Sin(a) * math.Cos(b), math.Cos(a) * math.Cos(b), math.Sin(b)},
				{math.Sin(a) * math.Sin(b), -math.Cos(a) * math.Sin(b), math.Cos(b)},
			}
			var m [3][3]float64
			for k, v := range basis {
				for r := 0; r < 3; r++ {
					for c := 0; c < 3; c++ {
						m[r][c] += tc.vals[k] * v[r] * v[c]
					}
				}
			}
			got := smallestEigen(m)
			w := basis[tc.want]
			if d := math.Abs(got[0]*w[0] + got[1]*w[1] + got[2]*w[2]); d < 1-1e-9 {
				t.Errorf("got %v, want ±%v (|cos| %.12f)", got, w, d)
			}
		})
	}
}
