package scrabble

import (
	"errors"
	"slices"
	"testing"
)

func newGame(t *testing.T, seats int, refuse bool) *Game {
	t.Helper()
	g, err := NewGame(seats, testWords, refuse)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGameTurns: plays score and refill racks from the bag, passes and
// exchanges are scoreless, an exchange needs seven in the bag.
func TestGameTurns(t *testing.T) {
	g := newGame(t, 2, true)
	if g.Bag != 86 || !slices.Equal(g.Rack, []int{7, 7}) {
		t.Fatalf("deal: bag %d racks %v", g.Bag, g.Rack)
	}
	bends := play(empty, "7,3 across BENDS")
	if m, err := g.Play(bends); err != nil || m.Score != 22 {
		t.Fatalf("BENDS: %+v %v", m, err)
	}
	if g.Seat != 1 || g.Scores[0] != 22 || g.Bag != 81 || g.Rack[0] != 7 {
		t.Errorf("after BENDS: seat %d scores %v bag %d racks %v", g.Seat, g.Scores, g.Bag, g.Rack)
	}
	// A refused play leaves everything as it was: the same seat plays on.
	var rej *Rejection
	if _, err := g.Play(play(bends, "2,2 across CAT")); !errors.As(err, &rej) || rej.Code != NotConnected {
		t.Fatalf("CAT in the corner: %v", err)
	}
	if g.Seat != 1 || g.Board != *bends {
		t.Errorf("a refused play changed the game")
	}
	if err := g.Exchange(3); err != nil {
		t.Fatal(err)
	}
	if g.Seat != 0 || g.Scoreless != 1 || g.Bag != 81 {
		t.Errorf("after exchange: seat %d scoreless %d bag %d", g.Seat, g.Scoreless, g.Bag)
	}
	if _, err := g.Play(play(bends, "7,1 across UN")); err != nil {
		t.Fatal(err)
	}
	if g.Scoreless != 0 || g.Scores[0] != 32 {
		t.Errorf("UNBENDS: scoreless %d scores %v", g.Scoreless, g.Scores)
	}
	if err := g.Exchange(8); !errors.Is(err, ErrNoExchange) {
		t.Errorf("exchange of 8: %v", err)
	}
	g.Bag = 6
	if err := g.Exchange(1); !errors.Is(err, ErrNoExchange) {
		t.Errorf("exchange with 6 in the bag: %v", err)
	}
}

// TestSixScorelessTurns: six scoreless turns in a row end the game, with
// nobody out.
func TestSixScorelessTurns(t *testing.T) {
	g := newGame(t, 2, true)
	if _, err := g.Play(play(empty, "7,3 across BENDS")); err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		if g.Over {
			t.Fatalf("over after %d scoreless turns", i)
		}
		var err error
		if i%2 == 0 {
			err = g.Pass()
		} else {
			err = g.Exchange(2)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over || g.Out != -1 {
		t.Errorf("after six scoreless turns: over %v out %d", g.Over, g.Out)
	}
	if err := g.Pass(); !errors.Is(err, ErrGameOver) {
		t.Errorf("pass after the end: %v", err)
	}
}

// TestChallenge: a play with a non-word is withdrawn (tiles back, no
// score, a scoreless turn, the next seat plays); a play that stands costs
// the challenger their next turn.
func TestChallenge(t *testing.T) {
	g := newGame(t, 3, false) // words stand until challenged
	bends := play(empty, "7,3 across BENDS")
	if _, err := g.Play(bends); err != nil {
		t.Fatal(err)
	}
	bag := g.Bag
	// Seat 1 plays a non-word; the referee lets it stand.
	if m, err := g.Play(play(bends, "8,3 across AT")); err != nil || m.Score == 0 {
		t.Fatalf("AT/ET unchallenged: %+v %v", m, err)
	}
	c, err := g.Challenge(2)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Withdrawn || !slices.Equal(c.Words, []string{"ET"}) || c.Player != 1 {
		t.Errorf("challenge: %+v", c)
	}
	if g.Board != *bends || g.Scores[1] != 0 || g.Bag != bag || g.Rack[1] != 7 || g.Seat != 2 || g.Scoreless != 1 {
		t.Errorf("after the withdrawal: scores %v bag %d (want %d) racks %v seat %d scoreless %d", g.Scores, g.Bag, bag, g.Rack, g.Seat, g.Scoreless)
	}
	if _, err := g.Challenge(0); !errors.Is(err, ErrChallenge) {
		t.Errorf("a second challenge of a withdrawn play: %v", err)
	}
	// Seat 2 plays a good word; seat 0, next to play, challenges and loses
	// the turn: seat 1 plays next.
	if _, err := g.Play(play(bends, "8,4 across HA")); err != nil {
		t.Fatal(err)
	}
	if g.Seat != 0 {
		t.Fatalf("seat %d to play, want 0", g.Seat)
	}
	c, err = g.Challenge(0)
	if err != nil || c.Withdrawn {
		t.Fatalf("challenge of HA/EH/NA: %+v %v", c, err)
	}
	if g.Seat != 1 || g.Scores[2] != 12 {
		t.Errorf("after the failed challenge: seat %d scores %v", g.Seat, g.Scores)
	}
	if _, err := g.Challenge(2); !errors.Is(err, ErrChallenge) {
		t.Errorf("challenging one's own play: %v", err)
	}
	// A seat that is not next loses its next turn when it comes.
	if _, err := g.Play(play(play(bends, "8,4 across HA"), "8,6 across E")); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Challenge(0); err != nil { // seat 2 is next, seat 0 loses its turn
		t.Fatal(err)
	}
	if err := g.Pass(); err != nil { // seat 2
		t.Fatal(err)
	}
	if g.Seat != 1 {
		t.Errorf("seat %d to play, want 1 (seat 0 lost its turn)", g.Seat)
	}
}

// TestGoingOut: with the bag empty, the seat that plays its last tile ends
// the game; the adjustment moves the racks' values.
func TestGoingOut(t *testing.T) {
	g := newGame(t, 2, true)
	g.Bag = 0
	g.Rack[0] = 5
	if _, err := g.Play(play(empty, "7,3 across BENDS")); err != nil {
		t.Fatal(err)
	}
	if !g.Over || g.Out != 0 {
		t.Errorf("over %v out %d", g.Over, g.Out)
	}
	g2 := newGame(t, 2, true)
	g2.Rack[0] = 4
	if _, err := g2.Play(play(empty, "7,3 across BENDS")); err == nil {
		t.Error("five tiles played from a rack of four")
	}
}

func TestRackValueAndAdjust(t *testing.T) {
	for _, tc := range []struct {
		rack string
		want int
	}{{"AEQ", 12}, {"-", 0}, {"", 0}, {"z?K", 5}, {"JXQZ", 36}} {
		if got, err := RackValue(tc.rack); err != nil || got != tc.want {
			t.Errorf("RackValue(%q) = %d, %v; want %d", tc.rack, got, err, tc.want)
		}
	}
	for _, bad := range []string{"AE1", "ABCDEFGH", "É"} {
		if _, err := RackValue(bad); !errors.Is(err, ErrRack) {
			t.Errorf("RackValue(%q): %v", bad, err)
		}
	}
	// Seat 1 went out: it gains 12 + 5, the others lose their racks.
	if got := Adjust([]int{12, 0, 5}, 1); !slices.Equal(got, []int{-12, 17, -5}) {
		t.Errorf("Adjust out = %v", got)
	}
	// Nobody went out (six scoreless turns): everyone loses their rack.
	if got := Adjust([]int{12, 3}, -1); !slices.Equal(got, []int{-12, -3}) {
		t.Errorf("Adjust none out = %v", got)
	}
}

// TestDraw: a play's count on the racks, shared by Game.Play and the
// table's adapter.
func TestDraw(t *testing.T) {
	for _, c := range []struct {
		name                string
		rack                []int
		bag, seat, placed   int
		wantRack            []int
		wantDrawn           int
		wantOut, wantRefuse bool
	}{
		{"a full refill", []int{7, 7}, 86, 0, 5, []int{7, 7}, 5, false, false},
		{"the bag runs short", []int{7, 7}, 3, 1, 5, []int{7, 5}, 3, false, false},
		{"out with the bag empty", []int{7, 4}, 0, 1, 4, []int{7, 0}, 0, true, false},
		{"out with the last tiles drawn", []int{2, 7}, 2, 0, 2, []int{2, 7}, 2, false, false},
		{"the bag's last tiles, rack emptied", []int{3, 7}, 1, 0, 3, []int{1, 7}, 1, false, false},
		{"more than the rack holds", []int{7, 3}, 0, 1, 4, []int{7, 3}, 0, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			rack := append([]int(nil), c.rack...)
			drawn, out, err := Draw(rack, c.bag, c.seat, c.placed)
			var rej *Rejection
			if c.wantRefuse != (errors.As(err, &rej) && rej.Code == TooManyTiles) {
				t.Fatalf("err %v, want refused %v", err, c.wantRefuse)
			}
			if drawn != c.wantDrawn || out != c.wantOut || !slices.Equal(rack, c.wantRack) {
				t.Errorf("drawn %d out %v rack %v; want %d %v %v", drawn, out, rack, c.wantDrawn, c.wantOut, c.wantRack)
			}
		})
	}
}
