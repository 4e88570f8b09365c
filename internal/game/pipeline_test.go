package game

import (
	"context"
	"errors"
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

// stepReader reads each frame as the step gives: a board, blurred or not,
// or an error (a photo the vision could not read).
type stepReader struct{ next func() (Reading, error) }

func (r *stepReader) ReadBoard(ctx context.Context, f Frame) (Reading, error) { return r.next() }

// TestPipelineBlurredNotice: a turn's photo read blurred (Reading.Blurred)
// is offered as read, unsure squares as read, and the table is told (the
// camera notice "blurred"); it stays up through an unchanged blurred
// photo and a restart, is replaced by a photo the vision could not read,
// and goes when a sharp photo is read, even one that shows no change.
func TestPipelineBlurredNotice(t *testing.T) {
	ctx := context.Background()
	store := NewMemStore()
	s := newSession(t, store)
	var next func() (Reading, error)
	p := &Pipeline{Reader: &stepReader{next: func() (Reading, error) { return next() }}, Session: s}
	blurred := func(text string, unsure ...[2]int) func() (Reading, error) {
		return func() (Reading, error) {
			r := reading(text)
			r.Blurred = true
			r.Conf = make([][]float64, 5)
			for i := range r.Conf {
				r.Conf[i] = []float64{1, 1, 1, 1, 1}
			}
			for _, q := range unsure {
				r.Conf[q[0]][q[1]] = 0.4
			}
			return r, nil
		}
	}
	sharp := func(text string) func() (Reading, error) {
		return func() (Reading, error) { return reading(text), nil }
	}
	steps := []struct {
		name    string
		read    func() (Reading, error)
		reopen  bool   // the service restarts before the step's photo
		turns   int    // turns recorded after the step
		unsure  int    // unsure squares of the latest turn
		want    string // the notice's code after, "" none
		wantErr error  // nil: no error; else errors.Is
	}{
		{"a sharp first turn: no notice", sharp(turn1), false, 1, 0, "", nil},
		{"a blurred turn is offered as read and told", blurred(turn2, [2]int{3, 2}, [2]int{4, 2}), false, 2, 2, BlurredCode, nil},
		{"the blurred board again: no turn, still told", blurred(turn2), false, 2, 2, BlurredCode, ErrNoChange},
		{"the notice survives a restart", blurred(turn2), true, 2, 2, BlurredCode, ErrNoChange},
		{"a photo the vision cannot read replaces it", func() (Reading, error) { return Reading{}, codedErr{"too_dark", "add light"} }, false, 2, 2, "too_dark", errors.New("any")},
		{"blurred again after it", blurred(turn2), false, 2, 2, BlurredCode, ErrNoChange},
		{"a sharp photo with no change takes it down", sharp(turn2), false, 2, 2, "", ErrNoChange},
		{"a blurred turn once more", blurred(turn3, [2]int{2, 1}), false, 3, 1, BlurredCode, nil},
		{"a sharp photo of that board takes it down", sharp(turn3), false, 3, 1, "", ErrNoChange},
	}
	for i, st := range steps {
		if st.reopen {
			s = newSession(t, store)
			p.Session = s
		}
		next = st.read
		_, err := p.Submit(ctx, Frame{ID: fmt.Sprintf("photo %d", i)})
		switch {
		case st.wantErr == nil && err != nil:
			t.Fatalf("%s: %v", st.name, err)
		case st.wantErr != nil && err == nil:
			t.Fatalf("%s: no error, want %v", st.name, st.wantErr)
		case st.wantErr == ErrNoChange && !errors.Is(err, ErrNoChange):
			t.Fatalf("%s: %v, want %v", st.name, err, ErrNoChange)
		}
		state := s.State()
		got := ""
		if c := state.Camera; c != nil {
			got = c.Code
			if c.Code == BlurredCode && (c.Error != BlurredMsg || c.Frame == "") {
				t.Errorf("%s: notice %+v, want the frame and %q", st.name, c, BlurredMsg)
			}
		}
		if got != st.want {
			t.Errorf("%s: notice %q, want %q", st.name, got, st.want)
		}
		if len(state.Turns) != st.turns {
			t.Fatalf("%s: %d turns, want %d", st.name, len(state.Turns), st.turns)
		}
		if last := state.Turns[len(state.Turns)-1]; last.Status != StatusAccepted || len(last.Uncertain) != st.unsure {
			t.Errorf("%s: the latest turn %s with %d unsure squares %v, want accepted with %d", st.name, last.Status, len(last.Uncertain), last.Uncertain, st.unsure)
		}
	}
}
