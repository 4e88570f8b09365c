//go:build !lean

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/ocr"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

func init() {
	scanGames["scrabble"] = scanScrabble
}

// scanScrabbleJSON is DESIGN.md's scan JSON for Scrabble.
type scanScrabbleJSON struct {
	Game    string                `json:"game"`
	Rows    int                   `json:"rows"`
	Cols    int                   `json:"cols"`
	Cells   [][]*scanScrabbleCell `json:"cells"`
	Corners [4][2]float64         `json:"corners"`
	Tiles   []scanScrabbleTile    `json:"tiles"`
	// Blurred (added, written only when set): the photo is blurred (a
	// shake, or out of focus), so no letter of it is read sure
	// (vscr.Reading.Blurred): a sharper photo would be read sure.
	Blurred bool `json:"blurred,omitempty"`
}

type scanScrabbleCell struct {
	Letter string  `json:"letter"` // "" for a blank tile: nothing is printed on it
	Blank  bool    `json:"blank"`
	Conf   float64 `json:"conf"`
	// Unseen: the square is out of view (vscr.Reading.Unseen): not
	// read, written as Upwords writes a covered square, with
	// "out_of_view" added: {"covered":true,"sure":false,"out_of_view":true}.
	Unseen bool `json:"-"`
	// Covered: the square is in view but hidden (vscr.Reading.Covered:
	// a hand over the board): not read, written as Upwords writes a
	// covered square, {"covered":true,"sure":false}.
	Covered bool `json:"-"`
}

func (c scanScrabbleCell) MarshalJSON() ([]byte, error) {
	if c.Unseen {
		return []byte(`{"covered":true,"sure":false,"out_of_view":true}`), nil
	}
	if c.Covered {
		return []byte(`{"covered":true,"sure":false}`), nil
	}
	type plain scanScrabbleCell
	return json.Marshal(plain(c))
}

type scanScrabbleTile struct {
	Letter string     `json:"letter"`
	Blank  bool       `json:"blank"`
	Conf   float64    `json:"conf"`
	Center [2]float64 `json:"center"`
	Row    int        `json:"row"`
	Col    int        `json:"col"`
}

func scanScrabble(_ context.Context, img image.Image, path string, opt scanOpts, stdout io.Writer) error {
	if opt.size != 10 && opt.size != vscr.Size {
		return usageErrorf("scan: the Scrabble board is 15x15 (got --size %d)", opt.size)
	}
	if opt.before != "" {
		return usageErrorf("scan: --before is not used with --game scrabble")
	}
	if opt.reader == nil {
		return fmt.Errorf("scan: %s: the tile reader: %w", path, opt.readerErr)
	}
	r, err := vscr.Scan(img, vscr.Options{Reader: opt.reader})
	if err != nil {
		return scanError(path, trimPrefixErr{err, "scrabble: "})
	}
	if n := squaresMarked(&r.Unseen); n > 0 && opt.stderr != nil {
		fmt.Fprintf(opt.stderr, "scan: %s: the board is partly out of view: %d squares not read (%s in the text)\n", path, n, vscr.UnseenText)
	}
	if n := squaresMarked(&r.Covered); n > 0 && opt.stderr != nil {
		fmt.Fprintf(opt.stderr, "scan: %s: a hand (or something) lies over the board: %d squares hidden, not read (%s in the text)\n", path, n, vscr.UnseenText)
	}
	if r.Blurred && opt.stderr != nil {
		fmt.Fprintf(opt.stderr, "scan: %s: the photo is blurred (a shake, or out of focus): no letter is read sure; hold the camera still and take a sharper photo\n", path)
	}
	if !opt.json {
		_, err := io.WriteString(stdout, r.Text())
		return err
	}
	out := scanScrabbleJSON{Game: "scrabble", Rows: vscr.Size, Cols: vscr.Size, Tiles: []scanScrabbleTile{}, Blurred: r.Blurred}
	for i, c := range r.Corners {
		out.Corners[i] = [2]float64{scanRound1(c.X), scanRound1(c.Y)}
	}
	out.Cells = make([][]*scanScrabbleCell, vscr.Size)
	for row := range out.Cells {
		out.Cells[row] = make([]*scanScrabbleCell, vscr.Size)
	}
	for row := range out.Cells {
		for col := range out.Cells[row] {
			if r.Unseen[row][col] {
				out.Cells[row][col] = &scanScrabbleCell{Unseen: true}
			} else if r.Covered[row][col] {
				out.Cells[row][col] = &scanScrabbleCell{Covered: true}
			}
		}
	}
	for _, t := range r.Tiles() {
		out.Cells[t.Row][t.Col] = &scanScrabbleCell{Letter: t.Letter, Blank: t.Blank, Conf: scanRound3(t.Conf)}
		out.Tiles = append(out.Tiles, scanScrabbleTile{Letter: t.Letter, Blank: t.Blank, Conf: scanRound3(t.Conf),
			Center: [2]float64{scanRound1(t.Center.X), scanRound1(t.Center.Y)}, Row: t.Row, Col: t.Col})
	}
	return json.NewEncoder(stdout).Encode(out)
}

// evalScanScrabble is eval-scan --game scrabble: every photo in dir
// that has a label (LABELS/<photo name without extension>.txt, or
// <photo name>.txt) is scanned and compared with it; the totals are
// printed per game session (the date in the photo's name) and overall.
func evalScanScrabble(ctx context.Context, dir, labels string, verbose int, stdout io.Writer) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return usageErrorf("eval-scan: --photos: %v", err)
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		return fmt.Errorf("eval-scan: the tile reader: %w", err)
	}
	type photo struct{ img, label string }
	var photos []photo
	for _, e := range ents {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if e.IsDir() || (ext != ".jpg" && ext != ".jpeg" && ext != ".png") {
			continue
		}
		stem := strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
		for _, cand := range []string{filepath.Join(labels, stem+".txt"), filepath.Join(labels, e.Name()+".txt"), filepath.Join(dir, stem+".txt")} {
			if _, err := os.Stat(cand); err == nil {
				photos = append(photos, photo{filepath.Join(dir, e.Name()), cand})
				break
			}
		}
	}
	if len(photos) == 0 {
		return usageErrorf("eval-scan: %s: no photos with a label (looked in %s for <photo>.txt)", dir, labels)
	}
	sort.Slice(photos, func(i, j int) bool { return photos[i].img < photos[j].img })
	sessions := map[string]*vscr.Summary{}
	var order []string
	var all vscr.Summary
	for _, p := range photos {
		if err := ctx.Err(); err != nil {
			return err
		}
		l, err := vscr.LoadLabel(p.label)
		if err != nil {
			return usageErrorf("eval-scan: %v", err)
		}
		img, err := scanReadImage(p.img)
		if err != nil {
			return err
		}
		res := vscr.EvalPhoto(filepath.Base(p.img), img, l, vscr.Options{Reader: rd})
		res.WriteRow(stdout)
		if verbose > 0 {
			for i, m := range res.Mistakes {
				if i >= verbose {
					fmt.Fprintf(stdout, "    ... %d more\n", len(res.Mistakes)-i)
					break
				}
				fmt.Fprintf(stdout, "    %s\n", m)
			}
		}
		s := vscr.Session(p.img)
		if sessions[s] == nil {
			sessions[s] = &vscr.Summary{}
			order = append(order, s)
		}
		sessions[s].Add(res)
		all.Add(res)
	}
	fmt.Fprintln(stdout)
	if len(order) > 1 {
		for _, s := range order {
			name := "session " + s
			if s == "" {
				name = "photos without a date in their name"
			}
			sessions[s].Write(stdout, name)
		}
	}
	all.Write(stdout, "all")
	return nil
}

// squaresMarked is how many squares a mask of the reading (Unseen,
// Covered) marks.
func squaresMarked(m *[vscr.Size][vscr.Size]bool) int {
	n := 0
	for row := range m {
		for col := range m[row] {
			if m[row][col] {
				n++
			}
		}
	}
	return n
}
