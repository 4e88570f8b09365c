package game

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/tilescope/tilescope/scoring/grid"
)

// refReplayed is the result of refReplay, the replay of the whole log
// after every action as the session did it before it kept the game up to
// date one record at a time: the reference the session must agree with.: the state and what the actions
// need to check themselves against.
type refReplayed struct {
	state     *State
	board     *grid.Board
	readings  map[int]refReading // corrected readings by turn number
	befores   map[int]*grid.Board
	turns     map[int]*Turn
	lastPlay  int                 // number of the latest accepted play, 0 if none
	seen      map[int]*grid.Board // each play's photo as seen, before reconciling
	sightings []Sighting
	nextN     int // number for the next turn record
	actions   int // surviving actions after undo (not counting start)
}

// replay recomputes the state from a game's log.
func refReplay(setup Setup, recs []Record, sc Scorer, dict Dictionary) (*refReplayed, error) {
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

	rp := &refReplayed{
		readings: map[int]refReading{},
		seen:     map[int]*grid.Board{},
		befores:  map[int]*grid.Board{},
		turns:    map[int]*Turn{},
		actions:  len(acts),
	}

	// 2. the readings, then the corrections applied to them.
	var plays []int // turn numbers of plays in order
	corrected := map[int]map[grid.Pos]bool{}
	for _, r := range acts {
		switch r.Kind {
		case KindPlay:
			var d playData
			if err := json.Unmarshal(r.Data, &d); err != nil {
				return nil, fmt.Errorf("game: record %d: %v", r.Seq, err)
			}
			b, err := grid.Parse(strings.NewReader(d.Board), fmt.Sprintf("record %d", r.Seq))
			if err != nil {
				return nil, fmt.Errorf("game: %v", err)
			}
			rp.readings[d.N] = refReading{Board: b, Conf: d.Conf}
			plays = append(plays, d.N)
			if d.Seen != "" {
				sb, err := grid.Parse(strings.NewReader(d.Seen), fmt.Sprintf("record %d (seen)", r.Seq))
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
			refApplyCorrection(rp.readings, plays, corrected, d)
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
	board := grid.New(setup.Rows, setup.Cols)
	toPlay := 0
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
				t.Corrected = append(t.Corrected, [2]int{p.Row, p.Col})
			}
			sortCells(t.Corrected)
			rd.Board.Each(func(p grid.Pos, s grid.Stack) {
				if !s.Empty() && rd.conf(p) < LowConf && !corrected[d.N][p] {
					t.Uncertain = append(t.Uncertain, [2]int{p.Row, p.Col})
				}
			})
			rp.turns[d.N] = t
			rp.befores[d.N] = board
			history = append(history, t)
			if st.Over {
				t.Status, t.Code, t.Error = StatusRejected, "game_over", "the game is over"
				continue
			}
			if rd.Board.Rows != board.Rows || rd.Board.Cols != board.Cols {
				t.Status, t.Code = StatusRejected, "wrong_size"
				t.Error = fmt.Sprintf("the reading is %dx%d, the board %dx%d", rd.Board.Rows, rd.Board.Cols, board.Rows, board.Cols)
				continue
			}
			mv, err := sc.Judge(board, rd.Board)
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
			t.Placed, t.Words, t.Bonus, t.Score = mv.Placed, mv.Words, mv.Bonus, mv.Score
			for i := range t.Words {
				t.Words[i].NotInDictionary = dict != nil && !dict.Contains(strings.ToUpper(t.Words[i].Word))
			}
			st.Players[toPlay].Score += mv.Score
			board = rd.Board.Clone()
			rp.lastPlay = d.N
			toPlay = (toPlay + 1) % n
		case KindPass, KindExchange:
			var d turnData
			_ = json.Unmarshal(r.Data, &d)
			t := &Turn{N: d.N, Player: toPlay, Name: st.Players[toPlay].Name, Kind: r.Kind, Status: StatusAccepted, At: r.At}
			if st.Over {
				t.Status, t.Code, t.Error = StatusRejected, "game_over", "the game is over"
			} else {
				toPlay = (toPlay + 1) % n
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
			toPlay = t.Player
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
	last := map[grid.Pos]bool{}
	var conf refReading
	var fixed map[grid.Pos]bool
	if t := rp.turns[rp.lastPlay]; t != nil {
		for _, p := range t.Placed {
			last[grid.Pos{Row: p.Row, Col: p.Col}] = true
		}
	}
	// The confidence shown for a stack is the best of the accepted readings
	// that saw it as it stands now, newest back to where it changed: a tile
	// read surely once and less surely later is as sure as it ever was.
	var stood []refReading // accepted readings, newest first
	for i := len(history) - 1; i >= 0; i-- {
		if h := history[i]; h.Kind == KindPlay && h.Status == StatusAccepted {
			if conf.Board == nil {
				conf = rp.readings[h.N]
				fixed = corrected[h.N]
			}
			stood = append(stood, rp.readings[h.N])
		}
	}
	bestConf := func(p grid.Pos, s grid.Stack) float64 {
		best := 0.0
		for _, rd := range stood {
			if rd.Board.At(p) != s {
				break
			}
			best = max(best, rd.conf(p))
		}
		return best
	}
	st.Board = make([][]*Cell, board.Rows)
	placed := 0
	for r := range st.Board {
		st.Board[r] = make([]*Cell, board.Cols)
	}
	board.Each(func(p grid.Pos, s grid.Stack) {
		if s.Empty() {
			return
		}
		placed += s.Height
		c := &Cell{Piece: Piece{Letter: s.Letter, Height: s.Height}, Conf: 1, Last: last[p], Corrected: fixed[p]}
		if conf.Board != nil {
			c.Conf = round2(bestConf(p, s))
		}
		c.Uncertain = c.Conf < LowConf && !c.Corrected
		st.Board[p.Row][p.Col] = c
	})
	st.Bag = UpwordsTiles - RackSize*n - placed
	if st.Bag < 0 {
		st.Bag = 0
	}
	for _, t := range history {
		st.History = append(st.History, *t)
		if t.Status == StatusAccepted {
			st.Turns = append(st.Turns, *t)
		}
	}
	if st.Over {
		st.Tally = UpwordsGridRules(0, 0, nil).Tally(nil, st.Players, racks)
	}
	rp.state = st
	return rp, nil
}

// refApplyCorrection is the grid-only applyCorrection the reference replay was written with: it sets the corrected stack in turn d.N's reading and in the
// neighbouring readings that read the same stack on that square: forward
// always, backward only when the camera saw a tile there and the correction
// is not a taller stack (a tile the camera missed, on an empty square or on
// a stack, was not there before it was played).
func refApplyCorrection(readings map[int]refReading, plays []int, corrected map[int]map[grid.Pos]bool, d correctData) {
	rd, ok := readings[d.N]
	if !ok {
		return
	}
	p := grid.Pos{Row: d.Row, Col: d.Col}
	if !rd.Board.In(p) {
		return
	}
	want := grid.Stack{Letter: d.Letter, Height: d.Height}
	if d.Height == 0 {
		want = grid.Stack{}
	}
	orig := rd.Board.At(p)
	idx := -1
	for i, n := range plays {
		if n == d.N {
			idx = i
		}
	}
	set := func(n int) {
		r := readings[n]
		r.Board.Set(p, want)
		if corrected[n] == nil {
			corrected[n] = map[grid.Pos]bool{}
		}
		corrected[n][p] = true
	}
	set(d.N)
	for i := idx + 1; i < len(plays); i++ {
		r := readings[plays[i]]
		if !r.Board.In(p) || r.Board.At(p) != orig {
			break
		}
		set(plays[i])
	}
	if orig.Empty() || want.Height > orig.Height {
		// The camera missed a tile: it was not there before this turn
		// (read empty), or it went on the stack this turn (the stack read
		// as it stood before): the earlier readings of the square were
		// right.
		return
	}
	for i := idx - 1; i >= 0; i-- {
		r := readings[plays[i]]
		if !r.Board.In(p) || r.Board.At(p) != orig {
			break
		}
		set(plays[i])
	}
}

// refReading is a reading of a grid board, as the reference replay keeps
// it.
type refReading struct {
	Board *grid.Board
	Conf  [][]float64
}

func (r refReading) conf(p grid.Pos) float64 {
	if p.Row < len(r.Conf) && p.Col < len(r.Conf[p.Row]) {
		return r.Conf[p.Row][p.Col]
	}
	return 1
}
