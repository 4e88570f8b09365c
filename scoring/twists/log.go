package twists

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Log is a game as written down: the players in seat order (the first
// plays first), the alphabet and the turns.
type Log struct {
	Name        string
	Players     []string
	PlayersLine int
	Alphabet    Alphabet
	Rows, Cols  int
	Entries     []Entry
}

// Entry is one turn of a log.
type Entry struct {
	Line   int
	Kind   string // "word", "action", "pass"
	Player string
	Word   string
	Gifts  []Gift
	After  *Board // the table after the turn; nil for a pass
}

// ReadLog reads a game log:
//
//	# comments and blank lines are ignored
//	players Аня Борис Вера      seat order, clockwise; the first plays first
//	lang ru                     optional: ru (default) or en; before the turns
//	word Аня ОТКОС              a word; the table after it follows as | rows
//	                            (one space after | is ignored; '.' is empty)
//	| ...........
//	| ...ОТКОС...
//	word Борис СОКОЛ give Аня=1 Вера=1
//	| ...                       a give tile was placed: who gets how many
//	action Вера                 only an action tile placed; | rows follow
//	pass Аня                    a pass (and an exchange)
//
// Every table in a log has the same rows and columns (short rows are padded).
// Errors are *grid.ParseError naming the line.
func ReadLog(r io.Reader, name string) (*Log, error) {
	l := &Log{Name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), grid.MaxLine)
	line := 0
	var cur *Entry
	var rows [][]rune
	perr := func(ln int, format string, a ...any) error {
		return &grid.ParseError{File: name, Line: ln, Msg: fmt.Sprintf(format, a...)}
	}
	finish := func() error {
		if cur == nil {
			return nil
		}
		if cur.Kind == "pass" {
			if len(rows) > 0 {
				return perr(cur.Line, "a pass has no table after it")
			}
		} else {
			b, err := fromRows(rows)
			if err != nil {
				return perr(cur.Line, "%s: the table after the turn is missing: write it as lines starting with |", cur.Kind)
			}
			if l.Rows == 0 {
				l.Rows, l.Cols = b.Rows, b.Cols
			}
			if b.Rows != l.Rows {
				return perr(cur.Line, "the table after this turn has %d rows, the first table %d: every table in a log has the same size", b.Rows, l.Rows)
			}
			if b.Cols != l.Cols { // pad to the first table's width
				if b.Cols > l.Cols {
					return perr(cur.Line, "the table after this turn has %d columns, the first table %d", b.Cols, l.Cols)
				}
				nb := NewBoard(l.Rows, l.Cols)
				for i := 0; i < b.Rows; i++ {
					copy(nb.cells[i*l.Cols:], b.cells[i*b.Cols:(i+1)*b.Cols])
				}
				b = nb
			}
			cur.After = b
		}
		l.Entries = append(l.Entries, *cur)
		cur, rows = nil, nil
		return nil
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.HasPrefix(strings.TrimLeft(text, " \t"), "|") {
			if cur == nil {
				return nil, perr(line, "a table row before any turn")
			}
			_, rowText, _ := strings.Cut(text, "|")
			rowText = strings.TrimPrefix(rowText, " ")
			row, err := parseRow(rowText, l.Alphabet)
			if err != nil {
				err.File, err.Line = name, line
				return nil, err
			}
			if row == nil {
				row = []rune{}
			}
			if len(rows) == MaxSize {
				return nil, perr(line, "more than %d rows in a table", MaxSize)
			}
			rows = append(rows, row)
			continue
		}
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if err := finish(); err != nil {
			return nil, err
		}
		switch f[0] {
		case "players":
			if l.Players != nil {
				return nil, perr(line, "players given twice")
			}
			l.Players, l.PlayersLine = f[1:], line
			if _, ok := Deal[len(l.Players)]; !ok {
				return nil, perr(line, "%d players: the game is for 2, 3 or 4", len(l.Players))
			}
		case "lang":
			if len(f) != 2 || len(l.Entries) > 0 {
				return nil, perr(line, "want lang ru or lang en, before the first turn")
			}
			a, err := ParseAlphabet(f[1])
			if err != nil {
				return nil, perr(line, "%v", err)
			}
			l.Alphabet = a
		case "word", "action", "pass":
			if l.Players == nil {
				return nil, perr(line, "a turn before the players line")
			}
			e := Entry{Line: line, Kind: f[0]}
			args := f[1:]
			if len(args) == 0 {
				return nil, perr(line, "%s: whose turn? name the player", f[0])
			}
			e.Player, args = args[0], args[1:]
			if f[0] == "word" {
				if len(args) == 0 {
					return nil, perr(line, "word: name the word after the player")
				}
				e.Word, args = args[0], args[1:]
			}
			if len(args) > 0 {
				if args[0] != "give" || f[0] == "pass" || len(args) == 1 {
					return nil, perr(line, "unexpected %q: after the turn only give NAME=N ... may follow", args[0])
				}
				for _, a := range args[1:] {
					to, n, ok := strings.Cut(a, "=")
					k, err := strconv.Atoi(n)
					if !ok || err != nil || k < 1 || k > 3 {
						return nil, perr(line, "give %q: want NAME=N with N 1-3", a)
					}
					e.Gifts = append(e.Gifts, Gift{To: to, N: k})
				}
			}
			cur = &e
		default:
			return nil, perr(line, "unknown line %q: want players, lang, word, action, pass or a | table row", f[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, perr(line+1, "%s", grid.LineError(err))
	}
	if err := finish(); err != nil {
		return nil, err
	}
	if l.Players == nil {
		return nil, perr(line, "no players line")
	}
	if l.Rows == 0 {
		l.Rows, l.Cols = 15, 15
	}
	return l, nil
}
