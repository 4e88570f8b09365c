package wordnet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// DefaultDir is where Debian's wordnet-base installs the database.
const DefaultDir = "/usr/share/wordnet"

// ErrNotInstalled means the directory has no WordNet database.
var ErrNotInstalled = errors.New("wordnet: not installed")

// POS is a part of speech, named as WordNet names its files.
type POS string

const (
	Noun      POS = "noun"
	Verb      POS = "verb"
	Adjective POS = "adj"
	Adverb    POS = "adv"
)

var allPOS = []POS{Noun, Verb, Adjective, Adverb}

// Name is the part of speech in words: noun, verb, adjective, adverb.
func (p POS) Name() string {
	switch p {
	case Adjective:
		return "adjective"
	case Adverb:
		return "adverb"
	}
	return string(p)
}

// Definition is the short definition of a word.
type Definition struct {
	Word  string // the word asked about, as given
	Lemma string // the base form WordNet lists it under, lower case, spaces for underscores
	POS   POS
	Gloss string // the first sense's gloss, up to its first ';' (no examples)
}

// String is "lemma (part of speech): gloss", e.g.
// "goose (noun): web-footed long-necked typically gregarious migratory ...".
func (d Definition) String() string {
	return fmt.Sprintf("%s (%s): %s", d.Lemma, d.POS.Name(), d.Gloss)
}

// WordNet is a WordNet database. It is safe for concurrent use.
type WordNet struct {
	fsys fs.FS

	excOnce sync.Once
	exc     map[POS]map[string][]string
	excErr  error
}

// Open opens the database in dir; "" means $WNSEARCHDIR (WordNet's own
// variable) or else DefaultDir. A directory without index.noun is
// ErrNotInstalled.
func Open(dir string) (*WordNet, error) {
	if dir == "" {
		dir = os.Getenv("WNSEARCHDIR")
	}
	if dir == "" {
		dir = DefaultDir
	}
	w, err := New(os.DirFS(dir))
	if err != nil {
		return nil, fmt.Errorf("%w (looked in %s; on Debian: apt install wordnet-base)", err, dir)
	}
	return w, nil
}

// New uses the database in fsys (its root holds index.noun and the rest).
func New(fsys fs.FS) (*WordNet, error) {
	if _, err := fs.Stat(fsys, "index.noun"); err != nil {
		return nil, ErrNotInstalled
	}
	return &WordNet{fsys: fsys}, nil
}

// MaxGloss is the longest gloss Define returns, in characters; longer
// glosses are cut at a word boundary and end in "...".
const MaxGloss = 160

// Define returns the short definition of word (any case; inflected forms
// are reduced to their base form). ok is false when WordNet does not know
// the word; err is for a database that cannot be read.
func (w *WordNet) Define(word string) (def Definition, ok bool, err error) {
	key := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(word)), " ", "_")
	if key == "" || !utf8.ValidString(key) {
		return Definition{}, false, nil
	}
	type hit struct {
		pos   POS
		entry indexEntry
		exact bool
	}
	var best *hit
	for _, pos := range allPOS {
		forms, err := w.baseForms(key, pos)
		if err != nil {
			return Definition{}, false, err
		}
		for _, f := range forms {
			e, found, err := w.lookupIndex(pos, f)
			if err != nil {
				return Definition{}, false, err
			}
			if !found || len(e.offsets) == 0 {
				continue
			}
			h := &hit{pos, e, f == key}
			if best == nil || (h.exact && !best.exact) || (h.exact == best.exact && h.entry.tagged > best.entry.tagged) {
				best = h
			}
			break // the first form that is in this part of speech
		}
	}
	if best == nil {
		return Definition{}, false, nil
	}
	gloss, err := w.gloss(best.pos, best.entry.offsets[0])
	if err != nil {
		return Definition{}, false, err
	}
	return Definition{
		Word:  word,
		Lemma: strings.ReplaceAll(best.entry.lemma, "_", " "),
		POS:   best.pos,
		Gloss: shorten(gloss),
	}, true, nil
}

// indexEntry is one line of index.pos.
type indexEntry struct {
	lemma   string
	tagged  int     // how often the first sense was tagged in the corpus
	offsets []int64 // synsets, most frequent sense first
}

// lookupIndex finds lemma in index.pos. The line is
// "lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt
// synset_offset...".
func (w *WordNet) lookupIndex(pos POS, lemma string) (indexEntry, bool, error) {
	line, found, err := w.search("index."+string(pos), lemma)
	if err != nil || !found {
		return indexEntry{}, false, err
	}
	f := strings.Fields(line)
	bad := func() (indexEntry, bool, error) {
		return indexEntry{}, false, fmt.Errorf("wordnet: index.%s: bad entry for %q", pos, lemma)
	}
	if len(f) < 4 {
		return bad()
	}
	nsyn, err1 := strconv.Atoi(f[2])
	nptr, err2 := strconv.Atoi(f[3])
	if err1 != nil || err2 != nil || nsyn < 0 || nptr < 0 || len(f) != 4+nptr+2+nsyn {
		return bad()
	}
	e := indexEntry{lemma: f[0]}
	e.tagged, _ = strconv.Atoi(f[4+nptr+1])
	for _, s := range f[4+nptr+2:] {
		off, err := strconv.ParseInt(s, 10, 64)
		if err != nil || off < 0 {
			return bad()
		}
		e.offsets = append(e.offsets, off)
	}
	return e, true, nil
}

// gloss reads the gloss of the synset at off in data.pos: the text after
// " | " on the line that starts with the offset.
func (w *WordNet) gloss(pos POS, off int64) (string, error) {
	name := "data." + string(pos)
	f, size, err := w.open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if off >= size {
		return "", fmt.Errorf("wordnet: %s: offset %d past the end", name, off)
	}
	line, err := readLine(f.ReaderAt, off, size)
	if err != nil {
		return "", fmt.Errorf("wordnet: %s: %w", name, err)
	}
	if !strings.HasPrefix(line, fmt.Sprintf("%08d ", off)) {
		return "", fmt.Errorf("wordnet: %s: no synset at offset %d", name, off)
	}
	_, g, ok := strings.Cut(line, " | ")
	if !ok {
		return "", nil
	}
	return strings.TrimSpace(g), nil
}

// shorten keeps a gloss's definition, dropping the examples and further
// senses after the first ';', and cuts it to MaxGloss characters.
func shorten(g string) string {
	if i := strings.IndexByte(g, ';'); i >= 0 {
		g = g[:i]
	}
	g = strings.TrimSpace(g)
	if utf8.RuneCountInString(g) <= MaxGloss {
		return g
	}
	r := []rune(g)[:MaxGloss]
	cut := len(r)
	for i := len(r) - 1; i > MaxGloss/2; i-- {
		if unicode.IsSpace(r[i]) {
			cut = i
			break
		}
	}
	return strings.TrimRightFunc(string(r[:cut]), func(c rune) bool { return unicode.IsSpace(c) || c == ',' }) + "..."
}

// Detachment rules of WordNet's morphy: suffix -> replacement.
var rules = map[POS][][2]string{
	Noun:      {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	Verb:      {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}},
	Adjective: {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

// baseForms lists the forms to try for word in pos, in order: the word,
// its bases from the exception list, then the regular rules' results.
func (w *WordNet) baseForms(word string, pos POS) ([]string, error) {
	exc, err := w.exceptions()
	if err != nil {
		return nil, err
	}
	forms := []string{word}
	add := func(f string) {
		if f == "" {
			return
		}
		for _, g := range forms {
			if g == f {
				return
			}
		}
		forms = append(forms, f)
	}
	for _, b := range exc[pos][word] {
		add(b)
	}
	for _, r := range rules[pos] {
		if strings.HasSuffix(word, r[0]) && len(word) > len(r[0]) {
			base := word[:len(word)-len(r[0])]
			add(base + r[1])
			// A doubled final consonant: running -> run, bigger -> big.
			if n := len(base); r[1] == "" && r[0] != "s" && n >= 3 && base[n-1] == base[n-2] && !strings.ContainsRune("aeiou", rune(base[n-1])) {
				add(base[:n-1])
			}
		}
	}
	return forms, nil
}

// exceptions reads the four *.exc files once: "inflected base..." per line.
// A missing exception file is no error (only the rules apply).
func (w *WordNet) exceptions() (map[POS]map[string][]string, error) {
	w.excOnce.Do(func() {
		w.exc = map[POS]map[string][]string{}
		for _, pos := range allPOS {
			m := map[string][]string{}
			w.exc[pos] = m
			data, err := fs.ReadFile(w.fsys, string(pos)+".exc")
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				w.excErr = fmt.Errorf("wordnet: %w", err)
				return
			}
			for _, line := range strings.Split(string(data), "\n") {
				f := strings.Fields(line)
				if len(f) >= 2 {
					m[f[0]] = append(m[f[0]], f[1:]...)
				}
			}
		}
	})
	return w.exc, w.excErr
}

type file struct {
	io.ReaderAt
	io.Closer
}

// open opens a database file for random access, reading it whole only if
// the file system's files cannot ReadAt.
func (w *WordNet) open(name string) (file, int64, error) {
	f, err := w.fsys.Open(name)
	if err != nil {
		return file{}, 0, fmt.Errorf("wordnet: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return file{}, 0, fmt.Errorf("wordnet: %w", err)
	}
	if ra, ok := f.(io.ReaderAt); ok {
		return file{ra, f}, st.Size(), nil
	}
	data, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return file{}, 0, fmt.Errorf("wordnet: %s: %w", name, err)
	}
	return file{bytes.NewReader(data), io.NopCloser(nil)}, int64(len(data)), nil
}

// search finds the line of a sorted file whose first field is key, by
// binary search over byte offsets. Lines starting with a space (the
// licence at the top of WordNet's files) sort first and never match.
func (w *WordNet) search(name, key string) (string, bool, error) {
	if key == "" {
		return "", false, nil
	}
	f, size, err := w.open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil // e.g. a database without adverbs
	}
	if err != nil {
		return "", false, err
	}
	defer f.Close()
	lo, hi := int64(0), size
	for lo < hi {
		mid := lo + (hi-lo)/2
		start, err := lineStart(f, mid)
		if err != nil {
			return "", false, fmt.Errorf("wordnet: %s: %w", name, err)
		}
		if start >= hi {
			hi = mid
			continue
		}
		line, err := readLine(f, start, size)
		if err != nil {
			return "", false, fmt.Errorf("wordnet: %s: %w", name, err)
		}
		field, _, _ := strings.Cut(line, " ")
		switch {
		case key == field:
			return line, true, nil
		case key < field:
			hi = mid
		default:
			lo = start + int64(len(line)) + 1
		}
	}
	return "", false, nil
}

// lineStart is the offset of the first line that starts at or after p.
func lineStart(r io.ReaderAt, p int64) (int64, error) {
	if p == 0 {
		return 0, nil
	}
	var buf [256]byte
	for pos := p - 1; ; pos += int64(len(buf)) {
		n, err := r.ReadAt(buf[:], pos)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return pos + int64(i) + 1, nil
		}
		if err == io.EOF || n == 0 {
			return pos + int64(n), nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// readLine reads the line starting at off, without its newline.
func readLine(r io.ReaderAt, off, size int64) (string, error) {
	var out []byte
	buf := make([]byte, 512)
	for pos := off; pos < size; pos += int64(len(buf)) {
		n, err := r.ReadAt(buf, pos)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return string(append(out, buf[:i]...)), nil
		}
		out = append(out, buf[:n]...)
		if len(out) > 1<<20 {
			return "", errors.New("line longer than 1 MiB")
		}
		if err == io.EOF || n == 0 {
			break
		}
		if err != nil {
			return "", err
		}
	}
	return strings.TrimSuffix(string(out), "\r"), nil
}

// Texts adapts a WordNet to callers that want only the text of a
// definition, through the method Define(word string) (string, bool): the
// table service's Definer, for example. The text is Definition.String().
// A nil WordNet (not installed) and a read error both give no definition.
type Texts struct{ WordNet *WordNet }

// Define returns the short definition of word as one line of text.
func (t Texts) Define(word string) (string, bool) {
	if t.WordNet == nil {
		return "", false
	}
	d, ok, err := t.WordNet.Define(word)
	if err != nil || !ok {
		return "", false
	}
	return strings.Join(strings.Fields(d.String()), " "), true
}
