package vision

import (
	"image"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
)

// scriptedReader answers from a script, in turn, and counts its calls.
type scriptedReader struct {
	script []ocr.Reading
	calls  int
}

func (s *scriptedReader) Read(image.Image) (ocr.Reading, error) {
	r := s.script[s.calls%len(s.script)]
	s.calls++
	return r, nil
}

func TestRereadAtOtherHeights(t *testing.T) {
	sc := synthScene{W: 320, H: 240, HFOV: 62.2, Dist: 24, Tilt: 20, Board: grid.New(10, 10)}
	img, pose := sc.draw()
	p := luma(img)
	tests := []struct {
		name      string
		cell      Cell
		script    []ocr.Reading // the readings one lower, then one higher
		wantCalls int
		want      string
		wantConf  float64
	}{
		{"sure: not read again", Cell{Letter: "C", Conf: 0.95, Height: 2},
			[]ocr.Reading{{Letter: "B", Conf: 0.99}}, 0, "C", 0.95},
		{"unsure, one higher reads clearly better", Cell{Letter: "C", Conf: 0.5, Height: 2},
			[]ocr.Reading{{Letter: "A", Conf: 0.3}, {Letter: "B", Conf: 0.9}}, 2, "B", 0.9},
		{"unsure, only a little better elsewhere", Cell{Letter: "C", Conf: 0.5, Height: 2},
			[]ocr.Reading{{Letter: "A", Conf: 0.6}, {Letter: "B", Conf: 0.55}}, 2, "C", 0.5},
		{"one high: only one higher is tried", Cell{Letter: "C", Conf: 0.4, Height: 1},
			[]ocr.Reading{{Letter: "O", Conf: 0.97}}, 1, "O", 0.97},
		{"no tile seen elsewhere: kept", Cell{Letter: "C", Conf: 0.4, Height: 3},
			[]ocr.Reading{{Letter: "", Conf: 0.99}}, 2, "C", 0.4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cell
			c.Pos = grid.Pos{Row: 4, Col: 5}
			cells := []Cell{c}
			rd := &scriptedReader{script: tc.script}
			if err := rereadAtOtherHeights(p, img, cells, &pose, UpwordsGeometry, 48, rd, 0, false); err != nil {
				t.Fatal(err)
			}
			got := cells[0]
			if rd.calls != tc.wantCalls || got.Letter != tc.want || got.Conf != tc.wantConf || got.Height != tc.cell.Height {
				t.Errorf("read %d times, letter %s (%.2f) height %d; want %d times, %s (%.2f), height %d",
					rd.calls, got.Letter, got.Conf, got.Height, tc.wantCalls, tc.want, tc.wantConf, tc.cell.Height)
			}
		})
	}
}
