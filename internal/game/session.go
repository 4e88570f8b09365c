package game

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Config sets up a session.
type Config struct {
	Kind    string   // "upwords" (default)
	Players []string // names for a new game; default "Player 1", "Player 2"
	Rows    int      // board size for a new game; default 10x10, or the Rules' empty position
	Cols    int
	// Rules is the game (Game.New); nil: grid rules with the Upwords set
	// around Scorer (UpwordsGridRules).
	Rules  Rules
	Scorer Scorer
	// Options are the settings Rules were made with, recorded with every
	// new game of Kind.
	Options Options
	// NewRules makes the rules of another game, or of Kind with other
	// settings, for a new game the table asks for (RulesFrom: from the
	// registry); nil: the table plays only Kind with Rules.
	NewRules func(kind string, opt Options) (Rules, error)
	// Dict settles challenges; nil means every word is accepted.
	Dict Dictionary
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Snapshot is one published version of the game: the state and its JSON.
type Snapshot struct {
	Version int64
	State   *State
	JSON    []byte
	// next is closed when a newer snapshot is published.
	next chan struct{}
}

// Next returns a channel closed when a newer snapshot exists.
func (s *Snapshot) Next() <-chan struct{} { return s.next }

// Session is one table's game. Its methods are safe for concurrent use;
// actions are serialised.
type Session struct {
	cfg   Config
	store Store

	mu     sync.Mutex // serialises actions
	rules  Rules      // the current game's; written under mu and snapMu
	setup  Setup
	rp     *replayed
	snapMu sync.RWMutex
	snap   *Snapshot
	recent []*Snapshot // the latest snapshots, oldest first, for event streams
	// storage is the latest failure to save, until an action is saved
	// again (under snapMu).
	storage error
}

// Event streams can catch up on the latest keepSnapshots versions, as long
// as their JSON adds up to no more than keepBytes (each carries the whole
// game: a long game keeps fewer).
const (
	keepSnapshots = 128
	keepBytes     = 8 << 20
)

// Open loads the store's current game, or starts one from cfg if there is
// none, and replays it.
func Open(ctx context.Context, store Store, cfg Config) (*Session, error) {
	if cfg.Rules == nil && cfg.Scorer == nil {
		return nil, errors.New("game: no rules")
	}
	if cfg.Kind == "" {
		cfg.Kind = "upwords"
	}
	if cfg.Rows == 0 || cfg.Cols == 0 {
		cfg.Rows, cfg.Cols = 10, 10
		if cfg.Rules != nil {
			cfg.Rows, cfg.Cols = cfg.Rules.Empty().Size()
		}
	}
	if cfg.Rules == nil {
		cfg.Rules = UpwordsGridRules(cfg.Rows, cfg.Cols, cfg.Scorer)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if len(cfg.Players) == 0 {
		cfg.Players = []string{"Player 1", "Player 2"}
	}
	if err := checkPlayers(cfg.Players); err != nil {
		return nil, err
	}
	if err := CheckSeats(cfg.Kind, len(cfg.Players)); err != nil {
		return nil, err
	}
	if cfg.Options == nil {
		cfg.Options = Options{}
	}
	s := &Session{cfg: cfg, store: store, rules: cfg.Rules}
	setup, recs, err := store.Current(ctx)
	switch {
	case errors.Is(err, ErrNoGame):
		if err := s.NewGame(ctx, cfg.Players); err != nil {
			return nil, err
		}
		return s, nil
	case err != nil:
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if setup.Options == nil && len(recs) > 0 && recs[0].Kind == KindStart {
		// The settings are kept in the start record (games from before
		// settings were kept have none: the table's are theirs).
		var st struct {
			Options Options `json:"options"`
		}
		if json.Unmarshal(recs[0].Data, &st) == nil {
			setup.Options = st.Options
		}
	}
	rules, err := s.rulesFor(setup.Kind, setup.Options)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", setup.ID, err)
	}
	s.setRules(rules)
	if err := s.load(setup, recs); err != nil {
		return nil, err
	}
	return s, nil
}

func checkPlayers(names []string) error {
	if len(names) < 1 || len(names) > 4 {
		return badInputf("a game has 1 to 4 players, not %d", len(names))
	}
	for i, n := range names {
		// Names may be in any script: 40 letters, not bytes (Марина is 12 bytes).
		if strings.TrimSpace(n) == "" || !utf8.ValidString(n) || utf8.RuneCountInString(n) > 40 {
			return badInputf("player %d: a name is 1 to 40 characters", i+1)
		}
	}
	return nil
}

// load replays a log and publishes the result. Called with mu held.
func (s *Session) load(setup Setup, recs []Record) error {
	rp, err := replayWith(setup, recs, s.rules, s.words())
	if err != nil {
		return err
	}
	s.setup, s.rp = setup, rp
	s.publish()
	return nil
}

// words is the dictionary the current game's words are flagged and
// challenged against: the game's own (Worder), else the table's.
func (s *Session) words() Dictionary {
	if w, ok := s.rules.(Worder); ok {
		if d := w.Words(); d != nil {
			return d
		}
	}
	return s.cfg.Dict
}

// rulesFor returns the rules of a game: the configured ones for Kind with
// the configured settings (or none recorded), else NewRules'.
func (s *Session) rulesFor(kind string, opt Options) (Rules, error) {
	if kind == "" {
		kind = s.cfg.Kind
	}
	if kind == s.cfg.Kind && (opt == nil || sameOptions(opt, s.cfg.Options)) {
		return s.cfg.Rules, nil
	}
	if s.cfg.NewRules == nil && kind != s.cfg.Kind {
		return nil, badInputf("this table plays only %s, not %s", s.cfg.Kind, kind)
	}
	if s.cfg.NewRules == nil {
		return nil, badInputf("this table plays %s with its own settings only", s.cfg.Kind)
	}
	return s.cfg.NewRules(kind, opt)
}

// setRules makes rules the current game's, letting go of the previous
// ones made for another game. Called with mu held.
func (s *Session) setRules(rules Rules) {
	s.snapMu.Lock()
	old := s.rules
	s.rules = rules
	s.snapMu.Unlock()
	if old != nil && old != rules && old != s.cfg.Rules {
		if c, ok := old.(io.Closer); ok {
			c.Close()
		}
	}
}

func sameOptions(a, b Options) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// reload replays the current game's log from the store. Called with mu
// held.
func (s *Session) reload(ctx context.Context) error {
	setup, recs, err := s.store.Current(ctx)
	if err != nil {
		return fmt.Errorf("game: reading the log: %w", err)
	}
	if setup.ID != s.setup.ID {
		return fmt.Errorf("game: the store's current game is %d, not %d", setup.ID, s.setup.ID)
	}
	return s.load(setup, recs)
}

// storageFailed tells the table that an action could not be saved: the
// game as it stands is published again with a storage notice (same
// version: nothing changed but the notice). It returns err marked
// ErrStorage. Called with mu held.
func (s *Session) storageFailed(err error) error {
	err = fmt.Errorf("%w: %w", ErrStorage, err)
	st := *s.rp.state
	st.Storage = &StorageNotice{Error: StorageMessage(err), At: s.cfg.Now().UTC()}
	s.snapMu.Lock()
	s.storage = err
	s.snapMu.Unlock()
	s.publishState(&st, st.marshalWith(s.rp.accJSON, s.rp.histJSON))
	return err
}

// StorageTrouble is the latest failure to save the game (wrapping
// ErrStorage), or nil once an action was saved since.
func (s *Session) StorageTrouble() error {
	s.snapMu.RLock()
	defer s.snapMu.RUnlock()
	return s.storage
}

func (s *Session) publish() {
	s.snapMu.Lock()
	s.storage = nil
	s.snapMu.Unlock()
	s.publishState(s.rp.state, s.rp.json)
}

func (s *Session) publishState(st *State, raw []byte) {
	snap := &Snapshot{Version: st.Version, State: st, JSON: raw, next: make(chan struct{})}
	s.snapMu.Lock()
	old := s.snap
	s.snap = snap
	s.recent = append(s.recent, snap)
	keep, size := 0, 0
	for i := len(s.recent) - 1; i >= 0 && keep < keepSnapshots; i-- {
		size += len(s.recent[i].JSON)
		if keep > 0 && size > keepBytes {
			break
		}
		keep++
	}
	if keep < len(s.recent) {
		s.recent = append([]*Snapshot(nil), s.recent[len(s.recent)-keep:]...)
	}
	s.snapMu.Unlock()
	if old != nil {
		close(old.next)
	}
}

// Snapshot returns the current version of the game.
func (s *Session) Snapshot() *Snapshot {
	s.snapMu.RLock()
	defer s.snapMu.RUnlock()
	return s.snap
}

// Since returns the snapshots newer than version, oldest first. When the
// caller is further behind than the session remembers, it gets the oldest
// remembered ones (each carries the whole game, so no turn is lost).
func (s *Session) Since(version int64) []*Snapshot {
	s.snapMu.RLock()
	defer s.snapMu.RUnlock()
	var out []*Snapshot
	for _, sn := range s.recent {
		if sn.Version > version {
			out = append(out, sn)
		}
	}
	return out
}

// State returns the current state (do not modify it).
func (s *Session) State() *State { return s.Snapshot().State }

// Setup returns the current game's setup.
func (s *Session) Setup() Setup {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.setup
}

// Frames returns the frame ids of the plays that survive in the log, oldest
// first: a camera source resumes after the last of them.
func (s *Session) Frames() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, t := range s.rp.hist {
		if t.Kind == KindPlay && t.Frame != "" {
			out = append(out, t.Frame)
		}
	}
	return out
}

// Board returns the board as it stands (a copy: the caller may change a
// grid board).
func (s *Session) Board() Position {
	s.mu.Lock()
	defer s.mu.Unlock()
	return clonePos(s.rp.board)
}

// Rules returns the game's rules.
func (s *Session) Rules() Rules {
	s.snapMu.RLock()
	defer s.snapMu.RUnlock()
	return s.rules
}

// clonePos copies a grid board (whose methods change it in place); other
// positions are never changed and are shared.
func clonePos(p Position) Position {
	if b := gridOf(p); b != nil {
		return b.Clone()
	}
	return p
}

// Sightings are the game's photos recorded as plays, oldest first: what
// each showed before it was reconciled, and the board after that turn.
// Turns entered by hand have none. The boards are shared: do not modify
// them.
func (s *Session) Sightings() []Sighting {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rp.sights[:len(s.rp.sights):len(s.rp.sights)]
}

// CameraTrouble tells the table why a photo could not be read (code:
// no_board, out_of_view, too_dark, too_blurred or unreadable; msg what to
// do), why a turn is being held back (held: something lies over the
// board), or that the turn's photo was read blurred (BlurredCode), unless
// it already shows the same.
func (s *Session) CameraTrouble(ctx context.Context, frame, code, msg string) error {
	if code == "" {
		code = "unreadable"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.rp.state.Camera; c != nil && c.Code == code && c.Error == msg {
		return nil
	}
	_, err := s.apply(ctx, KindCamera, cameraData{Frame: frame, Code: code, Msg: msg})
	return err
}

// CameraOK takes the camera notice down: a photo was read again.
func (s *Session) CameraOK(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rp.state.Camera == nil {
		return nil
	}
	_, err := s.apply(ctx, KindCamera, cameraData{})
	return err
}

// ClearCameraNotice takes the camera notice down if it has this code (the
// turn detector's "held", once nothing lies over the board any more),
// leaving any other notice up: a photo the vision could not read is told
// until a photo is read again.
func (s *Session) ClearCameraNotice(ctx context.Context, code string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.rp.state.Camera; c == nil || c.Code != code {
		return nil
	}
	_, err := s.apply(ctx, KindCamera, cameraData{})
	return err
}

// apply writes one record and brings the game up to date with it: the
// record alone is applied to the game as it stands, except a correction
// (and the undo of one), which re-judges the game from the log. On an
// error after the write (a broken log) the record stays written but the
// state is not updated; the error is returned.
func (s *Session) apply(ctx context.Context, kind string, data any) (*replayed, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("game: %v", err)
	}
	rec, err := s.store.Append(ctx, s.setup.ID, Record{At: s.cfg.Now().UTC(), Kind: kind, Data: raw})
	if err != nil {
		return nil, s.storageFailed(fmt.Errorf("game: writing the %s: %w", kind, err))
	}
	if err := s.step(ctx, rec); err != nil {
		// The game in memory may be half way through the record: read it
		// again from the log.
		if rerr := s.reload(ctx); rerr != nil {
			return nil, fmt.Errorf("%v (and %v)", err, rerr)
		}
		return nil, err
	}
	return s.rp, nil
}

// step applies one record just written to the game as it stands and
// publishes the result. Called with mu held.
func (s *Session) step(ctx context.Context, rec Record) error {
	rp := s.rp
	switch rec.Kind {
	case KindCorrect, KindWord:
		// A fix of an old turn re-judges the game from it.
		return s.reload(ctx)
	case KindUndo:
		if !rp.pop() {
			return s.reload(ctx)
		}
	case KindCamera:
		if err := rp.setCamera(rec); err != nil {
			return err
		}
	case KindPlay:
		var d playData
		if err := json.Unmarshal(rec.Data, &d); err != nil {
			return fmt.Errorf("game: record %d: %v", rec.Seq, err)
		}
		rd, err := rp.reading(d, rec.Seq)
		if err != nil {
			return err
		}
		rp.camera = nil // a photo was read
		if err := rp.act(rec, rd, nil, ""); err != nil {
			return err
		}
	default:
		if err := rp.act(rec, Reading{}, nil, ""); err != nil {
			return err
		}
	}
	rp.version, rp.updated = rec.Seq, rec.At
	rp.publish()
	s.publish()
	return nil
}

// Frame is a photo of the table the pipeline read.
type Frame struct {
	ID    string      // the source's name for it ("demo/3", a file name, "upload")
	JPEG  []byte      // the photo as kept with the turn; may be nil
	Image image.Image // the decoded photo; may be nil when JPEG is set
	At    time.Time   // when the camera took it; zero when not known
}

// Play records a turn from the camera: the frame and what was read. It
// returns the turn as judged (accepted or rejected). A reading that shows the
// board as it stands is not a turn: ErrNoChange, nothing recorded.
func (s *Session) Play(ctx context.Context, f Frame, r Reading) (Turn, error) {
	if r.Board == nil {
		return Turn{}, badInputf("no board in the reading")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rp.state.Over {
		return Turn{}, conflictf("the game is over")
	}
	if rows, cols := r.Board.Size(); rows != s.setup.Rows || cols != s.setup.Cols {
		return Turn{}, badInputf("the reading is %dx%d, the board is %dx%d", rows, cols, s.setup.Rows, s.setup.Cols)
	}
	if err := s.checkReading(r.Board); err != nil {
		return Turn{}, err
	}
	if SamePosition(r.Board, s.rp.board) {
		return Turn{}, ErrNoChange
	}
	// The camera still shows a board the rules refused (a restarted
	// service, a second photo of it), or a play the table withdrew after a
	// challenge whose tiles are not taken back yet: nothing new to judge,
	// even when the table corrected that photo's reading since (the
	// camera reads the same tiles the same way). The latest play is
	// looked for behind the passes and exchanges since (a player whose
	// play was withdrawn may pass before the tiles are taken back).
	h := s.rp.state.History
	i := len(h) - 1
	for i >= 0 && (h[i].Kind == KindPass || h[i].Kind == KindExchange) {
		i--
	}
	if i >= 0 {
		if last := h[i]; last.Kind == KindPlay && (last.Status == StatusRejected || last.Status == StatusWithdrawn) &&
			(last.Board == r.Board.String() || s.rp.samePhoto(last.N, r.Board)) {
			return Turn{}, ErrNoChange
		}
	}
	n := s.rp.nextN
	d := playData{N: n, Frame: f.ID, Board: r.Board.String(), Conf: roundConf(r.Conf), Covered: r.Covered, Ends: endsInForce}
	if r.Seen != nil {
		d.Seen = r.Seen.String()
	}
	if len(f.JPEG) > 0 {
		// The photo is on disk before the turn that names it.
		if err := s.store.SavePhoto(ctx, s.setup.ID, n, f.JPEG); err != nil {
			return Turn{}, s.storageFailed(fmt.Errorf("game: keeping the photo of turn %d: %w", n, err))
		}
		d.Photo = true
	}
	rp, err := s.apply(ctx, KindPlay, d)
	if err != nil {
		return Turn{}, err
	}
	if rp, err = s.nameShown(ctx, rp, n); err != nil {
		return Turn{}, err
	}
	t, _, _ := rp.turn(n)
	return t, nil
}

// nameShown names the word of the play turn n completes when turn n shows
// it (Move.Names: the take of a word the move fitted among others shows
// which was made), as the table would name it, and judges the game again;
// not when that play is named so already. Called with mu held.
func (s *Session) nameShown(ctx context.Context, rp *replayed, n int) (*replayed, error) {
	t, _, _ := rp.turn(n)
	w := t.names
	if w.Word == "" || t.Status != StatusAccepted {
		return rp, nil
	}
	if pt, _, ok := rp.turn(w.N); !ok || pt.Kind != KindPlay || pt.named == w.Word {
		return rp, nil
	}
	return s.apply(ctx, KindWord, w)
}

// Turn is turn n as the game stands now (a later naming or correction
// may have changed it since it was played).
func (s *Session) Turn(n int) (Turn, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, _, ok := s.rp.turn(n)
	return t, ok
}

// checkReading makes sure the reading can be written in the text form the
// log keeps and read back the same (a reader that could not tell a letter
// must not put "?" in the log).
func (s *Session) checkReading(b Position) error {
	back, err := s.rules.Parse(b.String(), "the reading")
	if err == nil && SamePosition(back, b) {
		return nil
	}
	rows, cols := b.Size()
	for r := range rows {
		for c := range cols {
			cell := b.Cell(r, c)
			if cell == "" {
				continue
			}
			if back == nil || back.Cell(r, c) != cell {
				return badInputf("the reading at %v is %q, not a piece of the game", grid.Pos{Row: r, Col: c}, cell)
			}
		}
	}
	if err != nil {
		return badInputf("the reading: %v", err)
	}
	return badInputf("the reading does not read back the same")
}

func roundConf(c [][]float64) [][]float64 {
	if c == nil {
		return nil
	}
	out := make([][]float64, len(c))
	for i, row := range c {
		out[i] = make([]float64, len(row))
		for j, v := range row {
			out[i][j] = round2(v)
		}
	}
	return out
}

// Correct fixes what the camera read on one square of turn n and re-judges
// the game. A zero Stack (Height 0) means the square is empty.
func (s *Session) Correct(ctx context.Context, n int, p grid.Pos, st grid.Stack) (*State, error) {
	if st.Height < 0 || st.Height > 9 {
		return nil, badInputf("height %d: want 0 (empty) to 9", st.Height)
	}
	if st.Height > 0 {
		c, err := grid.ParseCell(st.Letter)
		if err != nil || c.Height != 1 {
			return nil, badInputf("letter %q: want A-Z or Qu", st.Letter)
		}
		st.Letter = c.Letter
	} else {
		st.Letter = ""
	}
	return s.correct(ctx, correctData{N: n, Row: p.Row, Col: p.Col, Letter: st.Letter, Height: st.Height})
}

// CorrectCell fixes what the camera read in one cell of turn n, in the
// game's own cell text (Rules.SetCell: "" empty), and re-judges the game.
func (s *Session) CorrectCell(ctx context.Context, n, row, col int, cell string) (*State, error) {
	cell = strings.TrimSpace(cell)
	if g := gridOf(s.Rules().Empty()); g != nil {
		// The grid games keep their records as letter and height.
		st := grid.Stack{}
		if cell != "" && cell != "." {
			var err error
			if st, err = grid.ParseCell(cell); err != nil {
				return nil, badInputf("%q: %v", cell, err)
			}
		}
		return s.Correct(ctx, n, grid.Pos{Row: row, Col: col}, st)
	}
	return s.correct(ctx, correctData{N: n, Row: row, Col: col, Cell: cell})
}

func (s *Session) correct(ctx context.Context, d correctData) (*State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, _, ok := s.rp.turn(d.N)
	if !ok || t.Kind != KindPlay {
		return nil, fmt.Errorf("%w: turn %d is not a play", ErrNoTurn, d.N)
	}
	rd, err := s.rp.reading(playData{Board: t.Board}, 0)
	if err != nil {
		return nil, err
	}
	p := cellPos{d.Row, d.Col}
	if !inside(rd.Board, p) {
		rows, cols := rd.Board.Size()
		return nil, badInputf("%v is off the %dx%d board", grid.Pos{Row: d.Row, Col: d.Col}, rows, cols)
	}
	if _, err := s.rules.SetCell(rd.Board, d.Row, d.Col, d.cell()); err != nil {
		return nil, err
	}
	if rd.Board.Cell(d.Row, d.Col) == d.cell() {
		return s.rp.state, nil // nothing to correct
	}
	if aux := s.rp.plays[d.N]; aux != nil {
		// The turn is shown where the rules judged it (Move.Shift): the
		// cell tapped is the reading's cell under it.
		d.Row, d.Col = d.Row-aux.shift[0], d.Col-aux.shift[1]
	}
	rp, err := s.apply(ctx, KindCorrect, d)
	if err != nil {
		return nil, err
	}
	return rp.state, nil
}

// NameWord says which word turn n spelled, when the camera's reading fits
// several (or the game needs it named): the turn and every later one are
// judged again with it. An empty word takes the naming back.
func (s *Session) NameWord(ctx context.Context, n int, word string) (*State, error) {
	word = strings.ToUpper(strings.TrimSpace(word))
	if len(word) > 40 || strings.ContainsAny(word, " \t\n") {
		return nil, badInputf("word %q: want one word", word)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t, _, ok := s.rp.turn(n)
	if !ok || t.Kind != KindPlay {
		return nil, fmt.Errorf("%w: turn %d is not a play", ErrNoTurn, n)
	}
	rp, err := s.apply(ctx, KindWord, wordData{N: n, Word: word})
	if err != nil {
		return nil, err
	}
	// Named, the turn may show the word of the play it completes (the
	// take of a word the move fitted among others, where the take itself
	// could not tell).
	if rp, err = s.nameShown(ctx, rp, n); err != nil {
		return nil, err
	}
	return rp.state, nil
}

// Challenge asks the dictionary about a word of the latest play. A word that
// is not in it withdraws the play. It returns the verdict.
func (s *Session) Challenge(ctx context.Context, n int, word string) (bool, *State, error) {
	return s.ChallengeBy(ctx, n, word, -1)
}

// ChallengeBy is Challenge with the challenger's seat (-1: not said): in
// games whose rulebook says so, a challenger whose word stands loses their
// next turn (TurnLoser).
func (s *Session) ChallengeBy(ctx context.Context, n int, word string, by int) (bool, *State, error) {
	word = strings.ToUpper(strings.TrimSpace(word))
	if by < -1 || by >= len(s.Setup().Players) {
		return false, nil, badInputf("seat %d: want 0 to %d", by, len(s.Setup().Players)-1)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t, _, ok := s.rp.turn(n)
	if !ok || t.Kind != KindPlay {
		return false, nil, fmt.Errorf("%w: turn %d is not a play", ErrNoTurn, n)
	}
	if s.rp.state.Over && !s.rp.state.RacksDue {
		// Over by the rules (RacksDue), the play that ended it may still
		// be challenged until the racks are told.
		return false, nil, conflictf("the game is over")
	}
	if t.Status != StatusAccepted || n != s.rp.lastPlay {
		return false, nil, conflictf("only the latest accepted play can be challenged (turn %d)", s.rp.lastPlay)
	}
	found := false
	for _, w := range t.Words {
		if strings.EqualFold(w.Word, word) {
			found = true
		}
	}
	if !found {
		return false, nil, badInputf("turn %d did not form %q", n, word)
	}
	words := s.words()
	valid := words == nil || words.Contains(word)
	d := challengeData{N: n, Word: word, Valid: valid}
	if by >= 0 {
		if by == t.Player {
			return false, nil, badInputf("%s cannot challenge their own word", t.Name)
		}
		d.By = &by
	}
	rp, err := s.apply(ctx, KindChallenge, d)
	if err != nil {
		return false, nil, err
	}
	return valid, rp.state, nil
}

// Confirm marks turn n as agreed by the table.
func (s *Session) Confirm(ctx context.Context, n int) (*State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, _, ok := s.rp.turn(n)
	if !ok {
		return nil, fmt.Errorf("%w: %d", ErrNoTurn, n)
	}
	if t.Status != StatusAccepted {
		return nil, conflictf("turn %d is %s", n, t.Status)
	}
	if t.Confirmed {
		return s.rp.state, nil
	}
	rp, err := s.apply(ctx, KindConfirm, turnData{N: n})
	if err != nil {
		return nil, err
	}
	return rp.state, nil
}

// Pass records that the player to play passes.
func (s *Session) Pass(ctx context.Context) (*State, error) { return s.turnAction(ctx, KindPass) }

// Exchange records that the player to play exchanges tiles (no word):
// only while the bag holds a tile, or as many as the rules want
// (Exchanger).
func (s *Session) Exchange(ctx context.Context) (*State, error) {
	bag := s.State().Bag
	if bag == 0 {
		return nil, conflictf("the bag is empty: nothing to exchange with")
	}
	if ex, ok := s.Rules().(Exchanger); ok && bag < ex.ExchangeMin() {
		return nil, conflictf("the bag holds %d tiles: an exchange needs at least %d", bag, ex.ExchangeMin())
	}
	return s.turnAction(ctx, KindExchange)
}

func (s *Session) turnAction(ctx context.Context, kind string) (*State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rp.state.Over {
		return nil, conflictf("the game is over")
	}
	rp, err := s.apply(ctx, kind, turnData{N: s.rp.nextN, Ends: endsInForce})
	if err != nil {
		return nil, err
	}
	return rp.state, nil
}

// Undo takes back the latest action (a play, a correction, a challenge, a
// pass, the end...); a play that named an earlier play's word (Move.Names)
// is taken back with its naming.
func (s *Session) Undo(ctx context.Context) (*State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.rp.undo) == 0 {
		return nil, conflictf("nothing to undo")
	}
	rp, err := s.apply(ctx, KindUndo, struct{}{})
	if err != nil {
		return nil, err
	}
	return rp.state, nil
}

// End ends the game with the number of tiles left on each rack, in seat
// order, and returns the state with its tally.
func (s *Session) End(ctx context.Context, racks []int) (*State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rp.state.Over && !s.rp.state.RacksDue {
		return nil, conflictf("the game is already over")
	}
	if len(racks) != len(s.setup.Players) {
		return nil, badInputf("%d racks for %d players", len(racks), len(s.setup.Players))
	}
	for i, r := range racks {
		if m := s.rules.MaxLeft(); r < 0 || r > m {
			return nil, badInputf("player %d: %d tiles left: want 0 to %d", i+1, r, m)
		}
	}
	rp, err := s.apply(ctx, KindEnd, endData{Racks: racks})
	if err != nil {
		return nil, err
	}
	return rp.state, nil
}

// NewGame starts a new game of the same kind and settings with the given
// players; the old one stays in the store.
func (s *Session) NewGame(ctx context.Context, players []string) error {
	setup := s.Setup()
	return s.Start(ctx, NewGame{Kind: setup.Kind, Players: players, Options: setup.Options})
}

// NewGame is what a new game is started with.
type NewGame struct {
	// Kind is the game ("" the table's own).
	Kind    string   `json:"game"`
	Players []string `json:"players"`
	// Options are its settings (nil: the table's for its own game, the
	// game's defaults for another).
	Options Options `json:"options,omitempty"`
}

// Start starts a new game; the old one stays in the store.
func (s *Session) Start(ctx context.Context, ng NewGame) error {
	if err := checkPlayers(ng.Players); err != nil {
		return err
	}
	if ng.Kind == "" {
		ng.Kind = s.cfg.Kind
	}
	if err := CheckSeats(ng.Kind, len(ng.Players)); err != nil {
		return err
	}
	if ng.Options == nil && ng.Kind == s.cfg.Kind {
		ng.Options = s.cfg.Options
	}
	if ng.Options == nil {
		ng.Options = Options{}
	}
	clean := make([]string, len(ng.Players))
	for i, p := range ng.Players {
		clean[i] = strings.TrimSpace(p)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	rules, err := s.rulesFor(ng.Kind, ng.Options)
	if err != nil {
		return err
	}
	rows, cols := rules.Empty().Size()
	setup := Setup{Kind: ng.Kind, Players: clean, Rows: rows, Cols: cols, Options: ng.Options, Created: s.cfg.Now().UTC()}
	raw, _ := json.Marshal(setup)
	setup, rec, err := s.store.Create(ctx, setup, Record{At: setup.Created, Kind: KindStart, Data: raw})
	if err != nil {
		err = fmt.Errorf("game: starting a game: %w", err)
		if s.rp == nil { // no game yet to tell it to
			return fmt.Errorf("%w: %w", ErrStorage, err)
		}
		return s.storageFailed(err)
	}
	s.setRules(rules)
	return s.load(setup, []Record{rec})
}

// Photo returns the photo of turn n of the current game.
func (s *Session) Photo(ctx context.Context, n int) ([]byte, error) {
	id := s.Setup().ID
	return s.store.Photo(ctx, id, n)
}
