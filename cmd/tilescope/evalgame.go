//go:build !lean

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	upwordsgame "github.com/tilescope/tilescope/internal/games/upwords"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/upwords"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

func init() {
	register(command{name: "eval-game", summary: "measure the table service on rendered Upwords (or --game pyramids, --game scrabble) games: turns read right, taps needed, heights through the history", run: runEvalGame})
}

// runEvalGame plays random legal Upwords games in front of a rendered
// camera, turn by turn, through the same pipeline as `tilescope serve`
// (vision, then the reading reconciled with the board as it stands, then the
// rules, into a game session), and corrects every wrongly read square as a
// player would on the phone page. It prints how many turns were read right
// with no tap, the taps needed, and the heights and letters as the session
// holds them (per photo plus the game's history), against the truth.
func runEvalGame(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval-game", flag.ContinueOnError)
	games := fs.Int("games", 10, "number of games")
	turns := fs.Int("turns", 20, "turns per game (a game may end sooner when no legal play is found)")
	seed := fs.Int64("seed", 1, "seed: game g draws its plays and its camera from seed*1000+g")
	verbose := fs.Int("v", 0, "list up to N wrongly read squares per turn")
	keep := fs.String("keep", "", "write the photo and the true board (Upwords: and the board before it, NAME.before.txt) of every turn that needed a tap into `DIR`")
	kind := fs.String("game", "upwords", "the game played: upwords, pyramids (Crossword Pyramids) or scrabble")
	english := fs.Bool("english", false, "Crossword Pyramids: the table's dictionary holds the built-in English list (ENABLE) besides the game's own words (the generator's strings): a wrong move spells some word by chance as often as at a real table, and a move fits more words")
	faceModel := fs.Bool("face-model", true, "Crossword Pyramids: read the letters with the model trained on pyramid faces as well (vision/pyramids Options.FaceModel); --face-model=false: the tile classifier alone")
	learn := fs.Bool("learn-geometry", true, "upwords: learn each board's tile thickness through its game from the stacks whose height the history knows, as the service does (false: the geometry it starts from throughout)")
	edition := fs.Int("edition", 10, "Upwords edition: 10 (10x10, the default) or 8 (the classic 8x8 board)")
	sf := addSceneFlags(fs, "mixed")
	if done, err := parseQuiet(fs, args, stderr, "tilescope eval-game [--game upwords|pyramids|scrabble] [--games N] [--turns T] [--seed S] [--difficulty D] [--face-model=false] [--english] [-v N]"); done || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf("eval-game: unexpected argument %q", fs.Arg(0))
	}
	if *games < 1 || *games > 10000 {
		return usageErrorf("eval-game: --games %d: want 1..10000", *games)
	}
	if *turns < 1 || *turns > 200 {
		return usageErrorf("eval-game: --turns %d: want 1..200", *turns)
	}
	if *kind == "pyramids" {
		return evalGamePyramids(ctx, *games, *turns, *seed, sf, *verbose, *faceModel, *english, *keep, stdout)
	}
	if *kind == "scrabble" {
		return runEvalGameScrabble(ctx, *games, *turns, *seed, sf, *verbose, *keep, stdout)
	}
	if *kind != "upwords" {
		return usageErrorf("eval-game: --game %q: want upwords, pyramids or scrabble", *kind)
	}
	rules := upwords.Rules{Edition: upwords.Edition(*edition), Dictionary: dict.English()}
	if err := rules.Check(); err != nil {
		return usageErrorf("eval-game: --edition: %v", err)
	}
	if err := keepDir(*keep); err != nil {
		return err
	}
	reader, closeReader, err := upwordsgame.NewReader(rules.Size(), "", func(string, ...any) {})
	if err != nil {
		return fmt.Errorf("eval-game: %w", err)
	}
	defer closeReader()
	reader.Learn = *learn
	reader.Words = dict.English() // as the table's: the service gives its dictionary
	sum := gameEval{keep: *keep}
	for g := 0; g < *games; g++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		s, o, err := gameCamera(sf, *seed, g, "upwords")
		if err != nil {
			return err
		}
		o.FitUpwords(rules.Size())
		if d := o.UpwordsDims; *verbose > 0 && d != (render.UpwordsDims{}) {
			fmt.Fprintf(stdout, "game %d: board %.1f mm pitch, tiles %.1f mm across, %.2f mm thick (%.3f of a square), walls %.1f mm\n", g, d.PitchMM, d.TileMM, d.LevelMM, d.LevelMM/d.PitchMM, d.WallMM)
		}
		rng := rand.New(rand.NewPCG(uint64(s), 0x7475726e))
		var boards []*grid.Board
		if rules.Size() == 10 {
			boards = upwords.RandomGame(rng, dict.English(), *turns)
		} else {
			boards, _ = rules.RandomGame(rng, upwords.CommonWords(), *turns)
		}
		if err := sum.play(ctx, reader, rules, boards, o, fmt.Sprintf("game %d", g), *verbose, stdout); err != nil {
			return fmt.Errorf("eval-game: game %d: %w", g, err)
		}
	}
	sum.write(stdout)
	return nil
}

// gameEval adds up the games, per difficulty and overall.
type gameEval struct {
	groups map[string]*gameTally
	all    gameTally
	keep   string // a directory for the photos of turns that needed a tap
	// geoErr are, per game played, how far the reader's geometry at the
	// game's end is from the board's: tile thickness and size as
	// fractions of the truth.
	levelErr, tileErr []float64
	// Games whose camera does not show the whole grid are not played:
	// the table must move the camera. told counts those whose first photo
	// the vision refused as out of view, saying so.
	outOfView, told int
}

// turnTally is what every game's evaluation counts of its games' turns.
type turnTally struct {
	games, turns      int
	refused           int // photos the vision refused (no board, too dark...)
	unseen            int // photos read as the board as it stood (the new pieces missed)
	right             int // turns read right with no tap
	taps              int // squares corrected
	scores, scoresAll int // turns (words) scored as the truth, after the taps
	// Of the pieces the session showed after each photo (before any tap):
	// those shown sure (not marked unsure) and of them right, and those
	// shown unsure.
	sure, sureRight, unsure int
	elapsed                 []time.Duration
}

// writeTurns writes the photos read and the turns right, for a game of
// one photo a turn (Upwords, Scrabble).
func (t *turnTally) writeTurns(w io.Writer, indent string) {
	fmt.Fprintf(w, "%sphotos read:       %s (refused %d, new tiles missed %d)\n", indent, pct(t.turns-t.refused-t.unseen, t.turns), t.refused, t.unseen)
	fmt.Fprintf(w, "%sturns right:       %s with no tap\n", indent, pct(t.right, t.turns))
}

func (t *turnTally) add(o turnTally) {
	t.games += o.games
	t.turns += o.turns
	t.refused += o.refused
	t.unseen += o.unseen
	t.right += o.right
	t.taps += o.taps
	t.scores += o.scores
	t.scoresAll += o.scoresAll
	t.sure += o.sure
	t.sureRight += o.sureRight
	t.unsure += o.unsure
	t.elapsed = append(t.elapsed, o.elapsed...)
}

// keepDir makes eval-game's --keep directory (none when keep is "").
func keepDir(keep string) error {
	if keep == "" {
		return nil
	}
	if err := os.MkdirAll(keep, 0o755); err != nil {
		return asBadInput(fmt.Errorf("eval-game: --keep: %w", err))
	}
	return nil
}

// gameCamera is game g's seed (seed*1000+g) and the scene it draws: one
// camera pose and one lamp for the whole game, as a mounted camera has,
// and no hand (the photo of a turn is taken once the hands are gone).
func gameCamera(sf *sceneFlags, seed int64, g int, kind string) (int64, render.Options, error) {
	s := seed*1000 + int64(g)
	o, err := sf.options(s, kind)
	o.Hand = false
	return s, o, err
}

type gameTally struct {
	turnTally
	stacks           int // stacks on the boards, summed over turns
	heights, letters int // of those, as the session held them before any tap
}

func (t *gameTally) add(o gameTally) {
	t.turnTally.add(o.turnTally)
	t.stacks += o.stacks
	t.heights += o.heights
	t.letters += o.letters
}

// play runs one game: boards[0] is the empty board, boards[i] the board
// after turn i.
func (e *gameEval) play(ctx context.Context, reader *upwordsgame.Reader, rules upwords.Rules, boards []*grid.Board, o render.Options, name string, verbose int, out io.Writer) error {
	sess, err := game.Open(ctx, game.NewMemStore(), game.Config{
		Kind: "upwords", Rows: rules.Size(), Cols: rules.Size(), Scorer: upwordsgame.Scorer{Rules: rules}, Dict: dict.English(),
	})
	if err != nil {
		return err
	}
	reader.Board = sess.Board
	reader.Forget() // another table, another camera
	seen := &lastReading{BoardReader: reader}
	// reconciled as the table service reconciles an Upwords photo (the
	// game's own Rules.Reconcile), so that a rule the game adds there is
	// measured here too
	table := &upwordsgame.Rules{Rules: rules}
	pipe := &game.Pipeline{Reader: seen, Session: sess, Reconcile: table.Reconcile}
	t := gameTally{turnTally: turnTally{games: 1}}
	for i := 1; i < len(boards); i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		want := boards[i]
		sc, err := render.Render("upwords", []byte(want.String()), o)
		if err != nil {
			return fmt.Errorf("rendering turn %d: %w", i, err)
		}
		if i == 1 && !gridInView(sc.Truth) {
			e.outOfView++
			if _, err := reader.ReadBoard(ctx, game.Frame{ID: name, JPEG: sc.JPEG}); errors.Is(err, vision.ErrOutOfView) {
				e.told++
			}
			if verbose > 0 {
				fmt.Fprintf(out, "%s: the camera does not show the whole board (not played)\n", name)
			}
			return nil
		}
		t.turns++
		tapsBefore := t.taps
		frame := game.Frame{ID: fmt.Sprintf("%s turn %d", name, i), JPEG: sc.JPEG}
		seen.last = game.Reading{}
		start := time.Now()
		turn, err := pipe.Submit(ctx, frame)
		t.elapsed = append(t.elapsed, time.Since(start))
		switch {
		case errors.Is(err, game.ErrNoChange):
			// Nothing new seen: the player enters the turn by hand.
			t.unseen++
			if turn, err = sess.Play(ctx, game.Frame{ID: frame.ID}, game.Reading{Board: want.Clone()}); err != nil {
				return fmt.Errorf("turn %d entered by hand: %w", i, err)
			}
			t.taps += diffCount(boards[i-1], want)
		case err != nil:
			var u unreadable
			if !errors.As(err, &u) {
				return fmt.Errorf("turn %d: %w", i, err)
			}
			// The vision refused the photo (no board, too blurred...):
			// the player enters the turn by hand.
			t.refused++
			if verbose > 0 {
				fmt.Fprintf(out, "%s turn %d: %v\n", name, i, u.Err)
			}
			if turn, err = sess.Play(ctx, game.Frame{ID: frame.ID}, game.Reading{Board: want.Clone()}); err != nil {
				return fmt.Errorf("turn %d entered by hand: %w", i, err)
			}
			t.taps += diffCount(boards[i-1], want)
		default:
			got, perr := grid.Parse(strings.NewReader(turn.Board), frame.ID)
			if perr != nil {
				return fmt.Errorf("turn %d: the session's reading: %w", i, perr)
			}
			// What the photo itself showed, before the game reconciled it.
			photo := got
			if sg := sess.Sightings(); len(sg) > 0 {
				photo = sg[len(sg)-1].Seen.(*grid.Board)
			}
			wrong, shown := 0, 0
			var cerr error
			unsure := map[grid.Pos]bool{}
			for _, u := range turn.Uncertain {
				unsure[grid.Pos{Row: u[0], Col: u[1]}] = true
			}
			want.Each(func(p grid.Pos, w grid.Stack) {
				g := got.At(p)
				switch {
				case g.Empty():
				case unsure[p]:
					t.unsure++
				default:
					t.sure++
					if g == w {
						t.sureRight++
					}
				}
				if !w.Empty() {
					t.stacks++
					if g.Height == w.Height {
						t.heights++
					}
					if g.Letter == w.Letter {
						t.letters++
					}
				}
				if g == w {
					return
				}
				wrong++
				if shown < verbose {
					shown++
					shownAs := ""
					if !g.Empty() && !unsure[p] {
						shownAs = ", shown sure"
					}
					fmt.Fprintf(out, "%s turn %d: row %d, column %d: read %s%s (the photo alone: %s%s; before: %s), is %s\n",
						name, i, p.Row, p.Col, stackText(g), shownAs, stackText(photo.At(p)), seen.about(p), stackText(boards[i-1].At(p)), stackText(w))
				}
				if _, err := sess.Correct(ctx, turn.N, p, w); err != nil && cerr == nil {
					cerr = fmt.Errorf("turn %d: correcting %v: %w", i, p, err)
				}
			})
			if cerr != nil {
				return cerr
			}
			if wrong == 0 {
				t.right++
			}
			t.taps += wrong
		}
		if e.keep != "" && t.taps > tapsBefore {
			base := filepath.Join(e.keep, strings.ReplaceAll(frame.ID, " ", "-"))
			if err := os.WriteFile(base+".jpg", sc.JPEG, 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(base+".txt", []byte(want.String()), 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(base+".before.txt", []byte(boards[i-1].String()), 0o644); err != nil {
				return err
			}
		}
		// After the taps the turn must stand as the truth's.
		wantMove, jerr := rules.Judge(boards[i-1], want)
		st := sess.State()
		if jerr == nil && len(st.History) > 0 {
			last := st.History[len(st.History)-1]
			t.scoresAll++
			if last.Status == game.StatusAccepted && last.Score == wantMove.Score {
				t.scores++
			}
		}
		if !game.SamePosition(sess.Board(), want) {
			st := sess.State()
			last := st.History[len(st.History)-1]
			return fmt.Errorf("turn %d: after the corrections the session's board is not the truth's: turn %d %s %s %s\n%s\nwant\n%s", i, last.N, last.Status, last.Code, last.Error, sess.Board(), want)
		}
	}
	tallyGroup(&e.groups, o.Difficulty).add(t)
	e.all.add(t)
	d := o.UpwordsDims
	if d == (render.UpwordsDims{}) {
		d = render.DefaultUpwordsDims
	}
	g := reader.Geometry()
	e.levelErr = append(e.levelErr, math.Abs(g.LevelMM/g.SquareMM*d.PitchMM/d.LevelMM-1))
	e.tileErr = append(e.tileErr, math.Abs(g.TileMM/g.SquareMM*d.PitchMM/d.TileMM-1))
	return nil
}

// photoOutcome is what became of a photo submitted to the table's
// pipeline.
type photoOutcome int

const (
	photoRead    photoOutcome = iota // read into a turn
	photoUnseen                      // read as the board as it stood: nothing new seen
	photoRefused                     // refused by the vision (no board, too blurred...)
)

// submitPhoto hands one photo to the table's pipeline and times it: the
// turn it made, or, for the player to enter by hand, nothing new seen or
// the photo refused (said with verbose); any other error is returned.
func submitPhoto(ctx context.Context, pipe *game.Pipeline, id string, jpeg []byte, elapsed *[]time.Duration, verbose int, out io.Writer) (game.Turn, photoOutcome, error) {
	start := time.Now()
	turn, err := pipe.Submit(ctx, game.Frame{ID: id, JPEG: jpeg})
	*elapsed = append(*elapsed, time.Since(start))
	var u interface{ Code() string }
	switch {
	case err == nil:
		return turn, photoRead, nil
	case !errors.Is(err, game.ErrNoChange) && !errors.As(err, &u):
		return turn, photoRead, fmt.Errorf("%s: %w", id, err)
	}
	if verbose > 0 {
		fmt.Fprintf(out, "%s: %v\n", id, err)
	}
	if errors.Is(err, game.ErrNoChange) {
		return turn, photoUnseen, nil
	}
	return turn, photoRefused, nil
}

// gridInView reports whether the playing grid's corners are all in the
// picture.
func gridInView(t render.Truth) bool {
	if t.Board == nil {
		return false
	}
	for _, c := range t.Board.Corners {
		if c[0] < 0 || c[1] < 0 || c[0] > float64(t.Width) || c[1] > float64(t.Height) {
			return false
		}
	}
	return true
}

// diffCount is how many squares differ between two boards: the taps to
// enter a turn by hand.
func diffCount(a, b *grid.Board) int {
	n := 0
	a.Each(func(p grid.Pos, s grid.Stack) {
		if b.At(p) != s {
			n++
		}
	})
	return n
}

func stackText(s grid.Stack) string {
	if s.Empty() {
		return "empty"
	}
	return fmt.Sprintf("%s%d", s.Letter, s.Height)
}

// median of v (not changed).
func median(v []float64) float64 {
	s := slices.Clone(v)
	sort.Float64s(s)
	return s[len(s)/2]
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f%% (%d/%d)", 100*float64(a)/float64(b), a, b)
}

// writeSureRight is the report's line on the stacks (or tiles: what)
// shown sure: how many of them were right, and how many were shown unsure.
func writeSureRight(w io.Writer, indent, what string, right, sure, unsure int) {
	share := "-"
	if sure > 0 {
		share = fmt.Sprintf("%.3f%% (%d/%d)", 100*float64(right)/float64(sure), right, sure)
	}
	fmt.Fprintf(w, "%ssure right:        %s %s shown sure; %d shown unsure\n", indent, share, what, unsure)
}

func (t *gameTally) write(w io.Writer, indent string) {
	t.writeTurns(w, indent)
	fmt.Fprintf(w, "%staps:              %d (%.2f per turn)\n", indent, t.taps, float64(t.taps)/float64(max(1, t.turns)))
	fmt.Fprintf(w, "%sheights right:     %s stacks, photo plus history\n", indent, pct(t.heights, t.stacks))
	fmt.Fprintf(w, "%sletters right:     %s stacks\n", indent, pct(t.letters, t.stacks))
	fmt.Fprintf(w, "%sscores right:      %s turns, after the taps\n", indent, pct(t.scores, t.scoresAll))
	writeSureRight(w, indent, "stacks", t.sureRight, t.sure, t.unsure)
}

func (e *gameEval) write(w io.Writer) {
	fmt.Fprintf(w, "games:             %d, %d turns (+%d with the board partly out of the camera's view, not played; told so: %d)\n", e.all.games, e.all.turns, e.outOfView, e.told)
	e.all.write(w, "")
	if len(e.levelErr) > 0 {
		fmt.Fprintf(w, "geometry:          tile thickness off by %.1f%% (median of the games; worst %.1f%%), tile size by %.1f%% (worst %.1f%%), as the reader ends each game\n",
			100*median(e.levelErr), 100*slices.Max(e.levelErr), 100*median(e.tileErr), 100*slices.Max(e.tileErr))
	}
	writeMedianTime(w, "time per turn:     ", e.all.elapsed)
	writeGroups(w, e.groups, func(g *gameTally) (int, int) { return g.games, g.turns })
}

// writeMedianTime prints the median of the times a turn (or photo) took
// through the table's pipeline, after label; nothing when none was timed.
func writeMedianTime(w io.Writer, label string, elapsed []time.Duration) {
	if len(elapsed) == 0 {
		return
	}
	d := append([]time.Duration(nil), elapsed...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	fmt.Fprintf(w, "%smedian %.1fms (decode, scan, reconcile, judge, record)\n", label, float64(d[len(d)/2].Microseconds())/1000)
}

// writeGroups prints each group's tally (a difficulty, a board), in the
// order of their names, under a line with its games and turns.
func writeGroups[T interface{ write(io.Writer, string) }](w io.Writer, groups map[string]T, size func(T) (games, turns int)) {
	names := make([]string, 0, len(groups))
	for k := range groups {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		g := groups[k]
		games, turns := size(g)
		fmt.Fprintf(w, "  %s: %d games, %d turns\n", k, games, turns)
		g.write(w, "    ")
	}
}

// tallyGroup is the tally of one group (a difficulty), made the first
// time the group is seen.
func tallyGroup[T any](groups *map[string]*T, name string) *T {
	if *groups == nil {
		*groups = map[string]*T{}
	}
	g := (*groups)[name]
	if g == nil {
		g = new(T)
		(*groups)[name] = g
	}
	return g
}

// lastReading is the table's reader, keeping the last photo's reading
// (its confidences and other letters) for -v.
type lastReading struct {
	game.BoardReader
	last game.Reading
}

func (l *lastReading) ReadBoard(ctx context.Context, f game.Frame) (game.Reading, error) {
	r, err := l.BoardReader.ReadBoard(ctx, f)
	l.last = r
	return r, err
}

// about is what the last reading said of square p beyond its stack: the
// reader's confidence in a stack, the other letters it gave (Alt), the
// letters a tile on a stack whose face changed would bear (Raised), the
// letters a square read empty would bear (Maybe).
func (l *lastReading) about(p grid.Pos) string {
	s := ""
	if b, ok := l.last.Board.(*grid.Board); ok && b.In(p) && !b.At(p).Empty() && p.Row < len(l.last.Conf) && p.Col < len(l.last.Conf[p.Row]) {
		s = fmt.Sprintf(" at %.2f", l.last.Conf[p.Row][p.Col])
	}
	if a := l.last.Alt[[2]int{p.Row, p.Col}]; len(a) > 0 {
		s += " or " + strings.Join(a, "/")
	}
	if a := l.last.Raised[[2]int{p.Row, p.Col}]; len(a) > 0 {
		s += " raised " + strings.Join(a, "/")
	}
	if a := l.last.Maybe[[2]int{p.Row, p.Col}]; len(a) > 0 {
		s += " maybe " + strings.Join(a, "/")
	}
	return s
}
