package twists

import (
	"context"
	"errors"
	"fmt"
	"image"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/twists"
	"github.com/tilescope/tilescope/vision/loose"
)

// reader reads photos of the table: vision/loose on a lattice, with the
// tile classifier of the set's language only (an English table is never
// read as Cyrillic: CAT stays CAT, not САТ).
type reader = photo.Tool[loose.Reader]

func (r *Rules) newReader() (loose.Reader, error) { return SetReader(r.alpha) }

// SetReader is the tile reader of a set's alphabet: the Russian classifier
// for a Russian set; for an English set the English one, with the Russian
// one asked about the action tiles only (`scan --game twists --set`).
func SetReader(alpha twists.Alphabet) (loose.Reader, error) {
	// The Russian model knows the four action tiles; the English one
	// does not, so an English table asks the Russian model about actions
	// only.
	ru, err := ocr.Default(ocr.Russian)
	if err != nil {
		return nil, err
	}
	if alpha == twists.Russian {
		return ru, nil
	}
	en, err := ocr.Default(ocr.English)
	if err != nil {
		return nil, err
	}
	return actionsToo{letters: en, actions: ru}, nil
}

func (r *Rules) makeReader() error { return r.rd.Make(r.newReader) }

// actionsToo reads a tile as a letter of one alphabet, or as an action
// tile when the reader of actions is surer that it is one.
type actionsToo struct{ letters, actions loose.Reader }

func (a actionsToo) Read(tile image.Image) (ocr.Reading, error) {
	l, err := a.letters.Read(tile)
	if err != nil {
		return l, err
	}
	x, err := a.actions.Read(tile)
	if err != nil {
		return l, nil
	}
	if _, ok := twists.ActionByName(x.Letter); ok && x.Conf > l.Conf {
		return x, nil
	}
	return l, nil
}

// OffLattice is a photo whose tiles do not fit the game's lattice: the
// structure has grown past it (or the camera sees another table).
type OffLattice struct{ Rows, Cols, Size int }

func (e OffLattice) Error() string {
	return fmt.Sprintf("the tiles span %d rows and %d columns, more than the %dx%d lattice: start a game with a larger lattice (size 21)", e.Rows, e.Cols, e.Size, e.Size)
}

// Code: the table is out of the game's view.
func (OffLattice) Code() string { return "out_of_view" }

// Read reads a photo: the loose tiles on their fitted lattice, put on the
// game's lattice where they best cover the table as it stands (the first
// word's middle tile on the lattice's middle). A tile the reader could not
// read is left for the table to tap (the set's first letter, sure 0).
// A photo with no tiles is the empty table.
func (r *Rules) Read(ctx context.Context, f game.Frame, standing game.Position) (game.Reading, error) {
	img, err := photo.Image(f)
	if err != nil {
		return game.Reading{}, err
	}
	var scan *loose.Reading
	if uerr := r.rd.Use(r.newReader, func(rd loose.Reader) error {
		scan, err = loose.Scan(img, loose.Options{Reader: rd, Lattice: true, Twists: true})
		return nil
	}); uerr != nil {
		return game.Reading{}, uerr
	}
	st, serr := pos(standing)
	if serr != nil {
		st = r.Empty().(Position)
	}
	if errors.Is(err, loose.ErrNoTiles) {
		return game.Reading{Board: Position{Board: twists.NewBoard(r.size, r.size)}}, nil
	}
	if err != nil {
		return game.Reading{}, photo.Unreadable{Err: err}
	}
	return r.place(scan.Tiles, st.Board)
}

// seen is one tile of a photo on its own lattice.
type seen struct {
	row, col int
	ch       rune
	conf     float64
}

// symbol is a reading's tile in the table's text: an action tile's
// character, a letter of the set; ok false for what the set has not.
func (r *Rules) symbol(letter string) (rune, bool) {
	if a, ok := twists.ActionByName(letter); ok {
		return rune(a), true
	}
	up := strings.ToUpper(letter)
	if up == "QU" {
		up = "Q"
	}
	ch, n := utf8.DecodeRuneInString(up)
	return ch, n == len(up) && r.alpha.Letter(ch)
}

// place puts a photo's tiles on the game's lattice: shifted to where
// they agree best with the tiles of the table as it stands (placeOn); a
// lone tile the shift puts off the lattice is a stray reading and is
// left out. When no shift agrees with half the tiles standing, the new
// tiles are shown unsure (game.Guessed) for the table to tap. On an empty
// table the tile nearest the layout's middle goes on the lattice's
// middle.
func (r *Rules) place(tiles []loose.Tile, standing *twists.Board) (game.Reading, error) {
	var ts []seen
	r0, c0, r1, c1 := 1<<30, 1<<30, -1<<30, -1<<30
	for _, t := range tiles {
		if t.Row < 0 || t.Col < 0 {
			continue
		}
		ch, ok := r.symbol(t.Letter)
		conf := t.Conf
		if !ok {
			// Not read: a tile is there; its letter is the table's to tap.
			ch, conf = r.placeholder(), 0
		}
		ts = append(ts, seen{t.Row, t.Col, ch, conf})
		r0, c0, r1, c1 = min(r0, t.Row), min(c0, t.Col), max(r1, t.Row), max(c1, t.Col)
	}
	size := r.size
	out := twists.NewBoard(size, size)
	conf := make([][]float64, size)
	for i := range conf {
		conf[i] = make([]float64, size)
		for j := range conf[i] {
			conf[i][j] = 1
		}
	}
	if len(ts) == 0 {
		return game.Reading{Board: Position{Board: out}, Conf: conf}, nil
	}
	fits := r1-r0 < size && c1-c0 < size
	var dr, dc int
	if standing.Letters() == 0 && !hasTiles(standing) {
		// The first word: its middle tile on the lattice's middle (the
		// middle by the median, so that a stray tile read far off does
		// not pull it).
		var rs, cs []int
		for _, t := range ts {
			rs, cs = append(rs, t.row), append(cs, t.col)
		}
		slices.Sort(rs)
		slices.Sort(cs)
		mr, mc := float64(rs[(len(rs)-1)/2]+rs[len(rs)/2])/2, float64(cs[(len(cs)-1)/2]+cs[len(cs)/2])/2
		best := -1.0
		for _, t := range ts {
			d := (float64(t.row)-mr)*(float64(t.row)-mr) + (float64(t.col)-mc)*(float64(t.col)-mc)
			if best < 0 || d < best {
				best, dr, dc = d, size/2-t.row, size/2-t.col
			}
		}
		// Keep the layout on the lattice: the sure tiles when an unsure
		// stray one far off would not fit with them.
		kr0, kc0, kr1, kc1 := r0, c0, r1, c1
		if !fits {
			kr0, kc0, kr1, kc1 = 1<<30, 1<<30, -1<<30, -1<<30
			for _, t := range ts {
				if t.conf >= game.Guessed {
					kr0, kc0, kr1, kc1 = min(kr0, t.row), min(kc0, t.col), max(kr1, t.row), max(kc1, t.col)
				}
			}
			if kr1 < kr0 || kr1-kr0 >= size || kc1-kc0 >= size {
				return game.Reading{}, OffLattice{Rows: r1 - r0 + 1, Cols: c1 - c0 + 1, Size: size}
			}
		}
		dr = min(max(dr, -kr0), size-1-kr1)
		dc = min(max(dc, -kc0), size-1-kc1)
	} else {
		var good bool
		dr, dc, good = placeOn(ts, standing, r0, c0, r1, c1)
		if !fits && dropsSure(ts, dr, dc, size) {
			return game.Reading{}, OffLattice{Rows: r1 - r0 + 1, Cols: c1 - c0 + 1, Size: size}
		}
		if !good {
			// No placement agrees with the table as it stands: the new
			// tiles are shown unsure, for the table to tap, rather than
			// taken as read.
			for i, t := range ts {
				if standing.At(twists.Pos{Row: t.row + dr, Col: t.col + dc}) == 0 {
					ts[i].conf = min(t.conf, game.Guessed)
				}
			}
		}
	}
	for _, t := range ts {
		p := twists.Pos{Row: t.row + dr, Col: t.col + dc}
		if !out.In(p) {
			continue // an unsure stray tile off the lattice
		}
		out.Set(p, t.ch)
		conf[p.Row][p.Col] = t.conf
	}
	return game.Reading{Board: Position{Board: out}, Conf: conf}, nil
}

// placeOn is the shift (rows, columns) that puts a photo's tiles (on
// their own lattice, spanning rows r0-r1, columns c0-c1) where they agree
// best with the tiles standing: two for a tile read as it stands, one for
// a tile read otherwise (a misread), less one for each standing tile the
// photo shows nowhere (a tile hidden or missed: tiles do not leave the
// table, so it is unsure, not gone) and less one and its confidence for
// each tile the shift puts off the lattice (a stray reading far off must
// not hold the others away from where they stood). Ties go to the layout
// nearest the lattice's middle. good is false when the best agrees with
// fewer than half the tiles standing.
func placeOn(ts []seen, standing *twists.Board, r0, c0, r1, c1 int) (dr, dc int, good bool) {
	size := standing.Rows
	var old []twists.Pos
	for row := 0; row < standing.Rows; row++ {
		for col := 0; col < standing.Cols; col++ {
			if standing.At(twists.Pos{Row: row, Col: col}) != 0 {
				old = append(old, twists.Pos{Row: row, Col: col})
			}
		}
	}
	at := make(map[[2]int]bool, len(ts))
	for _, t := range ts {
		at[[2]int{t.row, t.col}] = true
	}
	best, bestDist, bestSame := 0.0, 0, 0
	first := true
	// Every shift that puts at least one tile on the lattice.
	for sr := -r1; sr <= size-1-r0; sr++ {
		for sc := -c1; sc <= standing.Cols-1-c0; sc++ {
			score, same := 0.0, 0
			for _, t := range ts {
				p := twists.Pos{Row: t.row + sr, Col: t.col + sc}
				if !standing.In(p) {
					score -= 1 + t.conf
					continue
				}
				switch was := standing.At(p); {
				case was == t.ch:
					score += 2
					same++
				case was != 0:
					score++
				}
			}
			for _, p := range old {
				if !at[[2]int{p.Row - sr, p.Col - sc}] {
					score--
				}
			}
			d := abs(sr+(r0+r1)/2-size/2) + abs(sc+(c0+c1)/2-size/2)
			if first || score > best || score == best && d < bestDist {
				first, best, bestDist, bestSame, dr, dc = false, score, d, same, sr, sc
			}
		}
	}
	return dr, dc, 2*bestSame >= len(old)
}

// dropsSure: the shift puts off the lattice a tile read sure that
// touches another tile of the photo (edge or corner: Twists tiles join
// the structure so): the structure has grown past the lattice. A lone
// tile far off is a stray reading, not the table's.
func dropsSure(ts []seen, dr, dc, size int) bool {
	at := make(map[[2]int]bool, len(ts))
	for _, t := range ts {
		at[[2]int{t.row, t.col}] = true
	}
	for _, t := range ts {
		r, c := t.row+dr, t.col+dc
		if r >= 0 && c >= 0 && r < size && c < size || t.conf < game.Guessed {
			continue
		}
		for i := -1; i <= 1; i++ {
			for j := -1; j <= 1; j++ {
				if (i != 0 || j != 0) && at[[2]int{t.row + i, t.col + j}] {
					return true
				}
			}
		}
	}
	return false
}

func sameSize(a, b Position) bool {
	return a.Board.Rows == b.Board.Rows && a.Board.Cols == b.Board.Cols
}

func hasTiles(b *twists.Board) bool {
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			if b.At(twists.Pos{Row: r, Col: c}) != 0 {
				return true
			}
		}
	}
	return false
}

// placeholder is the letter an unread tile is shown as until it is
// tapped.
func (r *Rules) placeholder() rune {
	if r.alpha == twists.English {
		return 'A'
	}
	return 'А'
}

// Reconcile: tiles on the table never move or go (the rulebook: a tile is
// joined "without changing the position of other tiles"), so every tile
// of the table as it stands is taken as it stands, whatever the photo
// made of it (a misread, a tile under a hand); only the cells that were
// empty are the photo's. A photo read exactly as an earlier one was is
// the same view: it is taken as the table corrected that one (a tile the
// camera misses in every photo stays fixed, and a word withdrawn after a
// challenge whose tiles still lie there is no new turn).
func (r *Rules) Reconcile(standing game.Position, past []game.Sighting, rd game.Reading) (game.Reading, int) {
	s, err1 := pos(standing)
	a, err2 := pos(rd.Board)
	if err1 != nil || err2 != nil || s.Board.Rows != a.Board.Rows || s.Board.Cols != a.Board.Cols {
		return rd, 0
	}
	for i := len(past) - 1; i >= 0; i-- {
		seen, errS := pos(past[i].Seen)
		after, errA := pos(past[i].After)
		if errS != nil || errA != nil || !game.SamePosition(seen, a) {
			continue
		}
		n := 0
		for row := 0; row < a.Board.Rows; row++ {
			for col := 0; col < a.Board.Cols; col++ {
				if a.Cell(row, col) != after.Cell(row, col) {
					n++
				}
			}
		}
		if n > 0 && sameSize(after, a) {
			rd.Board = Position{Board: after.Board}
			return rd, n
		}
		break
	}
	var out *twists.Board
	n := 0
	for row := 0; row < s.Board.Rows; row++ {
		for col := 0; col < s.Board.Cols; col++ {
			p := twists.Pos{Row: row, Col: col}
			was := s.Board.At(p)
			if was == 0 || a.Board.At(p) == was {
				continue
			}
			if out == nil {
				out = a.Board.Clone()
			}
			out.Set(p, was)
			n++
		}
	}
	if out == nil {
		return rd, 0
	}
	rd.Board = Position{Board: out}
	return rd, n
}
