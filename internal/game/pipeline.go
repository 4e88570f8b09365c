package game

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// FrameSource is a camera: each call returns the next photo of the table
// worth reading (a new, steady board), blocking until there is one. io.EOF
// means the source has no more frames (a recorded game ran out).
type FrameSource interface {
	Next(ctx context.Context) (Frame, error)
}

// BoardReader reads a photo of the table into a position with per-cell
// confidence. A Pipeline without one uses the session's Rules.Read.
type BoardReader interface {
	ReadBoard(ctx context.Context, f Frame) (Reading, error)
}

// BlurredCode is the camera notice of a turn's photo read blurred
// (Reading.Blurred): the turn is offered as read, no letter of it sure;
// the notice goes when a sharp photo is read. BlurredMsg is what it tells
// the table to do.
const (
	BlurredCode = "blurred"
	BlurredMsg  = "the photo is blurred: its letters are read, none of them sure; check the camera's focus and keep the table still"
)

// Pipeline carries frames from a camera through the reader into the session.
type Pipeline struct {
	Reader  BoardReader
	Session *Session
	// Logf reports what happened to each frame; nil discards.
	Logf func(format string, a ...any)
	// Retry is how long Run waits after a camera error; default 1s.
	Retry time.Duration
	// OnTurn, when set, is called after a frame was recorded as a turn (a
	// status LED blinks).
	OnTurn func(Turn)
	// Reconcile, when set, corrects each reading with the board as it
	// stands and with what the earlier photos showed (Session.Sightings)
	// before it is judged (ReconcileUpwordsJudged).
	// Nil: the rules' own (Reconciler), if they have one.
	Reconcile func(standing Position, past []Sighting, r Reading) (Reading, int)
	// Now is Run's clock for the time from a frame to its event on the
	// phones, which the log line of each turn gives (time.Now when nil).
	Now func() time.Time
}

func (p *Pipeline) logf(format string, a ...any) {
	if p.Logf != nil {
		p.Logf(format, a...)
	}
}

// Submit reads one frame and records it as a turn. ErrNoChange when the
// board has not changed. A photo the vision could not read is told to the
// table (a camera notice with the error's code); a photo read takes the
// notice down, except one read blurred (Reading.Blurred), which is played
// as read and then told (BlurredCode) until a sharp photo is read.
func (p *Pipeline) Submit(ctx context.Context, f Frame) (Turn, error) {
	var r Reading
	var err error
	if p.Reader != nil {
		r, err = p.Reader.ReadBoard(ctx, f)
	} else {
		r, err = p.Session.Rules().Read(ctx, f, p.Session.Board())
	}
	if err != nil {
		if ctx.Err() == nil {
			code := "unreadable"
			var c interface{ Code() string }
			if errors.As(err, &c) {
				code = c.Code()
			}
			if terr := p.Session.CameraTrouble(ctx, f.ID, code, err.Error()); terr != nil {
				p.logf("frame %s: telling the table: %v", f.ID, terr)
			}
		}
		return Turn{}, fmt.Errorf("reading %s: %w", f.ID, err)
	}
	blurred := r.Blurred
	if !blurred {
		if err := p.Session.CameraOK(ctx); err != nil {
			p.logf("frame %s: %v", f.ID, err)
		}
	}
	reconcile := p.Reconcile
	if rc, ok := p.Session.Rules().(Reconciler); ok && reconcile == nil {
		reconcile = rc.Reconcile
	}
	if reconcile != nil && r.Board != nil {
		var n int
		seen := clonePos(r.Board)
		r, n = reconcile(p.Session.Board(), p.Session.Sightings(), r)
		r.Seen = seen
		if n > 0 {
			p.logf("frame %s: %d cell(s) read against the board as it stands", f.ID, n)
		}
	}
	t, err := p.Session.Play(ctx, f, r)
	if blurred && (err == nil || errors.Is(err, ErrNoChange)) {
		// After the play, which takes any notice down: the turn is
		// offered as read, its letters unsure, and the table is told
		// why until a sharp photo is read.
		p.logf("frame %s: the photo is blurred: read as it is, no letter sure; the table is told", f.ID)
		if terr := p.Session.CameraTrouble(ctx, f.ID, BlurredCode, BlurredMsg); terr != nil {
			p.logf("frame %s: telling the table: %v", f.ID, terr)
		}
	}
	if err != nil {
		return Turn{}, err
	}
	if p.OnTurn != nil {
		p.OnTurn(t)
		// OnTurn may have named the turn's word (the word a demo's
		// player announced): the turn is returned, and logged, as the
		// table now has it.
		if u, ok := p.Session.Turn(t.N); ok {
			t = u
		}
	}
	return t, nil
}

// Run reads frames from src until ctx is done or src runs out (io.EOF,
// returned as nil). A frame that cannot be read is logged and skipped; a
// camera error is logged and retried.
func (p *Pipeline) Run(ctx context.Context, src FrameSource) error {
	retry := p.Retry
	if retry <= 0 {
		retry = time.Second
	}
	for {
		f, err := src.Next(ctx)
		switch {
		case ctx.Err() != nil:
			return nil
		case errors.Is(err, io.EOF):
			p.logf("camera: no more frames")
			return nil
		case err != nil:
			p.logf("camera: %v", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(retry):
			}
			continue
		}
		got := p.now()
		t, err := p.Submit(ctx, f)
		took := p.took(f, got)
		switch {
		case errors.Is(err, ErrNoChange):
			p.logf("frame %s: no change", f.ID)
		case err != nil && ctx.Err() != nil:
			return nil
		case err != nil:
			p.logf("frame %s: %v", f.ID, err)
		case t.Status == StatusAccepted:
			p.logf("frame %s: turn %d, %s scores %d %v%s", f.ID, t.N, t.Name, t.Score, wordsOf(t), took)
		default:
			p.logf("frame %s: turn %d rejected: %s (%s)%s", f.ID, t.N, t.Error, t.Code, took)
		}
	}
}

func (p *Pipeline) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

// took says how long the turn took to reach the phones: from when the
// camera took the frame (f.At, when known) to the turn's event, which
// Submit has published when it returns, and of that the time from the
// frame's arrival here (got: the turn detector has passed it on) to the
// event, the reading and judging.
func (p *Pipeline) took(f Frame, got time.Time) string {
	now := p.now()
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	if f.At.IsZero() || f.At.After(got) {
		return fmt.Sprintf(" in %.0f ms (read to event)", ms(now.Sub(got)))
	}
	return fmt.Sprintf(" in %.0f ms (frame to event; read to event %.0f ms)", ms(now.Sub(f.At)), ms(now.Sub(got)))
}

func wordsOf(t Turn) []string {
	var out []string
	for _, w := range t.Words {
		out = append(out, w.Word)
	}
	return out
}
