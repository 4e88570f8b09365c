package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// replayed is the game as it stands, kept up to date one record at a time:
// the state the table sees and what the actions check themselves against.
// The log on disk is the truth; this is what it adds up to. An action
// costs the same however long the game (a play, a pass, a confirm, a
// challenge, the end, and the undo of any of them); only a correction, and
// the undo of one, re-judges the game from the log, as a fix of an old
// reading must.
//
// The turn lists are shared with the published states: they are only
// appended to, and a change to a turn already published copies the list
// first (copy on write), so a published State never changes.
type replayed struct {
	setup Setup
	rules Rules
	dict  Dictionary // flags the words it does not know; nil flags none

	players []Player
	toPlay  int
	dir     int   // 1, or -1 when play goes round the other way
	lost    []int // turns each seat is still to miss (nil: none); replaced, never modified
	over    bool
	racks   []int
	// scoreless counts the scoreless turns in a row (ScorelessEnder);
	// racksDue: the rules ended the game after them, and what is left on
	// the racks is still to be told (End).
	scoreless int
	racksDue  bool
	board     Position    // never modified once set: a new board replaces it
	best      [][]float64 // best confidence of each square's stack; replaced, never modified
	stood     bool        // an accepted reading stands (the board is not the empty start)
	lastPlay  int         // number of the latest accepted play, 0 if none
	nextN     int         // number for the next turn record
	camera    *CameraNotice
	version   int64
	updated   time.Time

	hist     []Turn   // every turn record, oldest first
	histJSON [][]byte // each one's JSON
	acc      []Turn   // the accepted ones
	accJSON  [][]byte
	index    map[int]int      // turn number -> its place in hist
	plays    map[int]*playAux // accepted plays: what undoing them needs
	photos   map[int]photoOf  // every play: what its photo showed (Session.Play)
	sights   []Sighting
	undo     []head // one per surviving action (not "start" or "camera"), oldest first

	state *State
	json  []byte
	// building: replay is making the game from its log and has published
	// nothing yet, so the lists may be changed in place.
	building bool
}

// playAux is what an accepted play replaced, for a challenge that
// withdraws it.
type playAux struct {
	before   Position
	best     [][]float64
	stood    bool
	lastPlay int
	dir      int
	toPlay   int
	// scores are the seats' scores before the play, when the move set
	// them all (Move.Scores); nil: the play added its score to its seat's.
	scores []int
	// shift is the move's (Move.Shift): the turn's cells as shown are the
	// reading's moved by it.
	shift [2]int
	// scoreless is the count of scoreless turns before the play.
	scoreless int
}

// photoOf is what the photo of a play showed: the reading as recorded,
// and as the table corrected it (before the rules moved it: Move.Shift).
// A later frame that shows the same, square by square, is the same photo
// (samePhoto).
type photoOf struct {
	raw  string
	read Position // never modified
}

// head is the table as it stood before an action: undoing the action puts
// it back. It is small: the lengths of the lists, and the one turn record
// the action changed (a confirm, a challenge) as it was.
type head struct {
	kind                    string
	players                 []Player
	toPlay, lastPlay, nextN int
	dir                     int
	lost                    []int
	over                    bool
	racks                   []int
	scoreless               int
	racksDue                bool
	board                   Position
	best                    [][]float64
	stood                   bool
	hist, acc, sights       int
	changed                 int // the place in hist of the turn changed, -1 none
	turn                    Turn
	turnJSON                []byte
}

func newReplayed(setup Setup, rules Rules) *replayed {
	rp := &replayed{
		setup: setup, rules: rules, board: rules.Empty(), nextN: 1, dir: 1,
		index: map[int]int{}, plays: map[int]*playAux{}, photos: map[int]photoOf{},
	}
	for _, name := range setup.Players {
		rp.players = append(rp.players, Player{Name: name})
	}
	return rp
}

// replayWith recomputes the game from its whole log: on start-up, and
// after a correction (or its undo), which re-judges every turn from the
// one fixed. A dictionary (nil: none) flags the words of each play it does
// not know (they stand unless challenged).
func replayWith(setup Setup, recs []Record, rules Rules, dict Dictionary) (*replayed, error) {
	rp := newReplayed(setup, rules)
	rp.dict = dict
	rp.building = true
	defer func() { rp.building = false }()
	// 1. undo pops the latest surviving action; camera notices are not
	// actions: the latest stands until a photo is read.
	var acts []Record
	for _, r := range recs {
		rp.version, rp.updated = r.Seq, r.At
		switch r.Kind {
		case KindStart:
			continue
		case KindCamera:
			if err := rp.setCamera(r); err != nil {
				return nil, err
			}
			continue
		case KindUndo:
			if len(acts) > 0 {
				last := acts[len(acts)-1]
				acts = acts[:len(acts)-1]
				var w wordData
				if last.Kind == KindWord && json.Unmarshal(last.Data, &w) == nil && w.Shown && len(acts) > 0 {
					// a word the play before it showed: undone with it
					acts = acts[:len(acts)-1]
				}
			}
		case KindPlay:
			rp.camera = nil // a photo was read
			acts = append(acts, r)
		default:
			acts = append(acts, r)
		}
	}

	// 2. the readings, then the corrections applied to them.
	readings := map[int]Reading{}
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
			rd, err := rp.reading(d, r.Seq)
			if err != nil {
				return nil, err
			}
			readings[d.N] = rd
			plays = append(plays, d.N)
		case KindCorrect:
			var d correctData
			if err := json.Unmarshal(r.Data, &d); err != nil {
				return nil, fmt.Errorf("game: record %d: %v", r.Seq, err)
			}
			applyCorrection(rules, readings, plays, corrected, d)
		case KindWord:
			var d wordData
			if err := json.Unmarshal(r.Data, &d); err != nil {
				return nil, fmt.Errorf("game: record %d: %v", r.Seq, err)
			}
			named[d.N] = d.Word
		}
	}

	// 3. the game itself.
	for _, r := range acts {
		var rd Reading
		var fixed map[cellPos]bool
		var word string
		if r.Kind == KindPlay {
			var d playData
			_ = json.Unmarshal(r.Data, &d) // checked above
			rd, fixed, word = readings[d.N], corrected[d.N], named[d.N]
		}
		if err := rp.act(r, rd, fixed, word); err != nil {
			return nil, err
		}
	}
	rp.publish()
	return rp, nil
}

// reading parses a play's record with the game's rules.
func (rp *replayed) reading(d playData, seq int64) (Reading, error) {
	b, err := rp.rules.Parse(d.Board, fmt.Sprintf("record %d", seq))
	if err != nil {
		return Reading{}, fmt.Errorf("game: %v", err)
	}
	rd := Reading{Board: b, Conf: d.Conf, Covered: d.Covered}
	if d.Seen != "" {
		sb, err := rp.rules.Parse(d.Seen, fmt.Sprintf("record %d (seen)", seq))
		if err != nil {
			return Reading{}, fmt.Errorf("game: %v", err)
		}
		rd.Seen = sb
	}
	return rd, nil
}

func (rp *replayed) setCamera(r Record) error {
	var d cameraData
	if err := json.Unmarshal(r.Data, &d); err != nil {
		return fmt.Errorf("game: record %d: %v", r.Seq, err)
	}
	rp.camera = &CameraNotice{Frame: d.Frame, Code: d.Code, Error: d.Msg, At: r.At}
	if d.Code == "" {
		rp.camera = nil // read again
	}
	return nil
}

func (rp *replayed) save(kind string) head {
	return head{
		kind: kind, players: append([]Player(nil), rp.players...),
		toPlay: rp.toPlay, lastPlay: rp.lastPlay, nextN: rp.nextN, dir: rp.dir, lost: rp.lost, over: rp.over, racks: rp.racks,
		scoreless: rp.scoreless, racksDue: rp.racksDue,
		board: rp.board, best: rp.best, stood: rp.stood,
		hist: len(rp.hist), acc: len(rp.acc), sights: len(rp.sights), changed: -1,
	}
}

// pop undoes the latest surviving action. It reports false when that
// action was a correction: the caller replays the log instead.
func (rp *replayed) pop() bool {
	if len(rp.undo) == 0 {
		return true // nothing to undo: the record changes nothing
	}
	h := rp.undo[len(rp.undo)-1]
	if h.kind == KindCorrect || h.kind == KindWord {
		return false
	}
	rp.undo = rp.undo[:len(rp.undo)-1]
	for _, t := range rp.hist[h.hist:] {
		delete(rp.index, t.N)
		delete(rp.plays, t.N)
		delete(rp.photos, t.N)
	}
	rp.players, rp.toPlay, rp.lastPlay, rp.nextN, rp.dir = h.players, h.toPlay, h.lastPlay, h.nextN, h.dir
	rp.over, rp.racks, rp.board, rp.best, rp.stood = h.over, h.racks, h.board, h.best, h.stood
	rp.lost = h.lost
	rp.scoreless, rp.racksDue = h.scoreless, h.racksDue
	// The lists are cut to their length, with no room after it: the
	// published states share the arrays, and the next turn must not be
	// written over one they show.
	rp.hist, rp.histJSON = rp.hist[:h.hist:h.hist], rp.histJSON[:h.hist:h.hist]
	rp.sights = rp.sights[:h.sights:h.sights]
	if h.changed >= 0 {
		rp.setTurn(h.changed, h.turn, h.turnJSON)
	} else {
		rp.acc, rp.accJSON = rp.acc[:h.acc:h.acc], rp.accJSON[:h.acc:h.acc]
	}
	return true
}

// appendTurn adds a turn record.
func (rp *replayed) appendTurn(t Turn) {
	raw := mustJSON(t)
	rp.index[t.N] = len(rp.hist)
	rp.hist = append(rp.hist, t)
	rp.histJSON = append(rp.histJSON, raw)
	if t.Status == StatusAccepted {
		rp.acc = append(rp.acc, t)
		rp.accJSON = append(rp.accJSON, raw)
	}
	if t.N >= rp.nextN {
		rp.nextN = t.N + 1
	}
}

// turn returns turn n and its place in hist.
func (rp *replayed) turn(n int) (Turn, int, bool) {
	i, ok := rp.index[n]
	if !ok {
		return Turn{}, -1, false
	}
	return rp.hist[i], i, true
}

// changeTurn replaces turn record i, keeping the record as it was for
// undo.
func (rp *replayed) changeTurn(i int, t Turn) {
	h := &rp.undo[len(rp.undo)-1]
	h.changed, h.turn, h.turnJSON = i, rp.hist[i], rp.histJSON[i]
	rp.setTurn(i, t, mustJSON(t))
}

// setTurn replaces turn record i: the lists are copied first, since the
// published states share them (a copy of the list, not of the turns'
// contents: a long game's confirm costs a millisecond or two).
func (rp *replayed) setTurn(i int, t Turn, raw []byte) {
	if !rp.building {
		rp.hist = append(make([]Turn, 0, len(rp.hist)+16), rp.hist...)
		rp.histJSON = append(make([][]byte, 0, len(rp.histJSON)+16), rp.histJSON...)
		rp.acc = append(make([]Turn, 0, len(rp.acc)+16), rp.acc...)
		rp.accJSON = append(make([][]byte, 0, len(rp.accJSON)+16), rp.accJSON...)
	}
	rp.hist[i], rp.histJSON[i] = t, raw
	// Turn numbers grow along the log: the accepted list is in order.
	k := sort.Search(len(rp.acc), func(k int) bool { return rp.acc[k].N >= t.N })
	was := k < len(rp.acc) && rp.acc[k].N == t.N
	is := t.Status == StatusAccepted
	switch {
	case was && is:
		rp.acc[k], rp.accJSON[k] = t, raw
	case was:
		rp.acc, rp.accJSON = slices.Delete(rp.acc, k, k+1), slices.Delete(rp.accJSON, k, k+1)
	case is:
		rp.acc, rp.accJSON = slices.Insert(rp.acc, k, t), slices.Insert(rp.accJSON, k, raw)
	}
}

// act applies one surviving action. A play comes with its reading as
// corrected and the squares corrected in it.
func (rp *replayed) act(r Record, rd Reading, fixed map[cellPos]bool, word string) error {
	rp.undo = append(rp.undo, rp.save(r.Kind))
	switch r.Kind {
	case KindPlay:
		var d playData
		if err := json.Unmarshal(r.Data, &d); err != nil {
			return fmt.Errorf("game: record %d: %v", r.Seq, err)
		}
		t := Turn{N: d.N, Player: rp.toPlay, Name: rp.players[rp.toPlay].Name, Kind: KindPlay,
			Frame: d.Frame, Board: rd.Board.String(), At: r.At}
		if d.Photo {
			t.Photo = fmt.Sprintf("/api/photos/%d", d.N)
		}
		for p := range fixed {
			t.Corrected = append(t.Corrected, [2]int{p.row, p.col})
		}
		sortCells(t.Corrected)
		eachCell(rd.Board, func(p cellPos, _ string) {
			if rd.confAt(p) < LowConf && !fixed[p] {
				t.Uncertain = append(t.Uncertain, [2]int{p.row, p.col})
			}
		})
		// Squares the photo may not have seen (Reading.Covered) that the
		// reading leaves empty.
		occupied := map[cellPos]bool{}
		eachCell(rd.Board, func(p cellPos, _ string) { occupied[p] = true })
		for _, c := range rd.Covered {
			if p := (cellPos{c[0], c[1]}); !occupied[p] && !fixed[p] {
				t.Covered = append(t.Covered, c)
			}
		}
		rp.photos[d.N] = photoOf{raw: d.Board, read: rd.Board}
		if rd.Seen != nil {
			rp.sights = append(rp.sights, Sighting{Seen: rd.Seen, After: rd.Board})
		}
		reopened := rp.reopen(d.Ends)
		rp.judge(&t, rd, word)
		if reopened && t.Status != StatusAccepted {
			// Refused all the same: the game stays as the rules ended it.
			rp.over, rp.racksDue = true, true
		}
		rp.appendTurn(t)
	case KindPass, KindExchange:
		var d turnData
		_ = json.Unmarshal(r.Data, &d)
		t := Turn{N: d.N, Player: rp.toPlay, Name: rp.players[rp.toPlay].Name, Kind: r.Kind, Status: StatusAccepted, At: r.At}
		rp.reopen(d.Ends)
		if rp.over {
			t.Status, t.Code, t.Error = StatusRejected, "game_over", "the game is over"
		} else {
			rp.step(1)
			rp.countScoreless(0)
		}
		rp.appendTurn(t)
	case KindConfirm:
		var d turnData
		_ = json.Unmarshal(r.Data, &d)
		if t, i, ok := rp.turn(d.N); ok && !t.Confirmed {
			t.Confirmed = true
			rp.changeTurn(i, t)
		}
	case KindChallenge:
		var d challengeData
		_ = json.Unmarshal(r.Data, &d)
		t, i, ok := rp.turn(d.N)
		if !ok || d.N != rp.lastPlay || t.Status != StatusAccepted || (rp.over && !rp.racksDue) {
			// Stale after a correction (the challenged play is gone), or
			// the game ended with the racks told.
			return nil
		}
		t.Challenges = append(t.Challenges[:len(t.Challenges):len(t.Challenges)], Challenge{Word: d.Word, Valid: d.Valid})
		if !d.Valid {
			// The word is not a word: the tiles come off, the points go
			// and the same player may play again or pass.
			t.Status, t.Code = StatusWithdrawn, "not_a_word"
			t.Error = fmt.Sprintf("%s is not in the dictionary", d.Word)
			aux := rp.plays[d.N]
			if aux.scores != nil {
				for i := range rp.players {
					rp.players[i].Score = aux.scores[i]
				}
			} else {
				rp.players[t.Player].Score -= t.Score
			}
			rp.board, rp.best, rp.stood, rp.lastPlay = aux.before, aux.best, aux.stood, aux.lastPlay
			rp.toPlay, rp.dir = aux.toPlay, aux.dir
			if lt, ok := rp.rules.(TurnLoser); ok && lt.WithdrawnLosesTurn() {
				// This game's rulebook: the speller loses the turn.
				rp.step(1)
			}
			// The turn withdrawn scored nothing. If it ended the game
			// (it went out, or was the last of the scoreless turns), the
			// game goes on unless the count still ends it.
			rp.over, rp.racksDue = false, false
			rp.scoreless = aux.scoreless
			rp.countScoreless(0)
		} else if lt, ok := rp.rules.(TurnLoser); ok && d.By != nil && lt.FailedChallengeLosesTurn() {
			// The word stands: the challenger loses their next turn.
			if by := *d.By; by >= 0 && by < len(rp.players) && by != t.Player {
				lost := make([]int, len(rp.players))
				copy(lost, rp.lost)
				lost[by]++
				rp.lost = lost
				if rp.toPlay == by {
					// The challenger is to play: that is the turn lost.
					rp.step(0)
				}
			}
		}
		rp.changeTurn(i, t)
	case KindEnd:
		var d endData
		_ = json.Unmarshal(r.Data, &d)
		rp.over, rp.racks, rp.racksDue = true, d.Racks, false
	}
	return nil
}

// samePhoto reports whether b shows what the photo of play n showed: each
// square as the camera read it then, or as the table corrected it since.
// A correction of that turn, or of an earlier one carried into it, does
// not make a frame of the same tiles a new photo.
func (rp *replayed) samePhoto(n int, b Position) bool {
	ph, ok := rp.photos[n]
	if !ok {
		return false
	}
	raw, err := rp.rules.Parse(ph.raw, "the photo")
	if err != nil || !sameSize(raw, b) || !sameSize(ph.read, b) {
		return false
	}
	rows, cols := b.Size()
	for r := range rows {
		for c := range cols {
			if x := b.Cell(r, c); x != raw.Cell(r, c) && x != ph.read.Cell(r, c) {
				return false
			}
		}
	}
	return true
}

// judge decides a play: accepted (the board advances, the player scores,
// the next seat plays) or rejected with the rule it breaks.
func (rp *replayed) judge(t *Turn, rd Reading, word string) {
	if rp.over {
		t.Status, t.Code, t.Error = StatusRejected, "game_over", "the game is over"
		return
	}
	board := rp.board
	if !sameSize(rd.Board, board) {
		rr, rc := rd.Board.Size()
		br, bc := board.Size()
		t.Status, t.Code = StatusRejected, "wrong_size"
		t.Error = fmt.Sprintf("the reading is %dx%d, the board %dx%d", rr, rc, br, bc)
		return
	}
	t.named = word
	mv, err := rp.rules.Judge(board, rd.Board, Table{Seat: rp.toPlay, Seats: len(rp.players), Reversed: rp.dir < 0, Word: word})
	if err != nil {
		// A scorer error that is not a rejection is a bug, but it must
		// not make the whole log unreadable: the turn is refused with the
		// error, and the table can correct or undo it.
		rej, ok := err.(*Rejection)
		if !ok {
			rej = &Rejection{Code: "internal", Msg: err.Error()}
		}
		t.Status, t.Code, t.Error = StatusRejected, rej.Code, rej.Msg
		return
	}
	t.Status = StatusAccepted
	if mv.Seat > 0 && mv.Seat <= len(rp.players) {
		// Everyone plays at once (Lexicon): the turn is the seat's whose
		// play the photo shows.
		t.Player, t.Name = mv.Seat-1, rp.players[mv.Seat-1].Name
	}
	t.Placed, t.Words, t.Bonus, t.Score, t.Detail = mv.Placed, mv.Words, mv.Bonus, mv.Score, mv.Detail
	if mv.Names != "" && rp.lastPlay > 0 {
		t.names = wordData{N: rp.lastPlay, Word: strings.ToUpper(mv.Names), Shown: true}
	}
	if rp.dict != nil && len(t.Words) > 0 {
		// A word the dictionary does not know stands until it is
		// challenged: the table sees it flagged, one tap from a challenge.
		t.Words = append([]Word(nil), t.Words...)
		for i, w := range t.Words {
			t.Words[i].NotInDictionary = !rp.dict.Contains(strings.ToUpper(w.Word))
		}
	}
	aux := &playAux{before: board, best: rp.best, stood: rp.stood, lastPlay: rp.lastPlay, dir: rp.dir, toPlay: rp.toPlay, shift: mv.Shift, scoreless: rp.scoreless}
	rp.plays[t.N] = aux
	if mv.Shift != [2]int{} {
		// The rules judged the reading moved on the lattice: the turn is
		// shown where they judged it, so that what the table sees and taps
		// is the position's cells.
		rd = shiftReading(rp.rules, rd, mv.Shift)
		t.Board = rd.Board.String()
		t.Corrected, t.Uncertain = shiftCells(t.Corrected, mv.Shift), shiftCells(t.Uncertain, mv.Shift)
	}
	after := clonePos(rd.Board)
	if mv.Position != nil {
		after = mv.Position
	}
	// The confidence shown for a stack is the best of the accepted
	// readings that saw it as it stands now, newest back to where it
	// changed: a tile read surely once and less surely later is as sure as
	// it ever was.
	rows, cols := after.Size()
	best := make([][]float64, rows)
	for r := range best {
		best[r] = make([]float64, cols)
	}
	eachCell(after, func(p cellPos, s string) {
		c := rd.confAt(p)
		if rp.stood && board.Cell(p.row, p.col) == s && p.row < len(rp.best) && p.col < len(rp.best[p.row]) {
			c = max(c, rp.best[p.row][p.col])
		}
		best[p.row][p.col] = c
	})
	rp.players = append([]Player(nil), rp.players...)
	if mv.Scores != nil {
		// A game scored on the table as it stands (Lexicon): the move
		// says every seat's score.
		for i := range rp.players {
			aux.scores = append(aux.scores, rp.players[i].Score)
			if i < len(mv.Scores) {
				rp.players[i].Score = mv.Scores[i]
			}
		}
	} else {
		rp.players[rp.toPlay].Score += mv.Score
	}
	rp.board, rp.best, rp.stood = after, best, true
	rp.lastPlay = t.N
	if mv.Reverse {
		rp.dir = -rp.dir
	}
	if !mv.Again {
		rp.step(1 + mv.Skip)
	}
	rp.countScoreless(mv.Score)
	if oe, ok := rp.rules.(OutEnder); ok && oe.WentOut(mv) {
		// The player went out: the game is over, the racks still to tell.
		rp.over, rp.racks, rp.racksDue = true, nil, true
	}
}

// reopen takes a turn of a log written before the rules' own ends
// (ends below endsInForce) as it was taken then: when the rules ended the
// game (going out, the scoreless turns: over with the racks due) and the
// log goes on with a turn, the game had not ended when it was stored, and
// it goes on (a later end by the rules, with nothing after it, still ends
// it). It reports whether it reopened the game. A turn written since is
// judged with the ends in force: after them it is "game_over".
func (rp *replayed) reopen(ends int) bool {
	if ends >= endsInForce || !rp.over || !rp.racksDue {
		return false
	}
	rp.over, rp.racksDue = false, false
	return true
}

// countScoreless counts a turn that scored score, in a game whose rules
// end it after so many scoreless turns in a row (ScorelessEnder): at the
// last of them the game is over, with what is left on the racks still to
// be told (End).
func (rp *replayed) countScoreless(score int) {
	se, ok := rp.rules.(ScorelessEnder)
	if !ok {
		return
	}
	if score != 0 {
		rp.scoreless = 0
		return
	}
	rp.scoreless++
	if n := se.ScorelessEnd(); n > 0 && rp.scoreless >= n {
		rp.over, rp.racks, rp.racksDue = true, nil, true
	}
}

// step passes the turn k seats on, the way play goes.
func (rp *replayed) step(k int) {
	n := len(rp.players)
	rp.toPlay = ((rp.toPlay+rp.dir*k)%n + n) % n
	// A seat that is to miss a turn (a failed challenge) is passed over.
	for guard := 0; guard < n && rp.toPlay < len(rp.lost) && rp.lost[rp.toPlay] > 0; guard++ {
		lost := append([]int(nil), rp.lost...)
		lost[rp.toPlay]--
		rp.lost = lost
		rp.toPlay = ((rp.toPlay+rp.dir)%n + n) % n
	}
}

// publish makes the state the table sees, and its JSON, from the game as
// it stands. Its cost is the board's and the JSON's size, not the log's.
func (rp *replayed) publish() {
	board := rp.board
	st := &State{
		Game: rp.setup.Kind, ID: rp.setup.ID, Version: rp.version, Rows: rp.setup.Rows, Cols: rp.setup.Cols,
		Players: rp.playersShown(), ToPlay: rp.toPlay,
		Turns: rp.acc[:len(rp.acc):len(rp.acc)], History: rp.hist[:len(rp.hist):len(rp.hist)],
		BoardText: board.String(), Last: rp.lastPlay, Over: rp.over, RacksDue: rp.racksDue, Updated: rp.updated, Camera: rp.camera,
	}
	if st.Turns == nil {
		st.Turns = []Turn{}
	}
	if st.History == nil {
		st.History = []Turn{}
	}
	last := map[cellPos]bool{}
	fixed := map[cellPos]bool{}
	if t, _, ok := rp.turn(rp.lastPlay); ok {
		for _, p := range t.Placed {
			last[cellPos{p.Row, p.Col}] = true
		}
		for _, c := range t.Corrected {
			fixed[cellPos{c[0], c[1]}] = true
		}
	}
	rows, cols := board.Size()
	st.Board = make([][]*Cell, rows)
	for r := range st.Board {
		st.Board[r] = make([]*Cell, cols)
	}
	eachCell(board, func(p cellPos, s string) {
		c := &Cell{Piece: rp.rules.Piece(s), Conf: 1, Last: last[p], Corrected: fixed[p]}
		if rp.stood && p.row < len(rp.best) && p.col < len(rp.best[p.row]) {
			c.Conf = round2(rp.best[p.row][p.col])
		}
		c.Uncertain = c.Conf < LowConf && !c.Corrected
		st.Board[p.row][p.col] = c
	})
	st.Reversed = rp.dir < 0
	if h, ok := rp.rules.(Holder); ok {
		held := h.Held(board, len(rp.players))
		for i := range st.Players {
			if i < len(held) {
				n := held[i]
				st.Players[i].Held = &n
			}
		}
	}
	st.Bag = rp.rules.Bag(board, len(rp.players))
	if st.Over && !st.RacksDue {
		// While the racks are still to be told the final scores are not
		// known: no sheet (it would crown a winner on the racks unsaid).
		st.Tally = rp.rules.Tally(board, st.Players, rp.racks)
	}
	rp.state = st
	rp.json = st.marshalWith(rp.accJSON, rp.histJSON)
}

// marshalWith is the state's JSON with its turn lists spliced in from each
// turn's own JSON, kept since the turn was written: encoding a long game
// costs a copy, not an encoding of every turn again.
func (st *State) marshalWith(acc, hist [][]byte) []byte {
	short := *st
	short.Turns, short.History = nil, nil
	head := short.marshal()
	// The field names cannot occur unescaped inside a string value, and
	// the lists come before any other field that could hold them.
	i := bytes.Index(head, []byte(`"turns":null`))
	j := bytes.Index(head, []byte(`"history":null`))
	if i < 0 || j < i {
		panic("game: the state's JSON has no turns and history") // the State struct changed
	}
	size := len(head)
	for _, items := range [][][]byte{acc, hist} {
		size += 2 + len(items)
		for _, it := range items {
			size += len(it)
		}
	}
	out := make([]byte, 0, size)
	out = append(out, head[:i]...)
	out = appendList(append(out, `"turns":`...), acc)
	out = append(out, head[i+len(`"turns":null`):j]...)
	out = appendList(append(out, `"history":`...), hist)
	return append(out, head[j+len(`"history":null`):]...)
}

func appendList(b []byte, items [][]byte) []byte {
	b = append(b, '[')
	for i, it := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, it...)
	}
	return append(b, ']')
}

func mustJSON(t Turn) []byte {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(t); err != nil {
		panic("game: a turn does not encode: " + err.Error()) // plain structs: cannot happen
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// playersShown are the players with the turns each is still to miss.
func (rp *replayed) playersShown() []Player {
	out := append([]Player(nil), rp.players...)
	for i := range out {
		if i < len(rp.lost) {
			out[i].Misses = rp.lost[i]
		}
	}
	return out
}

// shiftReading is the reading moved sh rows and columns on its lattice
// (Move.Shift), its confidences with it; cells moved off are dropped.
func shiftReading(rules Rules, rd Reading, sh [2]int) Reading {
	out := Reading{Board: rules.Empty(), Seen: rd.Seen}
	rows, cols := out.Board.Size()
	if rd.Conf != nil {
		out.Conf = make([][]float64, rows)
		for r := range out.Conf {
			out.Conf[r] = make([]float64, cols)
			for c := range out.Conf[r] {
				out.Conf[r][c] = 1
			}
		}
	}
	eachCell(rd.Board, func(p cellPos, s string) {
		q := cellPos{p.row + sh[0], p.col + sh[1]}
		if !inside(out.Board, q) {
			return
		}
		b, err := rules.SetCell(out.Board, q.row, q.col, s)
		if err != nil {
			return
		}
		out.Board = b
		if out.Conf != nil {
			out.Conf[q.row][q.col] = rd.confAt(p)
		}
	})
	return out
}

// shiftCells is cells, [row, col], moved sh rows and columns.
func shiftCells(cells [][2]int, sh [2]int) [][2]int {
	if cells == nil {
		return nil
	}
	out := make([][2]int, len(cells))
	for i, c := range cells {
		out[i] = [2]int{c[0] + sh[0], c[1] + sh[1]}
	}
	return out
}
