package upwords

import (
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestSureEmptyUnderHand: on hard scenes of other makers' boards with a
// hand over stacks (testdata/hands, rendered by `render-set --game
// upwords --difficulty hard --dims varied --print varied --centres
// varied`, seed 98200 scene 5 and, with --hand, seeds 98860 scene 17 and
// 98870 scene 22), no stack is read as a bare square surely (a hand's
// skin over the walls nearby lifts the reference a square is weighed
// against: Cell.lightAtLarge; a hand darker than the tiles shows their
// squares as dark as a bare one, and only its colour tells:
// coverOffColour), and most bare squares stay sure.
func TestSureEmptyUnderHand(t *testing.T) {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skipf("no letter model: %v", err)
	}
	tests := []struct {
		name string
		file string
	}{
		{"fingers across a row of stacks, 22 degrees", "tp98200-0005.jpg"},
		{"a hand over the board's near edge", "hh98860-0017.jpg"},
		{"a hand darker than the tiles over a grey board", "th98870-0022.jpg"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			noStackSureBare(t, rd, filepath.Join("testdata", "hands", tc.file))
		})
	}
}

// TestRefAtLarge: the board's reference at large is the median square's,
// not lifted by something light over a few squares' walls (a hand), and
// on a board whose walls read darker than its floor it is the floor's.
func TestRefAtLarge(t *testing.T) {
	const n = 10
	tests := []struct {
		name        string
		wall, floor float64 // the board's
		patch       float64 // the walls round the squares of rows 5-7, columns 5-7; 0 none
		want        float64
	}{
		{"an even board", 40, 30, 0, 40},
		{"a hand's skin over nine squares' walls", 40, 30, 70, 40},
		{"walls darker than the floor", 20, 45, 0, 45},
		{"walls darker than the floor, a hand over nine squares", 20, 45, 90, 45},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := 2*n + 1
			w := wallSamples{n: n, v: make([]float64, m*m), pts: make([]vision.Point, m*m), floor: make([]float64, n*n)}
			for i := 0; i < m; i++ {
				for j := 0; j < m; j++ {
					w.pts[i*m+j] = vision.Point{X: float64(j), Y: float64(i)}
					switch {
					case i%2 == 1 && j%2 == 1:
						w.v[i*m+j] = -1
					case tc.patch > 0 && i >= 10 && i <= 16 && j >= 10 && j <= 16:
						w.v[i*m+j] = tc.patch
					default:
						w.v[i*m+j] = tc.wall
					}
				}
			}
			for i := range w.floor {
				w.floor[i] = tc.floor
			}
			if got := w.refAtLarge(); got != tc.want {
				t.Errorf("refAtLarge %.1f, want %.1f", got, tc.want)
			}
			if tc.patch > 0 {
				// Within the patch the square's own reference is lifted:
				// a tile's face half hidden reads dark against it.
				if got := w.ref(6, 6, nil); got <= tc.want {
					t.Errorf("ref at (6, 6) %.1f, want over %.1f", got, tc.want)
				}
			}
		})
	}
}

// noStackSureBare scans the rendered scene at path (its truth beside
// it) and fails t where a square holding a stack is read bare and sure,
// or where fewer than half the bare squares are read sure.
func noStackSureBare(t *testing.T, rd TileReader, path string) {
	t.Helper()
	tr, err := vision.LoadTruth(vision.TruthPath(path))
	if err != nil {
		t.Fatal(err)
	}
	r, err := ScanUpwords(loadImage(t, path), Options{Reader: rd})
	if err != nil {
		t.Fatal(err)
	}
	k := truthTurn(r, tr)
	n := tr.Board.Rows
	bare, bareSure := 0, 0
	tr.TrueBoard().Each(func(p grid.Pos, want grid.Stack) {
		c := r.Cell(ourPos(p, k, n))
		if want.Empty() {
			bare++
			if c.Sure {
				bareSure++
			}
			return
		}
		if c.Sure && c.Height == 0 {
			t.Errorf("%v: %s read as a bare square, sure", p, want)
		}
	})
	if bareSure*2 < bare {
		t.Errorf("%d of %d bare squares read sure: want at least half", bareSure, bare)
	}
	t.Logf("%d of %d bare squares sure", bareSure, bare)
}
