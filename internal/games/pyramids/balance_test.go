package pyramids

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
)

// seenSquare is what a made-up photo shows on one square: a pyramid of
// colour with the letters' evidence (the likeliest is the letter read),
// or nothing (colour NoColour).
type seenSquare struct {
	colour  pyramids.Colour
	letters map[string]float64
	sure    bool
}

// photoOf is a photo of the board b, every pyramid read surely as it
// stands, except the squares in over.
func photoOf(b *pyramids.Board, over map[grid.Pos]seenSquare) *seenPhoto {
	p := &seenPhoto{}
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			s, ok := over[q]
			if !ok {
				if t, has := b.At(q).Top(); has {
					s = seenSquare{colour: t.Colour, letters: map[string]float64{t.Letter: 0.95}, sure: true}
				} else {
					s = seenSquare{sure: true}
				}
			}
			sq := vpyr.Square{Pos: q, Colour: s.colour, Sure: s.sure, ColourSure: s.sure}
			if s.colour != pyramids.NoColour {
				sq.Letter = "?"
				for l, v := range s.letters {
					if v > sq.Conf || (v == sq.Conf && l < sq.Letter) {
						sq.Letter, sq.Conf = l, v
					}
				}
				sq.Height = max(1, b.At(q).Height)
			}
			p.squares = append(p.squares, sq)
			p.letters = append(p.letters, s.letters)
		}
	}
	return p
}

// readThrough reads the photo as the game does: carried from the board
// as it stands (Read), then held to a turn's moves (Reconcile).
func readThrough(t *testing.T, standing Position, past []game.Sighting, p *seenPhoto) (*pyramids.Board, [][]float64) {
	t.Helper()
	return readThroughRules(t, &Rules{setup: new(pyramids.DefaultSetup())}, standing, past, p)
}

// readThroughRules is readThrough by the rules r (a table's dictionary).
func readThroughRules(t *testing.T, r *Rules, standing Position, past []game.Sighting, p *seenPhoto) (*pyramids.Board, [][]float64) {
	t.Helper()
	scan := &vpyr.Reading{Squares: p.squares}
	var taking []grid.Pos
	if standing.Word != nil {
		taking = takenSquares(standing.Board, scan, standing.Word)
	}
	carried, _, doubtful := vpyr.CarryTaking(standing.Board, scan, pyramids.DefaultSetup().Seats, taking)
	conf := make([][]float64, pyramids.Size)
	for row := range conf {
		conf[row] = make([]float64, pyramids.Size)
		for col := range conf[row] {
			conf[row][col] = squareConf(p.Square(grid.Pos{Row: row, Col: col}))
		}
	}
	for _, q := range doubtful {
		conf[q.Row][q.Col] = min(conf[q.Row][q.Col], game.Guessed)
	}
	rd, _ := r.Reconcile(standing, past, game.Reading{Board: Position{Board: carried, seen: p, taking: taking}, Conf: conf})
	return rd.Board.(Position).Board, rd.Conf
}

func board(t *testing.T, cells map[grid.Pos]string) *pyramids.Board {
	t.Helper()
	b := pyramids.NewBoard()
	for q, c := range cells {
		s, err := pyramids.ParseCell(c)
		if err != nil {
			t.Fatal(err)
		}
		b.Set(q, s)
	}
	return b
}

func TestReadHeldToTheMove(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	red, blue := pyramids.Red, pyramids.Blue
	standing := map[grid.Pos]string{
		at(1, 3): "rE5", at(1, 4): "rN5", at(4, 8): "bN5", at(7, 8): "bE/bE4",
		at(3, 3): "kA", at(3, 4): "kT", at(5, 5): "kS",
		at(3, 5): "kS", at(3, 6): "kE", at(3, 7): "kN",
	}
	tests := []struct {
		name string
		word *Announced // a word waiting to be taken
		over map[grid.Pos]seenSquare
		past []game.Sighting
		// want: the squares that differ from the board as it stands;
		// unsure: squares that must be marked unsure
		want   map[grid.Pos]string
		unsure []grid.Pos
	}{
		{
			name: "the letter misread where the pyramid landed",
			over: map[grid.Pos]seenSquare{
				at(0, 3): {red, map[string]float64{"F": 0.5, "E": 0.3}, false},
				at(1, 3): {red, map[string]float64{"T": 0.9}, true},
			},
			want:   map[grid.Pos]string{at(0, 3): "rE", at(1, 3): "rT4"},
			unsure: []grid.Pos{at(0, 3)},
		},
		{
			name: "the stack it left read as a misread, the other alike",
			over: map[grid.Pos]seenSquare{
				at(0, 5): {blue, map[string]float64{"E": 0.2, "N": 0.15}, false},
				at(4, 8): {blue, map[string]float64{"K": 0.55, "N": 0.02}, true},
				at(7, 8): {blue, map[string]float64{"E": 0.33, "B": 0.2}, false},
			},
			want:   map[grid.Pos]string{at(0, 5): "bN", at(4, 8): "bK4"},
			unsure: []grid.Pos{at(0, 5)},
		},
		{
			name: "a change no move explains is a misread",
			over: map[grid.Pos]seenSquare{
				at(0, 3): {red, map[string]float64{"E": 0.8}, true},
				at(1, 3): {red, map[string]float64{"T": 0.9}, true},
				at(5, 5): {pyramids.Yellow, map[string]float64{"S": 0.4}, false},
			},
			want:   map[grid.Pos]string{at(0, 3): "rE", at(1, 3): "rT4"},
			unsure: []grid.Pos{at(5, 5)},
		},
		{
			name: "while a word is taken, only its squares change",
			word: &Announced{Word: "AT", Seat: 0, Squares: []grid.Pos{at(3, 3), at(3, 4)}},
			over: map[grid.Pos]seenSquare{
				at(3, 3): {},
				at(3, 4): {},
				at(5, 5): {pyramids.Yellow, map[string]float64{"B": 0.4}, false},
			},
			want:   map[grid.Pos]string{at(3, 3): ".", at(3, 4): "."},
			unsure: []grid.Pos{at(5, 5)},
		},
		{
			name: "while a word is taken, a sure change elsewhere stands",
			word: &Announced{Word: "AT", Seat: 0, Squares: []grid.Pos{at(3, 3), at(3, 4)}},
			over: map[grid.Pos]seenSquare{
				at(3, 3): {},
				at(3, 4): {},
				at(5, 5): {sure: true},
			},
			want: map[grid.Pos]string{at(3, 3): ".", at(3, 4): ".", at(5, 5): "."},
		},
		{
			// the move fitted ATSEN (the guess) and AT: the take shows
			// AT (S and E surely still there); N, read empty in glare,
			// is not AT's and stays as it stood
			name: "the word the take shows; the other word's squares do not change",
			word: &Announced{Word: "ATSEN", Seat: 0, Squares: []grid.Pos{at(3, 3), at(3, 4), at(3, 5), at(3, 6), at(3, 7)},
				Or: []Candidate{{Word: "AT", Squares: []grid.Pos{at(3, 3), at(3, 4)}}}},
			over: map[grid.Pos]seenSquare{
				at(3, 3): {},
				at(3, 4): {},
				at(3, 7): {sure: false},
			},
			want: map[grid.Pos]string{at(3, 3): ".", at(3, 4): "."},
		},
		{
			// a phantom behind the red N (its top read on the runway)
			// made the carrying take the stack, which shows its N
			// surely, as one lower: while a word is taken no other
			// square changes
			name: "while a word is taken, a stack read surely as it stood keeps its count",
			word: &Announced{Word: "AT", Seat: 0, Squares: []grid.Pos{at(3, 3), at(3, 4)}},
			over: map[grid.Pos]seenSquare{
				at(3, 3): {},
				at(3, 4): {},
				at(0, 4): {red, map[string]float64{"N": 0.6}, false},
				at(1, 4): {red, map[string]float64{"N": 0.9}, true},
			},
			want: map[grid.Pos]string{at(3, 3): ".", at(3, 4): "."},
		},
		{
			// the letter's evidence counts against chance, as the
			// colour's does against eps: a pyramid clearly red on the
			// runway where the game holds none, whose blurred letter
			// reads nothing, is likelier the one moved than a black A
			// that reads its A well though its samples read red
			name: "a pyramid seen on the runway, its letter unread",
			over: map[grid.Pos]seenSquare{
				at(0, 4): {red, map[string]float64{"S": 0.1}, false},
				at(1, 4): {red, map[string]float64{"M": 0.1, "N": 0.08}, false},
				at(3, 3): {red, map[string]float64{"A": 0.5, "N": 0.01}, false},
			},
			want:   map[grid.Pos]string{at(0, 4): "rN", at(1, 4): "rM4"},
			unsure: []grid.Pos{at(0, 4), at(1, 4), at(3, 3)},
		},
		{
			name: "a pyramid seen before where the game holds none",
			over: map[grid.Pos]seenSquare{
				at(0, 3): {red, map[string]float64{"E": 0.8}, true},
				at(1, 3): {red, map[string]float64{"T": 0.9}, true},
				at(4, 9): {blue, map[string]float64{"A": 0.3}, false},
			},
			past: []game.Sighting{{
				Seen:  Position{Board: board(t, map[grid.Pos]string{at(4, 9): "bO"})},
				After: Position{Board: pyramids.NewBoard()},
			}},
			want: map[grid.Pos]string{at(0, 3): "rE", at(1, 3): "rT4"},
		},
		{
			// the square an earlier photo read blue while the game held
			// it empty (a tall stack leaning over it) reads blue again:
			// no evidence that the blue N of (4, 8), read blurred, was
			// put there too
			name: "a square read as before is no destination",
			over: map[grid.Pos]seenSquare{
				at(0, 3): {red, map[string]float64{"E": 0.8}, true},
				at(1, 3): {red, map[string]float64{"T": 0.9}, true},
				at(4, 8): {blue, map[string]float64{"N": 0.04, "S": 0.1}, false},
				at(4, 9): {blue, map[string]float64{"N": 0.3}, false},
			},
			past: []game.Sighting{{
				Seen:  Position{Board: board(t, map[grid.Pos]string{at(4, 9): "bO"})},
				After: Position{Board: pyramids.NewBoard()},
			}},
			want: map[grid.Pos]string{at(0, 3): "rE", at(1, 3): "rT4"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := board(t, standing)
			got, conf := readThrough(t, Position{Board: b, Word: tc.word}, tc.past, photoOf(b, tc.over))
			for row := range pyramids.Size {
				for col := range pyramids.Size {
					q := at(row, col)
					want := b.At(q).String()
					if w, ok := tc.want[q]; ok {
						want = w
					}
					if g := got.At(q); g.String() != want {
						t.Errorf("%v: read %s, want %s", q, g, want)
					}
				}
			}
			for _, q := range tc.unsure {
				if c := conf[q.Row][q.Col]; c >= game.LowConf {
					t.Errorf("%v: conf %.2f, want it marked unsure (under %.2f)", q, c, game.LowConf)
				}
			}
		})
	}
}

// seenPhoto gives each square its own reading, row by row.
func TestSeenPhotoIndexes(t *testing.T) {
	b := board(t, map[grid.Pos]string{{Row: 2, Col: 7}: "kR"})
	p := photoOf(b, nil)
	if sq := p.Square(grid.Pos{Row: 2, Col: 7}); sq.Letter != "R" || !strings.EqualFold(sq.Colour.String(), "black") {
		t.Errorf("square (2,7) = %+v, want a black R", sq)
	}
}

// TestMoveSpellsAWord: of the moves a photo can mean, the one whose
// letters spell a word is taken over a likelier one that spells none, and
// when no likely move spells one the carried changes are paired as
// without a dictionary.
func TestMoveSpellsAWord(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	red := pyramids.Red
	standing := map[grid.Pos]string{at(1, 3): "rE5", at(1, 4): "rN5", at(3, 3): "kA"}
	// A red pyramid landed on the runway at (0, 3): read as an E more
	// than an N; both stacks it can have come from read unsure.
	over := map[grid.Pos]seenSquare{
		at(0, 3): {red, map[string]float64{"E": 0.5, "N": 0.3}, false},
		at(1, 3): {red, map[string]float64{"T": 0.3, "E": 0.25}, false},
		at(1, 4): {red, map[string]float64{"O": 0.3, "N": 0.25}, false},
	}
	tests := []struct {
		name   string
		spells func(*pyramids.Board) bool
		want   string // the top read at (0, 3)
	}{
		{"no dictionary: the likeliest", nil, "rE"},
		{"an N spells the word", func(b *pyramids.Board) bool { t, _ := b.At(at(0, 3)).Top(); return t.Letter == "N" }, "rN"},
		{"no move spells a word", func(*pyramids.Board) bool { return false }, "rE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := board(t, standing)
			p := photoOf(b, over)
			carried, _, _ := vpyr.CarryTaking(b, &vpyr.Reading{Squares: p.squares}, pyramids.DefaultSetup().Seats, nil)
			conf := make([][]float64, pyramids.Size)
			for i := range conf {
				conf[i] = make([]float64, pyramids.Size)
			}
			balance(Position{Board: b}, carried, p, newPool(ptr(pyramids.DefaultSetup()), b), nil, conf, tc.spells, nil)
			if got := carried.At(at(0, 3)).String(); got != tc.want {
				t.Errorf("(0,3) read %s, want %s\n%s", got, tc.want, carried)
			}
		})
	}
}

// TestMoveInLine: a move's destinations off the runway lie in one row or
// one column (the word's straight part; only on the runway may it bend),
// also when another destination is on the runway: two pyramids seen put
// on squares of different rows and columns are not one move.
func TestMoveInLine(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	red := pyramids.Red
	b := board(t, map[grid.Pos]string{at(1, 3): "rE5", at(1, 4): "rN5", at(1, 5): "rA5", at(3, 3): "kA", at(3, 4): "kT", at(5, 5): "kS"})
	p := photoOf(b, map[grid.Pos]seenSquare{
		at(0, 3): {red, map[string]float64{"E": 0.8}, false}, // on the runway
		at(1, 3): {red, map[string]float64{"T": 0.9}, true},
		at(3, 4): {red, map[string]float64{"N": 0.5}, false},
		at(1, 4): {red, map[string]float64{"O": 0.5}, false},
		at(5, 5): {red, map[string]float64{"A": 0.3}, false}, // neither the row nor the column of (3, 4)
		at(1, 5): {red, map[string]float64{"U": 0.3}, false},
	})
	carried, _, _ := vpyr.CarryTaking(b, &vpyr.Reading{Squares: p.squares}, pyramids.DefaultSetup().Seats, nil)
	conf := make([][]float64, pyramids.Size)
	for i := range conf {
		conf[i] = make([]float64, pyramids.Size)
	}
	balance(Position{Board: b}, carried, p, newPool(ptr(pyramids.DefaultSetup()), b), nil, conf, nil, nil)
	for q, want := range map[grid.Pos]string{at(0, 3): "rE", at(1, 3): "rT4", at(3, 4): "rN/kT", at(1, 4): "rO4", at(5, 5): "kS", at(1, 5): "rA5"} {
		if got := carried.At(q).String(); got != want {
			t.Errorf("%v read %s, want %s", q, got, want)
		}
	}
}

// TestSpells: the dictionary check of a move is the referee's word found
// on the board it makes, in the table's dictionary.
func TestSpells(t *testing.T) {
	l := readLog(t)
	hold := l.Entries[0]
	for _, tc := range []struct {
		name string
		dict words
		want bool
	}{
		{"the word known", words{"HOLD": true}, true},
		{"the word not known", words{"HELD": true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rules, err := Game{}.New(game.Options{OptColours: "blue,green,red"}, game.Env{Dict: tc.dict})
			if err != nil {
				t.Fatal(err)
			}
			if got := rules.(*Rules).spells(l.Start)(hold.Announced); got != tc.want {
				t.Errorf("spells = %v, want %v", got, tc.want)
			}
		})
	}
	if (&Rules{}).spells(l.Start) != nil {
		t.Error("spells without a dictionary: want nil")
	}
}

func ptr[T any](v T) *T { return &v }

// TestPool: a layer never seen is one of what is left of its colour's set
// (the board's known layers counted out): a letter whose every pyramid
// already stands elsewhere, or that the set never had, is unlikely; the
// counts left do not outweigh the photo; a clear reading stands.
func TestPool(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	setup := pyramids.DefaultSetup()
	// the yellow set's one K stands on the runway; its one H is unseen
	b := board(t, map[grid.Pos]string{at(0, 4): "yK", at(4, 1): "yE5", at(1, 3): "rE5"})
	pl := newPool(&setup, b)
	tests := []struct {
		name   string
		colour pyramids.Colour
		ev     map[string]float64
		not    string
		want   string
	}{
		{"the set's last K stands elsewhere", pyramids.Yellow, map[string]float64{"K": 0.3, "H": 0.25}, "", "H"},
		{"another colour's K is unseen", pyramids.Red, map[string]float64{"K": 0.3, "H": 0.25}, "", "K"},
		{"a letter the set never had", pyramids.Yellow, map[string]float64{"F": 0.1, "E": 0.09}, "", "E"},
		{"one U against three Es", pyramids.Yellow, map[string]float64{"U": 0.3, "E": 0.12}, "", "U"},
		{"a clear reading stands", pyramids.Yellow, map[string]float64{"K": 0.8}, "", "K"},
		{"not the letter gone", pyramids.Yellow, map[string]float64{"E": 0.5, "S": 0.2}, "E", "S"},
		{"nothing read", pyramids.Yellow, nil, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := pl.letter(tc.colour, tc.ev, tc.not); got != tc.want {
				t.Errorf("letter = %q, want %q", got, tc.want)
			}
		})
	}
	sum := 0.0
	for _, l := range alphabet {
		sum += pl.prior(pyramids.Yellow, l)
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("the yellow priors sum to %v, want 1", sum)
	}
	if a, b := pl.prior(pyramids.Yellow, "K"), pl.prior(pyramids.Red, "K"); a >= b/10 {
		t.Errorf("yellow K (none left) prior %v, red K %v: want it far smaller", a, b)
	}
	for q, want := range map[grid.Pos]pyramids.Colour{at(4, 1): setup.Seats[pyramids.West], at(1, 3): setup.Seats[pyramids.North], at(4, 4): pyramids.Black, at(0, 4): pyramids.Blue} {
		if got := pl.colour(q, pyramids.Blue); got != want {
			t.Errorf("colour of an unseen layer on %v = %v, want %v", q, got, want)
		}
	}
}

// TestMoveSourceNoDestination: a stack a pyramid left receives none in
// the same move (the pyramids moved come from stacks off the word): two
// stacks of like tops read blurred are not a swap of their tops, whose
// letters the second reading would then rewrite.
func TestMoveSourceNoDestination(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	red := pyramids.Red
	b := board(t, map[grid.Pos]string{at(1, 2): "rT4", at(1, 5): "rT4", at(1, 3): "rN5", at(3, 3): "kA"})
	p := photoOf(b, map[grid.Pos]seenSquare{
		at(0, 3): {red, map[string]float64{"N": 0.3}, false},
		at(1, 3): {red, map[string]float64{"E": 0.3}, false},
		at(1, 2): {red, map[string]float64{"Y": 0.44, "T": 0.02}, false},
		at(1, 5): {red, map[string]float64{"E": 0.38, "T": 0.03}, false},
	})
	carried, _, _ := vpyr.CarryTaking(b, &vpyr.Reading{Squares: p.squares}, pyramids.DefaultSetup().Seats, nil)
	conf := make([][]float64, pyramids.Size)
	for i := range conf {
		conf[i] = make([]float64, pyramids.Size)
	}
	spells := func(h *pyramids.Board) bool { t, _ := h.At(at(0, 3)).Top(); return t.String() == "rN" }
	_, reread, _ := balance(Position{Board: b}, carried, p, newPool(ptr(pyramids.DefaultSetup()), b), nil, conf, spells, nil)
	for q, want := range map[grid.Pos]string{at(0, 3): "rN", at(1, 3): "rE4", at(1, 2): "rT4", at(1, 5): "rT4"} {
		if got := carried.At(q).String(); got != want {
			t.Errorf("%v read %s, want %s", q, got, want)
		}
	}
	for _, q := range reread {
		if q == at(1, 2) || q == at(1, 5) {
			t.Errorf("%v to be read again: its top is the one it held", q)
		}
	}
}

// TestPairingKeepsPhantomsOff: when no likely move spells a word the
// carried changes are paired; a pyramid that left a stack is not put on a
// square whose reading is a phantom (read so before while the game held
// it empty: a tall red stack leaning over the runway behind it), and a
// stack the carrying took as one lower whose photo surely shows its top
// still is as it stood. Before, the tall red stacks' tops were put on the
// runway squares the table had tapped empty, photo after photo.
func TestPairingKeepsPhantomsOff(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	red := pyramids.Red
	b := board(t, map[grid.Pos]string{at(1, 4): "rN5", at(1, 5): "rS5", at(3, 3): "kA"})
	p := photoOf(b, map[grid.Pos]seenSquare{
		at(0, 5): {red, map[string]float64{"S": 0.6}, false}, // the phantom
		at(1, 5): {red, map[string]float64{"S": 0.8}, true},  // the stack, its S surely
	})
	// the carrying's reading: the S on the runway came from (1, 5), which
	// shows S again (two like letters); Reconcile then held the runway
	// square as before (pinned)
	after := b.Clone()
	after.Set(at(1, 5), pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: red, Letter: "S"}}, Height: 4})
	pinned := map[grid.Pos]bool{at(0, 5): true}
	conf := make([][]float64, pyramids.Size)
	for i := range conf {
		conf[i] = make([]float64, pyramids.Size)
	}
	balance(Position{Board: b}, after, p, newPool(ptr(pyramids.DefaultSetup()), b), pinned, conf, func(*pyramids.Board) bool { return false }, nil)
	for q, want := range map[grid.Pos]string{at(0, 5): ".", at(1, 5): "rS5", at(1, 4): "rN5"} {
		if got := after.At(q).String(); got != want {
			t.Errorf("%v read %s, want %s\n%s", q, got, want, after)
		}
	}
}

// TestMoveOntoAStackOfAnotherColour: a blue S put on a yellow stack reads
// yellow (the top is small, the stack's skirts are most of its samples)
// with the S's letter; the stack the S left shows its next layer. The
// move that spells the word is found: the destination reads the colour
// of the stack the game holds there with another letter than its top.
func TestMoveOntoAStackOfAnotherColour(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	yellow, blue := pyramids.Yellow, pyramids.Blue
	b := board(t, map[grid.Pos]string{at(3, 1): "yC5", at(5, 8): "bS5", at(3, 2): "kE", at(3, 3): "kA"})
	p := photoOf(b, map[grid.Pos]seenSquare{
		at(3, 1): {yellow, map[string]float64{"S": 0.5, "C": 0.05}, false},
		at(5, 8): {blue, map[string]float64{"R": 0.5, "S": 0.05}, false},
	})
	carried, _, _ := vpyr.CarryTaking(b, &vpyr.Reading{Squares: p.squares}, pyramids.DefaultSetup().Seats, nil)
	conf := make([][]float64, pyramids.Size)
	for i := range conf {
		conf[i] = make([]float64, pyramids.Size)
	}
	spells := func(h *pyramids.Board) bool { t, _ := h.At(at(3, 1)).Top(); return t.String() == "bS" }
	balance(Position{Board: b}, carried, p, newPool(ptr(pyramids.DefaultSetup()), b), nil, conf, spells, nil)
	for q, want := range map[grid.Pos]string{at(3, 1): "bS/yC6", at(5, 8): "bR4"} {
		if got := carried.At(q).String(); got != want {
			t.Errorf("%v read %s, want %s\n%s", q, got, want, carried)
		}
	}
	if c := conf[3][1]; c >= game.LowConf {
		t.Errorf("(3,1): conf %.2f, want it marked unsure", c)
	}
}

// TestHistorySettles: a stack the move leaves as it stood is shown sure
// when the photo shows its colour surely and does not surely read
// another letter: a house pyramid whatever its blurred letter (house
// pyramids never move, and none lies on another), a player's pyramid
// only when the letter reads as the one the game holds. A square the
// photo misses as an earlier one did is not sure.
func TestHistorySettles(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	red, black := pyramids.Red, pyramids.Black
	b := board(t, map[grid.Pos]string{
		at(3, 3): "kD", at(3, 4): "kE", at(3, 5): "kA", at(3, 6): "kS",
		at(2, 5): "rA/kB", at(2, 6): "rE/kT", at(4, 4): "kN",
	})
	p := photoOf(b, map[grid.Pos]seenSquare{
		at(3, 3): {black, map[string]float64{"O": 0.4, "D": 0.2}, false}, // settled
		at(3, 4): {black, map[string]float64{"E": 0.4}, false},           // the colour not sure either
		at(3, 5): {black, map[string]float64{"R": 0.9}, true},            // surely another letter
		at(2, 5): {red, map[string]float64{"A": 0.4, "R": 0.3}, false},   // settled
		at(2, 6): {red, map[string]float64{"O": 0.4, "E": 0.3}, false},   // a player's letter read otherwise
		at(4, 4): {sure: true},                                           // missed, as before
	})
	for _, q := range []grid.Pos{at(3, 3), at(2, 5), at(2, 6)} {
		// the colour sure, the letter not
		p.squares[q.Row*pyramids.Size+q.Col].ColourSure = true
	}
	past := []game.Sighting{{
		Seen:  Position{Board: board(t, map[grid.Pos]string{at(3, 3): "kD"})},
		After: Position{Board: b},
	}}
	got, conf := readThrough(t, Position{Board: b}, past, p)
	if !got.Equal(b) {
		t.Errorf("read\n%s\nwant the board as it stood\n%s", got, b)
	}
	for _, tc := range []struct {
		q    grid.Pos
		sure bool
	}{
		{at(3, 3), true}, {at(3, 4), false}, {at(3, 5), false}, {at(2, 5), true}, {at(2, 6), false}, {at(4, 4), false}, {at(3, 6), true},
	} {
		if c := conf[tc.q.Row][tc.q.Col]; (c >= game.LowConf) != tc.sure {
			t.Errorf("%v: conf %.2f, want sure %v", tc.q, c, tc.sure)
		}
	}
}

// TestMoveOntoASquareNotSeen: a square the camera misses (read empty
// where the game holds a house pyramid, as an earlier photo did, or for
// the first time: house pyramids never move) may have had a pyramid put
// on it: the move that spells the word puts the source's top there,
// marked unsure.
func TestMoveOntoASquareNotSeen(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	green := pyramids.Green
	b := board(t, map[grid.Pos]string{at(8, 7): "gR5", at(2, 5): "kI", at(3, 5): "kT"})
	photo := func(sure bool) *seenPhoto {
		return photoOf(b, map[grid.Pos]seenSquare{
			at(8, 7): {green, map[string]float64{"T": 0.8}, true},
			at(2, 5): {sure: sure}, // a dark house pyramid, read empty
		})
	}
	missedBefore := []game.Sighting{{
		Seen:  Position{Board: board(t, map[grid.Pos]string{at(8, 7): "gR5", at(3, 5): "kT"})},
		After: Position{Board: b},
	}}
	seenBefore := []game.Sighting{{Seen: Position{Board: b}, After: Position{Board: b}}}
	for _, tc := range []struct {
		name string
		past []game.Sighting
		sure bool // (2,5) read empty surely
		dict game.Dictionary
		want map[grid.Pos]string
	}{
		{"the word RT, missed as before", missedBefore, true, words{"RT": true}, map[grid.Pos]string{at(2, 5): "gR/kI", at(8, 7): "gT4"}},
		{"no word, missed as before", missedBefore, true, words{}, map[grid.Pos]string{at(2, 5): "kI"}},
		{"the word RT, the house pyramid seen before, missed unsurely", seenBefore, false, words{"RT": true}, map[grid.Pos]string{at(2, 5): "gR/kI", at(8, 7): "gT4"}},
		{"no word, the house pyramid seen before, missed unsurely", seenBefore, false, words{}, map[grid.Pos]string{at(2, 5): "kI"}},
		{"the word RT, no photo before, missed unsurely", nil, false, words{"RT": true}, map[grid.Pos]string{at(2, 5): "gR/kI", at(8, 7): "gT4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := photo(tc.sure)
			scan := &vpyr.Reading{Squares: p.squares}
			carried, _, _ := vpyr.CarryTaking(b, scan, pyramids.DefaultSetup().Seats, nil)
			conf := make([][]float64, pyramids.Size)
			for row := range conf {
				conf[row] = make([]float64, pyramids.Size)
				for col := range conf[row] {
					conf[row][col] = squareConf(p.Square(grid.Pos{Row: row, Col: col}))
				}
			}
			r := &Rules{setup: ptr(pyramids.DefaultSetup()), colours: []pyramids.Colour{pyramids.Red, pyramids.Blue, green, pyramids.Yellow}, env: game.Env{Dict: tc.dict}}
			c := make([][]float64, len(conf))
			for i := range conf {
				c[i] = slices.Clone(conf[i])
			}
			rd, _ := r.Reconcile(Position{Board: b}, tc.past, game.Reading{Board: Position{Board: carried.Clone(), seen: p}, Conf: c})
			got := rd.Board.(Position).Board
			for q, want := range tc.want {
				if s := got.At(q).String(); s != want {
					t.Errorf("%v read %s, want %s\n%s", q, s, want, got)
				}
			}
			if v := rd.Conf[2][5]; v >= game.LowConf {
				t.Errorf("(2,5): conf %.2f, want it marked unsure", v)
			}
		})
	}
}

// TestMoveOfLikePyramids: a pyramid put on a stack topped by its likeness
// changes nothing the camera sees there, and a stack whose next layer is
// like its top shows nothing when it loses it. With a word to hold the
// move to, the first is found from the source the photo surely shows
// without its top, the second from the destination when no other move
// spells the word.
func TestMoveOfLikePyramids(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	red, green := pyramids.Red, pyramids.Green
	hasTop := func(q grid.Pos, l string) func(*pyramids.Board) bool {
		return func(b *pyramids.Board) bool { t, _ := b.At(q).Top(); return t.Letter == l }
	}
	tests := []struct {
		name     string
		standing map[grid.Pos]string
		over     map[grid.Pos]seenSquare
		spells   func(*pyramids.Board) bool
		want     map[grid.Pos]string
		unsure   []grid.Pos
	}{
		{
			name:     "put on its likeness, the source surely shows its next layer",
			standing: map[grid.Pos]string{at(8, 5): "gS5", at(8, 6): "gS4", at(1, 4): "rP5", at(5, 6): "kD"},
			over: map[grid.Pos]seenSquare{
				at(8, 5): {green, map[string]float64{"E": 0.9}, true},
				at(1, 4): {red, map[string]float64{"I": 0.8}, true},
				at(5, 6): {red, map[string]float64{"P": 0.9}, false},
			},
			spells: hasTop(at(5, 6), "P"),
			want:   map[grid.Pos]string{at(5, 6): "rP/kD", at(8, 5): "gE4", at(8, 6): "gS/gS5"},
			unsure: []grid.Pos{at(8, 6)},
		},
		{
			name:     "put on its likeness, no dictionary: the source as it stood",
			standing: map[grid.Pos]string{at(8, 5): "gS5", at(8, 6): "gS4", at(1, 4): "rP5", at(5, 6): "kD"},
			over: map[grid.Pos]seenSquare{
				at(8, 5): {green, map[string]float64{"E": 0.9}, true},
				at(1, 4): {red, map[string]float64{"I": 0.8}, true},
				at(5, 6): {red, map[string]float64{"P": 0.9}, false},
			},
			want:   map[grid.Pos]string{at(5, 6): "rP/kD", at(8, 5): "gS5", at(8, 6): "gS4"},
			unsure: []grid.Pos{at(8, 5)},
		},
		{
			name:     "from a stack whose next layer is alike",
			standing: map[grid.Pos]string{at(1, 7): "rT4", at(1, 4): "rR5", at(2, 4): "kA"},
			over: map[grid.Pos]seenSquare{
				at(0, 4): {red, map[string]float64{"S": 0.3, "T": 0.2}, false},
				at(1, 7): {red, map[string]float64{"T": 0.74}, true},
			},
			spells: hasTop(at(0, 4), "T"),
			want:   map[grid.Pos]string{at(0, 4): "rT", at(1, 7): "rT3"},
			unsure: []grid.Pos{at(0, 4), at(1, 7)},
		},
		{
			name:     "from a stack whose next layer is alike, no word spelt",
			standing: map[grid.Pos]string{at(1, 7): "rT4", at(1, 4): "rR5", at(2, 4): "kA"},
			over: map[grid.Pos]seenSquare{
				at(0, 4): {red, map[string]float64{"S": 0.3, "T": 0.2}, false},
				at(1, 7): {red, map[string]float64{"T": 0.74}, true},
			},
			spells: func(*pyramids.Board) bool { return false },
			want:   map[grid.Pos]string{at(0, 4): ".", at(1, 7): "rT4"},
		},
		{
			name:     "from a stack whose next layer is alike, the destination read in another colour",
			standing: map[grid.Pos]string{at(1, 7): "rT4", at(1, 4): "rR5", at(2, 4): "kA"},
			over: map[grid.Pos]seenSquare{
				at(0, 4): {green, map[string]float64{"S": 0.3, "T": 0.2}, false},
				at(1, 7): {red, map[string]float64{"T": 0.74}, true},
			},
			spells: hasTop(at(0, 4), "T"),
			want:   map[grid.Pos]string{at(0, 4): ".", at(1, 7): "rT4"},
		},
		{
			// The move made spells no word (an O put on a house O, its
			// stack showing an E under it); a T off a stack surely
			// read T, its next layer alike, onto that E would spell
			// one. The sure T is the stack as it stood as much as its
			// next layer: that move is as likely as the pool makes a
			// T under the T, against a sure E and a green O read
			// where it would leave none.
			name:     "a sure stack left as it stood: a source only as likely as its next layer alike",
			standing: map[grid.Pos]string{at(8, 6): "gO5", at(8, 4): "gT5", at(3, 3): "kO"},
			over: map[grid.Pos]seenSquare{
				at(8, 6): {green, map[string]float64{"E": 0.83, "T": 0.0006}, true},
				at(8, 4): {green, map[string]float64{"T": 0.79}, true},
				at(3, 3): {green, map[string]float64{"O": 0.69}, false},
			},
			spells: hasTop(at(8, 6), "T"),
			want:   map[grid.Pos]string{at(3, 3): "gO/kO", at(8, 6): "gE4", at(8, 4): "gT5"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := board(t, tc.standing)
			p := photoOf(b, tc.over)
			carried, _, _ := vpyr.CarryTaking(b, &vpyr.Reading{Squares: p.squares}, pyramids.DefaultSetup().Seats, nil)
			conf := make([][]float64, pyramids.Size)
			for i := range conf {
				conf[i] = []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
			}
			balance(Position{Board: b}, carried, p, newPool(ptr(pyramids.DefaultSetup()), b), nil, conf, tc.spells, nil)
			for q, want := range tc.want {
				if got := carried.At(q).String(); got != want {
					t.Errorf("%v read %s, want %s\n%s", q, got, want, carried)
				}
			}
			for _, q := range tc.unsure {
				if conf[q.Row][q.Col] >= game.LowConf {
					t.Errorf("%v: conf %.2f, want it marked unsure", q, conf[q.Row][q.Col])
				}
			}
		})
	}
}

// TestSettleLikeStacks: a player's stack left as it stood beside a like
// stack (the same pyramid on top) the move took a pyramid off is shown
// sure only when the photo surely reads its letter: the take may have
// been read off the wrong one of the two. Without a like stack taken
// off, the history settles it as before.
func TestSettleLikeStacks(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	yellow := pyramids.Yellow
	for _, tc := range []struct {
		name     string
		source   string // (5, 1) before; the move takes its top
		seen     seenSquare
		wantSure bool
	}{
		{"a like stack taken off, the letter read unsure", "yE/yS/yY/yW/yL", seenSquare{yellow, map[string]float64{"E": 0.27, "R": 0.2}, false}, false},
		{"a like stack taken off, the letter read surely", "yE/yS/yY/yW/yL", seenSquare{yellow, map[string]float64{"E": 0.9}, true}, true},
		{"another top taken off, the letter read unsure", "yS/yE/yY/yW/yL", seenSquare{yellow, map[string]float64{"E": 0.27, "R": 0.2}, false}, true},
		{"a like stack of another colour taken off", "rE/rS/rY/rW/rL", seenSquare{yellow, map[string]float64{"E": 0.27, "R": 0.2}, false}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := board(t, map[grid.Pos]string{at(5, 1): tc.source, at(6, 1): "yE/yR/yT/yN/yA"})
			src, err := pyramids.ParseCell(tc.source)
			if err != nil {
				t.Fatal(err)
			}
			after := before.Clone()
			after.Set(at(5, 1), pyramids.Stack{Height: src.Height - 1, Layers: src.Layers[1:]})
			after.Set(at(5, 9), pyramids.Stack{Height: 1, Layers: src.Layers[:1]})
			p := photoOf(after, map[grid.Pos]seenSquare{at(6, 1): tc.seen})
			p.squares[6*pyramids.Size+1].ColourSure = true
			conf := make([][]float64, pyramids.Size)
			for row := range conf {
				conf[row] = make([]float64, pyramids.Size)
			}
			settle(before, after, p, nil, conf, nil)
			if got := conf[6][1] >= game.LowConf; got != tc.wantSure {
				t.Errorf("(6, 1) conf %.2f: sure %v, want %v", conf[6][1], got, tc.wantSure)
			}
		})
	}
}

// TestMoveOffRivalSources: a pyramid put on a square may have left any
// stack it topped: a known top alike, a pending stack one of whose
// letters it is (weighed by that letter's evidence), or a stack read as
// it stood over a next layer that may be its likeness. The likeliest by
// its own square's photo is the source; the sources the photo cannot
// tell apart (within sureOdds) are all shown unsure, and a stack topped
// by the pyramid moved is not settled sure unless its photo surely
// reads it. Game 111707's turn 6: a blue S left (7,8), five high, its
// next layer an S too, for the runway at (5,1); the move was taken off
// the pending (3,8), read B, whose evidence gave S 0.15, and (7,8)
// stayed five high, shown sure.
func TestMoveOffRivalSources(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	blue, red := pyramids.Blue, pyramids.Red
	// (3,8)'s letter is not known: the photo that first showed it
	guessB := map[string]float64{"B": 0.35, "I": 0.24, "S": 0.15, "E": 0.14}
	readB := seenSquare{blue, map[string]float64{"B": 0.33, "I": 0.2, "E": 0.13, "S": 0.1}, false}
	landedS := seenSquare{blue, map[string]float64{"S": 0.68, "I": 0.04}, false}
	readS := seenSquare{blue, map[string]float64{"S": 0.87, "I": 0.09}, false}
	// the red stacks along row 1 and the other blue ones, their letters
	// not known, each read as the photo that first showed it read it
	// (blurred): sources of the red N read on the house's E at (5,4)
	// and of the blue S
	guessN := map[string]float64{"N": 0.3, "S": 0.2, "E": 0.15, "R": 0.1}
	readN := seenSquare{red, guessN, false}
	guessM := map[string]float64{"M": 0.3, "N": 0.2, "H": 0.15, "R": 0.1}
	readM := seenSquare{blue, guessM, false}
	many := map[grid.Pos]string{at(1, 2): "rN4", at(1, 3): "rN4", at(1, 4): "rN3", at(1, 5): "rN5", at(1, 6): "rN4", at(5, 4): "kE",
		at(2, 8): "bM5", at(4, 8): "bM4", at(5, 8): "bM5"}
	manyPending := map[grid.Pos]map[string]float64{at(3, 8): guessB, at(1, 2): guessN, at(1, 3): guessN, at(1, 4): guessN, at(1, 5): guessN, at(1, 6): guessN,
		at(2, 8): guessM, at(4, 8): guessM, at(5, 8): guessM}
	manyRead := map[grid.Pos]seenSquare{
		at(5, 1): landedS, at(3, 8): readB, at(7, 8): readS,
		at(1, 2): readN, at(1, 3): {red, map[string]float64{"L": 0.7, "I": 0.1}, false}, at(1, 4): readN, at(1, 5): readN, at(1, 6): readN,
		at(5, 4): {red, map[string]float64{"N": 0.58, "S": 0.17}, false},
		at(2, 8): readM, at(4, 8): readM, at(5, 8): readM,
	}
	// hasTops: the word is spelt when these squares are topped by these
	// letters on a stack (a pyramid put on one)
	hasTops := func(tops map[grid.Pos]string) func(*pyramids.Board) bool {
		return func(b *pyramids.Board) bool {
			for q, l := range tops {
				if t, _ := b.At(q).Top(); t.Letter != l || b.At(q).Height < 2 {
					return false
				}
			}
			return true
		}
	}
	tests := []struct {
		name     string
		standing map[grid.Pos]string
		pending  map[grid.Pos]map[string]float64
		over     map[grid.Pos]seenSquare
		spells   func(*pyramids.Board) bool
		want     map[grid.Pos]string
		heights  map[grid.Pos]int // squares whose count alone is asserted
		unsure   []grid.Pos
	}{
		{
			// eleven sources: the search takes the ten likeliest
			name:     "a known S read as it stood against a pending stack read as its guess, among many sources",
			standing: merge(map[grid.Pos]string{at(7, 8): "bS5", at(3, 8): "bB4", at(5, 1): "yK5"}, many),
			pending:  manyPending,
			over:     manyRead,
			spells:   hasTops(map[grid.Pos]string{at(5, 1): "S", at(5, 4): "N"}),
			want:     map[grid.Pos]string{at(5, 1): "bS/yK6", at(3, 8): "bB4", at(5, 4): "rN/kE", at(1, 3): "rL3"},
			heights:  map[grid.Pos]int{at(7, 8): 4},
			unsure:   []grid.Pos{at(5, 1), at(7, 8)},
		},
		{
			name:     "two known E read as they stood, neither carried lower, against a pending stack read as its guess",
			standing: map[grid.Pos]string{at(7, 8): "bE5", at(6, 8): "bE5", at(3, 8): "bB4", at(5, 1): "yK5"},
			pending:  map[grid.Pos]map[string]float64{at(3, 8): guessB},
			over: map[grid.Pos]seenSquare{
				at(5, 1): {blue, map[string]float64{"E": 0.68, "I": 0.04}, false}, at(3, 8): readB,
				at(6, 8): {blue, map[string]float64{"E": 0.87, "I": 0.09}, false}, at(7, 8): {blue, map[string]float64{"E": 0.87, "I": 0.09}, false},
			},
			spells: hasTops(map[grid.Pos]string{at(5, 1): "E"}),
			want:   map[grid.Pos]string{at(5, 1): "bE/yK6", at(3, 8): "bB4"},
			unsure: []grid.Pos{at(5, 1), at(6, 8), at(7, 8)},
		},
		{
			name:     "the pending stack surely shows another layer",
			standing: map[grid.Pos]string{at(7, 8): "bS5", at(3, 8): "bB4", at(5, 1): "yK5"},
			pending:  map[grid.Pos]map[string]float64{at(3, 8): guessB},
			over:     map[grid.Pos]seenSquare{at(5, 1): landedS, at(3, 8): {blue, map[string]float64{"I": 0.9}, true}, at(7, 8): readS},
			spells:   hasTops(map[grid.Pos]string{at(5, 1): "S"}),
			want:     map[grid.Pos]string{at(5, 1): "bS/yK6", at(7, 8): "bS5", at(3, 8): "bI3"},
			unsure:   []grid.Pos{at(5, 1), at(7, 8)},
		},
		{
			name:     "neither shows its loss more than the other: both unsure",
			standing: map[grid.Pos]string{at(7, 8): "bS5", at(3, 8): "bB4", at(5, 1): "yK5"},
			pending:  map[grid.Pos]map[string]float64{at(3, 8): {"S": 0.6, "E": 0.4}},
			over: map[grid.Pos]seenSquare{
				at(5, 1): landedS,
				at(3, 8): {blue, map[string]float64{"I": 0.3, "S": 0.3, "E": 0.2}, false},
				at(7, 8): {blue, map[string]float64{"S": 0.4, "E": 0.3}, false},
			},
			spells: hasTops(map[grid.Pos]string{at(5, 1): "S"}),
			want:   map[grid.Pos]string{at(5, 1): "bS/yK6"},
			unsure: []grid.Pos{at(5, 1), at(7, 8), at(3, 8)},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := board(t, tc.standing)
			p := photoOf(b, tc.over)
			for q := range tc.standing {
				p.squares[q.Row*pyramids.Size+q.Col].ColourSure = true
			}
			carried, _, _ := vpyr.CarryTaking(b, &vpyr.Reading{Squares: p.squares}, pyramids.DefaultSetup().Seats, nil)
			conf := make([][]float64, pyramids.Size)
			for row := range conf {
				conf[row] = make([]float64, pyramids.Size)
				for col := range conf[row] {
					conf[row][col] = squareConf(p.Square(grid.Pos{Row: row, Col: col}))
				}
			}
			pos := Position{Board: b, Pending: byPlace(tc.pending), Evidence: tc.pending}
			_, _, unsettled := balance(pos, carried, p, newPool(ptr(pyramids.DefaultSetup()), b), nil, conf, tc.spells, func(*pyramids.Board) func(*pyramids.Board) bool { return tc.spells })
			settle(b, carried, p, nil, conf, unsettled)
			for q, want := range tc.want {
				if got := carried.At(q).String(); got != want {
					t.Errorf("%v read %s, want %s\n%s", q, got, want, carried)
				}
			}
			for q, want := range tc.heights {
				if got := carried.At(q).Height; got != want {
					t.Errorf("%v read %d high, want %d\n%s", q, got, want, carried)
				}
			}
			for _, q := range tc.unsure {
				if conf[q.Row][q.Col] >= game.LowConf {
					t.Errorf("%v: conf %.2f, want it marked unsure", q, conf[q.Row][q.Col])
				}
			}
		})
	}
}

// merge is the cells of a and b together.
func merge(a, b map[grid.Pos]string) map[grid.Pos]string {
	out := map[grid.Pos]string{}
	for q, c := range a {
		out[q] = c
	}
	for q, c := range b {
		out[q] = c
	}
	return out
}

// TestHousePyramidsNeverMove: when no move spells a word and the carried
// changes are paired, a black pyramid read on a square the game holds
// without one and a house pyramid read gone are no move, even of the
// same letter: house pyramids never move. Each is a misread unless the
// scan is sure of it. (Game 112252: a shaded empty square read black P,
// the carrying took it for the house's P moved there, and the pairing
// kept it: two taps.)
func TestHousePyramidsNeverMove(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	black, red := pyramids.Black, pyramids.Red
	standing := map[grid.Pos]string{at(7, 4): "kP", at(7, 3): "kL", at(1, 7): "rE5", at(5, 5): "kO"}
	for _, tc := range []struct {
		name string
		over map[grid.Pos]seenSquare
		want map[grid.Pos]string
	}{
		{
			name: "a shaded empty square read black P, the house's P read as it stands",
			over: map[grid.Pos]seenSquare{at(5, 7): {black, map[string]float64{"P": 0.36, "N": 0.06}, false}},
			want: map[grid.Pos]string{at(5, 7): ".", at(7, 4): "kP"},
		},
		{
			name: "read black P there surely: the scan's reading stands, the house's P stays",
			over: map[grid.Pos]seenSquare{at(5, 7): {black, map[string]float64{"P": 0.9}, true}},
			want: map[grid.Pos]string{at(5, 7): "kP", at(7, 4): "kP"},
		},
		{
			name: "a player's pyramid of another colour misread beside it still pairs",
			over: map[grid.Pos]seenSquare{
				at(5, 7): {black, map[string]float64{"P": 0.36, "N": 0.06}, false},
				at(0, 7): {red, map[string]float64{"E": 0.6}, false},
				at(1, 7): {red, map[string]float64{"T": 0.7}, false},
			},
			want: map[grid.Pos]string{at(5, 7): ".", at(7, 4): "kP", at(0, 7): "rE"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := board(t, standing)
			p := photoOf(b, tc.over)
			scan := &vpyr.Reading{Squares: p.squares}
			carried, _, _ := vpyr.CarryTaking(b, scan, pyramids.DefaultSetup().Seats, nil)
			// the carrying took the black P read at (5,7) for the
			// house's P moved there
			carried.Set(at(7, 4), pyramids.Stack{})
			conf := make([][]float64, pyramids.Size)
			for row := range conf {
				conf[row] = []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
			}
			balance(Position{Board: b}, carried, p, newPool(ptr(pyramids.DefaultSetup()), b), nil, conf, func(*pyramids.Board) bool { return false }, nil)
			for q, want := range tc.want {
				if got := carried.At(q).String(); got != want {
					t.Errorf("%v read %s, want %s\n%s", q, got, want, carried)
				}
			}
		})
	}
}

// TestLikeStackShownUnsure: a player's stack topped like a pyramid the
// move took, over a next layer the game does not know (or knows alike),
// could have given it: the photo shows it the same either way, so it is
// shown unsure however surely its top reads. Game 112057, game 1 turn
// 10: a green O left (8,4), five high, over another green O; the game
// took it off the pending (8,2), guessed O (truly D), and (8,4) stood
// five high, shown sure by the scan. A stack the move could not have
// taken the pyramid off unseen (one high, its next layer known
// otherwise, another top) keeps the photo's sure reading.
func TestLikeStackShownUnsure(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	for _, tc := range []struct {
		name     string
		stack    string // (8,4) before and after: the move left it as it stood
		wantSure bool
	}{
		{"topped like the pyramid taken, its next layer not known", "gO5", false},
		{"topped like the pyramid taken, its next layer known alike", "gO/gO/gT/gA/gR", false},
		{"topped like the pyramid taken, its next layer known otherwise", "gO/gE/gT/gA/gR", true},
		{"topped like the pyramid taken, one high", "gO", true},
		{"topped by another letter, its next layer not known", "gE5", true},
		{"topped by the letter taken in another colour", "yO5", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// (8,2) is the pending stack the move was read off (its
			// guess O); the O went to the runway's (9,4)
			before := board(t, map[grid.Pos]string{at(8, 2): "gO4", at(8, 4): tc.stack})
			after := board(t, map[grid.Pos]string{at(8, 2): "gD3", at(8, 4): tc.stack, at(9, 4): "gO"})
			p := photoOf(after, nil) // every square read surely as after
			conf := make([][]float64, pyramids.Size)
			for row := range conf {
				conf[row] = make([]float64, pyramids.Size)
				for col := range conf[row] {
					conf[row][col] = squareConf(p.Square(grid.Pos{Row: row, Col: col}))
				}
			}
			settle(before, after, p, nil, conf, nil)
			if got := conf[8][4] >= game.LowConf; got != tc.wantSure {
				t.Errorf("(8,4) %s: conf %.2f, sure %v, want %v", tc.stack, conf[8][4], got, tc.wantSure)
			}
		})
	}
}
