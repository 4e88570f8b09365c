package twists

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
)

// earlierGame is three seats through the session: Аня ОТКОС, Борис ТОН
// with a give-2 tile (both to Вера, the next seat), Вера СОК; Аня to play.
func earlierGame(t *testing.T) (*game.Session, *Rules, []string) {
	t.Helper()
	ctx := context.Background()
	dict := words{"ОТКОС": true, "ТОН": true, "СОК": true}
	ri, err := Game{}.New(nil, game.Env{Dict: dict, Lang: "ru"})
	if err != nil {
		t.Fatal(err)
	}
	r := ri.(*Rules)
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Аня", "Борис", "Вера"}, Rules: r, Dict: dict})
	if err != nil {
		t.Fatal(err)
	}
	rows := [][]string{
		{".....ОТКОС"},
		{".....ОТКОС", "......ОН", ".......2"},
		{".........К", ".........О", ".....ОТКОС", "......ОН", ".......2"},
	}
	for i, word := range []string{"ОТКОС", "ТОН", "СОК"} {
		top := 7
		if i == 2 {
			top = 5
		}
		tn, err := s.Play(ctx, game.Frame{ID: word}, game.Reading{Board: table(t, r, top, nil, rows[i]...)})
		if err == nil && (tn.Status != game.StatusAccepted || tn.Words[0].Word != word) {
			_, err = s.NameWord(ctx, tn.N, word)
		}
		if err != nil {
			t.Fatalf("%s: %v", word, err)
		}
		if last := s.State().History[len(s.State().History)-1]; last.Status != game.StatusAccepted || last.Words[0].Word != word {
			t.Fatalf("%s: %s %s %s", word, last.Status, last.Code, last.Error)
		}
	}
	return s, r, rows[2]
}

func heldOf(st *game.State) []int {
	var out []int
	for _, p := range st.Players {
		out = append(out, *p.Held)
	}
	return out
}

// TestSplitOfAnEarlierTurn: the split of a give tile named after later
// turns were played (Борис's ТОН/give-2 named one each to Аня and Вера
// once Вера has played): the give turn is judged again with it and the
// later turns are played again through the referee, as any correction:
// the tiles each holds follow, Вера's СОК still stands, Аня still to play.
func TestSplitOfAnEarlierTurn(t *testing.T) {
	ctx := context.Background()
	s, _, _ := earlierGame(t)
	before := s.State()
	give := before.Turns[1]
	st, err := s.NameWord(ctx, give.N, "ТОН/1=1,3=1")
	if err != nil {
		t.Fatal(err)
	}
	held, was := heldOf(st), heldOf(before)
	if held[0] != was[0]+1 || held[1] != was[1] || held[2] != was[2]-1 {
		// Аня gets one where she got none; Вера one of her two.
		t.Errorf("held %v after the split, was %v; want Аня one more, Вера one fewer", held, was)
	}
	if len(st.Turns) != 3 || st.Turns[2].Words[0].Word != "СОК" || st.Turns[2].Player != 2 || st.ToPlay != 0 {
		t.Errorf("after the split: %d turns, the last %v by seat %d, seat %d to play", len(st.Turns), st.Turns[len(st.Turns)-1].Words, st.Turns[len(st.Turns)-1].Player, st.ToPlay)
	}
	raw, _ := json.Marshal(st.Turns[1].Detail)
	var d struct {
		Gifts []struct{ To, N int }
	}
	if err := json.Unmarshal(raw, &d); err != nil || len(d.Gifts) != 2 || d.Gifts[0] != (struct{ To, N int }{0, 1}) || d.Gifts[1] != (struct{ To, N int }{2, 1}) {
		t.Errorf("the give turn's gifts: %s", raw)
	}
}

// TestWithdrawnPlayBehindAPass: a play withdrawn on a challenge whose
// tiles still lie there is no new turn, also once its player has passed
// (the withdrawn play no longer the latest turn): the camera's next photo
// of the same tiles is not judged as the next player's play.
func TestWithdrawnPlayBehindAPass(t *testing.T) {
	ctx := context.Background()
	s, r, rows := earlierGame(t)
	bad := append([]string(nil), rows...)
	bad[3] = "......ОНЖЖ" // ЖЖ after Н: НЖЖ, not a word
	board := table(t, r, 5, nil, bad...)
	tn, err := s.Play(ctx, game.Frame{ID: "bad"}, game.Reading{Board: board})
	if err == nil && tn.Status != game.StatusAccepted {
		_, err = s.NameWord(ctx, tn.N, "НЖЖ")
	}
	if err != nil {
		t.Fatal(err)
	}
	last := s.State().Turns[len(s.State().Turns)-1]
	if valid, _, err := s.Challenge(ctx, last.N, last.Words[0].Word); err != nil || valid {
		t.Fatalf("the challenge of %s: %v, %v", last.Words[0].Word, valid, err)
	}
	for _, c := range []struct {
		name string
		act  func() error
	}{
		{"with the withdrawn play the latest turn", func() error { return nil }},
		{"after its player passed", func() error { _, err := s.Pass(ctx); return err }},
	} {
		if err := c.act(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		n := len(s.State().History)
		if _, err := s.Play(ctx, game.Frame{ID: "same tiles"}, game.Reading{Board: board}); !errors.Is(err, game.ErrNoChange) {
			t.Errorf("%s: the withdrawn tiles again: %v, want no change", c.name, err)
		}
		if got := len(s.State().History); got != n {
			t.Errorf("%s: %d turn records, had %d", c.name, got, n)
		}
	}
}
