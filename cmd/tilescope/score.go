package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/lexicon"
	"github.com/tilescope/tilescope/scoring/upwords"
)

func init() {
	register(command{name: "score", summary: "judge and score a turn (upwords) or a crossword (lexicon, ...)", run: runScore})
}

// runScore takes --game out of args and hands the rest to that game's
// scorer: upwords and lexicon here, other games through gameScorers.
func runScore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	game, rest, err := takeGameFlag(args)
	if err != nil {
		return err
	}
	switch game {
	case "upwords":
		return scoreUpwords(ctx, rest, stdout, stderr)
	case "lexicon":
		return scoreLexicon(ctx, rest, stdout, stderr)
	}
	if f, ok := gameScorers[game]; ok {
		return f(ctx, rest, stdout, stderr)
	}
	if game == "" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			fmt.Fprint(stderr, scoreUsage())
			return nil
		}
		return usageErrorf("score: --game is missing: want one of %s", strings.Join(scoreGames(), ", "))
	}
	return usageErrorf("score: unknown game %q: want one of %s", game, strings.Join(scoreGames(), ", "))
}

func scoreGames() []string {
	games := []string{"upwords", "lexicon"}
	for g := range gameScorers {
		games = append(games, g)
	}
	sort.Strings(games)
	return games
}

func scoreUsage() string {
	return `usage:
  tilescope score --game upwords --before B.txt --after A.txt [--json] [--dict FILE | --no-dict] [--edition 10|8]
  tilescope score --game upwords --rack-left N [--json]
  tilescope score --game lexicon --layout L.txt [--layout L2.txt ...] [--leftover N ...] [--json] [--dict FILE | --no-dict]
games: ` + strings.Join(scoreGames(), ", ") + "\n"
}

// takeGameFlag removes --game X (or -game X, --game=X) from args.
func takeGameFlag(args []string) (game string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "game" || a == "-" || a == "--" {
			rest = append(rest, a)
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return "", nil, usageErrorf("score: --game needs a value: one of %s", strings.Join(scoreGames(), ", "))
			}
			i++
			val = args[i]
		}
		if game != "" {
			return "", nil, usageErrorf("score: --game given twice")
		}
		game = strings.ToLower(strings.TrimSpace(val))
	}
	return game, rest, nil
}

// scoreFlags starts a flag set for one game's scorer.
func scoreFlags(game string) *flag.FlagSet {
	// The flag package's own messages are dropped: a usage error is one
	// line (from main), and -h prints the usage below.
	fs := flag.NewFlagSet("score --game "+game, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseScoreFlags parses one game's flags; -h prints usage and the flags.
func parseScoreFlags(fs *flag.FlagSet, args []string, usage string, stderr io.Writer) (help bool, err error) {
	if err := parseArgs(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, usage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return true, nil
		}
		return false, usageErrorf("score: %v", err)
	}
	if fs.NArg() > 0 {
		return false, usageErrorf("score: unexpected argument %q (files go after their flags: --before, --after, --layout, --log, ...)", fs.Arg(0))
	}
	return false, nil
}

// wordChecker is what the scorers need of a dictionary; nil means --no-dict.
type wordChecker interface{ Contains(string) bool }

func scoreDict(df *dictFlags, noDict bool) (wordChecker, error) {
	if noDict {
		if df.path != "" {
			return nil, usageErrorf("score: --dict and --no-dict together: choose one")
		}
		return nil, nil
	}
	d, err := df.open()
	if err != nil {
		return nil, err
	}
	return d, nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// report prints a result as JSON (v) or as text for a player (human), and
// maps a refusal (an illegal turn, an invalid game) to exit status 1 with
// nothing more on stderr: the explanation is already on stdout.
func report(stdout io.Writer, asJSON bool, v any, human func() string, refused bool) error {
	if asJSON {
		if err := writeJSON(stdout, v); err != nil {
			return err
		}
	} else {
		fmt.Fprint(stdout, human())
	}
	if refused {
		return errSilent
	}
	return nil
}

// illegalTurn is the text of a rejected turn, the same for every game.
func illegalTurn(code, msg string) func() string {
	return func() string { return fmt.Sprintf("illegal turn (%s): %s\n", code, msg) }
}

// ---- Upwords ----

func scoreUpwords(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := scoreFlags("upwords")
	beforePath := fs.String("before", "", "the board before the turn, grid text `FILE`")
	afterPath := fs.String("after", "", "the board after the turn, grid text `FILE`")
	asJSON := fs.Bool("json", false, "print JSON (DESIGN.md) instead of text")
	noDict := fs.Bool("no-dict", false, "accept every word (no dictionary check)")
	edition := fs.Int("edition", 10, "board edition: 10 (10x10) or 8 (classic 8x8)")
	maxHeight := fs.Int("max-height", upwords.DefaultMaxHeight, "highest stack allowed")
	rackLeft := fs.Int("rack-left", -1, "end of game: print the rack penalty for `N` tiles left (-5 each) instead of judging a turn")
	df := addDictFlags(fs, "en")
	if help, err := parseScoreFlags(fs, args, scoreUsage(), stderr); help || err != nil {
		return err
	}
	rackSet := false
	fs.Visit(func(f *flag.Flag) { rackSet = rackSet || f.Name == "rack-left" })
	if rackSet && *rackLeft < 0 {
		return usageErrorf("score: --rack-left %d: want the number of tiles left on the rack, 0 to %d", *rackLeft, upwords.MaxTiles)
	}
	if rackSet {
		if *beforePath != "" || *afterPath != "" {
			return usageErrorf("score: --rack-left scores the end of the game: give it without --before/--after")
		}
		if *rackLeft > upwords.MaxTiles {
			return usageErrorf("score: --rack-left %d: a rack holds at most %d tiles", *rackLeft, upwords.MaxTiles)
		}
		pen := upwords.RackPenalty(*rackLeft)
		if *asJSON {
			return writeJSON(stdout, map[string]any{"game": "upwords", "valid": true, "rack_left": *rackLeft, "score": pen})
		}
		fmt.Fprintf(stdout, "rack penalty: %d tiles left x -%d = %d\n", *rackLeft, upwords.RackPenaltyPerTile, pen)
		return nil
	}
	if *beforePath == "" || *afterPath == "" {
		return usageErrorf("score: --game upwords needs --before FILE and --after FILE (or --rack-left N)")
	}
	if *edition != 10 && *edition != 8 {
		return usageErrorf("score: --edition %d: want 10 or 8", *edition)
	}
	if *maxHeight < 1 {
		return usageErrorf("score: --max-height %d: want 1 or more", *maxHeight)
	}
	rules := upwords.Rules{Edition: upwords.Edition(*edition), MaxHeight: *maxHeight}
	before, err := readBoard(*beforePath, rules.Size())
	if err != nil {
		return err
	}
	after, err := readBoard(*afterPath, rules.Size())
	if err != nil {
		return err
	}
	d, err := scoreDict(df, *noDict)
	if err != nil {
		return err
	}
	if d != nil {
		rules.Dictionary = d
	}
	move, err := rules.Judge(before, after)
	var rej *upwords.Rejection
	switch {
	case errors.As(err, &rej):
		out := rejectionJSON{Game: "upwords", Valid: false, Code: string(rej.Code), Error: rej.Msg}
		out.Row, out.Col = posJSON(rej.Pos, upwords.NoPos)
		return report(stdout, *asJSON, out, illegalTurn(string(rej.Code), rej.Msg), true)
	case err != nil:
		return asBadInput(fmt.Errorf("score: %w", err))
	}
	if *asJSON {
		return writeJSON(stdout, turnJSON[upwords.Placement, upwords.Word]{Game: "upwords", Valid: true, Placed: move.Placed,
			Words: move.Words, Bonus: move.Bonus, Score: move.Score, First: move.First})
	}
	fmt.Fprint(stdout, drawUpwords(after, move))
	return nil
}

// turnJSON is DESIGN.md's JSON of a legal turn on a grid (Upwords,
// Scrabble): each game's placements and words carry their own fields
// (Upwords' "height", Scrabble's "blank"; words' "row", "col", "dir"), and
// the turn adds "first".
type turnJSON[P, W any] struct {
	Game   string `json:"game"`
	Valid  bool   `json:"valid"`
	Placed []P    `json:"placed"`
	Words  []W    `json:"words"`
	Bonus  int    `json:"bonus"`
	Score  int    `json:"score"`
	First  bool   `json:"first"`
}

// rejectionJSON is DESIGN.md's JSON of an illegal turn or an invalid
// crossword, with the square ("row", "col") added when there is one.
type rejectionJSON struct {
	File  string `json:"file,omitempty"` // in a lexicon ranking
	Rank  *int   `json:"rank,omitempty"` // in a lexicon ranking: 0
	Game  string `json:"game,omitempty"`
	Valid bool   `json:"valid"`
	Code  string `json:"code"`
	Error string `json:"error"`
	Row   *int   `json:"row,omitempty"`
	Col   *int   `json:"col,omitempty"`
	Score int    `json:"score"`
}

func posJSON(p, none grid.Pos) (row, col *int) {
	if p == none {
		return nil, nil
	}
	return &p.Row, &p.Col
}

// readBoard reads a grid text file and checks its size against the
// edition; every error is bad input naming the file.
func readBoard(path string, size int) (*grid.Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, asBadInput(fmt.Errorf("score: %w", err))
	}
	defer f.Close()
	b, err := grid.Parse(f, path)
	if err != nil {
		return nil, asBadInput(err)
	}
	if b.Rows != size || b.Cols != size {
		hint := ""
		if b.Rows == 8 && b.Cols == 8 {
			hint = " (for the classic 8x8 board use --edition 8)"
		}
		return nil, usageErrorf("%s: the board is %d rows by %d columns; the %dx%d edition needs %d by %d%s",
			path, b.Rows, b.Cols, size, size, size, size, hint)
	}
	return b, nil
}

// drawUpwords draws the board after a turn with the placed tiles in
// brackets, then each word with its points, the bonus and the total.
func drawUpwords(after *grid.Board, m upwords.Move) string {
	placed := map[grid.Pos]bool{}
	for _, p := range m.Placed {
		placed[p.Pos] = true
	}
	var sb strings.Builder
	sb.WriteString("   ")
	for c := 0; c < after.Cols; c++ {
		fmt.Fprintf(&sb, "%5d", c)
	}
	sb.WriteByte('\n')
	for r := 0; r < after.Rows; r++ {
		fmt.Fprintf(&sb, "%3d", r)
		for c := 0; c < after.Cols; c++ {
			p := grid.Pos{Row: r, Col: c}
			cell := after.At(p).String()
			if placed[p] {
				cell = "[" + cell + "]"
			}
			fmt.Fprintf(&sb, "%5s", cell)
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("\n")
	tiles := "tiles"
	if len(m.Placed) == 1 {
		tiles = "tile"
	}
	fmt.Fprintf(&sb, "%d %s placed (in brackets)%s\n", len(m.Placed), tiles, map[bool]string{true: ", the first turn", false: ""}[m.First])
	for _, w := range m.Words {
		how := "flat: 2 a tile"
		if w.Stacked {
			how = "stacked: the stack heights"
		} else if w.Qu {
			how = "flat: 2 a tile, +2 for Qu"
		}
		fmt.Fprintf(&sb, "  %-10s %-6s from row %d, column %d  %3d  (%s)\n", w.Word, w.DirName(), w.Start.Row, w.Start.Col, w.Score, how)
	}
	if m.Bonus > 0 {
		fmt.Fprintf(&sb, "  %-42s %3d\n", "all 7 tiles", m.Bonus)
	}
	fmt.Fprintf(&sb, "  %-42s %3d\n", "total", m.Score)
	return sb.String()
}

// ---- Lexicon Crossing ----

// repeated collects a flag given several times.
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(s string) error { *r = append(*r, s); return nil }

func scoreLexicon(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := scoreFlags("lexicon")
	var layouts, leftovers repeated
	fs.Var(&layouts, "layout", "a player's crossword `FILE` (one row per line, one character per square); repeat to rank several")
	fs.Var(&leftovers, "leftover", "tiles `N` the player did not place; once for all layouts or once per --layout, in order")
	asJSON := fs.Bool("json", false, "print JSON (DESIGN.md) instead of text")
	noDict := fs.Bool("no-dict", false, "accept every word (no dictionary check)")
	df := addDictFlags(fs, "en")
	if help, err := parseScoreFlags(fs, args, scoreUsage(), stderr); help || err != nil {
		return err
	}
	if len(layouts) == 0 {
		return usageErrorf("score: --game lexicon needs --layout FILE")
	}
	if len(leftovers) > 1 && len(leftovers) != len(layouts) {
		return usageErrorf("score: %d --leftover values for %d --layout files: give one for all or one per layout", len(leftovers), len(layouts))
	}
	left := make([]int, len(layouts))
	for i := range left {
		if len(leftovers) == 0 {
			continue
		}
		s := leftovers[0]
		if len(leftovers) > 1 {
			s = leftovers[i]
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return usageErrorf("score: --leftover %q: want a whole number 0 or more", s)
		}
		left[i] = n
	}
	var parsed []*lexicon.Layout
	for _, path := range layouts {
		f, err := os.Open(path)
		if err != nil {
			return asBadInput(fmt.Errorf("score: %w", err))
		}
		l, err := lexicon.Parse(f, path)
		f.Close()
		if err != nil {
			return asBadInput(err)
		}
		parsed = append(parsed, l)
	}
	d, err := scoreDict(df, *noDict)
	if err != nil {
		return err
	}
	var entries []lexicon.Entry
	for i, l := range parsed {
		var res lexicon.Result
		var err error
		if d == nil {
			res, err = lexicon.Score(l, left[i], nil)
		} else {
			res, err = lexicon.Score(l, left[i], d)
		}
		var rej *lexicon.Rejection
		if err != nil && !errors.As(err, &rej) {
			return asBadInput(fmt.Errorf("score: %s: %w", layouts[i], err))
		}
		entries = append(entries, lexicon.Entry{Name: layouts[i], Result: res, Err: err})
	}
	anyInvalid := false
	for _, e := range entries {
		anyInvalid = anyInvalid || e.Err != nil
	}
	if len(entries) == 1 {
		e := entries[0]
		if *asJSON {
			if err := writeJSON(stdout, lexiconJSON(e, parsed[0], false)); err != nil {
				return err
			}
			if anyInvalid {
				return errSilent
			}
			return nil
		}
		if e.Err != nil {
			var rej *lexicon.Rejection
			errors.As(e.Err, &rej)
			fmt.Fprintf(stdout, "%s: invalid crossword (%s): %s\n", e.Name, rej.Code, rej.Msg)
			return errSilent
		}
		fmt.Fprint(stdout, drawLexicon(parsed[0], e.Result))
		return nil
	}
	ranked := lexicon.Rank(entries)
	index := map[string]int{}
	for i, p := range layouts {
		index[p] = i
	}
	if *asJSON {
		var out []any
		for _, e := range ranked {
			out = append(out, lexiconJSON(e, parsed[index[e.Name]], true))
		}
		if err := writeJSON(stdout, struct {
			Game    string `json:"game"`
			Ranking []any  `json:"ranking"`
		}{"lexicon", out}); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(stdout, "%-4s  %6s  %6s  %-13s  %s\n", "rank", "score", "x50", "points/words", "crossword")
		for _, e := range ranked {
			if e.Err != nil {
				var rej *lexicon.Rejection
				errors.As(e.Err, &rej)
				fmt.Fprintf(stdout, "%-4s  %6s  %6s  %-13s  %s: invalid (%s): %s\n", "-", "", "", "", e.Name, rej.Code, rej.Msg)
				continue
			}
			r := e.Result
			fmt.Fprintf(stdout, "%-4d  %6.2f  %6.1f  %-13s  %s\n", e.Rank, r.Rounded(), r.X50(),
				fmt.Sprintf("%d/%d", r.Points, r.Divisor()), e.Name)
		}
	}
	if anyInvalid {
		return errSilent
	}
	return nil
}

// lexiconResultJSON is DESIGN.md's JSON of one valid crossword, with
// "score_x50" (and, in a ranking, "file" and "rank") added.
type lexiconResultJSON struct {
	File          string             `json:"file,omitempty"`
	Rank          int                `json:"rank,omitempty"`
	Game          string             `json:"game,omitempty"`
	Valid         bool               `json:"valid"`
	Words         []string           `json:"words"`
	Intersections []intersectionJSON `json:"intersections"`
	Points        int                `json:"points"`
	WordCount     int                `json:"word_count"`
	Leftover      int                `json:"leftover"`
	Score         float64            `json:"score"`
	ScoreX50      float64            `json:"score_x50"`
}

type intersectionJSON struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Letter string `json:"letter"`
	Value  int    `json:"value"`
}

// lexiconJSON is the JSON of one crossword: in a ranking it names the file
// and its rank instead of the game.
func lexiconJSON(e lexicon.Entry, l *lexicon.Layout, ranking bool) any {
	game, file := "lexicon", ""
	if ranking {
		game, file = "", e.Name
	}
	if e.Err != nil {
		var rej *lexicon.Rejection
		errors.As(e.Err, &rej)
		out := rejectionJSON{File: file, Game: game, Code: string(rej.Code), Error: rej.Msg}
		if ranking {
			out.Rank = new(int)
		}
		out.Row, out.Col = posJSON(rej.Pos, lexicon.NoPos)
		return out
	}
	r := e.Result
	out := lexiconResultJSON{File: file, Rank: e.Rank, Game: game, Valid: true,
		Words: make([]string, len(r.Words)), Intersections: make([]intersectionJSON, len(r.Intersections)),
		Points: r.Points, WordCount: r.WordCount, Leftover: r.Leftover, Score: r.Rounded(), ScoreX50: r.X50()}
	for i, w := range r.Words {
		out.Words[i] = w.Word
	}
	for i, x := range r.Intersections {
		out.Intersections[i] = intersectionJSON{x.Pos.Row, x.Pos.Col, x.Letter, x.Value}
	}
	return out
}

// drawLexicon draws a crossword with the scoring tiles (those in two
// words) in brackets, then the words, the points and the score.
func drawLexicon(l *lexicon.Layout, r lexicon.Result) string {
	inter := map[grid.Pos]bool{}
	for _, x := range r.Intersections {
		inter[x.Pos] = true
	}
	var sb strings.Builder
	for row := 0; row < l.Rows; row++ {
		var line strings.Builder
		for c := 0; c < l.Cols; c++ {
			p := grid.Pos{Row: row, Col: c}
			switch t := l.At(p); {
			case t == 0:
				line.WriteString(" . ")
			case inter[p]:
				fmt.Fprintf(&line, "[%c]", t)
			default:
				fmt.Fprintf(&line, " %c ", t)
			}
		}
		sb.WriteString(strings.TrimRight(line.String(), " .") + "\n")
	}
	sb.WriteString("\n")
	words := make([]string, len(r.Words))
	for i, w := range r.Words {
		words[i] = w.Word
	}
	fmt.Fprintf(&sb, "words (%d): %s\n", r.WordCount, strings.Join(words, " "))
	var parts []string
	for _, x := range r.Intersections {
		parts = append(parts, fmt.Sprintf("%s %d", x.Letter, x.Value))
	}
	if len(parts) == 0 {
		parts = []string{"none"}
	}
	fmt.Fprintf(&sb, "tiles in two words (in brackets): %s = %d points\n", strings.Join(parts, " + "), r.Points)
	fmt.Fprintf(&sb, "score: %d points / (%d words + %d leftover) = %.2f   (x50: %.1f)\n",
		r.Points, r.WordCount, r.Leftover, r.Rounded(), r.X50())
	return sb.String()
}
