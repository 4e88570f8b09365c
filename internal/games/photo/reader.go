package photo

import (
	"fmt"
	"sync"
)

// Reader is a game's photo reader (its vision package's options with the
// tile classifier), made once: at the game's New when the table has a
// camera, so that a missing tile model is said at start, else at the first
// photo; a failure is kept and said again. Its scans run one at a time
// (the classifier is not safe for concurrent use). The zero value is ready;
// Make says how to make T.
type Reader[T any] struct {
	mu   sync.Mutex // one scan at a time; guards the making
	made bool
	v    T
	err  error
}

// Ready makes the reader if it is not made yet, and says whether it could
// be.
func (r *Reader[T]) Ready(make func() (T, error)) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ready(make)
}

func (r *Reader[T]) ready(make func() (T, error)) error {
	if !r.made {
		r.v, r.err = make()
		if r.err != nil {
			r.err = fmt.Errorf("the tile reader: %w", r.err)
		}
		r.made = true
	}
	return r.err
}

// Scan runs scan with the reader, made if need be, one scan at a time.
func (r *Reader[T]) Scan(make func() (T, error), scan func(T) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.ready(make); err != nil {
		return err
	}
	return scan(r.v)
}
