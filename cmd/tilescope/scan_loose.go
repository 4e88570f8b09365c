//go:build !lean

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"
	"unicode/utf8"

	gtwists "github.com/tilescope/tilescope/internal/games/twists"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/twists"
	"github.com/tilescope/tilescope/vision/loose"
)

// The loose-tile games plug into `tilescope scan` (scan.go) here.
func init() {
	scanGames["lexicon"] = scanLexicon
	scanGames["twists"] = scanTwists
}

// scanLooseJSON is DESIGN.md's scan JSON for Lexicon and Twists, with
// additions: the game, the lattice's size, each tile's angle.
type scanLooseJSON struct {
	Game  string          `json:"game"`
	Rows  int             `json:"rows"`
	Cols  int             `json:"cols"`
	Tiles []scanLooseTile `json:"tiles"`
}

type scanLooseTile struct {
	Letter  string        `json:"letter"`          // "" for a blank
	Blank   bool          `json:"blank,omitempty"` // a Scrabble blank seen on a printed board (Lexicon has none: not in the layout text)
	Conf    float64       `json:"conf"`
	Center  [2]float64    `json:"center"`
	Corners [4][2]float64 `json:"corners"`
	Row     int           `json:"row"`
	Col     int           `json:"col"`
	Angle   float64       `json:"angle"`
}

// scanLexicon reads a Lexicon Crossing crossword: the layout text (one
// row per line, '.' empty) that `score --game lexicon --layout` reads, or
// the JSON.
func scanLexicon(_ context.Context, img image.Image, path string, opt scanOpts, stdout io.Writer) error {
	r, err := loose.Scan(img, loose.Options{Reader: opt.reader, Lattice: true, UprightFromLetters: true, OnBoard: true})
	if err != nil {
		return scanLooseNone("lexicon", path, err, opt.json, stdout)
	}
	return scanLooseWrite("lexicon", r, path, opt.json, nil, stdout)
}

// scanTwists reads a Twists & Turns table: scoring/twists' table text
// (letters, '!' skip, '@' reverse, '2' give 2, '3' give 3, '.' empty) or
// the JSON. Every tile is read in Russian and in English; the alphabet
// the reader is surer of over the whole table names the letters.
//
// With --set (ru or en) the letters are read in the set's alphabet only,
// as the game reads them.
func scanTwists(_ context.Context, img image.Image, path string, opt scanOpts, stdout io.Writer) error {
	o := loose.Options{Lattice: true, Twists: true}
	if opt.set != "" {
		alpha, err := twists.ParseAlphabet(opt.set)
		if err != nil {
			return usageErrorf("scan: --set %q: want ru or en", opt.set)
		}
		if o.Reader, err = twistsSetReader(alpha == twists.English); err != nil {
			return fmt.Errorf("scan: the tile reader: %w", err)
		}
	} else {
		ru, err := looseRussianReader()
		if err != nil {
			return fmt.Errorf("scan: the Russian tile reader: %w", err)
		}
		o.Reader = ru
		if opt.reader != nil {
			o.Alternatives = append(o.Alternatives, opt.reader)
		}
	}
	r, err := loose.Scan(img, o)
	if err != nil {
		return scanLooseNone("twists", path, err, opt.json, stdout)
	}
	return scanLooseWrite("twists", r, path, opt.json, twistsSymbol, stdout)
}

// twistsSetReader is the reader of a Twists set's alphabet, as the game
// reads (English: the English letters and the Russian model's actions).
func twistsSetReader(english bool) (loose.Reader, error) {
	if english {
		return gtwists.SetReader(twists.English)
	}
	return gtwists.SetReader(twists.Russian)
}

// looseRussianReader is the Twists reader's first alphabet (a variable
// so that tests can give a fake).
var looseRussianReader = func() (loose.Reader, error) { return ocr.Default(ocr.Russian) }

// twistsSymbol is a reading's character in the Twists table format.
func twistsSymbol(letter string) (rune, bool) {
	if a, ok := twists.ActionByName(letter); ok {
		return rune(a), true
	}
	c, n := utf8.DecodeRuneInString(letter)
	return c, n == len(letter) && c != utf8.RuneError
}

func scanLooseWrite(game string, r *loose.Reading, path string, asJSON bool, symbol func(string) (rune, bool), stdout io.Writer) error {
	if !asJSON {
		text, err := loose.LayoutText(r, symbol)
		if err != nil {
			return usageErrorf("scan: %s: %s", path, strings.TrimPrefix(err.Error(), "loose: "))
		}
		_, err = io.WriteString(stdout, text)
		return err
	}
	out := scanLooseJSON{Game: game, Rows: r.Rows, Cols: r.Cols, Tiles: []scanLooseTile{}}
	for _, t := range r.Tiles {
		j := scanLooseTile{Letter: t.Letter, Blank: t.Blank, Conf: scanRound3(t.Conf), Row: t.Row, Col: t.Col,
			Center: [2]float64{scanRound1(t.Center.X), scanRound1(t.Center.Y)}, Angle: scanRound1(t.Angle)}
		for i, c := range t.Corners {
			j.Corners[i] = [2]float64{scanRound1(c.X), scanRound1(c.Y)}
		}
		out.Tiles = append(out.Tiles, j)
	}
	return json.NewEncoder(stdout).Encode(out)
}

// scanLooseNone answers a scan that found no tile: with --json an empty
// "tiles" list on stdout; the one line saying why (no tiles, too dark,
// too blurred) goes to stderr, exit 2, as scanLooseError.
func scanLooseNone(game, path string, err error, asJSON bool, stdout io.Writer) error {
	if asJSON && (errors.Is(err, loose.ErrNoTiles) || errors.Is(err, loose.ErrTooDark) || errors.Is(err, loose.ErrTooBlurred)) {
		if werr := json.NewEncoder(stdout).Encode(scanLooseJSON{Game: game, Tiles: []scanLooseTile{}}); werr != nil {
			return werr
		}
	}
	return scanLooseError(path, err)
}

// scanLooseError turns what a player can act on into bad input naming the
// photo (exit 2).
func scanLooseError(path string, err error) error {
	for _, e := range []error{loose.ErrNoTiles, loose.ErrTooDark, loose.ErrTooBlurred, loose.ErrEmptyImage} {
		if errors.Is(err, e) {
			return usageErrorf("scan: %s: %s", path, strings.TrimPrefix(err.Error(), "loose: "))
		}
	}
	return fmt.Errorf("scan: %s: %w", path, err)
}
