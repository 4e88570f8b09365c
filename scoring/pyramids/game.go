package pyramids

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrTie is returned by FirstPlayer when the first-player rule cannot decide.
var ErrTie = errors.New("pyramids: first player: tie")

// FirstPlayer applies the first-player rule: each player adds the values of
// the six pyramids showing on their spaces; the lowest total goes first. A
// tie is broken by the next layer down (the tied players take off their top
// layer and count again), which needs those layers written in the board
// text. players are the colours in the game.
func FirstPlayer(setup *Setup, b *Board, players []Colour) (Colour, error) {
	if len(players) == 0 {
		return NoColour, errors.New("pyramids: first player: no players")
	}
	if len(players) == 1 {
		return players[0], nil
	}
	tied := append([]Colour(nil), players...)
	prev := 0
	for layer := 0; ; layer++ {
		sums := map[Colour]int{}
		lowest := -1
		for _, c := range tied {
			side, ok := setup.SideOf(c)
			if !ok {
				return NoColour, fmt.Errorf("pyramids: first player: %s sits at no side", c)
			}
			sum := 0
			for _, p := range SpaceSquares(side) {
				s := b.At(p)
				if layer >= s.Height {
					continue // an exhausted stack adds nothing
				}
				if layer >= len(s.Layers) {
					return NoColour, fmt.Errorf("%w: %s at %d points; layer %d of %s's stack at %s is not known: write the stacks out (rA/rE/...) to break the tie",
						ErrTie, names(tied), prev, layer+1, c, p)
				}
				sum += setup.Value(s.Layers[layer])
			}
			sums[c] = sum
			if lowest < 0 || sum < lowest {
				lowest = sum
			}
		}
		var next []Colour
		for _, c := range tied {
			if sums[c] == lowest {
				next = append(next, c)
			}
		}
		if len(next) == 1 {
			return next[0], nil
		}
		tied, prev = next, lowest
		if layer+1 >= 2*MaxHeight {
			return NoColour, fmt.Errorf("%w: %s have the same pyramids in every layer", ErrTie, names(tied))
		}
	}
}

func names(cs []Colour) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.String())
	}
	return strings.Join(s, " and ")
}

// Record is one entry of a game's history.
type Record struct {
	Player    Colour
	Kind      string // "word", "rejected", "forfeit", "challenge", "lost_turn"
	Move      *Move
	Rejection *Rejection
	By        Colour // the challenger, for "challenge"
}

// Game is a game in progress.
type Game struct {
	Setup   *Setup
	Players []Colour // the colours playing, clockwise from the first player
	Board   *Board
	Taken   map[Colour][]Pyramid // the pyramids each player took
	History []Record

	next  int
	lost  map[Colour]int // turns a player still has to miss
	left  map[Colour]int // player pyramids of each colour on the board
	last  *Move
	over  bool
	Ended Colour // the colour whose pyramids ran out, once over
}

// NewGame starts a game on the set-up board b. players are the colours
// playing (any order; play goes clockwise: north, east, south, west); the
// first player is chosen by FirstPlayer.
func NewGame(setup *Setup, b *Board, players []Colour) (*Game, error) {
	return NewGameFirst(setup, b, players, NoColour)
}

// NewGameFirst is NewGame with the first player given, for a tie the board
// cannot break (the layers under the tops are not written out). A first
// player the rule contradicts is an error.
func NewGameFirst(setup *Setup, b *Board, players []Colour, first Colour) (*Game, error) {
	if len(players) < 2 || len(players) > 4 {
		return nil, fmt.Errorf("pyramids: %d players: the game is for 2 to 4", len(players))
	}
	seen := map[Colour]bool{}
	for _, c := range players {
		if _, ok := setup.SideOf(c); !ok || !c.IsPlayer() {
			return nil, fmt.Errorf("pyramids: %s is not a seated player colour", c)
		}
		if seen[c] {
			return nil, fmt.Errorf("pyramids: %s is listed twice", c)
		}
		seen[c] = true
	}
	if n := setup.PlayerSet.Total(); n != 6*setup.StackSize {
		return nil, fmt.Errorf("pyramids: the player set holds %d pyramids, but six stacks of %d need %d", n, setup.StackSize, 6*setup.StackSize)
	}
	ruled, err := FirstPlayer(setup, b, players)
	switch {
	case first == NoColour && err != nil:
		return nil, err
	case first == NoColour:
		first = ruled
	case !seen[first]:
		return nil, fmt.Errorf("pyramids: first player %s is not playing", first)
	case err == nil && ruled != first:
		return nil, fmt.Errorf("pyramids: %s cannot go first: the first-player rule says %s", first, ruled)
	case err != nil && !errors.Is(err, ErrTie):
		return nil, err
	}
	var order []Colour
	for _, side := range Sides {
		if c := setup.Seats[side]; seen[c] {
			order = append(order, c)
		}
	}
	for order[0] != first {
		order = append(order[1:], order[0])
	}
	g := &Game{Setup: setup, Players: order, Board: b.Clone(), Taken: map[Colour][]Pyramid{},
		lost: map[Colour]int{}, left: map[Colour]int{}}
	for _, c := range PlayerColours {
		g.left[c] = setup.PlayerSet.Total()
	}
	return g, nil
}

// ToPlay is the colour whose turn it is.
func (g *Game) ToPlay() Colour { return g.Players[g.next] }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// advance passes the turn clockwise, skipping players who lost a turn.
func (g *Game) advance() {
	for {
		g.next = (g.next + 1) % len(g.Players)
		c := g.Players[g.next]
		if g.lost[c] == 0 {
			return
		}
		g.lost[c]--
		g.History = append(g.History, Record{Player: c, Kind: "lost_turn"})
	}
}

// Play decides the turn of the player to play: the board at the
// announcement, the board after the taking, and the announced word ("" to
// find it). A legal word is taken and the turn passes. A word the rules
// reject forfeits the turn (the moved pyramids go back: the board stays as
// it was) and Play returns the *Rejection. Other errors (an ambiguous word,
// an after-board that does not match the taking) change nothing.
func (g *Game) Play(announced, after *Board, word string, dict Dictionary) (*Move, error) {
	if g.over {
		return nil, reject(CodeGameOver, "the game is over: %s has no pyramids left", g.Ended)
	}
	c := g.ToPlay()
	m, err := Judge(g.Setup, Turn{Player: c, Word: word, Before: g.Board, Announced: announced}, dict)
	var rej *Rejection
	if errors.As(err, &rej) {
		g.History = append(g.History, Record{Player: c, Kind: "rejected", Rejection: rej})
		g.last = nil
		g.advance()
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	if after == nil {
		return nil, errors.New("pyramids: the board after the taking is needed")
	}
	if err := CheckTaking(announced, after, m); err != nil {
		return nil, err
	}
	g.Board = after.Clone()
	g.Taken[c] = append(g.Taken[c], m.Taken...)
	for _, p := range m.Taken {
		if p.Colour.IsPlayer() {
			g.left[p.Colour] -= 1
		}
	}
	g.History = append(g.History, Record{Player: c, Kind: "word", Move: m})
	g.last = m
	for _, p := range g.Players {
		if g.left[p] <= 0 {
			g.over, g.Ended = true, p
			return m, nil
		}
	}
	g.advance()
	return m, nil
}

// Forfeit records that the player to play could not complete a word: the
// moved pyramids go back and the turn passes.
func (g *Game) Forfeit() error {
	if g.over {
		return reject(CodeGameOver, "the game is over: %s has no pyramids left", g.Ended)
	}
	g.History = append(g.History, Record{Player: g.ToPlay(), Kind: "forfeit"})
	g.last = nil
	g.advance()
	return nil
}

// Challenge records that challenger challenged the last word. Tilescope
// checks every word against the dictionary before taking it, so a word that
// was taken is acceptable: the challenger loses their next turn.
func (g *Game) Challenge(challenger Colour) error {
	if g.last == nil {
		return errors.New("pyramids: there is no word to challenge: the last turn took no word")
	}
	ok := false
	for _, c := range g.Players {
		ok = ok || c == challenger
	}
	if !ok {
		return fmt.Errorf("pyramids: %s is not playing", challenger)
	}
	if challenger == g.last.Player {
		return fmt.Errorf("pyramids: %s cannot challenge their own word", challenger)
	}
	g.History = append(g.History, Record{Player: g.last.Player, Kind: "challenge", By: challenger, Move: g.last})
	g.last = nil
	if g.ToPlay() == challenger { // the challenger was next: that turn is lost
		g.History = append(g.History, Record{Player: challenger, Kind: "lost_turn"})
		g.advance()
		return nil
	}
	g.lost[challenger]++
	return nil
}

// Result is one player's tally.
type Result struct {
	Player Colour
	Taken  int // values of the pyramids the player took
	Left   int // values of the player's own pyramids still on the board
	Score  int // Taken - Left
}

// Tally is every player's score, best first (ties in seat order). During the
// game Taken is the running total; Score is final once the game is over.
func (g *Game) Tally() []Result {
	var out []Result
	for _, c := range g.Players {
		r := Result{Player: c}
		for _, p := range g.Taken[c] {
			r.Taken += g.Setup.Value(p)
		}
		left := 0
		for _, t := range g.Setup.PlayerSet.Tiles {
			left += t.Count * t.Value
		}
		for _, taker := range g.Players {
			for _, p := range g.Taken[taker] {
				if p.Colour == c {
					left -= g.Setup.Value(p)
				}
			}
		}
		r.Left = left
		r.Score = r.Taken - r.Left
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
	return out
}
