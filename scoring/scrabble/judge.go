package scrabble

import (
	"strconv"
	"strings"
)

// Rules are the settings of a Scrabble referee.
type Rules struct {
	// Dictionary checks the words a turn forms; nil accepts every word
	// (the words then stand until challenged: see Game).
	Dictionary Dictionary
	// Names, when Dictionary is nil, names the blanks placed as "*" where
	// some letters make every word a word, and refuses nothing: a blank
	// no letter fits stays "*" until a challenge.
	Names Dictionary
}

// Placement is one tile placed this turn.
type Placement struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Letter string `json:"letter"` // "A".."Z"; "*" for a blank whose letter is unknown
	Blank  bool   `json:"blank"`
}

// Word is one word the turn formed, with its points.
type Word struct {
	Word  string `json:"word"` // upper case; a blank spells its letter
	Score int    `json:"score"`
	Row   int    `json:"row"` // its first square
	Col   int    `json:"col"`
	Dir   string `json:"dir"` // "across" or "down"
	// How shows the sum: "B3x2 E1 N1 D2 S1 = 11, x2 = 22".
	How string `json:"how"`
}

// Move is a legal turn: the tiles placed, the words formed (the word along
// the play first, then the cross words in reading order), the bingo bonus
// and the turn's score.
type Move struct {
	Placed []Placement
	Words  []Word
	Bonus  int
	Score  int
	// First is set on the game's first play.
	First bool
	// Named is set when the letter of a blank placed as "*" was worked out
	// from the dictionary (the only letter, or the first in the alphabet,
	// that makes every word a word).
	Named bool
}

// At is the placement's square.
func (p Placement) At() Pos { return Pos{p.Row, p.Col} }

// sameTile: a and b are the same physical tile; a blank of unknown letter
// matches any blank.
func sameTile(a, b Tile) bool {
	if a.Blank && b.Blank && (a.Letter == Unknown || b.Letter == Unknown) {
		return true
	}
	return a == b
}

// Judge works out the turn that turned before into after, checks it
// against RULES.md and scores it. A refused turn returns a *Rejection (use
// errors.As). A blank on before that after shows as "*" keeps its letter.
// The boards are not changed.
func (r Rules) Judge(before, after *Board) (Move, error) {
	if before == nil || after == nil {
		return Move{}, ErrNilBoard
	}
	// 1-2. What happened on each square.
	var placed []Pos
	first := before.Count() == 0
	board := *after
	for row := range Size {
		for col := range Size {
			p := Pos{row, col}
			b, a := before.At(p), after.At(p)
			switch {
			case b.Empty() && a.Empty():
			case b.Empty():
				placed = append(placed, p)
			case a.Empty():
				return Move{}, reject(RemovedTile, p, "%s was taken off the board; a tile once played stays", b.Name())
			case !sameTile(a, b):
				return Move{}, reject(ChangedTile, p, "%s became %s; a tile once played may not be changed or swapped", b.Name(), a.Name())
			case b.Letter == Unknown:
				// after names the blank's letter
			default:
				board[row][col] = b // a blank keeps its letter
			}
		}
	}
	// 3-6. The shape of the play.
	if len(placed) == 0 {
		return Move{}, reject(NoChange, NoPos, "no tile was placed: the board is the same as before")
	}
	if len(placed) > MaxTiles {
		return Move{}, reject(TooManyTiles, placed[MaxTiles], "%d tiles placed; a turn places at most %d (a rack holds %d)", len(placed), MaxTiles, RackSize)
	}
	dir := Across
	for _, p := range placed[1:] {
		if p.Row != placed[0].Row {
			dir = Down
		}
	}
	if dir == Down {
		for _, p := range placed[1:] {
			if p.Col != placed[0].Col {
				return Move{}, reject(NotInLine, p, "%s is not in the row or the column of %s at %v; all the tiles of a turn go in one row or one column",
					board.At(p).Name(), board.At(placed[0]).Name(), placed[0])
			}
		}
	}
	last := placed[len(placed)-1]
	for p := placed[0]; p != last; p = p.add(dir) {
		if board.At(p).Empty() {
			return Move{}, reject(Gap, p, "an empty square between the tiles placed; the tiles of a turn and those they join make one unbroken line")
		}
	}
	// 7-9. How the play meets the board.
	if first {
		covers := false
		for _, p := range placed {
			covers = covers || p == Centre
		}
		if !covers {
			return Move{}, reject(FirstNotCentre, placed[0], "the first word must cover the centre square (row 7, column 7)")
		}
		if len(placed) < 2 {
			return Move{}, reject(FirstTooShort, placed[0], "the first word has only one tile; it needs at least two")
		}
	} else {
		touches := false
		for _, p := range placed {
			for _, d := range []Pos{Across, Down} {
				for _, q := range []Pos{p.add(d), p.sub(d)} {
					touches = touches || !before.At(q).Empty()
				}
			}
		}
		if !touches {
			return Move{}, reject(NotConnected, placed[0], "the play does not join the tiles on the board; a word must touch or cross one already played")
		}
	}
	// 10. No more tiles of a letter than the set holds.
	if err := inSet(&board); err != nil {
		return Move{}, err
	}

	// The words: along the play, then across it through each new tile.
	isNew := map[Pos]bool{}
	for _, p := range placed {
		isNew[p] = true
	}
	var runs []Run
	if main := board.runAt(placed[0], dir); main.Len >= 2 {
		runs = append(runs, main)
	}
	cross := Pos{dir.Col, dir.Row}
	for _, p := range placed {
		if run := board.runAt(p, cross); run.Len >= 2 {
			runs = append(runs, run)
		}
	}
	if len(runs) == 0 {
		// One tile with no neighbour: ruled out above (first_too_short,
		// not_connected); kept as a guard.
		return Move{}, reject(NotConnected, placed[0], "the tile forms no word")
	}

	// Blanks placed with no letter named: the letters that make every
	// word a word.
	named := false
	namer := r.Dictionary
	if namer == nil {
		namer = r.Names
	}
	if namer != nil {
		var unknown []Pos
		seen := map[Pos]bool{}
		for _, run := range runs {
			for _, p := range run.Squares() {
				if board.At(p).Letter == Unknown && !seen[p] {
					seen[p] = true
					unknown = append(unknown, p)
				}
			}
		}
		if len(unknown) > 0 {
			switch {
			case nameBlanks(&board, unknown, runs, namer):
				named = true
			case r.Dictionary != nil:
				return Move{}, reject(NotAWord, unknown[0], "no letter for the blank makes a word of %s", runs[0].Text(&board))
			}
		}
	}

	m := Move{First: first, Named: named}
	for _, p := range placed {
		t := board.At(p)
		m.Placed = append(m.Placed, Placement{Row: p.Row, Col: p.Col, Letter: string(t.Letter), Blank: t.Blank})
	}
	for _, run := range runs {
		w := run.Text(&board)
		if r.Dictionary != nil && !r.Dictionary.Contains(w) {
			return Move{}, reject(NotAWord, run.Start, "%s is not in the dictionary", w)
		}
		score, how := scoreRun(&board, run, isNew)
		d := "across"
		if run.Dir == Down {
			d = "down"
		}
		m.Words = append(m.Words, Word{Word: w, Score: score, Row: run.Start.Row, Col: run.Start.Col, Dir: d, How: how})
		m.Score += score
	}
	if len(placed) == MaxTiles {
		m.Bonus = Bingo
		m.Score += Bingo
	}
	return m, nil
}

// scoreRun is a word's points: each letter's value times the letter
// premium under it if the tile is new, summed, times the word premiums
// under the new tiles; and the sum written out.
func scoreRun(b *Board, run Run, isNew map[Pos]bool) (int, string) {
	sum, factor := 0, 1
	var how strings.Builder
	for i, p := range run.Squares() {
		t := b.At(p)
		v := t.Value()
		if i > 0 {
			how.WriteByte(' ')
		}
		how.WriteString(t.String())
		if t.Blank {
			how.WriteString("(blank)")
		}
		how.WriteString(itoa(v))
		if isNew[p] {
			prem := PremiumAt(p)
			if lf := prem.LetterFactor(); lf > 1 {
				how.WriteString("x" + itoa(lf))
				v *= lf
			}
			factor *= prem.WordFactor()
		}
		sum += v
	}
	how.WriteString(" = " + itoa(sum))
	if factor > 1 {
		how.WriteString(", x" + itoa(factor) + " = " + itoa(sum*factor))
	}
	return sum * factor, how.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

// nameBlanks gives the blanks at unknown the first letters, in alphabetical
// order, that make every run through them a word. It reports whether there
// are such letters.
func nameBlanks(b *Board, unknown []Pos, runs []Run, d Dictionary) bool {
	if len(unknown) == 0 {
		for _, run := range runs {
			if !d.Contains(run.Text(b)) {
				return false
			}
		}
		return true
	}
	p := unknown[0]
	for ch := byte('A'); ch <= 'Z'; ch++ {
		b[p.Row][p.Col] = Tile{Letter: ch, Blank: true}
		if partialOK(b, runs, d) && nameBlanks(b, unknown[1:], runs, d) {
			return true
		}
	}
	b[p.Row][p.Col] = Tile{Letter: Unknown, Blank: true}
	return false
}

// partialOK: every run with no unknown letter left is a word.
func partialOK(b *Board, runs []Run, d Dictionary) bool {
	for _, run := range runs {
		w := run.Text(b)
		if strings.IndexByte(w, Unknown) < 0 && !d.Contains(w) {
			return false
		}
	}
	return true
}

// inSet refuses a board with more tiles of a letter, or more blanks, than
// the set holds (usually a misread).
func inSet(b *Board) error {
	var count [256]int
	blanks := 0
	for r := range Size {
		for c := range Size {
			switch t := b[r][c]; {
			case t.Blank:
				blanks++
				if blanks > Blanks {
					return reject(NotInSet, Pos{r, c}, "a %s blank on the board; the set has only %d", ordinal(blanks), Blanks)
				}
			case !t.Empty():
				count[t.Letter]++
				if count[t.Letter] > LetterCount(t.Letter) {
					return reject(NotInSet, Pos{r, c}, "a %s %c on the board; the set has only %d (write a blank as its letter in lower case)",
						ordinal(count[t.Letter]), t.Letter, LetterCount(t.Letter))
				}
			}
		}
	}
	return nil
}

func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return itoa(n) + "th"
	case n%10 == 1:
		return itoa(n) + "st"
	case n%10 == 2:
		return itoa(n) + "nd"
	case n%10 == 3:
		return itoa(n) + "rd"
	}
	return itoa(n) + "th"
}
