package game

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"syscall"
	"time"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Sentinel errors. The web layer maps them to HTTP statuses.
var (
	// ErrNoGame: the store holds no game yet.
	ErrNoGame = errors.New("game: no game")
	// ErrNoTurn: the turn named does not exist.
	ErrNoTurn = errors.New("game: no such turn")
	// ErrConflict: the action does not fit the game as it stands (undo with
	// nothing to undo, challenge of a turn that is not the latest play, a
	// play after the end).
	ErrConflict = errors.New("game: not now")
	// ErrNoChange: the reading shows the board as it already stands; nothing
	// is recorded.
	ErrNoChange = errors.New("game: no change on the board")
	// ErrBadInput: the request itself is wrong (a cell off the board, a
	// negative rack).
	ErrBadInput = errors.New("game: bad input")
	// ErrStorage: the store could not keep an action (the disk is full,
	// the database file is gone): nothing was recorded. StorageMessage
	// says it for the table.
	ErrStorage = errors.New("game: cannot save the game")
)

// StorageMessage is what the table is told about a storage failure: what
// happened and what to do, without the store's file names.
func StorageMessage(err error) string {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return "the disk is full: the game cannot be saved until some space is freed on the table's computer"
	}
	if errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EPERM) {
		return "the game cannot be saved: its data directory cannot be written"
	}
	return "the game cannot be saved: the disk refused the write"
}

func badInputf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrBadInput, fmt.Sprintf(format, a...))
}

func conflictf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrConflict, fmt.Sprintf(format, a...))
}

// Placement is one tile a move put down.
type Placement struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Letter string `json:"letter"`
	Height int    `json:"height"`
}

// Word is one word a move formed or changed, with its points.
type Word struct {
	Word    string `json:"word"`
	Score   int    `json:"score"`
	Stacked bool   `json:"stacked"`
	// NotInDictionary: the table's dictionary does not know the word; it
	// stands unless challenged (the house rule "refuse non-words at once"
	// refuses it instead).
	NotInDictionary bool `json:"not_in_dictionary,omitempty"`
}

// Move is what the referee derived from a turn's two positions.
type Move struct {
	Placed []Placement `json:"placed"`
	Words  []Word      `json:"words"`
	Bonus  int         `json:"bonus"`
	Score  int         `json:"score"`
	// Detail is the game's own account of the turn, shown with it
	// (Pyramids: the pyramids taken; Twists: the tiles given); nil none.
	Detail any `json:"detail,omitempty"`
	// Again: the turn is not over, the same seat goes on (Pyramids: the
	// word is announced, the pyramids are not yet taken).
	Again bool `json:"-"`
	// Skip is how many seats after the next lose their turn (Twists'
	// skip tile: 1); Reverse turns the order of play round.
	Skip    int  `json:"-"`
	Reverse bool `json:"-"`
	// Scores, when set, are every seat's score after the turn, in seat
	// order, replacing the running scores (a game scored on the table as
	// it stands, such as Lexicon Crossing, not on a sum of turns); Score
	// is then the turn's own figure to show. A challenge that withdraws
	// the turn puts the scores back.
	Scores []int `json:"-"`
	// Seat is the seat whose play the turn is, 1-based, when it is not
	// the seat to play (Lexicon: everyone plays at once); 0 the seat to
	// play.
	Seat int `json:"-"`
	// Position, when set, is the position the turn leaves, when it is
	// not the reading itself (Pyramids: the board with the announced
	// word waiting to be taken; a take whose heights are the game's).
	Position Position `json:"-"`
	// Shift, when not zero, is how many rows and columns Position lies
	// from the reading on the lattice (Twists: a first word the players
	// put off the middle is judged moved there): a cell (r, c) of the
	// position is the reading's (r-Shift[0], c-Shift[1]). The turn's
	// reading is shown moved the same way, and a tap on the turn corrects
	// the reading's cell under the cell tapped.
	Shift [2]int `json:"-"`
	// Names, when set, is the word of the play this turn completes, as
	// this turn shows it (Pyramids: the take shows which of the words the
	// moved pyramids fitted was made): the session names that play's word
	// with it (as Session.NameWord), which judges the game again.
	Names string `json:"-"`
}

// Rejection is the scoring engine's "no": a rule the move breaks, with the
// DESIGN.md code (gap, not_connected, ...).
type Rejection struct {
	Code string
	Msg  string
}

func (r *Rejection) Error() string { return r.Msg }

// Scorer judges a turn of a grid game (GridRules): the board before and the
// board the camera read after. A move the rules refuse is a *Rejection; any
// other error is a bug.
type Scorer interface {
	Judge(before, after *grid.Board) (Move, error)
}

// Dictionary settles challenges.
type Dictionary interface {
	Contains(word string) bool
}

// Reading is what the camera saw: the whole position (the game's own: a
// *grid.Board for the grid games) and, per cell, how sure the reader was
// (0..1). Conf may be nil (every cell sure) or rows x cols.
type Reading struct {
	Board Position
	Conf  [][]float64
	// Seen is what the photo itself showed, before the reading was
	// reconciled with the game (nil: the same as Board, or entered by
	// hand). The session keeps it with the turn: the next photo is
	// compared with it (a misread the table corrected, seen again, is the
	// same stack).
	Seen Position
	// Covered lists the squares ([row, col]) the photo read empty though
	// they may hide a piece (a hand over them, a deep shadow, stacks in
	// front): the page says so rather than showing them bare.
	Covered [][2]int
	// Alt gives, for a square ([row, col]) whose new letter was read
	// unsure, the other letters the camera's reader gives some
	// probability there, likeliest first: ReconcileUpwordsJudged weighs
	// them when the play as read is refused. Not recorded.
	Alt map[[2]int][]string
	// Maybe gives, for a square read empty where nothing stood, beside a
	// new letter, the letters the reader would give it were a tile there,
	// likeliest first: ReconcileUpwordsJudged weighs them when the play
	// as read is refused (a tile the camera missed). Not recorded.
	Maybe map[[2]int][]string
	// Raised gives, for a square read as the stack on it stood (or read
	// empty where a stack stood) whose face looks otherwise than in the
	// last photo, the letters a tile put on the stack would bear,
	// likeliest first: ReconcileUpwordsJudged weighs them when the play
	// as read is refused (a tile the camera read as the old letter).
	// Not recorded.
	Raised map[[2]int][]string
	// Changed lists the squares where a stack stood whose top face looks
	// otherwise than in the last photo from the same camera: a tile
	// likely went on them. ReconcileUpwordsJudged does not take a new
	// letter read there for a misread seen before, nor weigh it among
	// the first as no tile. Not recorded.
	Changed map[[2]int]bool
	// Same lists the squares where a stack stood whose top face looks as
	// in the last photo from the same camera: no tile went on them, and
	// ReconcileUpwords takes a new letter read there for a misread (the
	// stack as it stood, unsure). Not recorded.
	Same map[[2]int]bool
	// Blurred is set when the photo was read but is blurred (motion,
	// focus: vision/scrabble Reading.Blurred): its letters are read, none
	// sure, and a sharper photo would be read sure. The turn is offered as
	// read; the pipeline tells the table (the camera notice BlurredCode)
	// until a sharp photo is read. Not recorded with the turn.
	Blurred bool
}

// conf returns the confidence of the cell, 1 when unknown.
func (r Reading) conf(p grid.Pos) float64 { return r.confAt(cellPos{p.Row, p.Col}) }

func (r Reading) confAt(p cellPos) float64 {
	if p.row < len(r.Conf) && p.col < len(r.Conf[p.row]) {
		return r.Conf[p.row][p.col]
	}
	return 1
}

// clone copies the conf table; a grid board is copied too (the Upwords
// reconciling changes it in place), other positions are never changed.
func (r Reading) clone() Reading {
	c := Reading{Board: r.Board, Seen: r.Seen, Covered: append([][2]int(nil), r.Covered...), Alt: r.Alt, Maybe: r.Maybe, Raised: r.Raised, Changed: r.Changed, Same: r.Same, Blurred: r.Blurred}
	if b := gridOf(r.Board); b != nil {
		c.Board = b.Clone()
	}
	if r.Conf != nil {
		c.Conf = make([][]float64, len(r.Conf))
		for i, row := range r.Conf {
			c.Conf[i] = append([]float64(nil), row...)
		}
	}
	return c
}

// Setup is what a game is started with.
type Setup struct {
	ID      int64    `json:"id"`
	Kind    string   `json:"game"` // "upwords"
	Players []string `json:"players"`
	Rows    int      `json:"rows"`
	Cols    int      `json:"cols"`
	// Options are the game's settings (kept in the start record).
	Options Options   `json:"options,omitempty"`
	Created time.Time `json:"created"`
}

// Record is one entry of a game's log. Data is the action's JSON.
type Record struct {
	Seq  int64           // assigned by the store; increases across games
	At   time.Time       // when the action was taken
	Kind string          // "start", "play", "correct", ...
	Data json.RawMessage // the action's fields
}

// Record kinds.
const (
	KindStart   = "start"
	KindPlay    = "play"
	KindCorrect = "correct"
	// KindWord names the word of a turn (the camera does not hear it):
	// the turn is judged again with it.
	KindWord      = "word"
	KindChallenge = "challenge"
	KindConfirm   = "confirm"
	KindPass      = "pass"
	KindExchange  = "exchange"
	KindUndo      = "undo"
	KindEnd       = "end"
	// KindCamera is a photo the vision could not read (too dark, no board
	// in view...): shown to the table until a photo is read again. Not a
	// turn: undo passes over it.
	KindCamera = "camera"
)

// Store keeps games and their logs. Append must not return before the record
// is durable: the session publishes a change only after Append returns.
type Store interface {
	// Current returns the latest game and its log, or ErrNoGame.
	Current(ctx context.Context) (Setup, []Record, error)
	// Create starts a new game and writes its "start" record, in one
	// transaction; it returns the setup with its ID and the record.
	Create(ctx context.Context, s Setup, start Record) (Setup, Record, error)
	// Append adds a record to a game's log and returns it with its Seq.
	Append(ctx context.Context, game int64, r Record) (Record, error)
	// SavePhoto keeps a turn's photo (JPEG); it is durable on return.
	SavePhoto(ctx context.Context, game int64, turn int, jpeg []byte) error
	// Photo returns a turn's photo, or an error wrapping fs.ErrNotExist.
	Photo(ctx context.Context, game int64, turn int) ([]byte, error)
}

// The records' payloads.
type (
	playData struct {
		N       int         `json:"n"`
		Frame   string      `json:"frame,omitempty"`
		Photo   bool        `json:"photo,omitempty"`
		Board   string      `json:"board"`
		Conf    [][]float64 `json:"conf,omitempty"`
		Elapsed float64     `json:"read_ms,omitempty"`
		// Seen is the photo's own reading before it was reconciled with
		// the game (grid text); empty for a turn entered by hand.
		Seen string `json:"seen,omitempty"`
		// Covered is Reading.Covered.
		Covered [][2]int `json:"covered,omitempty"`
		// Ends is endsInForce when the record was written: 0 in a log
		// written before the rules' own ends (see endsInForce).
		Ends int `json:"ends,omitempty"`
	}
	cameraData struct {
		Frame string `json:"frame,omitempty"`
		Code  string `json:"code"`
		Msg   string `json:"error"`
	}
	correctData struct {
		N      int    `json:"n"`
		Row    int    `json:"row"`
		Col    int    `json:"col"`
		Letter string `json:"letter"`
		Height int    `json:"height"`
		// Cell is the game's text for the cell (Rules.SetCell); empty
		// in the grid games' records, which say Letter and Height.
		Cell string `json:"cell,omitempty"`
	}
	wordData struct {
		N    int    `json:"n"`
		Word string `json:"word"`
		// Shown: named by the play after it, which showed the word
		// (Move.Names); undone with that play.
		Shown bool `json:"shown,omitempty"`
	}
	challengeData struct {
		N     int    `json:"n"`
		Word  string `json:"word"`
		Valid bool   `json:"valid"`
		// By is the challenger's seat, when the table said.
		By *int `json:"by,omitempty"`
	}
	turnData struct {
		N int `json:"n"`
		// Ends: as playData's (passes and exchanges).
		Ends int `json:"ends,omitempty"`
	}
	endData struct {
		Racks []int `json:"racks"`
	}
)

// endsInForce marks the turns (plays, passes, exchanges) written while
// the rules' own ends are in force: going out (OutEnder) and the scoreless
// turns (ScorelessEnder) end the game, and no turn is taken after. A log
// written before them has no mark: a turn it holds after such an end was
// taken and accepted then, and it stands (replayed.reopen).
const endsInForce = 1

// cell is the correction's cell text: Cell, or Letter and Height in the
// grid text format ("" for an empty square).
func (d correctData) cell() string {
	if d.Cell != "" || d.Height == 0 {
		return d.Cell
	}
	return grid.Stack{Letter: d.Letter, Height: d.Height}.String()
}
