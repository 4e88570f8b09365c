package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tilescope/tilescope/scoring/scrabble"
)

func init() { gameScorers["scrabble"] = scoreScrabble }

const scrabbleUsage = `usage:
  tilescope score --game scrabble --before B.txt --after A.txt [--json] [--dict FILE | --no-dict]
  tilescope score --game scrabble --racks R1,R2,... [--out N] [--json]
--before is the board before the turn (leave it out for the first turn: an empty board);
a board is 15 rows of 15 cells: '.' empty, A-Z a tile, a-z a blank named that letter,
* a blank whose letter is not known (the referee names it from the dictionary).
--racks scores the end of the game: the tiles left on each rack in seat order ('-' or
an empty field for none, ? a blank); --out is the seat (1-based) who went out, 0 for
a game ended by six scoreless turns. Formats and rules: docs/scrabble.md.
`

func scoreScrabble(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := scoreFlags("scrabble")
	beforePath := fs.String("before", "", "the board before the turn, grid text `FILE` (default: an empty board, the first turn)")
	afterPath := fs.String("after", "", "the board after the turn, grid text `FILE`")
	racks := fs.String("racks", "", "end of game: the `TILES` left on each rack, comma-separated in seat order")
	out := fs.Int("out", 0, "end of game: the seat (1-based) that went out; 0 when none did")
	asJSON := fs.Bool("json", false, "print JSON (DESIGN.md) instead of text")
	noDict := fs.Bool("no-dict", false, "accept every word (no dictionary check)")
	df := addDictFlags(fs, "en")
	if help, err := parseScoreFlags(fs, args, scrabbleUsage, stderr); help || err != nil {
		return err
	}
	if *racks != "" {
		if *beforePath != "" || *afterPath != "" {
			return usageErrorf("score: --racks scores the end of the game: give it without --before/--after")
		}
		return scrabbleEnd(*racks, *out, *asJSON, stdout)
	}
	if *afterPath == "" {
		return usageErrorf("score: --game scrabble needs --after FILE (and --before FILE after the first turn), or --racks")
	}
	before := &scrabble.Board{}
	if *beforePath != "" {
		b, err := readScrabbleBoard(*beforePath)
		if err != nil {
			return err
		}
		before = b
	}
	after, err := readScrabbleBoard(*afterPath)
	if err != nil {
		return err
	}
	d, err := scoreDict(df, *noDict)
	if err != nil {
		return err
	}
	var rules scrabble.Rules
	if d != nil {
		rules.Dictionary = d
	}
	move, err := rules.Judge(before, after)
	var rej *scrabble.Rejection
	switch {
	case errors.As(err, &rej):
		o := rejectionJSON{Game: "scrabble", Valid: false, Code: string(rej.Code), Error: rej.Msg}
		if rej.Pos != scrabble.NoPos {
			o.Row, o.Col = &rej.Pos.Row, &rej.Pos.Col
		}
		return report(stdout, *asJSON, o, illegalTurn(string(rej.Code), rej.Msg), true)
	case err != nil:
		return asBadInput(fmt.Errorf("score: %w", err))
	}
	if *asJSON {
		placed := move.Placed
		if placed == nil {
			placed = []scrabble.Placement{}
		}
		return writeJSON(stdout, turnJSON[scrabble.Placement, scrabble.Word]{Game: "scrabble", Valid: true, Placed: placed,
			Words: move.Words, Bonus: move.Bonus, Score: move.Score, First: move.First})
	}
	fmt.Fprint(stdout, drawScrabble(after, move))
	return nil
}

func readScrabbleBoard(path string) (*scrabble.Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, asBadInput(fmt.Errorf("score: %w", err))
	}
	defer f.Close()
	b, err := scrabble.Parse(f, path)
	if err != nil {
		return nil, asBadInput(err)
	}
	return b, nil
}

// drawScrabble draws the board after the turn, the placed tiles in
// brackets, then each word with its sum, the bonus and the total.
func drawScrabble(after *scrabble.Board, m scrabble.Move) string {
	placed := map[scrabble.Pos]string{}
	for _, p := range m.Placed {
		placed[p.At()] = scrabble.Tile{Letter: p.Letter[0], Blank: p.Blank}.String()
	}
	var sb strings.Builder
	sb.WriteString("   ")
	for c := range scrabble.Size {
		fmt.Fprintf(&sb, "%4d", c)
	}
	sb.WriteByte('\n')
	for r := range scrabble.Size {
		fmt.Fprintf(&sb, "%3d", r)
		for c := range scrabble.Size {
			p := scrabble.Pos{Row: r, Col: c}
			cell := after.At(p).String()
			if s, ok := placed[p]; ok {
				cell = "[" + s + "]"
			}
			fmt.Fprintf(&sb, "%4s", cell)
		}
		sb.WriteByte('\n')
	}
	tiles := "tiles"
	if len(m.Placed) == 1 {
		tiles = "tile"
	}
	first := ""
	if m.First {
		first = ", the first turn"
	}
	fmt.Fprintf(&sb, "\n%d %s placed (in brackets)%s\n", len(m.Placed), tiles, first)
	for _, p := range m.Placed {
		if p.Blank && m.Named {
			fmt.Fprintf(&sb, "  the blank at row %d, column %d is read as %s (the first letter that makes every word a word)\n", p.Row, p.Col, p.Letter)
		}
	}
	for _, w := range m.Words {
		fmt.Fprintf(&sb, "  %-15s %-6s from row %d, column %d  %4d  (%s)\n", w.Word, w.Dir, w.Row, w.Col, w.Score, w.How)
	}
	if m.Bonus > 0 {
		fmt.Fprintf(&sb, "  all seven tiles: +%d\n", m.Bonus)
	}
	fmt.Fprintf(&sb, "score: %d\n", m.Score)
	return sb.String()
}

// scrabbleEnd prints the end-of-game adjustment of each seat.
func scrabbleEnd(racks string, out int, asJSON bool, stdout io.Writer) error {
	fields := strings.Split(racks, ",")
	if out < 0 || out > len(fields) {
		return usageErrorf("score: --out %d: want a seat 1-%d, or 0 when nobody went out", out, len(fields))
	}
	values := make([]int, len(fields))
	for i, f := range fields {
		f = strings.TrimSpace(f)
		v, err := scrabble.RackValue(f)
		if err != nil {
			return usageErrorf("score: --racks seat %d: %v", i+1, err)
		}
		if out == i+1 && v != 0 || out == i+1 && f != "" && f != "-" {
			return usageErrorf("score: --racks seat %d went out (--out %d) but holds %q", i+1, out, f)
		}
		values[i] = v
	}
	adj := scrabble.Adjust(values, out-1)
	type seatJSON struct {
		Seat   int    `json:"seat"`
		Rack   string `json:"rack"`
		Value  int    `json:"rack_value"`
		Adjust int    `json:"adjust"`
	}
	var seats []seatJSON
	for i := range fields {
		seats = append(seats, seatJSON{Seat: i + 1, Rack: strings.TrimSpace(fields[i]), Value: values[i], Adjust: adj[i]})
	}
	if asJSON {
		return writeJSON(stdout, map[string]any{"game": "scrabble", "valid": true, "out": out, "seats": seats})
	}
	for _, s := range seats {
		how := fmt.Sprintf("-%d for the rack", s.Value)
		if s.Seat == out {
			how = fmt.Sprintf("went out: +%d, the others' racks", s.Adjust)
		}
		fmt.Fprintf(stdout, "seat %d  rack %-8q %+4d  (%s)\n", s.Seat, s.Rack, s.Adjust, how)
	}
	return nil
}
