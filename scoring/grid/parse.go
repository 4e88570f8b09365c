package grid

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// ErrSyntax is wrapped by every *ParseError.
var ErrSyntax = errors.New("grid: syntax error")

// ParseError says where a board text is wrong and what was expected there.
type ParseError struct {
	File string // the file's name, or "" when unknown
	Line int    // 1-based line in the file
	Cell int    // 1-based cell in the row; 0 when the whole line is wrong
	Text string // the offending cell, when there is one
	Msg  string
}

func (e *ParseError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
	}
	fmt.Fprintf(&b, "%d: ", e.Line)
	if e.Cell > 0 {
		fmt.Fprintf(&b, "cell %d %q: ", e.Cell, e.Text)
	}
	b.WriteString(e.Msg)
	return b.String()
}

func (e *ParseError) Unwrap() error { return ErrSyntax }

// MaxSize bounds a board's rows and columns, so that nonsense input cannot
// ask for a huge allocation.
const MaxSize = 64

// ParseCell reads one cell of the text format: ".", or a letter (A-Z or Qu,
// any case) and an optional height digit 1-9.
func ParseCell(s string) (Stack, error) {
	if s == "." {
		return Stack{}, nil
	}
	rest := s
	var letter string
	switch {
	case len(rest) >= 2 && strings.EqualFold(rest[:2], "qu"):
		letter, rest = "Qu", rest[2:]
	case len(rest) >= 1 && rest[0] < unicode.MaxASCII && unicode.IsLetter(rune(rest[0])):
		letter, rest = strings.ToUpper(rest[:1]), rest[1:]
		if letter == "Q" {
			return Stack{}, errors.New("Q is played as the Qu tile: write Qu")
		}
	default:
		return Stack{}, errors.New("want '.' or a letter A-Z or Qu, then an optional height 1-9")
	}
	h := 1
	switch {
	case rest == "":
	case len(rest) == 1 && rest[0] >= '1' && rest[0] <= '9':
		h = int(rest[0] - '0')
	case len(rest) == 1 && rest[0] == '0':
		return Stack{}, errors.New("height 0: write '.' for an empty square")
	default:
		return Stack{}, fmt.Errorf("after the letter %s want a height digit 1-9, not %q", letter, rest)
	}
	return Stack{Letter: letter, Height: h}, nil
}

// MaxLine is the longest line the text formats read (1 MiB).
const MaxLine = 1 << 20

// LineError says what a line scanner's error means: a line over MaxLine
// is named with the limit (bufio's own "token too long" does not say it).
func LineError(err error) string {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Sprintf("line longer than the limit of %d bytes", MaxLine)
	}
	return err.Error()
}

// Parse reads a board in the grid text format. name is used in errors (a
// file name); it may be "". Every row must have the same number of cells.
func Parse(r io.Reader, name string) (*Board, error) {
	var rows [][]Stack
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), MaxLine)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if len(rows) == MaxSize {
			return nil, &ParseError{File: name, Line: line, Msg: fmt.Sprintf("more than %d rows", MaxSize)}
		}
		if len(fields) > MaxSize {
			return nil, &ParseError{File: name, Line: line, Msg: fmt.Sprintf("more than %d cells in a row", MaxSize)}
		}
		if len(rows) > 0 && len(fields) != len(rows[0]) {
			return nil, &ParseError{File: name, Line: line,
				Msg: fmt.Sprintf("row has %d cells, the first row has %d", len(fields), len(rows[0]))}
		}
		row := make([]Stack, len(fields))
		for i, f := range fields {
			s, err := ParseCell(f)
			if err != nil {
				return nil, &ParseError{File: name, Line: line, Cell: i + 1, Text: f, Msg: err.Error()}
			}
			row[i] = s
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: line + 1, Msg: LineError(err)}
	}
	if len(rows) == 0 {
		return nil, &ParseError{File: name, Line: line, Msg: "no board rows found"}
	}
	b := New(len(rows), len(rows[0]))
	for r, row := range rows {
		for c, s := range row {
			b.Set(Pos{r, c}, s)
		}
	}
	return b, nil
}

// MustParse parses a board written in a test and panics on error.
func MustParse(text string) *Board {
	b, err := Parse(strings.NewReader(text), "")
	if err != nil {
		panic(err)
	}
	return b
}
