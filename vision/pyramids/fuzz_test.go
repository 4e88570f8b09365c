package pyramids

import (
	"errors"
	"image"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// FuzzScan feeds pictures made from arbitrary bytes (any size from 1x1,
// any content) to Scan: it must answer with a reading or one of the
// sentinel errors, never panic.
func FuzzScan(f *testing.F) {
	f.Add([]byte{0, 0})
	f.Add([]byte{200, 100, 255, 255, 255, 0, 0, 0})
	f.Add([]byte{90, 90, 40, 70, 120, 205, 200, 188, 236, 232, 220})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 2 {
			return
		}
		w, h := 1+int(b[0])*2, 1+int(b[1])*2
		m := image.NewRGBA(image.Rect(0, 0, w, h))
		rest := b[2:]
		for i := range m.Pix {
			if i%4 == 3 {
				m.Pix[i] = 255
			} else if len(rest) > 0 {
				// blocks of 8x8 pixels share a colour, so the picture has
				// regions and edges, not only noise
				x, y := (i/4)%w, (i/4)/w
				m.Pix[i] = rest[((y/8)*((w+7)/8)+x/8)*3%len(rest)+0] + byte(i%4)*rest[len(rest)-1]
			}
		}
		r, err := Scan(m, Options{})
		if err != nil {
			for _, e := range []error{vision.ErrNoBoard, vision.ErrOutOfView, vision.ErrTooDark, vision.ErrTooBlurred} {
				if errors.Is(err, e) {
					return
				}
			}
			t.Fatalf("error %v wraps no sentinel", err)
		}
		if len(r.Squares) != 100 || r.Board == nil {
			t.Fatalf("reading without its squares")
		}
	})
}
