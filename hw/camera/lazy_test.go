package camera

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
)

// TestLazyReplay: a demo whose game is still being drawn is usable at
// once; its first frame waits for the drawing, a Seek asked for before
// then is applied after, and a failed drawing is Next's error.
func TestLazyReplay(t *testing.T) {
	tests := []struct {
		name    string
		seek    int // -1: none
		fail    bool
		want    string // the first frames
		wantLog string
		wantErr string
	}{
		{"from the start", -1, false, "0 0 0 1a", "", ""},
		{"resume after turn 2", 2, false, "2 2 2 3a", "", ""},
		{"resume past the end starts over", 7, false, "0 0 0 1a", "no turn 7", ""},
		{"the drawing fails", -1, true, "", "", "no fonts"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			turns := replay(t, 3)
			release := make(chan struct{})
			var mu sync.Mutex
			var logged []string
			load := func() ([]DemoTurn, error) {
				<-release
				if tc.fail {
					return nil, errors.New("no fonts")
				}
				return turns, nil
			}
			clk := clockwork.NewFakeClock()
			src, err := Open("demo", Options{Clock: clk, FramePeriod: time.Second, DemoLoad: load, Logf: func(f string, a ...any) {
				mu.Lock()
				defer mu.Unlock()
				logged = append(logged, fmt.Sprintf(f, a...))
			}})
			if err != nil {
				t.Fatal(err)
			}
			d := src.(*Demo)
			defer d.Close()
			if d.Turns() != -1 || d.Turn() != 0 {
				t.Errorf("before the drawing: Turns %d, Turn %d; want -1, 0", d.Turns(), d.Turn())
			}
			if tc.seek >= 0 {
				if err := d.Seek(tc.seek); err != nil {
					t.Fatalf("Seek(%d) before the drawing: %v", tc.seek, err)
				}
			}
			type result struct {
				f   Frame
				err error
			}
			first := make(chan result, 1)
			go func() { f, err := d.Next(ctx); first <- result{f, err} }()
			select {
			case r := <-first:
				t.Fatalf("a frame before the game was drawn: %q, %v", r.f.Name, r.err)
			case <-d.Ready():
				t.Fatal("ready before the drawing")
			case <-time.After(5 * time.Millisecond):
			}
			close(release)
			<-d.Ready()
			r := <-first
			if tc.wantErr != "" {
				if r.err == nil || !strings.Contains(r.err.Error(), tc.wantErr) {
					t.Fatalf("Next = %v, want %q", r.err, tc.wantErr)
				}
				return
			}
			if r.err != nil {
				t.Fatal(r.err)
			}
			if d.Turns() != 3 {
				t.Errorf("Turns = %d, want 3", d.Turns())
			}
			got := []string{whichPhoto(turns, r.f)}
			for len(got) < 4 {
				ch := make(chan result, 1)
				go func() { f, err := d.Next(ctx); ch <- result{f, err} }()
				if err := clk.BlockUntilContext(ctx, 1); err != nil {
					t.Fatal(err)
				}
				clk.Advance(time.Second)
				r := <-ch
				if r.err != nil {
					t.Fatal(r.err)
				}
				got = append(got, whichPhoto(turns, r.f))
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Errorf("frames %q, want %q", s, tc.want)
			}
			mu.Lock()
			log := strings.Join(logged, "\n")
			mu.Unlock()
			if (tc.wantLog == "") != (log == "") || !strings.Contains(log, tc.wantLog) {
				t.Errorf("logged %q, want %q", log, tc.wantLog)
			}
		})
	}
}

// TestLazyReplayClose: Close ends a Next that waits for the drawing.
func TestLazyReplayClose(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	d := NewLazyReplay(func() ([]DemoTurn, error) { <-release; return nil, errors.New("never") }, Options{})
	errc := make(chan error, 1)
	go func() { _, err := d.Next(context.Background()); errc <- err }()
	d.Close()
	select {
	case err := <-errc:
		if !errors.Is(err, ErrClosed) {
			t.Errorf("Next after Close = %v, want ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end a Next waiting for the drawing")
	}
}
