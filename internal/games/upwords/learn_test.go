package upwords

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/upwords"
	"github.com/tilescope/tilescope/vision/render"
)

// TestLearnThroughAGame: the table's reader, shown the turns of a game on
// a board of another maker's dimensions, learns the tile's thickness and
// size from the stacks whose height the history knows (the thickness
// within half the project's board's error, the size within 9%); not told
// to learn, it learns nothing; Forget goes back to where it started.
func TestLearnThroughAGame(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a game")
	}
	dims := render.UpwordsDims{PitchMM: 22, TileMM: 17.2, LevelMM: 5.4, WallMM: 3, WallWidthMM: 1.8}
	rng := rand.New(rand.NewPCG(17, 0x7475726e))
	boards := upwords.RandomGame(rng, nil, 7)
	o, err := render.RandomOptions(17, "easy")
	if err != nil {
		t.Fatal(err)
	}
	o.TiltDeg, o.HeightMM, o.UpwordsDims = 28, 360, dims
	o.FitUpwords(10)
	var frames [][]byte
	for _, b := range boards[1:] {
		sc, err := render.Render("upwords", []byte(b.String()), o)
		if err != nil {
			t.Fatal(err)
		}
		frames = append(frames, sc.JPEG)
	}
	levelOff := func(g float64) float64 { return math.Abs(g/(dims.LevelMM/dims.PitchMM) - 1) }
	tileOff := func(g float64) float64 { return math.Abs(g/(dims.TileMM/dims.PitchMM) - 1) }
	for _, learn := range []bool{true, false} {
		t.Run(fmt.Sprintf("learn=%t", learn), func(t *testing.T) {
			r, closer, err := NewReader(10, "", t.Logf)
			if err != nil {
				t.Fatal(err)
			}
			defer closer()
			r.Learn = learn
			start := r.Geometry()
			for i, f := range frames {
				if _, err := r.read(context.Background(), game.Frame{ID: fmt.Sprint(i), JPEG: f}, boards[i]); err != nil {
					t.Fatalf("turn %d: %v", i+1, err)
				}
			}
			g := r.Geometry()
			t.Logf("level %.3f (start %.3f, board %.3f), tile %.3f (start %.3f, board %.3f), %d measures",
				g.LevelMM/g.SquareMM, start.LevelMM/start.SquareMM, dims.LevelMM/dims.PitchMM,
				g.TileMM/g.SquareMM, start.TileMM/start.SquareMM, dims.TileMM/dims.PitchMM, len(r.measures))
			if !learn {
				if g != start || len(r.measures) != 0 {
					t.Errorf("a reader not told to learn learned %+v from %d measures", g, len(r.measures))
				}
				return
			}
			if len(r.measures) < 8 {
				t.Errorf("%d stacks measured in %d turns, want at least 8", len(r.measures), len(frames))
			}
			if levelOff(g.LevelMM/g.SquareMM) > levelOff(start.LevelMM/start.SquareMM)/2 {
				t.Errorf("thickness %.3f of a square, no nearer the board's %.3f than half the start's", g.LevelMM/g.SquareMM, dims.LevelMM/dims.PitchMM)
			}
			// The size is measured within about 8% (flatTop varies with
			// the maker's rounded edge).
			if tileOff(g.TileMM/g.SquareMM) > 0.09 || tileOff(g.TileMM/g.SquareMM) >= tileOff(start.TileMM/start.SquareMM) {
				t.Errorf("tile %.3f of a square, not within 9%% of the board's %.3f and nearer than the start's", g.TileMM/g.SquareMM, dims.TileMM/dims.PitchMM)
			}
			r.Forget()
			if r.Geometry() != start {
				t.Errorf("after Forget: %+v, want %+v", r.Geometry(), start)
			}
		})
	}
}
