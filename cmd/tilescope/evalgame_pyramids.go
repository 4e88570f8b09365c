//go:build !lean

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tilescope/tilescope/internal/game"
	pyrgame "github.com/tilescope/tilescope/internal/games/pyramids"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// pyrEval plays rendered games of Crossword Pyramids through the table
// service's pipeline (the game's reader, its reconciling with the board as
// it stands and the history's stack counts, its referee, a session), the
// way runEvalGame does for Upwords. A turn is two photos: the word spelled
// and announced, then its pyramids taken. Every wrongly read square is
// corrected as a player would on the phone page (a tap); a turn is read
// right when neither photo needed one and the referee took the word
// without the table naming it.
type pyrEval struct {
	verbose int
	out     io.Writer
	// keep, when set, is a directory for the photo, the true board and the
	// board the session held before it, of every photo that needed a tap
	keep string
	game pyrgame.Game // the game played (its reader's settings)
	// base is a word list the table's dictionary holds besides the
	// game's own words (--english), nil none
	base game.Dictionary
	// games whose camera does not show the whole board (not played), and
	// of them those whose first photo the vision refused as out of view
	outOfView, told int
	all             pyrTally
	groups          map[string]*pyrTally
}

type pyrTally struct {
	turnTally
	photos        int
	named         int // words the table had to name
	stacks        int // stacks on the boards, summed over photos
	tops, heights int // of those, the top (colour and letter) and the count as the session held them before any tap
	// deferred: squares read wrong that the session held as not yet
	// known (pyrgame.Position.Pending: its colour and count right), not
	// tapped at that photo; later: taps on a square the session held so
	// before the photo (the letter asked for when it was needed), atEnd:
	// those still wrong and not known after the last turn, tapped then
	// (counted in taps, on no turn)
	deferred, later, atEnd int
}

func (t *pyrTally) add(o pyrTally) {
	t.turnTally.add(o.turnTally)
	t.photos += o.photos
	t.named += o.named
	t.stacks += o.stacks
	t.tops += o.tops
	t.heights += o.heights
	t.deferred += o.deferred
	t.later += o.later
	t.atEnd += o.atEnd
}

// pyrWords is the game's dictionary: the words its turns spell (the
// generator's words are strings of the board's letters, not English), so
// that the referee can choose among the words the moved pyramids fit as
// it does with a real dictionary; with base (--english) a real word list
// besides, so that a wrong move spells some word by chance as often as at
// a real table.
type pyrWords struct {
	own  map[string]bool
	base game.Dictionary
}

func (w pyrWords) Contains(s string) bool {
	s = strings.ToUpper(s)
	return w.own[s] || (w.base != nil && w.base.Contains(s))
}

// play runs one game of up to turns turns from a random set-up.
func (e *pyrEval) play(ctx context.Context, rng *rand.Rand, turns int, o render.Options, name string) error {
	setup := pyramids.DefaultSetup()
	truth := pyramids.RandomStart(rng, &setup)
	words := pyrWords{own: map[string]bool{}, base: e.base}
	rules, err := e.game.New(game.Options{}, game.Env{Dict: words})
	if err != nil {
		return err
	}
	sess, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: pyrgame.Kind, Players: []string{"Red", "Blue", "Green", "Yellow"}, Rules: rules})
	if err != nil {
		return err
	}
	pipe := &game.Pipeline{Session: sess}
	t := pyrTally{turnTally: turnTally{games: 1}}
	// lastShown is the board the last photo showed (the truth the session
	// holds after its taps): a square the session holds pending is
	// wrong when its top is not this board's.
	var lastShown *pyramids.Board
	// askPending taps every square the session holds as not yet known
	// whose letter is wrong on the last turn accepted before turn n (the
	// session asks for the letter when a move needs it and the photo
	// cannot settle it: a move off such a stack, refused as no pyramid
	// of its letter having left a stack). It returns the taps.
	askPending := func(n int) (int, error) {
		if lastShown == nil {
			return 0, nil
		}
		standing := sess.Board()
		held := pyrBoard(standing)
		last := 0
		for _, tn := range sess.State().History {
			if tn.N < n && tn.Status == game.StatusAccepted {
				last = tn.N
			}
		}
		taps := 0
		for _, q := range pyrPending(standing) {
			w := lastShown.At(q)
			wt, ok := w.Top()
			if last == 0 || !ok || held.At(q).SameTop(w) {
				continue
			}
			cell := pyramids.Stack{Layers: []pyramids.Pyramid{wt}, Height: w.Height}.String()
			if _, err := sess.CorrectCell(ctx, last, q.Row, q.Col, cell); err != nil {
				return taps, fmt.Errorf("asking %v at turn %d: %w", q, last, err)
			}
			taps++
			t.later++
		}
		return taps, nil
	}
	// photo submits one photo of the board want and corrects the session's
	// reading square by square; it returns the taps. A square the session
	// holds as not yet known (its colour and count right) is not tapped,
	// unless it is one of need (the squares of the word spelled: the
	// table sees its word misread).
	photo := func(want *pyramids.Board, id string, need []grid.Pos) (taps int, err error) {
		sc, err := render.Render(pyrgame.Kind, []byte(want.String()), o)
		if err != nil {
			return 0, fmt.Errorf("rendering %s: %w", id, err)
		}
		t.photos++
		frame := game.Frame{ID: id, JPEG: sc.JPEG}
		standing := sess.Board()
		defer func() {
			if taps > 0 && err == nil && e.keep != "" {
				err = pyrKeep(e.keep, id, sc.JPEG, standing, want)
			}
		}()
		turn, outcome, err := submitPhoto(ctx, pipe, id, frame.JPEG, &t.elapsed, e.verbose, e.out)
		if err != nil {
			return 0, err
		}
		if outcome != photoRead {
			// Nothing new seen, or the photo refused: the player enters
			// the board by hand.
			if outcome == photoUnseen {
				t.unseen++
			} else {
				t.refused++
			}
			before := sess.Board()
			asked, err := askPending(math.MaxInt)
			if err != nil {
				return 0, fmt.Errorf("%s: %w", id, err)
			}
			if _, err := sess.Play(ctx, game.Frame{ID: id}, game.Reading{Board: pyrgame.Position{Board: want.Clone()}}); err != nil {
				return 0, fmt.Errorf("%s entered by hand: %w", id, err)
			}
			lastShown = want
			return asked + pyrDiff(before, want), nil
		}
		unsure := map[grid.Pos]bool{}
		for _, q := range turn.Uncertain {
			unsure[grid.Pos{Row: q[0], Col: q[1]}] = true
		}
		// the reading as the turn recorded it (accepted or not)
		read, err := sess.Rules().Parse(turn.Board, id)
		if err != nil {
			return 0, fmt.Errorf("%s: the session's reading: %w", id, err)
		}
		got := pyrBoard(read)
		pending := pyrPending(read)
		wasPending := pyrPending(standing)
		shown := 0
		for row := range pyramids.Size {
			for col := range pyramids.Size {
				q := grid.Pos{Row: row, Col: col}
				w, g := want.At(q), got.At(q)
				wt, _ := w.Top()
				gt, _ := g.Top()
				ok := w.Height == g.Height && wt == gt
				if !g.Empty() {
					if unsure[q] {
						t.unsure++
					} else {
						t.sure++
						if ok {
							t.sureRight++
						}
					}
				}
				if !w.Empty() {
					t.stacks++
					if wt == gt {
						t.tops++
					}
					if w.Height == g.Height {
						t.heights++
					}
				}
				if ok {
					continue
				}
				if slices.Contains(pending, q) && w.Height == g.Height && wt.Colour == gt.Colour && !slices.Contains(need, q) {
					// not yet known: the session asks when it needs it
					t.deferred++
					continue
				}
				if slices.Contains(wasPending, q) {
					t.later++
				}
				taps++
				if shown < e.verbose {
					shown++
					shownSure := ""
					if !g.Empty() && !unsure[q] {
						shownSure = " (shown sure)"
					}
					fmt.Fprintf(e.out, "%s: row %d, column %d: read %s, is %s%s\n", id, row, col, g, w, shownSure)
				}
				cell := ""
				if !w.Empty() {
					cell = pyramids.Stack{Layers: []pyramids.Pyramid{wt}, Height: w.Height}.String()
				}
				if _, err := sess.CorrectCell(ctx, turn.N, row, col, cell); err != nil {
					return taps, fmt.Errorf("%s: correcting %v: %w", id, q, err)
				}
			}
		}
		if tn, ok := sess.Turn(turn.N); ok && tn.Status != game.StatusAccepted && lastShown != nil {
			// refused after the taps: a move off a stack whose letter
			// the session guessed wrong; it asks for those letters
			asked, err := askPending(turn.N)
			if err != nil {
				return taps, fmt.Errorf("%s: %w", id, err)
			}
			taps += asked
		}
		lastShown = want
		return taps, nil
	}
	taps, err := photo(truth, name+" set-up", nil)
	if err != nil {
		return err
	}
	t.taps += taps
	for i := 1; i <= turns; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		st := sess.State()
		if st.Over || st.ToPlay >= len(pyramids.PlayerColours) {
			break
		}
		player := pyramids.PlayerColours[st.ToPlay]
		var ann *pyramids.Board
		var word string
		for try := 0; try < 400 && ann == nil; try++ {
			if a, w, _, ok := pyramids.RandomTurn(rng, &setup, truth, player); ok {
				ann, word = a, w
			}
		}
		if ann == nil {
			break // no move found for this player
		}
		m, err := pyramids.Judge(&setup, pyramids.Turn{Player: player, Word: word, Before: truth, Announced: ann}, nil)
		if err != nil {
			return fmt.Errorf("turn %d: the generated %s is refused: %w", i, word, err)
		}
		words.own[word] = true
		after := ann.Clone()
		for _, sq := range m.Squares {
			if !sq.Printed {
				after.Set(sq.Pos, after.At(sq.Pos).Under())
			}
		}
		t.turns++
		id := fmt.Sprintf("%s turn %d", name, i)
		n0 := len(sess.State().History)
		var need []grid.Pos
		for _, sq := range m.Squares {
			if !sq.Printed {
				need = append(need, sq.Pos)
			}
		}
		taps1, err := photo(ann, id+" announced "+word, need)
		if err != nil {
			return err
		}
		// The word the referee took: the table names it when the referee
		// chose another (or none), except when the turn says it is not
		// sure which of the words it offers, the one spelled among them:
		// a player waits for the take, which shows it.
		named := 0
		annN := 0 // the announcement waiting for its take to name it
		st = sess.State()
		if len(st.History) > n0 {
			last := st.History[len(st.History)-1]
			t.scoresAll++
			d, _ := last.Detail.(pyrgame.Detail)
			switch {
			case last.Status == game.StatusAccepted && len(last.Words) == 1 && last.Words[0].Word == word:
			case last.Status == game.StatusAccepted && d.Unsure && slices.Contains(d.Words, word):
				annN = last.N
			default:
				named = 1
				if _, err := sess.NameWord(ctx, last.N, word); err != nil {
					return fmt.Errorf("%s: naming %s: %w", id, word, err)
				}
				st = sess.State()
				last = st.History[len(st.History)-1]
			}
			if annN == 0 && last.Status == game.StatusAccepted && last.Score == m.Score {
				t.scores++
			}
		}
		taps2, err := photo(after, id+" taken", nil)
		if err != nil {
			return err
		}
		if annN > 0 {
			a, _ := sess.Turn(annN)
			if len(a.Words) != 1 || a.Words[0].Word != word {
				// the take did not show it: the table names it
				named = 1
				if _, err := sess.NameWord(ctx, annN, word); err != nil {
					return fmt.Errorf("%s: naming %s after the take: %w", id, word, err)
				}
				a, _ = sess.Turn(annN)
			}
			if a.Status == game.StatusAccepted && a.Score == m.Score {
				t.scores++
			}
		}
		t.taps += taps1 + taps2
		t.named += named
		if taps1+taps2+named == 0 {
			t.right++
		}
		if got := pyrBoard(sess.Board()); pyrDiffKnown(sess.Board(), after) != 0 {
			var h strings.Builder
			for _, tn := range sess.State().History {
				fmt.Fprintf(&h, "turn %d: %s %s %s %v %+v corrected %v\n%s\n", tn.N, tn.Status, tn.Code, tn.Error, tn.Words, tn.Detail, tn.Corrected, tn.Board)
			}
			return fmt.Errorf("%s: after the corrections the session's board is not the truth's:\n%s\nwant\n%s\n%s", id, got, after, h.String())
		}
		truth = after
	}
	// The game's end (of the turns played): every letter still not known
	// and wrong is asked for then, a tap.
	end := sess.Board()
	for _, q := range pyrPending(end) {
		if !pyrBoard(end).At(q).SameTop(truth.At(q)) {
			t.taps++
			t.later++
			t.atEnd++
		}
	}
	tallyGroup(&e.groups, o.Difficulty).add(t)
	e.all.add(t)
	return nil
}

// pyrKeep writes a photo that needed a tap into dir: the photo (ID.jpg),
// the true board (ID.txt) and the position the session held before it
// (ID.before.txt, with the word waiting to be taken), named by the
// photo's id.
func pyrKeep(dir, id string, jpeg []byte, standing game.Position, want *pyramids.Board) error {
	base := filepath.Join(dir, strings.ReplaceAll(id, " ", "-"))
	for _, f := range []struct {
		name string
		data []byte
	}{{".jpg", jpeg}, {".txt", []byte(want.String())}, {".before.txt", []byte(standing.String())}} {
		if err := os.WriteFile(base+f.name, f.data, 0o644); err != nil {
			return fmt.Errorf("eval-game: --keep: %w", err)
		}
	}
	return nil
}

// pyrBoard is the board of a Pyramids position (empty when it is none).
func pyrBoard(p game.Position) *pyramids.Board {
	switch v := p.(type) {
	case pyrgame.Position:
		if v.Board != nil {
			return v.Board
		}
	case *pyrgame.Position:
		if v != nil && v.Board != nil {
			return v.Board
		}
	}
	return pyramids.NewBoard()
}

// pyrPending are the squares whose letter a Pyramids position holds as not
// yet known.
func pyrPending(p game.Position) []grid.Pos {
	switch v := p.(type) {
	case pyrgame.Position:
		return v.Pending
	case *pyrgame.Position:
		if v != nil {
			return v.Pending
		}
	}
	return nil
}

// pyrDiffKnown is pyrDiff but for the letters p holds as not yet known
// (their colour and count as want's): the session asks for them later.
func pyrDiffKnown(p game.Position, want *pyramids.Board) int {
	got, pending := pyrBoard(p), pyrPending(p)
	n := 0
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			g, w := got.At(q), want.At(q)
			gt, _ := g.Top()
			wt, _ := w.Top()
			if !g.SameTop(w) && (!slices.Contains(pending, q) || g.Height != w.Height || gt.Colour != wt.Colour) {
				n++
			}
		}
	}
	return n
}

// pyrDiff counts the squares whose top or count differ: the taps to
// enter one board over the other.
func pyrDiff(p game.Position, want *pyramids.Board) int {
	got := pyrBoard(p)
	n := 0
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			if !got.At(q).SameTop(want.At(q)) {
				n++
			}
		}
	}
	return n
}

func (t *pyrTally) write(w io.Writer, indent string) {
	fmt.Fprintf(w, "%sturns right:       %s with no tap (both photos read right, the word taken as spelled)\n", indent, pct(t.right, t.turns))
	fmt.Fprintf(w, "%sphotos read:       %s (refused %d, no change seen %d)\n", indent, pct(t.photos-t.refused-t.unseen, t.photos), t.refused, t.unseen)
	fmt.Fprintf(w, "%staps:              %d squares (%.2f per turn), %d words named\n", indent, t.taps, float64(t.taps)/float64(max(1, t.turns)), t.named)
	fmt.Fprintf(w, "%sletters not known: %d squares read wrong and held as not yet known at a photo (no tap then); taps asked later %d, of them at the end %d\n", indent, t.deferred, t.later, t.atEnd)
	fmt.Fprintf(w, "%stops right:        %s stacks (colour and letter), before any tap\n", indent, pct(t.tops, t.stacks))
	fmt.Fprintf(w, "%sheights right:     %s stacks, photo plus history\n", indent, pct(t.heights, t.stacks))
	fmt.Fprintf(w, "%sscores right:      %s words, after the taps\n", indent, pct(t.scores, t.scoresAll))
	writeSureRight(w, indent, "stacks", t.sureRight, t.sure, t.unsure)
}

func (e *pyrEval) write(w io.Writer) {
	fmt.Fprintf(w, "games:             %d Crossword Pyramids, %d turns, %d photos (+%d with the board partly out of the camera's view, not played; told so: %d)\n", e.all.games, e.all.turns, e.all.photos, e.outOfView, e.told)
	e.all.write(w, "")
	writeMedianTime(w, "time per photo:    ", e.all.elapsed)
	writeGroups(w, e.groups, func(g *pyrTally) (int, int) { return g.games, g.turns })
}

// evalGamePyramids runs eval-game --game pyramids (a test sees the
// settings the flags give it).
var evalGamePyramids = runEvalGamePyramids

// runEvalGamePyramids is eval-game --game pyramids: games of turns turns,
// game g drawing its set-up, its moves and its camera from seed*1000+g.
func runEvalGamePyramids(ctx context.Context, games, turns int, seed int64, sf *sceneFlags, verbose int, faceModel, english bool, keep string, stdout io.Writer) error {
	if err := keepDir(keep); err != nil {
		return err
	}
	e := &pyrEval{verbose: verbose, out: stdout, game: pyrgame.Game{NoFaceModel: !faceModel}, keep: keep}
	if english {
		words, err := openDict("en", "")
		if err != nil {
			return err
		}
		e.base = words
	}
	for g := 0; g < games; g++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		s, o, err := gameCamera(sf, seed, g, pyrgame.Kind)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("game %d", g)
		rng := rand.New(rand.NewPCG(uint64(s), 0x70797261))
		// A camera that does not show the whole board is not played: the
		// table must move it. The set-up's photo says whether it does.
		sc, err := render.Render(pyrgame.Kind, []byte(pyramids.NewBoard().String()), o)
		if err != nil {
			return fmt.Errorf("eval-game: game %d: %w", g, err)
		}
		if !gridInView(sc.Truth) {
			e.outOfView++
			if rules, err := e.game.New(game.Options{}, game.Env{}); err == nil {
				if _, err := rules.Read(ctx, game.Frame{ID: name, JPEG: sc.JPEG}, rules.Empty()); errors.Is(err, vision.ErrOutOfView) {
					e.told++
				}
			}
			if verbose > 0 {
				fmt.Fprintf(stdout, "%s: the camera does not show the whole board (not played)\n", name)
			}
			continue
		}
		if err := e.play(ctx, rng, turns, o, name); err != nil {
			return fmt.Errorf("eval-game: game %d: %w", g, err)
		}
	}
	e.write(stdout)
	return nil
}
