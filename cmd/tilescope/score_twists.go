package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/scoring/twists"
)

func init() { gameScorers["twists"] = scoreTwists }

const twistsUsage = `usage:
  tilescope score --game twists --after A.txt [--before B.txt] [--word W] [--json]
  tilescope score --game twists --log GAME.txt [--json]
options: [--lang ru|en] [--dict FILE | --no-dict]
--before is the table before the turn (leave it out for the first word: an empty table);
a table is the text format or the JSON of 'tilescope scan --game twists --json';
--word the word the player names (leave it out when only an action tile was placed).
Formats: docs/twists.md.
`

func scoreTwists(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := scoreFlags("twists")
	beforePath := fs.String("before", "", "the table before the turn, twists text `FILE` (default: empty, the first word)")
	afterPath := fs.String("after", "", "the table after the turn, twists text `FILE`")
	word := fs.String("word", "", "the word the player names")
	logPath := fs.String("log", "", "replay a game log `FILE`: turns, tile counts and the winner")
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	noDict := fs.Bool("no-dict", false, "accept every word (no dictionary check)")
	noAlign := fs.Bool("no-align", false, "take --before and --after as on the same lattice (by default the before table is shifted onto the after table's lattice)")
	df := addDictFlags(fs, "ru")
	if help, err := parseScoreFlags(fs, args, twistsUsage, stderr); help || err != nil {
		return err
	}
	if *logPath != "" {
		if *beforePath != "" || *afterPath != "" || *word != "" {
			return usageErrorf("score: --log replays a whole game: give it without --before, --after or --word")
		}
		return twistsLog(*logPath, df, *noDict, *asJSON, stdout)
	}
	if *afterPath == "" {
		return usageErrorf("score: --game twists needs --after FILE (and --before FILE after the first word), or --log FILE")
	}
	alpha, err := twists.ParseAlphabet(df.lang)
	if err != nil {
		return usageErrorf("score: --lang %q: want ru or en", df.lang)
	}
	after, err := readTwists(*afterPath, alpha)
	if err != nil {
		return err
	}
	before := twists.NewBoard(after.Rows, after.Cols)
	if *beforePath != "" {
		if before, err = readTwists(*beforePath, alpha); err != nil {
			return err
		}
	}
	var aligned error
	if *beforePath != "" && !*noAlign {
		// Two photos' lattices are fitted separately: put before on after's.
		var b *twists.Board
		if b, _, _, aligned = twists.Align(before, after); aligned == nil {
			before = b
		}
	}
	d, err := scoreDict(df, *noDict)
	if err != nil {
		return err
	}
	var dict twists.Dictionary
	if d != nil {
		dict = d
	}
	m, err := twists.Judge(twists.Turn{Word: *word, Before: before, After: after}, alpha, dict)
	if aligned != nil {
		m, err = nil, aligned
	}
	var rej *twists.Rejection
	switch {
	case errors.As(err, &rej):
		return report(stdout, *asJSON, gameRejectionJSON{Game: "twists", Code: rej.Code, Error: rej.Msg}, illegalTurn(rej.Code, rej.Msg), true)
	case err != nil:
		return asBadInput(fmt.Errorf("score: %w", err))
	}
	out := twistsMoveJSON(m, after)
	if *asJSON {
		return writeJSON(stdout, out)
	}
	fmt.Fprint(stdout, describeTwistsMove(out, after, m))
	return nil
}

func readTwists(path string, alpha twists.Alphabet) (*twists.Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, asBadInput(fmt.Errorf("score: %w", err))
	}
	defer f.Close()
	// The scan command's JSON ({"tiles":[...]}) or the text format.
	br := bufio.NewReader(f)
	parse := twists.Parse
	if first, err := br.Peek(1); err == nil && first[0] == '{' {
		parse = twists.ParseScan
	}
	b, err := parse(br, path, alpha)
	if err != nil {
		return nil, asBadInput(err)
	}
	return b, nil
}

type twistsCellJSON struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Letter string `json:"letter"`
}

type twistsMove struct {
	Game     string           `json:"game"`
	Valid    bool             `json:"valid"`
	Word     string           `json:"word"`
	Path     []twistsCellJSON `json:"path"`
	New      []twistsCellJSON `json:"new"`
	Action   string           `json:"action,omitempty"`
	ActionAt *twistsCellJSON  `json:"action_at,omitempty"`
	First    bool             `json:"first"`
	Tiles    int              `json:"tiles"` // tiles the player put down
}

func twistsCells(ps []twists.Pos, b *twists.Board) []twistsCellJSON {
	out := []twistsCellJSON{}
	for _, p := range ps {
		out = append(out, twistsCellJSON{Row: p.Row, Col: p.Col, Letter: string(b.At(p))})
	}
	return out
}

func twistsMoveJSON(m *twists.Move, after *twists.Board) twistsMove {
	out := twistsMove{Game: "twists", Valid: true, Word: m.Word, Path: twistsCells(m.Path, after),
		New: twistsCells(m.New, after), First: m.First, Tiles: len(m.New)}
	if m.Action != twists.NoAction {
		out.Action = m.Action.Name()
		out.ActionAt = &twistsCellJSON{Row: m.ActionAt.Row, Col: m.ActionAt.Col, Letter: string(rune(m.Action))}
		out.Tiles++
	}
	return out
}

// describeTwistsMove draws the table with the word's tiles numbered in
// order (1-9, then a-z) and lists the path.
func describeTwistsMove(out twistsMove, after *twists.Board, m *twists.Move) string {
	var b strings.Builder
	if m.Word != "" {
		var cells []string
		for _, c := range out.Path {
			cells = append(cells, fmt.Sprintf("%s(%d,%d)", c.Letter, c.Row, c.Col))
		}
		fmt.Fprintf(&b, "%s traced: %s\n", m.Word, strings.Join(cells, " "))
		fmt.Fprintf(&b, "%d new letter tiles", len(m.New))
		if m.First {
			b.WriteString(", the first word")
		}
		b.WriteByte('\n')
	}
	if out.Action != "" {
		fmt.Fprintf(&b, "action tile: %s at row %d, column %d\n", out.Action, out.ActionAt.Row, out.ActionAt.Col)
	}
	order := map[twists.Pos]int{}
	for i, p := range m.Path {
		order[p] = i + 1
	}
	const marks = "123456789abcdefghijklmnopqrstuvwxyz"
	b.WriteByte('\n')
	for r := 0; r < after.Rows; r++ {
		for c := 0; c < after.Cols; c++ {
			p := twists.Pos{Row: r, Col: c}
			ch := after.At(p)
			if ch == 0 {
				ch = '.'
			}
			b.WriteRune(ch)
		}
		b.WriteString("   ")
		for c := 0; c < after.Cols; c++ {
			p := twists.Pos{Row: r, Col: c}
			switch k := order[p]; {
			case k > 0 && k <= len(marks):
				b.WriteByte(marks[k-1])
			case k > 0:
				b.WriteByte('*')
			case after.At(p) != 0:
				b.WriteByte('o')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

type twistsPlayerJSON struct {
	Name  string `json:"name"`
	Tiles int    `json:"tiles"`
}

type twistsTurnJSON struct {
	Player string         `json:"player"`
	Kind   string         `json:"kind"`
	Word   string         `json:"word,omitempty"`
	Action string         `json:"action,omitempty"`
	Gifts  map[string]int `json:"gifts,omitempty"`
	Tiles  []int          `json:"tiles"`
}

type twistsGameJSON struct {
	Game     string             `json:"game"`
	Valid    bool               `json:"valid"`
	Players  []twistsPlayerJSON `json:"players"`
	Turns    []twistsTurnJSON   `json:"turns"`
	ToPlay   string             `json:"to_play,omitempty"`
	Reversed bool               `json:"reversed"`
	Winner   string             `json:"winner,omitempty"`
	Code     string             `json:"code,omitempty"`
	Error    string             `json:"error,omitempty"`
}

func twistsLog(path string, df *dictFlags, noDict, asJSON bool, stdout io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return asBadInput(fmt.Errorf("score: %w", err))
	}
	defer f.Close()
	l, err := twists.ReadLog(f, path)
	if err != nil {
		return asBadInput(err)
	}
	if df.lang == "ru" && l.Alphabet == twists.English && df.path == "" {
		df.lang = "en" // the log says it is an English game
	}
	d, err := scoreDict(df, noDict)
	if err != nil {
		return err
	}
	var dict twists.Dictionary
	if d != nil {
		dict = d
	}
	g, err := twists.Replay(l, dict)
	if g == nil {
		return asBadInput(fmt.Errorf("score: %w", err))
	}
	out := twistsGameJSON{Game: "twists", Valid: err == nil, Reversed: g.Reversed, Winner: g.Winner}
	var rej *twists.Rejection
	if err != nil {
		if !errors.As(err, &rej) {
			return asBadInput(fmt.Errorf("score: %w", err))
		}
		out.Code, out.Error = rej.Code, err.Error()
	}
	for _, p := range g.Players {
		out.Players = append(out.Players, twistsPlayerJSON{Name: p.Name, Tiles: p.Tiles})
	}
	for _, r := range g.History {
		t := twistsTurnJSON{Player: r.Player, Kind: r.Kind, Tiles: r.Tiles}
		if r.Move != nil {
			t.Word = r.Move.Word
			t.Action = r.Move.Action.Name()
		}
		if len(r.Gifts) > 0 {
			t.Gifts = map[string]int{}
			for _, gf := range r.Gifts {
				t.Gifts[gf.To] += gf.N
			}
		}
		out.Turns = append(out.Turns, t)
	}
	if !g.Over() {
		out.ToPlay = g.ToPlay()
	}
	return report(stdout, asJSON, out, func() string { return describeTwistsGame(out) }, err != nil)
}

func describeTwistsGame(g twistsGameJSON) string {
	var b strings.Builder
	var names []string
	for _, p := range g.Players {
		names = append(names, p.Name)
	}
	fmt.Fprintf(&b, "players (clockwise): %s\n", strings.Join(names, ", "))
	for i, t := range g.Turns {
		fmt.Fprintf(&b, "%3d  %-10s ", i+1, t.Player)
		switch t.Kind {
		case "word":
			b.WriteString(t.Word)
		case "action":
			b.WriteString("(action tile only)")
		case "pass":
			b.WriteString("passes and exchanges")
		case "skipped":
			b.WriteString("is skipped")
		}
		if t.Action != "" {
			fmt.Fprintf(&b, " + %s", t.Action)
		}
		to := make([]string, 0, len(t.Gifts))
		for name := range t.Gifts {
			to = append(to, name)
		}
		sort.Strings(to)
		for _, name := range to {
			fmt.Fprintf(&b, " (gives %d to %s)", t.Gifts[name], name)
		}
		var counts []string
		for k, n := range t.Tiles {
			counts = append(counts, fmt.Sprintf("%s %d", names[k], n))
		}
		fmt.Fprintf(&b, "   tiles: %s\n", strings.Join(counts, ", "))
	}
	if g.Error != "" {
		fmt.Fprintf(&b, "stopped (%s): %s\n", g.Code, g.Error)
	}
	switch {
	case g.Winner != "":
		fmt.Fprintf(&b, "%s has no tiles left and wins\n", g.Winner)
	default:
		dir := "clockwise"
		if g.Reversed {
			dir = "anticlockwise"
		}
		fmt.Fprintf(&b, "%s to play (%s)\n", g.ToPlay, dir)
	}
	return b.String()
}
