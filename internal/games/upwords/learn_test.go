package upwords

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/upwords"
	"github.com/tilescope/tilescope/vision/render"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// TestLearnThroughAGame: the table's reader, shown the turns of a game on
// a board of another maker's dimensions, learns the tile's thickness
// from the stacks whose height the history knows (within half the
// project's board's error), the tile's size staying as it started; not
// told to learn, it learns nothing; Forget goes back to where it started.
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
			if g.Source != "game" {
				t.Errorf("a geometry learnt through the game says it came from %q, want \"game\"", g.Source)
			}
			// The size stays the one it started from: through a game the
			// faces measured the flat top inside a thick tile's bevel,
			// smaller than the tile (calibrate measures it, from a photo
			// the player sets up).
			if g.TileMM != start.TileMM {
				t.Errorf("tile %.3f of a square (%.1f%% off the board's), moved from the start's %.3f", g.TileMM/g.SquareMM, 100*tileOff(g.TileMM/g.SquareMM), start.TileMM/start.SquareMM)
			}
			r.Forget()
			if r.Geometry() != start {
				t.Errorf("after Forget: %+v, want %+v", r.Geometry(), start)
			}
		})
	}
}

// TestLearnSoon: the reader learns the tiles' thickness as soon as the
// stacks measured weigh enough, not after a count of them: two photos'
// stacks of thick tiles (one one high, three two high, seen steeply)
// move it; the same count one high, or one wild stack, do not.
func TestLearnSoon(t *testing.T) {
	thick := vupw.Geometry{SquareMM: 17.8, TileMM: 15.5, LevelMM: 5.1, WallMM: 0.5, MaxStack: 5}
	of := func(g vupw.Geometry, k int, noise float64) vupw.StackMeasure {
		// The raw rise a measure gives (0.046: its bias, measureLift).
		rise := (float64(k)*g.LevelMM-g.WallMM)/g.SquareMM - 0.046 + noise
		return vupw.StackMeasure{Pos: grid.Pos{Row: k, Col: int(100 * noise)}, Height: k, Rise: rise, Tile: g.TileMM / g.SquareMM, Leverage: 43}
	}
	tests := []struct {
		name   string
		photos [][]vupw.StackMeasure
		moved  bool
	}{
		{"thick tiles, two photos, three stacks two high", [][]vupw.StackMeasure{{of(thick, 1, 0.02)}, {of(thick, 2, -0.02), of(thick, 2, 0.01), of(thick, 2, -0.03)}}, true},
		{"thick tiles, two photos, one high only", [][]vupw.StackMeasure{{of(thick, 1, 0.02), of(thick, 1, -0.01)}, {of(thick, 1, -0.02), of(thick, 1, 0.01)}}, false},
		{"the project's board, one tall stack wild", [][]vupw.StackMeasure{{of(vupw.UpwordsGeometry, 1, 0.02), of(vupw.UpwordsGeometry, 2, -0.01)}, {of(vupw.UpwordsGeometry, 2, 0.01), of(vupw.UpwordsGeometry, 1, -0.02), of(vupw.UpwordsGeometry, 3, 0.4)}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &Reader{Learn: true, geo: vupw.UpwordsGeometry}
			r.opt.Geometry = r.geo
			for _, ms := range tc.photos {
				r.learn(ms)
			}
			g := r.opt.Geometry
			got, prior, want := g.LevelMM/g.SquareMM, r.geo.LevelMM/r.geo.SquareMM, thick.LevelMM/thick.SquareMM
			switch {
			case tc.moved && math.Abs(got-want) > math.Abs(prior-want)/2:
				t.Errorf("thickness %.3f of a square after %d photos, want at least half way from the prior's %.3f to the board's %.3f", got, len(tc.photos), prior, want)
			case !tc.moved && got != prior:
				t.Errorf("thickness %.3f of a square, moved from the prior's %.3f", got, prior)
			}
		})
	}
}
