package upwords

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestAxisDoubt: the walls' evidence of the rows -2 to n+1 of a grid
// puts its placement in doubt where a row beyond it shows walls as its
// rows do, where an outermost row shows hardly any while the row beyond
// the other end shows some, or where the rows cannot be measured; a
// grid with the rim beyond both ends, or with one outermost row's walls
// hidden and the rim beyond the other end, is not in doubt.
func TestAxisDoubt(t *testing.T) {
	const n = 10
	// ev gives rows -2, -1, 0, n-1, n, n+1 of a 10x10 grid whose rows
	// 1..n-2 show walls of 20.
	ev := func(outer ...float64) []float64 {
		v := make([]float64, n+4)
		for f := 1; f <= n-2; f++ {
			v[f+2] = 20
		}
		for i, f := range []int{-2, -1, 0, n - 1, n, n + 1} {
			v[f+2] = outer[i]
		}
		return v
	}
	faint := ev(0, 0, 18, 17, 0, 0)
	for f := 1; f <= n-2; f++ {
		faint[f+2] = math.NaN()
	}
	for _, c := range []struct {
		name string
		ev   []float64
		want bool
	}{
		{"right: the rim beyond both ends", ev(0, 0.5, 18, 17, 0.3, 0), false},
		{"right: the walls of its last row hidden, the rim beyond its first", ev(0, 0.2, 18, 0.5, 0, 0), false},
		{"a row beyond shows walls as the squares do", ev(0, 0.3, 18, 17, 15, 0), true},
		{"a row beyond shows walls half as plain as the squares'", ev(0, 10, 18, 17, 0, 0), true},
		{"a row beyond shows a few edges (a fifth of the squares')", ev(0, 4, 18, 17, 0, 0), false},
		{"rows full of tiles read no walls: the squares' level is their upper quartile", func() []float64 {
			v := ev(0, 6, 18, 17, 0, 0)
			for _, f := range []int{2, 4, 5, 7} {
				v[f+2] = 0
			}
			return v
		}(), false},
		{"the first row bare, the row beyond the last with a few walls: a row off", ev(0, 0, 1, 17, 3, 0), true},
		{"the last row bare, the row beyond the first with a few walls: a row off", ev(0, 3, 18, 1, 0, 0), true},
		{"a row beyond out of the picture", ev(0, math.NaN(), 18, 17, 0, 0), true},
		{"the rows inside not measured", faint, true},
		{"no walls inside", make([]float64, n+4), true},
		{"walls too faint to place the grid (3 grey levels)", func() []float64 {
			v := ev(0, 0, 2.7, 2.5, 0, 0)
			for f := 1; f <= n-2; f++ {
				v[f+2] = 3
			}
			return v
		}(), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := axisDoubt(c.ev); got != c.want {
				t.Errorf("axisDoubt = %v, want %v", got, c.want)
			}
		})
	}
}

// TestPlacementDoubt: the golden scenes' grids, found right, are not in
// doubt; moved a row or a column off, each is either moved back by the
// registration or left in doubt.
func TestPlacementDoubt(t *testing.T) {
	for _, name := range []string{"testdata/scenes/upwords-0000.jpg", "testdata/scenes/upwords-0002.jpg", "testdata/scenes/upwords-0005.jpg"} {
		img := loadImage(t, name)
		p := vision.Luma(img)
		g, err := vision.FindGridWith(p, img, 10, vision.SearchOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Run(filepath.Base(name)+" as found", func(t *testing.T) {
			if placementDoubt(p, g) {
				t.Error("the grid found right is in doubt")
			}
		})
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			t.Run(fmt.Sprintf("%s moved %d,%d", filepath.Base(name), d[0], d[1]), func(t *testing.T) {
				s := g.Shift(d[0], d[1])
				if r, dc, dr := registered(p, s); (dc != -d[0] || dr != -d[1]) && !placementDoubt(p, r) {
					t.Errorf("moved by %v, registered by %d, %d, and not in doubt", d, dc, dr)
				}
			})
		}
	}
}

// TestPlacedOffUnsure: rendered scenes whose board the search and the
// registration leave placed off (a dim board on a dark table read a row
// off, tuning set 111400's 0009, with ten empty squares shown sure where
// tiles stand; a faint board read with a corner a square out, tuning
// set 111701's 0008) are read with no square shown sure.
func TestPlacedOffUnsure(t *testing.T) {
	rd := upwordsReader(t)
	for _, name := range []string{"testdata/placed/rowoff-11140000009.jpg", "testdata/placed/cornerout-11170100008.jpg"} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			tr, err := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
			if err != nil {
				t.Fatal(err)
			}
			r, err := ScanUpwords(loadImage(t, name), Options{Size: tr.Board.Rows, Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, found := matchGrid(tr, r.Corners); found {
				t.Skip("the board is found where the truth has it: nothing to check")
			}
			sure := 0
			for _, c := range r.Cells {
				if c.Sure {
					sure++
				}
			}
			if sure > 0 {
				t.Errorf("%d squares shown sure on a board placed off", sure)
			}
		})
	}
}
