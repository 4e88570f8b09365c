package game

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// clockSource is a camera on a fake clock: each frame arrives 50 ms after
// it was taken (the turn detector's wait), or with no time stamp.
type clockSource struct {
	clock  *time.Time
	frames []Frame
}

func (c *clockSource) Next(ctx context.Context) (Frame, error) {
	if len(c.frames) == 0 {
		return Frame{}, io.EOF
	}
	f := c.frames[0]
	c.frames = c.frames[1:]
	if !f.At.IsZero() {
		*c.clock = f.At.Add(50 * time.Millisecond)
	}
	return f, nil
}

// slowReader reads the boards in turn, each taking 80 ms on the clock.
type slowReader struct {
	clock  *time.Time
	boards []string
}

func (r *slowReader) ReadBoard(ctx context.Context, f Frame) (Reading, error) {
	*r.clock = r.clock.Add(80 * time.Millisecond)
	b := r.boards[0]
	r.boards = r.boards[1:]
	return reading(b), nil
}

// TestPipelineLogsTheTurnsTime: each turn's log line says how long it took
// from the frame (when the camera took it) to the event on the phones, and
// of that the reading; a frame with no time stamp gives the reading alone.
func TestPipelineLogsTheTurnsTime(t *testing.T) {
	clock := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	s := newSession(t, NewMemStore())
	var log []string
	p := &Pipeline{
		Reader:  &slowReader{clock: &clock, boards: []string{turn1, turn2, turn2}},
		Session: s,
		Now:     func() time.Time { return clock },
		Logf:    func(format string, a ...any) { log = append(log, fmt.Sprintf(format, a...)) },
	}
	src := &clockSource{clock: &clock, frames: []Frame{
		{ID: "one", At: clock.Add(time.Second)},
		{ID: "two"},
		{ID: "three", At: clock.Add(3 * time.Second)},
	}}
	if err := p.Run(context.Background(), src); err != nil {
		t.Fatal(err)
	}
	want := []struct{ frame, text string }{
		{"frame one: turn 1", " in 130 ms (frame to event; read to event 80 ms)"},
		{"frame two: turn 2", " in 80 ms (read to event)"},
		{"frame three: no change", ""},
	}
	if len(log) != len(want)+1 { // and "camera: no more frames"
		t.Fatalf("log %q, want %d lines", log, len(want)+1)
	}
	for i, w := range want {
		if !strings.HasPrefix(log[i], w.frame) || !strings.HasSuffix(log[i], w.text) {
			t.Errorf("log line %d = %q, want %q ... %q", i, log[i], w.frame, w.text)
		}
	}
}

// TestPipelineLogsTheTurnAsItStands: a turn changed by OnTurn (serve's
// demo names the word its player announced) is returned and logged as the
// table has it then, not as first read.
func TestPipelineLogsTheTurnAsItStands(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	s := newSession(t, NewMemStore())
	var log []string
	p := &Pipeline{
		Reader:  &slowReader{clock: &clock, boards: []string{turn1}},
		Session: s,
		Now:     func() time.Time { return clock },
		Logf:    func(format string, a ...any) { log = append(log, fmt.Sprintf(format, a...)) },
		OnTurn: func(tn Turn) {
			// the table says the photo's T is an R
			if _, err := s.CorrectCell(ctx, tn.N, 2, 2, "R"); err != nil {
				t.Error(err)
			}
		},
	}
	if err := p.Run(ctx, &clockSource{clock: &clock, frames: []Frame{{ID: "one"}}}); err != nil {
		t.Fatal(err)
	}
	if len(log) == 0 || !strings.HasPrefix(log[0], "frame one: turn 1, Ann scores") || !strings.Contains(log[0], "[CAR]") {
		t.Errorf("log %q, want turn 1's line with CAR, the word as the table has it", log)
	}
}
