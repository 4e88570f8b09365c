package chamfer

import (
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

// withLabels is the transform as gocv gives it: labels asked for.
func withLabels(t testing.TB, mask []byte, w, h int) []float32 {
	t.Helper()
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, mask)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	dt, lab := gocv.NewMat(), gocv.NewMat()
	defer dt.Close()
	defer lab.Close()
	gocv.DistanceTransform(m, &dt, &lab, gocv.DistL2, gocv.DistanceMask5, gocv.DistanceLabelCComp)
	d, err := dt.DataPtrFloat32()
	if err != nil {
		t.Fatal(err)
	}
	return append([]float32(nil), d...)
}

// masks are light patches of the kinds the loose search measures: squares
// turned anyhow, touching, with holes (letters), specks, thin lines, and
// the extremes (no zero pixel, no light pixel, one row).
func masks() []struct {
	name string
	w, h int
	m    []byte
} {
	rng := rand.New(rand.NewSource(1))
	type mk = struct {
		name string
		w, h int
		m    []byte
	}
	var out []mk
	noise := func(w, h int, p float64) []byte {
		m := make([]byte, w*h)
		for i := range m {
			if rng.Float64() < p {
				m[i] = 255
			}
		}
		return m
	}
	squares := func(w, h, n int, holes bool) []byte {
		m := make([]byte, w*h)
		for k := 0; k < n; k++ {
			cx, cy := rng.Float64()*float64(w), rng.Float64()*float64(h)
			s := 5 + rng.Float64()*40
			a := rng.Float64() * 3.14159
			ca, sa := cosSin(a)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					dx, dy := float64(x)-cx, float64(y)-cy
					u, v := dx*ca+dy*sa, -dx*sa+dy*ca
					if abs(u) < s/2 && abs(v) < s/2 {
						m[y*w+x] = 255
						if holes && abs(u) < s/8 && abs(v) < s/5 {
							m[y*w+x] = 0
						}
					}
				}
			}
		}
		return m
	}
	out = append(out,
		mk{"sparse noise", 97, 61, noise(97, 61, 0.1)},
		mk{"dense noise", 120, 80, noise(120, 80, 0.9)},
		mk{"squares", 200, 150, squares(200, 150, 20, false)},
		mk{"squares with letters", 320, 240, squares(320, 240, 60, true)},
		mk{"wide squares", 800, 600, squares(800, 600, 150, true)},
		mk{"all light", 40, 30, fill(40*30, 255)},
		mk{"all dark", 40, 30, fill(40*30, 0)},
		mk{"one row", 50, 1, noise(50, 1, 0.7)},
		mk{"one column", 1, 50, noise(1, 50, 0.7)},
		mk{"one pixel light", 1, 1, fill(1, 255)},
	)
	return out
}

func fill(n int, v byte) []byte {
	m := make([]byte, n)
	for i := range m {
		m[i] = v
	}
	return m
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func cosSin(a float64) (float64, float64) {
	// Taylor-free: the test needs any turn, not an exact one.
	c, s := 1.0, 0.0
	for i := 0; i < 64; i++ {
		c, s = c*cosStep(a)-s*sinStep(a), s*cosStep(a)+c*sinStep(a)
	}
	return c, s
}

func cosStep(a float64) float64 { x := a / 64; return 1 - x*x/2 + x*x*x*x/24 }
func sinStep(a float64) float64 { x := a / 64; return x - x*x*x/6 }

// TestSameAsWithLabels: the distances are gocv's (labels asked for),
// pixel for pixel.
func TestSameAsWithLabels(t *testing.T) {
	for _, c := range masks() {
		t.Run(c.name, func(t *testing.T) {
			got, err := L2Mask5(c.m, c.w, c.h)
			if err != nil {
				t.Fatal(err)
			}
			want := withLabels(t, c.m, c.w, c.h)
			if len(got) != len(want) {
				t.Fatalf("%d distances, want %d", len(got), len(want))
			}
			diff := 0
			for i := range got {
				if got[i] != want[i] {
					if diff < 3 {
						t.Errorf("pixel %d,%d: %v, want %v", i%c.w, i/c.w, got[i], want[i])
					}
					diff++
				}
			}
			if diff > 0 {
				t.Errorf("%d of %d pixels differ", diff, len(got))
			}
		})
	}
}

// TestBadSize: a mask whose length is not w*h is an error naming the size.
func TestBadSize(t *testing.T) {
	for _, c := range []struct {
		name string
		w, h int
		n    int
	}{{"short", 4, 4, 15}, {"zero width", 0, 4, 0}, {"negative", -1, 4, 4}} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := L2Mask5(make([]byte, c.n), c.w, c.h); err == nil {
				t.Error("no error")
			}
		})
	}
}

// BenchmarkL2Mask5 against gocv's (with labels), on an 800x600 mask of
// tiles with letters.
func BenchmarkL2Mask5(b *testing.B) {
	var m []byte
	for _, c := range masks() {
		if c.name == "wide squares" {
			m = c.m
		}
	}
	b.Run("no labels", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := L2Mask5(m, 800, 600); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("gocv with labels", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			withLabels(b, m, 800, 600)
		}
	})
}
