package lexicon

import (
	"context"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/vision/render"
)

// TestDemoThroughTheReader reads the demo's photos with the real reader
// through a session, as `serve --camera demo` does: every photo is a turn
// of the seat its note names, with every seat's score as the referee has
// it on the recorded crosswords.
func TestDemoThroughTheReader(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads 6 photos")
	}
	d, err := Game{}.Demo()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ReadRecord(demoLog, "game.txt", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Photos) != len(rec) || len(rec) != 6 {
		t.Fatalf("%d photos, %d recorded; want 6", len(d.Photos), len(rec))
	}
	ctx := context.Background()
	rules, err := Game{}.New(d.Options, game.Env{Dict: testWords})
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Ann", "Ben"}, Rules: rules, Options: d.Options, Dict: testWords})
	if err != nil {
		t.Fatal(err)
	}
	p := &game.Pipeline{Session: s, Logf: t.Logf}
	for i, ph := range d.Photos {
		tn, err := p.Submit(ctx, game.Frame{ID: ph.Note, JPEG: ph.Still})
		if err != nil {
			t.Fatalf("photo %d (%s): %v", i, ph.Note, err)
		}
		st := s.State()
		if want := strings.Fields(ph.Note)[0]; tn.Status != game.StatusAccepted || tn.Name != want {
			t.Errorf("photo %d (%s): %s's turn, %s %s; want %s's, accepted\n%s", i, ph.Note, tn.Name, tn.Status, tn.Error, want, st.BoardText)
		}
		for seat := range 2 {
			if want := rec[i].Seats[seat].Score(); st.Players[seat].Score != want {
				t.Errorf("photo %d (%s): %s scores %d, the recorded crossword %d\n%s", i, ph.Note, st.Players[seat].Name, st.Players[seat].Score, want, st.BoardText)
			}
		}
	}
}

// TestReconcile: a tile that stays where it lay keeps its letter; the tiles
// apart are the ones before while there are as many.
func TestReconcile(t *testing.T) {
	r := newRules(t, nil, nil)
	for _, tc := range []struct {
		name     string
		standing Position
		read     Position
		want     Position
		n        int
	}{
		{"a letter read otherwise", table(t, cake, jump), table(t, []string{"D.......", "A.......", "KEYBOARD", "E.......", "apart DE"}, jump), table(t, cake, jump), 1},
		{"apart, read otherwise", table(t, cake, jump), table(t, cake, []string{"JUMP", "A...", "W...", "apart TX"}), table(t, cake, jump), 1},
		{"a tile more apart", table(t, cake, jump), table(t, cake, []string{"JUMP", "A...", "W...", "apart IXE"}), table(t, cake, []string{"JUMP", "A...", "W...", "apart IXE"}), 0},
		{"a new tile stays as read", table(t, cake, jump), table(t, bed, jump), table(t, bed, jump), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, n := r.Reconcile(tc.standing, nil, game.Reading{Board: tc.read})
			if !game.SamePosition(got.Board, tc.want) || n != tc.n {
				t.Errorf("%d changed, got\n%swant\n%s", n, got.Board, tc.want)
			}
		})
	}
}

// TestPhoneOwnArea: a phone photo of Ben's area alone, taken from his seat
// (rendered: his crossword upright in the middle of the photo), changes his
// crossword only.
func TestPhoneOwnArea(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads a photo")
	}
	sc, err := render.Render("lexicon", []byte("JUMP\nA..I\nW..X\n"), demoScene(demoSeed))
	if err != nil {
		t.Fatal(err)
	}
	r := newRules(t, game.Options{OptSides: "south,north"}, testWords)
	standing := table(t, bed, jump)
	rd, err := r.Read(context.Background(), game.Frame{JPEG: sc.JPEG}, standing)
	if err != nil {
		t.Fatal(err)
	}
	p := rd.Board.(Position)
	if got := Trimmed(p.Area(1).Cross); got != "JUMP\nA..I\nW..X\n" {
		t.Errorf("Ben's crossword read\n%s", got)
	}
	if !sameArea(p, standing, 0) {
		t.Errorf("Ann's area changed:\n%s", p)
	}
}
