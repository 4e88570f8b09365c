package upwords

import (
	"errors"
	"fmt"
	"image"
	"os"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// TestMisregistered: a grid found a row off the last good one, whose
// reading changes most of the board, is a registration error; a turn on
// the same grid, a board that really moved (it reads as it stood) and a
// grid nudged by a few pixels are not.
func TestMisregistered(t *testing.T) {
	parse := func(s string) *grid.Board {
		b, err := grid.Parse(strings.NewReader(s), "test")
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	before := parse(`. . . . .
. C A T .
. . . O .
. . . E2 .
. . . . .
`)
	turn := parse(`. . . . .
. C A T .
. . . O .
. . . E2 .
. . . S .
`)
	// Every letter read from the square below it: the grid one row up.
	rowOff := parse(`. . . . .
. . . O .
. . . E2 .
. . . . .
. . . . .
`)
	// Square grid, 50 px a square, in the camera's corner order.
	last := vision.Quad{{X: 100, Y: 100}, {X: 350, Y: 100}, {X: 350, Y: 350}, {X: 100, Y: 350}}
	shift := func(dx, dy float64) vision.Quad {
		var q vision.Quad
		for i, c := range last {
			q[i] = vision.Point{X: c.X + dx, Y: c.Y + dy}
		}
		return q
	}
	tests := []struct {
		name   string
		now    vision.Quad
		read   *grid.Board
		before *grid.Board
		want   bool
	}{
		{"grid one row off, letters from the squares beside", shift(0, -50), rowOff, before, true},
		{"grid one column off, letters changed", shift(50, 0), rowOff, before, true},
		{"same grid, a turn", last, turn, before, false},
		{"same grid, letters misread", last, rowOff, before, false},
		{"board moved, reads as it stood", shift(0, -50), turn, before, false},
		{"grid nudged a few pixels", shift(6, -4), rowOff, before, false},
		{"too few stacks to tell", shift(0, -50), parse(". . .\n. . .\n. . .\n"), parse(". . .\n. A .\n. . .\n"), false},
		{"no board before", shift(0, -50), rowOff, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := misregistered(last, tc.now, tc.read, tc.before); got != tc.want {
				t.Errorf("misregistered = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestScanReregisters reads a committed scene on a grid one row or one
// column off (as a board search that locked on the wrong lines would
// find it): through a game it is read again where the board stands, on
// the last good grid (the service) or, with none, by trying the grid a
// square each way (scan --before), and comes out as read on the right
// grid. Without a board before, nothing is known to check it against.
//
// "As read on the right grid" is the reading through a game there: with
// a board before, the scan reads each stack against what stood
// (Options.Stood), and its heights then come from its first search, not
// from the face located in the photo alone (readStack's locate), so the
// two readings of one photo may differ by a level on a stack (upwords-0002's
// E at row 3, column 2 since upwpose: the photo alone E2, through a game
// E3, the history's E2 kept by the game).
func TestScanReregisters(t *testing.T) {
	img, opt, good := scanCommittedScene(t)
	before := good.Board
	onGood := opt
	onGood.On = &good.Found
	right, err := Scan(img, onGood, nil, before)
	if err != nil {
		t.Fatalf("on the right grid: %v", err)
	}
	if c := changedStacks(right.Board, before); c > 2 {
		t.Fatalf("on the right grid through a game, %d stacks read otherwise than the photo alone", c)
	}
	for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		off := good.Found.Shift(d[0], d[1])
		o := opt
		o.On = &off
		t.Run(fmt.Sprintf("off by %d,%d", d[0], d[1]), func(t *testing.T) {
			plain, err := vupw.ScanUpwords(img, o)
			if err != nil {
				t.Fatal(err)
			}
			if !changesMost(plain.Board, before) {
				t.Fatalf("the grid a square off reads %d of the stacks otherwise: not enough to tell", changedStacks(plain.Board, before))
			}
			for _, tc := range []struct {
				name string
				last *vision.Grid
			}{{"last good grid", &good.Found}, {"no last grid", nil}} {
				got, err := Scan(img, o, tc.last, before)
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				if !got.Board.Equal(right.Board) {
					t.Errorf("%s: read\n%s\nwant, as read on the right grid\n%s", tc.name, got.Board, right.Board)
				}
			}
			if got, err := Scan(img, o, nil, nil); err != nil || !got.Board.Equal(plain.Board) {
				t.Errorf("no board before: %v, the reading changed", err)
			}
		})
	}
}

// TestReadingOfCovered: a square the scan read empty but covered is a
// covered square of the reading; one the scan read with a stack is not.
func TestReadingOfCovered(t *testing.T) {
	b := grid.New(3, 3)
	b.Set(grid.Pos{Row: 1, Col: 1}, grid.Stack{Letter: "A", Height: 1})
	scan := &vupw.UpwordsReading{Board: b}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			cell := vupw.Cell{Pos: grid.Pos{Row: r, Col: c}, Sure: true}
			if r == 1 && c == 1 {
				cell.Letter, cell.Height, cell.Conf, cell.HeightOK = "A", 1, 0.99, 1
			}
			if r == 0 && c == 2 {
				cell.Covered, cell.Sure = true, false
			}
			scan.Cells = append(scan.Cells, cell)
		}
	}
	got := ReadingOf(scan, nil)
	if fmt.Sprint(got.Covered) != "[[0 2]]" {
		t.Errorf("covered %v, want [[0 2]]", got.Covered)
	}
}

// TestScanAtTheEdge: a frame whose board the search sees cut off at the
// picture's edge (here the picture cut through the grid's outermost
// line, the last row's squares still in view) is read on the last good grid through a game, when
// its stacks read as they stood; with no last grid, no board before, or
// a board before that this frame does not show, it is still out of view.
func TestScanAtTheEdge(t *testing.T) {
	img, opt, good := scanCommittedScene(t)
	bottom := 0.0
	for _, c := range straightCorners(good.Found) {
		bottom = max(bottom, c.Y)
	}
	type subImager interface {
		SubImage(image.Rectangle) image.Image
	}
	b := img.Bounds()
	cut := img.(subImager).SubImage(image.Rect(b.Min.X, b.Min.Y, b.Max.X, int(bottom)-2))
	if _, err := vupw.ScanUpwords(cut, opt); !errors.Is(err, vision.ErrOutOfView) {
		t.Fatalf("the cut picture alone: %v, want out of view", err)
	}
	testOnLastGrid(t, cut, opt, good.Found, good.Board, good.Board, vision.ErrOutOfView)
}

// testOnLastGrid checks a photo that Scan reads on the last good grid
// through a game (the search refused it with refused): with the last
// grid and the board as it stood it reads want on that grid; with no
// last grid, no board before, or a board before that the photo does not
// show, Scan refuses it as the search did.
func testOnLastGrid(t *testing.T, img image.Image, opt vupw.Options, last vision.Grid, stood, want *grid.Board, refused error) {
	t.Helper()
	other := grid.New(stood.Rows, stood.Cols)
	other.Set(grid.Pos{Row: 0, Col: 0}, grid.Stack{Letter: "Q", Height: 1})
	other.Set(grid.Pos{Row: 0, Col: stood.Cols - 1}, grid.Stack{Letter: "Z", Height: 1})
	tests := []struct {
		name   string
		last   *vision.Grid
		before *grid.Board
		ok     bool
	}{
		{"last good grid, board as it stood", &last, stood, true},
		{"no last grid", nil, stood, false},
		{"no board before", &last, nil, false},
		{"board before not what shows", &last, other, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Scan(img, opt, tc.last, tc.before)
			if !tc.ok {
				if !errors.Is(err, refused) && !hiddenNothingSure(got, err) {
					t.Errorf("got %v, want %v (or a grid found with a quarter left out, nothing sure)", err, refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if straightCorners(got.Found) != straightCorners(last) {
				t.Errorf("read on another grid")
			}
			if changed := changedStacks(got.Board, want); changed > 0 {
				t.Errorf("%d stacks read otherwise than they stand:\n%s", changed, got.Board)
			}
		})
	}
}

// hiddenNothingSure tells whether a reading was made on a grid found
// with a quarter of the board left out (vision.Grid.Hidden: a hand over
// a corner or a side) and shows none of its squares sure: what a photo
// whose search finds no whole grid may read in place of no board.
func hiddenNothingSure(r *vupw.UpwordsReading, err error) bool {
	if err != nil || r == nil || !r.Found.Hidden() {
		return false
	}
	for _, c := range r.Cells {
		if c.Sure {
			return false
		}
	}
	return true
}

// scanCommittedScene reads the committed Upwords scene upwords-0002 with
// the default tile reader (the test is skipped without one): the picture,
// the options it was read with, and the reading on the grid the search
// found.
func scanCommittedScene(t *testing.T) (image.Image, vupw.Options, *vupw.UpwordsReading) {
	t.Helper()
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skipf("no tile reader: %v", err)
	}
	f, err := os.Open("../../../vision/upwords/testdata/scenes/upwords-0002.jpg")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	opt := vupw.Options{Reader: rd}
	good, err := vupw.ScanUpwords(img, opt)
	if err != nil {
		t.Fatal(err)
	}
	return img, opt, good
}

// TestScanKeepsTheTurn: through a game the board does not turn under a
// fixed camera. A photo read in another direction than the last good
// photo (opt.Turn) is read again in that direction, and the reading that
// changes fewer of the stacks standing wins: the last direction when the
// board as it stands reads that way, the photo's own when the board as
// it stands is the photo's own reading (a last direction that was wrong).
// The last direction kept against the photo's letters, which settle
// their own surely, is not sure (no square silently rewritten).
func TestScanKeepsTheTurn(t *testing.T) {
	img, opt, good := scanCommittedScene(t)
	if !good.TurnKnown || !good.TurnSure {
		t.Fatal("the committed scene's reading direction is not settled surely by its letters")
	}
	other := (good.Turned + 2) % 4
	o := opt
	o.On, o.Turn = &good.Found, &other
	turned, err := vupw.ScanUpwords(img, o)
	if err != nil {
		t.Fatal(err)
	}
	if turned.Turned != other || !turned.TurnKnown {
		t.Fatalf("Options.Turn %d: read at turn %d (known %v)", other, turned.Turned, turned.TurnKnown)
	}
	if changedStacks(turned.Board, good.Board) == 0 {
		t.Fatal("the reading turned a half turn changes no stack: the test cannot tell the two apart")
	}
	tests := []struct {
		name   string
		last   int         // the last good photo's direction
		before *grid.Board // the board as it stands
		want   *vupw.UpwordsReading
		sure   bool // sure of the direction
	}{
		{"the same direction", good.Turned, good.Board, good, true},
		{"the board as it stands reads the last direction", other, turned.Board, turned, false},
		{"the board as it stands reads the photo's own", other, good.Board, good, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := opt
			last := tc.last
			o.Turn = &last
			got, err := Scan(img, o, &good.Found, tc.before)
			if err != nil {
				t.Fatal(err)
			}
			// (A few stacks may read otherwise: through a game the scan
			// is told what stood, vupw.Options.Stood, and the garbled
			// letters of the wrong direction read again at it.)
			if got.Turned != tc.want.Turned || 10*changedStacks(got.Board, tc.want.Board) > tc.want.Board.Count() {
				t.Errorf("read at turn %d:\n%s\nwant turn %d:\n%s", got.Turned, got.Board, tc.want.Turned, tc.want.Board)
			}
			if got.TurnSure != tc.sure {
				t.Errorf("sure of the direction: %v, want %v", got.TurnSure, tc.sure)
			}
		})
	}
}

// TestReadingOfNewLetter: through a game, a new letter (a new stack or a
// tile put on one) is shown sure only when the reader's letter is sure
// (vupw.SureConf), though the history gives its height; a stack read as
// it stood keeps the reader's confidence.
func TestReadingOfNewLetter(t *testing.T) {
	at := grid.Pos{Row: 1, Col: 1}
	for _, tc := range []struct {
		name   string
		was    grid.Stack
		read   grid.Stack
		conf   float64
		unsure bool
	}{
		{"new stack, letter under SureConf", grid.Stack{}, grid.Stack{Letter: "N", Height: 1}, 0.85, true},
		{"new stack, letter sure", grid.Stack{}, grid.Stack{Letter: "N", Height: 1}, 0.95, false},
		{"tile on a stack, letter under SureConf", grid.Stack{Letter: "E", Height: 1}, grid.Stack{Letter: "O", Height: 2}, 0.85, true},
		{"tile on a stack, letter sure", grid.Stack{Letter: "E", Height: 1}, grid.Stack{Letter: "O", Height: 2}, 0.95, false},
		{"stack as it stood, letter under SureConf", grid.Stack{Letter: "E", Height: 2}, grid.Stack{Letter: "E", Height: 2}, 0.85, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := grid.New(3, 3)
			if !tc.was.Empty() {
				before.Set(at, tc.was)
			}
			got := ReadingOf(oneStackScan(at, tc.read, vupw.Cell{Conf: tc.conf, HeightOK: 1}), before)
			if u := got.Conf[at.Row][at.Col] < game.LowConf; u != tc.unsure {
				t.Errorf("conf %.2f: unsure %v, want %v", got.Conf[at.Row][at.Col], u, tc.unsure)
			}
			if s := got.Board.(*grid.Board).At(at); s != tc.read {
				t.Errorf("read %v, want %v", s, tc.read)
			}
		})
	}
}

// oneStackScan is a sure 3x3 scan, its board empty but read at at: cell
// (its Pos, Letter, Height and Sure set here; the rest as given).
func oneStackScan(at grid.Pos, read grid.Stack, cell vupw.Cell) *vupw.UpwordsReading {
	b := grid.New(3, 3)
	b.Set(at, read)
	scan := &vupw.UpwordsReading{Board: b, TurnSure: true}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			p := grid.Pos{Row: r, Col: c}
			sc := vupw.Cell{Pos: p, Sure: true}
			if p == at {
				sc = cell
				sc.Pos, sc.Sure, sc.Letter, sc.Height = p, true, read.Letter, read.Height
			}
			scan.Cells = append(scan.Cells, sc)
		}
	}
	return scan
}
