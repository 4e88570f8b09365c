package pyramids

import (
	"context"
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/sqlite"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestPendingThroughAGame: a letter not yet known stays so through the
// game's record: the turn that shows it lists it (Detail.Unknown), the
// board keeps it pending across a restart of the service (the SQLite
// store), a later photo that reads it as another letter of its colour at
// its count is no change of the board (the take is accepted, the
// announced word's score kept), and a tap on it makes it known.
func TestPendingThroughAGame(t *testing.T) {
	ctx := context.Background()
	l := readLog(t)
	hold := l.Entries[0]
	q := grid.Pos{Row: 6, Col: 8} // blue's O left it: bN4, never seen before
	dir := t.TempDir()
	open := func() (*game.Session, *sqlite.Store) {
		t.Helper()
		store, err := sqlite.Open(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		opt := game.Options{OptColours: "blue,green,red"}
		rules, err := Game{}.New(opt, game.Env{Dict: words{"HOLD": true}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := game.Open(ctx, store, game.Config{Kind: Kind, Players: []string{"Bo", "Gil", "Ro"}, Rules: rules, Options: opt})
		if err != nil {
			t.Fatal(err)
		}
		return s, store
	}
	pendingOf := func(s *game.Session) []grid.Pos {
		p, err := pos(s.Board())
		if err != nil {
			t.Fatal(err)
		}
		return p.Pending
	}
	evidenceOf := func(s *game.Session) map[string]float64 {
		p, err := pos(s.Board())
		if err != nil {
			t.Fatal(err)
		}
		return p.Evidence[q]
	}
	first := map[string]float64{"N": 0.45, "M": 0.35, "H": 0.2}
	s, store := open()
	play := func(name string, p Position) game.Turn {
		t.Helper()
		tn, err := s.Play(ctx, game.Frame{ID: name}, game.Reading{Board: p})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return tn
	}
	play("set-up", Position{Board: l.Start})
	ann := play("HOLD", Position{Board: hold.Announced, Pending: []grid.Pos{q}, Evidence: map[grid.Pos]map[string]float64{q: first}})
	if ann.Status != game.StatusAccepted || ann.Words[0].Word != "HOLD" {
		t.Fatalf("HOLD announced: %+v", ann)
	}
	if d := ann.Detail.(Detail); !slices.Equal(d.Unknown, []string{"6,8"}) {
		t.Errorf("the turn lists %v as not yet known, want [6,8]", d.Unknown)
	}
	if got := pendingOf(s); !slices.Equal(got, []grid.Pos{q}) {
		t.Fatalf("pending after the announcement %v, want %v", got, q)
	}
	store.Close()

	s, store = open()
	defer store.Close()
	if got := pendingOf(s); !slices.Equal(got, []grid.Pos{q}) {
		t.Fatalf("pending after a restart %v, want %v", got, q)
	}
	if got := evidenceOf(s); !maps.Equal(got, first) {
		t.Errorf("its first photo's evidence after a restart %v, want %v", got, first)
	}
	// The take's photo reads the blue N as an M: not known, so no change.
	taken := hold.Taken.Clone()
	taken.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: "M"}}, Height: 4})
	tn := play("taken", Position{Board: taken, Pending: []grid.Pos{q}, Evidence: map[grid.Pos]map[string]float64{q: first}})
	if tn.Status != game.StatusAccepted {
		t.Fatalf("the take with the unknown letter read otherwise: %+v", tn)
	}
	if a, _ := s.Turn(ann.N); a.Score != ann.Score || a.Status != game.StatusAccepted {
		t.Errorf("HOLD after the take: %+v, want its score %d kept", a, ann.Score)
	}
	if got := pendingOf(s); !slices.Equal(got, []grid.Pos{q}) {
		t.Errorf("pending after the take %v, want %v", got, q)
	}
	if got := evidenceOf(s); !maps.Equal(got, first) {
		t.Errorf("its first photo's evidence after the take %v, want %v", got, first)
	}
	// The table says it is an N.
	if _, err := s.CorrectCell(ctx, tn.N, q.Row, q.Col, "bN4"); err != nil {
		t.Fatal(err)
	}
	if got := pendingOf(s); len(got) != 0 {
		t.Errorf("pending after the tap %v, want none", got)
	}
	if got := evidenceOf(s); got != nil {
		t.Errorf("evidence after the tap %v, want none", got)
	}
	if c := s.State().Board[q.Row][q.Col]; c == nil || c.Letter != "N" {
		t.Errorf("the tapped square %+v, want the N", c)
	}
}

// TestPendingAfter: the squares a photo leaves not yet known.
func TestPendingAfter(t *testing.T) {
	q := grid.Pos{Row: 6, Col: 8}
	blue := func(l string, h int) pyramids.Stack {
		return pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: l}}, Height: h}
	}
	for _, tc := range []struct {
		name    string
		before  pyramids.Stack
		pending bool // q pending before
		after   pyramids.Stack
		word    bool // q is a square of the word being taken
		conf    float64
		want    bool
	}{
		{name: "a source's new top, unsure", before: blue("O", 5), after: blue("N", 4), conf: 0.3, want: true},
		{name: "a source's new top, sure", before: blue("O", 5), after: blue("N", 4), conf: 0.9},
		{name: "a new top over a layer known", before: pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: "O"}, {Colour: pyramids.Black, Letter: "E"}}, Height: 2},
			after: pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Black, Letter: "E"}}, Height: 1}, conf: 0.3},
		{name: "a layer the take uncovered, unsure", before: blue("O", 5), after: blue("N", 4), word: true, conf: 0.3, want: true},
		{name: "pending, the stack as it stood", before: blue("N", 4), pending: true, after: blue("M", 4), conf: 0.3, want: true},
		{name: "pending, read surely", before: blue("N", 4), pending: true, after: blue("N", 4), conf: 0.9},
		{name: "pending, taken in the word, the layer under read surely", before: blue("N", 4), pending: true, after: blue("E", 3), word: true, conf: 0.9},
		{name: "pending, taken in the word, the layer under unsure", before: blue("N", 4), pending: true, after: blue("E", 3), word: true, conf: 0.3, want: true},
		{name: "pending, another put on it", before: blue("N", 4), pending: true, after: pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: "A"}, {Colour: pyramids.Blue, Letter: "N"}}, Height: 5}, conf: 0.3},
		{name: "not pending, the stack as it stood", before: blue("N", 4), after: blue("N", 4), conf: 0.3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			standing, after := oneSquare(q, tc.before, tc.after, tc.pending, nil)
			var word []grid.Pos
			if tc.word {
				word = []grid.Pos{q}
			}
			conf := make([][]float64, pyramids.Size)
			for i := range conf {
				conf[i] = make([]float64, pyramids.Size)
			}
			conf[q.Row][q.Col] = tc.conf
			got := pendingAfter(standing, after, word, conf)
			if slices.Contains(got, q) != tc.want || len(got) > 1 {
				t.Errorf("pending %v, want %v: %v", got, q, tc.want)
			}
		})
	}
}

// TestResolvePending: a later photo settles a letter not yet known only
// when it reads it surely itself, and changes it only in a photo that is
// a turn; a reading the history would settle (the same letter again, its
// colour sure) does not make it sure.
func TestResolvePending(t *testing.T) {
	q := grid.Pos{Row: 6, Col: 8}
	setup := pyramids.DefaultSetup()
	for _, tc := range []struct {
		name    string
		seen    seenSquare
		change  bool // the photo shows a change elsewhere
		want    string
		changed int
		sure    bool
	}{
		{name: "read surely as another letter", seen: seenSquare{colour: pyramids.Blue, letters: map[string]float64{"M": 0.9}, sure: true},
			change: true, want: "M", changed: 1, sure: true},
		{name: "read surely as another, nothing else changed", seen: seenSquare{colour: pyramids.Blue, letters: map[string]float64{"M": 0.9}, sure: true},
			want: "N"},
		{name: "read surely as held", seen: seenSquare{colour: pyramids.Blue, letters: map[string]float64{"N": 0.9}, sure: true},
			want: "N", sure: true},
		{name: "read as held, not sure", seen: seenSquare{colour: pyramids.Blue, letters: map[string]float64{"N": 0.4, "M": 0.3}},
			change: true, want: "N"},
		{name: "read sure without margin", seen: seenSquare{colour: pyramids.Blue, letters: map[string]float64{"M": 0.4, "N": 0.3}, sure: true},
			change: true, want: "N"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := pyramids.NewBoard()
			before.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: "N"}}, Height: 4})
			after := before.Clone()
			conf := make([][]float64, pyramids.Size)
			for i := range conf {
				conf[i] = make([]float64, pyramids.Size)
			}
			// as settle leaves a stack read as it stood, its colour sure
			conf[q.Row][q.Col] = game.LowConf
			photo := photoOf(after, map[grid.Pos]seenSquare{q: tc.seen})
			standing := Position{Board: before, Pending: []grid.Pos{q}}
			n := resolvePending(standing, after, photo, nil, newPool(&setup, before), conf, tc.change)
			if got, _ := after.At(q).Top(); got.Letter != tc.want || after.At(q).Height != 4 {
				t.Errorf("top %s%d, want %s4", got, after.At(q).Height, tc.want)
			}
			if n != tc.changed {
				t.Errorf("changed %d, want %d", n, tc.changed)
			}
			if sure := conf[q.Row][q.Col] >= game.LowConf; sure != tc.sure {
				t.Errorf("sure %v, want %v", sure, tc.sure)
			}
			if p := pendingAfter(standing, after, nil, conf); slices.Contains(p, q) == tc.sure {
				t.Errorf("pending after %v, want %v", p, !tc.sure)
			}
		})
	}
}

// TestRevealPending: a pyramid moved off a stack whose letter the game did
// not know (its guess wrong) is the one put on the board of its colour
// that no known stack gave: the referee takes the move (HOLD: blue's O
// off row 6, column 8, whose top the game guessed Q) instead of refusing
// a blue O that left no stack; not when another stack could have given
// it or two pending stacks could.
func TestRevealPending(t *testing.T) {
	l := readLog(t)
	hold := l.Entries[0]
	src := grid.Pos{Row: 6, Col: 8}
	blue := func(s string) pyramids.Stack {
		return pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: s}}, Height: 5}
	}
	for _, tc := range []struct {
		name    string
		guess   string // the top the game holds on src (pending)
		pending []grid.Pos
		want    bool // HOLD accepted
	}{
		{name: "guessed right", guess: "O", pending: []grid.Pos{src}, want: true},
		{name: "guessed wrong: the letter where it landed", guess: "Q", pending: []grid.Pos{src}, want: true},
		{name: "guessed wrong, not pending", guess: "Q"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Game{}.New(game.Options{OptColours: "blue,green,red"}, game.Env{Dict: words{"HOLD": true}})
			if err != nil {
				t.Fatal(err)
			}
			before, after := l.Start.Clone(), hold.Announced.Clone()
			before.Set(src, blue(tc.guess))
			mv, err := r.Judge(Position{Board: before, Pending: tc.pending}, Position{Board: after}, game.Table{Seat: 0, Seats: 3})
			if ok := err == nil && len(mv.Words) == 1 && mv.Words[0].Word == "HOLD"; ok != tc.want {
				t.Errorf("HOLD: %+v, %v; want accepted %v", mv.Words, err, tc.want)
			}
		})
	}
}

// TestPendingMove: a photo of a move off a stack whose letter the game
// does not know (pending, its guess Q wrong: the blue O of HOLD) is read
// as that move, weighed by the letters' evidence the first photo gave
// (Position.Evidence) times the destination's: the destination shows the
// letter the two make likeliest, marked unsure. Without evidence the
// stack's top is the guess, the Q put on the destination (the table
// taps it).
func TestPendingMove(t *testing.T) {
	l := readLog(t)
	hold := l.Entries[0]
	src, dst := grid.Pos{Row: 6, Col: 8}, grid.Pos{Row: 5, Col: 2}
	other := grid.Pos{Row: 2, Col: 8}
	blue := func(s string, h int) pyramids.Stack {
		return pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: s}}, Height: h}
	}
	firstQ := map[string]float64{"Q": 0.5, "O": 0.3, "N": 0.2}
	for _, tc := range []struct {
		name     string
		pending  []grid.Pos
		evidence map[grid.Pos]map[string]float64
		before   map[grid.Pos]pyramids.Stack // the game's board besides the start
		over     map[grid.Pos]seenSquare     // the photo besides the truth
		want     string                      // the letter read on dst off src
	}{
		{name: "one pending blue stack", pending: []grid.Pos{src}, evidence: map[grid.Pos]map[string]float64{src: firstQ}, want: "O"},
		{name: "its new top read as the guess", pending: []grid.Pos{src}, evidence: map[grid.Pos]map[string]float64{src: firstQ},
			over: map[grid.Pos]seenSquare{src: {colour: pyramids.Blue, letters: map[string]float64{"Q": 0.4, "N": 0.2}}}, want: "O"},
		{name: "the destination blurred: the first photo's evidence decides", pending: []grid.Pos{src},
			evidence: map[grid.Pos]map[string]float64{src: {"O": 0.6, "Q": 0.4}},
			over:     map[grid.Pos]seenSquare{dst: {colour: pyramids.Blue, letters: map[string]float64{"Q": 0.3, "O": 0.25, "D": 0.2}}}, want: "O"},
		{name: "two pending blue stacks compete by their evidence", pending: []grid.Pos{other, src},
			evidence: map[grid.Pos]map[string]float64{src: firstQ, other: {"N": 0.97, "M": 0.03}},
			before:   map[grid.Pos]pyramids.Stack{other: blue("N", 1)}, want: "O"},
		{name: "a known blue O elsewhere read standing", pending: []grid.Pos{src}, evidence: map[grid.Pos]map[string]float64{src: firstQ},
			before: map[grid.Pos]pyramids.Stack{{Row: 9, Col: 5}: blue("O", 1)}, want: "O"},
		{name: "pending without evidence: the guess", pending: []grid.Pos{src}, want: "Q"},
		{name: "not pending: the letter the game holds", want: "Q"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := l.Start.Clone()
			before.Set(src, blue("Q", 5))
			truth := hold.Announced.Clone()
			for q, s := range tc.before {
				before.Set(q, s)
				truth.Set(q, s)
			}
			got, conf := readThrough(t, Position{Board: before, Pending: tc.pending, Evidence: tc.evidence}, nil, photoOf(truth, tc.over))
			read := ""
			if got.At(src).Height == truth.At(src).Height && got.At(dst).Height == truth.At(dst).Height {
				tp, _ := got.At(dst).Top()
				read = tp.Letter
			}
			if read != tc.want {
				t.Errorf("read %s on %v and %s on %v; want %q put on %v", got.At(dst), dst, got.At(src), src, tc.want, dst)
			}
			if read != "" && conf[dst.Row][dst.Col] >= game.LowConf {
				t.Errorf("%v shown sure (%.2f): its letter is a pending stack's", dst, conf[dst.Row][dst.Col])
			}
		})
	}
}

// TestPendingEvidence: a square pending for the first time is given the
// photo's evidence (its own reading at its count where the photo was
// read again), weighed by the pool; one still pending, the stack as it
// stood, keeps its first photo's, whatever a later photo reads.
func TestPendingEvidence(t *testing.T) {
	q := grid.Pos{Row: 6, Col: 8}
	blue := func(l string, h int) pyramids.Stack {
		return pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: l}}, Height: h}
	}
	kept := map[string]float64{"H": 0.6, "N": 0.4}
	for _, tc := range []struct {
		name    string
		before  pyramids.Stack
		pending bool // q pending before, with kept
		after   pyramids.Stack
		second  bool   // the photo read q again
		want    string // the heaviest letter of q's evidence
	}{
		{name: "a new top: the photo's", before: blue("O", 5), after: blue("N", 4), want: "N"},
		{name: "a new top read again: that reading's", before: blue("O", 5), after: blue("N", 4), second: true, want: "M"},
		{name: "still pending: the first photo's", before: blue("H", 4), pending: true, after: blue("N", 4), want: "H"},
		{name: "pending, one lower: the new layer's", before: blue("H", 4), pending: true, after: blue("N", 3), want: "N"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			standing, after := oneSquare(q, tc.before, tc.after, tc.pending, kept)
			before := standing.Board
			seen := photoOf(after, map[grid.Pos]seenSquare{q: {colour: pyramids.Blue, letters: map[string]float64{"N": 0.5, "M": 0.3}}})
			second := map[grid.Pos]map[string]float64{}
			if tc.second {
				second[q] = map[string]float64{"M": 0.6, "N": 0.2}
			}
			ev := pendingEvidence(standing, after, []grid.Pos{q}, seen, second, newPool(new(pyramids.DefaultSetup()), before))
			w := ev[q]
			if ls := byWeight(w); len(ls) == 0 || ls[0] != tc.want {
				t.Fatalf("evidence %v, want %s the heaviest", w, tc.want)
			}
			sum := 0.0
			for _, v := range w {
				sum += v
			}
			if math.Abs(sum-1) > 0.01 {
				t.Errorf("weights %v sum to %.3f, want 1", w, sum)
			}
		})
	}
}

// TestPendingMoveSpells: with the table's dictionary, a move off a
// pending stack must spell a word with the letter tried on it (the
// referee's check is given the stack's top as that letter): HOLD is read
// with the blue O off the stack the game guessed Q, though the blurred
// destination reads Q a little better than O; with no letter of the
// evidence spelling a word the photo's changes are paired as before (the
// guess put there, for the table to tap). Either way the destination is
// shown unsure.
func TestPendingMoveSpells(t *testing.T) {
	l := readLog(t)
	hold := l.Entries[0]
	src, dst := grid.Pos{Row: 6, Col: 8}, grid.Pos{Row: 5, Col: 2}
	for _, tc := range []struct {
		name     string
		evidence map[string]float64
		want     string // the letter read on dst off src
	}{
		{name: "O among the letters tried", evidence: map[string]float64{"Q": 0.6, "O": 0.25, "D": 0.15}, want: "O"},
		{name: "O not in the evidence", evidence: map[string]float64{"Q": 0.6, "D": 0.4}, want: "Q"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Game{}.New(game.Options{OptColours: "blue,green,red"}, game.Env{Dict: words{"HOLD": true}})
			if err != nil {
				t.Fatal(err)
			}
			r := g.(*Rules)
			before := l.Start.Clone()
			before.Set(src, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: "Q"}}, Height: 5})
			standing := Position{Board: before, Pending: []grid.Pos{src}, Evidence: map[grid.Pos]map[string]float64{src: tc.evidence}}
			p := photoOf(hold.Announced, map[grid.Pos]seenSquare{dst: {colour: pyramids.Blue, letters: map[string]float64{"Q": 0.3, "O": 0.25, "D": 0.2}}})
			got, conf := readThroughRules(t, r, standing, nil, p)
			read := ""
			if got.At(src).Height == 4 && got.At(dst).Height == 2 {
				tp, _ := got.At(dst).Top()
				read = tp.Letter
			}
			if read != tc.want {
				t.Errorf("read %s on %v and %s on %v; want %q put on %v off %v", got.At(dst), dst, got.At(src), src, tc.want, dst, src)
			}
			if c := conf[dst.Row][dst.Col]; c >= game.LowConf {
				t.Errorf("%v shown sure (%.2f)", dst, c)
			}
		})
	}
}

// TestForgetCovered: a pyramid put on a pending stack leaves the layer
// under it not known (its letter was a guess), so the take that
// uncovers it reads it anew; a stack not pending keeps its layers.
func TestForgetCovered(t *testing.T) {
	q := grid.Pos{Row: 7, Col: 1}
	guess := pyramids.Pyramid{Colour: pyramids.Yellow, Letter: "D"}
	red := pyramids.Pyramid{Colour: pyramids.Red, Letter: "N"}
	for _, tc := range []struct {
		name    string
		pending bool
		want    int // layers known on q after
	}{
		{name: "pending: the guess under the new top forgotten", pending: true, want: 1},
		{name: "known: kept", want: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, after := pyramids.NewBoard(), pyramids.NewBoard()
			before.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{guess}, Height: 4})
			after.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{red, guess}, Height: 5})
			standing := Position{Board: before}
			if tc.pending {
				standing.Pending = []grid.Pos{q}
			}
			got := forgetCovered(standing, after).At(q)
			if len(got.Layers) != tc.want || got.Height != 5 {
				t.Errorf("%v after: %d layers known, height %d; want %d, 5", q, len(got.Layers), got.Height, tc.want)
			}
			if len(after.At(q).Layers) != 2 {
				t.Error("the reading given was changed")
			}
		})
	}
}

// oneSquare is a standing position with the stack before on q alone
// (pending when pending, with the evidence ev) and a reading with after
// there.
func oneSquare(q grid.Pos, before, after pyramids.Stack, pending bool, ev map[string]float64) (Position, *pyramids.Board) {
	b, a := pyramids.NewBoard(), pyramids.NewBoard()
	b.Set(q, before)
	a.Set(q, after)
	standing := Position{Board: b}
	if pending {
		standing.Pending = []grid.Pos{q}
		if ev != nil {
			standing.Evidence = map[grid.Pos]map[string]float64{q: ev}
		}
	}
	return standing, a
}

// TestMoveSearchReachesEveryDestination: a move off many pending stacks
// (each tried with four letters) onto many destinations is found whole:
// the search bounds what each branch can still score and leaves out those
// that cannot reach the moves kept, so it is not cut short before the
// first destinations are given a pyramid (it was: 100800's AEYGOK).
// Without the bound the first destinations in reading order stay empty.
func TestMoveSearchReachesEveryDestination(t *testing.T) {
	letters := []string{"A", "E", "I", "O", "N", "R"}
	for _, tc := range []struct {
		name  string
		moved int // pyramids moved, onto row 5 from column 2 on
	}{
		{name: "six pyramids off six pending stacks", moved: 6},
		{name: "four of six", moved: 4},
		{name: "one", moved: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, truth := pyramids.NewBoard(), pyramids.NewBoard()
			over := map[grid.Pos]seenSquare{}
			var pending []grid.Pos
			ev := map[grid.Pos]map[string]float64{}
			green := func(l string, h int) pyramids.Stack {
				return pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Green, Letter: l}}, Height: h}
			}
			for i, l := range letters {
				src := grid.Pos{Row: 8, Col: i + 2}
				before.Set(src, green(l, 3))
				truth.Set(src, green(l, 3))
				pending = append(pending, src)
				ev[src] = map[string]float64{l: 0.7, "T": 0.1, "D": 0.1, "U": 0.1}
				if i >= tc.moved {
					continue
				}
				dst := grid.Pos{Row: 5, Col: i + 2}
				truth.Set(dst, green(l, 1))
				truth.Set(src, pyramids.Stack{Height: 2})
				over[src] = seenSquare{colour: pyramids.Green, letters: map[string]float64{"M": 0.6, l: 0.05}}
				over[dst] = seenSquare{colour: pyramids.Green, letters: map[string]float64{l: 0.6, "T": 0.05}}
			}
			got, _ := readThrough(t, Position{Board: before, Pending: pending, Evidence: ev}, nil, photoOf(truth, over))
			for i, l := range letters[:tc.moved] {
				dst, src := grid.Pos{Row: 5, Col: i + 2}, grid.Pos{Row: 8, Col: i + 2}
				if tp, ok := got.At(dst).Top(); !ok || tp.Letter != l || got.At(src).Height != 2 {
					t.Errorf("%v reads %s, %v %s; want the green %s moved from %v", dst, got.At(dst), src, got.At(src), l, src)
				}
			}
		})
	}
}

// TestRevealPendingByEvidence: the referee gives the pending stacks of a
// colour that lost their tops the letters of the pyramids of that colour
// put on that no known stack gave, each the letter its evidence weighs
// most: two pending green stacks guessed E, a green E and a green K put
// on, the K is the one's whose evidence has it (before, the E put on
// counted as given by both and the K was refused).
func TestRevealPendingByEvidence(t *testing.T) {
	a, b := grid.Pos{Row: 8, Col: 2}, grid.Pos{Row: 8, Col: 6}
	onE, onT := grid.Pos{Row: 6, Col: 5}, grid.Pos{Row: 2, Col: 5}
	withK := map[string]float64{"E": 0.52, "K": 0.15, "R": 0.09}
	noK := map[string]float64{"E": 0.55, "T": 0.24, "I": 0.1}
	for _, tc := range []struct {
		name    string
		pending []grid.Pos
		ev      map[grid.Pos]map[string]float64
		landed  []string            // green letters put on onE, onT
		want    map[grid.Pos]string // the tops' letters after
	}{
		{name: "the K to the stack whose evidence has it", pending: []grid.Pos{a, b}, ev: map[grid.Pos]map[string]float64{a: noK, b: withK},
			landed: []string{"E", "K"}, want: map[grid.Pos]string{a: "E", b: "K"}},
		{name: "the evidence the other way", pending: []grid.Pos{a, b}, ev: map[grid.Pos]map[string]float64{a: withK, b: noK},
			landed: []string{"E", "K"}, want: map[grid.Pos]string{a: "K", b: "E"}},
		{name: "a known stack gave the E", pending: []grid.Pos{b}, ev: map[grid.Pos]map[string]float64{b: noK},
			landed: []string{"E", "K"}, want: map[grid.Pos]string{a: "E", b: "K"}},
		{name: "both guesses right", pending: []grid.Pos{a, b}, ev: map[grid.Pos]map[string]float64{a: noK, b: withK},
			landed: []string{"E", "E"}, want: map[grid.Pos]string{a: "E", b: "E"}},
		{name: "one pyramid put on for two stacks: left as guessed", pending: []grid.Pos{a, b}, ev: map[grid.Pos]map[string]float64{a: noK, b: withK},
			landed: []string{"K"}, want: map[grid.Pos]string{a: "E", b: "E"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := pyramids.NewBoard()
			read := pyramids.NewBoard()
			black := pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Black, Letter: "T"}}, Height: 1}
			for _, q := range []grid.Pos{a, b} {
				before.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Green, Letter: "E"}}, Height: 3})
				read.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Green, Letter: "M"}}, Height: 2})
			}
			for i, d := range []grid.Pos{onE, onT} {
				before.Set(d, black)
				if i < len(tc.landed) {
					read.Set(d, black.Put(pyramids.Pyramid{Colour: pyramids.Green, Letter: tc.landed[i]}))
				} else {
					read.Set(d, black)
				}
			}
			got := Position{Board: before, Pending: tc.pending, Evidence: tc.ev}.revealPending(read, nil).Board
			for q, l := range tc.want {
				if tp, _ := got.At(q).Top(); tp.Letter != l {
					t.Errorf("%v: %s, want the green %s", q, got.At(q), l)
				}
			}
		})
	}
}

// TestPendingInLineSpells: a word through a pending stack the move left
// standing spells with one of its evidence's letters; when none of the
// likeliest pendingTries does, the rest are tried in a second pass (the
// yellow B of 100801's EHRBK ranked eighth). HOLD runs through a blue
// stack on row 4, column 2 the game guessed Q; the photo reads Q again.
func TestPendingInLineSpells(t *testing.T) {
	l := readLog(t)
	hold := l.Entries[0]
	q := grid.Pos{Row: 4, Col: 2}
	for _, tc := range []struct {
		name     string
		evidence map[string]float64
		want     string // q's top after
	}{
		{name: "L among the likeliest", evidence: map[string]float64{"Q": 0.5, "L": 0.3, "A": 0.2}, want: "L"},
		{name: "L the fifth", evidence: map[string]float64{"Q": 0.4, "A": 0.2, "B": 0.15, "C": 0.15, "L": 0.1}, want: "L"},
		{name: "L not in the evidence", evidence: map[string]float64{"Q": 0.4, "A": 0.2, "B": 0.15, "C": 0.15, "E": 0.1}, want: "Q"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Game{}.New(game.Options{OptColours: "blue,green,red"}, game.Env{Dict: words{"HOLD": true}})
			if err != nil {
				t.Fatal(err)
			}
			stack := func(top string) pyramids.Stack {
				return pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: top}, {Colour: pyramids.Black, Letter: "L"}}, Height: 2}
			}
			before, truth := l.Start.Clone(), hold.Announced.Clone()
			before.Set(q, stack("Q"))
			truth.Set(q, stack("L"))
			standing := Position{Board: before, Pending: []grid.Pos{q}, Evidence: map[grid.Pos]map[string]float64{q: tc.evidence}}
			p := photoOf(truth, map[grid.Pos]seenSquare{q: {colour: pyramids.Blue, letters: map[string]float64{"Q": 0.5, "L": 0.01}}})
			got, conf := readThroughRules(t, g.(*Rules), standing, nil, p)
			if tp, _ := got.At(q).Top(); tp.Letter != tc.want || got.At(q).Height != 2 {
				t.Errorf("%v reads %s, want the blue %s", q, got.At(q), tc.want)
			}
			if c := conf[q.Row][q.Col]; c >= game.LowConf {
				t.Errorf("%v shown sure (%.2f)", q, c)
			}
		})
	}
}
