package twists

import (
	"errors"
	"fmt"
)

// Deal is how many tiles each player takes, by the number of players.
var Deal = map[int]int{2: 54, 3: 36, 4: 27}

// Player is one player and the tiles they still hold: the face-down stack
// and the face-up active tiles together.
type Player struct {
	Name  string
	Tiles int
}

// Active is how many tiles the player has face up to play from: 7, or all
// they have left when fewer.
func (p Player) Active() int { return min(p.Tiles, MaxActive) }

// Gift is part of a give action: N tiles to the player named To.
type Gift struct {
	To string
	N  int
}

// Record is one turn of a game's history.
type Record struct {
	Player string
	Kind   string // "word", "action" (an action tile alone), "pass", "skipped"
	Move   *Move
	Gifts  []Gift
	Tiles  []int // every player's tile count after the turn, in seat order
}

// Game is a game in progress.
type Game struct {
	Alphabet Alphabet
	Players  []Player // in seat order, clockwise
	Board    *Board
	History  []Record
	Reversed bool // play goes anticlockwise
	Winner   string

	next int
}

// NewGame deals to 2-4 players seated clockwise in the order given; the
// first named plays first. board is the empty table (its size is the
// lattice every later board uses).
func NewGame(names []string, alpha Alphabet, board *Board) (*Game, error) {
	n, ok := Deal[len(names)]
	if !ok {
		return nil, fmt.Errorf("twists: %d players: the game is for 2, 3 or 4", len(names))
	}
	g := &Game{Alphabet: alpha, Board: board.Clone()}
	seen := map[string]bool{}
	for _, name := range names {
		if name == "" || seen[name] {
			return nil, fmt.Errorf("twists: player name %q is empty or used twice", name)
		}
		seen[name] = true
		g.Players = append(g.Players, Player{Name: name, Tiles: n})
	}
	return g, nil
}

// ToPlay is the name of the player whose turn it is.
func (g *Game) ToPlay() string { return g.Players[g.next].Name }

// Over reports whether someone has won.
func (g *Game) Over() bool { return g.Winner != "" }

func (g *Game) seat(name string) int {
	for i, p := range g.Players {
		if p.Name == name {
			return i
		}
	}
	return -1
}

func (g *Game) step() {
	d := 1
	if g.Reversed {
		d = len(g.Players) - 1
	}
	g.next = (g.next + d) % len(g.Players)
}

func (g *Game) counts() []int {
	out := make([]int, len(g.Players))
	for i, p := range g.Players {
		out[i] = p.Tiles
	}
	return out
}

func (g *Game) check(player string) error {
	if g.Over() {
		return reject(CodeGameOver, "the game is over: %s won", g.Winner)
	}
	if g.seat(player) < 0 {
		return fmt.Errorf("twists: no player is called %q", player)
	}
	if player != g.ToPlay() {
		return reject(CodeNotYourTurn, "it is %s's turn, not %s's", g.ToPlay(), player)
	}
	return nil
}

// Play is a turn of player: the word named ("" when only an action tile is
// placed), the table after it, and, for a give action, who gets the tiles.
// A rejected turn changes nothing: the player may try another word.
func (g *Game) Play(player, word string, after *Board, gifts []Gift, dict Dictionary) (*Move, error) {
	if err := g.check(player); err != nil {
		return nil, err
	}
	m, err := Judge(Turn{Word: word, Before: g.Board, After: after}, g.Alphabet, dict)
	if err != nil {
		return nil, err
	}
	me := &g.Players[g.next]
	placed := len(m.New)
	if m.Action != NoAction {
		placed++
	}
	if placed > me.Active() {
		return nil, reject(CodeTooFewTiles, "%s placed %d tiles but has %d active", player, placed, me.Active())
	}
	left := me.Tiles - placed
	want := min(m.Action.Gives(), left)
	total := 0
	for _, gf := range gifts {
		if gf.N < 1 {
			return nil, reject(CodeBadGive, "a gift of %d tiles to %s: give at least one", gf.N, gf.To)
		}
		if gf.To == player || g.seat(gf.To) < 0 {
			return nil, reject(CodeBadGive, "%s cannot receive tiles: give them to another player", gf.To)
		}
		total += gf.N
	}
	switch {
	case m.Action.Gives() == 0 && len(gifts) > 0:
		return nil, reject(CodeBadGive, "no give tile was placed, so no tiles are given")
	case total != want:
		return nil, reject(CodeBadGive, "the %s tile gives %d tiles (of the %d %s has left); the gifts add up to %d", m.Action.Name(), want, left, player, total)
	}
	me.Tiles = left - total
	for _, gf := range gifts {
		g.Players[g.seat(gf.To)].Tiles += gf.N
	}
	g.Board = after.Clone()
	kind := "word"
	if word == "" {
		kind = "action"
	}
	g.History = append(g.History, Record{Player: player, Kind: kind, Move: m, Gifts: gifts, Tiles: g.counts()})
	if me.Tiles == 0 {
		g.Winner = player
		return m, nil
	}
	if m.Action == Reverse {
		g.Reversed = !g.Reversed
	}
	g.step()
	if m.Action == Skip {
		g.History = append(g.History, Record{Player: g.ToPlay(), Kind: "skipped", Tiles: g.counts()})
		g.step()
	}
	return m, nil
}

// Pass is a player who cannot form a word: they pass and may exchange
// active tiles with their own stack, which leaves their count as it is.
func (g *Game) Pass(player string) error {
	if err := g.check(player); err != nil {
		return err
	}
	g.History = append(g.History, Record{Player: player, Kind: "pass", Tiles: g.counts()})
	g.step()
	return nil
}

// ErrLog is wrapped by Replay's errors about the log itself.
var ErrLog = errors.New("twists: game log")

// Replay plays a log from the empty table. It stops at the first turn that
// breaks a rule and returns the game so far and that turn's error, wrapped
// with the log line.
func Replay(l *Log, dict Dictionary) (*Game, error) {
	g, err := NewGame(l.Players, l.Alphabet, NewBoard(l.Rows, l.Cols))
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %w", l.Name, l.PlayersLine, err)
	}
	for _, e := range l.Entries {
		var err error
		switch e.Kind {
		case "pass":
			err = g.Pass(e.Player)
		default:
			_, err = g.Play(e.Player, e.Word, e.After, e.Gifts, dict)
		}
		if err != nil {
			return g, &TurnError{File: l.Name, Line: e.Line, Err: err}
		}
	}
	return g, nil
}

// TurnError is a turn of a log that failed.
type TurnError struct {
	File string
	Line int
	Err  error
}

func (e *TurnError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e *TurnError) Unwrap() error { return e.Err }
