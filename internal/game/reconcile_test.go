package game

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

func TestReconcileUpwords(t *testing.T) {
	before := grid.MustParse(`
. . . .
C A T .
. . . .`)
	tests := []struct {
		name    string
		read    string
		want    string
		changed int
		unsure  []grid.Pos
	}{
		{"a clean play is kept", `
. . . .
C A T S
. . . .`, `
. . . .
C A T S
. . . .`, 0, nil},
		{"a new letter beside a play is a tile stacked on it too", `
. . . .
C R T S
. . . .`, `
. . . .
C R2 T S
. . . .`, 1, []grid.Pos{{Row: 1, Col: 1}}},
		{"a new letter read lower than the stack is one higher", `
. . . .
C O . .
. . . .`, `
. . . .
C O2 T .
. . . .`, 2, []grid.Pos{{Row: 1, Col: 1}, {Row: 1, Col: 2}}},
		{"the same letter read two higher is unchanged", `
. . . .
C A3 T S
. . . .`, `
. . . .
C A T S
. . . .`, 1, []grid.Pos{{Row: 1, Col: 1}}},
		{"a new letter alone is a tile stacked on it", `
. . . .
C O T .
. . . .`, `
. . . .
C O2 T .
. . . .`, 1, []grid.Pos{{Row: 1, Col: 1}}},
		{"a new letter beats an old letter one higher", `
. . . .
C O T2 .
. . . .`, `
. . . .
C O2 T .
. . . .`, 2, []grid.Pos{{Row: 1, Col: 1}, {Row: 1, Col: 2}}},
		{"two new letters alone are two stacked tiles", `
. . . .
C O B .
. . . .`, `
. . . .
C O2 B2 .
. . . .`, 2, []grid.Pos{{Row: 1, Col: 1}, {Row: 1, Col: 2}}},
		{"a missed tile is put back, unsure", `
. . . .
C . T S
. . . .`, `
. . . .
C A T S
. . . .`, 1, []grid.Pos{{Row: 1, Col: 1}}},
		{"a new stack of 3 on an empty square is 1 high", `
. . . .
C A T S3
. . . .`, `
. . . .
C A T S
. . . .`, 1, []grid.Pos{{Row: 1, Col: 3}}},
		{"a stack grown by 2 grew by 1", `
. . . .
C O3 T .
. . . .`, `
. . . .
C O2 T .
. . . .`, 1, []grid.Pos{{Row: 1, Col: 1}}},
		{"one higher with the same letter is left for the table, unsure", `
. . . .
C A2 T .
. . . .`, `
. . . .
C A2 T .
. . . .`, 0, []grid.Pos{{Row: 1, Col: 1}}},
		{"one higher with the same letter beside a play is unchanged", `
. . . .
C A2 T S
. . . .`, `
. . . .
C A T S
. . . .`, 1, []grid.Pos{{Row: 1, Col: 1}}},
		{"a stack grown by 1 is a play", `
. . . .
C O2 T .
. . . .`, `
. . . .
C O2 T .
. . . .`, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, n := ReconcileUpwords(before, Reading{Board: grid.MustParse(tc.read)})
			if want := grid.MustParse(tc.want); !SamePosition(got.Board, want) {
				t.Errorf("board\n%s want\n%s", got.Board, want)
			}
			if n != tc.changed {
				t.Errorf("changed %d cells, want %d", n, tc.changed)
			}
			checkConfs(t, got, tc.unsure, nil)
		})
	}
	if _, n := ReconcileUpwords(grid.New(3, 3), Reading{Board: before}); n != 0 {
		t.Errorf("a board of another size was changed")
	}
}

// rowWords accepts a move when every run of two or more letters across
// the board is one of its words: enough of the rules to tell a misread
// letter from a stacked tile.
type rowWords map[string]bool

func (w rowWords) Judge(before, after *grid.Board) (Move, error) {
	for r := 0; r < after.Rows; r++ {
		run := ""
		for c := 0; c <= after.Cols; c++ {
			if c < after.Cols {
				if s := after.At(grid.Pos{Row: r, Col: c}); !s.Empty() {
					run += s.Letter
					continue
				}
			}
			if len(run) >= 2 && !w[run] {
				return Move{}, &Rejection{Code: "not_a_word", Msg: run + " is not a word"}
			}
			run = ""
		}
	}
	return Move{}, nil
}

func TestReconcileUpwordsJudged(t *testing.T) {
	before := grid.MustParse(`
. . . . .
C A T . .
. . . . .`)
	sc := rowWords{"CAT": true, "CATS": true, "COT": true, "COTS": true, "CAB": true}
	tests := []struct {
		name, read, want string
		unsure           []grid.Pos
	}{
		{"a misread letter beside a play is taken as it stood", `
. . . . .
C R T S .
. . . . .`, `
. . . . .
C A T S .
. . . . .`, []grid.Pos{{Row: 1, Col: 1}}},
		{"a misread letter read higher than it stood, beside a play, is taken as it stood", `
. . . . .
C R2 T S .
. . . . .`, `
. . . . .
C A T S .
. . . . .`, []grid.Pos{{Row: 1, Col: 1}}},
		{"a tile stacked beside a play stays", `
. . . . .
C O T S .
. . . . .`, `
. . . . .
C O2 T S .
. . . . .`, nil},
		{"of two new letters, the misread one goes", `
. . . . .
C O D S .
. . . . .`, `
. . . . .
C O2 T S .
. . . . .`, []grid.Pos{{Row: 1, Col: 2}}},
		{"a stacked tile alone stays", `
. . . . .
C A B . .
. . . . .`, `
. . . . .
C A B2 . .
. . . . .`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := ReconcileUpwordsJudged(sc)(before, nil, Reading{Board: grid.MustParse(tc.read)})
			if want := grid.MustParse(tc.want); !SamePosition(got.Board, want) {
				t.Errorf("board\n%s want\n%s", got.Board, want)
			}
			checkConfs(t, got, tc.unsure, nil)
		})
	}
}

func TestReconcileSeenAgain(t *testing.T) {
	// The table corrected the camera's I to T last turn; the camera sees
	// the same I again.
	before := grid.MustParse(`
. . . . .
C A T . .
. . . . .`)
	lastSeen := grid.MustParse(`
. . . . .
C A I . .
. . . . .`)
	sc := rowWords{"CAT": true, "CATS": true, "CAB": true, "CAI": true, "CAIS": true}
	tests := []struct {
		name, read, want string
	}{
		{"the same misread beside a play is the stack as it stands", `
. . . . .
C A I S .
. . . . .`, `
. . . . .
C A T S .
. . . . .`},
		{"the same misread, read one higher, is the stack as it stands", `
. . . . .
C A I2 S .
. . . . .`, `
. . . . .
C A T S .
. . . . .`},
		{"another letter on it is a tile put on it", `
. . . . .
C A B . .
. . . . .`, `
. . . . .
C A B2 . .
. . . . .`},
		{"a phantom tile the table removed, seen again, is not there", `
. . . . .
C A I S X
. . . . .`, `
. . . . .
C A T S .
. . . . .`},
		{"a phantom tile the table removed, seen again as another letter in a refused play, is not there", `
. . . . .
C A T S Y
. . . . .`, `
. . . . .
C A T S .
. . . . .`},
	}
	seen := lastSeen.Clone()
	seen.Set(grid.Pos{Row: 1, Col: 4}, grid.Stack{Letter: "X", Height: 1})
	// Two photos ago the camera read the T right; last time as I.
	past := []Sighting{{Seen: before, After: before}, {Seen: seen, After: before}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := ReconcileUpwordsJudged(sc)(before, past, Reading{Board: grid.MustParse(tc.read)})
			if want := grid.MustParse(tc.want); !SamePosition(got.Board, want) {
				t.Errorf("board\n%s want\n%s", got.Board, want)
			}
		})
	}
	// A misread seen while the stack was another (before a tile went on
	// it) says nothing about the stack now.
	older := []Sighting{{Seen: seen, After: grid.MustParse(`
. . . . .
C A . . .
. . . . .`)}}
	got, _ := ReconcileUpwordsJudged(sc)(before, older, Reading{Board: grid.MustParse(tests[0].read)})
	if s := gridOf(got.Board).At(grid.Pos{Row: 1, Col: 2}); s != (grid.Stack{Letter: "I", Height: 2}) {
		t.Errorf("with an I seen when the square was empty, (1,2) = %v, want I2 (CAIS is a word here)", s)
	}
	// The same letter seen again where the stack's face changed since the
	// last photo: a tile went on it (CAIS is a word here).
	got, _ = ReconcileUpwordsJudged(sc)(before, past, Reading{Board: grid.MustParse(tests[0].read), Changed: map[[2]int]bool{{1, 2}: true}})
	if s := gridOf(got.Board).At(grid.Pos{Row: 1, Col: 2}); s != (grid.Stack{Letter: "I", Height: 2}) {
		t.Errorf("the I seen again where the face changed: (1,2) = %v, want I2", s)
	}
	// A new letter read where the stack's face looks as in the last
	// photo: no tile went on it, the stack as it stood, unsure.
	got, _ = ReconcileUpwordsJudged(sc)(before, nil, Reading{Board: grid.MustParse(`
. . . . .
C A B . .
. . . . .`), Same: map[[2]int]bool{{1, 0}: true, {1, 1}: true, {1, 2}: true}})
	if s := gridOf(got.Board).At(grid.Pos{Row: 1, Col: 2}); s != (grid.Stack{Letter: "T", Height: 1}) {
		t.Errorf("a B read on the T whose face did not change: (1,2) = %v, want T as it stood", s)
	}
	if c := got.conf(grid.Pos{Row: 1, Col: 2}); c >= LowConf {
		t.Errorf("the T taken as it stood has conf %v, want it unsure", c)
	}
	// Without the earlier photos, the same reading is a tile put on the T.
	got, _ = ReconcileUpwordsJudged(nil)(before, nil, Reading{Board: grid.MustParse(tests[0].read)})
	if s := gridOf(got.Board).At(grid.Pos{Row: 1, Col: 2}); s != (grid.Stack{Letter: "I", Height: 2}) {
		t.Errorf("without the last photo (1,2) = %v, want I2", s)
	}
}

// TestReconcileOtherLetters: a refused play is weighed with the other
// letters the camera's reader gave its unsure new tiles (Reading.Alt).
func TestReconcileOtherLetters(t *testing.T) {
	empty := grid.New(3, 5)
	standing := grid.MustParse(`
. . . . .
C A T . .
. . . . .`)
	sc := rowWords{"CAT": true, "CATS": true, "CAB": true, "COTS": true}
	at := func(r, c int) [2]int { return [2]int{r, c} }
	tests := []struct {
		name           string
		before         *grid.Board
		read, want     string
		alt            map[[2]int][]string
		unsure, sureOf []grid.Pos
	}{
		{"one misread letter of a new word", empty, `
. . . . .
K A B . .
. . . . .`, `
. . . . .
C A B . .
. . . . .`, map[[2]int][]string{at(1, 0): {"X", "C"}}, []grid.Pos{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}, nil},
		{"two misread letters of a first word", empty, `
. . . . .
K A X . .
. . . . .`, `
. . . . .
C A T . .
. . . . .`, map[[2]int][]string{at(1, 0): {"C"}, at(1, 2): {"T"}}, []grid.Pos{{Row: 1, Col: 0}, {Row: 1, Col: 2}}, nil},
		{"a tile read raised on a stack, its letter misread: the other letter before no tile", standing, `
. . . . .
C U2 T S .
. . . . .`, `
. . . . .
C O2 T S .
. . . . .`, map[[2]int][]string{at(1, 1): {"O"}}, []grid.Pos{{Row: 1, Col: 1}, {Row: 1, Col: 3}}, []grid.Pos{{Row: 1, Col: 0}, {Row: 1, Col: 2}}},
		{"an accepted play is left as read", standing, `
. . . . .
C A T S .
. . . . .`, `
. . . . .
C A T S .
. . . . .`, map[[2]int][]string{at(1, 3): {"X"}}, nil, []grid.Pos{{Row: 1, Col: 3}}},
		{"no other letter makes a word: left as read", empty, `
. . . . .
K A X . .
. . . . .`, `
. . . . .
K A X . .
. . . . .`, map[[2]int][]string{at(1, 0): {"Q"}}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := ReconcileUpwordsJudged(sc)(tc.before, nil, Reading{Board: grid.MustParse(tc.read), Alt: tc.alt})
			if want := grid.MustParse(tc.want); !SamePosition(got.Board, want) {
				t.Errorf("board\n%s want\n%s", got.Board, want)
			}
			checkConfs(t, got, tc.unsure, tc.sureOf)
		})
	}
	// A tile the camera missed, beside the new ones: the letters it
	// would bear, tried when the play as read is refused.
	got, _ := ReconcileUpwordsJudged(sc)(empty, nil, Reading{Board: grid.MustParse(`
. . . . .
C . T S .
. . . . .`), Maybe: map[[2]int][]string{at(1, 1): {"X", "A"}, at(1, 4): {"S"}}})
	if want := grid.MustParse(`
. . . . .
C A T S .
. . . . .`); !SamePosition(got.Board, want) {
		t.Errorf("a missed tile: board\n%s want\n%s", got.Board, want)
	}
	if c := got.conf(grid.Pos{Row: 1, Col: 1}); c >= LowConf {
		t.Errorf("the added tile has conf %v, want it unsure", c)
	}
	// A tile put on a stack read as the stack's old letter, its face
	// changed since the last photo: the letters a tile there would bear,
	// tried when the play as read is refused (CATS no word here; COTS).
	noCats := rowWords{"CAT": true, "COTS": true}
	got, _ = ReconcileUpwordsJudged(noCats)(standing, nil, Reading{Board: grid.MustParse(`
. . . . .
C A T S .
. . . . .`), Raised: map[[2]int][]string{at(1, 0): {"A"}, at(1, 1): {"E", "O"}}})
	if want := grid.MustParse(`
. . . . .
C O2 T S .
. . . . .`); !SamePosition(got.Board, want) {
		t.Errorf("a tile read as the stack's old letter: board\n%s want\n%s", got.Board, want)
	}
	if c := got.conf(grid.Pos{Row: 1, Col: 1}); c >= LowConf {
		t.Errorf("the raised tile has conf %v, want it unsure", c)
	}
	// An accepted play is not raised; nor is a stack read with a new
	// letter (its other letters are Alt's).
	for _, read := range []string{`
. . . . .
C A T S .
. . . . .`, `
. . . . .
C A T . .
. . . . .`} {
		got, _ = ReconcileUpwordsJudged(sc)(standing, nil, Reading{Board: grid.MustParse(read), Raised: map[[2]int][]string{at(1, 1): {"O"}}})
		if s := gridOf(got.Board).At(grid.Pos{Row: 1, Col: 1}); s != (grid.Stack{Letter: "A", Height: 1}) {
			t.Errorf("(1,1) = %v, want A as it stood", s)
		}
	}
	got, _ = ReconcileUpwordsJudged(sc)(standing, nil, Reading{Board: grid.MustParse(`
. . . . .
C U2 T S .
. . . . .`), Raised: map[[2]int][]string{at(1, 1): {"O"}}})
	if s := gridOf(got.Board).At(grid.Pos{Row: 1, Col: 1}); s == (grid.Stack{Letter: "O", Height: 2}) {
		t.Errorf("a new letter read: (1,1) = %v, raised to O2", s)
	}
	// A new letter read no higher than its stack stood, in a refused
	// play: as it stood first (CATX), unless its face changed since the
	// last photo; then the other letters of the play come first (COTS).
	cotx := rowWords{"CAT": true, "CATX": true, "COTS": true}
	for _, tc := range []struct {
		name    string
		changed map[[2]int]bool
		want    string
	}{
		{"the face unchanged", nil, `
. . . . .
C A T X .
. . . . .`},
		{"the face changed", map[[2]int]bool{at(1, 1): true}, `
. . . . .
C O2 T S .
. . . . .`},
	} {
		got, _ = ReconcileUpwordsJudged(cotx)(standing, nil, Reading{Board: grid.MustParse(`
. . . . .
C O T X .
. . . . .`), Alt: map[[2]int][]string{at(1, 3): {"S"}}, Changed: tc.changed})
		if want := grid.MustParse(tc.want); !SamePosition(got.Board, want) {
			t.Errorf("%s: board\n%s want\n%s", tc.name, got.Board, want)
		}
	}
	// The stack's own letter among the others: the stack as it stood.
	got, _ = ReconcileUpwordsJudged(sc)(standing, nil, Reading{Board: grid.MustParse(`
. . . . .
C A Z S .
. . . . .`), Alt: map[[2]int][]string{at(1, 2): {"T"}}})
	if s := gridOf(got.Board).At(grid.Pos{Row: 1, Col: 2}); s != (grid.Stack{Letter: "T", Height: 1}) {
		t.Errorf("(1,2) = %v, want T as it stood", s)
	}
}

// TestReconcileGuessWordMates: a play refused as read and accepted with
// a letter the camera did not read (otherLetters) shows the other new
// stacks of the word through the guessed square unsure, for they are the
// guess's premises; the stacks that stood in it, and new stacks in no
// word through it, stay as read.
func TestReconcileGuessWordMates(t *testing.T) {
	at := func(r, c int) [2]int { return [2]int{r, c} }
	sure := [][]float64{{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}
	tests := []struct {
		name, before, read, want string
		words                    rowWords
		alt                      map[[2]int][]string
		unsure, sureOf           []grid.Pos
	}{
		{"a misread letter made a word with the least sure one guessed", `
. . . . . .
. . . . . .
. . . . . .`, `
. . . . . .
S A G I . .
. . . . . .`, `
. . . . . .
S A K I . .
. . . . . .`, rowWords{"SAKI": true, "SAGE": true}, map[[2]int][]string{at(1, 2): {"C", "K"}},
			[]grid.Pos{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 1, Col: 3}}, nil},
		{"the stacks that stood in the word stay as read", `
. . . . . .
C A T . . .
. . . . . .`, `
. . . . . .
C A T E Z .
. . . . . .`, `
. . . . . .
C A T E S .
. . . . . .`, rowWords{"CAT": true, "CATES": true}, map[[2]int][]string{at(1, 4): {"S"}},
			[]grid.Pos{{Row: 1, Col: 3}, {Row: 1, Col: 4}}, []grid.Pos{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}},
		{"a new stack in no word through the guess stays as read", `
. . . . . .
C A T . . .
. . . . . .`, `
. . . . . .
C A T Z . .
. . . . . X`, `
. . . . . .
C A T S . .
. . . . . X`, rowWords{"CAT": true, "CATS": true}, map[[2]int][]string{at(1, 3): {"S"}},
			[]grid.Pos{{Row: 1, Col: 3}}, []grid.Pos{{Row: 1, Col: 2}, {Row: 2, Col: 5}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conf := Reading{Conf: sure}.clone().Conf
			got, _ := ReconcileUpwordsJudged(tc.words)(grid.MustParse(tc.before), nil, Reading{Board: grid.MustParse(tc.read), Conf: conf, Alt: tc.alt})
			if want := grid.MustParse(tc.want); !SamePosition(got.Board, want) {
				t.Fatalf("board\n%s want\n%s", got.Board, want)
			}
			checkConfs(t, got, tc.unsure, tc.sureOf)
		})
	}
}

// TestReconcileRefusedUnsure: a play the rules refuse, no other reading
// of it accepted, keeps its letters as read but shows its new stacks
// unsure; the stacks that stood, and an accepted play, are as read.
func TestReconcileRefusedUnsure(t *testing.T) {
	standing := grid.MustParse(`
. . . . .
C A T . .
. . . . .`)
	sc := rowWords{"CAT": true, "CATS": true, "COT": true}
	tests := []struct {
		name, read     string
		unsure, sureOf []grid.Pos
	}{
		{"a new tile read surely as a letter that makes no word", `
. . . . .
C A T N .
. . . . .`, []grid.Pos{{Row: 1, Col: 3}}, []grid.Pos{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}}},
		{"a letter read surely on a stack, no word", `
. . . . .
C E2 T . .
. . . . .`, []grid.Pos{{Row: 1, Col: 1}}, []grid.Pos{{Row: 1, Col: 0}, {Row: 1, Col: 2}}},
		{"an accepted play", `
. . . . .
C A T S .
. . . . .`, nil, []grid.Pos{{Row: 1, Col: 0}, {Row: 1, Col: 3}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			read := grid.MustParse(tc.read)
			got, _ := ReconcileUpwordsJudged(sc)(standing, nil, Reading{Board: read})
			if !SamePosition(got.Board, read) {
				t.Errorf("board\n%s want it as read\n%s", got.Board, read)
			}
			checkConfs(t, got, tc.unsure, tc.sureOf)
		})
	}
}

// TestReconcileFaintTiles: new tiles read faintly (under faintConf) on
// bare squares, in a refused play, are taken as no tile when the play
// without them is accepted; read surely, or in an accepted play, they
// stay.
func TestReconcileFaintTiles(t *testing.T) {
	empty := grid.New(3, 5)
	sc := rowWords{"CAT": true, "CATS": true}
	conf := func(c float64) [][]float64 {
		return [][]float64{{1, 1, 1, 1, 1}, {1, 1, 1, c, 1}, {1, 1, 1, 1, 1}}
	}
	read := `
. . . . .
C A T I .
. . . . .`
	tests := []struct {
		name  string
		conf  float64
		faint bool // the I at (1,3) taken away
	}{
		{"a faint letter on a bare corner", 0.1, true},
		{"a letter read surely", 0.9, false},
		{"just at faintConf", faintConf, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := ReconcileUpwordsJudged(sc)(empty, nil, Reading{Board: grid.MustParse(read), Conf: conf(tc.conf)})
			s := gridOf(got.Board).At(grid.Pos{Row: 1, Col: 3})
			if tc.faint != s.Empty() {
				t.Errorf("(1,3) = %v, want it taken away: %v", s, tc.faint)
			}
			if !tc.faint && got.conf(grid.Pos{Row: 1, Col: 3}) >= LowConf {
				t.Errorf("a refused play's new tile kept as read is shown sure")
			}
		})
	}
}

// checkConfs asks of a reconciled reading that each square of unsure is
// shown unsure (under LowConf) and each of sure is not.
func checkConfs(t *testing.T, got Reading, unsure, sure []grid.Pos) {
	t.Helper()
	for _, p := range unsure {
		if c := got.conf(p); c >= LowConf {
			t.Errorf("%v has conf %v, want it unsure", p, c)
		}
	}
	for _, p := range sure {
		if c := got.conf(p); c < LowConf {
			t.Errorf("%v has conf %v, want it sure (as read)", p, c)
		}
	}
}
