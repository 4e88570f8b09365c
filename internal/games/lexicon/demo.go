package lexicon

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/lexicon"
	"github.com/tilescope/tilescope/vision/render"
)

//go:embed demodata/game.txt
var demoLog string

//go:embed page.js
var page []byte

var (
	_ game.Demoer = Game{}
	_ game.Pager  = Game{}
)

// Page is the game's module for the phone page (page.js): each seat's
// crossword the way up its player reads it, scores to two decimals and on
// the x50 scale, a tile corrected by its letter.
func (Game) Page() []byte { return page }

// Recorded is one photo of a recorded game: per seat, the crossword as
// its player reads it and the letters lying apart.
type Recorded struct {
	Note  string
	Seats []RecordedSeat
}

// RecordedSeat is one seat's area in a recorded photo.
type RecordedSeat struct {
	Cross []string // rows, '.' empty
	Apart string
}

// Layout is the seat's crossword (nil when it has none).
func (s RecordedSeat) Layout() *lexicon.Layout {
	if len(s.Cross) == 0 {
		return nil
	}
	return lexicon.MustParse(strings.Join(s.Cross, "\n") + "\n")
}

// Score is the seat's score in hundredths, as the referee has it.
func (s RecordedSeat) Score() int {
	l := s.Layout()
	if l == nil {
		return 0
	}
	res, err := lexicon.Score(l, len(s.Apart), nil)
	if err != nil {
		return 0
	}
	return hundredths(res)
}

// ReadRecord reads a recorded game (demodata/game.txt's format) of seats
// seats.
func ReadRecord(text, name string, seats int) ([]Recorded, error) {
	var out []Recorded
	sc := bufio.NewScanner(strings.NewReader(text))
	seat, line := -1, 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		bad := func(msg string) error { return fmt.Errorf("%w: %s:%d: %s", game.ErrBadInput, name, line, msg) }
		switch {
		case s == "" || strings.HasPrefix(s, "#"):
		case strings.HasPrefix(s, "photo"):
			out = append(out, Recorded{Note: strings.TrimSpace(strings.TrimPrefix(s, "photo")), Seats: make([]RecordedSeat, seats)})
			seat = -1
		case len(out) == 0:
			return nil, bad("want \"photo NOTE\" first")
		case strings.HasPrefix(s, "seat "):
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(s, "seat ")))
			if err != nil || n < 1 || n > seats {
				return nil, bad(fmt.Sprintf("%q: want seat 1 to %d", s, seats))
			}
			seat = n - 1
		case seat < 0:
			return nil, bad("want \"seat N\" before a crossword")
		case strings.HasPrefix(s, "apart"):
			out[len(out)-1].Seats[seat].Apart = strings.ToUpper(strings.TrimSpace(strings.TrimPrefix(s, "apart")))
		default:
			if _, err := lexicon.Parse(strings.NewReader(s), name); err != nil {
				return nil, bad(err.Error())
			}
			st := &out[len(out)-1].Seats[seat]
			st.Cross = append(st.Cross, strings.ToUpper(s))
		}
	}
	return out, sc.Err()
}

// demoSides are the demo's seats: Ann south, Ben north.
var demoSides = []Side{South, North}

// demoSeed fixes the demo's scenes (the table, the light, the camera).
const demoSeed = 3

var demoOnce = sync.OnceValues(renderDemo)

// Demo is the recorded game `serve --game lexicon --camera demo` replays:
// demodata/game.txt, each photo of the table drawn by vision/render (the
// first time it is asked for: about a second a photo).
func (Game) Demo() (*game.Demo, error) { return demoOnce() }

// DemoRecord is the demo's settings and key, without drawing its photos.
func (Game) DemoRecord() (game.DemoRecord, error) {
	return game.DemoRecord{Options: demoOptions(), Key: fmt.Sprintf("%+v\n%v\n%s", demoScene(demoSeed), demoSides, demoLog)}, nil
}

// demoOptions are the demo's settings: the seats.
func demoOptions() game.Options { return game.Options{OptSides: "south,north"} }

func renderDemo() (*game.Demo, error) {
	rec, err := ReadRecord(demoLog, "demodata/game.txt", len(demoSides))
	if err != nil {
		return nil, err
	}
	d := &game.Demo{Options: demoOptions()}
	for i, ph := range rec {
		text := TableLayout(ph, demoSides)
		sc, err := render.Render("lexicon", []byte(text), demoScene(demoSeed))
		if err != nil {
			return nil, fmt.Errorf("lexicon: the demo's photo %d: %w", i, err)
		}
		jpeg := sc.JPEG
		// The turn is shown done (no photo of the hands at work); the
		// first photo is read as a turn too (the bare table is not drawn).
		p := game.DemoPhoto{Still: jpeg, Note: ph.Note}
		if i > 0 {
			p.Placing = [][]byte{jpeg}
		}
		d.Photos = append(d.Photos, p)
	}
	return d, nil
}

// demoScene is the demo's camera and light: a plain felt table, straight
// down, soft light.
func demoScene(seed int64) render.Options {
	return render.Options{Seed: seed, Width: 1640, Height: 1232, Table: "felt", Ambient: 0.5}
}

// TableLayout lays a recorded photo out on the table as the camera over
// it sees it (one layout, the photo's way up): each seat's crossword
// turned to its side, its tiles apart in a spaced row beyond it, away from
// the middle.
func TableLayout(ph Recorded, sides []Side) string {
	type tile struct {
		r, c int
		ch   byte
	}
	var all []tile
	// Each seat's block as its player sees it, then turned to the photo.
	blocks := make([][]tile, len(sides))
	for s, side := range sides {
		if s >= len(ph.Seats) {
			break
		}
		st := ph.Seats[s]
		var b []tile
		for r, row := range st.Cross {
			for c := range len(row) {
				if row[c] != '.' && row[c] != ' ' {
					b = append(b, tile{r, c, row[c]})
				}
			}
		}
		for i := range len(st.Apart) {
			b = append(b, tile{len(st.Cross) + 1, 2 * i, st.Apart[i]})
		}
		// Turn the player's view to the photo's: the inverse of turn.
		for i, t := range b {
			r, c := t.r, t.c
			switch side {
			case North:
				r, c = -r, -c
			case West:
				r, c = c, -r
			case East:
				r, c = -c, r
			}
			b[i].r, b[i].c = r, c
		}
		blocks[s] = b
	}
	// Place the blocks: north on top, south below it, west and east
	// beside the middle, a gap of four squares between.
	const gap = 4
	box := func(b []tile) (r0, c0, r1, c1 int) {
		r0, c0, r1, c1 = 1<<20, 1<<20, -(1 << 20), -(1 << 20)
		for _, t := range b {
			r0, c0, r1, c1 = min(r0, t.r), min(c0, t.c), max(r1, t.r), max(c1, t.c)
		}
		return
	}
	row := 0
	mid := 0
	for _, want := range []Side{North, West, South} {
		for s, side := range sides {
			if side != want || len(blocks[s]) == 0 {
				continue
			}
			r0, c0, r1, _ := box(blocks[s])
			for _, t := range blocks[s] {
				all = append(all, tile{t.r - r0 + row, t.c - c0, t.ch})
			}
			if want == West {
				mid = row
			}
			row += r1 - r0 + 1 + gap
		}
	}
	for s, side := range sides {
		if side != East || len(blocks[s]) == 0 {
			continue
		}
		r0, c0, _, _ := box(blocks[s])
		maxC := 0
		for _, t := range all {
			maxC = max(maxC, t.c)
		}
		for _, t := range blocks[s] {
			all = append(all, tile{t.r - r0 + mid, t.c - c0 + maxC + 1 + gap, t.ch})
		}
	}
	if len(all) == 0 {
		return ".\n"
	}
	r0, c0, r1, c1 := 1<<20, 1<<20, -(1 << 20), -(1 << 20)
	for _, t := range all {
		r0, c0, r1, c1 = min(r0, t.r), min(c0, t.c), max(r1, t.r), max(c1, t.c)
	}
	l := lexicon.NewLayout(r1-r0+1, c1-c0+1)
	for _, t := range all {
		l.Set(grid.Pos{Row: t.r - r0, Col: t.c - c0}, t.ch)
	}
	return l.String()
}

// Trimmed is a crossword's text with its empty rows and columns round it
// cut off ("" for none): two crosswords are the same wherever they lie.
func Trimmed(l *lexicon.Layout) string {
	if l == nil || l.Tiles() == 0 {
		return ""
	}
	r0, c0, r1, c1 := l.Rows, l.Cols, -1, -1
	for r := range l.Rows {
		for c := range l.Cols {
			if l.At(grid.Pos{Row: r, Col: c}) != 0 {
				r0, c0, r1, c1 = min(r0, r), min(c0, c), max(r1, r), max(c1, c)
			}
		}
	}
	var b strings.Builder
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			ch := l.At(grid.Pos{Row: r, Col: c})
			if ch == 0 {
				ch = '.'
			}
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
