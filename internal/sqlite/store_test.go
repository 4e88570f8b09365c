package sqlite

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/tilescope/tilescope/internal/game"
)

func open(t *testing.T, dir string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestGamesAndRecordsSurviveReopening(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	if _, _, err := s.Current(ctx); !errors.Is(err, game.ErrNoGame) {
		t.Fatalf("empty store: %v, want ErrNoGame", err)
	}
	at := time.Date(2026, 11, 29, 14, 0, 0, 123456789, time.UTC)
	setup := game.Setup{Kind: "upwords", Players: []string{"Ann", "Ben"}, Rows: 10, Cols: 10, Created: at}
	setup, start, err := s.Create(ctx, setup, game.Record{At: at, Kind: game.KindStart, Data: json.RawMessage(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	want := []game.Record{start}
	for i, kind := range []string{game.KindPlay, game.KindPass, game.KindUndo} {
		r, err := s.Append(ctx, setup.ID, game.Record{At: at.Add(time.Duration(i) * time.Second), Kind: kind, Data: json.RawMessage(`{"n":1}`)})
		if err != nil {
			t.Fatal(err)
		}
		if r.Seq <= want[len(want)-1].Seq {
			t.Fatalf("seq %d after %d: want increasing", r.Seq, want[len(want)-1].Seq)
		}
		want = append(want, r)
	}
	if _, err := s.Append(ctx, setup.ID, game.Record{At: at, Kind: "play", Data: json.RawMessage(`{not json`)}); err == nil {
		t.Error("a record with invalid JSON was written")
	}
	s.Close()

	s2 := open(t, dir)
	got, recs, err := s2.Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, setup) {
		t.Errorf("setup %+v, want %+v", got, setup)
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d", len(recs), len(want))
	}
	for i := range recs {
		if recs[i].Seq != want[i].Seq || recs[i].Kind != want[i].Kind || !recs[i].At.Equal(want[i].At) || string(recs[i].Data) != string(want[i].Data) {
			t.Errorf("record %d = %+v, want %+v", i, recs[i], want[i])
		}
	}
}

func TestDurabilitySettings(t *testing.T) {
	s := open(t, t.TempDir())
	var mode string
	var sync int
	if err := s.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q (%v), want wal", mode, err)
	}
	if err := s.db.QueryRow("PRAGMA synchronous").Scan(&sync); err != nil || sync != 2 {
		t.Errorf("synchronous %d (%v), want 2 (FULL)", sync, err)
	}
}

func TestPhotos(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	jpeg := []byte{0xff, 0xd8, 1, 2, 3, 0xff, 0xd9}
	if err := s.SavePhoto(ctx, 1, 3, jpeg); err != nil {
		t.Fatal(err)
	}
	got, err := s.Photo(ctx, 1, 3)
	if err != nil || !bytes.Equal(got, jpeg) {
		t.Fatalf("photo = %v, %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(s.Dir(), "photos", "1", "3.jpg")); err != nil {
		t.Errorf("photo not named by turn: %v", err)
	}
	if _, err := s.Photo(ctx, 1, 4); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing photo: %v, want fs.ErrNotExist", err)
	}
	left, _ := filepath.Glob(filepath.Join(s.Dir(), "photos", "1", ".photo-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestOpenErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain-file")
	os.WriteFile(file, []byte("x"), 0o644)
	for name, dir := range map[string]string{"empty name": "", "a file, not a directory": file} {
		t.Run(name, func(t *testing.T) {
			if s, err := Open(context.Background(), dir); err == nil {
				s.Close()
				t.Errorf("Open(%q) succeeded", dir)
			}
		})
	}
}

func BenchmarkAppend(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	g, _, err := s.Create(ctx, game.Setup{Kind: "upwords", Players: []string{"a"}, Rows: 10, Cols: 10}, game.Record{Kind: "start", Data: json.RawMessage(`{}`)})
	if err != nil {
		b.Fatal(err)
	}
	data := json.RawMessage(`{"n":1,"board":". . .\n"}`)
	for b.Loop() {
		if _, err := s.Append(ctx, g.ID, game.Record{Kind: "play", Data: data}); err != nil {
			b.Fatal(err)
		}
	}
}
