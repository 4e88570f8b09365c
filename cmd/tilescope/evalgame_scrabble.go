//go:build !lean

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	scrgame "github.com/tilescope/tilescope/internal/games/scrabble"
	"github.com/tilescope/tilescope/scoring/scrabble"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// scrEval plays rendered games of Scrabble through the table service's
// pipeline (the game's reader, with the board as it stands for the
// squares the photo does not show, its referee, a session), the way
// runEvalGame does for Upwords: one photo a turn, taken once the hands are
// gone. Every wrongly read square is corrected as a player would on the
// phone page (a tap). A blank's letter is no reading: the camera sees a
// blank tile, and the player says which letter it stands for (named, not a
// tap). A turn is read right when its photo needed no tap.
type scrEval struct {
	verbose int
	out     io.Writer
	// keep, when set, is a directory for the photo and the true board of
	// every turn that needed a tap
	keep string
	// games whose camera does not show the whole board (not played), and
	// of them those whose first photo the vision refused as out of view
	outOfView, told int
	all             scrTally
	groups          map[string]*scrTally
}

type scrTally struct {
	turnTally
	blanks  int // blanks whose letter the player named
	tiles   int // tiles on the boards, summed over turns
	letters int // of those, read right (a blank as a blank) before any tap
}

func (t *scrTally) add(o scrTally) {
	t.turnTally.add(o.turnTally)
	t.blanks += o.blanks
	t.tiles += o.tiles
	t.letters += o.letters
}

// scrSame says whether a square as read (got) is the truth's (want): the
// same tile, or a blank read as a blank whatever letter it was given
// (blankOnly: the letter is the player's to name).
func scrSame(got, want scrabble.Tile) (same, blankOnly bool) {
	if got == want {
		return true, false
	}
	if want.Blank && got.Blank {
		return false, true
	}
	return false, false
}

// play runs one game: boards[i] is the board after turn i+1, from an
// empty board.
func (e *scrEval) play(ctx context.Context, boards []*scrabble.Board, o render.Options, name string) error {
	rules, err := scrgame.Game{}.New(game.Options{}, game.Env{Dict: dict.English()})
	if err != nil {
		return err
	}
	sess, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: scrgame.Kind, Players: []string{"Ann", "Ben"}, Rules: rules})
	if err != nil {
		return err
	}
	pipe := &game.Pipeline{Session: sess}
	t := scrTally{turnTally: turnTally{games: 1}}
	prev := &scrabble.Board{}
	for i, want := range boards {
		if err := ctx.Err(); err != nil {
			return err
		}
		id := fmt.Sprintf("%s turn %d", name, i+1)
		sc, err := render.Render(scrgame.Kind, []byte(want.String()), o)
		if err != nil {
			return fmt.Errorf("rendering %s: %w", id, err)
		}
		t.turns++
		taps, blanks := 0, 0
		turn, outcome, err := submitPhoto(ctx, pipe, id, sc.JPEG, &t.elapsed, e.verbose, e.out)
		if err != nil {
			return err
		}
		switch outcome {
		case photoUnseen, photoRefused:
			// The player enters the turn by hand.
			if outcome == photoUnseen {
				t.unseen++
			} else {
				t.refused++
			}
			if _, err := sess.Play(ctx, game.Frame{ID: id}, game.Reading{Board: scrgame.Position{Board: *want}}); err != nil {
				return fmt.Errorf("%s entered by hand: %w", id, err)
			}
			taps = scrDiff(prev, want)
			t.tiles += want.Count()
		default:
			unsure := map[scrabble.Pos]bool{}
			for _, q := range turn.Uncertain {
				unsure[scrabble.Pos{Row: q[0], Col: q[1]}] = true
			}
			read, err := sess.Rules().Parse(turn.Board, id)
			if err != nil {
				return fmt.Errorf("%s: the session's reading: %w", id, err)
			}
			got := read.(scrgame.Position).Board
			shown := 0
			for row := range scrabble.Size {
				for col := range scrabble.Size {
					q := scrabble.Pos{Row: row, Col: col}
					w, g := want.At(q), got.At(q)
					same, blankOnly := scrSame(g, w)
					if !g.Empty() {
						switch {
						case unsure[q]:
							t.unsure++
						default:
							t.sure++
							if same || blankOnly {
								t.sureRight++
							}
						}
					}
					if !w.Empty() {
						t.tiles++
						if same || blankOnly {
							t.letters++
						}
					}
					if same {
						continue
					}
					if blankOnly {
						blanks++
					} else {
						taps++
						if shown < e.verbose {
							shown++
							shownAs := ""
							if !g.Empty() && !unsure[q] {
								shownAs = " (shown sure)"
							}
							fmt.Fprintf(e.out, "%s: row %d, column %d: read %s%s, is %s\n", id, row, col, scrCellText(g), shownAs, scrCellText(w))
						}
					}
					cell := ""
					if !w.Empty() {
						cell = w.String()
					}
					if _, err := sess.CorrectCell(ctx, turn.N, row, col, cell); err != nil {
						return fmt.Errorf("%s: correcting %v: %w", id, q, err)
					}
				}
			}
		}
		t.taps += taps
		t.blanks += blanks
		if taps == 0 {
			t.right++
		}
		if e.keep != "" && taps > 0 {
			base := filepath.Join(e.keep, strings.ReplaceAll(id, " ", "-"))
			if err := os.WriteFile(base+".jpg", sc.JPEG, 0o644); err != nil {
				return fmt.Errorf("eval-game: --keep: %w", err)
			}
			if err := os.WriteFile(base+".txt", []byte(want.String()), 0o644); err != nil {
				return fmt.Errorf("eval-game: --keep: %w", err)
			}
		}
		// After the taps the turn must stand as the truth's, scored so.
		m, jerr := scrabble.Rules{}.Judge(prev, want)
		st := sess.State()
		if jerr == nil && len(st.History) > 0 {
			last := st.History[len(st.History)-1]
			t.scoresAll++
			if last.Status == game.StatusAccepted && last.Score == m.Score {
				t.scores++
			}
		}
		if got := scrBoard(sess.Board()); scrDiff(got, want) != 0 {
			last := st.History[len(st.History)-1]
			return fmt.Errorf("%s: after the corrections the session's board is not the truth's: turn %d %s %s %s\n%s\nwant\n%s", id, last.N, last.Status, last.Code, last.Error, got, want)
		}
		prev = want
	}
	tallyGroup(&e.groups, o.Difficulty).add(t)
	e.all.add(t)
	return nil
}

// scrBoard is the board of a Scrabble position (empty when it is none).
func scrBoard(p game.Position) *scrabble.Board {
	switch v := p.(type) {
	case scrgame.Position:
		return &v.Board
	case *scrgame.Position:
		if v != nil {
			return &v.Board
		}
	}
	return &scrabble.Board{}
}

// scrDiff counts the squares that differ: the taps to enter one board
// over the other.
func scrDiff(a, b *scrabble.Board) int {
	n := 0
	for row := range scrabble.Size {
		for col := range scrabble.Size {
			q := scrabble.Pos{Row: row, Col: col}
			if a.At(q) != b.At(q) {
				n++
			}
		}
	}
	return n
}

func scrCellText(t scrabble.Tile) string {
	if t.Empty() {
		return "empty"
	}
	return t.String()
}

func (t *scrTally) write(w io.Writer, indent string) {
	t.writeTurns(w, indent)
	fmt.Fprintf(w, "%staps:              %d (%.2f per turn); blanks named by the player: %d\n", indent, t.taps, float64(t.taps)/float64(max(1, t.turns)), t.blanks)
	fmt.Fprintf(w, "%sletters right:     %s tiles, before any tap\n", indent, pct(t.letters, t.tiles))
	fmt.Fprintf(w, "%sscores right:      %s turns, after the taps\n", indent, pct(t.scores, t.scoresAll))
	writeSureRight(w, indent, "tiles", t.sureRight, t.sure, t.unsure)
}

func (e *scrEval) write(w io.Writer) {
	fmt.Fprintf(w, "games:             %d Scrabble, %d turns (+%d with the board partly out of the camera's view, not played; told so: %d)\n", e.all.games, e.all.turns, e.outOfView, e.told)
	e.all.write(w, "")
	writeMedianTime(w, "time per turn:     ", e.all.elapsed)
	writeGroups(w, e.groups, func(g *scrTally) (int, int) { return g.games, g.turns })
}

// runEvalGameScrabble is eval-game --game scrabble: games of up to turns
// turns (render.RandomScrabbleGame), game g drawing its plays and its
// camera from seed*1000+g.
func runEvalGameScrabble(ctx context.Context, games, turns int, seed int64, sf *sceneFlags, verbose int, keep string, stdout io.Writer) error {
	if err := keepDir(keep); err != nil {
		return err
	}
	e := &scrEval{verbose: verbose, out: stdout, keep: keep}
	for g := 0; g < games; g++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		s, o, err := gameCamera(sf, seed, g, scrgame.Kind)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("game %d", g)
		var boards []*scrabble.Board
		for i, text := range render.RandomScrabbleGame(s, turns) {
			b, err := scrabble.Parse(strings.NewReader(text), fmt.Sprintf("%s turn %d", name, i+1))
			if err != nil {
				return fmt.Errorf("eval-game: %s: the generated board: %w", name, err)
			}
			boards = append(boards, b)
		}
		if len(boards) == 0 {
			continue
		}
		sc, err := render.Render(scrgame.Kind, []byte(boards[0].String()), o)
		if err != nil {
			return fmt.Errorf("eval-game: %s: %w", name, err)
		}
		if !gridInView(sc.Truth) {
			// The table must move the camera: not played.
			e.outOfView++
			if rules, err := (scrgame.Game{}).New(game.Options{}, game.Env{}); err == nil {
				// Told: refused as out of view, or read with the squares
				// out of view listed as covered (a board partly in view is
				// read, vision/scrabble).
				rd, err := rules.Read(ctx, game.Frame{ID: name, JPEG: sc.JPEG}, rules.Empty())
				if errors.Is(err, vision.ErrOutOfView) || (err == nil && len(rd.Covered) > 0) {
					e.told++
				}
			}
			if verbose > 0 {
				fmt.Fprintf(stdout, "%s: the camera does not show the whole board (not played)\n", name)
			}
			continue
		}
		if err := e.play(ctx, boards, o, name); err != nil {
			return fmt.Errorf("eval-game: %s: %w", name, err)
		}
	}
	e.write(stdout)
	return nil
}
