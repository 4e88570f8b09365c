package lexicon

import (
	"fmt"
	"math"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
)

// Seen is a tile the camera found on the table.
type Seen struct {
	// Letter is "A".."Z", or "?" when it was not read.
	Letter string
	Conf   float64
	// X and Y are its centre in the photo, in pixels.
	X, Y float64
	// Row and Col are its square on the lattice fitted to its seat's
	// tiles, the photo's way up; Row < 0 when it fits no square (it
	// counts as lying apart).
	Row, Col int
}

// SeatOf is the seat whose side of the table is nearest the point (x, y)
// of a w x h photo (south the bottom edge, north the top, west the left,
// east the right), measured in the photo's own proportions.
func SeatOf(sides []Side, x, y, w, h float64) int {
	u, v := x/w, y/h
	best, bd := 0, math.Inf(1)
	for i, s := range sides {
		var d float64
		switch s {
		case South:
			d = 1 - v
		case North:
			d = v
		case West:
			d = u
		case East:
			d = 1 - u
		}
		if d < bd {
			best, bd = i, d
		}
	}
	return best
}

// turn takes a square of the photo's lattice to the lattice as the player
// at side sees it (rows down towards them, columns to their right).
func turn(side Side, row, col int) (int, int) {
	switch side {
	case North:
		return -row, -col
	case West:
		return -col, row
	case East:
		return col, -row
	}
	return row, col
}

// ErrTooBig is a crossword larger than its area on the page.
type ErrTooBig struct {
	Seat       int
	Rows, Cols int
}

func (e *ErrTooBig) Error() string {
	return fmt.Sprintf("seat %d's crossword spans %dx%d squares: the table keeps at most %dx%d", e.Seat+1, e.Rows, e.Cols, CrossRows, Cols)
}

// placeArea writes seat s's tiles into p's cells (and their confidence
// into conf): the largest piece of tiles joined edge to edge, turned to
// the seat's side, is the crossword, put where it shares the most letters
// with the crossword as it stood (centred when it shares none); the other
// tiles go to the loose rows in the player's reading order. It returns
// how many of the crossword's letters matched the one that stood.
func placeArea(p Position, conf [][]float64, s int, side Side, tiles []Seen, standing Position) (int, error) {
	type sq struct {
		pos    grid.Pos
		letter byte
		conf   float64
	}
	at := map[grid.Pos]sq{}
	var apart []sq
	for _, t := range tiles {
		ch := byte(Unread)
		if len(t.Letter) == 1 && t.Letter[0] >= 'A' && t.Letter[0] <= 'Z' {
			ch = t.Letter[0]
		}
		c := t.Conf
		if ch == Unread {
			c = 0
		}
		if t.Row < 0 {
			apart = append(apart, sq{grid.Pos{Row: 1 << 20, Col: len(apart)}, ch, c})
			continue
		}
		r, cc := turn(side, t.Row, t.Col)
		q := grid.Pos{Row: r, Col: cc}
		if old, dup := at[q]; dup {
			apart = append(apart, old)
		}
		at[q] = sq{q, ch, c}
	}
	// The largest piece.
	seen := map[grid.Pos]bool{}
	var piece []grid.Pos
	for _, start := range sortedKeys(at) {
		if seen[start] {
			continue
		}
		cur := []grid.Pos{start}
		seen[start] = true
		for i := 0; i < len(cur); i++ {
			for _, d := range [4]grid.Pos{{Row: -1}, {Row: 1}, {Col: -1}, {Col: 1}} {
				q := cur[i].Add(d)
				if _, ok := at[q]; ok && !seen[q] {
					seen[q] = true
					cur = append(cur, q)
				}
			}
		}
		if len(cur) > len(piece) {
			piece = cur
		}
	}
	if len(piece) < 2 {
		piece = nil
	}
	inPiece := map[grid.Pos]bool{}
	for _, q := range piece {
		inPiece[q] = true
	}
	for _, q := range sortedKeys(at) {
		if !inPiece[q] {
			apart = append(apart, at[q])
		}
	}
	top := s * AreaRows
	matched := 0
	if len(piece) > 0 {
		minR, minC, maxR, maxC := piece[0].Row, piece[0].Col, piece[0].Row, piece[0].Col
		for _, q := range piece {
			minR, minC = min(minR, q.Row), min(minC, q.Col)
			maxR, maxC = max(maxR, q.Row), max(maxC, q.Col)
		}
		h, w := maxR-minR+1, maxC-minC+1
		if h > CrossRows || w > Cols {
			return 0, &ErrTooBig{Seat: s, Rows: h, Cols: w}
		}
		// Where it stood: the shift that matches the most letters, the
		// nearest the centre among equals.
		cr, cc := (CrossRows-h)/2-minR, (Cols-w)/2-minC
		bestR, bestC, bestN, bestD := cr, cc, 0, 0
		for dr := -minR; dr+maxR < CrossRows; dr++ {
			for dc := -minC; dc+maxC < Cols; dc++ {
				n := 0
				for _, q := range piece {
					if ch := standing.at(top+q.Row+dr, q.Col+dc); ch != 0 && ch == at[q].letter {
						n++
					}
				}
				d := abs(dr-cr) + abs(dc-cc)
				if n > bestN || n == bestN && n > 0 && d < bestD {
					bestR, bestC, bestN, bestD = dr, dc, n, d
				}
			}
		}
		matched = bestN
		for _, q := range piece {
			row, col := top+q.Row+bestR, q.Col+bestC
			p.cells[row*Cols+col] = at[q].letter
			conf[row][col] = at[q].conf
		}
	}
	for i, t := range apart {
		if i >= LooseRows*Cols {
			break // more than the loose rows hold: the rest go uncounted
		}
		row, col := top+CrossRows+i/Cols, i%Cols
		p.cells[row*Cols+col] = t.letter
		conf[row][col] = t.conf
	}
	return matched, nil
}

func sortedKeys[V any](m map[grid.Pos]V) []grid.Pos {
	out := make([]grid.Pos, 0, len(m))
	for q := range m {
		out = append(out, q)
	}
	seatOrder(out)
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TableReading builds the table from the tiles a photo shows: each tile
// goes to its seat (by), and each seat's tiles are placed as the player
// sees them (placeArea). conf is the reading's confidence, rows x cols.
func TableReading(sides []Side, tiles []Seen, by []int, standing Position) (Position, [][]float64, error) {
	p := NewPosition(len(sides))
	conf := newConf(p)
	perSeat := make([][]Seen, len(sides))
	for i, t := range tiles {
		if s := by[i]; s >= 0 && s < len(sides) {
			perSeat[s] = append(perSeat[s], t)
		}
	}
	for s, side := range sides {
		if _, err := placeArea(p, conf, s, side, perSeat[s], standing); err != nil {
			return Position{}, nil, err
		}
	}
	return p, conf, nil
}

// newConf is a table's confidence, every cell sure.
func newConf(p Position) [][]float64 {
	rows, _ := p.Size()
	conf := make([][]float64, rows)
	for r := range conf {
		conf[r] = make([]float64, Cols)
		for c := range conf[r] {
			conf[r][c] = 1
		}
	}
	return conf
}

// OwnArea says whether a photo is a player's phone photo of their own area
// rather than of the whole table, and whose: its tiles all went to one
// seat while another seat's crossword, standing on the table, is not in
// it. The player took it from their seat, so it reads the photo's way up;
// it is the seat whose standing crossword it shares the most letters with,
// at least half of them (else the seat its tiles lay nearest).
func OwnArea(sides []Side, tiles []Seen, by []int, standing Position) (int, bool) {
	if len(tiles) == 0 || standing.seats != len(sides) {
		return 0, false
	}
	s0 := by[0]
	for _, s := range by {
		if s != s0 {
			return 0, false
		}
	}
	missing := false
	for s := range sides {
		missing = missing || s != s0 && standing.Area(s).Cross != nil
	}
	if !missing {
		return 0, false
	}
	best, bestN := s0, 0
	for s := range sides {
		cross := standing.Area(s).Cross
		if cross == nil {
			continue
		}
		scratch := NewPosition(len(sides))
		n, err := placeArea(scratch, newConf(scratch), s, South, tiles, standing)
		// At least half the standing crossword: a few letters in common
		// are chance.
		if err == nil && n > bestN && 2*n >= cross.Tiles() {
			best, bestN = s, n
		}
	}
	return best, true
}

// AreaReading is the table as it stands with seat s's area as a photo of
// it alone shows it (taken from the seat: the photo's way up is the
// player's). The other areas are as they stand, sure.
func AreaReading(sides []Side, s int, tiles []Seen, standing Position) (Position, [][]float64, error) {
	p := NewPosition(len(sides))
	if standing.seats == len(sides) {
		copy(p.cells, standing.cells)
	}
	lo, hi := s*AreaRows*Cols, (s+1)*AreaRows*Cols
	clear(p.cells[lo:hi])
	conf := newConf(p)
	if _, err := placeArea(p, conf, s, South, tiles, standing); err != nil {
		return Position{}, nil, err
	}
	return p, conf, nil
}

// Reconcile keeps the letter of every tile of a crossword that stays where
// it lay: a tile does not change its letter in place (a player who swaps
// one tile for another on the same square taps it), and a letter the
// camera reads differently from one photo to the next, or one the table
// corrected, would otherwise make every photo a new turn. A tile read as
// unread where a tile lay takes its letter too. The tiles lying apart move
// about: while there are as many as before, they are the ones before.
func (r *Rules) Reconcile(standing game.Position, _ []game.Sighting, rd game.Reading) (game.Reading, int) {
	b, err1 := r.pos(standing)
	a, err2 := r.pos(rd.Board)
	if err1 != nil || err2 != nil {
		return rd, 0
	}
	out := Position{seats: a.seats, cells: append([]byte(nil), a.cells...)}
	n := 0
	for s := range a.seats {
		if ab, aa := apartOf(b, s), apartOf(a, s); len(ab) == len(aa) && ab != aa {
			// As many tiles apart as before: the same tiles, however read
			// and in whatever order the photo found them.
			lo, hi := (s*AreaRows+CrossRows)*Cols, (s+1)*AreaRows*Cols
			copy(out.cells[lo:hi], b.cells[lo:hi])
			n++
		}
		for row := s * AreaRows; row < s*AreaRows+CrossRows; row++ {
			for col := range Cols {
				was, now := b.at(row, col), a.at(row, col)
				if was != 0 && was != Unread && now != 0 && now != was {
					out.cells[row*Cols+col] = was
					n++
				}
			}
		}
	}
	if n == 0 {
		return rd, 0
	}
	rd.Board = out
	return rd, n
}

// apartOf is seat s's tiles lying apart, in the order of its loose rows.
func apartOf(p Position, s int) string {
	var b []byte
	for row := s*AreaRows + CrossRows; row < (s+1)*AreaRows; row++ {
		for col := range Cols {
			if ch := p.at(row, col); ch != 0 {
				b = append(b, ch)
			}
		}
	}
	return string(b)
}
