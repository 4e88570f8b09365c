package twists

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/twists"
	"github.com/tilescope/tilescope/vision/loose"
)

type words map[string]bool

func (w words) Contains(s string) bool { return w[strings.ToUpper(s)] }

var ruWords = words{"ОТКОС": true, "СОКОЛ": true, "СОН": true, "КОТ": true, "ТОК": true, "КОС": true, "ОКОННЫЙ": true}

func newRules(t *testing.T, opt game.Options, d game.Dictionary) *Rules {
	t.Helper()
	r, err := Game{}.New(opt, game.Env{Dict: d})
	if err != nil {
		t.Fatal(err)
	}
	return r.(*Rules)
}

// table is a 15x15 position with the rows given placed from row top,
// column 0 (one character a cell, '.' empty), and the seats' tiles.
func table(t *testing.T, r *Rules, top int, held []int, rows ...string) Position {
	t.Helper()
	b := twists.NewBoard(r.size, r.size)
	for i, row := range rows {
		for j, ch := range []rune(row) {
			if ch != '.' {
				b.Set(twists.Pos{Row: top + i, Col: j}, ch)
			}
		}
	}
	return Position{Board: b, Held: held}
}

func TestNewOptions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opt     game.Options
		wantErr string
		alpha   twists.Alphabet
		size    int
	}{
		{"default: Russian, 15", nil, "", twists.Russian, 15},
		{"English", game.Options{OptSet: "en"}, "", twists.English, 15},
		{"size 21", game.Options{OptSize: "21"}, "", twists.Russian, 21},
		{"refuse", game.Options{game.OptRefuse: "true"}, "", twists.Russian, 15},
		{"unknown setting", game.Options{"colours": "red"}, "colours", 0, 0},
		{"bad set", game.Options{OptSet: "de"}, "set", 0, 0},
		{"bad size", game.Options{OptSize: "16"}, "size", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Game{}.New(tc.opt, game.Env{})
			if tc.wantErr != "" {
				if err == nil || !errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("New(%v) = %v, want error %q", tc.opt, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := r.(*Rules); got.alpha != tc.alpha || got.size != tc.size {
				t.Errorf("alphabet %v size %d, want %v %d", got.alpha, got.size, tc.alpha, tc.size)
			}
		})
	}
}

// TestWordsOfTheSet: the referee's words are the set's language: the
// table's list when the table says it is in that language or does not
// say (a list of the players' own), else the built-in list of the set's
// language, whatever words the table's list happens to hold.
func TestWordsOfTheSet(t *testing.T) {
	english := words{"THE": true, "CAT": true}
	// An English list that holds a Russian loan word: its words do not
	// make it a Russian list.
	loans := words{"THE": true, "CAT": true, "КОТ": true}
	// A Russian list of the players' own without КОТ.
	own := words{"ОТКОС": true, "СОКОЛ": true}
	for _, tc := range []struct {
		name         string
		set, lang    string
		table        game.Dictionary
		knows, wrong string
	}{
		{"Russian set on an English table: the built-in Russian list", "ru", "en", english, "ОКОННЫЙ", "CAT"},
		{"Russian set on an English table that knows КОТ: the built-in Russian list", "ru", "en", loans, "ОКОННЫЙ", "CAT"},
		{"English set on an English table: the table's list", "en", "en", english, "CAT", "DOG"},
		{"English set on a Russian table: the built-in English list", "en", "ru", ruWords, "DOG", "ОТКОС"},
		{"Russian set on a Russian list: the table's", "ru", "ru", ruWords, "ОТКОС", "ДОМ"},
		{"Russian set on a list of the players' own without КОТ: theirs", "ru", "", own, "СОКОЛ", "ДОМ"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Game{}.New(game.Options{OptSet: tc.set}, game.Env{Dict: tc.table, Lang: tc.lang})
			if err != nil {
				t.Fatal(err)
			}
			w := r.(*Rules).Words()
			if w == nil || !w.Contains(tc.knows) || w.Contains(tc.wrong) {
				t.Errorf("the game's words: %s known %v, %s known %v; want the first only", tc.knows, w != nil && w.Contains(tc.knows), tc.wrong, w != nil && w.Contains(tc.wrong))
			}
		})
	}
	if r := newRules(t, nil, nil); r.Words() != nil {
		t.Errorf("no table dictionary: want none")
	}
}

func TestPositionText(t *testing.T) {
	r := newRules(t, nil, nil)
	p := table(t, r, 7, []int{31, 36, 36}, "...ОТКОС", "....О!@23")
	q, err := r.Parse(p.String(), "p")
	if err != nil || !game.SamePosition(p, q) || q.String() != p.String() || !slices.Equal(q.(Position).Held, p.Held) {
		t.Fatalf("round trip: %v\n%s", err, q)
	}
	if p.Cell(7, 3) != "О" || p.Cell(8, 5) != "!" || p.Cell(0, 0) != "" || p.Cell(15, 0) != "" {
		t.Errorf("cells %q %q", p.Cell(7, 3), p.Cell(8, 5))
	}
	if got := r.Piece("@"); got.Action != "reverse" || got.Letter != "" {
		t.Errorf("Piece(@) = %+v", got)
	}
	if got := r.Piece("Ж"); got.Letter != "Ж" || got.Action != "" {
		t.Errorf("Piece(Ж) = %+v", got)
	}
	for _, tc := range []struct{ name, text, want string }{
		{"a Latin letter in the Russian set", strings.Replace(p.String(), "О", "O", 1), "Russian letter"},
		{"two characters in a cell", strings.Replace(p.String(), "О", "ОО", 1), "one character"},
		{"a bad count", p.String() + "held x\n", "held"},
		{"a short lattice", ". . .\n", "lattice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := r.Parse(tc.text, "bad.txt"); !errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Parse: %v, want %q", err, tc.want)
			}
		})
	}
}

func TestSetCell(t *testing.T) {
	r := newRules(t, nil, nil)
	p := table(t, r, 7, nil, "...ОТКОС")
	for _, tc := range []struct {
		name, cell string
		want       string // the cell after; "" with wantErr
		wantErr    bool
	}{
		{"a letter", "ж", "Ж", false},
		{"Ё", "Ё", "Ё", false},
		{"skip by name", "skip", "!", false},
		{"give 3 by character", "3", "3", false},
		{"empty", "", "", false},
		{"a Latin letter", "C", "", true},
		{"two letters", "ЖЖ", "", true},
		{"a digit that is no action", "4", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := r.SetCell(p, 7, 4, tc.cell)
			if tc.wantErr {
				if !errors.Is(err, game.ErrBadInput) {
					t.Errorf("SetCell(%q) = %v, want bad input", tc.cell, err)
				}
				return
			}
			if err != nil || q.Cell(7, 4) != tc.want || p.Cell(7, 4) != "Т" {
				t.Errorf("SetCell(%q): %v, %q (the old position %q)", tc.cell, err, q.Cell(7, 4), p.Cell(7, 4))
			}
		})
	}
	if _, err := r.SetCell(p, 15, 0, "Ж"); !errors.Is(err, game.ErrBadInput) {
		t.Errorf("off the lattice: %v", err)
	}
}

func TestJudge(t *testing.T) {
	r := newRules(t, nil, ruWords)
	refuse := newRules(t, game.Options{game.OptRefuse: "true"}, ruWords)
	empty := table(t, r, 0, nil)
	otkos := table(t, r, 7, []int{31, 36, 36}, "...ОТКОС")
	for _, tc := range []struct {
		name          string
		rules         *Rules
		before, after Position
		tab           game.Table
		code          string // a rejection's
		word          string
		held          []int
		score         int
		skip          int
		reverse       bool
		others        []string
	}{
		{name: "the first word, found from the dictionary", rules: r, before: empty, after: table(t, r, 7, nil, "....ОТКОС"),
			tab: game.Table{Seats: 3}, word: "ОТКОС", held: []int{31, 36, 36}, score: 5},
		{name: "the first word off the lattice's middle: shifted there", rules: r, before: empty, after: table(t, r, 1, nil, "ОТКОС"),
			tab: game.Table{Seats: 3, Word: "ОТКОС"}, word: "ОТКОС", held: []int{31, 36, 36}, score: 5},
		{name: "two players are dealt 54", rules: r, before: empty, after: table(t, r, 7, nil, "......КОТ"),
			tab: game.Table{Seats: 2, Seat: 1, Word: "КОТ"}, word: "КОТ", held: []int{54, 51}, score: 3},
		{name: "a bent word and a skip tile", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....О", "...Л", "..!"),
			tab: game.Table{Seat: 1, Seats: 3}, word: "СОКОЛ", held: []int{31, 33, 36}, score: 3, skip: 1},
		{name: "a reverse tile", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ОН", ".....@"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТОН"}, word: "ТОН", held: []int{31, 33, 36}, score: 3, reverse: true},
		{name: "give 2 goes to the next player, anticlockwise", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ОН", ".....2"),
			tab: game.Table{Seat: 1, Seats: 3, Reversed: true, Word: "ТОН"}, word: "ТОН", held: []int{33, 31, 36}, score: 5},
		{name: "give 2, split by the table: one each to seats 1 and 3", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ОН", ".....2"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТОН/1=1,3=1"}, word: "ТОН", held: []int{32, 31, 37}, score: 5},
		{name: "a give tile alone, to seat 2", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "..3"),
			tab: game.Table{Seat: 0, Seats: 3, Word: "/2=3"}, held: []int{27, 39, 36}, score: 4},
		{name: "a split that does not add up", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ОН", ".....2"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТОН/1=1"}, code: twists.CodeBadGive},
		{name: "a split to the giver", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ОН", ".....2"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТОН/2=2"}, code: twists.CodeBadGive},
		{name: "a split with no give tile", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ОН"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТОН/1=2"}, code: twists.CodeBadGive},
		{name: "a split to no seat", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ОН", ".....2"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТОН/4=2"}, code: twists.CodeBadGive},
		{name: "a word the dictionary does not know, named: it stands", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ЖЖ"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТЖЖ"}, word: "ТЖЖ", held: []int{31, 34, 36}, score: 2},
		{name: "the house setting refuses it", rules: refuse, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ЖЖ"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТЖЖ"}, code: twists.CodeNotAWord},
		{name: "no word fits: the table names it", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "....ЖЖ"),
			tab: game.Table{Seat: 1, Seats: 3}, code: "ambiguous"},
		{name: "two words of one length fit", rules: r, before: table(t, r, 7, []int{31, 36, 36}, "...К"), after: table(t, r, 7, nil, "...КОТ"),
			tab: game.Table{Seat: 1, Seats: 3}, code: "ambiguous"},
		{name: "the longest word, the others listed", rules: r, before: table(t, r, 7, []int{31, 36, 36}, "ОТК.С"), after: table(t, r, 7, nil, "ОТКОС"),
			tab: game.Table{Seat: 1, Seats: 3}, word: "ОТКОС", code: "ambiguous"},
		{name: "an action tile alone", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОС", "..@"),
			tab: game.Table{Seat: 2, Seats: 3}, held: []int{31, 36, 35}, score: 1, reverse: true},
		{name: "more tiles than the player has", rules: r, before: table(t, r, 7, []int{31, 2, 36}, "...ОТКОС"), after: table(t, r, 7, nil, "...ОТКОС", "....ОН", ".....@"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТОН"}, code: twists.CodeTooFewTiles},
		{name: "the last tiles: out, the winner", rules: r, before: table(t, r, 7, []int{31, 2, 36}, "...ОТКОС"), after: table(t, r, 7, nil, "...ОТКОС", "....ОН"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "ТОН"}, word: "ТОН", held: []int{31, 0, 36}, score: 2},
		{name: "after the winner: over", rules: r, before: table(t, r, 7, []int{31, 0, 36}, "...ОТКОС"), after: table(t, r, 7, nil, "...ОТКОС", "....ОН"),
			tab: game.Table{Seat: 2, Seats: 3, Word: "СОН"}, code: twists.CodeGameOver},
		{name: "a tile moved", rules: r, before: otkos, after: table(t, r, 7, nil, "...ОТКОТ", "....ОН"),
			tab: game.Table{Seat: 1, Seats: 3, Word: "СОН"}, code: twists.CodeMovedTile},
		{name: "one player", rules: r, before: empty, after: otkos, tab: game.Table{Seats: 1}, code: "players"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mv, err := tc.rules.Judge(tc.before, tc.after, tc.tab)
			var rej *game.Rejection
			if tc.code != "" && tc.word == "" {
				if !errors.As(err, &rej) || rej.Code != tc.code {
					t.Fatalf("Judge = %+v, %v; want %s", mv, err, tc.code)
				}
				return
			}
			if tc.code == "ambiguous" {
				// The longest word wins, the shorter ones are listed.
				if err != nil {
					t.Fatalf("Judge: %v", err)
				}
				d := mv.Detail.(Detail)
				if d.Word != tc.word || len(d.Others) == 0 {
					t.Errorf("word %s, others %v; want %s and others", d.Word, d.Others, tc.word)
				}
				return
			}
			if err != nil {
				t.Fatalf("Judge: %v", err)
			}
			d := mv.Detail.(Detail)
			if d.Word != tc.word || !slices.Equal(d.Held, tc.held) || mv.Score != tc.score || mv.Skip != tc.skip || mv.Reverse != tc.reverse {
				t.Errorf("word %q held %v score %d skip %d reverse %v; want %q %v %d %d %v", d.Word, d.Held, mv.Score, mv.Skip, mv.Reverse, tc.word, tc.held, tc.score, tc.skip, tc.reverse)
			}
			if held := mv.Position.(Position).Held; !slices.Equal(held, tc.held) {
				t.Errorf("the position holds %v", held)
			}
			if d.First && !slices.ContainsFunc(d.Path, func(p [2]int) bool { return p == [2]int{7, 7} }) {
				t.Errorf("the first word's path %v misses the middle (7,7)", d.Path)
			}
			if d.Word != "" && (len(mv.Words) != 1 || mv.Words[0].Word != d.Word || len(d.Path) != len([]rune(d.Word))) {
				t.Errorf("words %v path %v", mv.Words, d.Path)
			}
			if d.Winner != (tc.held[tc.tab.Seat] == 0) {
				t.Errorf("winner %v", d.Winner)
			}
		})
	}
}

func TestTally(t *testing.T) {
	r := newRules(t, nil, nil)
	players := []game.Player{{Name: "Аня", Score: 27}, {Name: "Борис", Score: 10}, {Name: "Вера", Score: 3}}
	for _, tc := range []struct {
		name   string
		held   []int
		winner []bool
	}{
		{"the first out wins", []int{0, 26, 33}, []bool{true, false, false}},
		{"ended early: the fewest tiles", []int{4, 26, 4}, []bool{true, false, true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := r.Tally(table(t, r, 7, tc.held, "ОТКОС"), players, nil)
			for i, l := range lines {
				if l.Winner != tc.winner[i] || l.Tiles != tc.held[i] || l.Final != players[i].Score {
					t.Errorf("%s: %+v", l.Name, l)
				}
			}
		})
	}
	if got := r.Held(table(t, r, 7, nil), 4); !slices.Equal(got, []int{27, 27, 27, 27}) {
		t.Errorf("the deal for four: %v", got)
	}
}

// TestPlace puts a photo's tiles on the lattice: the first word's middle
// on the middle; later photos where they cover the table as it stands,
// whatever the photo's own lattice.
func TestPlace(t *testing.T) {
	r := newRules(t, nil, nil)
	tile := func(row, col int, l string) loose.Tile { return loose.Tile{Row: row, Col: col, Letter: l, Conf: 0.9} }
	first, err := r.place([]loose.Tile{tile(0, 0, "О"), tile(0, 1, "Т"), tile(0, 2, "К"), tile(0, 3, "О"), tile(0, 4, "С")}, twists.NewBoard(15, 15))
	if err != nil {
		t.Fatal(err)
	}
	want := table(t, r, 7, nil, ".....ОТКОС")
	if !game.SamePosition(first.Board, want) {
		t.Fatalf("the first word:\n%s", first.Board)
	}
	standing := first.Board.(Position).Board
	for _, tc := range []struct {
		name  string
		tiles []loose.Tile
		want  Position
	}{
		{"the same tiles on another lattice, and a new one", []loose.Tile{tile(3, 2, "О"), tile(3, 3, "Т"), tile(3, 4, "К"), tile(3, 5, "О"), tile(3, 6, "С"), tile(4, 5, "Н"), tile(5, 6, "skip")},
			table(t, r, 7, nil, ".....ОТКОС", "........Н", ".........!")},
		{"a misread tile still places them", []loose.Tile{tile(0, 0, "О"), tile(0, 1, "Г"), tile(0, 2, "К"), tile(0, 3, "О"), tile(0, 4, "С"), tile(1, 0, "Л")},
			table(t, r, 7, nil, ".....ОГКОС", ".....Л")},
		{"an unread tile: the placeholder", []loose.Tile{tile(0, 0, "О"), tile(0, 1, "Т"), tile(0, 2, "К"), tile(0, 3, "О"), tile(0, 4, "С"), tile(1, 4, "?")},
			table(t, r, 7, nil, ".....ОТКОС", ".........А")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rd, err := r.place(tc.tiles, standing)
			if err != nil {
				t.Fatal(err)
			}
			if !game.SamePosition(rd.Board, tc.want) {
				t.Errorf("got\n%swant\n%s", rd.Board, tc.want)
			}
		})
	}
	var wide []loose.Tile
	for c := range 16 {
		wide = append(wide, tile(0, c, "О"))
	}
	var off OffLattice
	if _, err := r.place(wide, standing); !errors.As(err, &off) || off.Code() != "out_of_view" {
		t.Errorf("16 tiles in a row on a 15 lattice: %v", err)
	}
	// An English set never takes a Cyrillic reading: the tile is the
	// table's to tap.
	en := newRules(t, game.Options{OptSet: "en"}, nil)
	rd, err := en.place([]loose.Tile{tile(0, 0, "C"), tile(0, 1, "A"), tile(0, 2, "Т")}, twists.NewBoard(15, 15))
	if err != nil {
		t.Fatal(err)
	}
	if got := rd.Board.Cell(7, 6) + rd.Board.Cell(7, 7) + rd.Board.Cell(7, 8); got != "CAA" || rd.Conf[7][8] != 0 {
		t.Errorf("CA and a Cyrillic Т in an English set: %q, conf %v", got, rd.Conf[7][8])
	}
}

// TestReconcile: the tiles of the table as it stands are taken as they
// stand; only empty cells are the photo's.
func TestReconcile(t *testing.T) {
	r := newRules(t, nil, nil)
	standing := table(t, r, 7, []int{31, 36, 36}, "...ОТКОС")
	read := table(t, r, 7, nil, "...ОГК.С", "....О")
	rd, n := r.Reconcile(standing, nil, game.Reading{Board: read})
	if want := table(t, r, 7, nil, "...ОТКОС", "....О"); n != 2 || !game.SamePosition(rd.Board, want) {
		t.Errorf("%d changed:\n%s", n, rd.Board)
	}
}

// TestSession plays the game through the session: the table's dictionary
// is English, the set Russian; the word flagged and challenged against the
// Russian list; the order as skip and reverse tiles change it; the tiles
// each seat holds.
func TestSession(t *testing.T) {
	ctx := context.Background()
	ri, err := Game{}.New(nil, game.Env{Dict: words{"THE": true}, Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	rules := ri.(*Rules)
	r := rules
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Аня", "Борис", "Вера"}, Rules: rules, Dict: words{"THE": true}})
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name   string
		word   string
		rows   []string
		toPlay int
		held   []int
		flag   bool
	}{
		{"Аня: ОТКОС", "", []string{".....ОТКОС"}, 1, []int{31, 36, 36}, false},
		{"Борис: СОКОЛ and skip: Вера misses", "СОКОЛ", []string{".....ОТКОС", "......О", ".....Л", "....!"}, 0, []int{31, 33, 36}, false},
		{"Аня: СЖЖ, named, not a word; reverse: Вера", "СЖЖ", []string{".....ОТКОС", "......О..Ж", ".....Л...Ж@", "....!"}, 2, []int{28, 33, 36}, true},
	}
	for _, st := range steps {
		p := table(t, r, 7, nil, st.rows...)
		tn, err := s.Play(ctx, game.Frame{ID: st.name}, game.Reading{Board: p})
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if st.word != "" && (tn.Status != game.StatusAccepted || tn.Words[0].Word != st.word) {
			if _, err := s.NameWord(ctx, tn.N, st.word); err != nil {
				t.Fatalf("%s: naming %s: %v", st.name, st.word, err)
			}
		}
		g := s.State()
		last := g.History[len(g.History)-1]
		if last.Status != game.StatusAccepted {
			t.Fatalf("%s: %s %s", st.name, last.Code, last.Error)
		}
		var held []int
		for _, pl := range g.Players {
			held = append(held, *pl.Held)
		}
		if g.ToPlay != st.toPlay || !slices.Equal(held, st.held) || last.Words[0].NotInDictionary != st.flag {
			t.Errorf("%s: %s to play, held %v, flagged %v; want seat %d, %v, %v", st.name, g.Players[g.ToPlay].Name, held, last.Words[0].NotInDictionary, st.toPlay, st.held, st.flag)
		}
	}
	if !s.State().Reversed {
		t.Errorf("a reverse tile was played: want play reversed")
	}
	// СЖЖ is challenged: not a Russian word. The tiles go back, Аня plays
	// again, the order as it was.
	last := s.State().Turns[len(s.State().Turns)-1]
	valid, st, err := s.Challenge(ctx, last.N, "СЖЖ")
	if err != nil || valid {
		t.Fatalf("challenge: %v, %v", valid, err)
	}
	if st.ToPlay != 0 || st.Reversed || *st.Players[0].Held != 31 {
		t.Errorf("after the challenge: seat %d, reversed %v, Аня holds %d", st.ToPlay, st.Reversed, *st.Players[0].Held)
	}
	// Undo takes the challenge back: СЖЖ stands, play reversed, Вера to
	// play, Аня's tiles down again.
	st, err = s.Undo(ctx)
	if err != nil || st.ToPlay != 2 || !st.Reversed || *st.Players[0].Held != 28 {
		t.Errorf("after the undo: %v; seat %d, reversed %v, Аня holds %d", err, st.ToPlay, st.Reversed, *st.Players[0].Held)
	}
}

// TestReconcileSameView: a photo read exactly as an earlier one is taken
// as the table corrected that one; a photo that differs is not.
func TestReconcileSameView(t *testing.T) {
	r := newRules(t, nil, nil)
	standing := table(t, r, 7, []int{31, 36, 36}, "...ОТКОС")
	seen := table(t, r, 7, nil, "...ОТКОС", "....Ж", "......")
	fixed := table(t, r, 7, nil, "...ОТКОС", "....Ж", "....Ь")
	past := []game.Sighting{{Seen: seen, After: fixed}}
	for _, tc := range []struct {
		name string
		read Position
		want Position
	}{
		{"the same view: the correction holds", seen, fixed},
		{"the tiles taken back: the photo's", table(t, r, 7, nil, "...ОТКОС"), table(t, r, 7, nil, "...ОТКОС")},
		{"another view", table(t, r, 7, nil, "...ОТКОС", "....Ж", ".....Н"), table(t, r, 7, nil, "...ОТКОС", "....Ж", ".....Н")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rd, _ := r.Reconcile(standing, past, game.Reading{Board: tc.read})
			if !game.SamePosition(rd.Board, tc.want) {
				t.Errorf("got\n%swant\n%s", rd.Board, tc.want)
			}
		})
	}
}

// TestTapOnAMovedFirstWord: a first word read off the lattice's middle is
// judged moved there; the turn is shown there, and a tap on it, while it
// is the latest, corrects the cell tapped (the reading's cell under it),
// not the cell of the photo's own lattice with the same number.
func TestTapOnAMovedFirstWord(t *testing.T) {
	ctx := context.Background()
	d := words{"ОТКОС": true, "ОТКОЛ": true}
	r := newRules(t, nil, d)
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Аня", "Борис"}, Rules: r, Dict: d})
	if err != nil {
		t.Fatal(err)
	}
	// ОТКОС read at row 2, columns 2 to 6: judged with its О on the
	// middle (7, 7), the word along row 7, columns 7 to 11.
	conf := make([][]float64, r.size)
	for i := range conf {
		conf[i] = []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	}
	conf[2][4] = 0.2 // the К unsure
	tn, err := s.Play(ctx, game.Frame{ID: "first"}, game.Reading{Board: table(t, r, 2, nil, "..ОТКОС"), Conf: conf})
	if err != nil {
		t.Fatal(err)
	}
	if tn.Status != game.StatusAccepted || tn.Words[0].Word != "ОТКОС" {
		t.Fatalf("the first word: %s %s %s", tn.Status, tn.Code, tn.Error)
	}
	moved := table(t, r, 7, nil, ".......ОТКОС")
	if st := s.State(); st.BoardText != table(t, r, 7, []int{49, 54}, ".......ОТКОС").String() {
		t.Fatalf("the table as judged:\n%s\nwant\n%s", st.BoardText, moved)
	}
	st := s.State()
	if got := st.History[0].Board; got != moved.String() {
		t.Errorf("the turn's reading is shown\n%s\nwant it where it was judged\n%s", got, moved)
	}
	if c := st.Board[7][9]; c == nil || !c.Uncertain {
		t.Errorf("the unsure К is not shown unsure where it lies (7, 9): %+v", c)
	}
	// The С the page shows at (7, 11) is tapped as Л: ОТКОЛ.
	if _, err := s.CorrectCell(ctx, tn.N, 7, 11, "Л"); err != nil {
		t.Fatal(err)
	}
	st = s.State()
	last := st.History[len(st.History)-1]
	if last.Status != game.StatusAccepted || last.Words[0].Word != "ОТКОЛ" {
		t.Fatalf("after the tap: %s %s %s (%v)", last.Status, last.Code, last.Error, last.Words)
	}
	if want := table(t, r, 7, []int{49, 54}, ".......ОТКОЛ"); st.BoardText != want.String() {
		t.Errorf("after the tap the table is\n%s\nwant\n%s", st.BoardText, want)
	}
	if c := st.Board[7][11]; c == nil || !c.Corrected {
		t.Errorf("the tapped cell (7, 11) is not shown corrected: %+v", c)
	}
	// The same tap again is nothing to correct.
	if _, err := s.CorrectCell(ctx, tn.N, 7, 11, "Л"); err != nil {
		t.Fatal(err)
	}
	if n := len(s.State().History); n != 1 {
		t.Errorf("%d turns after the same tap again, want 1", n)
	}
}

// counted is a word list that keeps the words it is asked about.
type counted struct {
	words
	asked *[]string
}

func (c counted) Contains(s string) bool {
	*c.asked = append(*c.asked, s)
	return c.words.Contains(s)
}

// TestReplayDoesNotSearchAgain: a replay of the log (here, the word of a
// later turn named) judges every turn again; the word of a turn nobody
// named, found once, is not searched for again, and the turns come out
// the same.
func TestReplayDoesNotSearchAgain(t *testing.T) {
	ctx := context.Background()
	var asked []string
	ri, err := Game{}.New(nil, game.Env{Dict: counted{ruWords, &asked}, Lang: "ru"})
	if err != nil {
		t.Fatal(err)
	}
	r := ri.(*Rules)
	// The table's challenges use a list of their own: only the referee's
	// search asks the counted one.
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Аня", "Борис"}, Rules: r, Dict: ruWords})
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.Play(ctx, game.Frame{ID: "1"}, game.Reading{Board: table(t, r, 7, nil, ".....ОТКОС")})
	if err != nil || first.Status != game.StatusAccepted || first.Words[0].Word != "ОТКОС" {
		t.Fatalf("ОТКОС: %v %+v", err, first)
	}
	if len(asked) < 2 {
		t.Fatalf("the first word was not searched for (asked %v)", asked)
	}
	second, err := s.Play(ctx, game.Frame{ID: "2"}, game.Reading{Board: table(t, r, 7, nil, ".....ОТКОС", "......О", ".....Л")})
	if err != nil {
		t.Fatal(err)
	}
	before := s.State().History[0]
	asked = nil
	if _, err := s.NameWord(ctx, second.N, "СОКОЛ"); err != nil {
		t.Fatal(err)
	}
	// The table flags the turns' words with the referee's list (asking
	// about ОТКОС and СОКОЛ); a search asks about other paths too.
	var searched []string
	for _, w := range asked {
		if w != "ОТКОС" && w != "СОКОЛ" {
			searched = append(searched, w)
		}
	}
	if len(searched) != 0 {
		t.Errorf("the replay searched for the first word again, asking about %d paths (%v)", len(searched), searched[:min(len(searched), 5)])
	}
	st := s.State()
	if got := st.History[0]; got.Status != before.Status || got.Words[0].Word != before.Words[0].Word || got.Score != before.Score {
		t.Errorf("the first turn after the replay: %s %v %d, before %s %v %d", got.Status, got.Words, got.Score, before.Status, before.Words, before.Score)
	}
	if got := st.History[1]; got.Status != game.StatusAccepted || got.Words[0].Word != "СОКОЛ" {
		t.Errorf("the named turn: %s %s %v", got.Status, got.Error, got.Words)
	}
}

// photoTiles is a photo's reading on its own lattice, one row of text a
// lattice row from row 0, column 0: an upper-case letter read sure (0.9),
// a lower-case one unsure (0.3), '!' and '@' the skip and reverse tiles
// (sure), '.' no tile.
func photoTiles(rows ...string) []loose.Tile {
	var out []loose.Tile
	for i, row := range rows {
		for j, ch := range []rune(row) {
			t := loose.Tile{Row: i, Col: j, Letter: string(ch), Conf: 0.9}
			switch {
			case ch == '.':
				continue
			case ch == '!':
				t.Letter = "skip"
			case ch == '@':
				t.Letter = "reverse"
			case strings.ToUpper(string(ch)) != string(ch):
				t.Letter, t.Conf = strings.ToUpper(string(ch)), 0.3
			}
			out = append(out, t)
		}
	}
	return out
}

// TestPlaceOnTheTable: a photo is placed where it agrees best with the
// tiles standing, whatever stray readings lie far off, and a standing
// tile the photo missed is unsure, not taken off (seeds 1007 and 1008 of
// TestEvalTurns lost a turn to each); when no placement agrees, the new
// tiles are asked for.
func TestPlaceOnTheTable(t *testing.T) {
	r := newRules(t, nil, nil)
	for _, tc := range []struct {
		name     string
		standing Position
		photo    []string
		want     Position // the placing, before reconciling (nil: any)
		unsure   bool     // the tiles on empty cells are shown unsure
	}{
		{
			name:     "a stray unsure tile far off does not hold the word off where it stood (1008)",
			standing: table(t, r, 7, nil, ".....ОТКОС"),
			photo: []string{".й", "", "", "", "", "",
				"ОТКОС", ".О", "Л", "", "", "", "", "..............х"},
			want: table(t, r, 1, nil, "......Й", "", "", "", "", "", ".....ОТКОС", "......О", ".....Л"),
		},
		{
			name:     "an old tile missed and a stray tile below: the others land where they stood (1007)",
			standing: table(t, r, 7, nil, ".......ОТКОС", "........О", ".......Л", "......!"),
			photo: []string{"", "..о", ".ОТКоС", "..О..Н", ".Л..лНЫЙ", ".......@",
				"", "", "", "", "", "........у"},
			want: table(t, r, 6, nil, "........О", ".......ОТКОС", "........О..Н", ".......Л..ЛНЫЙ", ".............@"),
		},
		{
			name:     "a lone sure stray tile off the lattice is dropped, not the structure grown past it (1008, turn 2)",
			standing: table(t, r, 7, nil, ".....ОТКОС"),
			photo:    []string{"Т", "", "..........ОТКОС", "...........О", "", "..................Т"},
			want:     table(t, r, 7, nil, ".....ОТКОС", "......О", "", ".............Т"),
		},
		{
			name:     "no placement agrees with the table: the new tiles are asked for",
			standing: table(t, r, 7, nil, ".....ОТКОС"),
			photo:    []string{"ЗЭЮЯЧШЩ"},
			unsure:   true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rd, err := r.place(photoTiles(tc.photo...), tc.standing.Board)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want.Board != nil && !game.SamePosition(rd.Board, tc.want) {
				t.Fatalf("placed\n%swant\n%s", rd.Board, tc.want)
			}
			sure, tiles := 0, 0
			for row := range r.size {
				for col := range r.size {
					if rd.Board.Cell(row, col) == "" {
						continue
					}
					tiles++
					if c := rd.Conf[row][col]; c > game.Guessed && tc.standing.Cell(row, col) == "" {
						sure++
					}
				}
			}
			if want := len(photoTiles(tc.photo...)) - 1; !tc.unsure && tiles < want {
				t.Errorf("%d tiles placed of the photo's %d, one a stray", tiles, want+1)
			}
			if tc.unsure != (sure == 0) {
				t.Errorf("%d new tiles shown sure; want them asked for: %v", sure, tc.unsure)
			}
			// Reconciled, every tile standing is still there.
			got, _ := r.Reconcile(tc.standing, nil, rd)
			for row := range r.size {
				for col := range r.size {
					if was := tc.standing.Cell(row, col); was != "" && got.Board.Cell(row, col) != was {
						t.Errorf("row %d, column %d: %s taken off", row, col, was)
					}
				}
			}
		})
	}
}
