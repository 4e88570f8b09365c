package upwords

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Judge works out the turn that turned before into after, checks it against
// the rules, and scores it. An illegal turn returns a *Rejection (use
// errors.As); boards of the wrong size or unknown rules return an error
// wrapping ErrBoardSize, ErrEdition or ErrNilBoard. The boards are not
// changed.
func (r Rules) Judge(before, after *grid.Board) (Move, error) {
	if err := r.Check(); err != nil {
		return Move{}, err
	}
	if before == nil || after == nil {
		return Move{}, ErrNilBoard
	}
	n := r.Size()
	for _, b := range []struct {
		name  string
		board *grid.Board
	}{{"before", before}, {"after", after}} {
		if b.board.Rows != n || b.board.Cols != n {
			return Move{}, fmt.Errorf("%w: the %dx%d edition needs a %dx%d board, the board %s the turn is %dx%d",
				ErrBoardSize, n, n, n, n, b.name, b.board.Rows, b.board.Cols)
		}
	}

	// 1. Derive the placement; removed_tile on the way.
	var placed []Placement
	first := true
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			p := grid.Pos{Row: row, Col: col}
			b, a := before.At(p), after.At(p)
			if !b.Empty() {
				first = false
			}
			switch {
			case a.Height < b.Height && a.Empty():
				return Move{}, reject(RemovedTile, p, "%s was taken off the board; tiles may not be removed", tileName(b))
			case a.Height < b.Height:
				return Move{}, reject(RemovedTile, p, "the stack went down from %d to %d high; tiles may not be removed", b.Height, a.Height)
			case a.Height == b.Height && a.Letter != b.Letter:
				return Move{}, reject(RemovedTile, p, "%s became %s but the stack did not grow; tiles may not be moved or swapped", b.Letter, a.Letter)
			case a.Height > b.Height:
				placed = append(placed, Placement{Pos: p, Letter: a.Letter, Height: a.Height})
			}
		}
	}

	// 2-5. What is wrong with one square.
	if len(placed) == 0 {
		return Move{}, reject(NoChange, NoPos, "nothing was placed: the board is the same as before")
	}
	for _, pl := range placed {
		if b := before.At(pl.Pos); pl.Height-b.Height >= 2 && b.Empty() {
			return Move{}, reject(TwoOnStack, pl.Pos, "a stack of %d on an empty square; only one tile may go on a square in a turn", pl.Height)
		} else if pl.Height-b.Height >= 2 {
			return Move{}, reject(TwoOnStack, pl.Pos, "the stack grew from %d to %d high; only one tile may go on a stack in a turn", b.Height, pl.Height)
		}
	}
	for _, pl := range placed {
		if pl.Height > r.maxHeight() {
			return Move{}, reject(TooHigh, pl.Pos, "a stack %d high; a stack may be at most %d tiles high", pl.Height, r.maxHeight())
		}
	}
	for _, pl := range placed {
		if b := before.At(pl.Pos); !b.Empty() && b.Letter == pl.Letter {
			return Move{}, reject(SameLetter, pl.Pos, "%s on %s; a tile may not go on the same letter", pl.Letter, b.Letter)
		}
	}

	// 6-8. The shape of the play.
	if len(placed) > MaxTiles {
		return Move{}, reject(TooManyTiles, NoPos, "%d tiles were placed; a turn places at most %d", len(placed), MaxTiles)
	}
	dir, err := line(placed)
	if err != nil {
		return Move{}, err
	}
	// placed is in row-major order, which is reading order along the line.
	lo, hi := placed[0].Pos, placed[len(placed)-1].Pos
	for p := lo; p != hi; p = p.Add(dir) {
		if after.At(p).Empty() {
			return Move{}, reject(Gap, p, "this square is empty; the tiles of a turn must make one unbroken line with the tiles between them")
		}
	}

	// 9-11. How the play meets the board.
	if first {
		centre := false
		for _, pl := range placed {
			if r.isCentre(pl.Pos) {
				centre = true
			}
		}
		if !centre {
			c := r.Centre()
			return Move{}, reject(FirstNotCentre, placed[0].Pos,
				"the first word must cover one of the centre squares (%d,%d) (%d,%d) (%d,%d) (%d,%d)",
				c[0].Row, c[0].Col, c[1].Row, c[1].Col, c[2].Row, c[2].Col, c[3].Row, c[3].Col)
		}
		if len(placed) < 2 {
			return Move{}, reject(FirstTooShort, placed[0].Pos, "a single %s; the first word must have at least two letters", placed[0].Letter)
		}
	} else if !touches(before, placed) {
		return Move{}, reject(NotConnected, placed[0].Pos, "the play neither touches nor stacks on a tile already on the board; every play after the first must join the board")
	}

	words := findWords(after, placed, dir)
	if len(words) == 0 {
		return Move{}, reject(NotConnected, placed[0].Pos, "the tile forms no word of two or more letters")
	}

	// 12. A whole existing word covered.
	if w, ok := coveredWord(before, after, placed); ok {
		return Move{}, reject(CoversWord, w.Start, "the turn covers every letter of %s (%s); at least one letter of a word on the board must stay showing",
			w.Word, w.DirName())
	}

	// 13. A plural by S alone.
	if bases, ok := pluralOnly(before, words); ok {
		w := words[0]
		var plurals []string
		for _, x := range words {
			plurals = append(plurals, x.Word)
		}
		verb := "only adds an S to"
		if len(words) > 1 {
			verb = "only add an S to"
		}
		return Move{}, reject(PluralOnly, w.Squares()[w.Tiles-1], "%s %s %s; a turn may not just make plurals with S",
			strings.Join(plurals, " and "), verb, strings.Join(bases, " and "))
	}

	// 14. The dictionary.
	if r.Dictionary != nil {
		for _, w := range words {
			if !r.Dictionary.Contains(w.Word) {
				return Move{}, reject(NotAWord, w.Start, "%s (%s) is not in the dictionary", w.Word, w.DirName())
			}
		}
	}

	m := Move{Placed: placed, Words: words, First: first}
	for _, w := range words {
		m.Score += w.Score
	}
	if len(placed) == MaxTiles {
		m.Bonus = AllTilesBonus
		m.Score += AllTilesBonus
	}
	return m, nil
}

func tileName(s grid.Stack) string {
	if s.Height == 1 {
		return "the tile " + s.Letter
	}
	return fmt.Sprintf("the stack of %d under %s", s.Height, s.Letter)
}

// line returns the direction of the play: Across when every tile is in one
// row (also for a single tile), Down when every tile is in one column.
func line(placed []Placement) (grid.Pos, error) {
	p0 := placed[0].Pos
	sameRow, sameCol := true, true
	for _, pl := range placed[1:] {
		sameRow = sameRow && pl.Pos.Row == p0.Row
		sameCol = sameCol && pl.Pos.Col == p0.Col
	}
	switch {
	case sameRow:
		return grid.Across, nil
	case sameCol:
		return grid.Down, nil
	}
	// Name two tiles that share neither row nor column.
	var q1, q2 grid.Pos
	found1, found2 := false, false
	for _, pl := range placed[1:] {
		q := pl.Pos
		if q.Row != p0.Row && q.Col != p0.Col {
			q1, q2, found1, found2 = p0, q, true, true
			break
		}
		if !found1 && q.Row != p0.Row {
			q1, found1 = q, true
		}
		if !found2 && q.Col != p0.Col {
			q2, found2 = q, true
		}
	}
	return grid.Pos{}, reject(NotInLine, q2, "this tile and the one at %s are not in one row or column; all the tiles of a turn go in one row or one column", q1)
}

// touches reports whether a play stacks on a tile or lies next to one that
// was on the board before.
func touches(before *grid.Board, placed []Placement) bool {
	for _, pl := range placed {
		if !before.At(pl.Pos).Empty() {
			return true
		}
		for _, d := range [4]grid.Pos{{Row: -1}, {Row: 1}, {Col: -1}, {Col: 1}} {
			if !before.At(pl.Pos.Add(d)).Empty() {
				return true
			}
		}
	}
	return false
}

// run returns the start and length of the maximal run of tiles on b through
// p in direction d (length 0 if p is empty).
func run(b *grid.Board, p, d grid.Pos) (grid.Pos, int) {
	if b.At(p).Empty() {
		return p, 0
	}
	back := grid.Pos{Row: -d.Row, Col: -d.Col}
	start := p
	for q := p.Add(back); !b.At(q).Empty(); q = q.Add(back) {
		start = q
	}
	n := 0
	for q := start; !b.At(q).Empty(); q = q.Add(d) {
		n++
	}
	return start, n
}

// findWords lists every run of two or more letters through a placed square:
// along the play's line first, then across it, each once.
func findWords(after *grid.Board, placed []Placement, dir grid.Pos) []Word {
	var words []Word
	other := grid.Down
	if dir == grid.Down {
		other = grid.Across
	}
	seen := func(start, d grid.Pos) bool {
		for _, w := range words {
			if w.Start == start && w.Dir == d {
				return true
			}
		}
		return false
	}
	for _, d := range [2]grid.Pos{dir, other} {
		for _, pl := range placed {
			start, n := run(after, pl.Pos, d)
			if n < 2 || seen(start, d) {
				continue
			}
			words = append(words, scoreWord(after, start, d, n))
		}
	}
	return words
}

// scoreWord reads and scores the word of n tiles from start in direction d.
func scoreWord(b *grid.Board, start, d grid.Pos, n int) Word {
	w := Word{Start: start, Dir: d, Tiles: n}
	var sb strings.Builder
	sum := 0
	p := start
	for i := 0; i < n; i++ {
		s := b.At(p)
		sb.WriteString(s.Spelling())
		sum += s.Height
		if s.Height > 1 {
			w.Stacked = true
		}
		if s.Letter == "Qu" {
			w.Qu = true
		}
		p = p.Add(d)
	}
	w.Word = sb.String()
	if w.Stacked {
		w.Score = sum
	} else {
		w.Score = 2 * n
		if w.Qu {
			w.Score += QuBonus
		}
	}
	return w
}

// coveredWord finds a word of the board before the turn (a run of two or
// more) every square of which got a new tile this turn.
func coveredWord(before, after *grid.Board, placed []Placement) (Word, bool) {
	isPlaced := func(p grid.Pos) bool {
		i := sort.Search(len(placed), func(i int) bool {
			q := placed[i].Pos
			return q.Row > p.Row || (q.Row == p.Row && q.Col >= p.Col)
		})
		return i < len(placed) && placed[i].Pos == p
	}
	for _, pl := range placed {
		if before.At(pl.Pos).Empty() {
			continue
		}
		for _, d := range [2]grid.Pos{grid.Across, grid.Down} {
			start, n := run(before, pl.Pos, d)
			if n < 2 {
				continue
			}
			all := true
			for i, p := 0, start; i < n; i, p = i+1, p.Add(d) {
				if !isPlaced(p) {
					all = false
					break
				}
			}
			if all {
				return scoreWord(before, start, d, n), true
			}
		}
	}
	return Word{}, false
}

// pluralOnly reports whether every word is an existing word plus one S on
// a square that was empty, the existing word not ending in S, and returns
// those existing words.
func pluralOnly(before *grid.Board, words []Word) ([]string, bool) {
	var bases []string
	for _, w := range words {
		b, ok := pluralOf(before, w)
		if !ok {
			return nil, false
		}
		bases = append(bases, b)
	}
	return bases, true
}

func pluralOf(before *grid.Board, w Word) (string, bool) {
	if w.Tiles < 3 {
		return "", false
	}
	sq := w.Squares()
	last := sq[len(sq)-1]
	if !before.At(last).Empty() || w.Word[len(w.Word)-1] != 'S' {
		return "", false
	}
	// The rest must be exactly a run that stood before, untouched: the
	// run of the board before through the first square starts at the
	// word's start and ends just before the S.
	start, n := run(before, w.Start, w.Dir)
	if start != w.Start || n != w.Tiles-1 {
		return "", false
	}
	base := w.Word[:len(w.Word)-1]
	if strings.HasSuffix(base, "S") {
		return "", false
	}
	// Untouched: a square of the base that got a tile this turn shows a
	// different letter now (a tile never goes on the same letter).
	var sb strings.Builder
	for _, p := range sq[:len(sq)-1] {
		sb.WriteString(before.At(p).Spelling())
	}
	if sb.String() != base {
		return "", false
	}
	return base, true
}
