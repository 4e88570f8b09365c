package game

import (
	"bytes"
	"encoding/json"
	"fmt"
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
	// Tally is the end-of-game score sheet, once the game is over.
	Tally []TallyLine `json:"tally,omitempty"`
	// Updated is when the latest record was written.
	Updated time.Time `json:"updated"`
	// Camera, when set, is why the latest photo could not be read (no
	// board in view, too dark, too blurred...): the table can act on it.
	// It goes when a photo is read again.
	Camera *CameraNotice `json:"camera,omitempty"`
}

// CameraNotice is a photo the vision could not read.
type CameraNotice struct {
	Frame string    `json:"frame,omitempty"`
	Code  string    `json:"code"`  // no_board, out_of_view, too_dark, too_blurred, unreadable; held (a turn waits: something over the board)
	Error string    `json:"error"` // what to do, for the table
	At    time.Time `json:"at"`
}

// Player is one seat.
type Player struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
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
	Uncertain  [][2]int    `json:"uncertain,omitempty"`
	Corrected  [][2]int    `json:"corrected,omitempty"`
	Challenges []Challenge `json:"challenges,omitempty"`
	Confirmed  bool        `json:"confirmed,omitempty"`
	At         time.Time   `json:"at"`
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
}

// Rules of the session that are not the scorer's.
const (
	RackSize       = 7
	UpwordsTiles   = 100
	PenaltyPerTile = 5
)

// replayed is the internal result of replay: the state and what the actions
// need to check themselves against.
type replayed struct {
	state     *State
	board     Position
	readings  map[int]Reading // corrected readings by turn number
	befores   map[int]Position
	turns     map[int]*Turn
	lastPlay  int              // number of the latest accepted play, 0 if none
	seen      map[int]Position // each play's photo as seen, before reconciling
	sightings []Sighting
	nextN     int // number for the next turn record
	actions   int // surviving actions after undo (not counting start)
}

// replay recomputes the state from a game's log.
func replay(setup Setup, recs []Record, rules Rules) (*replayed, error) {
	// 1. undo pops the latest surviving action.
	var acts []Record
	var version int64
	var updated time.Time
	var camera *CameraNotice
	for _, r := range recs {
		version, updated = r.Seq, r.At
		switch r.Kind {
		case KindStart:
			continue
		case KindCamera:
			var d cameraData
			if err := json.Unmarshal(r.Data, &d); err != nil {
				return nil, fmt.Errorf("game: record %d: %v", r.Seq, err)
			}
			camera = &CameraNotice{Frame: d.Frame, Code: d.Code, Error: d.Msg, At: r.At}
			if d.Code == "" {
				camera = nil // read again
			}
			continue
		case KindUndo:
			if len(acts) > 0 {
				acts = acts[:len(acts)-1]
			}
		case KindPlay:
			camera = nil // a photo was read
			acts = append(acts, r)
		default:
			acts = append(acts, r)
		}
	}

	rp := &replayed{
		readings: map[int]Reading{},
		seen:     map[int]Position{},
		befores:  map[int]Position{},
		turns:    map[int]*Turn{},
		actions:  len(acts),
	}

	// 2. the readings, then the corrections applied to them.
	var plays []int // turn numbers of plays in order
	corrected := map[int]map[cellPos]bool{}
	named := map[int]string{} // the word the table named, by turn
	for _, r := range acts {
		switch r.Kind {
		case KindPlay:
			var d playData
			if err := json.Unmarshal(r.Data, &d); err != nil {
				return nil, fmt.Errorf("game: record %d: %v", r.Seq, err)
			}
			b, err := rules.Parse(d.Board, fmt.Sprintf("record %d", r.Seq))
			if err != nil {
				return nil, fmt.Errorf("game: %v", err)
			}
			rp.readings[d.N] = Reading{Board: b, Conf: d.Conf}
			plays = append(plays, d.N)
			if d.Seen != "" {
				sb, err := rules.Parse(d.Seen, fmt.Sprintf("record %d (seen)", r.Seq))
				if err != nil {
					return nil, fmt.Errorf("game: %v", err)
				}
				rp.seen[d.N] = sb
			}
		case KindCorrect:
			var d correctData
			if err := json.Unmarshal(r.Data, &d); err != nil {
				return nil, fmt.Errorf("game: record %d: %v", r.Seq, err)
			}
			applyCorrection(rules, rp.readings, plays, corrected, d)
		case KindWord:
			var d wordData
			if err := json.Unmarshal(r.Data, &d); err != nil {
				return nil, fmt.Errorf("game: record %d: %v", r.Seq, err)
			}
			named[d.N] = d.Word
		}
	}

	// What each photo showed, beside what the table had (the reading as
	// corrected).
	for _, n := range plays {
		if sb := rp.seen[n]; sb != nil {
			rp.sightings = append(rp.sightings, Sighting{Seen: sb, After: rp.readings[n].Board})
		}
	}

	// 3. the game itself.
	st := &State{
		Game: setup.Kind, ID: setup.ID, Version: version, Rows: setup.Rows, Cols: setup.Cols,
		Turns: []Turn{}, History: []Turn{}, Updated: updated, Camera: camera,
	}
	for _, name := range setup.Players {
		st.Players = append(st.Players, Player{Name: name})
	}
	n := len(st.Players)
	board := rules.Empty()
	toPlay, dir := 0, 1   // dir -1: play goes the other way round
	dirs := map[int]int{} // the direction before each accepted play
	step := func(k int) { toPlay = ((toPlay+dir*k)%n + n) % n }
	var history []*Turn
	var racks []int
	for _, r := range acts {
		switch r.Kind {
		case KindPlay:
			var d playData
			_ = json.Unmarshal(r.Data, &d) // checked above
			rd := rp.readings[d.N]
			t := &Turn{N: d.N, Player: toPlay, Name: st.Players[toPlay].Name, Kind: KindPlay,
				Frame: d.Frame, Board: rd.Board.String(), At: r.At}
			if d.Photo {
				t.Photo = fmt.Sprintf("/api/photos/%d", d.N)
			}
			for p := range corrected[d.N] {
				t.Corrected = append(t.Corrected, [2]int{p.row, p.col})
			}
			sortCells(t.Corrected)
			eachCell(rd.Board, func(p cellPos, _ string) {
				if rd.confAt(p) < LowConf && !corrected[d.N][p] {
					t.Uncertain = append(t.Uncertain, [2]int{p.row, p.col})
				}
			})
			rp.turns[d.N] = t
			rp.befores[d.N] = board
			history = append(history, t)
			if st.Over {
				t.Status, t.Code, t.Error = StatusRejected, "game_over", "the game is over"
				continue
			}
			if rr, rc := rd.Board.Size(); !sameSize(rd.Board, board) {
				br, bc := board.Size()
				t.Status, t.Code = StatusRejected, "wrong_size"
				t.Error = fmt.Sprintf("the reading is %dx%d, the board %dx%d", rr, rc, br, bc)
				continue
			}
			mv, err := rules.Judge(board, rd.Board, Table{Seat: toPlay, Seats: n, Reversed: dir < 0, Word: named[d.N]})
			if err != nil {
				// A scorer error that is not a rejection is a bug, but it
				// must not make the whole log unreadable: the turn is
				// refused with the error, and the table can correct or
				// undo it.
				rej, ok := err.(*Rejection)
				if !ok {
					rej = &Rejection{Code: "internal", Msg: err.Error()}
				}
				t.Status, t.Code, t.Error = StatusRejected, rej.Code, rej.Msg
				continue
			}
			t.Status = StatusAccepted
			t.Placed, t.Words, t.Bonus, t.Score, t.Detail = mv.Placed, mv.Words, mv.Bonus, mv.Score, mv.Detail
			st.Players[toPlay].Score += mv.Score
			board = rd.Board
			if mv.Position != nil {
				board = mv.Position
			}
			rp.lastPlay = d.N
			dirs[d.N] = dir
			if mv.Reverse {
				dir = -dir
			}
			if !mv.Again {
				step(1 + mv.Skip)
			}
		case KindPass, KindExchange:
			var d turnData
			_ = json.Unmarshal(r.Data, &d)
			t := &Turn{N: d.N, Player: toPlay, Name: st.Players[toPlay].Name, Kind: r.Kind, Status: StatusAccepted, At: r.At}
			if st.Over {
				t.Status, t.Code, t.Error = StatusRejected, "game_over", "the game is over"
			} else {
				step(1)
			}
			rp.turns[d.N] = t
			history = append(history, t)
		case KindConfirm:
			var d turnData
			_ = json.Unmarshal(r.Data, &d)
			if t := rp.turns[d.N]; t != nil {
				t.Confirmed = true
			}
		case KindChallenge:
			var d challengeData
			_ = json.Unmarshal(r.Data, &d)
			t := rp.turns[d.N]
			if t == nil || d.N != rp.lastPlay || t.Status != StatusAccepted || st.Over {
				continue // stale after a correction: the challenged play is gone
			}
			t.Challenges = append(t.Challenges, Challenge{Word: d.Word, Valid: d.Valid})
			if d.Valid {
				continue
			}
			// The word is not a word: the tiles come off, the points go and
			// the same player may play again or pass.
			t.Status, t.Code = StatusWithdrawn, "not_a_word"
			t.Error = fmt.Sprintf("%s is not in the dictionary", d.Word)
			st.Players[t.Player].Score -= t.Score
			board = rp.befores[d.N]
			toPlay, dir = t.Player, dirs[d.N]
			rp.lastPlay = 0
			for i := len(history) - 1; i >= 0; i-- {
				if h := history[i]; h.Kind == KindPlay && h.Status == StatusAccepted {
					rp.lastPlay = h.N
					break
				}
			}
		case KindEnd:
			var d endData
			_ = json.Unmarshal(r.Data, &d)
			st.Over = true
			racks = d.Racks
		}
	}
	for _, t := range history {
		if t.N >= rp.nextN {
			rp.nextN = t.N + 1
		}
	}
	if rp.nextN == 0 {
		rp.nextN = 1
	}

	// The board as it stands, with the latest play and the uncertain cells.
	rp.board = board
	st.ToPlay = toPlay
	st.Last = rp.lastPlay
	st.BoardText = board.String()
	last := map[cellPos]bool{}
	var conf Reading
	var fixed map[cellPos]bool
	if t := rp.turns[rp.lastPlay]; t != nil {
		for _, p := range t.Placed {
			last[cellPos{p.Row, p.Col}] = true
		}
	}
	// The confidence shown for a stack is the best of the accepted readings
	// that saw it as it stands now, newest back to where it changed: a tile
	// read surely once and less surely later is as sure as it ever was.
	var stood []Reading // accepted readings, newest first
	for i := len(history) - 1; i >= 0; i-- {
		if h := history[i]; h.Kind == KindPlay && h.Status == StatusAccepted {
			if conf.Board == nil {
				conf = rp.readings[h.N]
				fixed = corrected[h.N]
			}
			stood = append(stood, rp.readings[h.N])
		}
	}
	bestConf := func(p cellPos, s string) float64 {
		best := 0.0
		for _, rd := range stood {
			if rd.Board.Cell(p.row, p.col) != s {
				break
			}
			best = max(best, rd.confAt(p))
		}
		return best
	}
	rows, cols := board.Size()
	st.Board = make([][]*Cell, rows)
	for r := range st.Board {
		st.Board[r] = make([]*Cell, cols)
	}
	eachCell(board, func(p cellPos, s string) {
		c := &Cell{Piece: rules.Piece(s), Conf: 1, Last: last[p], Corrected: fixed[p]}
		if conf.Board != nil {
			c.Conf = round2(bestConf(p, s))
		}
		c.Uncertain = c.Conf < LowConf && !c.Corrected
		st.Board[p.row][p.col] = c
	})
	st.Bag = rules.Bag(board, n)
	for _, t := range history {
		st.History = append(st.History, *t)
		if t.Status == StatusAccepted {
			st.Turns = append(st.Turns, *t)
		}
	}
	if st.Over {
		st.Tally = rules.Tally(board, st.Players, racks)
	}
	rp.state = st
	return rp, nil
}

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
