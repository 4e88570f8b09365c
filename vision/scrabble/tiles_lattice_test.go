package scrabble

import (
	"image"
	"math"
	"math/rand"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestMarkLattice: marks on a board's squares seen in perspective, with
// some squares empty, noise among them and each mark a little off its
// square's centre, give back the lattice (every mark on a square, the
// squares one apart as on the board); marks strewn at random give none.
func TestMarkLattice(t *testing.T) {
	// a board's squares seen tilted: 15 by 15, about 30 pixels a square
	truth, err := vision.QuadHomography(Size, Size, vision.Quad{{X: 400, Y: 300}, {X: 900, Y: 280}, {X: 1010, Y: 820}, {X: 330, Y: 860}})
	if err != nil {
		t.Fatal(err)
	}
	lattice := func(seed int64, fill float64, noise int) []latticeMark {
		rng := rand.New(rand.NewSource(seed))
		var ms []latticeMark
		for r := 2; r < 13; r++ {
			for c := 1; c < 14; c++ {
				if rng.Float64() > fill {
					continue
				}
				pt := truth.Apply(vision.Point{X: float64(c) + 0.5 + 0.1*(rng.Float64()-0.5), Y: float64(r) + 0.5 + 0.1*(rng.Float64()-0.5)})
				ms = append(ms, latticeMark{c: pt, n: 20})
			}
		}
		for i := 0; i < noise; i++ {
			ms = append(ms, latticeMark{c: vision.Point{X: 1640 * rng.Float64(), Y: 1232 * rng.Float64()}, n: 20})
		}
		return ms
	}
	random := func(seed int64, n int) []latticeMark {
		rng := rand.New(rand.NewSource(seed))
		ms := make([]latticeMark, n)
		for i := range ms {
			ms[i] = latticeMark{c: vision.Point{X: 1640 * rng.Float64(), Y: 1232 * rng.Float64()}, n: 20}
		}
		return ms
	}
	const far = maxLatticeStep * 1640
	for _, tc := range []struct {
		name string
		ms   []latticeMark
		want bool
	}{
		{"a crowded board's tiles", lattice(1, 0.6, 0), true},
		{"a crowded board's tiles among noise", lattice(2, 0.6, 60), true},
		{"a third of the squares covered", lattice(3, 0.35, 20), true},
		{"marks strewn at random", random(4, 150), false},
		{"too few marks", lattice(5, 0.08, 0), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells, pts, h, ok := markLattice(tc.ms, far)
			if ok != tc.want {
				t.Fatalf("ok = %v (%d marks on the lattice), want %v", ok, len(cells), tc.want)
			}
			if !ok {
				return
			}
			// every mark on the lattice lies where its square's centre
			// is, and the lattice's squares are the board's, moved by
			// whole squares and turned or mirrored as the layout allows
			inv := truth.Inverse()
			for i, c := range cells {
				got := h.Apply(vision.Point{X: float64(c[0]) + 0.5, Y: float64(c[1]) + 0.5})
				if d := math.Hypot(got.X-pts[i].X, got.Y-pts[i].Y); d > 0.25*30 {
					t.Errorf("mark %d at %v, its square's centre %v: %.1f px apart", i, pts[i], got, d)
				}
				b := inv.Apply(pts[i])
				if b.X < 0 || b.Y < 0 || b.X > Size || b.Y > Size {
					t.Errorf("mark %d at %v is noise, kept on square %v", i, pts[i], c)
				}
			}
			// neighbouring squares of the lattice are neighbours on the board
			for i := range cells {
				for j := range cells {
					if abs(cells[i][0]-cells[j][0])+abs(cells[i][1]-cells[j][1]) != 1 {
						continue
					}
					a, b := inv.Apply(pts[i]), inv.Apply(pts[j])
					if d := math.Hypot(a.X-b.X, a.Y-b.Y); d < 0.7 || d > 1.3 {
						t.Fatalf("squares %v and %v lie %.2f squares apart on the board", cells[i], cells[j], d)
					}
				}
			}
		})
	}
}

// TestLatticeBoard: a crowded board that no other stage of the search
// places (no grid, no border, no premium proposal near it: blurred, its
// triple squares under tiles and a hand) is found by the lattice of its
// tiles' letters (latticeQuads), within a third of a square of its true
// corners; photos with no board (loose tiles on a table) are still
// refused.
func TestLatticeBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	boardsFoundNear(t, []crowdedBoard{
		{"wooden, blurred, a hand the seed draws", 60111, "wooden", false},
		{"white, a hand over its middle", 91141, "white", true},
	})
	t.Run("loose tiles, no board", func(t *testing.T) {
		img := noBoardScenes(t)["loose-tiles"]
		if f, err := findFrame(img, vision.FindGridOutlineFirst, true, true); err == nil {
			t.Errorf("a board found at %v", gridCorners(f))
		}
	})
}

// TestCoveredApart: the prints told apart on the squares the tiles'
// colour leaves keep a crowded board at its place (its double word
// squares nearly all under tiles) and refuse a field of one colour.
func TestCoveredApart(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	const seed = 60111
	sc, img := crowdedBoard{seed: seed, edition: "wooden"}.scene(t)
	th, err := vision.QuadHomography(Size, Size, boardCorners(sc))
	if err != nil {
		t.Fatal(err)
	}
	plain := image.NewRGBA(img.Bounds())
	for i := range plain.Pix {
		plain.Pix[i] = []uint8{222, 205, 170, 255}[i%4]
	}
	for _, tc := range []struct {
		name string
		p    picture
		want bool
	}{
		{"a crowded board at its place", toPicture(img), true},
		{"a field of one colour", toPicture(plain), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := coveredApart(&frame{p: tc.p, hq: &th}); got != tc.want {
				t.Errorf("apart = %v, want %v", got, tc.want)
			}
		})
	}
}
