package scrabble

import (
	"context"
	"fmt"
	"image"
	_ "image/jpeg" // photos
	_ "image/png"  // uploads
	"sync"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/scrabble"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

// reader reads photos of the board: vision/scrabble with the project's
// tile classifier.
type reader struct {
	mu  sync.Mutex // one scan at a time; guards opt's making
	opt *vscr.Options
	err error
}

func (r *Rules) makeReader() error {
	r.rd.mu.Lock()
	defer r.rd.mu.Unlock()
	if r.rd.opt != nil || r.rd.err != nil {
		return r.rd.err
	}
	cls, err := ocr.Default(ocr.English)
	if err != nil {
		r.rd.err = fmt.Errorf("the tile reader: %w", err)
		return r.rd.err
	}
	r.rd.opt = &vscr.Options{Reader: cls}
	return nil
}

// Read reads a photo into the board it shows, with each tile's confidence.
func (r *Rules) Read(ctx context.Context, f game.Frame, _ game.Position) (game.Reading, error) {
	if err := r.makeReader(); err != nil {
		return game.Reading{}, err
	}
	img, err := photo.Image(f)
	if err != nil {
		return game.Reading{}, err
	}
	r.rd.mu.Lock()
	scan, err := vscr.Scan(img, *r.rd.opt)
	r.rd.mu.Unlock()
	if err != nil {
		return game.Reading{}, photo.Unreadable{Err: err}
	}
	return readingOf(scan), nil
}

// readingOf turns a scan into the session's reading: the board, and each
// square's confidence (1 on empty squares).
func readingOf(scan *vscr.Reading) game.Reading {
	var b scrabble.Board
	conf := make([][]float64, scrabble.Size)
	for row := range conf {
		conf[row] = make([]float64, scrabble.Size)
		for col := range conf[row] {
			conf[row][col] = 1
			c := scan.Cells[row][col]
			if c == nil {
				continue
			}
			conf[row][col] = c.Conf
			t := scrabble.Tile{Blank: c.Blank}
			switch {
			case c.Blank && c.Letter == "":
				t.Letter = scrabble.Unknown
			case len(c.Letter) == 1 && c.Letter[0] >= 'A' && c.Letter[0] <= 'Z':
				t.Letter = c.Letter[0]
			default: // a tile whose letter was not read: left for the table to tap
				t = scrabble.Tile{Letter: scrabble.Unknown, Blank: true}
				conf[row][col] = 0
			}
			b[row][col] = t
		}
	}
	return game.Reading{Board: Position{Board: b}, Conf: conf}
}

var _ game.Watcher = (*Rules)(nil)

// Locate finds the board for the turn detector (vision/scrabble.Locate:
// the grid by its lines, set on the premium layout; no tiles read).
func (*Rules) Locate(frame image.Image) ([4][2]float64, bool) {
	var c [4][2]float64
	q, err := vscr.Locate(frame)
	if err != nil {
		return c, false
	}
	for i, p := range q {
		c[i] = [2]float64{p.X, p.Y}
	}
	return c, true
}
