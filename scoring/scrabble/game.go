package scrabble

import (
	"errors"
	"fmt"
	"strings"
)

// The errors of a Game: a turn out of place (a usage error of the caller,
// not a rule of the board).
var (
	ErrGameOver   = errors.New("scrabble: the game is over")
	ErrNoExchange = errors.New("scrabble: no exchange")
	ErrChallenge  = errors.New("scrabble: no challenge")
	ErrRack       = errors.New("scrabble: bad rack")
)

// Game is one game's running state as the referee keeps it: the board, the
// scores, whose turn it is, how many tiles each rack and the bag hold, the
// scoreless turns in a row, and the last play while it may be challenged.
// The camera sees the board, not the racks: the racks are counted, not
// read.
type Game struct {
	// Dictionary is the word list for challenges (and for the referee when
	// Refuse is set).
	Dictionary Dictionary
	// Refuse is RULES.md's house setting: the referee refuses a non-word
	// at once (not_a_word); otherwise a play stands until challenged.
	Refuse bool

	Board  Board
	Scores []int
	// Rack is how many tiles each seat holds; Bag how many are left to draw.
	Rack []int
	Bag  int
	// Seat is whose turn it is (0-based).
	Seat int
	// Scoreless counts the scoreless turns in a row (passes, exchanges,
	// plays withdrawn, plays that scored 0).
	Scoreless int
	// Over is set when the game has ended; Out is the seat that went out,
	// -1 when the game ended on scoreless turns.
	Over bool
	Out  int

	loseNext []bool // the seat loses its next turn (a failed challenge)
	last     *played
}

// played is the last play, kept until the next turn so that it can be
// challenged and withdrawn.
type played struct {
	seat      int
	before    Board
	move      Move
	drawn     int
	scoreless int
	loseNext  []bool
}

// NewGame starts a game for seats players: an empty board, seven tiles
// dealt to each rack.
func NewGame(seats int, d Dictionary, refuse bool) (*Game, error) {
	if seats < 1 || seats*RackSize > TotalTiles {
		return nil, fmt.Errorf("%w: %d seats", ErrRack, seats)
	}
	g := &Game{Dictionary: d, Refuse: refuse, Scores: make([]int, seats), Rack: make([]int, seats),
		Bag: TotalTiles - seats*RackSize, Out: -1, loseNext: make([]bool, seats)}
	for i := range g.Rack {
		g.Rack[i] = RackSize
	}
	return g, nil
}

// Play judges the board after the seat's turn and, if it is legal, scores
// it, draws the seat's new tiles and passes the turn on. A refused play
// leaves the game as it was (the same seat plays again).
func (g *Game) Play(after *Board) (Move, error) {
	if g.Over {
		return Move{}, ErrGameOver
	}
	r := Rules{Names: g.Dictionary}
	if g.Refuse {
		r.Dictionary = g.Dictionary
	}
	m, err := r.Judge(&g.Board, after)
	if err != nil {
		return Move{}, err
	}
	drawn, out, err := Draw(g.Rack, g.Bag, g.Seat, len(m.Placed))
	if err != nil {
		return Move{}, err
	}
	p := &played{seat: g.Seat, before: g.Board, move: m, scoreless: g.Scoreless, loseNext: append([]bool(nil), g.loseNext...)}
	g.Board = *after
	for _, pl := range m.Placed { // the names worked out for blanks
		g.Board[pl.Row][pl.Col] = Tile{Letter: pl.Letter[0], Blank: pl.Blank}
	}
	g.Scores[g.Seat] += m.Score
	p.drawn = drawn
	g.Bag -= drawn
	if m.Score == 0 {
		g.Scoreless++
	} else {
		g.Scoreless = 0
	}
	g.last = p
	if out {
		g.Over, g.Out = true, g.Seat
		return m, nil
	}
	g.endOrNext()
	return m, nil
}

// Pass is a turn with no play.
func (g *Game) Pass() error {
	if g.Over {
		return ErrGameOver
	}
	g.last = nil
	g.Scoreless++
	g.endOrNext()
	return nil
}

// Exchange is a turn spent swapping n tiles with the bag: only while the
// bag holds at least seven.
func (g *Game) Exchange(n int) error {
	if g.Over {
		return ErrGameOver
	}
	if g.Bag < MinExchange {
		return fmt.Errorf("%w: the bag holds %d tiles; exchanging needs at least %d", ErrNoExchange, g.Bag, MinExchange)
	}
	if n < 1 || n > g.Rack[g.Seat] {
		return fmt.Errorf("%w: %d tiles; the player holds %d", ErrNoExchange, n, g.Rack[g.Seat])
	}
	g.last = nil
	g.Scoreless++
	g.endOrNext()
	return nil
}

// Challenged is the outcome of a challenge.
type Challenged struct {
	// Withdrawn: a word was not in the dictionary; the tiles came back and
	// the player scored nothing for the turn.
	Withdrawn bool
	// Words are the words the dictionary refused (Withdrawn), upper case.
	Words []string
	// Player is the seat whose play was challenged; Challenger the seat
	// that challenged (it loses its next turn when the play stands).
	Player, Challenger int
}

// Challenge settles a challenge by seat challenger of the last play, before
// the next turn is taken: if any word of the play is not in the dictionary,
// the tiles come back and the turn scores nothing (a scoreless turn);
// otherwise the challenger loses their next turn.
func (g *Game) Challenge(challenger int) (Challenged, error) {
	if challenger < 0 || challenger >= len(g.Scores) {
		return Challenged{}, fmt.Errorf("%w: no seat %d", ErrChallenge, challenger+1)
	}
	p := g.last
	if p == nil {
		return Challenged{}, fmt.Errorf("%w: there is no play to challenge (only the last play may be, before the next turn)", ErrChallenge)
	}
	if challenger == p.seat {
		return Challenged{}, fmt.Errorf("%w: seat %d may not challenge their own play", ErrChallenge, challenger+1)
	}
	if g.Dictionary == nil {
		return Challenged{}, fmt.Errorf("%w: no dictionary to settle it", ErrChallenge)
	}
	c := Challenged{Player: p.seat, Challenger: challenger}
	for _, w := range p.move.Words {
		if !wordable(g.Dictionary, w.Word) {
			c.Words = append(c.Words, w.Word)
		}
	}
	g.last = nil
	if len(c.Words) == 0 {
		g.loseNext[challenger] = true
		if g.Seat == challenger { // the challenger is next: the turn passes now
			g.loseNext[challenger] = false
			g.next()
		}
		return c, nil
	}
	c.Withdrawn = true
	g.Board = p.before
	g.Scores[p.seat] -= p.move.Score
	g.Bag += p.drawn
	g.Rack[p.seat] += len(p.move.Placed) - p.drawn
	g.Scoreless = p.scoreless + 1
	g.Over, g.Out = false, -1
	g.Seat = p.seat
	copy(g.loseNext, p.loseNext)
	g.endOrNext()
	return c, nil
}

// wordable: w (with "*" any letter) is in the dictionary.
func wordable(d Dictionary, w string) bool {
	i := strings.IndexByte(w, Unknown)
	if i < 0 {
		return d.Contains(w)
	}
	for ch := byte('A'); ch <= 'Z'; ch++ {
		if wordable(d, w[:i]+string(ch)+w[i+1:]) {
			return true
		}
	}
	return false
}

// endOrNext ends the game after Scoreless scoreless turns in a row, or
// passes the turn on.
func (g *Game) endOrNext() {
	if g.Scoreless >= Scoreless {
		g.Over, g.Out = true, -1
		return
	}
	g.next()
}

// next passes the turn to the next seat that does not lose it.
func (g *Game) next() {
	for range len(g.Scores) {
		g.Seat = (g.Seat + 1) % len(g.Scores)
		if !g.loseNext[g.Seat] {
			return
		}
		g.loseNext[g.Seat] = false
	}
}

// Draw counts a play of placed tiles by seat on the racks (rack: how many
// tiles each seat holds; bag: how many are left to draw): more than the
// seat holds is a TooManyTiles rejection and changes nothing; otherwise
// the seat's rack loses the tiles and draws as many as the bag holds
// (rack is changed in place). It returns the tiles drawn and whether the
// seat went out (its rack and the bag are empty). Game.Play and the table's
// adapter (internal/games/scrabble) both count with it.
func Draw(rack []int, bag, seat, placed int) (drawn int, out bool, err error) {
	if placed > rack[seat] {
		return 0, false, reject(TooManyTiles, NoPos, "%d tiles placed; the player holds only %d", placed, rack[seat])
	}
	drawn = min(placed, bag)
	rack[seat] += drawn - placed
	return drawn, bag == drawn && rack[seat] == 0, nil
}

// RackValue is the sum of the face values of the tiles on a rack, written
// as letters ("?" or a lower-case letter for a blank, worth 0; "-" or ""
// for an empty rack).
func RackValue(rack string) (int, error) {
	if rack == "-" {
		return 0, nil
	}
	if len(rack) > RackSize {
		return 0, fmt.Errorf("%w: %q has %d tiles; a rack holds at most %d", ErrRack, rack, len(rack), RackSize)
	}
	v := 0
	for i := range len(rack) {
		switch c := rack[i]; {
		case c >= 'A' && c <= 'Z':
			v += LetterValue(c)
		case c == '?' || c == Unknown || c >= 'a' && c <= 'z':
		default:
			return 0, fmt.Errorf("%w: %q: tile %d %q is not a letter A-Z or ? for a blank", ErrRack, rack, i+1, c)
		}
	}
	return v, nil
}

// Adjust is the end-of-game change of each seat's score (RULES.md): each
// loses the value of the tiles on its rack, and the seat that went out (out,
// 0-based; -1 when none did) gains the sum of everyone else's.
func Adjust(rackValues []int, out int) []int {
	adj := make([]int, len(rackValues))
	sum := 0
	for i, v := range rackValues {
		adj[i] = -v
		sum += v
	}
	if out >= 0 && out < len(adj) {
		adj[out] += sum - rackValues[out]
	}
	return adj
}
