package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/scoring/tileset"
)

func init() { gameScorers["pyramids"] = scorePyramids }

const pyramidsUsage = `usage:
  tilescope score --game pyramids --player COLOUR --before B.txt --after A.txt [--word W] [--taken T.txt] [--json]
  tilescope score --game pyramids --log GAME.txt [--json]
  tilescope score --game pyramids --first-player --before START.txt [--players red,blue,...] [--json]
options shared by all: [--stack 5|4] [--seats rbgy] [--printed FILE] [--player-set FILE] [--house-set FILE]
  [--lang en|ru] [--dict FILE | --no-dict]
--after is the board when the word is announced; --taken the board after the pyramids are taken.
Formats: docs/pyramids.md.
`

func scorePyramids(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := scoreFlags("pyramids")
	player := fs.String("player", "", "the speller's `colour`: red, blue, green or yellow")
	beforePath := fs.String("before", "", "the board when the turn began (with --first-player: the set-up), pyramids text `FILE`")
	afterPath := fs.String("after", "", "the board when the word is announced, pyramids text `FILE`")
	takenPath := fs.String("taken", "", "the board after the speller took the pyramids, pyramids text `FILE` (checked when given)")
	word := fs.String("word", "", "the word announced; leave out to let the referee find the one word that fits")
	logPath := fs.String("log", "", "replay a game log `FILE` and print the turns and the tally")
	first := fs.Bool("first-player", false, "apply the first-player rule to the set-up board given with --before")
	players := fs.String("players", "red,blue,green,yellow", "with --first-player: the colours playing, comma-separated")
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	noDict := fs.Bool("no-dict", false, "accept every word (no dictionary check)")
	stack := fs.Int("stack", 5, "pyramids per player space at the start: 5 (30 per colour) or 4 (24)")
	seats := fs.String("seats", "rbgy", "the colours sitting north, east, south and west")
	printedPath := fs.String("printed", "", "the letters printed on the board, a layout `FILE` (default: Tilescope's, docs/pyramids.md)")
	playerSetPath := fs.String("player-set", "", "one colour's pyramids, a set `FILE` (LETTER COUNT [VALUE] per line)")
	houseSetPath := fs.String("house-set", "", "the black house pyramids, a set `FILE`")
	df := addDictFlags(fs, "en")
	if help, err := parseScoreFlags(fs, args, pyramidsUsage, stderr); help || err != nil {
		return err
	}
	setup, err := pyramidsSetup(*stack, *seats, *printedPath, *playerSetPath, *houseSetPath)
	if err != nil {
		return err
	}
	switch {
	case *logPath != "":
		if *beforePath != "" || *afterPath != "" || *first {
			return usageErrorf("score: --log replays a whole game: give it without --before, --after or --first-player")
		}
		d, err := scoreDict(df, *noDict)
		if err != nil {
			return err
		}
		return pyramidsLog(setup, *logPath, d, *asJSON, stdout)
	case *first:
		if *beforePath == "" {
			return usageErrorf("score: --first-player needs the set-up board: --before FILE")
		}
		return pyramidsFirst(setup, *beforePath, *players, *asJSON, stdout)
	}
	if *beforePath == "" || *afterPath == "" || *player == "" {
		return usageErrorf("score: --game pyramids needs --player COLOUR, --before FILE and --after FILE (or --log FILE, or --first-player)")
	}
	colour, ok := pyramids.ParseColour(*player)
	if !ok || !colour.IsPlayer() {
		return usageErrorf("score: --player %q: want red, blue, green or yellow", *player)
	}
	before, err := readPyramids(*beforePath)
	if err != nil {
		return err
	}
	announced, err := readPyramids(*afterPath)
	if err != nil {
		return err
	}
	var taken *pyramids.Board
	if *takenPath != "" {
		if taken, err = readPyramids(*takenPath); err != nil {
			return err
		}
	}
	d, err := scoreDict(df, *noDict)
	if err != nil {
		return err
	}
	var dict pyramids.Dictionary
	if d != nil {
		dict = d
	}
	m, err := pyramids.Judge(setup, pyramids.Turn{Player: colour, Word: *word, Before: before, Announced: announced}, dict)
	if err == nil && taken != nil {
		err = pyramids.CheckTaking(announced, taken, m)
	}
	var rej *pyramids.Rejection
	switch {
	case errors.As(err, &rej):
		return report(stdout, *asJSON, gameRejectionJSON{Game: "pyramids", Code: rej.Code, Error: rej.Msg}, illegalTurn(rej.Code, rej.Msg), true)
	case err != nil:
		return asBadInput(fmt.Errorf("score: %w", err))
	}
	if *asJSON {
		return writeJSON(stdout, pyramidsMoveJSON(m))
	}
	fmt.Fprint(stdout, describePyramidsMove(m))
	return nil
}

// pyramidsSetup builds the Setup from the options.
func pyramidsSetup(stack int, seats, printedPath, playerSetPath, houseSetPath string) (*pyramids.Setup, error) {
	s := pyramids.DefaultSetup()
	switch stack {
	case 5:
	case 4:
		s.StackSize, s.PlayerSet = 4, pyramids.PlayerSet24
	default:
		return nil, usageErrorf("score: --stack %d: want 5 or 4", stack)
	}
	seat, err := pyramids.ParseSeats(seats)
	if err != nil {
		return nil, usageErrorf("score: --seats: %v", err)
	}
	s.Seats = seat
	if printedPath != "" {
		f, err := os.Open(printedPath)
		if err != nil {
			return nil, asBadInput(fmt.Errorf("score: %w", err))
		}
		defer f.Close()
		if s.Printed, err = pyramids.ParsePrinted(f, printedPath); err != nil {
			return nil, asBadInput(err)
		}
	}
	for _, set := range []struct {
		path string
		dst  *tileset.Set
	}{{playerSetPath, &s.PlayerSet}, {houseSetPath, &s.HouseSet}} {
		if set.path == "" {
			continue
		}
		f, err := os.Open(set.path)
		if err != nil {
			return nil, asBadInput(fmt.Errorf("score: %w", err))
		}
		parsed, err := pyramids.ParseSet(f, set.path)
		f.Close()
		if err != nil {
			return nil, asBadInput(err)
		}
		*set.dst = parsed
	}
	return &s, nil
}

func readPyramids(path string) (*pyramids.Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, asBadInput(fmt.Errorf("score: %w", err))
	}
	defer f.Close()
	b, err := pyramids.Parse(f, path)
	if err != nil {
		return nil, asBadInput(err)
	}
	return b, nil
}

// gameRejectionJSON is an illegal turn: valid false, the code and message.
type gameRejectionJSON struct {
	Game  string `json:"game"`
	Valid bool   `json:"valid"`
	Code  string `json:"code"`
	Error string `json:"error"`
	Score int    `json:"score"`
}

type pyramidSquareJSON struct {
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	Letter  string `json:"letter"`
	Colour  string `json:"colour"`
	Value   int    `json:"value"`
	Printed bool   `json:"printed"`
	Moved   bool   `json:"moved"`
	From    []int  `json:"from,omitempty"`
}

type pyramidsMove struct {
	Game    string              `json:"game"`
	Valid   bool                `json:"valid"`
	Player  string              `json:"player"`
	Side    string              `json:"side"`
	Word    string              `json:"word"`
	Squares []pyramidSquareJSON `json:"squares"`
	Score   int                 `json:"score"`
}

func pyramidsMoveJSON(m *pyramids.Move) pyramidsMove {
	out := pyramidsMove{Game: "pyramids", Valid: true, Player: m.Player.String(), Side: m.Side.String(), Word: m.Word, Score: m.Score}
	for _, sq := range m.Squares {
		j := pyramidSquareJSON{Row: sq.Pos.Row, Col: sq.Pos.Col, Letter: sq.Letter, Colour: sq.Colour.String(),
			Value: sq.Value, Printed: sq.Printed, Moved: sq.Moved}
		if sq.Colour == pyramids.NoColour {
			j.Colour = ""
		}
		if sq.Moved {
			j.From = []int{sq.From.Row, sq.From.Col}
		}
		out.Squares = append(out.Squares, j)
	}
	return out
}

func describePyramidsMove(m *pyramids.Move) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s spells %s, read from the %s side\n", m.Player, m.Word, m.Side)
	for _, sq := range m.Squares {
		what := sq.Colour.String() + " pyramid"
		if sq.Printed {
			what = "printed letter"
		}
		fmt.Fprintf(&b, "  %-18s %s  %-15s %2d", sq.Pos, sq.Letter, what, sq.Value)
		if sq.Moved {
			fmt.Fprintf(&b, "  moved from %s", sq.From)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%s takes %d pyramids for %d points\n", m.Player, len(m.Taken), m.Score)
	return b.String()
}

func pyramidsFirst(setup *pyramids.Setup, path, playerList string, asJSON bool, stdout io.Writer) error {
	b, err := readPyramids(path)
	if err != nil {
		return err
	}
	var players []pyramids.Colour
	for _, s := range strings.Split(playerList, ",") {
		c, ok := pyramids.ParseColour(strings.TrimSpace(s))
		if !ok || !c.IsPlayer() {
			return usageErrorf("score: --players: %q is not a player colour", s)
		}
		players = append(players, c)
	}
	g, err := pyramids.NewGame(setup, b, players)
	if err != nil {
		return asBadInput(fmt.Errorf("score: %s: %w", path, err))
	}
	var order []string
	for _, c := range g.Players {
		order = append(order, c.String())
	}
	if asJSON {
		return writeJSON(stdout, map[string]any{"game": "pyramids", "first": order[0], "order": order})
	}
	fmt.Fprintf(stdout, "%s goes first; then clockwise: %s\n", order[0], strings.Join(order, ", "))
	return nil
}

type pyramidsTurnJSON struct {
	Line   int    `json:"line,omitempty"`
	Player string `json:"player"`
	Kind   string `json:"kind"`
	By     string `json:"by,omitempty"`
	Word   string `json:"word,omitempty"`
	Score  int    `json:"score"`
	Code   string `json:"code,omitempty"`
	Error  string `json:"error,omitempty"`
}

type pyramidsTallyJSON struct {
	Player string `json:"player"`
	Taken  int    `json:"taken"`
	Left   int    `json:"left"`
	Score  int    `json:"score"`
}

type pyramidsGameJSON struct {
	Game    string              `json:"game"`
	Valid   bool                `json:"valid"`
	Players []string            `json:"players"`
	Turns   []pyramidsTurnJSON  `json:"turns"`
	ToPlay  string              `json:"to_play,omitempty"`
	Over    bool                `json:"over"`
	Ended   string              `json:"ended,omitempty"`
	Tally   []pyramidsTallyJSON `json:"tally"`
	Code    string              `json:"code,omitempty"`
	Error   string              `json:"error,omitempty"`
}

func pyramidsLog(setup *pyramids.Setup, path string, d interface{ Contains(string) bool }, asJSON bool, stdout io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return asBadInput(fmt.Errorf("score: %w", err))
	}
	defer f.Close()
	l, err := pyramids.ReadLog(f, path)
	if err != nil {
		return asBadInput(err)
	}
	var dict pyramids.Dictionary
	if d != nil {
		dict = d
	}
	g, err := pyramids.Replay(setup, l, dict)
	var rej *pyramids.Rejection
	if err != nil && (g == nil || !errors.As(err, &rej)) {
		return asBadInput(fmt.Errorf("score: %w", err))
	}
	out := pyramidsGameJSON{Game: "pyramids", Valid: err == nil, Over: g.Over()}
	if err != nil {
		out.Code, out.Error = rej.Code, err.Error()
	}
	for _, c := range g.Players {
		out.Players = append(out.Players, c.String())
	}
	for _, r := range g.History {
		t := pyramidsTurnJSON{Player: r.Player.String(), Kind: r.Kind}
		switch r.Kind {
		case "word":
			t.Word, t.Score = r.Move.Word, r.Move.Score
		case "challenge":
			t.Word, t.By = r.Move.Word, r.By.String()
		case "rejected":
			t.Code, t.Error = r.Rejection.Code, r.Rejection.Msg
		}
		out.Turns = append(out.Turns, t)
	}
	if g.Over() {
		out.Ended = g.Ended.String()
	} else {
		out.ToPlay = g.ToPlay().String()
	}
	for _, r := range g.Tally() {
		out.Tally = append(out.Tally, pyramidsTallyJSON{Player: r.Player.String(), Taken: r.Taken, Left: r.Left, Score: r.Score})
	}
	return report(stdout, asJSON, out, func() string { return describePyramidsGame(out) }, err != nil)
}

func describePyramidsGame(g pyramidsGameJSON) string {
	var b strings.Builder
	fmt.Fprintf(&b, "players, in turn order: %s\n", strings.Join(g.Players, ", "))
	for i, t := range g.Turns {
		fmt.Fprintf(&b, "%3d  %-7s ", i+1, t.Player)
		switch t.Kind {
		case "word":
			fmt.Fprintf(&b, "%s for %d\n", t.Word, t.Score)
		case "challenge":
			fmt.Fprintf(&b, "%s challenged by %s: it is a word; %s loses a turn\n", t.Word, t.By, t.By)
		case "lost_turn":
			b.WriteString("misses this turn (failed challenge)\n")
		case "forfeit":
			b.WriteString("could not complete a word: turn forfeited\n")
		case "rejected":
			fmt.Fprintf(&b, "refused (%s): %s\n", t.Code, t.Error)
		}
	}
	if g.Error != "" {
		fmt.Fprintf(&b, "stopped (%s): %s\n", g.Code, g.Error)
	}
	if g.Over {
		fmt.Fprintf(&b, "game over: %s has no pyramids left\nfinal tally (taken - own left on the board):\n", g.Ended)
	} else {
		fmt.Fprintf(&b, "%s to play\nrunning totals (taken; own pyramids left on the board would count against):\n", g.ToPlay)
	}
	for _, r := range g.Tally {
		fmt.Fprintf(&b, "  %-7s %3d - %3d = %4d\n", r.Player, r.Taken, r.Left, r.Score)
	}
	return b.String()
}
