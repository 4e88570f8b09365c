package twists

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/twists"
	"github.com/tilescope/tilescope/vision/render"
)

// TestDemoThroughTheReader reads every photo of the demo (rendered from the
// recorded tables) with the game's reader, reconciles it with the table
// as it stands and judges it with the word the recorded player named. A
// tile the reader got wrong is set as the recorded table has it (what the
// table does with a tap) and counted. Every turn must then be the
// recorded one: each seat's tiles as the referee counts them on the
// recorded tables, and the order of play.
func TestDemoThroughTheReader(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads the demo's photos")
	}
	d, err := Game{}.Demo()
	if err != nil {
		t.Fatal(err)
	}
	// serve starts with the record's settings before the photos are drawn.
	if rec, err := (Game{}).DemoRecord(); err != nil || !maps.Equal(rec.Options, d.Options) || rec.Key == "" {
		t.Errorf("DemoRecord = %v, %v; the demo has settings %v", rec, err, d.Options)
	}
	l, err := DemoLog()
	if err != nil {
		t.Fatal(err)
	}
	ref, err := twists.Replay(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want [][]int // each seat's tiles after each turn the camera sees
	for _, rec := range ref.History {
		if rec.Kind == "word" || rec.Kind == "action" {
			want = append(want, rec.Tiles)
		}
	}
	if len(want) != len(d.Photos) {
		t.Fatalf("%d photos for %d turns", len(d.Photos), len(want))
	}
	rules, err := Game{}.New(d.Options, game.Env{Dict: dict.Russian(), Camera: true})
	if err != nil {
		t.Fatal(err)
	}
	r := rules.(*Rules)
	standing := r.Empty()
	seat, reversed, fixed := 0, false, 0
	for i, ph := range d.Photos {
		rd, err := r.Read(context.Background(), game.Frame{ID: ph.Note, JPEG: ph.Still}, standing)
		if err != nil {
			t.Fatalf("photo %d (%s): %v", i, ph.Note, err)
		}
		rd, _ = r.Reconcile(standing, nil, rd)
		// The recorded table on the game's lattice: shifted to where it
		// best matches the reading.
		read, _ := pos(rd.Board)
		truth, _, _, err := twists.Align(l.Entries[i].After, read.Board)
		if err != nil {
			t.Fatalf("photo %d: the recorded table does not fit the reading: %v\n%s", i, err, read)
		}
		board := rd.Board
		for row := 0; row < r.size; row++ {
			for col := 0; col < r.size; col++ {
				if w := truth.At(twists.Pos{Row: row, Col: col}); board.Cell(row, col) != cellOf(w) {
					t.Logf("photo %d: row %d, column %d read %q, the table has %q: set by hand", i, row, col, board.Cell(row, col), cellOf(w))
					if board, err = r.SetCell(board, row, col, cellOf(w)); err != nil {
						t.Fatal(err)
					}
					fixed++
				}
			}
		}
		mv, err := r.Judge(standing, board, game.Table{Seat: seat, Seats: 3, Reversed: reversed, Word: ph.Word})
		if err != nil {
			t.Fatalf("photo %d (%s): %v\n%s", i, ph.Note, err, board)
		}
		if got := mv.Detail.(Detail).Held; !slices.Equal(got, want[i]) {
			t.Errorf("photo %d (%s): tiles held %v, the referee on the recorded tables %v", i, ph.Note, got, want[i])
		}
		standing = mv.Position
		seat, reversed = nextSeat(seat, 3, reversed, mv)
	}
	t.Logf("%d photos, %d tiles set by hand", len(d.Photos), fixed)
	if fixed > 3 {
		t.Errorf("%d tiles misread in the demo's %d photos: the demo is no longer a fair show of the reader", fixed, len(d.Photos))
	}
}

func cellOf(ch rune) string {
	if ch == 0 {
		return ""
	}
	return string(ch)
}

// TestEnglishTableStaysLatin: an English table read by an English game is
// read in Latin letters (CAT, not the Cyrillic САТ that the same shapes
// are in the Russian set), action tiles included; the same photo read by a
// Russian game gives Cyrillic letters only.
func TestEnglishTableStaysLatin(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads a photo")
	}
	state := "........\n...CAT..\n....R...\n...!E...\n........\n"
	sc, err := render.Render("twists", []byte(state), render.Options{Seed: 7, Width: 1640, Height: 1232, Table: "wood", HeightMM: 360})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		set  string
		want string // the letters read, row by row; "." any letter of the set
	}{
		{"en", "CATR!E"},
		{"ru", "САТ.!Е"}, // R is no Russian letter: read as one
	} {
		t.Run(tc.set, func(t *testing.T) {
			rules, err := Game{}.New(game.Options{OptSet: tc.set}, game.Env{Camera: true})
			if err != nil {
				t.Fatal(err)
			}
			r := rules.(*Rules)
			rd, err := r.Read(context.Background(), game.Frame{JPEG: sc.JPEG}, r.Empty())
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			rows, cols := rd.Board.Size()
			for row := range rows {
				for col := range cols {
					got += rd.Board.Cell(row, col)
				}
			}
			if len([]rune(got)) == len([]rune(tc.want)) {
				g, w := []rune(got), []rune(tc.want)
				for i := range w {
					if w[i] == '.' && r.alpha.Letter(g[i]) {
						w[i] = g[i]
					}
				}
				tc.want = string(w)
			}
			if got != tc.want {
				t.Errorf("read %q, want %q:\n%s", got, tc.want, rd.Board)
			}
		})
	}
}

// nextSeat is the seat to play after a move, and the direction, as the
// session has them (a reverse tile turns play round, a skip tile passes
// over the next seat).
func nextSeat(seat, seats int, reversed bool, mv game.Move) (int, bool) {
	if mv.Reverse {
		reversed = !reversed
	}
	step := 1 + mv.Skip
	if reversed {
		step = -step
	}
	return ((seat+step)%seats + seats) % seats, reversed
}
