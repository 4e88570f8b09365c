package dict

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrNoWords is returned for a word list without a single word.
var ErrNoWords = errors.New("dict: the list has no words")

// ListError is a problem in a user's word list, at a line (0 for the file
// as a whole).
type ListError struct {
	File string
	Line int
	Err  error
}

func (e *ListError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *ListError) Unwrap() error { return e.Err }

// Open reads a user's word list: UTF-8, one word per line; a '#' starts a
// comment; blank lines and surrounding spaces are ignored; a byte order
// mark is allowed. A missing or unreadable file, invalid UTF-8, a line
// with more than one word, or a file with no words is an error naming the
// file (and line).
func Open(path string) (*Dict, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &ListError{File: path, Err: unwrapPath(err)}
	}
	defer f.Close()
	return Read(f, path)
}

// Read is Open for a reader; name is used in messages.
func Read(r io.Reader, name string) (*Dict, error) {
	words, err := ParseList(r, name)
	if err != nil {
		return nil, err
	}
	d, err := New(words, name)
	if err != nil {
		return nil, &ListError{File: name, Err: err}
	}
	return d, nil
}

// ParseList reads the words of a user's list (see Open), as written.
func ParseList(r io.Reader, name string) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	var words []string
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if line == 1 {
			b = bytes.TrimPrefix(b, []byte("\uFEFF"))
		}
		if !utf8.Valid(b) {
			return nil, &ListError{File: name, Line: line, Err: errors.New("not valid UTF-8")}
		}
		s := string(b)
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if strings.IndexFunc(s, unicode.IsSpace) >= 0 {
			return nil, &ListError{File: name, Line: line, Err: fmt.Errorf("%q is more than one word (one word per line)", s)}
		}
		if i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }); i >= 0 {
			return nil, &ListError{File: name, Line: line, Err: fmt.Errorf("%q contains a control character", s)}
		}
		words = append(words, s)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &ListError{File: name, Line: line + 1, Err: errors.New("line longer than 1 MiB")}
		}
		return nil, &ListError{File: name, Err: unwrapPath(err)}
	}
	if len(words) == 0 {
		return nil, &ListError{File: name, Err: ErrNoWords}
	}
	return words, nil
}

// unwrapPath drops the *PathError wrapper, whose text would repeat the
// file name.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("cannot read: %w", pe.Err)
	}
	return err
}
