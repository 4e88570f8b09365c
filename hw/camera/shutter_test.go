package camera

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
)

func TestShutter(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	clk := clockwork.NewFakeClock()
	u := NewUpload(Options{Clock: clk})
	presses := make(chan time.Time, 1)
	s := Shutter(u, presses)
	defer s.Close()

	stale, fresh := testJPEG(t, 8, 8, 1), testJPEG(t, 8, 8, 2)
	u.Push(stale) // taken before the press: dropped
	clk.Advance(time.Second)
	presses <- clk.Now()
	go func() {
		time.Sleep(10 * time.Millisecond)
		u.Push(fresh)
	}()
	f, err := s.Next(ctx)
	if err != nil || !bytes.Equal(f.JPEG, fresh) {
		t.Fatalf("Next = %q, %v; want the photo taken after the press", f.Name, err)
	}

	// No press, no photo.
	u.Push(fresh)
	short, cancelShort := context.WithTimeout(ctx, 30*time.Millisecond)
	defer cancelShort()
	if _, err := s.Next(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Next without a press = %v", err)
	}
	close(presses)
	if _, err := s.Next(ctx); !errors.Is(err, ErrClosed) {
		t.Errorf("Next after the button closed = %v", err)
	}
}
