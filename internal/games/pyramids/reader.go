package pyramids

import (
	"context"
	"image"
	_ "image/jpeg" // photos
	_ "image/png"  // uploads
	"slices"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
)

// reader reads photos of the board (vision/pyramids with the project's
// tile classifier).
type reader = photo.Tool[*vpyr.Options]

func (r *Rules) newReader() (*vpyr.Options, error) {
	cls, err := ocr.Default(ocr.English)
	if err != nil {
		return nil, err
	}
	opt := &vpyr.Options{Reader: cls, Seats: r.setup.Seats, StackSize: r.setup.StackSize, FaceModel: r.faceModel}
	if r.env.DataDir != "" {
		if cal, err := vision.LoadCalibration(r.env.DataDir); err == nil {
			opt.Calib = cal
		}
	}
	return opt, nil
}

func (r *Rules) makeReader() error { return r.rd.Make(r.newReader) }

// Read reads a photo: the tops the camera sees, the heights carried from
// the board as it stands (vision/pyramids.CarryHeights; CarryTaking while a
// word waits to be taken, whose squares go one lower). A letter the reader
// could not tell keeps the stack as it stood when its colour agrees; a new
// pyramid whose letter is unread is left for the table to tap, with
// confidence 0.
func (r *Rules) Read(ctx context.Context, f game.Frame, standing game.Position) (game.Reading, error) {
	img, err := photo.Image(f)
	if err != nil {
		return game.Reading{}, err
	}
	before := pyramids.NewBoard()
	var taking []pyramids.Pos // the squares of a word waiting to be taken
	if s, err := pos(standing); err == nil && s.Board != nil {
		before = s.Board
		if s.Word != nil {
			taking = s.Word.Squares
		}
	}
	var scan *vpyr.Reading
	var serr error
	if err := r.rd.Use(r.newReader, func(opt *vpyr.Options) error {
		o := *opt
		if countPyramids(before) > 0 {
			// The letters are read first at the counts the game holds
			// (one lower on the squares of a word being taken).
			o.Heights = func(q grid.Pos) int {
				h := before.At(q).Height
				if slices.Contains(taking, q) {
					h--
				}
				return h
			}
		}
		scan, serr = vpyr.Scan(img, o)
		return nil
	}); err != nil {
		return game.Reading{}, err
	}
	if err := serr; err != nil {
		return game.Reading{}, photo.Unreadable{Err: err}
	}
	var board *pyramids.Board
	var unread, doubtful []pyramids.Pos
	if countPyramids(before) == 0 {
		// The set-up: nothing to carry; the heights are the reader's
		// (the game's prior: full stacks on the players' spaces).
		board = pyramids.NewBoard()
		for _, sq := range scan.Squares {
			if sq.Colour == pyramids.NoColour {
				continue
			}
			if sq.Letter == "?" || sq.Letter == "" {
				unread = append(unread, sq.Pos)
				continue
			}
			board.Set(sq.Pos, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: sq.Colour, Letter: sq.Letter}}, Height: max(1, sq.Height)})
		}
	} else {
		board, unread, doubtful = vpyr.CarryTaking(before, scan, r.setup.Seats, taking)
	}
	conf := make([][]float64, pyramids.Size)
	for row := range conf {
		conf[row] = make([]float64, pyramids.Size)
		for col := range conf[row] {
			q := grid.Pos{Row: row, Col: col}
			sq := scan.Square(q)
			conf[row][col] = squareConf(sq)
		}
	}
	for _, q := range doubtful {
		conf[q.Row][q.Col] = min(conf[q.Row][q.Col], game.Guessed)
	}
	for _, q := range unread {
		conf[q.Row][q.Col] = 0
		if board.At(q).Empty() {
			// A pyramid whose letter was not read, on a square that had
			// none: an A of the colour read, for the table to fix.
			board.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: scan.Square(q).Colour, Letter: "A"}}, Height: 1})
		}
	}
	return game.Reading{Board: Position{Board: board}, Conf: conf}, nil
}

// squareConf is the confidence the session is given for a square the scan
// read: the scan's Sure decides which side of game.LowConf it falls (the
// page marks a square unsure below it), its letter confidence where it
// lies. A sure pyramid is at least LowConf, an unsure one at most
// game.Guessed; an empty square is 1 (the page draws no mark on it). The
// stack count is not part of Sure: it is the history's (CarryTaking), and
// a square the carrying doubts is lowered by Read.
func squareConf(sq vpyr.Square) float64 {
	if sq.Colour == pyramids.NoColour {
		return 1
	}
	c := min(max(sq.Conf, 0), 1)
	if sq.Sure {
		return max(c, game.LowConf)
	}
	return min(c, game.Guessed)
}

// Reconcile takes a pyramid the camera reads the same wrong way as in an
// earlier photo that the table corrected (that photo showed this top while
// the game held the one that stands now) as the stack that stands: a misread
// is usually repeated in every photo until the pyramid moves, and without
// this every later photo would be a new turn.
func (r *Rules) Reconcile(standing game.Position, past []game.Sighting, rd game.Reading) (game.Reading, int) {
	b, err1 := pos(standing)
	a, err2 := pos(rd.Board)
	if err1 != nil || err2 != nil {
		return rd, 0
	}
	var out *pyramids.Board
	n := 0
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			now, read := b.Board.At(q), a.Board.At(q)
			nt, nok := now.Top()
			rt, rok := read.Top()
			if !nok || !rok || nt == rt || !seenBefore(past, q, rt, nt) {
				continue
			}
			if out == nil {
				out = a.Board.Clone()
			}
			out.Set(q, now)
			n++
		}
	}
	if out == nil {
		return rd, 0
	}
	rd.Board = Position{Board: out, Word: a.Word}
	return rd, n
}

// seenBefore reports whether an earlier photo showed top read on q while the
// game held top held there.
func seenBefore(past []game.Sighting, q grid.Pos, read, held pyramids.Pyramid) bool {
	for _, s := range past {
		seen, err1 := pos(s.Seen)
		after, err2 := pos(s.After)
		if err1 != nil || err2 != nil {
			continue
		}
		st, sok := seen.Board.At(q).Top()
		at, aok := after.Board.At(q).Top()
		if sok && aok && st == read && at == held {
			return true
		}
	}
	return false
}

var _ game.Watcher = (*Rules)(nil)

// Locate finds the board for the turn detector: vision/pyramids' board
// outline, no letters read.
func (r *Rules) Locate(frame image.Image) ([4][2]float64, bool) {
	var c [4][2]float64
	scan, err := vpyr.Scan(frame, vpyr.Options{Seats: r.setup.Seats, StackSize: r.setup.StackSize})
	if err != nil {
		return c, false
	}
	for i, p := range scan.Corners {
		c[i] = [2]float64{p.X, p.Y}
	}
	return c, true
}
