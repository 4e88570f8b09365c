package photo

import (
	"fmt"
	"sync"
)

// Tool is what a game reads its photos with (a tile classifier and the
// vision's options), made on first use or when the table starts, once: a
// failure to make it is kept and told every time. The photos are read
// one at a time (Use).
type Tool[T any] struct {
	mu   sync.Mutex
	v    T
	made bool
	err  error
}

// Make makes the tool with mk unless it is made (or failed) already; a
// failure reads "the tile reader: ...".
func (t *Tool[T]) Make(mk func() (T, error)) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.makeLocked(mk)
}

func (t *Tool[T]) makeLocked(mk func() (T, error)) error {
	if t.made || t.err != nil {
		return t.err
	}
	v, err := mk()
	if err != nil {
		t.err = fmt.Errorf("the tile reader: %w", err)
		return t.err
	}
	t.v, t.made = v, true
	return nil
}

// Use runs read with the tool (made with mk first if need be), one photo
// at a time.
func (t *Tool[T]) Use(mk func() (T, error), read func(T) error) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.makeLocked(mk); err != nil {
		return err
	}
	return read(t.v)
}
