//go:build !lean

package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	_ "image/jpeg" // photos
	_ "image/png"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/internal/game"
	upwordsgame "github.com/tilescope/tilescope/internal/games/upwords"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

func init() {
	register(command{name: "scan", summary: "read a board from a photo: the grid text format (or --json)", run: runScan, scansPhotos: true})
}

// scanGame scans one game's photo. Upwords is built in; other games can add
// theirs to scanGames from their own file.
type scanGame func(ctx context.Context, img image.Image, name string, opt scanOpts, stdout io.Writer) error

type scanOpts struct {
	json  bool
	size  int
	calib *vision.Calibration
	// geometry is the Upwords board's, from DATA/upwords-geometry.json
	// (tilescope calibrate); nil: the project's board.
	geometry *vupw.Geometry
	reader   vupw.TileReader
	// readerErr is why there is no reader (its model is missing).
	readerErr error
	// before is the board file of the last accepted state (--before): a
	// scan through a game takes stack heights from the game's history and
	// reports where the photo disagrees with it.
	before string
	// seats and stack are Crossword Pyramids settings (--seats, --stack).
	seats string
	stack int
	// faceModel: Crossword Pyramids letters read with the face model too
	// (--face-model).
	faceModel bool
	// set is the Twists & Turns set's alphabet (--set: ru or en; "":
	// both read, the surer names the table).
	set string
	// stderr receives notes that are not the reading: disagreements.
	stderr io.Writer
}

var scanGames = map[string]scanGame{"upwords": scanUpwords}

func runScan(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("scan", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "upwords", "the game on the board: "+strings.Join(scanGameNames(), ", "))
	asJSON := fs.Bool("json", false, "print the reading as JSON (DESIGN.md) instead of the grid text format")
	size := fs.Int("size", 10, "squares per side of the board (Upwords: 10, or 8 for the classic board)")
	calibPath := fs.String("calib", "", "camera calibration JSON (from tilescope calibrate); default: DATA/"+vision.CalibrationFile+" when --data is given")
	dataDir := fs.String("data", "", "data directory holding the camera calibration and the Upwords board's geometry (tilescope calibrate)")
	before := fs.String("before", "", "the board before this photo (a file in the game's text format): heights follow the game's history, and disagreements with the photo are listed on stderr (upwords, pyramids)")
	seats := fs.String("seats", "", "Crossword Pyramids: the colours at the north, east, south and west sides as four letters (default rbgy: red, blue, green, yellow)")
	stack := fs.Int("stack", 0, "Crossword Pyramids: pyramids in a full player stack (5 by default, 4 in the published game)")
	set := fs.String("set", "", "Twists & Turns: the set's alphabet, ru or en (letters read in that alphabet only; default: both read, the surer names the table)")
	faceModel := fs.Bool("face-model", true, "Crossword Pyramids: read the letters with the model trained on pyramid faces as well (--face-model=false: the tile classifier alone)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope scan --game "+strings.Join(scanGameNames(), "|")+" [--json] [--size 10] [--calib FILE | --data DIR] [--before FILE] IMAGE")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, scanFlagsFirst(args, map[string]bool{"json": true, "face-model": true})); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageErrorf("scan: %v", err)
	}
	if fs.NArg() != 1 {
		return usageErrorf("scan: want one IMAGE, got %d", fs.NArg())
	}
	g, ok := scanGames[*game]
	if !ok {
		return usageErrorf("scan: game %q cannot be scanned (want one of: %s)", *game, strings.Join(scanGameNames(), ", "))
	}
	if *size < 2 || *size > 30 {
		return usageErrorf("scan: --size %d (want 2..30)", *size)
	}
	if *game == "upwords" && *size != 8 && *size != 10 {
		return usageErrorf("scan: --size %d: an Upwords board is 10x10 or 8x8 (--size 10 or 8)", *size)
	}
	path := fs.Arg(0)
	img, err := scanReadImage(path)
	if err != nil {
		return err
	}
	opt := scanOpts{json: *asJSON, size: *size, before: *before, seats: *seats, stack: *stack, faceModel: *faceModel, set: *set, stderr: stderr}
	if opt.calib, err = scanCalibration(*calibPath, *dataDir); err != nil {
		return err
	}
	if *dataDir != "" && *game == "upwords" {
		if opt.geometry, err = vupw.LoadGeometry(*dataDir); err != nil {
			return usageErrorf("scan: %v", err)
		}
	}
	// Without a usable reader the board and the heights are still read
	// (and a photo's problems still reported); the letters then are not.
	rd, err := ocr.Default(ocr.English)
	if err == nil {
		opt.reader = rd
	} else {
		opt.readerErr = err
	}
	return g(ctx, img, path, opt, stdout)
}

func scanGameNames() []string {
	var n []string
	for k := range scanGames {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// scanFlagsFirst lets flags follow the IMAGE argument (scan IMAGE --json):
// the flag package stops at the first non-flag. boolFlags take no value.
func scanFlagsFirst(args []string, boolFlags map[string]bool) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && !boolFlags[name] && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
			continue
		}
		rest = append(rest, a)
	}
	return append(flags, rest...)
}

// scanReadImage decodes a photo; a missing or corrupt file is bad input
// naming it.
func scanReadImage(path string) (image.Image, error) { return readPhotoFile("scan", path) }

func scanCalibration(path, dir string) (*vision.Calibration, error) {
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, usageErrorf("scan: %v", err)
		}
		var c vision.Calibration
		if err := json.Unmarshal(b, &c); err != nil || c.Fx <= 0 || c.Width <= 0 {
			return nil, usageErrorf("scan: %s: not a camera calibration (want JSON with width, height, fx, fy, cx, cy)", path)
		}
		return &c, nil
	}
	if dir == "" {
		return nil, nil
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil, usageErrorf("scan: --data %s: no such directory", dir)
	}
	c, err := vision.LoadCalibration(dir)
	if err != nil {
		return nil, usageErrorf("scan: %v", err)
	}
	return c, nil
}

// scanError turns the scan's findings a player can act on into bad input
// naming the photo (exit 2).
func scanError(path string, err error) error {
	for _, e := range []error{vision.ErrNoBoard, vision.ErrOutOfView, vision.ErrTooDark, vision.ErrTooBlurred} {
		if errors.Is(err, e) {
			return usageErrorf("scan: %s: %s", path, strings.TrimPrefix(err.Error(), "vision: "))
		}
	}
	return fmt.Errorf("scan: %s: %w", path, err)
}

// scanUpwordsJSON is DESIGN.md's scan JSON for Upwords.
type scanUpwordsJSON struct {
	Game    string               `json:"game"`
	Rows    int                  `json:"rows"`
	Cols    int                  `json:"cols"`
	Cells   [][]*scanUpwordsCell `json:"cells"`
	Corners [4][2]float64        `json:"corners"`
	// Disagreements (with --before): squares where the photo and the
	// game's history cannot both be right.
	Disagreements []scanDisagreement `json:"disagreements,omitempty"`
}

type scanDisagreement struct {
	Row      int    `json:"row"`
	Col      int    `json:"col"`
	Before   string `json:"before"`
	Seen     string `json:"seen"`
	Expected int    `json:"expected_height"`
	Reason   string `json:"reason"`
}

// scanBeforeUpwords reads --before as an Upwords board of the photo's size.
func scanBeforeUpwords(path string, size int) (*grid.Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErrorf("scan: --before: %v", err)
	}
	defer f.Close()
	b, err := grid.Parse(f, path)
	if err != nil {
		return nil, usageErrorf("scan: --before: %v", err)
	}
	if b.Rows != size || b.Cols != size {
		return nil, usageErrorf("scan: --before: %s is %dx%d, the board is %dx%d (--size)", path, b.Rows, b.Cols, size, size)
	}
	return b, nil
}

type scanUpwordsCell struct {
	Letter string  `json:"letter"`
	Height int     `json:"height"`
	Conf   float64 `json:"conf"`
	// Sure: letter and height both sure (vupw.Cell.Sure; with --before,
	// the letter sure and the history's height not contradicted by the
	// photo, as the table service shows it).
	Sure bool `json:"sure"`
	// Covered: a square read empty that may hide a stack (a hand over it,
	// a deep shadow); written as {"covered":true,"sure":false}.
	Covered bool `json:"-"`
}

func (c scanUpwordsCell) MarshalJSON() ([]byte, error) {
	if c.Covered {
		return []byte(`{"covered":true,"sure":false}`), nil
	}
	type plain scanUpwordsCell
	return json.Marshal(plain(c))
}

func scanUpwords(_ context.Context, img image.Image, path string, opt scanOpts, stdout io.Writer) error {
	var prev *grid.Board
	if opt.before != "" {
		var err error
		if prev, err = scanBeforeUpwords(opt.before, opt.size); err != nil {
			return err
		}
	}
	// With --before, a grid found a row or a column off (a reading that
	// changes most of the board) is read again a square each way, as the
	// table service does (upwordsgame.Scan).
	o := vupw.Options{Size: opt.size, Reader: opt.reader, Calib: opt.calib}
	if opt.reader != nil {
		// Upwords faces: the English model pooled with the Upwords one
		if up, err := ocr.ForUpwords(); err == nil {
			o.Reader = up
		}
	}
	if opt.geometry != nil {
		o.Geometry = *opt.geometry
	}
	r, err := upwordsgame.Scan(img, o, nil, prev)
	if err != nil {
		return scanError(path, err)
	}
	board := r.Board
	var dis []game.Disagreement
	sure := func(p grid.Pos) bool { return r.Cell(p).Sure }
	if prev != nil {
		// The same reconciling the table service does: the letter decides
		// each stack's height from its history (internal/game).
		rec, _ := game.ReconcileUpwords(prev, game.Reading{Board: r.Board})
		board = rec.Board.(*grid.Board)
		dis = game.Disagreements(prev, scanPhotoAlone(img, o, r), board)
		// How sure each square is, as the service shows it: the photo
		// read as the service reads it (the history's height where the
		// photo agrees or has no firm say), reconciled.
		svc, _ := game.ReconcileUpwords(prev, upwordsgame.ReadingOf(r, prev))
		sb := svc.Board.(*grid.Board)
		sure = func(p grid.Pos) bool {
			return sb.At(p) == board.At(p) && svc.Conf[p.Row][p.Col] >= game.LowConf
		}
		if !opt.json && opt.stderr != nil {
			for _, d := range dis {
				fmt.Fprintf(opt.stderr, "scan: %s: %s\n", path, d)
			}
		}
	}
	// A stack the reader could not name cannot be written in the text
	// format: say where.
	var unread []string
	for _, c := range r.Cells {
		if c.Letter == "?" {
			unread = append(unread, fmt.Sprintf("row %d col %d", c.Pos.Row, c.Pos.Col))
		}
	}
	if !opt.json {
		if opt.reader == nil && len(unread) > 0 {
			return fmt.Errorf("scan: %s: the board was found but the letters cannot be read: %w", path, opt.readerErr)
		}
		if len(unread) > 0 {
			return usageErrorf("scan: %s: could not read the letter on the stack at %s", path, strings.Join(unread, ", "))
		}
		_, err := io.WriteString(stdout, board.String())
		return err
	}
	out := scanUpwordsJSON{Game: "upwords", Rows: board.Rows, Cols: board.Cols}
	for _, d := range dis {
		out.Disagreements = append(out.Disagreements, scanDisagreement{Row: d.Pos.Row, Col: d.Pos.Col,
			Before: d.Before.String(), Seen: d.Seen.String(), Expected: d.Now.Height, Reason: d.Reason})
	}
	for i, c := range r.Corners {
		out.Corners[i] = [2]float64{scanRound1(c.X), scanRound1(c.Y)}
	}
	out.Cells = make([][]*scanUpwordsCell, r.Board.Rows)
	for row := range out.Cells {
		out.Cells[row] = make([]*scanUpwordsCell, r.Board.Cols)
	}
	for _, c := range r.Cells {
		st := board.At(c.Pos)
		if st.Empty() {
			if c.Covered {
				out.Cells[c.Pos.Row][c.Pos.Col] = &scanUpwordsCell{Covered: true}
			}
			continue
		}
		out.Cells[c.Pos.Row][c.Pos.Col] = &scanUpwordsCell{Letter: st.Letter, Height: st.Height, Conf: scanRound3(c.Conf), Sure: sure(c.Pos)}
	}
	enc := json.NewEncoder(stdout)
	return enc.Encode(out)
}

// scanPhotoAlone is the board the photo alone gives, as `scan IMAGE`
// without --before reads it (upwordsgame.Scan with no board before),
// for --before's list of squares where the photo and the game disagree:
// read with the history (vupw.Options.Stood) a stack keeps the height
// the height's search gives, while the photo alone takes it from where
// its top face's outline lies (docs/vision.md, "Upwords stack heights on
// single photos brought back"), so the history's reading cannot stand
// for the photo's. Where the photo alone cannot be read, withHistory's
// board stands for it.
func scanPhotoAlone(img image.Image, o vupw.Options, withHistory *vupw.UpwordsReading) *grid.Board {
	alone, err := upwordsgame.Scan(img, o, nil, nil)
	if err != nil {
		return withHistory.Board
	}
	return alone.Board
}

func scanRound1(v float64) float64 { return float64(int64(v*10+0.5*scanSign(v))) / 10 }
func scanRound3(v float64) float64 { return float64(int64(v*1000+0.5*scanSign(v))) / 1000 }
func scanSign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}
