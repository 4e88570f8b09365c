package lexicon

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/lexicon"
	"github.com/tilescope/tilescope/scoring/tileset"
	"github.com/tilescope/tilescope/vision/loose"
)

// Kind is the game's name in commands, JSON and the store.
const Kind = "lexicon"

// OptSides names the side of the table each seat sits at, in seat order:
// "south,north" (the photo's bottom and top).
const OptSides = "sides"

// Side is a side of the table as the camera over it sees it: south is the
// photo's bottom.
type Side int

// The sides.
const (
	South Side = iota
	North
	West
	East
)

var sideNames = [...]string{"south", "north", "west", "east"}

func (s Side) String() string { return sideNames[s] }

// ParseSide reads a side's name.
func ParseSide(s string) (Side, bool) {
	for i, n := range sideNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Side(i), true
		}
	}
	return 0, false
}

// SetSize is the Lexicon set: Scrabble's 100 tiles without the blanks.
var SetSize = tileset.Lexicon.Total()

// Game is Lexicon Crossing; register it with game.Register(lexicon.Game{}).
type Game struct{}

var _ game.Game = Game{}

// Info describes Lexicon Crossing.
func (Game) Info() game.Info {
	return game.Info{
		Kind: Kind, Title: "Lexicon Crossing", MinPlayers: 1, MaxPlayers: 4,
		Options: []game.Option{
			{Name: OptSides, Title: "the players' sides of the table, in seat order (south, north, west, east; south is the photo's bottom)"},
			game.RefuseOption(),
		},
	}
}

// New sets the game up for a table.
func (Game) New(opt game.Options, env game.Env) (game.Rules, error) {
	if err := game.CheckOptions(Game{}.Info(), opt); err != nil {
		return nil, err
	}
	sides := []Side{South, North}
	if v := opt.Get(OptSides, ""); v != "" {
		var ok bool
		if sides, ok = game.ParseSeats(v, ParseSide); !ok {
			return nil, fmt.Errorf("%w: sides %q: want up to four different sides of south, north, west, east", game.ErrBadInput, v)
		}
	}
	refuse, err := opt.Bool(game.OptRefuse, false)
	if err != nil {
		return nil, err
	}
	r := &Rules{sides: sides, env: env}
	if refuse {
		r.dict = env.Dict
	}
	if env.Camera {
		if err := r.rd.Make(newReader); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Rules is one table's Lexicon Crossing.
type Rules struct {
	sides []Side          // by seat
	dict  game.Dictionary // set: non-words are refused at once
	env   game.Env
	rd    photo.Tool[loose.Reader]
}

var (
	_ game.Rules      = (*Rules)(nil)
	_ game.Holder     = (*Rules)(nil)
	_ game.Reconciler = (*Rules)(nil)
)

// Sides are the seats' sides of the table, in seat order.
func (r *Rules) Sides() []Side { return append([]Side(nil), r.sides...) }

func (r *Rules) pos(p game.Position) (Position, error) {
	switch v := p.(type) {
	case Position:
		if v.seats == len(r.sides) {
			return v, nil
		}
	case *Position:
		if v != nil && v.seats == len(r.sides) {
			return *v, nil
		}
	}
	return Position{}, fmt.Errorf("%w: not a Lexicon Crossing table of %d seats (%T)", game.ErrBadInput, len(r.sides), p)
}

// Empty is the table before any tile is turned up.
func (r *Rules) Empty() game.Position { return NewPosition(len(r.sides)) }

// Parse reads the text form (Position.String).
func (r *Rules) Parse(text, name string) (game.Position, error) {
	return parsePosition(text, name, len(r.sides))
}

// SetCell puts a tile ("A".."Z") on a square of a seat's area, "" empties
// it.
func (r *Rules) SetCell(p game.Position, row, col int, cell string) (game.Position, error) {
	v, err := r.pos(p)
	if err != nil {
		return nil, err
	}
	if !v.in(row, col) {
		rows, cols := v.Size()
		return nil, fmt.Errorf("%w: row %d, column %d is off the table's %dx%d squares", game.ErrBadInput, row, col, rows, cols)
	}
	var ch byte
	if cell != "" && cell != "." {
		c, ok := cellByte(cell[0])
		if len(cell) != 1 || !ok || c == 0 || c == Unread {
			return nil, fmt.Errorf("%w: %q: want one letter A-Z", game.ErrBadInput, cell)
		}
		ch = c
	}
	return v.with(row, col, ch), nil
}

// Piece is the tile's letter ("?" unread), one high.
func (r *Rules) Piece(cell string) game.Piece { return game.Piece{Letter: cell, Height: 1} }

// SeatScore is one seat's crossword as it stands.
type SeatScore struct {
	Seat int    `json:"seat"` // 1-based
	Side string `json:"side"`
	// Changed: this photo changed the seat's area.
	Changed   bool     `json:"changed,omitempty"`
	Words     []string `json:"words,omitempty"`
	Points    int      `json:"points"`
	WordCount int      `json:"word_count"`
	Leftover  int      `json:"leftover"`
	// Score is points / (words + leftover) to two decimals, X50 on the
	// seed's x50 scale.
	Score float64 `json:"score"`
	X50   float64 `json:"x50"`
}

// Detail is a Lexicon turn's own account: every seat's crossword.
type Detail struct {
	Seats []SeatScore `json:"seats"`
}

// areaResult scores an area: its crossword with the leftovers it shows and
// extra tiles held (not on the table).
func areaResult(a Area, extra int) (lexicon.Result, error) {
	if a.Cross == nil {
		return lexicon.Result{Leftover: a.Loose + extra}, &lexicon.Rejection{Code: lexicon.Empty, Pos: lexicon.NoPos, Msg: "no crossword"}
	}
	return lexicon.Score(a.Cross, a.Loose+extra, nil)
}

// hundredths is a result's score in hundredths, rounded.
func hundredths(res lexicon.Result) int { return int(math.Round(res.Score() * 100)) }

// Judge scores every seat's crossword as the photo shows it. The turn is
// the first seat's whose area changed; its new words are flagged when the
// dictionary does not know them, or refused with "refuse".
func (r *Rules) Judge(before, after game.Position, t game.Table) (game.Move, error) {
	if t.Seats > len(r.sides) {
		return game.Move{}, &game.Rejection{Code: "no_side", Msg: fmt.Sprintf("%d players, but the table knows the sides of %d: start the game with the setting sides (say sides=south,west,north,east)", t.Seats, len(r.sides))}
	}
	b, err := r.pos(before)
	if err != nil {
		return game.Move{}, err
	}
	a, err := r.pos(after)
	if err != nil {
		return game.Move{}, err
	}
	mv := game.Move{Again: true, Scores: make([]int, len(r.sides)), Placed: []game.Placement{}}
	var d Detail
	for s := range r.sides {
		area := a.Area(s)
		if area.Unread > 0 && !sameArea(a, b, s) {
			return game.Move{}, &game.Rejection{Code: "unread", Msg: fmt.Sprintf("seat %d: %d tile(s) could not be read: tap each and say its letter", s+1, area.Unread)}
		}
		res, err := areaResult(area, 0)
		sc := SeatScore{Seat: s + 1, Side: r.sides[s].String(), Changed: !sameArea(a, b, s), Leftover: area.Loose}
		if err == nil {
			mv.Scores[s] = hundredths(res)
			sc.Points, sc.WordCount, sc.Leftover = res.Points, res.WordCount, res.Leftover
			sc.Score, sc.X50 = res.Rounded(), res.X50()
			for _, w := range res.Words {
				sc.Words = append(sc.Words, w.Word)
			}
		}
		d.Seats = append(d.Seats, sc)
		if !sc.Changed {
			continue
		}
		if mv.Seat == 0 {
			mv.Seat = s + 1
			mv.Score = mv.Scores[s]
		}
		for _, w := range newWords(b.Area(s), sc.Words) {
			if r.dict != nil && !r.dict.Contains(w) {
				return game.Move{}, &game.Rejection{Code: string(lexicon.NotAWord), Msg: fmt.Sprintf("%s (seat %d) is not in the dictionary", w, s+1)}
			}
			mv.Words = append(mv.Words, game.Word{Word: w})
		}
		top := s * AreaRows
		for row := top; row < top+AreaRows; row++ {
			for col := range Cols {
				if ch := a.at(row, col); ch != 0 && ch != b.at(row, col) {
					mv.Placed = append(mv.Placed, game.Placement{Row: row, Col: col, Letter: string(ch), Height: 1})
				}
			}
		}
	}
	if mv.Seat == 0 {
		return game.Move{}, &game.Rejection{Code: "no_change", Msg: "no crossword changed"}
	}
	mv.Detail = d
	return mv, nil
}

// newWords are the words of an area's crossword that it did not have
// before (counted: a second KEY is new).
func newWords(before Area, words []string) []string {
	had := map[string]int{}
	if before.Cross != nil {
		if res, err := lexicon.Score(before.Cross, 0, nil); err == nil {
			for _, w := range res.Words {
				had[w.Word]++
			}
		}
	}
	var out []string
	for _, w := range words {
		if had[w] > 0 {
			had[w]--
			continue
		}
		out = append(out, w)
	}
	return out
}

// Held is each seat's leftover tiles the photo shows (the tiles lying
// apart from its crossword).
func (r *Rules) Held(p game.Position, seats int) []int {
	v, err := r.pos(p)
	if err != nil {
		return nil
	}
	out := make([]int, seats)
	for s := range min(seats, v.seats) {
		out[s] = v.Area(s).Loose
	}
	return out
}

// Deal is the tiles each player starts with: 30 for two players, 20 for
// three, 15 for four (the seed).
func Deal(seats int) int {
	switch {
	case seats >= 4:
		return 15
	case seats == 3:
		return 20
	}
	return 30
}

// Bag is the pile: the set less the tiles dealt or on the table.
func (r *Rules) Bag(p game.Position, seats int) int {
	v, err := r.pos(p)
	if err != nil {
		return 0
	}
	return max(0, SetSize-max(v.tiles(), seats*Deal(seats)))
}

// MaxLeft is the most tiles a player can still hold off the table.
func (r *Rules) MaxLeft() int { return 30 }

// Tally is red light: each crossword scored with its leftovers (the tiles
// lying apart in its area and left, those held), ranked by exact score.
// Scores are in hundredths; Tiles is the leftover count, Penalty the change
// it makes.
func (r *Rules) Tally(final game.Position, players []game.Player, left []int) []game.TallyLine {
	v, err := r.pos(final)
	if err != nil {
		v = NewPosition(len(r.sides))
	}
	entries := make([]lexicon.Entry, len(players))
	for i := range players {
		held := 0
		if i < len(left) {
			held = max(left[i], 0)
		}
		res, err := areaResult(v.Area(i), held)
		entries[i] = lexicon.Entry{Name: strconv.Itoa(i), Result: res, Err: err}
	}
	ranked := lexicon.Rank(entries)
	out := make([]game.TallyLine, len(players))
	for i, p := range players {
		e := entries[i]
		out[i] = game.TallyLine{Name: p.Name, Score: p.Score, Tiles: e.Result.Leftover}
		if e.Err == nil {
			out[i].Final = hundredths(e.Result)
		}
		out[i].Penalty = out[i].Final - out[i].Score
	}
	for _, e := range ranked {
		i, _ := strconv.Atoi(e.Name) // the seat, named above
		out[i].Rank, out[i].Winner = e.Rank, e.Rank == 1
	}
	return out
}

// seatOrder sorts positions in reading order.
func seatOrder(ps []grid.Pos) {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].Row != ps[j].Row {
			return ps[i].Row < ps[j].Row
		}
		return ps[i].Col < ps[j].Col
	})
}
