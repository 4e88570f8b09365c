package scrabble

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/scrabble"
)

// Kind is the game's name in commands, JSON and the store.
const Kind = "scrabble"

// MaxRackValue is the most a rack can be worth at the end: Q, Z, J, X, K
// and two 4-point tiles.
const MaxRackValue = 10 + 10 + 8 + 8 + 5 + 4 + 4

// Game is Scrabble; register it with game.Register(scrabble.Game{}).
type Game struct{}

var _ game.Game = Game{}

// Info describes Scrabble.
func (Game) Info() game.Info {
	return game.Info{
		Kind: Kind, Title: "Scrabble", MinPlayers: 2, MaxPlayers: 4,
		Options: []game.Option{
			game.RefuseOption(),
		},
	}
}

// New sets Scrabble up for a table. With env.Camera the board reader (it
// loads the tile classifier) is made now, else on first use.
func (Game) New(opt game.Options, env game.Env) (game.Rules, error) {
	if err := game.CheckOptions(Game{}.Info(), opt); err != nil {
		return nil, err
	}
	refuse, err := opt.Bool(game.OptRefuse, false)
	if err != nil {
		return nil, err
	}
	r := &Rules{env: env}
	if env.Dict != nil {
		r.rules.Names = env.Dict
		if refuse {
			r.rules.Dictionary = env.Dict
		}
	}
	if env.Camera {
		if err := r.makeReader(); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Rules is one table's Scrabble.
type Rules struct {
	rules scrabble.Rules
	env   game.Env
	rd    reader
}

var _ game.Rules = (*Rules)(nil)

// Position is the board as the session keeps it. Its cells are the grid
// text's: "A", "a" (a blank named A), "*" (a blank of unknown letter).
// Racks is how many tiles each seat holds as the game counts them (the
// camera sees the board, not the racks): nil on a photo's reading and
// before the first turn, when every seat holds the seven dealt. The text
// form is the board's alone.
type Position struct {
	Board scrabble.Board
	Racks []int
}

var _ game.Position = Position{}

// Size is 15x15.
func (Position) Size() (int, int) { return scrabble.Size, scrabble.Size }

// Cell is the square's grid text, "" when empty or off the board.
func (p Position) Cell(row, col int) string {
	t := p.Board.At(scrabble.Pos{Row: row, Col: col})
	if t.Empty() {
		return ""
	}
	return t.String()
}

// String is the board in the grid text.
func (p Position) String() string { return p.Board.String() }

// racks is each of seats' tile count in the position: as counted, or the
// seven dealt to each.
func (p Position) racks(seats int) []int {
	out := make([]int, seats)
	for i := range out {
		if i < len(p.Racks) {
			out[i] = p.Racks[i]
		} else if (i+1)*scrabble.RackSize <= scrabble.TotalTiles {
			out[i] = scrabble.RackSize
		}
	}
	return out
}

func position(p game.Position) (Position, error) {
	switch q := p.(type) {
	case Position:
		return q, nil
	case *Position:
		return *q, nil
	}
	return Position{}, fmt.Errorf("%w: not a Scrabble board (%T)", game.ErrBadInput, p)
}

func board(p game.Position) (*scrabble.Board, error) {
	switch q := p.(type) {
	case Position:
		return &q.Board, nil
	case *Position:
		return &q.Board, nil
	}
	return nil, fmt.Errorf("%w: not a Scrabble board (%T)", game.ErrBadInput, p)
}

// Empty is the empty board.
func (*Rules) Empty() game.Position { return Position{} }

// Parse reads the grid text.
func (*Rules) Parse(text, name string) (game.Position, error) {
	b, err := scrabble.Parse(strings.NewReader(text), name)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrBadInput, err)
	}
	return Position{Board: *b}, nil
}

// SetCell puts a tile on a square: cell is its grid text ("E", "e" a blank
// named E, "*"), "" to empty it.
func (*Rules) SetCell(p game.Position, row, col int, cell string) (game.Position, error) {
	b, err := board(p)
	if err != nil {
		return nil, err
	}
	if !(scrabble.Pos{Row: row, Col: col}).In() {
		return nil, fmt.Errorf("%w: row %d, column %d is off the 15x15 board", game.ErrBadInput, row, col)
	}
	var t scrabble.Tile
	if cell != "" && cell != "." {
		if t, err = scrabble.ParseCell(cell); err != nil {
			return nil, fmt.Errorf("%w: %q: %v", game.ErrBadInput, cell, err)
		}
	}
	out := *b
	out[row][col] = t
	q, _ := position(p)
	return Position{Board: out, Racks: q.Racks}, nil
}

// Piece is what the page draws: the letter (a blank's in lower case, "*"
// when its letter is not known), one high.
func (*Rules) Piece(cell string) game.Piece { return game.Piece{Letter: cell, Height: 1} }

// Judge asks scoring/scrabble. A blank placed as "*" is named from the
// table's dictionary when some letter makes every word a word; the position
// the turn leaves then holds the name. The player may place no more tiles
// than their rack holds, and draws as many as they placed while the bag
// lasts: the position the turn leaves counts the racks. A player who
// empties their rack with the bag empty has gone out (detail "out": the
// session ends the game (WentOut), the table tells what the others hold).
func (r *Rules) Judge(before, after game.Position, t game.Table) (game.Move, error) {
	bp, err := position(before)
	if err != nil {
		return game.Move{}, err
	}
	b := &bp.Board
	a, err := board(after)
	if err != nil {
		return game.Move{}, err
	}
	m, err := r.rules.Judge(b, a)
	if err != nil {
		var rej *scrabble.Rejection
		if errors.As(err, &rej) {
			return game.Move{}, &game.Rejection{Code: string(rej.Code), Msg: rej.Msg}
		}
		return game.Move{}, err
	}
	racks := bp.racks(max(t.Seats, t.Seat+1, 1))
	bag := max(0, scrabble.TotalTiles-b.Count()-sum(racks))
	_, wentOut, err := scrabble.Draw(racks, bag, t.Seat, len(m.Placed)) // the referee's count
	if err != nil {
		var rej *scrabble.Rejection
		if errors.As(err, &rej) {
			return game.Move{}, &game.Rejection{Code: string(rej.Code), Msg: rej.Msg}
		}
		return game.Move{}, err
	}
	out := game.Move{Bonus: m.Bonus, Score: m.Score, Placed: []game.Placement{}}
	if wentOut {
		out.Detail = map[string]any{"out": true}
	}
	left := *a
	for _, p := range m.Placed {
		t := scrabble.Tile{Letter: p.Letter[0], Blank: p.Blank}
		left[p.Row][p.Col] = t
		out.Placed = append(out.Placed, game.Placement{Row: p.Row, Col: p.Col, Letter: t.String(), Height: 1})
	}
	for _, w := range m.Words {
		out.Words = append(out.Words, game.Word{Word: w.Word, Score: w.Score})
	}
	out.Position = Position{Board: left, Racks: racks}
	return out, nil
}

func sum(v []int) int {
	s := 0
	for _, x := range v {
		s += x
	}
	return s
}

var (
	_ game.Holder         = (*Rules)(nil)
	_ game.TurnLoser      = (*Rules)(nil)
	_ game.Exchanger      = (*Rules)(nil)
	_ game.ScorelessEnder = (*Rules)(nil)
	_ game.OutEnder       = (*Rules)(nil)
)

// WentOut: RULES.md's end by going out (Judge's detail "out": the bag
// empty, the rack emptied): the session ends the game, the racks still to
// be told.
func (*Rules) WentOut(m game.Move) bool {
	d, ok := m.Detail.(map[string]any)
	return ok && d["out"] == true
}

// ScorelessEnd: RULES.md's end, six scoreless turns in a row (docs/scrabble.md
// says which count): the session ends the game, the racks still to be told.
func (*Rules) ScorelessEnd() int { return scrabble.Scoreless }

// Held is how many tiles each seat holds, as counted (shown with each
// player on the page).
func (*Rules) Held(p game.Position, seats int) []int {
	q, err := position(p)
	if err != nil {
		return nil
	}
	return q.racks(seats)
}

// WithdrawnLosesTurn: RULES.md's challenge, a word not in the dictionary
// takes the tiles back and the turn is lost.
func (*Rules) WithdrawnLosesTurn() bool { return true }

// FailedChallengeLosesTurn: a challenger whose word stands loses their next
// turn.
func (*Rules) FailedChallengeLosesTurn() bool { return true }

// ExchangeMin: an exchange only while the bag holds at least seven tiles.
func (*Rules) ExchangeMin() int { return scrabble.MinExchange }

// Bag is the tiles neither on the board nor on the racks (as counted).
func (*Rules) Bag(p game.Position, seats int) int {
	q, err := position(p)
	if err != nil {
		return 0
	}
	return max(0, scrabble.TotalTiles-q.Board.Count()-sum(q.racks(max(seats, 0))))
}

// MaxLeft is the most a rack can be worth at the end: the end-of-game
// sheet takes each seat's rack value (the sum of its tiles' values), not
// its number of tiles.
func (*Rules) MaxLeft() int { return MaxRackValue }

// Tally is RULES.md's end: each seat loses the value of its rack (left, in
// points); when the bag is empty the seat that holds no tile (as counted)
// went out and gains the sum of the others'. After six scoreless turns
// (tiles still in the bag) nobody gains.
func (r *Rules) Tally(final game.Position, players []game.Player, left []int) []game.TallyLine {
	values := make([]int, len(players))
	for i := range values {
		if i < len(left) {
			values[i] = max(left[i], 0)
		}
	}
	out := -1
	held := r.Held(final, len(players))
	if r.Bag(final, len(players)) == 0 {
		for i, n := range held {
			if n == 0 {
				out = i
				break
			}
		}
	}
	adj := scrabble.Adjust(values, out)
	lines := make([]game.TallyLine, len(players))
	best := -1 << 31
	for i, p := range players {
		// Tiles: the rack's count as the table counted it (the sheet
		// shows "2 → -9"), not a count of its own.
		lines[i] = game.TallyLine{Name: p.Name, Score: p.Score, Penalty: adj[i], Final: p.Score + adj[i]}
		if i < len(held) {
			lines[i].Tiles = held[i]
		}
		best = max(best, lines[i].Final)
	}
	for i := range lines {
		lines[i].Winner = lines[i].Final == best
	}
	return lines
}
