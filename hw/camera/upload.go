package camera

import (
	"context"
	"fmt"
	"sync"

	"github.com/jonboulle/clockwork"
)

// Upload is the source for photos taken by a phone and sent by the web
// page: the web handler calls Push with each photo, and the game loop
// reads them with Next, in order. The queue is bounded (QueueLen): Push
// fails with ErrQueueFull rather than letting a busy table pile up photos,
// so the handler can answer 503 and the phone can retry.
type Upload struct {
	max   int
	clock clockwork.Clock
	queue chan Frame

	mu     sync.Mutex
	n      int
	closed bool
	done   chan struct{}
}

// NewUpload returns an empty upload source.
func NewUpload(opt Options) *Upload {
	opt = opt.withDefaults()
	return &Upload{
		max:   opt.MaxBytes,
		clock: opt.Clock,
		queue: make(chan Frame, opt.QueueLen),
		done:  make(chan struct{}),
	}
}

// Push queues one photo, a JPEG or a PNG (re-encoded as a JPEG). It fails
// with ErrTooLarge, ErrNotJPEG (wrapped, with the reason), ErrQueueFull or
// ErrClosed, and never blocks.
func (u *Upload) Push(photo []byte) error {
	if len(photo) > u.max {
		return fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, len(photo), u.max)
	}
	data, err := toJPEG(photo)
	if err != nil {
		return err
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.closed {
		return ErrClosed
	}
	u.n++
	f := Frame{JPEG: data, At: u.clock.Now(), Name: fmt.Sprintf("upload #%d", u.n)}
	select {
	case u.queue <- f:
		return nil
	default:
		u.n--
		return fmt.Errorf("%w (%d photos waiting)", ErrQueueFull, cap(u.queue))
	}
}

// Next returns the oldest photo not yet read, waiting for one.
func (u *Upload) Next(ctx context.Context) (Frame, error) {
	select {
	case f := <-u.queue:
		return f, nil
	default:
	}
	select {
	case f := <-u.queue:
		return f, nil
	case <-u.done:
		return Frame{}, ErrClosed
	case <-ctx.Done():
		return Frame{}, ctx.Err()
	}
}

// Len is the number of photos waiting.
func (u *Upload) Len() int { return len(u.queue) }

// Close stops the source: Push and Next then fail with ErrClosed.
func (u *Upload) Close() error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if !u.closed {
		u.closed = true
		close(u.done)
	}
	return nil
}
