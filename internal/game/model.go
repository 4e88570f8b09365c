package game

import (
	"context"
	"errors"
	"fmt"
	"image"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Position is the table as a photo shows it, or as it stands after a turn,
// in the game's own terms. Every game's table is a lattice of cells
// (Upwords' and Scrabble's squares, the Crossword Pyramids board, the Twists
// and Lexicon lattices); a cell's content is the game's own, written as
// text: Upwords "A" or "O2", Pyramids "rA/bE", "" for an empty cell. A
// Position is never changed once made: Rules.SetCell returns a new one.
type Position interface {
	// Size is the lattice's rows and columns.
	Size() (rows, cols int)
	// Cell is the text of one cell, "" when it is empty or off the lattice.
	Cell(row, col int) string
	// String is the whole position in the game's text form: the log keeps
	// it, and Rules.Parse reads it back to an equal position.
	String() string
}

// SamePosition reports whether two positions have the same size and cells.
func SamePosition(a, b Position) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	ar, ac := a.Size()
	br, bc := b.Size()
	if ar != br || ac != bc {
		return false
	}
	for r := range ar {
		for c := range ac {
			if a.Cell(r, c) != b.Cell(r, c) {
				return false
			}
		}
	}
	return true
}

// Piece is one cell as the page draws it: the game says what stands there,
// the session adds how sure the camera was and the marks. Fields a game
// does not use stay empty (and out of the JSON).
type Piece struct {
	Letter string `json:"letter"`
	// Height is the stack's height (Upwords, Pyramids); 1 for a flat tile.
	Height int `json:"height"`
	// Colour is a pyramid's colour ("red"...), for games with colours.
	Colour string `json:"colour,omitempty"`
	// Layers are a stack's pieces under the top one, top first, as far as
	// they are known (Pyramids).
	Layers []string `json:"layers,omitempty"`
	// Seat is the player the cell belongs to, for games where each player
	// builds their own (Lexicon): 1-based, 0 for none.
	Seat int `json:"seat,omitempty"`
	// Action names an action tile (Twists: skip, reverse, give2, give3).
	Action string `json:"action,omitempty"`
}

// Rules is one table's game: a Game set up with its options. The session
// calls it for everything that depends on the game; it never looks inside
// a Position itself. Its methods must be safe for concurrent use and
// deterministic: the session replays the log through them.
type Rules interface {
	// Empty is the table before the first turn.
	Empty() Position
	// Parse reads a position in the game's text form (Position.String).
	// name is for errors (a file name, "record 12"). An error wraps
	// ErrBadInput or the game's own syntax error.
	Parse(text, name string) (Position, error)
	// SetCell is the position with one cell replaced (a correction by
	// tapping the piece): cell is the game's text for a cell, "" empty.
	// A cell the game cannot hold is an error wrapping ErrBadInput.
	SetCell(p Position, row, col int, cell string) (Position, error)
	// Piece is what the page draws for a cell's text ("" is never asked).
	Piece(cell string) Piece
	// Judge is the referee on a turn: the position before and the one the
	// camera read after. A change the rules refuse is a *Rejection; any
	// other error is a bug.
	Judge(before, after Position, t Table) (Move, error)
	// Read reads a photo into the position it shows, with how sure the
	// reader was of each cell (through the game's vision package).
	// standing is the game as it stands (a hint; may be used for
	// placeholders). A photo the vision cannot read is an error with a
	// Code() string method (no_board, out_of_view, too_dark...).
	Read(ctx context.Context, f Frame, standing Position) (Reading, error)
	// Bag is how many tiles are left to draw with seats players at the
	// table as it stands (shown on the page).
	Bag(p Position, seats int) int
	// Tally is the end-of-game score sheet from the running scores and
	// what each seat had left (tiles on the rack), in seat order.
	Tally(final Position, players []Player, left []int) []TallyLine
	// MaxLeft is the most tiles a seat can have left at the end.
	MaxLeft() int
}

// Table is who is playing when a turn is judged.
type Table struct {
	// Seat is the seat to play (0-based, in the order the players were
	// given) and Seats how many play.
	Seat, Seats int
	// Reversed: play goes round the other way (Twists' reverse tile).
	Reversed bool
	// Word is the word the table named for this turn ("" none): the
	// camera does not hear the word announced, and some changes fit
	// several (Pyramids, Twists).
	Word string
}

// Reconciler is a Rules that corrects a reading with what a turn can
// physically do to the position as it stands and with what the earlier
// photos showed, before the reading is judged (Upwords: the letter read
// decides whether a tile went on a stack). It returns the reading and the
// number of cells it changed.
type Reconciler interface {
	Reconcile(standing Position, past []Sighting, r Reading) (Reading, int)
}

// TurnLoser is a Rules whose rulebook costs turns for challenges (Crossword
// Pyramids): WithdrawnLosesTurn, the speller of a word withdrawn loses the
// turn (by default, Upwords, the same player may play again or pass);
// FailedChallengeLosesTurn, a challenger whose word stands loses their next
// turn (when the table says who challenged).
type TurnLoser interface {
	WithdrawnLosesTurn() bool
	FailedChallengeLosesTurn() bool
}

// ScorelessEnder is a Rules whose game ends after ScorelessEnd scoreless
// turns in a row (Scrabble: six): passes, exchanges, plays withdrawn on a
// challenge and plays that scored 0 count, a play that scored resets the
// count. The session ends the game at the last of them (State.Over, with
// RacksDue: the table then tells what is left on the racks with End).
type ScorelessEnder interface {
	ScorelessEnd() int
}

// OutEnder is a Rules whose game ends when a play goes out (Scrabble: the
// bag empty, the player's last tile played): WentOut says whether the
// accepted move did. The session ends the game at that play as after
// ScorelessEnd's turns (State.Over, with RacksDue: the table then tells
// what is left on the other racks with End). A challenge of that play is
// still taken until End; if it withdraws the play, the game goes on.
type OutEnder interface {
	WentOut(m Move) bool
}

// Watcher is a Rules whose board the camera's turn detector can watch, so
// that a frame is read once a turn is over (the table still, no hand over
// the board, the board changed) instead of every frame being read. Locate
// finds the board in a frame decoded as the detector decodes them (at half
// size): the outer corners of the position's lattice (Size: rows x cols
// cells; the detector watches square lattices) in the frame's pixels, in
// the order of the lattice points (0,0), (cols,0), (cols,rows), (0,rows);
// ok false when no board is in view. It is called on the first frame, when
// the board may have been bumped, and now and then while no board is in
// view: a few hundred milliseconds is fine. A game without it has every
// frame read (an unchanged table is no turn).
type Watcher interface {
	Locate(frame image.Image) (corners [4][2]float64, ok bool)
}

// Exchanger is a Rules whose rulebook allows an exchange only while the
// bag holds enough tiles: ExchangeMin is the fewest (Scrabble: seven). By
// default one is enough.
type Exchanger interface {
	ExchangeMin() int
}

// Backfiller is a Rules that says whether a correction of a cell from
// orig to want also holds in the earlier photos that read orig there (a
// tile misread is usually misread in every photo until it is covered; a
// tile the camera missed was not there before). Without it a correction
// holds backwards whenever orig is not empty.
type Backfiller interface {
	Backfill(orig, want string) bool
}

// Worder is a Rules that plays with a word list of its own rather than
// the table's dictionary (Twists & Turns: the language of its set, Russian
// or English): the session flags and settles challenges against Words.
// A nil Words is the table's dictionary.
type Worder interface {
	Words() Dictionary
}

// Holder is a Rules whose players hold tiles the position counts
// (Twists & Turns: the tiles left of each player's deal, the first out
// wins): the session shows each seat's count with the player (Held).
type Holder interface {
	Held(p Position, seats int) []int
}

// Demoer is a Game with a recorded game of its own for `serve --camera
// demo`: the photos of the table, one still per turn (the first before the
// first turn), each after photos of the turn being played.
type Demoer interface {
	Demo() (*Demo, error)
}

// DemoRecorder is a Demoer that says its recorded game without drawing
// its photos: `serve --camera demo` starts at once with the record's
// settings, draws the photos (Demo) in the background and keeps them on
// disk under the record's key.
type DemoRecorder interface {
	Demoer
	DemoRecord() (DemoRecord, error)
}

// DemoRecord is a recorded game without its photos: the settings Demo's
// would have, and a key that changes whenever its photos would (the
// recorded game's text, the scenes' seed and settings; the renderer's
// version is the cache's to add).
type DemoRecord struct {
	Options Options
	Key     string
	// Players are the recorded game's players in seat order (nil: the
	// demo plays with any number): `serve` seats them when --players is
	// not given, since the demo's turns are played by that many seats.
	Players []string
}

// Demo is a recorded game: its photos and the settings it was played with
// (the players' colours...), used unless the table sets them.
type Demo struct {
	Photos  []DemoPhoto
	Options Options
	// Players: as DemoRecord's.
	Players []string
}

// DemoPhoto is one turn of a recorded game: the still table after it
// (JPEG) and the photos while it is played (a hand over the table; none
// for the first).
type DemoPhoto struct {
	Still   []byte
	Placing [][]byte
	Note    string
	// Word is the word announced with this photo, as the players said it
	// (the camera does not hear it: the demo names it, POST
	// /api/turns/N/word); "" none.
	Word string
	// Board is the position the still photo shows, as recorded, in the
	// game's text form (Rules.Parse): the truth the tests judge the
	// recorded game from, to check what the camera made of it; "" not
	// known.
	Board string
}

// Info describes a game: what `serve --game`, the page's "new game" and
// the docs show about it.
type Info struct {
	// Kind is the game's name in commands, JSON and the store: "upwords".
	Kind string `json:"game"`
	// Title is the game's name for people: "Upwords".
	Title string `json:"title"`
	// MinPlayers and MaxPlayers bound the seats.
	MinPlayers int `json:"min_players"`
	MaxPlayers int `json:"max_players"`
	// Options are the set options the "new game" form asks.
	Options []Option `json:"options,omitempty"`
	// Page: the game has its own module for the phone page (Pager);
	// false: the page draws it as a grid of letter stacks. Set by Games.
	Page bool `json:"page,omitempty"`
}

// Pager is a Game with its own module for the phone page: JavaScript that
// calls registerGame(kind, {parse, draw, describe, fix, ...}) with how its
// cells are read from a turn's reading, drawn, described and corrected
// (docs/games.md). The web server serves it at /games/KIND.js.
type Pager interface {
	Page() []byte
}

// Option is one setting of a game: a name, the values it takes (the first
// is the default) and what it means.
type Option struct {
	Name   string   `json:"name"`
	Title  string   `json:"title"`
	Values []string `json:"values"`
}

// Options are a game's settings by name, as strings ("size": "10").
type Options map[string]string

// Get is the option's value, or def when it is not set.
func (o Options) Get(name, def string) string {
	if v, ok := o[name]; ok && v != "" {
		return v
	}
	return def
}

// Int is the option as a number, or def when it is not set.
func (o Options) Int(name string, def int) (int, error) {
	v := o.Get(name, "")
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, badInputf("option %s=%q: want a number", name, v)
	}
	return n, nil
}

// Bool is the option as true/false ("1", "true", "yes", "on"), def when
// it is not set.
func (o Options) Bool(name string, def bool) (bool, error) {
	switch strings.ToLower(o.Get(name, "")) {
	case "":
		return def, nil
	case "1", "true", "yes", "on":
		return true, nil
	case "0", "false", "no", "off":
		return false, nil
	}
	return false, badInputf("option %s=%q: want true or false", name, o[name])
}

// Env is what a game's rules may need from the table service: the word
// list and its language, the data directory (the camera's calibration)
// and a log.
type Env struct {
	// Dict is the table's dictionary (nil: every word is a word).
	Dict Dictionary
	// Lang is Dict's language ("en", "ru"; "" not known: a list of the
	// players' own). A game whose sets come in languages uses Dict for a
	// set of Lang and its own list for a set of another.
	Lang string
	// DataDir is the service's data directory; "" for none.
	DataDir string
	// Logf reports; nil discards.
	Logf func(format string, a ...any)
	// Camera: photos will be read (make the reader now, and say so if it
	// cannot be made); false: on first use.
	Camera bool
}

// Game is one kind of game the table can play. Each game implements it in
// its own package and registers it once (Register) from the program's
// main package.
type Game interface {
	// Info describes the game.
	Info() Info
	// New sets the game up for one table: opt are its settings (unknown
	// names are an error wrapping ErrBadInput).
	New(opt Options, env Env) (Rules, error)
}

// Option names every game understands.
const (
	// OptRefuse: "the referee refuses non-words at once" (true), instead of
	// flagging them for a challenge.
	OptRefuse = "refuse"
)

// RefuseOption declares OptRefuse in a game's Info, as every game that
// takes it does (default false: non-words are flagged for a challenge).
func RefuseOption() Option {
	return Option{Name: OptRefuse, Title: "the referee refuses non-words at once", Values: []string{"false", "true"}}
}

// ParseSeats reads a setting that lists one name per seat, separated by
// commas ("red,blue"), each read by parse; ok is false when parse refuses
// a name or a name comes twice.
func ParseSeats[T comparable](v string, parse func(string) (T, bool)) (seats []T, ok bool) {
	seen := map[T]bool{}
	for _, f := range strings.Split(v, ",") {
		s, ok := parse(f)
		if !ok || seen[s] {
			return nil, false
		}
		seen[s] = true
		seats = append(seats, s)
	}
	return seats, true
}

// CheckOptions returns an error wrapping ErrBadInput for a setting the
// game does not have or a value it does not take (an Option with no
// Values takes any).
func CheckOptions(info Info, opt Options) error {
	names := make([]string, 0, len(opt))
	for n := range opt {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		var o *Option
		for i := range info.Options {
			if info.Options[i].Name == n {
				o = &info.Options[i]
			}
		}
		if o == nil {
			return badInputf("%s has no setting %q", info.Kind, n)
		}
		if len(o.Values) == 0 || opt[n] == "" {
			continue
		}
		ok := false
		for _, v := range o.Values {
			ok = ok || v == opt[n]
		}
		if !ok {
			return badInputf("%s: %s=%q: want one of %s", info.Kind, n, opt[n], strings.Join(o.Values, ", "))
		}
	}
	return nil
}

// ErrUnknownGame: no game of that name is registered.
var ErrUnknownGame = errors.New("game: unknown game")

var registry = struct {
	sync.RWMutex
	games map[string]Game
}{games: map[string]Game{}}

// Register makes a game available by its Info().Kind. It panics on a name
// registered twice (a programming error, found at start-up).
func Register(g Game) {
	k := g.Info().Kind
	registry.Lock()
	defer registry.Unlock()
	if k == "" {
		panic("game: Register with no Kind")
	}
	if _, dup := registry.games[k]; dup {
		panic("game: " + k + " registered twice")
	}
	registry.games[k] = g
}

// Lookup returns the registered game of that kind.
func Lookup(kind string) (Game, error) {
	registry.RLock()
	defer registry.RUnlock()
	g, ok := registry.games[kind]
	if !ok {
		return nil, fmt.Errorf("%w %q (want one of %s)", ErrUnknownGame, kind, strings.Join(kindsLocked(), ", "))
	}
	return g, nil
}

// CheckSeats refuses a table of n players for a registered game whose
// Info bounds the seats otherwise (Scrabble: 2 to 4), with a one-line
// error wrapping ErrBadInput. A kind not registered is not its business.
func CheckSeats(kind string, n int) error {
	g, err := Lookup(kind)
	if err != nil {
		return nil
	}
	in := g.Info()
	if (in.MinPlayers > 0 && n < in.MinPlayers) || (in.MaxPlayers > 0 && n > in.MaxPlayers) {
		return badInputf("%s is for %d to %d players, not %d", in.Title, in.MinPlayers, in.MaxPlayers, n)
	}
	return nil
}

// Kinds lists the registered games' names, sorted.
func Kinds() []string {
	registry.RLock()
	defer registry.RUnlock()
	return kindsLocked()
}

func kindsLocked() []string {
	out := make([]string, 0, len(registry.games))
	for k := range registry.games {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Games returns the registered games' descriptions, sorted by kind.
func Games() []Info {
	var out []Info
	for _, k := range Kinds() {
		g, _ := Lookup(k)
		info := g.Info()
		_, info.Page = g.(Pager)
		out = append(out, info)
	}
	return out
}

// RulesFrom makes rules from the registry with env: a Session's
// Config.NewRules.
func RulesFrom(env Env) func(kind string, opt Options) (Rules, error) {
	return func(kind string, opt Options) (Rules, error) {
		g, err := Lookup(kind)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadInput, err)
		}
		return g.New(opt, env)
	}
}
