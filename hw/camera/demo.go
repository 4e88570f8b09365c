package camera

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jonboulle/clockwork"
	"github.com/tilescope/tilescope/scoring/grid"
)

// The demo game and its pre-rendered photos. demodata/game.txt is the game;
// demodata/frames/ holds, for every turn t, turn-TT.jpg (the board after
// turn t, still) and, for t >= 1, turn-TT-placing-K.jpg (the board while
// the player of turn t is putting tiles down, a hand over the board: K=1
// with half the tiles down, K=2 with all of them). `make demo-frames`
// renders them with vision/render.
//
//go:embed demodata/game.txt demodata/frames
var demoFS embed.FS

// DemoTurn is one turn of the demo game.
type DemoTurn struct {
	Board   *grid.Board // the board after the turn (turn 0: empty)
	Note    string      // the turn's words and score, from the game file
	Still   []byte      // JPEG of the board after the turn
	Placing [][]byte    // JPEGs of the turn being played, in order (none for turn 0)
}

// DemoGame returns the built-in demo game: the boards after each turn,
// turn 0 being the empty board, with their photos.
func DemoGame() ([]DemoTurn, error) {
	text, err := demoFS.ReadFile("demodata/game.txt")
	if err != nil {
		return nil, err
	}
	boards, notes, err := ParseGame(text, "demodata/game.txt")
	if err != nil {
		return nil, err
	}
	turns := make([]DemoTurn, len(boards))
	for t, b := range boards {
		turns[t] = DemoTurn{Board: b, Note: notes[t]}
		if turns[t].Still, err = fs.ReadFile(demoFS, fmt.Sprintf("demodata/frames/turn-%02d.jpg", t)); err != nil {
			return nil, fmt.Errorf("camera: demo: %w (run make demo-frames)", err)
		}
		for k := 1; t > 0 && k <= 2; k++ {
			data, err := fs.ReadFile(demoFS, fmt.Sprintf("demodata/frames/turn-%02d-placing-%d.jpg", t, k))
			if err != nil {
				return nil, fmt.Errorf("camera: demo: %w (run make demo-frames)", err)
			}
			turns[t].Placing = append(turns[t].Placing, data)
		}
	}
	return turns, nil
}

// ParseGame reads a recorded game: boards in the grid text format, one per
// turn, separated by lines "---". The first comment line of a section is
// the turn's note. A section with no cells (a header) is skipped. It
// returns the empty board of the same size as turn 0 before them.
func ParseGame(text []byte, name string) (boards []*grid.Board, notes []string, err error) {
	lines := strings.SplitAfter(string(text), "\n")
	var section strings.Builder
	first := 1 // line number of the section's first line
	flush := func(next int) error {
		s := section.String()
		section.Reset()
		defer func() { first = next }()
		note, cells := "", false
		for _, l := range strings.Split(s, "\n") {
			t := strings.TrimSpace(l)
			switch {
			case t == "":
			case strings.HasPrefix(t, "#"):
				if note == "" {
					note = strings.TrimSpace(strings.TrimPrefix(t, "#"))
				}
			default:
				cells = true
			}
		}
		if !cells {
			return nil
		}
		// Pad with blank lines so that errors name the line in the file.
		b, err := grid.Parse(strings.NewReader(strings.Repeat("\n", first-1)+s), name)
		if err != nil {
			return err
		}
		if len(boards) > 0 && (b.Rows != boards[0].Rows || b.Cols != boards[0].Cols) {
			return fmt.Errorf("camera: %s:%d: board is %dx%d, the game's first is %dx%d", name, first, b.Rows, b.Cols, boards[0].Rows, boards[0].Cols)
		}
		boards = append(boards, b)
		notes = append(notes, note)
		return nil
	}
	for i, l := range lines {
		if strings.TrimSpace(l) == "---" {
			if err := flush(i + 2); err != nil {
				return nil, nil, err
			}
			continue
		}
		section.WriteString(l)
	}
	if err := flush(len(lines) + 1); err != nil {
		return nil, nil, err
	}
	if len(boards) == 0 {
		return nil, nil, fmt.Errorf("camera: %s: no boards in the game", name)
	}
	empty := grid.New(boards[0].Rows, boards[0].Cols)
	return append([]*grid.Board{empty}, boards...), append([]string{"empty board"}, notes...), nil
}

// Demo replays a recorded game as a camera would see it: for every turn,
// DemoHandFrames photos of the player placing tiles (a hand over the board)
// and then DemoStillFrames photos of the still board, one every
// FramePeriod. The game starts with the empty board; after the last turn
// the final board is shown for ever. Seek resumes at any turn, so that a
// service restarted after a crash carries on from where its log ends.
type Demo struct {
	turns []DemoTurn
	opt   Options
	clock clockwork.Clock

	mu   sync.Mutex // held by Next and Seek
	pos  int        // index into the frame sequence
	next time.Time  // when the next frame is due

	done      chan struct{}
	closeOnce sync.Once

	// ready is closed once turns (or loadErr) is set: at once for
	// NewReplay, when the loader returns for NewLazyReplay.
	ready   chan struct{}
	loadErr error
	seekTo  int // a Seek asked for before ready (-1 none)
}

// NewDemo returns the demo source over the built-in game.
func NewDemo(opt Options) (*Demo, error) {
	turns, err := DemoGame()
	if err != nil {
		return nil, err
	}
	return NewReplay(turns, opt)
}

// NewReplay returns a demo source over any recorded game (tests use small
// games). turns[0] is the board before the first turn.
func NewReplay(turns []DemoTurn, opt Options) (*Demo, error) {
	opt = opt.withDefaults()
	if err := checkTurns(turns); err != nil {
		return nil, err
	}
	d := &Demo{turns: turns, opt: opt, clock: opt.Clock, done: make(chan struct{}), ready: make(chan struct{}), seekTo: -1}
	close(d.ready)
	return d, nil
}

// checkTurns refuses a recorded game without photos.
func checkTurns(turns []DemoTurn) error {
	if len(turns) == 0 {
		return fmt.Errorf("camera: demo: the game has no turns")
	}
	for t, tr := range turns {
		if len(tr.Still) == 0 || (t > 0 && len(tr.Placing) == 0) || slices.ContainsFunc(tr.Placing, func(b []byte) bool { return len(b) == 0 }) {
			return fmt.Errorf("camera: demo: turn %d has no photo", t)
		}
	}
	return nil
}

// NewLazyReplay returns a demo source whose recorded game load gives, in
// the background (drawing a game's photos takes a while): the source is
// usable at once, Next waits until load has returned (and then returns
// its error, if any), and a Seek before that applies once it has.
func NewLazyReplay(load func() ([]DemoTurn, error), opt Options) *Demo {
	opt = opt.withDefaults()
	d := &Demo{opt: opt, clock: opt.Clock, done: make(chan struct{}), ready: make(chan struct{}), seekTo: -1}
	go func() {
		turns, err := load()
		if err == nil {
			err = checkTurns(turns)
		}
		d.mu.Lock()
		defer d.mu.Unlock()
		d.turns, d.loadErr = turns, err
		if err == nil && d.seekTo >= 0 {
			if err := d.seekLocked(d.seekTo); err != nil && d.opt.Logf != nil {
				d.opt.Logf("%v; starting over", err)
			}
		}
		close(d.ready)
	}()
	return d
}

// Ready is closed once the recorded game is there (or failed to load:
// Next says why).
func (d *Demo) Ready() <-chan struct{} { return d.ready }

// Turns is the number of turns of the game, not counting turn 0; -1
// before the game is Ready.
func (d *Demo) Turns() int {
	select {
	case <-d.ready:
		return len(d.turns) - 1
	default:
		return -1
	}
}

// frameAt says which turn and which photo frame i of the sequence is:
// placing is -1 for the still board, else the index of the placing photo.
// The sequence: turn 0 still x S, then per turn t >= 1: placing x H
// (spread over the turn's placing photos in order), still x S. Past the
// end it is the last still board.
func (d *Demo) frameAt(i int) (turn, placing int) {
	h, s := d.opt.DemoHandFrames, d.opt.DemoStillFrames
	if i < s {
		return 0, -1
	}
	i -= s
	turn = 1 + i/(h+s)
	if turn > d.Turns() {
		return d.Turns(), -1
	}
	k := i % (h + s)
	if k >= h {
		return turn, -1
	}
	return turn, k * len(d.turns[turn].Placing) / h
}

// Seek makes the next frame the still board after turn (0 for the empty
// board), so the game carries on from there.
func (d *Demo) Seek(turn int) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	select {
	case <-d.ready:
	default:
		if turn < 0 {
			return fmt.Errorf("camera: demo: no turn %d", turn)
		}
		d.seekTo = turn // checked and applied once the game is there
		return nil
	}
	return d.seekLocked(turn)
}

func (d *Demo) seekLocked(turn int) error {
	if last := len(d.turns) - 1; turn < 0 || turn > last {
		return fmt.Errorf("camera: demo: no turn %d (the game has turns 0 to %d)", turn, last)
	}
	if turn == 0 {
		d.pos = 0
	} else {
		h, s := d.opt.DemoHandFrames, d.opt.DemoStillFrames
		d.pos = s + (turn-1)*(h+s) + h
	}
	return nil
}

// Turn is the turn whose board the last frame showed (or is showing being
// played).
func (d *Demo) Turn() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.turns == nil {
		return 0
	}
	t, _ := d.frameAt(max(d.pos-1, 0))
	return t
}

// Next waits for the next frame's time and returns it.
func (d *Demo) Next(ctx context.Context) (Frame, error) {
	select {
	case <-d.ready:
	case <-ctx.Done():
		return Frame{}, ctx.Err()
	case <-d.done:
		return Frame{}, ErrClosed
	}
	if d.loadErr != nil {
		return Frame{}, d.loadErr
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := sleepUntil(ctx, d.done, d.clock, d.next); err != nil {
		return Frame{}, err
	}
	turn, placing := d.frameAt(d.pos)
	d.pos++
	now := d.clock.Now()
	d.next = now.Add(d.opt.FramePeriod)
	f := Frame{JPEG: d.turns[turn].Still, At: now, Name: fmt.Sprintf("demo turn %d", turn)}
	if placing >= 0 {
		f.JPEG = d.turns[turn].Placing[placing]
		f.Name += " (placing)"
	}
	return f, nil
}

// Close stops the source: Next then returns ErrClosed.
func (d *Demo) Close() error {
	d.closeOnce.Do(func() { close(d.done) })
	return nil
}
