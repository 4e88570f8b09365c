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
// movedNeed of the five moved crops read another letter (never I), however
// sure, at the lower of the two confidences; a stack
// read I, sharp or blurred, takes the letter most of the crops moved by
// stemShift read on stemNeed or more, one at stemFloor; a sure letter, a
// sharp crop of another letter, a bare square and a letter the moved
// crops agree with are left as read, and no face or height moves.
// Through a game (ask, newLetters) the stacks asked are read again
// however sure, the others not at all, and a sure letter the crops
// overturn is read at poolDoubt.
func TestRereadMoved(t *testing.T) {
	sc := vision.SynthScene{W: 320, H: 240, HFOV: 62.2, Dist: 24, Tilt: 20, Board: grid.New(10, 10)}
	img, pose := sc.Draw()
	face := faceQuad(&pose, 4, 5, 2, UpwordsGeometry)
	E, I := ocr.Reading{Letter: "E", Conf: 0.7}, ocr.Reading{Letter: "I", Conf: 0.6}
	E6, T, T4 := ocr.Reading{Letter: "E", Conf: 0.6}, ocr.Reading{Letter: "T", Conf: 0.8}, ocr.Reading{Letter: "T", Conf: 0.4}
	O := func(conf float64) Cell { return Cell{Letter: "O", Conf: conf, Height: 2} }
	stem := Cell{Letter: "I", Conf: 0.5, Height: 2}
	E99, O97 := ocr.Reading{Letter: "E", Conf: 0.99}, ocr.Reading{Letter: "O", Conf: 0.97}
	asked := func(*Cell) bool { return true }
	notAsked := func(*Cell) bool { return false }
	tests := []struct {
		name      string
		cell      Cell
		blurred   bool
		script    []ocr.Reading // the moved crops' readings, in turn
		wantCalls int
		want      string
		wantConf  float64
		ask       func(*Cell) bool // nil: a single photo's (the confidence)
	}{
		{"blurred, four of five read another letter: taken, no surer", O(0.5),
			true, []ocr.Reading{E, E, I, E, E}, 5, "E", 0.5, nil},
		{"blurred, the other letter surer than the first: at its own confidence", O(0.9),
			true, []ocr.Reading{E, E, E, E, E}, 5, "E", 0.7, nil},
		{"blurred, three of five: kept", O(0.5),
			true, []ocr.Reading{E, E, I, E, I}, 5, "O", 0.5, nil},
		{"blurred, four of five read I: kept (the stem any moved crop shows)", O(0.5),
			true, []ocr.Reading{I, I, I, I, E}, 5, "O", 0.5, nil},
		{"blurred, four of five read another letter, each unsure: taken, no surer", O(0.5),
			true, []ocr.Reading{E6, E6, E6, E6, I}, 5, "E", 0.5, nil},
		{"blurred, the other letter unsure and less sure than the first: at its own confidence", O(0.8),
			true, []ocr.Reading{E6, E6, E6, E6, I}, 5, "E", 0.6, nil},
		{"blurred, no tile on four: kept", O(0.5),
			true, []ocr.Reading{{Conf: 0.9}, {Conf: 0.9}, {Conf: 0.9}, {Conf: 0.9}, E}, 5, "O", 0.5, nil},
		{"read I, sharp, two of five read T: taken, no surer", stem,
			false, []ocr.Reading{T, I, T, I, I}, 5, "T", 0.5, nil},
		{"read I, the most read of two letters taken", stem,
			false, []ocr.Reading{T, E, T, E, T}, 5, "T", 0.5, nil},
		{"read I, sharp, one of five reads T: kept", stem,
			false, []ocr.Reading{T, I, I, I, I}, 5, "I", 0.5, nil},
		{"read I, two read T, none at stemFloor: kept", stem,
			false, []ocr.Reading{T4, T4, I, I, I}, 5, "I", 0.5, nil},
		{"read I, blurred, the stem crops kept it: the moved crops asked too", stem,
			true, []ocr.Reading{I, I, I, I, I, E, E, E, E, E}, 10, "E", 0.5, nil},
		{"sharp crop of another letter: not read again", O(0.5),
			false, []ocr.Reading{E}, 0, "O", 0.5, nil},
		{"sure: not read again", Cell{Letter: "I", Conf: movedBelow, Height: 2},
			true, []ocr.Reading{E}, 0, "I", movedBelow, nil},
		{"a bare square: not read", Cell{},
			true, []ocr.Reading{E}, 0, "", 0, nil},
		{"asked, sure, four of five read another letter: taken, not sure", O(0.96),
			true, []ocr.Reading{E99, E99, I, E99, E99}, 5, "E", poolDoubt, asked},
		{"asked, sure, the crops agree: kept as sure", O(0.96),
			true, []ocr.Reading{O97, O97, E, O97, O97}, 5, "O", 0.96, asked},
		{"asked, read I surely, two of five read T: taken, not sure", Cell{Letter: "I", Conf: 0.96, Height: 2},
			false, []ocr.Reading{T, I, T, I, I}, 5, "T", poolDoubt, asked},
		{"asked, unsure, the other letter less sure: at its own confidence", O(0.8),
			true, []ocr.Reading{E6, E6, E6, E6, I}, 5, "E", 0.6, asked},
		{"not asked (the letter that stood), unsure and blurred: not read", O(0.5),
			true, []ocr.Reading{E, E, E, E, E}, 0, "O", 0.5, notAsked},
		{"asked, sure, a sharp crop of another letter: not read", O(0.96),
			false, []ocr.Reading{E}, 0, "O", 0.96, asked},
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
			blurred := func(*Cell) (bool, error) { return tc.blurred, nil }
			if err := rereadMovedBy(img, cells, 48, blurred, read, tc.ask); err != nil {
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

// blurCounter is a reader for TestRereadMovedJudged: every crop sharp,
// every read E; it counts the crops judged for blur.
type blurCounter struct {
	mu     sync.Mutex
	judged int
}

func (b *blurCounter) Read(image.Image) (ocr.Reading, error) {
	return ocr.Reading{Letter: "E", Conf: 0.9}, nil
}

func (b *blurCounter) SpecialistFor(image.Image) (*ocr.Classifier, bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.judged++
	return nil, false, nil
}

// TestRereadMovedJudged: rereadMoved takes a face's blur as judged before
// (Cell.blur) when it was judged on the face the stack has now, and
// judges the crop again when the face has moved since or was never
// judged.
func TestRereadMovedJudged(t *testing.T) {
	sc := vision.SynthScene{W: 320, H: 240, HFOV: 62.2, Dist: 24, Tilt: 20, Board: grid.New(10, 10)}
	img, pose := sc.Draw()
	face := faceQuad(&pose, 4, 5, 2, UpwordsGeometry)
	other := faceQuad(&pose, 4, 5, 3, UpwordsGeometry)
	tests := []struct {
		name       string
		blur       *blurJudged
		wantJudged int
	}{
		{"judged on this face: not judged again", &blurJudged{face: face}, 0},
		{"judged on another face: judged again", &blurJudged{face: other}, 1},
		{"never judged: judged", nil, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := []Cell{{Pos: grid.Pos{Row: 4, Col: 5}, Letter: "O", Conf: 0.5, Height: 2, Face: face, blur: tc.blur}}
			rd := &blurCounter{}
			if err := rereadMoved(img, cells, 48, rd, 0, false, false, nil); err != nil {
				t.Fatal(err)
			}
			if rd.judged != tc.wantJudged || cells[0].Letter != "O" {
				t.Errorf("judged %d crops, letter %q; want %d, O", rd.judged, cells[0].Letter, tc.wantJudged)
			}
		})
	}
}

// TestNewLetters: through a game, a stack is read again from moved crops
// (rereadMoved's ask) when it is read with a letter that did not stand
// on its square: a tile on a bare square or on a stack of another
// letter; not a stack read with the letter that stood, a bare square or
// a face whose letter the reader could not tell.
func TestNewLetters(t *testing.T) {
	stood := grid.MustParse(`
.   .   .   .
.   C2  A   T
.   .   .   .
.   .   .   .
`)
	ask := newLetters(func(row, col int) grid.Stack { return stood.At(grid.Pos{Row: row, Col: col}) })
	tests := []struct {
		name string
		cell Cell
		want bool
	}{
		{"a new tile on a bare square", Cell{Pos: grid.Pos{Row: 2, Col: 1}, Letter: "O", Height: 1}, true},
		{"a new letter on a stack of another", Cell{Pos: grid.Pos{Row: 1, Col: 2}, Letter: "E", Height: 2}, true},
		{"the letter that stood, at its height", Cell{Pos: grid.Pos{Row: 1, Col: 1}, Letter: "C", Height: 2}, false},
		{"the letter that stood, read a level off", Cell{Pos: grid.Pos{Row: 1, Col: 3}, Letter: "T", Height: 2}, false},
		{"a bare square", Cell{Pos: grid.Pos{Row: 3, Col: 3}}, false},
		{"a face whose letter the reader could not tell", Cell{Pos: grid.Pos{Row: 2, Col: 2}, Letter: "?", Height: 1}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cell
			if got := ask(&c); got != tc.want {
				t.Errorf("asked %v; want %v", got, tc.want)
			}
		})
	}
}
