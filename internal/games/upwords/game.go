package upwords

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"sync"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/upwords"
	"github.com/tilescope/tilescope/vision"
)

// Kind is the game's name in commands, JSON and the store.
const Kind = "upwords"

// The game's settings (game.Options).
const (
	// OptSize is the board: "10" (current edition) or "8" (classic).
	OptSize = "size"
)

// Game is Upwords; register it with game.Register(upwords.Game{}).
type Game struct{}

var _ game.Game = Game{}

// Info describes Upwords.
func (Game) Info() game.Info {
	return game.Info{
		Kind: Kind, Title: "Upwords", MinPlayers: 1, MaxPlayers: 4,
		Options: []game.Option{
			{Name: OptSize, Title: "board", Values: []string{"10", "8"}},
			game.RefuseOption(),
		},
	}
}

// New sets Upwords up for a table. The camera reader (it loads the tile
// classifier) is made now with env.Camera, else on first use. Close the
// rules when done with them.
func (Game) New(opt game.Options, env game.Env) (game.Rules, error) {
	if err := game.CheckOptions(Game{}.Info(), opt); err != nil {
		return nil, err
	}
	size, err := opt.Int(OptSize, 10)
	if err != nil {
		return nil, err
	}
	refuse, err := opt.Bool(game.OptRefuse, false)
	if err != nil {
		return nil, err
	}
	rules := upwords.Rules{Edition: upwords.Edition(size)}
	if err := rules.Check(); err != nil {
		return nil, fmt.Errorf("%w: %v", game.ErrBadInput, err)
	}
	if refuse && env.Dict != nil {
		rules.Dictionary = env.Dict
	}
	logf := env.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	r := &Rules{Rules: rules, size: size, dataDir: env.DataDir, logf: logf, words: env.Dict}
	r.GridRules = game.UpwordsGridRules(size, size, Scorer{Rules: rules})
	r.GridRules.Reader = r.read
	if env.Camera {
		// The table's camera reads the first photo without waiting for the
		// classifier to load.
		r.mu.Lock()
		r.reader, r.closer, r.err = NewReader(size, env.DataDir, logf)
		if r.reader != nil {
			r.reader.Words = env.Dict
		}
		r.mu.Unlock()
		if r.err != nil {
			return nil, r.err
		}
	}
	return r, nil
}

// Rules is one table's Upwords: the grid rules with the Upwords scorer,
// the photo reader and the reconciling of readings with the game.
type Rules struct {
	*game.GridRules
	Rules upwords.Rules

	size    int
	dataDir string
	logf    func(string, ...any)
	// words is the table's dictionary, evidence of the board's reading
	// direction for the reader (Reader.Words), refuse or not.
	words  game.Dictionary
	mu     sync.Mutex // guards the reader's making
	reader *Reader
	closer func()
	err    error
}

var (
	_ game.Rules      = (*Rules)(nil)
	_ game.Reconciler = (*Rules)(nil)
	_ io.Closer       = (*Rules)(nil)
)

// Reconcile corrects a reading with what an Upwords turn can do to the
// board as it stands (game.ReconcileUpwordsJudged).
func (r *Rules) Reconcile(standing game.Position, past []game.Sighting, rd game.Reading) (game.Reading, int) {
	return game.ReconcileUpwordsJudged(Scorer{Rules: r.Rules})(standing, past, rd)
}

func (r *Rules) read(ctx context.Context, f game.Frame, standing *grid.Board) (game.Reading, error) {
	r.mu.Lock()
	if r.reader == nil && r.err == nil {
		r.reader, r.closer, r.err = NewReader(r.size, r.dataDir, r.logf)
		if r.reader != nil {
			r.reader.Words = r.words
		}
	}
	rd, err := r.reader, r.err
	r.mu.Unlock()
	if err != nil {
		return game.Reading{}, err
	}
	return rd.read(ctx, f, standing)
}

// Close lets the tile reader go.
func (r *Rules) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closer != nil {
		r.closer()
		r.closer = nil
	}
	return nil
}

// Scorer adapts scoring/upwords to the session's grid Scorer.
type Scorer struct{ Rules upwords.Rules }

var _ game.Scorer = Scorer{}

// Judge asks the Upwords rules; their rejection becomes the session's.
func (s Scorer) Judge(before, after *grid.Board) (game.Move, error) {
	mv, err := s.Rules.Judge(before, after)
	if err != nil {
		var rej *upwords.Rejection
		if errors.As(err, &rej) {
			return game.Move{}, &game.Rejection{Code: string(rej.Code), Msg: rej.Msg}
		}
		return game.Move{}, &game.Rejection{Code: "bad_board", Msg: err.Error()}
	}
	out := game.Move{Bonus: mv.Bonus, Score: mv.Score}
	for _, p := range mv.Placed {
		out.Placed = append(out.Placed, game.Placement{Row: p.Pos.Row, Col: p.Pos.Col, Letter: p.Letter, Height: p.Height})
	}
	for _, w := range mv.Words {
		out.Words = append(out.Words, game.Word{Word: w.Word, Score: w.Score, Stacked: w.Stacked})
	}
	return out, nil
}

var _ game.Watcher = (*Rules)(nil)

// Locate finds the board for the turn detector: the 10x10 (or 8x8) grid
// of lines (vision.LocateGrid).
func (r *Rules) Locate(frame image.Image) ([4][2]float64, bool) {
	return corners(vision.LocateGrid(frame, r.size))
}

// corners is a quad as the game model writes corners.
func corners(q vision.Quad, ok bool) ([4][2]float64, bool) {
	var c [4][2]float64
	for i, p := range q {
		c[i] = [2]float64{p.X, p.Y}
	}
	return c, ok
}
