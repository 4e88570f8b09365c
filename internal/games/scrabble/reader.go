package scrabble

import (
	"context"
	_ "image/jpeg" // photos
	_ "image/png"  // uploads

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/scrabble"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

// newReader is vision/scrabble's options with the project's tile
// classifier.
func newReader() (*vscr.Options, error) {
	cls, err := ocr.Default(ocr.English)
	if err != nil {
		return nil, err
	}
	return &vscr.Options{Reader: cls}, nil
}

// Read reads a photo into the board it shows, with each tile's confidence.
func (r *Rules) Read(ctx context.Context, f game.Frame, _ game.Position) (game.Reading, error) {
	img, err := photo.Image(f)
	if err != nil {
		return game.Reading{}, err
	}
	var scan *vscr.Reading
	var serr error
	if err := r.rd.Scan(newReader, func(opt *vscr.Options) error { scan, serr = vscr.Scan(img, *opt); return nil }); err != nil {
		return game.Reading{}, err
	}
	if serr != nil {
		return game.Reading{}, photo.Unreadable{Err: serr}
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
