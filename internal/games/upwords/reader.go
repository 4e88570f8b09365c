package upwords

import (
	"context"
	"errors"
	"fmt"
	_ "image/jpeg" // photos
	_ "image/png"  // uploads
	"math"
	"sync"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/tesseract"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// Reader reads photos of an Upwords board (vupw.ScanUpwords with the
// project's tile classifier, or Tesseract when its model is missing).
type Reader struct {
	opt vupw.Options
	// Board is the board as it stands (for placeholders on unreadable
	// tiles); nil for none.
	Board func() game.Position
	mu    sync.Mutex // the scan is CPU-bound: one at a time on a Pi
	// grid is where the board was in the latest photo read (the camera
	// does not move between turns): the next scan's hint.
	grid *vision.Quad
}

var _ game.BoardReader = (*Reader)(nil)

// NewReader makes a reader for a size x size board; data is the service's
// data directory (its camera calibration, if any; "" for none). The
// returned func lets the tile reader go.
func NewReader(size int, data string, logf func(string, ...any)) (*Reader, func(), error) {
	var rd vupw.TileReader
	closer := func() {}
	cls, err := ocr.Default(ocr.English)
	if err == nil {
		rd = cls
	} else {
		// Our classifier's model is missing (not trained in this build):
		// Tesseract reads tiles worse, but the table still works.
		t, terr := tesseract.New(ocr.English)
		if terr != nil {
			return nil, nil, fmt.Errorf("the tile reader: %v; and Tesseract: %w", err, terr)
		}
		logf("tile reader: %v; using Tesseract instead", err)
		rd, closer = t, func() { t.Close() }
	}
	opt := vupw.Options{Size: size, Reader: rd}
	if data != "" {
		if cal, err := vision.LoadCalibration(data); err == nil {
			opt.Calib = cal
		}
	}
	return &Reader{opt: opt}, closer, nil
}

// Forget drops where the board was in the latest photo (another table,
// another camera).
func (r *Reader) Forget() {
	r.mu.Lock()
	r.grid = nil
	r.mu.Unlock()
}

// ReadBoard reads one photo (the pipeline's BoardReader).
func (r *Reader) ReadBoard(ctx context.Context, f game.Frame) (game.Reading, error) {
	var before *grid.Board
	if r.Board != nil {
		before, _ = r.Board().(*grid.Board)
	}
	return r.read(ctx, f, before)
}

func (r *Reader) read(_ context.Context, f game.Frame, before *grid.Board) (game.Reading, error) {
	img, err := photo.Image(f)
	if err != nil {
		return game.Reading{}, err
	}
	r.mu.Lock()
	opt := r.opt
	opt.Hint = r.grid
	scan, err := vupw.ScanUpwords(img, opt)
	if err == nil && r.grid != nil && misregistered(*r.grid, scan.Grid, scan.Board, before) {
		// The last good grid stays: the camera has not moved.
		err = ErrRegistration
	}
	if err == nil {
		g := scan.Grid
		r.grid = &g
	}
	r.mu.Unlock()
	if err != nil {
		return game.Reading{}, Unreadable{Err: err}
	}
	return ReadingOf(scan, before), nil
}

// ErrRegistration is a photo whose grid was found half a square or more
// from the last good one while its reading changes most of the board: a
// grid found a row or a column off (every letter read from the square
// beside it), not a turn. A board that really moved still reads as it
// stood, so its new place is taken.
var ErrRegistration = errors.New("upwords: the board's grid was found a row or a column off where it stood; the photo is not read as a turn (take it again)")

// misregistered reports whether a reading on grid now, the last good grid
// being last (the camera's own corner order, vupw.UpwordsReading.Grid),
// is a registration error: a corner moved half a square or more and more
// than half of the stacks standing (at least four) read otherwise.
func misregistered(last, now vision.Quad, read, before *grid.Board) bool {
	if read == nil || before == nil || read.Rows != before.Rows || read.Cols != before.Cols {
		return false
	}
	n := float64(read.Cols)
	pitch := math.Hypot(last[1].X-last[0].X, last[1].Y-last[0].Y) / n
	if pitch <= 0 {
		return false
	}
	moved := 0.0
	for i := range last {
		moved = math.Max(moved, math.Hypot(now[i].X-last[i].X, now[i].Y-last[i].Y))
	}
	if moved < pitch/2 {
		return false
	}
	standing, changed := 0, 0
	before.Each(func(p grid.Pos, b grid.Stack) {
		if b.Empty() {
			return
		}
		standing++
		// The reading is turned to the board's reading direction like
		// the board before: compare square by square.
		if read.At(p).Letter != b.Letter {
			changed++
		}
	})
	return standing >= 4 && 2*changed > standing
}

func isTileLetter(l string) bool {
	c, err := grid.ParseCell(l)
	return l != "" && err == nil && c.Height == 1
}

// placeholder is the letter put on an unreadable tile: A, or E where A
// would stand on an A (the rules refuse a letter on the same letter).
func placeholder(before *grid.Board, p grid.Pos) string {
	if before == nil {
		return "A"
	}
	if l := before.At(p).Letter; l == "A" {
		return "E"
	}
	return "A"
}

// firmHeight is the margin of a photo's height over the runner-up
// (vupw.Cell.HeightOK) from which the photo's height stands against the
// game's history: under it the history's height is taken without doubt.
// Chosen with eval-game on seed 1 (docs/vision.md, "Sure").
const firmHeight = 0.3

// ReadingOf turns a scan into a reading: the board and, per cell, the
// reader's confidence, lowered when the stack's height was a near thing
// and the game's history does not give it. before is the board as it
// stands (nil: none).
func ReadingOf(scan *vupw.UpwordsReading, before *grid.Board) game.Reading {
	b := scan.Board.Clone()
	conf := make([][]float64, b.Rows)
	for r := range conf {
		conf[r] = make([]float64, b.Cols)
		for c := range conf[r] {
			cell := scan.Cell(grid.Pos{Row: r, Col: c})
			if cell.Height == 0 {
				conf[r][c] = 1
				continue
			}
			p := grid.Pos{Row: r, Col: c}
			if s := b.At(p); !isTileLetter(s.Letter) {
				// A tile whose letter the reader could not tell: a
				// placeholder with confidence 0, shown as unsure on every
				// phone for the table to fix with a tap.
				b.Set(p, grid.Stack{Letter: placeholder(before, p), Height: s.Height})
				conf[r][c] = 0
				continue
			}
			conf[r][c] = min(cell.Conf, 0.5+cell.HeightOK)
			if before == nil || before.Rows != b.Rows || before.Cols != b.Cols {
				continue
			}
			// Through a game the history gives the height: a new stack
			// is one high, a stack under its own letter stands as it
			// stood, a new letter is one tile more. The letter alone
			// then decides how sure the square is when the photo agrees
			// with that height, or has no firm say against it (its
			// height's margin under firmHeight): the history's
			// height is taken, for a new stack or one under its own
			// letter (the board game.ReconcileUpwords makes of it is
			// the same). A stack read one higher under its own letter
			// (a tile on it whose letter was misread?) and a new letter
			// (read no higher than the stack stood, the rules weigh a
			// misread: ReconcileUpwordsJudged) are left as read.
			s, was := b.At(p), before.At(p)
			want := 1
			switch {
			case was.Empty():
			case was.Letter == s.Letter:
				want = was.Height
			default:
				want = was.Height + 1
			}
			switch {
			case s.Height == want:
				conf[r][c] = cell.Conf
			case cell.HeightOK < firmHeight && (was.Empty() || was.Letter == s.Letter && s.Height != was.Height+1):
				b.Set(p, grid.Stack{Letter: s.Letter, Height: want})
				conf[r][c] = cell.Conf
			}
		}
	}
	return game.Reading{Board: b, Conf: conf}
}

// Unreadable is a photo the vision could not read (internal/games/photo).
type Unreadable = photo.Unreadable
