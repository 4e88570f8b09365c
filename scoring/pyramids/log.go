package pyramids

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Log is a game as written down: the players, the set-up board and the
// turns with the boards the camera saw.
type Log struct {
	Name      string
	Players   []Colour
	First     Colour // given by a "first" line, NoColour when the rule decides
	Start     *Board
	StartLine int
	Entries   []Entry
}

// Entry is one line of a log's play.
type Entry struct {
	Line      int
	Kind      string // "turn", "challenge", "forfeit"
	Player    Colour
	Word      string // "turn": the announced word, "" to find it
	Announced *Board // "turn": the board at the announcement
	Taken     *Board // "turn": the board after the taking (nil if the word was not taken)
}

// ReadLog reads a game log:
//
//	# comments and blank lines are ignored
//	players red green blue       the colours playing (default: all four)
//	first blue                   optional: who goes first, when the board
//	                             cannot break a tie (lower layers unknown)
//	start                        the set-up board follows as | rows
//	| .  .  rA5 ...
//	turn green DOG               the board at the announcement follows;
//	| ...                        the word may be left out
//	taken                        the board after the taking follows
//	| ...
//	challenge red                red challenged the last word
//	forfeit blue                 blue could not complete a word
//
// Board rows are the board text format after a '|'. Errors are
// *grid.ParseError naming the line (and cell).
func ReadLog(r io.Reader, name string) (*Log, error) {
	l := &Log{Name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), grid.MaxLine)
	line := 0
	var rows strings.Builder
	var target **Board
	targetLine, firstRow, written, boardRows := 0, 0, 0, 0
	perr := func(ln int, format string, a ...any) error {
		return &grid.ParseError{File: name, Line: ln, Msg: fmt.Sprintf(format, a...)}
	}
	flush := func() error {
		if target == nil {
			return nil
		}
		if rows.Len() == 0 {
			return perr(targetLine, "the board is missing: write its 10 rows as lines starting with |")
		}
		b, err := Parse(strings.NewReader(rows.String()), name)
		if err != nil {
			var pe *grid.ParseError
			if errors.As(err, &pe) {
				pe.Line += firstRow - 1 // Parse counted the rows from 1
			}
			return err
		}
		*target = b
		target = nil
		rows.Reset()
		return nil
	}
	expect := func(t **Board, ln int) {
		target, targetLine, firstRow, written, boardRows = t, ln, 0, 0, 0
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		if rest, ok := strings.CutPrefix(strings.TrimLeft(text, " \t"), "|"); ok {
			if target == nil {
				return nil, perr(line, "a board row where no board is expected (after start, turn or taken)")
			}
			if firstRow == 0 {
				firstRow = line
			}
			if boardRows++; boardRows > Size {
				return nil, perr(line, "more than %d rows in a board", Size)
			}
			// Keep line numbers: pad with the blank lines in between.
			for ; written+firstRow < line; written++ {
				rows.WriteByte('\n')
			}
			rows.WriteString(rest + "\n")
			written++
			continue
		}
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if err := flush(); err != nil {
			return nil, err
		}
		switch f[0] {
		case "players":
			if l.Players != nil || len(l.Entries) > 0 {
				return nil, perr(line, "players must come once, before the turns")
			}
			for _, s := range f[1:] {
				c, ok := ParseColour(s)
				if !ok || !c.IsPlayer() {
					return nil, perr(line, "%q is not a player colour (red, blue, green, yellow)", s)
				}
				l.Players = append(l.Players, c)
			}
		case "first":
			if len(f) != 2 || l.First != NoColour || len(l.Entries) > 0 {
				return nil, perr(line, "first COLOUR: once, before the turns")
			}
			c, ok := ParseColour(f[1])
			if !ok || !c.IsPlayer() {
				return nil, perr(line, "%q is not a player colour (red, blue, green, yellow)", f[1])
			}
			l.First = c
		case "start":
			if l.Start != nil {
				return nil, perr(line, "start given twice")
			}
			l.StartLine = line
			expect(&l.Start, line)
		case "turn", "challenge", "forfeit":
			if l.Start == nil {
				return nil, perr(line, "%s before the start board", f[0])
			}
			if len(f) < 2 {
				return nil, perr(line, "%s: name the player's colour", f[0])
			}
			c, ok := ParseColour(f[1])
			if !ok || !c.IsPlayer() {
				return nil, perr(line, "%q is not a player colour (red, blue, green, yellow)", f[1])
			}
			e := Entry{Line: line, Kind: f[0], Player: c}
			switch {
			case f[0] == "turn" && len(f) > 3, f[0] != "turn" && len(f) > 2:
				return nil, perr(line, "unexpected %q", f[len(f)-1])
			case f[0] == "turn" && len(f) == 3:
				e.Word = f[2]
			}
			l.Entries = append(l.Entries, e)
			if f[0] == "turn" {
				expect(&l.Entries[len(l.Entries)-1].Announced, line)
			}
		case "taken":
			if len(l.Entries) == 0 || l.Entries[len(l.Entries)-1].Kind != "turn" || l.Entries[len(l.Entries)-1].Taken != nil {
				return nil, perr(line, "taken must follow a turn's board")
			}
			expect(&l.Entries[len(l.Entries)-1].Taken, line)
		default:
			return nil, perr(line, "unknown line %q: want players, first, start, turn, taken, challenge, forfeit or a | board row", f[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, perr(line+1, "%s", grid.LineError(err))
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if l.Start == nil {
		return nil, perr(line, "no start board")
	}
	if l.Players == nil {
		l.Players = append([]Colour(nil), PlayerColours...)
	}
	return l, nil
}

// TurnError is an entry of a log that could not be played.
type TurnError struct {
	File string
	Line int
	Err  error
}

func (e *TurnError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e *TurnError) Unwrap() error { return e.Err }

// Replay plays a log. A word the rules reject is part of the game (the
// speller loses the turn) and is in the game's History; Replay stops with a
// *TurnError only when an entry cannot be played at all: out of turn, after
// the end, an ambiguous word, a taken board that does not match.
func Replay(setup *Setup, l *Log, dict Dictionary) (*Game, error) {
	g, err := NewGameFirst(setup, l.Start, l.Players, l.First)
	if err != nil {
		return nil, &TurnError{File: l.Name, Line: l.StartLine, Err: err}
	}
	for _, e := range l.Entries {
		var err error
		switch e.Kind {
		case "challenge":
			err = g.Challenge(e.Player)
		default:
			if g.Over() {
				err = reject(CodeGameOver, "the game is over: %s has no pyramids left", g.Ended)
				break
			}
			if e.Player != g.ToPlay() {
				err = reject(CodeNotYourTurn, "it is %s's turn, not %s's", g.ToPlay(), e.Player)
				break
			}
			if e.Kind == "forfeit" {
				err = g.Forfeit()
				break
			}
			_, err = g.Play(e.Announced, e.Taken, e.Word, dict)
			var rej *Rejection
			if errors.As(err, &rej) && rej.Code != CodeBadTake && rej.Code != CodeGameOver {
				err = nil // the word was refused: the speller lost the turn
			}
		}
		if err != nil {
			return g, &TurnError{File: l.Name, Line: e.Line, Err: err}
		}
	}
	return g, nil
}
