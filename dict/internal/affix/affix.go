package affix

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrUnsupported is returned by Parse for directives this package does not
// implement.
var ErrUnsupported = errors.New("affix: unsupported")

// Rule is one suffix rule: a root whose end matches Cond and ends in Strip
// gets Strip replaced by Add.
type Rule struct {
	Flag  byte
	Strip string // "" for hunspell's 0
	Add   string // "" for hunspell's 0
	Cond  Cond
}

// Cond is a hunspell condition: one element per letter, matched against
// the end of a root.
type Cond []elem

type elem struct {
	any    bool   // '.'
	negate bool   // [^...]
	set    []rune // the letters of a class, or the one letter
}

// Rules are the suffix rules of an affix file, by flag.
type Rules struct {
	byFlag [256][]Rule
	// byAdd indexes every rule by the last letter of Add ("" under 0), for
	// Analyse.
	byLast map[rune][]*Rule
	empty  []*Rule
	count  int
}

// Len is the number of rules.
func (rs *Rules) Len() int { return rs.count }

// Flags lists the flags that have rules, ascending.
func (rs *Rules) Flags() []byte {
	var out []byte
	for f := range rs.byFlag {
		if len(rs.byFlag[f]) > 0 {
			out = append(out, byte(f))
		}
	}
	return out
}

// For returns the rules of flag f.
func (rs *Rules) For(f byte) []Rule { return rs.byFlag[f] }

// ParseCond reads a condition ("." or letters and [classes]).
func ParseCond(s string) (Cond, error) {
	if s == "." {
		return nil, nil
	}
	var c Cond
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return nil, fmt.Errorf("condition %q: unclosed [", s)
			}
			body := s[i+1 : i+j]
			e := elem{}
			if strings.HasPrefix(body, "^") {
				e.negate = true
				body = body[1:]
			}
			if body == "" {
				return nil, fmt.Errorf("condition %q: empty class", s)
			}
			e.set = []rune(body)
			c = append(c, e)
			i += j + 1
		case ']':
			return nil, fmt.Errorf("condition %q: stray ]", s)
		case '.':
			c = append(c, elem{any: true})
			i += n
		default:
			c = append(c, elem{set: []rune{r}})
			i += n
		}
	}
	return c, nil
}

func (e elem) match(r rune) bool {
	if e.any {
		return true
	}
	in := false
	for _, x := range e.set {
		if x == r {
			in = true
			break
		}
	}
	return in != e.negate
}

// Match reports whether the condition matches the end of root.
func (c Cond) Match(root string) bool {
	i := len(root)
	for k := len(c) - 1; k >= 0; k-- {
		if i == 0 {
			return false
		}
		r, n := utf8.DecodeLastRuneInString(root[:i])
		if !c[k].match(r) {
			return false
		}
		i -= n
	}
	return true
}

// Apply returns the form rule r makes of root, or false when it does not
// apply.
func (r *Rule) Apply(root string) (string, bool) {
	if len(root) <= len(r.Strip) || !strings.HasSuffix(root, r.Strip) || !r.Cond.Match(root) {
		return "", false
	}
	return root[:len(root)-len(r.Strip)] + r.Add, true
}

// Parse reads an affix file in UTF-8 (SET UTF-8).
func Parse(rd io.Reader) (*Rules, error) {
	rs := &Rules{byLast: map[rune][]*Rule{}}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	remaining := map[byte]int{}
	for sc.Scan() {
		line++
		s := sc.Text()
		if i := strings.IndexByte(s, '#'); i == 0 {
			continue
		}
		f := strings.Fields(s)
		if len(f) == 0 {
			continue
		}
		bad := func(format string, a ...any) error {
			return fmt.Errorf("affix: line %d: %s", line, fmt.Sprintf(format, a...))
		}
		switch f[0] {
		case "SET":
			if len(f) < 2 || !strings.EqualFold(f[1], "UTF-8") {
				return nil, fmt.Errorf("%w: line %d: encoding %q (want SET UTF-8)", ErrUnsupported, line, strings.Join(f[1:], " "))
			}
		case "TRY", "KEY", "WORDCHARS", "NAME", "VERSION", "HOME", "LANG":
			// suggestion hints and metadata: no effect on which words exist
		case "SFX":
			if len(f) < 4 || len(f[1]) != 1 {
				return nil, bad("want SFX FLAG ...")
			}
			flag := f[1][0]
			if len(f) == 4 { // header: SFX F Y n
				n, err := strconv.Atoi(f[3])
				if err != nil || n < 0 {
					return nil, bad("rule count %q", f[3])
				}
				if remaining[flag] > 0 {
					return nil, bad("flag %c: %d rules missing before the next header", flag, remaining[flag])
				}
				remaining[flag] = n
				continue
			}
			if remaining[flag] == 0 {
				return nil, bad("flag %c: more rules than its header says", flag)
			}
			remaining[flag]--
			if len(f) < 5 {
				return nil, bad("want SFX FLAG STRIP ADD COND")
			}
			if strings.ContainsRune(f[3], '/') {
				return nil, fmt.Errorf("%w: line %d: continuation flags on an affix", ErrUnsupported, line)
			}
			cond, err := ParseCond(f[4])
			if err != nil {
				return nil, bad("%v", err)
			}
			r := Rule{Flag: flag, Strip: zero(f[2]), Add: zero(f[3]), Cond: cond}
			rs.byFlag[flag] = append(rs.byFlag[flag], r)
			rs.count++
		default:
			return nil, fmt.Errorf("%w: line %d: directive %s", ErrUnsupported, line, f[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("affix: %w", err)
	}
	for flag, n := range remaining {
		if n > 0 {
			return nil, fmt.Errorf("affix: flag %c: %d rules missing", flag, n)
		}
	}
	rs.index()
	return rs, nil
}

func zero(s string) string {
	if s == "0" {
		return ""
	}
	return s
}

// Expand calls yield with root and every form the rules of flags make of
// it (a form may come more than once).
func (rs *Rules) Expand(root, flags string, yield func(string)) {
	yield(root)
	for i := 0; i < len(flags); i++ {
		for k := range rs.byFlag[flags[i]] {
			if w, ok := rs.byFlag[flags[i]][k].Apply(root); ok {
				yield(w)
			}
		}
	}
}

// Analyse calls found with every (root, flag) that a rule could have made
// word from: the rule's Add ends word, and putting Strip back gives a root
// the rule applies to. The caller checks whether the root is an entry with
// that flag. The word itself as an entry is the caller's to check.
func (rs *Rules) Analyse(word string, found func(root string, flag byte)) {
	try := func(r *Rule) {
		if !strings.HasSuffix(word, r.Add) {
			return
		}
		root := word[:len(word)-len(r.Add)] + r.Strip
		if w, ok := r.Apply(root); ok && w == word {
			found(root, r.Flag)
		}
	}
	if last, n := utf8.DecodeLastRuneInString(word); n > 0 {
		for _, r := range rs.byLast[last] {
			try(r)
		}
	}
	for _, r := range rs.empty {
		try(r)
	}
}

// Folded returns the rules with every letter of Strip, Add and the
// conditions passed through fold (for analysing words stored folded,
// Ё as Е).
func (rs *Rules) Folded(fold func(rune) rune) *Rules {
	out := &Rules{byLast: map[rune][]*Rule{}, count: rs.count}
	fs := func(s string) string { return strings.Map(fold, s) }
	for f := range rs.byFlag {
		for _, r := range rs.byFlag[f] {
			c := make(Cond, len(r.Cond))
			for i, e := range r.Cond {
				c[i] = elem{any: e.any, negate: e.negate, set: []rune(fs(string(e.set)))}
			}
			out.byFlag[f] = append(out.byFlag[f], Rule{Flag: r.Flag, Strip: fs(r.Strip), Add: fs(r.Add), Cond: c})
		}
	}
	out.index()
	return out
}

func (rs *Rules) index() {
	for f := range rs.byFlag {
		for i := range rs.byFlag[f] {
			r := &rs.byFlag[f][i]
			if r.Add == "" {
				rs.empty = append(rs.empty, r)
				continue
			}
			last, _ := utf8.DecodeLastRuneInString(r.Add)
			rs.byLast[last] = append(rs.byLast[last], r)
		}
	}
}
