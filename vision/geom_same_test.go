package vision

import (
	"math"
	"math/rand"
	"testing"
)

// fitHomographyRef is FitHomography as it was before its normal
// equations were summed on the upper triangle alone (kept to check that
// the two give the same bits).
func fitHomographyRef(src, dst []Point) (Homography, error) {
	if len(src) != len(dst) || len(src) < 4 {
		return Homography{}, errDegenerate
	}
	ts, sn := normalise(src, nil)
	td, dn := normalise(dst, nil)
	var ata [8][8]float64
	var atb [8]float64
	add := func(row [8]float64, rhs float64) {
		for i := 0; i < 8; i++ {
			if row[i] == 0 {
				continue
			}
			for j := 0; j < 8; j++ {
				ata[i][j] += row[i] * row[j]
			}
			atb[i] += row[i] * rhs
		}
	}
	for k := range sn {
		x, y := sn[k].X, sn[k].Y
		u, v := dn[k].X, dn[k].Y
		add([8]float64{x, y, 1, 0, 0, 0, -u * x, -u * y}, u)
		add([8]float64{0, 0, 0, x, y, 1, -v * x, -v * y}, v)
	}
	sol, ok := solve8(ata, atb)
	if !ok {
		return Homography{}, errDegenerate
	}
	hn := Homography{sol[0], sol[1], sol[2], sol[3], sol[4], sol[5], sol[6], sol[7], 1}
	h := td.Inverse().Mul(hn).Mul(ts).normalised()
	for _, v := range h {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return Homography{}, errDegenerate
		}
	}
	return h, nil
}

// TestFitHomographySameBits: FitHomography gives bit for bit what its
// earlier form gave (fitHomographyRef), on quads (a unit square's, a
// board's) and on point sets of many pairs, noisy, exact, degenerate and
// with zero coordinates.
func TestFitHomographySameBits(t *testing.T) {
	rng := rand.New(rand.NewSource(96700))
	jitter := func(p Point, s float64) Point {
		return Point{p.X + s*rng.NormFloat64(), p.Y + s*rng.NormFloat64()}
	}
	type gen func() (src, dst []Point)
	quad := func(w, h, scale float64) gen {
		return func() ([]Point, []Point) {
			src := []Point{{0, 0}, {w, 0}, {w, h}, {0, h}}
			o := Point{rng.Float64() * 1600, rng.Float64() * 1200}
			dst := make([]Point, 4)
			for i, p := range src {
				dst[i] = jitter(Point{o.X + p.X*scale, o.Y + p.Y*scale}, scale*w*0.1)
			}
			return src, dst
		}
	}
	for _, tc := range []struct {
		name string
		gen  gen
	}{
		{"unit square", quad(1, 1, 60)},
		{"board", quad(15, 15, 60)},
		{"rectangle", quad(10, 7, 40)},
		{"many pairs, noisy", func() ([]Point, []Point) {
			n := 4 + rng.Intn(60)
			src, dst := make([]Point, n), make([]Point, n)
			for i := range src {
				src[i] = Point{float64(rng.Intn(16)), float64(rng.Intn(16))}
				dst[i] = jitter(Point{100 + 50*src[i].X + 3*src[i].Y, 80 + 48*src[i].Y - 2*src[i].X}, 0.7)
			}
			return src, dst
		}},
		{"zero coordinates", func() ([]Point, []Point) {
			src := []Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
			return src, []Point{{0, 0}, {0, 0}, {1, 1}, {0, 1}}
		}},
		{"a point at the centroid", func() ([]Point, []Point) {
			src := []Point{{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, 1}, {1, 0}}
			dst := make([]Point, len(src))
			for i, p := range src {
				dst[i] = jitter(Point{300 + 40*p.X, 200 + 40*p.Y}, 1)
			}
			if rng.Intn(2) == 0 {
				dst[4] = Point{}
			}
			return src, dst
		}},
		{"collinear", func() ([]Point, []Point) {
			src := []Point{{0, 0}, {1, 1}, {2, 2}, {3, 3}}
			return src, []Point{{0, 0}, {rng.Float64(), 1}, {2, 2}, {3, 3}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := 0; i < 2000; i++ {
				src, dst := tc.gen()
				want, werr := fitHomographyRef(src, dst)
				got, err := FitHomography(src, dst)
				if len(src) == 4 && src[0] == (Point{}) && src[1].Y == 0 && src[2] == (Point{src[1].X, src[3].Y}) && src[3].X == 0 {
					got, err = QuadHomography(src[2].X, src[2].Y, Quad(dst))
				}
				if (werr == nil) != (err == nil) {
					t.Fatalf("try %d: err %v, want %v", i, err, werr)
				}
				for k := range got {
					if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
						t.Fatalf("try %d: h[%d] = %v, want %v (bits differ)", i, k, got[k], want[k])
					}
				}
			}
		})
	}
}
