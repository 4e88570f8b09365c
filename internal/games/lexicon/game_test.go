package lexicon

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
)

type words map[string]bool

func (w words) Contains(s string) bool { return w[strings.ToUpper(s)] }

var testWords = words{"KEYBOARD": true, "CAKE": true, "BED": true, "RUBBISH": true, "JUMP": true, "JAW": true, "PIX": true, "EX": true, "DE": true}

// table is a table of len(areas) seats: each area its crossword rows
// (from the area's top-left) and its letters lying apart.
func table(t *testing.T, areas ...[]string) Position {
	t.Helper()
	p := NewPosition(len(areas))
	for s, rows := range areas {
		top := s * AreaRows
		for i, row := range rows {
			if apart, ok := strings.CutPrefix(row, "apart "); ok {
				for k := range len(apart) {
					p.cells[(top+CrossRows+k/Cols)*Cols+k%Cols] = apart[k]
				}
				continue
			}
			for c := range len(row) {
				if row[c] != '.' {
					p.cells[(top+i)*Cols+c] = row[c]
				}
			}
		}
	}
	return p
}

var (
	cake      = []string{"C.......", "A.......", "KEYBOARD", "E.......", "apart DE"}
	bed       = []string{"C.......", "A.......", "KEYBOARD", "E..E....", "...D...."}
	rubbish   = []string{"C.......", "A.......", "KEYBOARD", "E..E..U.", "...D..B.", "......B.", "......I.", "......S.", "......H."}
	oxe       = []string{"C.......", "A.......", "KEYBOARD", "E..EX.U.", "...DE.B.", "......B.", "......I.", "......S.", "......H."}
	jump      = []string{"JUMP", "A...", "W...", "apart IX"}
	pix       = []string{"JUMP", "A..I", "W..X"}
	nothing   = []string{}
	justLoose = []string{"apart JUMP"}
)

func newRules(t *testing.T, opt game.Options, dict game.Dictionary) *Rules {
	t.Helper()
	r, err := Game{}.New(opt, game.Env{Dict: dict})
	if err != nil {
		t.Fatal(err)
	}
	return r.(*Rules)
}

func TestNewOptions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opt     game.Options
		seats   int
		wantErr string
	}{
		{"default: south and north", nil, 2, ""},
		{"four sides", game.Options{OptSides: "south, west, north, east"}, 4, ""},
		{"one player", game.Options{OptSides: "east"}, 1, ""},
		{"refuse", game.Options{game.OptRefuse: "true"}, 2, ""},
		{"a side twice", game.Options{OptSides: "south,south"}, 0, "sides"},
		{"no such side", game.Options{OptSides: "south,up"}, 0, "sides"},
		{"unknown setting", game.Options{"size": "10"}, 0, "size"},
		{"bad refuse", game.Options{game.OptRefuse: "maybe"}, 0, "refuse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Game{}.New(tc.opt, game.Env{})
			if tc.wantErr != "" {
				if err == nil || !errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("New(%v) = %v, want an error about %q", tc.opt, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rows, cols := r.Empty().Size(); rows != tc.seats*AreaRows || cols != Cols {
				t.Errorf("empty table %dx%d, want %dx%d", rows, cols, tc.seats*AreaRows, Cols)
			}
		})
	}
}

func TestPositionText(t *testing.T) {
	r := newRules(t, nil, nil)
	p := table(t, cake, jump)
	q, err := r.Parse(p.String(), "p")
	if err != nil || !game.SamePosition(p, q) || q.String() != p.String() {
		t.Fatalf("round trip: %v\n%s", err, q)
	}
	if p.Cell(2, 0) != "K" || p.Cell(0, 1) != "" || p.Cell(AreaRows, 0) != "J" || p.Cell(CrossRows, 1) != "E" || p.Cell(-1, 0) != "" || p.Cell(2*AreaRows, 0) != "" {
		t.Errorf("cells %q %q %q %q", p.Cell(2, 0), p.Cell(0, 1), p.Cell(AreaRows, 0), p.Cell(CrossRows, 1))
	}
	for _, tc := range []struct{ name, text, want string }{
		{"a short row", strings.Replace(p.String(), "KEYBOARD........", "KEYBOARD", 1), "p:4: 8 squares"},
		{"a digit", strings.Replace(p.String(), "KEYBOARD", "KEYB0ARD", 1), "column 5"},
		{"a seat too few", strings.Join(strings.Split(p.String(), "\n")[:AreaRows+1], "\n"), "rows, want 34"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := r.Parse(tc.text, "p"); !errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Parse: %v, want %q", err, tc.want)
			}
		})
	}
	s, err := r.SetCell(p, 0, 0, "d")
	if err != nil || s.Cell(0, 0) != "D" || p.Cell(0, 0) != "C" {
		t.Errorf("SetCell D: %v, %q (the old position %q)", err, s.Cell(0, 0), p.Cell(0, 0))
	}
	if s, err = r.SetCell(p, 0, 0, ""); err != nil || s.Cell(0, 0) != "" {
		t.Errorf("SetCell empty: %v", err)
	}
	for _, bad := range []struct {
		row, col int
		cell     string
	}{{0, 0, "AB"}, {0, 0, "1"}, {0, 0, "?"}, {2 * AreaRows, 0, "A"}, {0, Cols, "A"}} {
		if _, err := r.SetCell(p, bad.row, bad.col, bad.cell); !errors.Is(err, game.ErrBadInput) {
			t.Errorf("SetCell(%d,%d,%q): %v", bad.row, bad.col, bad.cell, err)
		}
	}
}

func TestJudge(t *testing.T) {
	for _, tc := range []struct {
		name          string
		refuse        bool
		before, after Position
		seat          int // credited, 1-based
		scores        []int
		words         []string
		code          string
	}{
		{"Ann lays KEYBOARD and CAKE, two apart", false, table(t, nothing, justLoose), table(t, cake, justLoose), 1, []int{125, 0}, []string{"KEYBOARD", "CAKE"}, ""},
		{"Ben lays JUMP and JAW", false, table(t, cake, justLoose), table(t, cake, jump), 2, []int{125, 200}, []string{"JUMP", "JAW"}, ""},
		{"BED: only the new word", false, table(t, cake, jump), table(t, bed, jump), 1, []int{267, 200}, []string{"BED"}, ""},
		{"the seed's example: 9 / 4", false, table(t, bed, pix), table(t, rubbish, pix), 1, []int{225, 367}, []string{"RUBBISH"}, ""},
		{"both at once: the first seat's turn", false, table(t, cake, jump), table(t, bed, pix), 1, []int{267, 367}, []string{"BED", "PIX"}, ""},
		{"OXE stands, flagged", false, table(t, rubbish, pix), table(t, oxe, pix), 1, nil, []string{"EX", "DE", "OXE"}, ""},
		{"OXE refused", true, table(t, rubbish, pix), table(t, oxe, pix), 0, nil, nil, "not_a_word"},
		{"three players, two sides", false, table(t, cake, jump), table(t, bed, jump), 0, nil, nil, "no_side"},
		{"a tile unread", false, table(t, cake, jump), table(t, []string{"C.......", "?.......", "KEYBOARD", "E......."}, jump), 0, nil, nil, "unread"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := game.Options{}
			if tc.refuse {
				opt[game.OptRefuse] = "true"
			}
			r := newRules(t, opt, testWords)
			seats := 2
			if tc.code == "no_side" {
				seats = 3
			}
			mv, err := r.Judge(tc.before, tc.after, game.Table{Seats: seats})
			if tc.code != "" {
				var rej *game.Rejection
				if !errors.As(err, &rej) || rej.Code != tc.code {
					t.Fatalf("Judge: %+v, %v; want %s", mv, err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range mv.Words {
				got = append(got, w.Word)
			}
			if mv.Seat != tc.seat || !mv.Again || strings.Join(got, ",") != strings.Join(tc.words, ",") {
				t.Errorf("seat %d, again %v, words %v; want seat %d, words %v", mv.Seat, mv.Again, got, tc.seat, tc.words)
			}
			if tc.scores != nil && (len(mv.Scores) != 2 || mv.Scores[0] != tc.scores[0] || mv.Scores[1] != tc.scores[1] || mv.Score != tc.scores[tc.seat-1]) {
				t.Errorf("scores %v, turn %d; want %v", mv.Scores, mv.Score, tc.scores)
			}
			if len(mv.Placed) == 0 {
				t.Error("no tiles placed")
			}
		})
	}
}

func TestTally(t *testing.T) {
	r := newRules(t, nil, nil)
	players := []game.Player{{Name: "Ann", Score: 225}, {Name: "Ben", Score: 367}, {Name: "Cy"}}
	for _, tc := range []struct {
		name   string
		final  Position
		left   []int
		finals []int
		ranks  []int
		tiles  []int
	}{
		{"nothing held", table(t, rubbish, pix), []int{0, 0, 0}, []int{225, 367, 0}, []int{2, 1, 0}, []int{0, 0, 0}},
		{"Ben holds 3: 11 / 6", table(t, rubbish, pix), []int{0, 3, 0}, []int{225, 183, 0}, []int{1, 2, 0}, []int{0, 3, 0}},
		{"apart on the table and held", table(t, cake, jump), []int{1, 0, 5}, []int{100, 200, 0}, []int{2, 1, 0}, []int{3, 2, 5}},
		{"a tie shares the rank", table(t, jump, jump), []int{0, 0, 0}, []int{200, 200, 0}, []int{1, 1, 0}, []int{2, 2, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := r.Tally(tc.final, players, tc.left)
			for i, l := range lines {
				if l.Final != tc.finals[i] || l.Rank != tc.ranks[i] || l.Tiles != tc.tiles[i] || l.Winner != (tc.ranks[i] == 1) || l.Penalty != l.Final-l.Score {
					t.Errorf("%s: %+v; want final %d, rank %d, %d tiles", l.Name, l, tc.finals[i], tc.ranks[i], tc.tiles[i])
				}
			}
		})
	}
	if got := r.Held(table(t, cake, jump), 2); len(got) != 2 || got[0] != 2 || got[1] != 2 {
		t.Errorf("held %v, want [2 2]", got)
	}
	if got := r.Bag(table(t, cake, jump), 2); got != SetSize-60 {
		t.Errorf("bag %d, want %d", got, SetSize-60)
	}
}

// TestSeatOf: a point goes to the seat whose side of the photo is nearest.
func TestSeatOf(t *testing.T) {
	four := []Side{South, West, North, East}
	for _, tc := range []struct {
		name  string
		sides []Side
		x, y  float64
		want  int
	}{
		{"two: the bottom half", []Side{South, North}, 50, 60, 0},
		{"two: the top half", []Side{South, North}, 99, 40, 1},
		{"four: left", four, 10, 50, 1},
		{"four: right", four, 90, 45, 3},
		{"four: top", four, 50, 5, 2},
		{"four: bottom", four, 48, 95, 0},
		{"north first", []Side{North, South}, 50, 20, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := SeatOf(tc.sides, tc.x, tc.y, 100, 100); got != tc.want {
				t.Errorf("SeatOf = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestTableReading: tiles on the photo's lattice become each seat's
// crossword the way up its player reads it, where it stood.
func TestTableReading(t *testing.T) {
	word := func(w string, row, col, dr, dc int) []Seen {
		var out []Seen
		for i := range len(w) {
			out = append(out, Seen{Letter: w[i : i+1], Conf: 0.9, Row: row + i*dr, Col: col + i*dc})
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		side  Side
		tiles []Seen
		want  string // the crossword, trimmed
		loose int
	}{
		{"south reads as the photo", South, word("JAW", 5, 5, 1, 0), "J\nA\nW\n", 0},
		{"north is upside down", North, word("WAJ", 3, 2, 0, 1), "JAW\n", 0},
		{"west is turned: down is towards the photo's left", West, word("JAW", 4, 6, 0, -1), "J\nA\nW\n", 0},
		{"east is turned: across is towards the photo's top", East, word("JAW", 4, 4, -1, 0), "JAW\n", 0},
		{"apart from the crossword", South, append(word("JAW", 0, 0, 0, 1), Seen{Letter: "Q", Row: 5, Col: 5}, Seen{Letter: "Z", Row: -1}), "JAW\n", 2},
		{"an unread tile", South, word("J?W", 0, 0, 0, 1), "J?W\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			by := make([]int, len(tc.tiles))
			p, conf, err := TableReading([]Side{tc.side}, tc.tiles, by, NewPosition(1))
			if err != nil {
				t.Fatal(err)
			}
			a := p.Area(0)
			if got := Trimmed(a.Cross); got != tc.want || a.Loose != tc.loose {
				t.Errorf("crossword\n%swant\n%s; loose %d, want %d", got, tc.want, a.Loose, tc.loose)
			}
			if len(conf) != AreaRows || len(conf[0]) != Cols {
				t.Errorf("conf %dx%d", len(conf), len(conf[0]))
			}
		})
	}
	// Where it stood: JAW grows to JAWS; the tiles it had stay put.
	p, _, err := TableReading([]Side{South}, word("JAW", 0, 0, 0, 1), []int{0, 0, 0}, NewPosition(1))
	if err != nil {
		t.Fatal(err)
	}
	q, _, err := TableReading([]Side{South}, word("JAWS", 7, 3, 0, 1), []int{0, 0, 0, 0}, p)
	if err != nil {
		t.Fatal(err)
	}
	for c := range Cols {
		for r := range CrossRows {
			if ch := p.Cell(r, c); ch != "" && q.Cell(r, c) != ch {
				t.Fatalf("JAWS moved JAW: row %d, column %d is %q, was %q\n%s", r, c, q.Cell(r, c), ch, q)
			}
		}
	}
	// Too big for the page.
	if _, _, err := TableReading([]Side{South}, word("ABCDEFGHIJKLMNOPQ", 0, 0, 0, 1), make([]int, 17), NewPosition(1)); err == nil {
		t.Error("a crossword 17 wide fitted")
	}
}

// TestPlayThrough plays the demo's record through a session: every seat's
// score, the turn credited to the seat that changed, a flagged word
// challenged off with the scores put back.
func TestPlayThrough(t *testing.T) {
	ctx := context.Background()
	rec, err := ReadRecord(demoLog, "game.txt", 2)
	if err != nil {
		t.Fatal(err)
	}
	rules := newRules(t, game.Options{OptSides: "south,north"}, testWords)
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Ann", "Ben"}, Rules: rules, Dict: testWords})
	if err != nil {
		t.Fatal(err)
	}
	var last game.Turn
	for i, ph := range rec {
		p := table(t, append(ph.Seats[0].Cross, "apart "+ph.Seats[0].Apart), append(ph.Seats[1].Cross, "apart "+ph.Seats[1].Apart))
		last, err = s.Play(ctx, game.Frame{ID: ph.Note}, game.Reading{Board: p})
		if err != nil || last.Status != game.StatusAccepted {
			t.Fatalf("photo %d (%s): %+v, %v", i, ph.Note, last, err)
		}
		st := s.State()
		for seat := range 2 {
			if want := ph.Seats[seat].Score(); st.Players[seat].Score != want {
				t.Errorf("photo %d (%s): %s %d, want %d", i, ph.Note, st.Players[seat].Name, st.Players[seat].Score, want)
			}
		}
		if want := strings.Fields(ph.Note)[0]; last.Name != want {
			t.Errorf("photo %d is %s's turn, want %s's", i, last.Name, want)
		}
	}
	flagged := ""
	for _, w := range last.Words {
		if w.NotInDictionary {
			flagged += w.Word
		}
	}
	if flagged != "OXE" {
		t.Fatalf("flagged %q in %+v, want OXE", flagged, last.Words)
	}
	valid, st, err := s.Challenge(ctx, last.N, "OXE")
	if err != nil || valid || st.Players[0].Score != 225 || st.Players[1].Score != 367 {
		t.Errorf("OXE challenged: %v %v, scores %+v; want withdrawn, 2.25 and 3.67", valid, err, st.Players)
	}
	// Undo takes the challenge back: OXE stands again, and Ann's score.
	if st, err := s.Undo(ctx); err != nil || st.Players[0].Score != rec[len(rec)-1].Seats[0].Score() {
		t.Errorf("undo of the challenge: %v, Ann %d, want %d", err, st.Players[0].Score, rec[len(rec)-1].Seats[0].Score())
	}
	if _, st, err := s.Challenge(ctx, last.N, "OXE"); err != nil || st.Players[0].Score != 225 {
		t.Fatalf("OXE challenged again: %v", err)
	}
	st, err = s.End(ctx, []int{0, 2})
	if err != nil || st.Tally[0].Rank != 1 || st.Tally[1].Final != 220 {
		t.Errorf("the end: %+v, %v; want Ann first, Ben 11 / 5 = 2.20", st.Tally, err)
	}
}

// TestOwnArea: a phone photo of one player's area, taken from their seat,
// changes that area only, whichever side of the photo its tiles lay.
func TestOwnArea(t *testing.T) {
	// seen lays a crossword's rows out as tiles of a photo, its way up.
	seen := func(rows ...string) []Seen {
		var out []Seen
		for r, row := range rows {
			for c := range len(row) {
				if row[c] != '.' {
					out = append(out, Seen{Letter: row[c : c+1], Conf: 0.9, Row: r + 3, Col: c + 2})
				}
			}
		}
		return out
	}
	sides := []Side{South, North}
	all := func(n, seat int) []int {
		by := make([]int, n)
		for i := range by {
			by[i] = seat
		}
		return by
	}
	pixTiles, bedTiles := seen(pix...), seen(bed...)
	for _, tc := range []struct {
		name     string
		standing Position
		tiles    []Seen
		by       []int
		own      bool
		seat     int
		want     Position
	}{
		{"Ben's photo, lying low in it", table(t, cake, jump), pixTiles, all(len(pixTiles), 0), true, 1, table(t, cake, pix)},
		{"Ann's photo, lying high in it", table(t, cake, jump), bedTiles, all(len(bedTiles), 1), true, 0, table(t, bed, jump)},
		{"the whole table", table(t, cake, jump), append(seen(pix...), bedTiles...), append(all(len(pixTiles), 1), all(len(bedTiles), 0)...), false, 0, Position{}},
		{"Ben's first, Ann's standing: kept", table(t, cake, nothing), pixTiles, all(len(pixTiles), 1), true, 1, table(t, cake, pix)},
		{"nothing standing: the whole table", table(t, nothing, nothing), pixTiles, all(len(pixTiles), 1), false, 0, Position{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, own := OwnArea(sides, tc.tiles, tc.by, tc.standing)
			if own != tc.own || own && s != tc.seat {
				t.Fatalf("OwnArea = seat %d, %v; want seat %d, %v", s, own, tc.seat, tc.own)
			}
			if !own {
				return
			}
			p, _, err := AreaReading(sides, s, tc.tiles, tc.standing)
			if err != nil {
				t.Fatal(err)
			}
			for seat := range 2 {
				if got, want := Trimmed(p.Area(seat).Cross), Trimmed(tc.want.Area(seat).Cross); got != want {
					t.Errorf("seat %d: crossword\n%swant\n%s", seat+1, got, want)
				}
			}
			if !sameArea(p, tc.standing, 1-s) {
				t.Errorf("the other seat's area changed")
			}
		})
	}
}

// FuzzParse: any text either parses to a table whose text form reads back
// the same, or is refused as bad input; a tapped cell's text likewise.
func FuzzParse(f *testing.F) {
	p := NewPosition(2).with(2, 3, 'K').with(AreaRows+CrossRows, 0, 'Q')
	f.Add(p.String(), "A")
	f.Add("# seat 1\n"+strings.Repeat(".", Cols)+"\n", "")
	f.Add(strings.Repeat("abc\n", 40), "?")
	r, err := Game{}.New(nil, game.Env{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text, cell string) {
		q, err := r.Parse(text, "fuzz")
		if err != nil {
			if !errors.Is(err, game.ErrBadInput) {
				t.Fatalf("Parse: %v, not bad input", err)
			}
			q = r.Empty()
		}
		back, err := r.Parse(q.String(), "again")
		if err != nil || back.String() != q.String() {
			t.Fatalf("the text form does not read back: %v\n%s", err, q)
		}
		s, err := r.SetCell(q, 0, 0, cell)
		if err != nil {
			if !errors.Is(err, game.ErrBadInput) {
				t.Fatalf("SetCell(%q): %v, not bad input", cell, err)
			}
			return
		}
		if got := s.Cell(0, 0); got != strings.ToUpper(cell) && !(got == "" && (cell == "" || cell == ".")) {
			t.Fatalf("SetCell(%q) put %q", cell, got)
		}
	})
}
