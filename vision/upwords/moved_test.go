package upwords

import (
	"image"
	"sync"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestRereadMoved: a blurred stack's unsure letter is replaced only when
// movedNeed of the five moved crops read another letter, at the lower
// of the two confidences; a sure letter, a sharp crop, a bare square and
// a letter the moved crops agree with are left as read, and no face or
// height moves.
func TestRereadMoved(t *testing.T) {
	sc := vision.SynthScene{W: 320, H: 240, HFOV: 62.2, Dist: 24, Tilt: 20, Board: grid.New(10, 10)}
	img, pose := sc.Draw()
	face := faceQuad(&pose, 4, 5, 2, UpwordsGeometry)
	E, I := ocr.Reading{Letter: "E", Conf: 0.7}, ocr.Reading{Letter: "I", Conf: 0.6}
	tests := []struct {
		name      string
		cell      Cell
		blurred   bool
		script    []ocr.Reading // the five moved crops' readings, in turn
		wantCalls int
		want      string
		wantConf  float64
	}{
		{"blurred, four of five read another letter: taken, no surer", Cell{Letter: "I", Conf: 0.5, Height: 2},
			true, []ocr.Reading{E, E, I, E, E}, 5, "E", 0.5},
		{"blurred, the other letter surer than the first: at its own confidence", Cell{Letter: "I", Conf: 0.9, Height: 2},
			true, []ocr.Reading{E, E, E, E, E}, 5, "E", 0.7},
		{"blurred, three of five: kept", Cell{Letter: "I", Conf: 0.5, Height: 2},
			true, []ocr.Reading{E, E, I, E, I}, 5, "I", 0.5},
		{"blurred, the moved crops agree: kept as read", Cell{Letter: "I", Conf: 0.5, Height: 2},
			true, []ocr.Reading{I, I, I, I, E}, 5, "I", 0.5},
		{"blurred, no tile on four: kept", Cell{Letter: "I", Conf: 0.5, Height: 2},
			true, []ocr.Reading{{Conf: 0.9}, {Conf: 0.9}, {Conf: 0.9}, {Conf: 0.9}, E}, 5, "I", 0.5},
		{"sharp crop: not read again", Cell{Letter: "I", Conf: 0.5, Height: 2},
			false, []ocr.Reading{E}, 0, "I", 0.5},
		{"sure: not read again", Cell{Letter: "I", Conf: movedBelow, Height: 2},
			true, []ocr.Reading{E}, 0, "I", movedBelow},
		{"a bare square: not read", Cell{},
			true, []ocr.Reading{E}, 0, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cell
			c.Pos = grid.Pos{Row: 4, Col: 5}
			if c.Height > 0 {
				c.Face = face
			}
			cells := []Cell{c}
			var mu sync.Mutex
			calls := 0
			read := func(image.Image) (ocr.Reading, error) {
				mu.Lock()
				defer mu.Unlock()
				r := tc.script[calls%len(tc.script)]
				calls++
				return r, nil
			}
			blurred := func(image.Image) (bool, error) { return tc.blurred, nil }
			if err := rereadMovedBy(img, cells, 48, blurred, read); err != nil {
				t.Fatal(err)
			}
			got := cells[0]
			if calls != tc.wantCalls || got.Letter != tc.want || got.Conf != tc.wantConf {
				t.Errorf("read %d times, letter %q (%.2f); want %d times, %q (%.2f)", calls, got.Letter, got.Conf, tc.wantCalls, tc.want, tc.wantConf)
			}
			if got.Height != c.Height || got.Face != c.Face {
				t.Errorf("height %d, face %v; want them as they were (%d, %v)", got.Height, got.Face, c.Height, c.Face)
			}
		})
	}
}
