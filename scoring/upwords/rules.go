package upwords

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Dictionary says whether a word may be played. Words are passed in upper
// case as the tiles spell them (the Qu tile spells "QU").
type Dictionary interface {
	Contains(word string) bool
}

// Edition is the board size of an Upwords edition: 10 (the current 10x10
// board, the default) or 8 (the classic 8x8 board).
type Edition int

// The two editions.
const (
	Edition10 Edition = 10
	Edition8  Edition = 8
)

// DefaultMaxHeight is the highest a stack may grow in every edition.
const DefaultMaxHeight = 5

// MaxTiles is the most tiles a turn may place: a full rack.
const MaxTiles = 7

// AllTilesBonus is earned by a turn that places all seven tiles.
const AllTilesBonus = 20

// QuBonus is earned by a flat word (every tile one high) that uses Qu.
const QuBonus = 2

// RackPenaltyPerTile is what each tile left on a rack costs at the end.
const RackPenaltyPerTile = 5

// Sentinel errors. A rejection of a turn is a *Rejection, not one of these:
// these say the input itself is wrong (bad input, not an illegal move).
var (
	ErrEdition   = errors.New("upwords: unknown edition")
	ErrBoardSize = errors.New("upwords: board size does not match the edition")
	ErrNilBoard  = errors.New("upwords: missing board")
)

// Rules is one table's choice of rules. The zero Rules is the 10x10
// edition, stacks of at most 5, and no dictionary check.
type Rules struct {
	Edition    Edition    // 10 (default when 0) or 8
	MaxHeight  int        // highest stack allowed; 0 means DefaultMaxHeight
	Dictionary Dictionary // nil: every word is accepted (no dictionary check)
}

// Size is the number of rows (and columns) of the edition's board.
func (r Rules) Size() int {
	if r.Edition == 0 {
		return int(Edition10)
	}
	return int(r.Edition)
}

func (r Rules) maxHeight() int {
	if r.MaxHeight <= 0 {
		return DefaultMaxHeight
	}
	return r.MaxHeight
}

// Check reports whether the rules themselves make sense.
func (r Rules) Check() error {
	switch r.Edition {
	case 0, Edition10, Edition8:
		return nil
	}
	return fmt.Errorf("%w: %d (want 10 or 8)", ErrEdition, int(r.Edition))
}

// Centre lists the four centre squares of the edition's board; the first
// word must cover at least one of them.
func (r Rules) Centre() [4]grid.Pos {
	h := r.Size() / 2
	return [4]grid.Pos{{Row: h - 1, Col: h - 1}, {Row: h - 1, Col: h}, {Row: h, Col: h - 1}, {Row: h, Col: h}}
}

func (r Rules) isCentre(p grid.Pos) bool {
	h := r.Size() / 2
	return (p.Row == h-1 || p.Row == h) && (p.Col == h-1 || p.Col == h)
}

// Placement is one tile put down in a turn: where, its letter, and how high
// the stack is with it on top (1 on an empty square).
type Placement struct {
	Pos    grid.Pos
	Letter string // "A".."Z" or "Qu"
	Height int
}

// MarshalJSON writes {"row":4,"col":3,"letter":"C","height":1}.
func (p Placement) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Row    int    `json:"row"`
		Col    int    `json:"col"`
		Letter string `json:"letter"`
		Height int    `json:"height"`
	}{p.Pos.Row, p.Pos.Col, p.Letter, p.Height})
}

// Word is one word a turn formed or changed, with its points.
type Word struct {
	Word    string   // as spelled, upper case; Qu spells "QU"
	Start   grid.Pos // its first square
	Dir     grid.Pos // grid.Across or grid.Down
	Tiles   int      // squares in the word (Qu is one tile)
	Score   int
	Stacked bool // some square of the word is more than one tile high
	Qu      bool // the word uses the Qu tile
}

// Squares lists the squares of the word in reading order.
func (w Word) Squares() []grid.Pos {
	out := make([]grid.Pos, w.Tiles)
	p := w.Start
	for i := range out {
		out[i] = p
		p = p.Add(w.Dir)
	}
	return out
}

// DirName is "across" or "down".
func (w Word) DirName() string { return dirName(w.Dir) }

func dirName(d grid.Pos) string {
	if d == grid.Down {
		return "down"
	}
	return "across"
}

// MarshalJSON writes {"word":"CAT","score":6,"stacked":false,"row":4,"col":3,"dir":"across"}.
func (w Word) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Word    string `json:"word"`
		Score   int    `json:"score"`
		Stacked bool   `json:"stacked"`
		Row     int    `json:"row"`
		Col     int    `json:"col"`
		Dir     string `json:"dir"`
	}{w.Word, w.Score, w.Stacked, w.Start.Row, w.Start.Col, w.DirName()})
}

// Move is a legal turn: what was placed, the words it formed or changed,
// and its points.
type Move struct {
	Placed []Placement `json:"placed"` // in reading order along the line
	Words  []Word      `json:"words"`  // the word along the line first, then the cross words
	Bonus  int         `json:"bonus"`  // 20 for all seven tiles, else 0
	Score  int         `json:"score"`  // sum of the words' points plus Bonus
	First  bool        `json:"first"`  // the first turn of the game (the board was empty)
}

// RackPenalty is the end-of-game adjustment for a player with tilesLeft
// tiles still on the rack: -5 per tile (0 or less).
func RackPenalty(tilesLeft int) int {
	if tilesLeft <= 0 {
		return 0
	}
	return -RackPenaltyPerTile * tilesLeft
}
