//go:build !lean

package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"strings"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/pyramids"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
)

func init() {
	scanGames["pyramids"] = scanPyramids
	register(command{name: "eval-pyramids", summary: "measure the Crossword Pyramids reader on rendered scenes: board found, colours, letters, heights, time", run: runEvalPyramids})
}

// scanPyramidsJSON is the scan JSON for Crossword Pyramids: the Upwords
// shape (DESIGN.md) with each pyramid's colour.
type scanPyramidsJSON struct {
	Game    string                `json:"game"`
	Rows    int                   `json:"rows"`
	Cols    int                   `json:"cols"`
	Cells   [][]*scanPyramidsCell `json:"cells"`
	Corners [4][2]float64         `json:"corners"`
	// UnsureEmpty lists the squares read as empty that are not sure
	// (a pyramid in deep shadow or glare may stand there), [row, col].
	UnsureEmpty [][2]int `json:"unsure_empty"`
	// Unplaced: the board's outline was found where its printed lines
	// are not, and could not be moved to them (a hand over a corner):
	// every square may be read one place off, so none is sure (absent
	// when the board is placed).
	Unplaced bool `json:"unplaced,omitempty"`
	// SideHidden: the board was found from three of its sides, the
	// fourth hidden (a hand or its shadow across it): none of its
	// squares is sure (absent when all four sides were found).
	SideHidden bool `json:"side_hidden,omitempty"`
}

type scanPyramidsCell struct {
	Colour     string  `json:"colour"`
	Letter     string  `json:"letter"` // "?" when the reader could not name it
	Height     int     `json:"height"`
	Conf       float64 `json:"conf"`
	ColourConf float64 `json:"colour_conf"`
	// Sure: colour and letter both sure (the faces agree); the height
	// is the game's, and a square whose photo shows another is unsure.
	Sure bool `json:"sure"`
	// SeenHeight: the count the photo shows when it clearly is not
	// Height (absent when it agrees or cannot tell).
	SeenHeight int `json:"seen_height,omitempty"`
}

func scanPyramids(_ context.Context, img image.Image, path string, opt scanOpts, stdout io.Writer) error {
	if opt.size != 10 {
		return usageErrorf("scan: the Crossword Pyramids board is 10x10 (got --size %d)", opt.size)
	}
	so, err := scanPyramidsOptions(opt)
	if err != nil {
		return err
	}
	var before *pyramids.Board
	if opt.before != "" {
		b, err := scanReadPyramids(opt.before)
		if err != nil {
			return err
		}
		before = b
	}
	r, err := vpyr.Scan(img, so)
	if err != nil {
		// scanError names the photo; the message reads better without
		// the package prefixes.
		return scanError(path, trimPrefixErr{err, "pyramids: "})
	}
	if before != nil {
		// Through a game, stack heights come from the history (the camera
		// cannot count pyramids under the top one).
		after, unread, doubtful := vpyr.CarryHeights(before, r, so.Seats)
		r.Board = after
		if opt.stderr != nil {
			for _, p := range doubtful {
				fmt.Fprintf(opt.stderr, "scan: %s: row %d, column %d: the stack height is a guess (check it)\n", path, p.Row, p.Col)
			}
			for _, p := range unread {
				fmt.Fprintf(opt.stderr, "scan: %s: row %d, column %d: letter not read\n", path, p.Row, p.Col)
			}
		}
	}
	if r.Unplaced && opt.stderr != nil {
		fmt.Fprintf(opt.stderr, "scan: %s: the board's printed lines are not where its outline was found (a hand or a shadow over its edge?): every square may be read one place off, and none is sure\n", path)
	}
	if r.SideHidden && opt.stderr != nil {
		fmt.Fprintf(opt.stderr, "scan: %s: the board was found from three of its sides, the fourth hidden (a hand or a shadow across it?): what hides it may lie over squares, and none is sure\n", path)
	}
	if !opt.json {
		var unread []string
		for _, sq := range r.Squares {
			if before == nil && sq.Colour != pyramids.NoColour && sq.Letter == "?" {
				unread = append(unread, fmt.Sprintf("row %d col %d (%s)", sq.Pos.Row, sq.Pos.Col, sq.Colour))
			}
		}
		if len(unread) > 0 {
			return usageErrorf("scan: %s: could not read the letter on the pyramid at %s (--json shows the rest)", path, strings.Join(unread, ", "))
		}
		_, err := io.WriteString(stdout, r.Board.String())
		return err
	}
	return json.NewEncoder(stdout).Encode(pyramidsScanOutput(r))
}

// pyramidsScanOutput is a reading as scan --json gives it.
func pyramidsScanOutput(r *vpyr.Reading) scanPyramidsJSON {
	out := scanPyramidsJSON{Game: "pyramids", Rows: pyramids.Size, Cols: pyramids.Size, UnsureEmpty: [][2]int{}, Unplaced: r.Unplaced, SideHidden: r.SideHidden}
	for i, c := range r.Corners {
		out.Corners[i] = [2]float64{scanRound1(c.X), scanRound1(c.Y)}
	}
	out.Cells = make([][]*scanPyramidsCell, pyramids.Size)
	for row := range out.Cells {
		out.Cells[row] = make([]*scanPyramidsCell, pyramids.Size)
	}
	for _, sq := range r.Squares {
		if sq.Colour == pyramids.NoColour {
			if !sq.Sure {
				out.UnsureEmpty = append(out.UnsureEmpty, [2]int{sq.Pos.Row, sq.Pos.Col})
			}
			continue
		}
		out.Cells[sq.Pos.Row][sq.Pos.Col] = &scanPyramidsCell{Colour: sq.Colour.String(), Letter: sq.Letter,
			Height: sq.Height, Conf: scanRound3(sq.Conf), ColourConf: scanRound3(sq.ColourConf), Sure: sq.Sure, SeenHeight: sq.SeenHeight}
	}
	return out
}

// parseEvalPyramids reads eval-pyramids' flags: the reader's settings,
// the DIRs (nil after --help) and -v.
func parseEvalPyramids(args []string, stderr io.Writer) (opt vpyr.Options, dirs []string, verbose int, err error) {
	fs := flag.NewFlagSet("eval-pyramids", flag.ContinueOnError)
	fs.SetOutput(stderr)
	reader := fs.String("reader", "ours", "letter reader: ours (the built-in classifier) or none (board and colours only)")
	fs.IntVar(&verbose, "v", 0, "list up to N mistakes per scene that had any")
	faceModel := fs.Bool("face-model", true, "read the letters with the model trained on pyramid faces as well (vision/pyramids Options.FaceModel); --face-model=false: the tile classifier alone")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope eval-pyramids [--reader ours|none] [--face-model=false] [-v N] DIR...")
		fmt.Fprintln(stderr, "DIR holds Crossword Pyramids scenes with their ground truth JSON beside them (tilescope render-set --game pyramids).")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, scanFlagsFirst(args, map[string]bool{"face-model": true})); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return opt, nil, 0, nil
		}
		return opt, nil, 0, usageErrorf("eval-pyramids: %v", err)
	}
	if fs.NArg() == 0 {
		return opt, nil, 0, usageErrorf("eval-pyramids: no DIR given")
	}
	opt.FaceModel = *faceModel
	switch *reader {
	case "none":
	case "ours":
		rd, err := ocr.Default(ocr.English)
		if err != nil {
			return opt, nil, 0, fmt.Errorf("eval-pyramids: the tile reader: %w (try --reader none)", err)
		}
		opt.Reader = rd
	default:
		return opt, nil, 0, usageErrorf("eval-pyramids: --reader %q (want ours or none)", *reader)
	}
	return opt, fs.Args(), verbose, nil
}

func runEvalPyramids(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	opt, dirs, verbose, err := parseEvalPyramids(args, stderr)
	if err != nil || dirs == nil {
		return err
	}
	var sum vpyr.Summary
	for _, dir := range dirs {
		files, err := vpyr.SceneFiles(dir)
		if err != nil {
			return usageErrorf("eval-pyramids: %v", err)
		}
		if len(files) == 0 {
			return usageErrorf("eval-pyramids: %s: no images with a truth JSON beside them", dir)
		}
		for _, f := range files {
			if err := ctx.Err(); err != nil {
				return err
			}
			r := vpyr.EvalScene(f, opt)
			if r.TruthErr != nil {
				return usageErrorf("eval-pyramids: %v", r.TruthErr)
			}
			sum.Add(r)
		}
	}
	sum.Write(stdout)
	if verbose > 0 {
		sum.WriteFailures(stdout, verbose)
	}
	return nil
}

// trimPrefixErr is err with a prefix cut from its message; errors.Is
// still sees the sentinels it wraps.
type trimPrefixErr struct {
	err    error
	prefix string
}

func (e trimPrefixErr) Error() string { return strings.TrimPrefix(e.err.Error(), e.prefix) }
func (e trimPrefixErr) Unwrap() error { return e.err }

// scanPyramidsOptions is the reader's settings from scan's flags.
func scanPyramidsOptions(opt scanOpts) (vpyr.Options, error) {
	so := vpyr.Options{Calib: opt.calib, StackSize: opt.stack, FaceModel: opt.faceModel}
	if opt.reader != nil {
		so.Reader = opt.reader
	}
	if opt.seats != "" {
		seats, err := pyramids.ParseSeats(opt.seats)
		if err != nil {
			return so, usageErrorf("scan: --seats: %v", err)
		}
		so.Seats = seats
	}
	if opt.stack != 0 && opt.stack != 4 && opt.stack != 5 {
		return so, usageErrorf("scan: --stack %d (want 4 or 5)", opt.stack)
	}
	return so, nil
}

// scanReadPyramids reads --before as a Crossword Pyramids board.
func scanReadPyramids(path string) (*pyramids.Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErrorf("scan: --before: %v", err)
	}
	defer f.Close()
	b, err := pyramids.Parse(f, path)
	if err != nil {
		return nil, usageErrorf("scan: --before: %v", err)
	}
	return b, nil
}
