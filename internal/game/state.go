package game

import (
	"bytes"
	"encoding/json"
	"math"
	"time"
)

// LowConf is the confidence below which a cell is shown as uncertain.
const LowConf = 0.8

// Turn statuses.
const (
	StatusAccepted  = "accepted"
	StatusRejected  = "rejected"  // the rules said no to the reading
	StatusWithdrawn = "withdrawn" // challenged off the board
)

// State is the game as the table sees it, recomputed from the log. It is
// what GET /api/game returns.
type State struct {
	Game    string `json:"game"`
	ID      int64  `json:"id"`
	Version int64  `json:"version"`
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	// Players in seat order, with their running scores.
	Players []Player `json:"players"`
	// ToPlay is the seat whose turn it is.
	ToPlay int `json:"to_play"`
	// Reversed: play goes round the other way (a reverse tile).
	Reversed bool `json:"reversed,omitempty"`
	// Turns are the accepted turns (plays, passes, exchanges), oldest first.
	Turns []Turn `json:"turns"`
	// History is every turn record, oldest first: accepted, rejected and
	// withdrawn.
	History []Turn `json:"history"`
	// Board is the board as it stands: rows x cols, null for an empty square.
	Board [][]*Cell `json:"board"`
	// BoardText is the board in the grid text format.
	BoardText string `json:"board_text"`
	// Last is the number of the latest accepted play (0 if none): its cells
	// are marked last on the board.
	Last int `json:"last"`
	// Bag is how many tiles are left to draw (Upwords: 100 less the racks
	// less the tiles on the board).
	Bag  int  `json:"bag"`
	Over bool `json:"over"`
	// RacksDue: the rules ended the game (Scrabble: six scoreless turns in
	// a row) and what is left on each rack is still to be told (End): the
	// tally counts nothing left until it is.
	RacksDue bool `json:"racks_due,omitempty"`
	// Tally is the end-of-game score sheet, once the game is over.
	Tally []TallyLine `json:"tally,omitempty"`
	// Updated is when the latest record was written.
	Updated time.Time `json:"updated"`
	// Camera, when set, is why the latest photo could not be read (no
	// board in view, too dark, too blurred...): the table can act on it.
	// It goes when a photo is read again.
	Camera *CameraNotice `json:"camera,omitempty"`
	// Storage, when set, is why the latest action could not be saved (the
	// disk is full): nothing was recorded, and the table should know. It
	// goes with the next action saved.
	Storage *StorageNotice `json:"storage,omitempty"`
}

// StorageNotice is a failure to save the game.
type StorageNotice struct {
	Error string    `json:"error"`
	At    time.Time `json:"at"`
}

// CameraNotice is a photo the vision could not read, or one it read
// that the table should know about (blurred).
type CameraNotice struct {
	Frame string    `json:"frame,omitempty"`
	Code  string    `json:"code"`  // no_board, out_of_view, too_dark, too_blurred, unreadable; held (a turn waits: something over the board); blurred (the turn's photo was read, blurred: no letter sure)
	Error string    `json:"error"` // what to do, for the table
	At    time.Time `json:"at"`
}

// Player is one seat.
type Player struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
	// Misses is how many turns the player is still to miss (a failed
	// challenge, in games whose rulebook says so).
	Misses int `json:"misses,omitempty"`
	// Held is how many tiles the player still holds, in games that count
	// them on the table (Holder); nil in the others.
	Held *int `json:"held,omitempty"`
}

// Cell is an occupied square as the page draws it: the game's piece
// (Rules.Piece), how sure the camera was and the marks.
type Cell struct {
	Piece
	Conf      float64 `json:"conf"`
	Last      bool    `json:"last,omitempty"`      // placed by the latest play
	Uncertain bool    `json:"uncertain,omitempty"` // read with conf < LowConf
	Corrected bool    `json:"corrected,omitempty"` // fixed by a player
}

// Turn is one turn record as the table sees it.
type Turn struct {
	N      int         `json:"n"`
	Player int         `json:"player"`
	Name   string      `json:"name"`
	Kind   string      `json:"kind"` // play, pass, exchange
	Status string      `json:"status"`
	Code   string      `json:"code,omitempty"`
	Error  string      `json:"error,omitempty"`
	Placed []Placement `json:"placed,omitempty"`
	Words  []Word      `json:"words,omitempty"`
	Bonus  int         `json:"bonus,omitempty"`
	Score  int         `json:"score"`
	// Detail is the game's own account of the turn (Move.Detail).
	Detail any    `json:"detail,omitempty"`
	Photo  string `json:"photo,omitempty"` // URL of the photo
	Frame  string `json:"frame,omitempty"` // the camera's frame id
	Board  string `json:"board,omitempty"` // the reading, grid text
	// Uncertain and Corrected list cells as [row, col].
	Uncertain [][2]int `json:"uncertain,omitempty"`
	Corrected [][2]int `json:"corrected,omitempty"`
	// Covered lists the squares read empty that the photo may not have
	// seen (a hand over them, a deep shadow): the page says "covered".
	Covered    [][2]int    `json:"covered,omitempty"`
	Challenges []Challenge `json:"challenges,omitempty"`
	Confirmed  bool        `json:"confirmed,omitempty"`
	At         time.Time   `json:"at"`
	// names is the word this turn showed for the play it completes
	// (Move.Names; never kept: the session names it with a record).
	names wordData
	// named is the word the table named for this turn ("" none).
	named string
}

// Challenge is a dictionary verdict on a word of a turn.
type Challenge struct {
	Word  string `json:"word"`
	Valid bool   `json:"valid"`
}

// TallyLine is one player's end-of-game line.
type TallyLine struct {
	Name    string `json:"name"`
	Score   int    `json:"score"`
	Tiles   int    `json:"tiles"`   // left on the rack
	Penalty int    `json:"penalty"` // -5 per tile (Upwords)
	Final   int    `json:"final"`
	Winner  bool   `json:"winner"`
	// Rank is the place in the ranking (1 the best; equal finals share
	// one), for games that rank their players; 0 not given.
	Rank int `json:"rank,omitempty"`
}

// Rules of the session that are not the scorer's.
const (
	RackSize       = 7
	UpwordsTiles   = 100
	PenaltyPerTile = 5
)

// applyCorrection sets the corrected cell in turn d.N's reading and in the
// neighbouring readings that read the same cell on that square: forward
// always, backward only when the rules say the earlier photos misread it
// too (Backfiller; by default when the camera saw something there).
func applyCorrection(rules Rules, readings map[int]Reading, plays []int, corrected map[int]map[cellPos]bool, d correctData) {
	rd, ok := readings[d.N]
	if !ok {
		return
	}
	p := cellPos{d.Row, d.Col}
	if !inside(rd.Board, p) {
		return
	}
	want := d.cell()
	orig := rd.Board.Cell(p.row, p.col)
	idx := -1
	for i, n := range plays {
		if n == d.N {
			idx = i
		}
	}
	set := func(n int) bool {
		r := readings[n]
		nb, err := rules.SetCell(r.Board, p.row, p.col, want)
		if err != nil {
			return false // a cell this reading cannot hold: the correction stops here
		}
		r.Board = nb
		readings[n] = r
		if corrected[n] == nil {
			corrected[n] = map[cellPos]bool{}
		}
		corrected[n][p] = true
		return true
	}
	if !set(d.N) {
		return
	}
	for i := idx + 1; i < len(plays); i++ {
		r := readings[plays[i]]
		if !inside(r.Board, p) || r.Board.Cell(p.row, p.col) != orig || !set(plays[i]) {
			break
		}
	}
	back := orig != ""
	if bf, ok := rules.(Backfiller); ok {
		back = bf.Backfill(orig, want)
	}
	if !back {
		// The camera missed a piece: it was not there before this turn.
		return
	}
	for i := idx - 1; i >= 0; i-- {
		r := readings[plays[i]]
		if !inside(r.Board, p) || r.Board.Cell(p.row, p.col) != orig || !set(plays[i]) {
			break
		}
	}
}

// cellPos is a cell of a position's lattice.
type cellPos struct{ row, col int }

func inside(b Position, p cellPos) bool {
	r, c := b.Size()
	return p.row >= 0 && p.row < r && p.col >= 0 && p.col < c
}

// eachCell calls f for every cell that is not empty, row by row.
func eachCell(b Position, f func(p cellPos, cell string)) {
	rows, cols := b.Size()
	for r := range rows {
		for c := range cols {
			if s := b.Cell(r, c); s != "" {
				f(cellPos{r, c}, s)
			}
		}
	}
}

func sameSize(a, b Position) bool {
	ar, ac := a.Size()
	br, bc := b.Size()
	return ar == br && ac == bc
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

func sortCells(cs [][2]int) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && (cs[j][0] < cs[j-1][0] || cs[j][0] == cs[j-1][0] && cs[j][1] < cs[j-1][1]); j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// marshal is the state's JSON, as served.
func (st *State) marshal() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(st); err != nil {
		panic("game: state does not encode: " + err.Error()) // plain structs: cannot happen
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}
