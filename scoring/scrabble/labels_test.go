package scrabble_test

import (
	"bufio"
	"image"
	_ "image/jpeg"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/scoring/scrabble"

	"github.com/tilescope/tilescope/internal/sharedtest"
)

// The hand labels of the real Scrabble photos (vision/scrabble/testdata/real,
// README.md there) and the photos themselves, which stay in ../shared.
const (
	labelDir = "../../vision/scrabble/testdata/real"
	photoDir = "data/photos/scrabble-board"
)

// label is one label file, read.
type label struct {
	photo     string
	corners   [4][2]float64
	by        string
	nonWords  map[string]bool
	unsure    []scrabble.Pos // cells written "?"
	board     *scrabble.Board
	commented bool // a comment mentions "?"
}

func readLabel(t *testing.T, path string) label {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var l label
	l.nonWords = map[string]bool{}
	var rows []string
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if c, ok := strings.CutPrefix(text, "#"); ok {
			c = strings.TrimSpace(c)
			switch {
			case strings.HasPrefix(c, "photo:"):
				l.photo = strings.TrimSpace(strings.TrimPrefix(c, "photo:"))
			case strings.HasPrefix(c, "corners:"):
				pts := strings.Fields(strings.TrimPrefix(c, "corners:"))
				if len(pts) != 4 {
					t.Fatalf("%s:%d: %d corners, want 4 (x,y x,y x,y x,y)", path, line, len(pts))
				}
				for i, p := range pts {
					xs, ys, ok := strings.Cut(p, ",")
					x, ex := strconv.ParseFloat(xs, 64)
					y, ey := strconv.ParseFloat(ys, 64)
					if !ok || ex != nil || ey != nil {
						t.Fatalf("%s:%d: corner %q is not x,y", path, line, p)
					}
					l.corners[i] = [2]float64{x, y}
				}
			case strings.HasPrefix(c, "labelled by:"):
				l.by = strings.TrimSpace(strings.TrimPrefix(c, "labelled by:"))
			case strings.HasPrefix(c, "non-words:"):
				for _, w := range strings.Fields(strings.TrimPrefix(c, "non-words:")) {
					if w == strings.ToUpper(w) && !strings.HasPrefix(w, "(") {
						l.nonWords[w] = true
					} else {
						break
					}
				}
			}
			if strings.Contains(c, "?") {
				l.commented = true
			}
			continue
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		if len(rows) < scrabble.Size {
			for c, cell := range strings.Fields(text) {
				if cell == "?" {
					l.unsure = append(l.unsure, scrabble.Pos{Row: len(rows), Col: c})
				}
			}
		}
		// An unsure cell stands for a tile of unknown letter.
		rows = append(rows, strings.ReplaceAll(" "+text+" ", " ? ", " * "))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	b, err := scrabble.Parse(strings.NewReader(strings.Join(rows, "\n")), path)
	if err != nil {
		t.Fatal(err)
	}
	l.board = b
	return l
}

// cross is the z of (b-a) x (c-b).
func cross(a, b, c [2]float64) float64 {
	return (b[0]-a[0])*(c[1]-b[1]) - (b[1]-a[1])*(c[0]-b[0])
}

// TestRealLabels: every label file is a 15x15 board in the grid text with
// its photo, four corners in a convex quadrilateral (clockwise on the
// photo, as a photo that is not mirrored shows them), a note of who
// labelled it, tile counts the set allows, and every word on it in ENABLE
// or listed as a non-word of the real board; with ../shared present, the
// photo exists and the corners lie inside it.
func TestRealLabels(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(labelDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 16 {
		t.Fatalf("%d label files in %s, want the 16 photos'", len(files), labelDir)
	}
	photos := sharedtest.Find(photoDir)
	if photos == "" {
		if sharedtest.Required() {
			sharedtest.Missing(t, photoDir)
		}
		t.Log("../shared (or $TILESCOPE_SHARED) not here: the photos' sizes are not checked")
	}
	words := dict.English()
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".txt")
		t.Run(name, func(t *testing.T) {
			l := readLabel(t, path)
			if l.photo != name+".jpg" {
				t.Errorf("# photo: %q, want %q (the file's own name)", l.photo, name+".jpg")
			}
			if !strings.HasPrefix(l.by, "hand") {
				t.Errorf("# labelled by: %q, want it to start with \"hand\"", l.by)
			}
			if len(l.unsure) > 0 && !l.commented {
				t.Errorf("unsure cells %v but no comment explains them", l.unsure)
			}
			for i := range 4 {
				if z := cross(l.corners[i], l.corners[(i+1)%4], l.corners[(i+2)%4]); z <= 0 {
					t.Errorf("corners not convex and clockwise at corner %d (%v): turn %.0f", (i+1)%4, l.corners[(i+1)%4], z)
				}
			}
			// No more tiles of a letter than the set holds; blanks (named
			// or not) at most two.
			var count [256]int
			blanks := 0
			for r := range scrabble.Size {
				for c := range scrabble.Size {
					if tl := l.board[r][c]; tl.Blank {
						blanks++
					} else if !tl.Empty() {
						count[tl.Letter]++
					}
				}
			}
			if blanks > scrabble.Blanks {
				t.Errorf("%d blanks, the set has %d", blanks, scrabble.Blanks)
			}
			for ch := byte('A'); ch <= 'Z'; ch++ {
				if count[ch] > scrabble.LetterCount(ch) {
					t.Errorf("%d %c tiles, the set has %d", count[ch], ch, scrabble.LetterCount(ch))
				}
			}
			// Every word in ENABLE (a blank of unknown letter may be any
			// letter), or declared a non-word of the real board.
			seen := map[string]bool{}
			for _, r := range l.board.Runs() {
				w := r.Text(l.board)
				seen[w] = true
				if l.nonWords[w] != anyWord(words, w) {
					continue
				}
				if l.nonWords[w] {
					t.Errorf("%s at %v is listed as a non-word but is in ENABLE", w, r.Start)
				} else {
					t.Errorf("%s at %v is not in ENABLE: a misread label, or list it in # non-words:", w, r.Start)
				}
			}
			for w := range l.nonWords {
				if !seen[w] {
					t.Errorf("# non-words: %s is not on the board", w)
				}
			}
			if photos == "" {
				return
			}
			f, err := os.Open(filepath.Join(photos, l.photo))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cfg, _, err := image.DecodeConfig(f)
			if err != nil {
				t.Fatalf("%s: %v", l.photo, err)
			}
			for i, c := range l.corners {
				if c[0] < 0 || c[1] < 0 || c[0] >= float64(cfg.Width) || c[1] >= float64(cfg.Height) {
					t.Errorf("corner %d %v outside the %dx%d photo", i, c, cfg.Width, cfg.Height)
				}
			}
		})
	}
}

// anyWord: w, with each '*' any letter, is in the dictionary.
func anyWord(d scrabble.Dictionary, w string) bool {
	i := strings.IndexByte(w, scrabble.Unknown)
	if i < 0 {
		return d.Contains(w)
	}
	for ch := byte('A'); ch <= 'Z'; ch++ {
		if anyWord(d, w[:i]+string(ch)+w[i+1:]) {
			return true
		}
	}
	return false
}
