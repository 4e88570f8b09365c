package upwords

import (
	"context"
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision/render"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// turnGame is a game's first two boards, as text: a first word of five
// letters, whose reading direction its letters do not settle surely, and
// two more words across it, which do.
var turnGame = []string{
	"4,3,across,STEEP",
	"4,3,across,STEEP;2,5,down,BREAD;4,7,down,PLUM",
}

// turnBoard builds a board from "ROW,COL,across|down,WORD;..." (heights 1).
func turnBoard(t *testing.T, spec string) *grid.Board {
	t.Helper()
	b := grid.New(10, 10)
	for _, w := range strings.Split(spec, ";") {
		f := strings.Split(w, ",")
		var r0, c0 int
		if _, err := fmt.Sscan(f[0], &r0); err != nil {
			t.Fatal(err)
		}
		if _, err := fmt.Sscan(f[1], &c0); err != nil {
			t.Fatal(err)
		}
		for i, l := range f[3] {
			p := grid.Pos{Row: r0, Col: c0 + i}
			if f[2] == "down" {
				p = grid.Pos{Row: r0 + i, Col: c0}
			}
			b.Set(p, grid.Stack{Letter: string(l), Height: 1})
		}
	}
	return b
}

// renderBoard renders board b as o draws it: the photo's JPEG and the
// picture decoded.
func renderBoard(t *testing.T, b *grid.Board, o render.Options) ([]byte, image.Image) {
	t.Helper()
	sc, err := render.Render("upwords", []byte(b.String()), o)
	if err != nil {
		t.Fatal(err)
	}
	img, err := sc.Photo()
	if err != nil {
		t.Fatal(err)
	}
	return sc.JPEG, img
}

// shownSure counts the stacks a reading shows sure (conf at least
// game.LowConf) and the stacks it holds.
func shownSure(rd game.Reading) (sure, stacks int) {
	b := rd.Board.(*grid.Board)
	b.Each(func(p grid.Pos, s grid.Stack) {
		if s.Empty() {
			return
		}
		stacks++
		if rd.Conf[p.Row][p.Col] >= game.LowConf {
			sure++
		}
	})
	return sure, stacks
}

// TestTurnThroughAGame: through a game with a fixed camera, a first
// photo whose reading direction five letters settle is shown unsure on
// every stack, and the next photo, with more letters, settles the
// direction surely. A photo unsure of its direction is read in the
// direction kept from the game's photos; a photo sure of another
// direction than the board as it stands reads does not silently rewrite
// the board: read as the board stands, it is shown unsure. Rendered
// photos of a board upside down in the picture, easy conditions.
func TestTurnThroughAGame(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a game")
	}
	o, err := render.RandomOptions(171101, "easy")
	if err != nil {
		t.Fatal(err)
	}
	o.YawDeg, o.Hand = 181, false
	o.FitUpwords(10)
	var boards []*grid.Board
	var frames [][]byte
	var imgs []image.Image
	for _, spec := range turnGame {
		b := turnBoard(t, spec)
		jpg, img := renderBoard(t, b, o)
		boards, frames, imgs = append(boards, b), append(frames, jpg), append(imgs, img)
	}
	rd, closer, err := NewReader(10, "", t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	defer closer()

	t.Run("through the reader", func(t *testing.T) {
		before := grid.New(10, 10)
		for i, f := range frames {
			r, err := rd.read(context.Background(), game.Frame{JPEG: f}, before)
			if err != nil {
				t.Fatalf("photo %d: %v", i+1, err)
			}
			sure, stacks := shownSure(r)
			thin := i == 0
			switch {
			case thin && sure > 0:
				t.Errorf("photo %d: %d of %d stacks shown sure, the direction settled by five letters", i+1, sure, stacks)
			case !thin && sure == 0:
				t.Errorf("photo %d: no stack of %d shown sure, the direction settled by %d letters", i+1, stacks, boards[i].Count())
			}
			if rd.turnThin != thin || rd.turn == nil {
				t.Errorf("photo %d: the reader keeps the direction %v, thin %v; want thin %v", i+1, rd.turn, rd.turnThin, thin)
			}
			if b := r.Board.(*grid.Board); !thin && !b.Equal(boards[i]) {
				t.Errorf("photo %d: read\n%swant\n%s", i+1, b, boards[i])
			}
			before = boards[i]
		}
	})

	t.Run("through the reader, with the table's dictionary", func(t *testing.T) {
		// STEEP is a word; upside down or on its side its letters
		// spell none (turnByWords): the first photo is sure too.
		rw, closer, err := NewReader(10, "", t.Logf)
		if err != nil {
			t.Fatal(err)
		}
		defer closer()
		rw.Words = dict.English()
		before := grid.New(10, 10)
		for i, f := range frames {
			r, err := rw.read(context.Background(), game.Frame{JPEG: f}, before)
			if err != nil {
				t.Fatalf("photo %d: %v", i+1, err)
			}
			if sure, stacks := shownSure(r); sure == 0 {
				t.Errorf("photo %d: no stack of %d shown sure", i+1, stacks)
			}
			if rw.turnThin || rw.turn == nil {
				t.Errorf("photo %d: the reader keeps the direction %v, thin %v; want it settled", i+1, rw.turn, rw.turnThin)
			}
			if b := r.Board.(*grid.Board); !b.Equal(boards[i]) {
				t.Errorf("photo %d: read\n%swant\n%s", i+1, b, boards[i])
			}
			before = boards[i]
		}
	})

	// The photos read on their own, and in the other direction.
	opt := rd.opt
	own := make([]*vupw.UpwordsReading, len(imgs))
	other := make([]*vupw.UpwordsReading, len(imgs))
	for i, img := range imgs {
		if own[i], err = vupw.ScanUpwords(img, opt); err != nil {
			t.Fatal(err)
		}
		o := opt
		k := (own[i].Turned + 2) % 4
		o.On, o.Turn = &own[i].Found, &k
		if other[i], err = vupw.ScanUpwords(img, o); err != nil {
			t.Fatal(err)
		}
	}
	if own[0].TurnSure || !own[1].TurnSure {
		t.Fatalf("the photos alone: sure of the direction %v and %v, want false and true", own[0].TurnSure, own[1].TurnSure)
	}
	tests := []struct {
		name   string
		photo  int
		kept   int  // the direction kept: 0 the photo's own, 2 the other
		thin   bool // the direction kept is thin
		before *grid.Board
		want   *vupw.UpwordsReading
		sure   bool
	}{
		{"an unsure photo in the direction kept", 0, 0, false, grid.New(10, 10), own[0], true},
		{"an unsure photo, the board as it stands read the other way", 0, 2, false, other[0].Board, other[0], true},
		{"an unsure photo, an unsure direction kept", 0, 0, true, grid.New(10, 10), own[0], false},
		{"a sure photo in the direction kept", 1, 0, false, boards[0], own[1], true},
		{"a sure photo, the board as it stands read the other way", 1, 2, false, other[0].Board, other[1], false},
		{"a sure photo, the board as it stands its own way", 1, 2, false, boards[0], own[1], true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := opt
			k := (own[tc.photo].Turned + tc.kept) % 4
			o.Turn, o.TurnThin = &k, tc.thin
			got, err := Scan(imgs[tc.photo], o, &own[tc.photo].Found, tc.before)
			if err != nil {
				t.Fatal(err)
			}
			// (Read the wrong way round, the garbled letters differ as
			// the scan is told what stood: only the direction counts.)
			if got.Turned != tc.want.Turned || tc.want == own[tc.photo] && 10*changedStacks(got.Board, tc.want.Board) > tc.want.Board.Count() {
				t.Errorf("read at turn %d:\n%s\nwant turn %d:\n%s", got.Turned, got.Board, tc.want.Turned, tc.want.Board)
			}
			if got.TurnSure != tc.sure {
				t.Errorf("sure of the direction: %v, want %v", got.TurnSure, tc.sure)
			}
			sure, stacks := shownSure(ReadingOf(got, tc.before))
			if !tc.sure && sure > 0 {
				t.Errorf("%d of %d stacks shown sure", sure, stacks)
			}
		})
	}
}

// TestAllWords: the words turnByWords asks of a reading are every run of
// two or more stacks across and down; a board with none settles nothing.
func TestAllWords(t *testing.T) {
	words := wordSet{"STEEP": true, "PE": true, "QUIT": true}
	tests := []struct {
		name string
		spec string
		qu   bool // the first letter of the spec is the Qu tile
		want bool
	}{
		{"one word across", "4,3,across,STEEP", false, true},
		{"one word down", "2,2,down,STEEP", false, true},
		{"a word and a crossing word", "4,3,across,STEEP;4,7,down,PE", false, true},
		{"a non-word", "4,3,across,PEETS", false, false},
		{"a word beside a non-word", "4,3,across,STEEP;6,3,across,PEE", false, false},
		{"a single letter is no word", "4,3,across,S", false, false},
		{"qu is one stack", "0,0,across,QIT", true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := turnBoard(t, tc.spec)
			if tc.qu {
				b.Set(grid.Pos{Row: 0, Col: 0}, grid.Stack{Letter: "Qu", Height: 1})
			}
			if got := allWords(b, words); got != tc.want {
				t.Errorf("allWords(\n%s) = %v, want %v", b, got, tc.want)
			}
		})
	}
}

// wordSet is a dictionary of its keys (upper case).
type wordSet map[string]bool

func (w wordSet) Contains(word string) bool { return w[strings.ToUpper(word)] }

// TestLettersRead: a direction is settled by words only when every
// letter of them was read at wordLetterConf or more; a stack standing
// alone (no word) is not asked.
func TestLettersRead(t *testing.T) {
	tests := []struct {
		name string
		spec string
		low  []grid.Pos // the stacks read at 0.00 (the others at 0.95)
		want bool
	}{
		{"every letter read", "4,3,across,HONS", nil, true},
		{"two letters the reader's guesses", "4,3,across,HONS", []grid.Pos{{Row: 4, Col: 4}, {Row: 4, Col: 6}}, false},
		{"one guess in a word down", "2,2,down,STEEP", []grid.Pos{{Row: 6, Col: 2}}, false},
		{"a guess standing alone", "4,3,across,HONS;8,8,across,E", []grid.Pos{{Row: 8, Col: 8}}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rd := readingAt(t, tc.spec, tc.low, 0)
			if got := lettersRead(rd); got != tc.want {
				t.Errorf("lettersRead(\n%s) = %v, want %v", rd.Board, got, tc.want)
			}
		})
	}
}

// readingAt is a reading of turnBoard(spec): every stack's letter and
// height as it stands, read at 0.95 but those at low, read at lowConf.
func readingAt(t *testing.T, spec string, low []grid.Pos, lowConf float64) *vupw.UpwordsReading {
	t.Helper()
	b := turnBoard(t, spec)
	rd := &vupw.UpwordsReading{Board: b, Cells: make([]vupw.Cell, b.Rows*b.Cols)}
	for i := range rd.Cells {
		p := grid.Pos{Row: i / b.Cols, Col: i % b.Cols}
		s := b.At(p)
		rd.Cells[i] = vupw.Cell{Pos: p, Letter: s.Letter, Height: s.Height, Conf: 0.95}
	}
	for _, p := range low {
		rd.Cells[p.Row*b.Cols+p.Col].Conf = lowConf
	}
	return rd
}
