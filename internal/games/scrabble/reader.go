package scrabble

import (
	"context"
	"image"
	_ "image/jpeg" // photos
	_ "image/png"  // uploads

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/scrabble"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

// reader reads photos of the board: vision/scrabble with the project's
// tile classifier.
type reader = photo.Tool[*vscr.Options]

func (r *Rules) newReader() (*vscr.Options, error) {
	cls, err := ocr.Default(ocr.English)
	if err != nil {
		return nil, err
	}
	return &vscr.Options{Reader: cls}, nil
}

func (r *Rules) makeReader() error { return r.rd.Make(r.newReader) }

// Read reads a photo into the board it shows, with each tile's confidence.
func (r *Rules) Read(ctx context.Context, f game.Frame, standing game.Position) (game.Reading, error) {
	img, err := photo.Image(f)
	if err != nil {
		return game.Reading{}, err
	}
	var scan *vscr.Reading
	var serr error
	if err := r.rd.Use(r.newReader, func(opt *vscr.Options) error {
		scan, serr = vscr.Scan(img, *opt)
		return nil
	}); err != nil {
		return game.Reading{}, err
	}
	if err := serr; err != nil {
		return game.Reading{}, photo.Unreadable{Err: err}
	}
	was, _ := standing.(Position)
	return readingOf(scan, was.Board), nil
}

// readingOf turns a scan into the session's reading: the board, and each
// square's confidence (1 on empty squares). A square out of view (the
// board partly out of the photo) or hidden (a hand over it) was not
// seen: it keeps what the board
// as it stands (standing) holds there, so that it is taken neither for
// a tile taken off nor for a new one, and when that is empty it is listed
// as covered (the page says so rather than showing it bare).
func readingOf(scan *vscr.Reading, standing scrabble.Board) game.Reading {
	var b scrabble.Board
	var covered [][2]int
	conf := make([][]float64, scrabble.Size)
	for row := range conf {
		conf[row] = make([]float64, scrabble.Size)
		for col := range conf[row] {
			conf[row][col] = 1
			if scan.Unseen[row][col] || scan.Covered[row][col] {
				b[row][col] = standing[row][col]
				if b[row][col] == (scrabble.Tile{}) {
					covered = append(covered, [2]int{row, col})
				}
				continue
			}
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
	return game.Reading{Board: Position{Board: b}, Conf: conf, Covered: covered}
}

var _ game.Reconciler = (*Rules)(nil)

// Reconcile keeps every tile of the board as it stands: a Scrabble tile
// once played neither leaves its square nor changes its letter (a play
// withdrawn on a challenge is already gone from the board as it stands;
// a player who takes a play back undoes it on the page). A photo that
// reads such a square empty or with another letter has misread it (a
// blank's bare face taken for an empty square, H read as R), and left as
// read it would be judged a tile taken off or changed, for the table to
// tap again on every turn after the one that placed it. The played tiles
// are the game's, not the photo's guesses: each is as sure as the board
// (confidence 1), read right or not, so that only the new play's squares
// can be shown unsure. Squares where nothing stood are the photo's. It
// returns the reading and the number of squares whose tile it changed.
func (*Rules) Reconcile(standing game.Position, _ []game.Sighting, rd game.Reading) (game.Reading, int) {
	was, err1 := position(standing)
	now, err2 := position(rd.Board)
	if err1 != nil || err2 != nil {
		return rd, 0
	}
	out := now
	conf := make([][]float64, len(rd.Conf))
	for i, r := range rd.Conf {
		conf[i] = append([]float64(nil), r...)
	}
	n := 0
	for row := range scrabble.Size {
		for col := range scrabble.Size {
			w := was.Board[row][col]
			if w.Empty() {
				continue
			}
			if now.Board[row][col] != w {
				out.Board[row][col] = w
				n++
			}
			if row < len(conf) && col < len(conf[row]) {
				conf[row][col] = 1
			}
		}
	}
	rd.Board, rd.Conf = out, conf
	return rd, n
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
