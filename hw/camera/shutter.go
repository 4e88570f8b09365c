package camera

import (
	"context"
	"time"
)

// Shutter makes src take photos only when the shutter button is pressed:
// Next waits for a press, then returns the first frame of src taken at or
// after that press (older frames that a stream kept are dropped). With
// rpicam-still, the photo is taken on the press; with a video stream, the
// next frame after it. presses is a button's Presses channel; when it is
// closed, Next returns ErrClosed.
func Shutter(src Source, presses <-chan time.Time) Source {
	return &shutter{src: src, presses: presses}
}

type shutter struct {
	src     Source
	presses <-chan time.Time
}

func (s *shutter) Next(ctx context.Context) (Frame, error) {
	var at time.Time
	select {
	case <-ctx.Done():
		return Frame{}, ctx.Err()
	case t, ok := <-s.presses:
		if !ok {
			return Frame{}, ErrClosed
		}
		at = t
	}
	for {
		f, err := s.src.Next(ctx)
		if err != nil || !f.At.Before(at) {
			return f, err
		}
	}
}

func (s *shutter) Close() error { return s.src.Close() }

// Seek passes a demo's Seek through.
func (s *shutter) Seek(turn int) error {
	if sk, ok := s.src.(Seeker); ok {
		return sk.Seek(turn)
	}
	return nil
}
