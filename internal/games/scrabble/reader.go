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
// as covered (the page says so rather than showing it bare). A blurred
// photo (scan.Blurred: no letter of it sure) is read all the same, and
// says so (game.Reading.Blurred: the table is told to check the camera).
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
	return game.Reading{Board: Position{Board: b}, Conf: conf, Covered: covered, Blurred: scan.Blurred}
}

var _ game.Reconciler = (*Rules)(nil)

// Reconcile corrects a photo's reading with what a Scrabble turn can do to
// the board as it stands and with what earlier photos showed, before it is
// judged. It returns the reading and the number of squares it changed.
//
// A played tile stays played: a Scrabble tile once played neither leaves
// its square nor changes its letter (a play withdrawn on a challenge is
// already gone from the board as it stands; a player who takes a play back
// undoes it on the page). A photo that reads such a square empty or with
// another letter has misread it (a blank's bare face taken for an empty
// square, H read as R), and left as read it would be judged a tile taken
// off or changed, for the table to tap again on every turn after the one
// that placed it. The played tiles are the game's, not the photo's
// guesses: each is as sure as the board (confidence 1), read right or
// not, so that only the new play's squares can be shown unsure.
//
// A phantom tapped away stays away when it breaks the play: where the
// play as read is refused, new tiles read unsure on squares where an
// earlier photo showed the same tile and the table then held the square
// empty (a premium print or a glare read as a tile, and tapped away) are
// left out; what else is wrong is still refused, for the table to tap. A
// play the rules accept as read is not touched, so a tile really placed
// on such a square is never dropped from a legal play.
func (r *Rules) Reconcile(standing game.Position, past []game.Sighting, rd game.Reading) (game.Reading, int) {
	was, err1 := position(standing)
	now, err2 := position(rd.Board)
	if err1 != nil || err2 != nil {
		return rd, 0
	}
	out := now
	conf := make([][]float64, len(rd.Conf))
	for i, c := range rd.Conf {
		conf[i] = append([]float64(nil), c...)
	}
	confAt := func(row, col int) float64 {
		if row < len(conf) && col < len(conf[row]) {
			return conf[row][col]
		}
		return 1
	}
	n := 0
	var phantoms []scrabble.Pos
	for row := range scrabble.Size {
		for col := range scrabble.Size {
			w, g := was.Board[row][col], now.Board[row][col]
			if w.Empty() {
				if !g.Empty() && confAt(row, col) < game.LowConf && clearedBefore(past, row, col, g) {
					phantoms = append(phantoms, scrabble.Pos{Row: row, Col: col})
				}
				continue
			}
			if g != w {
				out.Board[row][col] = w
				n++
			}
			if row < len(conf) && col < len(conf[row]) {
				conf[row][col] = 1
			}
		}
	}
	if len(phantoms) > 0 {
		if _, err := r.rules.Judge(&was.Board, &out.Board); err != nil {
			for _, p := range phantoms {
				out.Board[p.Row][p.Col] = scrabble.Tile{}
			}
			n += len(phantoms)
		}
	}
	rd.Board, rd.Conf = out, conf
	return rd, n
}

// clearedBefore reports whether an earlier photo showed tile t on square
// (row, col) while the game held the square empty after it: a tile the
// table tapped away.
func clearedBefore(past []game.Sighting, row, col int, t scrabble.Tile) bool {
	for _, s := range past {
		seen, err1 := position(s.Seen)
		after, err2 := position(s.After)
		if err1 != nil || err2 != nil {
			continue
		}
		if seen.Board[row][col] == t && after.Board[row][col].Empty() {
			return true
		}
	}
	return false
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
