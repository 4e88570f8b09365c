package game

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
)

// GridRules is Rules for the games played on a square grid of letter
// stacks in the grid text format (DESIGN.md: Upwords; Scrabble is a grid of
// one-high stacks): positions are *grid.Board, the referee is a Scorer and
// the camera a function. A game of that family embeds or fills one rather
// than writing the common parts again.
type GridRules struct {
	Rows, Cols int
	Scorer     Scorer
	// Reader reads a photo; nil: the game has no camera reader.
	Reader func(ctx context.Context, f Frame, standing *grid.Board) (Reading, error)
	// Tiles in the set, tiles on a rack and the points each tile left at
	// the end costs (Upwords: 100, 7, 5).
	Tiles, Rack, Penalty int
	// MaxHeight is the tallest stack a correction may set (Upwords 5 on
	// the 10x10 board; 1 for a flat game); 0 means 9, the format's limit.
	MaxHeight int
	// NoBackfill: a correction holds backwards only while the earlier
	// photos read the same cell the same way and the cell is not taller
	// than it was read (the Upwords rule); set it to keep corrections to
	// the turn and the turns after it.
	NoBackfill bool
}

var (
	_ Rules      = (*GridRules)(nil)
	_ Backfiller = (*GridRules)(nil)
)

// UpwordsGridRules are the grid rules with the Upwords set's numbers
// (used when a session is configured with a bare Scorer).
func UpwordsGridRules(rows, cols int, sc Scorer) *GridRules {
	return &GridRules{Rows: rows, Cols: cols, Scorer: sc, Tiles: UpwordsTiles, Rack: RackSize, Penalty: PenaltyPerTile}
}

// Empty is an empty board.
func (g *GridRules) Empty() Position { return grid.New(g.Rows, g.Cols) }

// Parse reads the grid text format.
func (g *GridRules) Parse(text, name string) (Position, error) {
	b, err := grid.Parse(strings.NewReader(text), name)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// SetCell puts one stack ("A2", "Qu", "" or "." for empty) on a square.
func (g *GridRules) SetCell(p Position, row, col int, cell string) (Position, error) {
	b, ok := p.(*grid.Board)
	if !ok {
		return nil, badInputf("not a grid board")
	}
	pos := grid.Pos{Row: row, Col: col}
	if !b.In(pos) {
		return nil, badInputf("%v is off the %dx%d board", pos, b.Rows, b.Cols)
	}
	if cell == "" {
		cell = "."
	}
	s, err := grid.ParseCell(cell)
	if err != nil {
		return nil, badInputf("%q: %v", cell, err)
	}
	if maxH := g.maxHeight(); s.Height > maxH {
		return nil, badInputf("%q: a stack here is at most %d high", cell, maxH)
	}
	out := b.Clone()
	out.Set(pos, s)
	return out, nil
}

func (g *GridRules) maxHeight() int {
	if g.MaxHeight <= 0 {
		return 9
	}
	return g.MaxHeight
}

// Piece is a stack's letter and height.
func (g *GridRules) Piece(cell string) Piece {
	s, err := grid.ParseCell(cell)
	if err != nil {
		return Piece{Letter: cell, Height: 1}
	}
	return Piece{Letter: s.Letter, Height: s.Height}
}

// Judge asks the Scorer.
func (g *GridRules) Judge(before, after Position, _ Table) (Move, error) {
	b, ok1 := before.(*grid.Board)
	a, ok2 := after.(*grid.Board)
	if !ok1 || !ok2 {
		return Move{}, errors.New("game: grid rules given a position that is not a grid board")
	}
	return g.Scorer.Judge(b, a)
}

// Read asks the Reader.
func (g *GridRules) Read(ctx context.Context, f Frame, standing Position) (Reading, error) {
	if g.Reader == nil {
		return Reading{}, fmt.Errorf("%w: this game has no camera reader", ErrBadInput)
	}
	b, _ := standing.(*grid.Board)
	return g.Reader(ctx, f, b)
}

// Bag is the set less the racks less the tiles on the board.
func (g *GridRules) Bag(p Position, seats int) int {
	b, ok := p.(*grid.Board)
	if !ok {
		return 0
	}
	placed := 0
	b.Each(func(_ grid.Pos, s grid.Stack) { placed += s.Height })
	return max(0, g.Tiles-g.Rack*seats-placed)
}

// MaxLeft is a full rack.
func (g *GridRules) MaxLeft() int { return g.Rack }

// Tally takes Penalty points off per tile left on a rack.
func (g *GridRules) Tally(_ Position, players []Player, left []int) []TallyLine {
	out := make([]TallyLine, len(players))
	best := math.MinInt
	for i, p := range players {
		tiles := 0
		if i < len(left) {
			tiles = left[i]
		}
		out[i] = TallyLine{Name: p.Name, Score: p.Score, Tiles: tiles, Penalty: -g.Penalty * tiles}
		out[i].Final = out[i].Score + out[i].Penalty
		best = max(best, out[i].Final)
	}
	for i := range out {
		out[i].Winner = out[i].Final == best
	}
	return out
}

// Backfill: a tile the camera missed (read empty, or the stack read as it
// stood before a tile went on it) was not there in the earlier photos.
func (g *GridRules) Backfill(orig, want string) bool {
	if g.NoBackfill || orig == "" {
		return false
	}
	o, err1 := grid.ParseCell(orig)
	w, err2 := grid.ParseCell(orDot(want))
	return err1 == nil && err2 == nil && w.Height <= o.Height
}

func orDot(s string) string {
	if s == "" {
		return "."
	}
	return s
}

// gridOf is the grid board of a position, nil when it is not one.
func gridOf(p Position) *grid.Board {
	b, _ := p.(*grid.Board)
	return b
}
