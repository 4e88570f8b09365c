package twists

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/twists"
)

// Kind is the game's name in commands, JSON and the store.
const Kind = "twists"

// The game's settings.
const (
	// OptSet is the language of the tiles: "ru" (the default: RULES.md,
	// "Russian by default", and the seed's own set) or "en". It decides
	// the alphabet the camera reads (an English table is never read as
	// Cyrillic) and the words the referee knows.
	OptSet = "set"
	// OptSize is the side of the lattice the tiles are placed on: 15
	// (drawn comfortably on a phone) or 21 (a long game that spreads).
	OptSize = "size"
)

// Game is Scrabble Twists & Turns; register it with
// game.Register(twists.Game{}).
type Game struct{}

var _ game.Game = Game{}

// Info describes Twists & Turns.
func (Game) Info() game.Info {
	return game.Info{
		Kind: Kind, Title: "Scrabble Twists & Turns", MinPlayers: 2, MaxPlayers: 4,
		Options: []game.Option{
			{Name: OptSet, Title: "the language of the tiles (ru: Russian, en: English)", Values: []string{"ru", "en"}},
			{Name: OptSize, Title: "the lattice's side, in tiles", Values: []string{"15", "21"}},
			game.RefuseOption(),
		},
	}
}

// New sets the game up for a table. With env.Camera the tile reader is
// made now, else on first use.
func (Game) New(opt game.Options, env game.Env) (game.Rules, error) {
	if err := game.CheckOptions(Game{}.Info(), opt); err != nil {
		return nil, err
	}
	alpha, err := twists.ParseAlphabet(opt.Get(OptSet, "ru"))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrBadInput, err)
	}
	size, err := opt.Int(OptSize, 15)
	if err != nil {
		return nil, err
	}
	refuse, err := opt.Bool(game.OptRefuse, false)
	if err != nil {
		return nil, err
	}
	r := &Rules{alpha: alpha, size: size, env: env, words: wordsFor(alpha, env)}
	if refuse && r.words != nil {
		r.refuse = r.words
	}
	if env.Camera {
		if err := r.makeReader(); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// wordsFor is the word list of a set: the table's when it is in the
// set's language or its language is not known (a list of the players'
// own, --dict), else the built-in list of the set's language; nil (every
// word a word) when the table has none.
func wordsFor(alpha twists.Alphabet, env game.Env) game.Dictionary {
	if env.Dict == nil {
		return nil
	}
	if env.Lang == "" || env.Lang == alpha.String() {
		return env.Dict
	}
	if alpha == twists.Russian {
		return dict.Russian()
	}
	return dict.English()
}

// Rules is one table's Twists & Turns.
type Rules struct {
	alpha  twists.Alphabet
	size   int
	env    game.Env
	words  game.Dictionary // the set's language; nil: every word a word
	refuse game.Dictionary // set: non-words are refused at once
	rd     reader
	found  foundWords // the words the tables' changes spelled (candidates)
}

var (
	_ game.Rules      = (*Rules)(nil)
	_ game.Reconciler = (*Rules)(nil)
	_ game.Worder     = (*Rules)(nil)
	_ game.Holder     = (*Rules)(nil)
)

// Alphabet is the set's language.
func (r *Rules) Alphabet() twists.Alphabet { return r.alpha }

// Words is the set's word list (game.Worder): the table's challenges and
// flags use it, so a Russian table is not judged by English words.
func (r *Rules) Words() game.Dictionary { return r.words }

// Position is the table: the tiles on the lattice and, once the first
// turn is played, how many tiles each seat still holds.
type Position struct {
	Board *twists.Board
	// Held is the tiles each seat holds, in seat order; nil before the
	// first turn (the deal: 54, 36 or 27 each).
	Held []int
}

var _ game.Position = Position{}

// heldPrefix starts the text form's line of the seats' tiles.
const heldPrefix = "held"

// Size is the lattice's.
func (p Position) Size() (int, int) { return p.Board.Rows, p.Board.Cols }

// Cell is the tile's character ("" empty): a letter, or an action tile's
// ('!' skip, '@' reverse, '2' give 2, '3' give 3).
func (p Position) Cell(row, col int) string {
	ch := p.Board.At(twists.Pos{Row: row, Col: col})
	if ch == 0 {
		return ""
	}
	return string(ch)
}

// String is one line per lattice row, cells separated by spaces ('.'
// empty), then "held N N ..." once the tiles are dealt.
func (p Position) String() string {
	var sb strings.Builder
	for r := 0; r < p.Board.Rows; r++ {
		for c := 0; c < p.Board.Cols; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			ch := p.Board.At(twists.Pos{Row: r, Col: c})
			if ch == 0 {
				ch = '.'
			}
			sb.WriteRune(ch)
		}
		sb.WriteByte('\n')
	}
	if p.Held != nil {
		sb.WriteString(heldPrefix)
		for _, n := range p.Held {
			sb.WriteString(" " + strconv.Itoa(n))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func pos(p game.Position) (Position, error) {
	switch v := p.(type) {
	case Position:
		return v, nil
	case *Position:
		return *v, nil
	}
	return Position{}, fmt.Errorf("%w: not a Twists & Turns table (%T)", game.ErrBadInput, p)
}

// Empty is the empty lattice.
func (r *Rules) Empty() game.Position { return Position{Board: twists.NewBoard(r.size, r.size)} }

// Parse reads the text form (String).
func (r *Rules) Parse(text, name string) (game.Position, error) {
	var rows strings.Builder
	var held []int
	for i, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, heldPrefix+" "); ok || line == heldPrefix {
			held = []int{}
			for _, f := range strings.Fields(rest) {
				n, err := strconv.Atoi(f)
				if err != nil || n < 0 || n > 200 {
					return nil, fmt.Errorf("%w: %s:%d: held %q: want a count of tiles", game.ErrBadInput, name, i+1, f)
				}
				held = append(held, n)
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		for j, f := range strings.Fields(line) {
			if utf8.RuneCountInString(f) != 1 {
				return nil, fmt.Errorf("%w: %s:%d: cell %d %q: one character a cell", game.ErrBadInput, name, i+1, j+1, f)
			}
			rows.WriteString(f)
		}
		rows.WriteByte('\n')
	}
	b, err := twists.Parse(strings.NewReader(rows.String()), name, r.alpha)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrBadInput, err)
	}
	if b.Rows != r.size || b.Cols != r.size {
		return nil, fmt.Errorf("%w: %s: the table is %dx%d, the lattice %dx%d", game.ErrBadInput, name, b.Rows, b.Cols, r.size, r.size)
	}
	return Position{Board: b, Held: held}, nil
}

// cellRune reads a tap's cell: a letter of the set, an action tile's
// character or name ("skip", "reverse", "give2", "give3"); 0 empty.
func (r *Rules) cellRune(cell string) (rune, error) {
	cell = strings.TrimSpace(cell)
	if cell == "" || cell == "." {
		return 0, nil
	}
	if a, ok := twists.ActionByName(strings.ToLower(cell)); ok {
		return rune(a), nil
	}
	ch, n := utf8.DecodeRuneInString(strings.ToUpper(cell))
	if n != len(strings.ToUpper(cell)) {
		return 0, fmt.Errorf("%w: %q: one tile: a letter or an action (skip, reverse, give2, give3)", game.ErrBadInput, cell)
	}
	switch {
	case r.alpha.Letter(ch):
		return ch, nil
	case ch == rune(twists.Skip) || ch == rune(twists.Reverse) || ch == rune(twists.Give2) || ch == rune(twists.Give3):
		return ch, nil
	}
	return 0, fmt.Errorf("%w: %q is not a tile of the %s set", game.ErrBadInput, cell, r.alpha)
}

// SetCell puts a tile on a lattice cell (a correction by tapping it).
func (r *Rules) SetCell(p game.Position, row, col int, cell string) (game.Position, error) {
	v, err := pos(p)
	if err != nil {
		return nil, err
	}
	q := twists.Pos{Row: row, Col: col}
	if !v.Board.In(q) {
		return nil, fmt.Errorf("%w: row %d, column %d is off the %dx%d lattice", game.ErrBadInput, row, col, v.Board.Rows, v.Board.Cols)
	}
	ch, err := r.cellRune(cell)
	if err != nil {
		return nil, err
	}
	b := v.Board.Clone()
	b.Set(q, ch)
	return Position{Board: b, Held: v.Held}, nil
}

// Piece is a letter tile, or an action tile by its name.
func (r *Rules) Piece(cell string) game.Piece {
	if a := twists.Action(firstRune(cell)).Name(); a != "" {
		return game.Piece{Action: a, Height: 1}
	}
	return game.Piece{Letter: cell, Height: 1}
}

func firstRune(s string) rune {
	ch, _ := utf8.DecodeRuneInString(s)
	return ch
}

// Detail is a Twists turn's own account (a turn's "detail" in /api/game).
type Detail struct {
	Word string `json:"word,omitempty"`
	// Path is the word's tiles in order, [row, col]: the page draws the
	// bent word along it.
	Path [][2]int `json:"path,omitempty"`
	// Action is the action tile placed (skip, reverse, give2, give3).
	Action   string  `json:"action,omitempty"`
	ActionAt *[2]int `json:"action_at,omitempty"`
	// Gave is how many tiles a give tile handed on, Gifts to whom.
	Gave  int    `json:"gave,omitempty"`
	Gifts []Gift `json:"gifts,omitempty"`
	// Split: the table said who got them (else the next player did).
	Split bool `json:"split,omitempty"`
	// Held is each seat's tiles after the turn.
	Held  []int `json:"held"`
	First bool  `json:"first,omitempty"`
	// Winner: the player has no tiles left and wins.
	Winner bool `json:"winner,omitempty"`
	// Others are the other words the tiles fit (the camera does not hear
	// the word): the table can name the one announced.
	Others []string `json:"others,omitempty"`
}

// Gift is tiles given to a seat (0-based).
type Gift struct {
	To int `json:"to"`
	N  int `json:"n"`
}

// splitSep starts a give tile's split in a named word: "СОН/1=1,3=1" (СОН,
// one tile each to seats 1 and 3, 1-based), "/2=2" with no word.
const splitSep = "/"

// parseSplit reads a give tile's split ("1=1,3=1"; seats 1-based).
func parseSplit(s string, seats int) ([]Gift, error) {
	var out []Gift
	for _, f := range strings.Split(s, ",") {
		seat, n, ok := strings.Cut(f, "=")
		to, err1 := strconv.Atoi(seat)
		k, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || to < 1 || to > seats || k < 1 {
			return nil, fmt.Errorf("the give split %q: want SEAT=N,... with seats 1 to %d", s, seats)
		}
		out = append(out, Gift{To: to - 1, N: k})
	}
	return out, nil
}

// heldAt is each seat's tiles as the table stands: the deal before the
// first turn.
func heldAt(p Position, seats int) []int {
	if p.Held != nil {
		out := make([]int, seats)
		copy(out, p.Held)
		return out
	}
	n := twists.Deal[seats]
	out := make([]int, seats)
	for i := range out {
		out[i] = n
	}
	return out
}

// Judge is the referee (scoring/twists): the tiles placed since the table
// stood, the word traced along them, the action tile, each seat's tiles.
// The camera does not hear the word: unless the table named it
// (t.Word), it is the longest word in the set's dictionary that the new
// tiles can spell with the tiles already down; the others are listed.
func (r *Rules) Judge(before, after game.Position, t game.Table) (game.Move, error) {
	b, err := pos(before)
	if err != nil {
		return game.Move{}, err
	}
	a, err := pos(after)
	if err != nil {
		return game.Move{}, err
	}
	if _, ok := twists.Deal[t.Seats]; !ok {
		return game.Move{}, &game.Rejection{Code: "players", Msg: fmt.Sprintf("Twists & Turns is for 2, 3 or 4 players, not %d", t.Seats)}
	}
	held := heldAt(b, t.Seats)
	for i, n := range held {
		if n == 0 {
			return game.Move{}, &game.Rejection{Code: twists.CodeGameOver, Msg: fmt.Sprintf("seat %d has no tiles left and has won: end the game", i+1)}
		}
	}
	word, split, hasSplit := strings.Cut(strings.ToUpper(strings.TrimSpace(t.Word)), splitSep)
	var gifts []Gift
	if hasSplit {
		if gifts, err = parseSplit(split, t.Seats); err != nil {
			return game.Move{}, &game.Rejection{Code: twists.CodeBadGive, Msg: err.Error()}
		}
	}
	var others []string
	if word == "" && a.Board.Letters() > b.Board.Letters() {
		words := r.candidates(b.Board, a.Board)
		switch {
		case len(words) == 0:
			return game.Move{}, &game.Rejection{Code: "ambiguous", Msg: "the new tiles spell no word the dictionary knows: name the word announced"}
		case len(words) > 1 && utf8.RuneCountInString(words[0]) == utf8.RuneCountInString(words[1]):
			return game.Move{}, &game.Rejection{Code: "ambiguous", Msg: "the new tiles spell " + strings.Join(words[:min(len(words), 8)], ", ") + ": name the word announced"}
		}
		word, others = words[0], words[1:]
	}
	m, err := twists.Judge(twists.Turn{Word: word, Before: b.Board, After: a.Board}, r.alpha, r.refuse)
	var shift [2]int // the first word moved to the lattice's middle
	var rej *twists.Rejection
	if errors.As(err, &rej) && rej.Code == twists.CodeFirstNotCentre {
		// The lattice is the camera's: the first word is where the
		// players put it, the middle of their table. Shifted so that one
		// of its tiles is on the lattice's middle, it is judged there.
		if shifted, m2, sh := r.recentre(word, b.Board, a.Board); m2 != nil {
			a, m, err, shift = Position{Board: shifted}, m2, nil, sh
		}
	}
	switch {
	case errors.As(err, &rej):
		return game.Move{}, &game.Rejection{Code: rej.Code, Msg: rej.Msg}
	case errors.Is(err, twists.ErrBadWord):
		return game.Move{}, &game.Rejection{Code: "bad_word", Msg: fmt.Sprintf("%s: not a word of the %s set", word, r.alpha)}
	case errors.Is(err, twists.ErrNoWord):
		return game.Move{}, &game.Rejection{Code: "ambiguous", Msg: "letter tiles were placed: name the word announced"}
	case err != nil:
		return game.Move{}, &game.Rejection{Code: "bad_change", Msg: err.Error()}
	}
	if hasSplit && m.Action.Gives() == 0 {
		return game.Move{}, &game.Rejection{Code: twists.CodeBadGive, Msg: "no give tile was placed, so no tiles are given"}
	}
	placed := len(m.New)
	if m.Action != twists.NoAction {
		placed++
	}
	if active := min(held[t.Seat], twists.MaxActive); placed > active {
		return game.Move{}, &game.Rejection{Code: twists.CodeTooFewTiles, Msg: fmt.Sprintf("%d tiles were placed; the player has %d to play from", placed, active)}
	}
	held[t.Seat] -= placed
	d := Detail{Word: m.Word, Action: m.Action.Name(), First: m.First, Others: others}
	for _, p := range m.Path {
		d.Path = append(d.Path, [2]int{p.Row, p.Col})
	}
	mv := game.Move{Placed: []game.Placement{}, Shift: shift}
	for _, p := range m.New {
		mv.Placed = append(mv.Placed, game.Placement{Row: p.Row, Col: p.Col, Letter: a.Cell(p.Row, p.Col), Height: 1})
	}
	if m.Action != twists.NoAction {
		at := [2]int{m.ActionAt.Row, m.ActionAt.Col}
		d.ActionAt = &at
		mv.Placed = append(mv.Placed, game.Placement{Row: at[0], Col: at[1], Letter: a.Cell(at[0], at[1]), Height: 1})
		// A give tile: the camera cannot see who gets the tiles. Unless
		// the table says (the split), they go to the next player in the
		// order of play (in a game of two, the only other).
		if g := min(m.Action.Gives(), held[t.Seat]); g > 0 {
			if gifts == nil {
				dir := 1
				if t.Reversed {
					dir = -1
				}
				gifts = []Gift{{To: ((t.Seat+dir)%t.Seats + t.Seats) % t.Seats, N: g}}
			} else {
				d.Split = true
			}
			total := 0
			for _, gf := range gifts {
				if gf.To == t.Seat {
					return game.Move{}, &game.Rejection{Code: twists.CodeBadGive, Msg: fmt.Sprintf("seat %d gives to itself: give the tiles to other players", gf.To+1)}
				}
				total += gf.N
			}
			if total != g {
				return game.Move{}, &game.Rejection{Code: twists.CodeBadGive, Msg: fmt.Sprintf("the %s tile gives %d tiles; the split gives %d", m.Action.Name(), g, total)}
			}
			held[t.Seat] -= g
			for _, gf := range gifts {
				held[gf.To] += gf.N
			}
			d.Gave, d.Gifts = g, gifts
		}
		mv.Reverse = m.Action == twists.Reverse
		if m.Action == twists.Skip {
			mv.Skip = 1
		}
	}
	mv.Score = placed + d.Gave
	if m.Word != "" {
		mv.Words = []game.Word{{Word: m.Word, Score: mv.Score}}
	}
	d.Held = held
	d.Winner = held[t.Seat] == 0
	mv.Detail = d
	mv.Position = Position{Board: a.Board, Held: held}
	return mv, nil
}

// recentre is the first word's table shifted so that one of its tiles
// (the first, row by row, for which the word then traces) is on the
// lattice's middle, the referee's move there and the shift (rows,
// columns); nil when no shift works.
func (r *Rules) recentre(word string, before, after *twists.Board) (*twists.Board, *twists.Move, [2]int) {
	mid := twists.Pos{Row: after.Rows / 2, Col: after.Cols / 2}
	for row := 0; row < after.Rows; row++ {
		for col := 0; col < after.Cols; col++ {
			if after.At(twists.Pos{Row: row, Col: col}) == 0 {
				continue
			}
			dr, dc := mid.Row-row, mid.Col-col
			shifted := twists.NewBoard(after.Rows, after.Cols)
			fits := true
			for r0 := 0; r0 < after.Rows && fits; r0++ {
				for c0 := 0; c0 < after.Cols; c0++ {
					ch := after.At(twists.Pos{Row: r0, Col: c0})
					if ch == 0 {
						continue
					}
					q := twists.Pos{Row: r0 + dr, Col: c0 + dc}
					if !shifted.In(q) {
						fits = false
						break
					}
					shifted.Set(q, ch)
				}
			}
			if !fits {
				continue
			}
			if m, err := twists.Judge(twists.Turn{Word: word, Before: before, After: shifted}, r.alpha, r.refuse); err == nil {
				return shifted, m, [2]int{dr, dc}
			}
		}
	}
	return nil, nil, [2]int{}
}

// Bag: every tile is dealt at the start; there is nothing to draw.
func (r *Rules) Bag(game.Position, int) int { return 0 }

// Held is each seat's tiles as the table stands (game.Holder).
func (r *Rules) Held(p game.Position, seats int) []int {
	v, err := pos(p)
	if err != nil {
		return nil
	}
	if _, ok := twists.Deal[seats]; !ok {
		return nil
	}
	return heldAt(v, seats)
}

// MaxLeft: the tiles each seat holds are known; the end asks for none.
func (r *Rules) MaxLeft() int { return 0 }

// Tally: the first player with no tiles left wins (the rulebook); a game
// ended before anyone went out goes to whoever holds the fewest. Score
// is the tiles each got rid of (placed and given).
func (r *Rules) Tally(final game.Position, players []game.Player, _ []int) []game.TallyLine {
	held := make([]int, len(players))
	if v, err := pos(final); err == nil {
		if _, ok := twists.Deal[len(players)]; ok {
			held = heldAt(v, len(players))
		}
	}
	fewest := -1
	for _, n := range held {
		if fewest < 0 || n < fewest {
			fewest = n
		}
	}
	out := make([]game.TallyLine, len(players))
	for i, p := range players {
		out[i] = game.TallyLine{Name: p.Name, Score: p.Score, Tiles: held[i], Final: p.Score, Winner: held[i] == fewest}
	}
	return out
}
