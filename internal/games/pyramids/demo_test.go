package pyramids

import (
	"bytes"
	"context"
	"image"
	"maps"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/pyramids"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
	"github.com/tilescope/tilescope/vision/render"
)

// TestDemoThroughTheReader reads the demo's still photos with the real
// reader and plays them through a session: the set-up, HOLD and EAT with
// their scores (AOG, the last, is for the table to name and challenge).
func TestDemoThroughTheReader(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads 6 photos")
	}
	d, err := Game{}.Demo()
	if err != nil {
		t.Fatal(err)
	}
	// serve starts with the record's settings before the photos are drawn.
	if rec, err := (Game{}).DemoRecord(); err != nil || !maps.Equal(rec.Options, d.Options) || rec.Key == "" {
		t.Errorf("DemoRecord = %v, %v; the demo has settings %v", rec, err, d.Options)
	}
	if len(d.Photos) != 7 || d.Photos[6].Word != "AOG" {
		t.Fatalf("%d photos, want 7 (empty, set-up, two words announced and taken, AOG announced)", len(d.Photos))
	}
	ctx := context.Background()
	rules, err := Game{}.New(d.Options, game.Env{Dict: words{"HOLD": true, "OLD": true, "WHO": true, "EAT": true, "AT": true, "TEA": true}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Bo", "Ro", "Gil"}, Rules: rules, Options: d.Options})
	if err != nil {
		t.Fatal(err)
	}
	p := &game.Pipeline{Session: s, Logf: t.Logf}
	for i, ph := range d.Photos[:6] {
		_, err := p.Submit(ctx, game.Frame{ID: ph.Note, JPEG: ph.Still})
		if i == 0 {
			continue // the empty board: no change, or no board to read
		}
		if err != nil {
			t.Fatalf("photo %d (%s): %v", i, ph.Note, err)
		}
	}
	st := s.State()
	marks, shown := 0, 0
	for _, tn := range st.Turns {
		marks += len(tn.Uncertain)
	}
	for _, row := range st.Board {
		for _, c := range row {
			if c != nil && c.Uncertain {
				shown++
			}
		}
	}
	t.Logf("unsure marks: %d over the turns, %d on the board as it stands", marks, shown)
	var words []string
	for _, tn := range st.Turns {
		for _, w := range tn.Words {
			words = append(words, w.Word)
		}
	}
	if len(st.Turns) != 5 || len(words) != 2 || words[0] != "HOLD" || words[1] != "EAT" {
		for _, h := range st.History {
			t.Logf("turn %d: %s %s %s %v", h.N, h.Status, h.Code, h.Error, h.Words)
		}
		t.Fatalf("%d turns, words %v; want 5 turns, HOLD and EAT", len(st.Turns), words)
	}
	if st.Players[0].Score == 0 || st.Players[1].Score == 0 || st.ToPlay != 2 {
		t.Errorf("scores %+v, seat %d to play; want blue and red with points, green to play", st.Players, st.ToPlay)
	}
}

// The demo's scene has no ambient light: every pyramid of its set-up
// photo, including the player's pyramids in the shadow of the north row,
// reads in its own colour (a red pyramid in shadow is not black).
func TestDemoSetUpColours(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads a photo")
	}
	l, err := pyramids.ReadLog(strings.NewReader(demoLog), "demodata/game.txt")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := render.Render(Kind, []byte(l.Start.String()), demoScene())
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(bytes.NewReader(sc.JPEG))
	if err != nil {
		t.Fatal(err)
	}
	r, err := vpyr.Scan(img, vpyr.Options{})
	if err != nil {
		t.Fatal(err)
	}
	wrong := 0
	for _, sq := range r.Squares {
		want := pyramids.NoColour
		if top, ok := l.Start.At(sq.Pos).Top(); ok {
			want = top.Colour
		}
		if sq.Colour != want {
			wrong++
			t.Errorf("%v: read %v, want %v (colour share %.2f)", sq.Pos, sq.Colour, want, sq.ColourConf)
		}
	}
	if wrong == 0 && len(r.Squares) != pyramids.Size*pyramids.Size {
		t.Errorf("%d squares read, want %d", len(r.Squares), pyramids.Size*pyramids.Size)
	}
}
