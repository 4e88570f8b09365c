package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestEdgeAgainst: a grid of 10 squares of 30 px, its far corner (10, 10)
// pulled out by a third of a square (or a tenth) to make the moved grid;
// the board's edge as read beside each side of either (in squares, as
// vision.Grid.EdgeSkew reads it). The edge square against the grid as it
// was speaks against the move, square against the moved grid for it;
// readings that do not change as the move implies, and sides not
// measured, say nothing; a tenth of a square's move says too little to
// be refused, and so does one side alone.
func TestEdgeAgainst(t *testing.T) {
	const n, px, lo = 10, 30.0, 50.0
	hi := lo + n*px
	hom := func(t *testing.T, pull float64) vision.Homography {
		q := vision.Quad{{X: lo, Y: lo}, {X: hi, Y: lo}, {X: hi + pull*px, Y: hi + pull*px}, {X: lo, Y: hi}}
		h, err := vision.QuadHomography(n, n, q)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	nan := math.NaN()
	third := 1.0 / 3
	for _, tc := range []struct {
		name   string
		pull   float64
		sa, sb [4]float64
		taken  bool
	}{
		{"the edge square against the grid as it was", third, [4]float64{}, [4]float64{0, -third, 0, -third}, false},
		{"the edge square against the moved grid", third, [4]float64{0, third, 0, third}, [4]float64{}, true},
		{"readings that do not follow the move", third, [4]float64{}, [4]float64{}, true},
		{"the sides meeting at the corner not measured", third, [4]float64{0, nan, 0, nan}, [4]float64{0, nan, 0, nan}, true},
		{"a tenth of a square's move", 0.1, [4]float64{}, [4]float64{0, -0.1, 0, -0.1}, true},
		{"one side alone against the move", third, [4]float64{0, 0, 0, 0}, [4]float64{0, -third, 0, 0}, true},
		{"one side against, the other not measured", third, [4]float64{0, 0, 0, nan}, [4]float64{0, -third, 0, nan}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			by := edgeAgainst(n, hom(t, 0), hom(t, tc.pull), tc.sa, tc.sb)
			if againstMove(by) == tc.taken {
				t.Errorf("the edge against the move by %.3f on the sides, want taken %v", by, tc.taken)
			}
		})
	}
}

// BenchmarkSamplesMoveTaken: the edge's check on one move of the samples
// (samplesMoveTaken: the board's edge read beside both grids), on a
// tuning board the samples move (testdata/edge, 110834's 0013).
func BenchmarkSamplesMoveTaken(b *testing.B) {
	img := loadImage(b, "testdata/edge/blur-11083400013.jpg")
	p := vision.Luma(img)
	g, err := vision.FindGridWith(p, img, 10, vision.SearchOptions{})
	if err != nil {
		b.Fatal(err)
	}
	g, _, _ = registered(p, g)
	s := g.OnSamples(p)
	if s.H == g.H {
		b.Fatal("the samples do not move the grid")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		samplesMoveTaken(p, g, s)
	}
}
