package camera

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/jonboulle/clockwork"
)

// Dir replays the photos in a folder (.jpg, .jpeg and .png, in natural name
// order: 2.jpg before 10.jpg), one every FramePeriod, once or looping. A
// photo that does not decode is skipped and reported through Logf with its
// file name; the folder is read again at each pass, so photos can be added
// while it plays.
type Dir struct {
	path  string
	opt   Options
	clock clockwork.Clock

	mu    sync.Mutex // held by Next
	files []string
	pos   int
	next  time.Time

	done      chan struct{}
	closeOnce sync.Once
}

// OpenDir opens a folder of photos. It fails if the folder cannot be read
// or holds no photo.
func OpenDir(path string, opt Options) (*Dir, error) {
	opt = opt.withDefaults()
	d := &Dir{path: path, opt: opt, clock: opt.Clock, done: make(chan struct{})}
	files, err := d.list()
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("camera: dir %s: no .jpg, .jpeg or .png photos in it", path)
	}
	d.files = files
	return d, nil
}

func (d *Dir) list() ([]string, error) {
	entries, err := os.ReadDir(d.path)
	if err != nil {
		return nil, fmt.Errorf("camera: dir: %w", err)
	}
	var files []string
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".jpg", ".jpeg", ".png":
			files = append(files, e.Name())
		}
	}
	sort.Slice(files, func(i, j int) bool { return naturalLess(files[i], files[j]) })
	return files, nil
}

// Next returns the next readable photo, waiting until FramePeriod has
// passed since the last one.
func (d *Dir) Next(ctx context.Context) (Frame, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := sleepUntil(ctx, d.done, d.clock, d.next); err != nil {
		return Frame{}, err
	}
	bad := 0
	for {
		if d.pos >= len(d.files) {
			if !d.opt.Loop {
				return Frame{}, io.EOF
			}
			files, err := d.list()
			if err != nil {
				return Frame{}, err
			}
			if bad >= len(d.files) || len(files) == 0 {
				return Frame{}, fmt.Errorf("camera: dir %s: no readable photo left", d.path)
			}
			d.files, d.pos, bad = files, 0, 0
		}
		name := filepath.Join(d.path, d.files[d.pos])
		d.pos++
		data, err := readPhoto(name, d.opt.MaxBytes)
		if err != nil {
			d.opt.Logf("camera: skipping %s: %v", name, err)
			bad++
			continue
		}
		now := d.clock.Now()
		d.next = now.Add(d.opt.FramePeriod)
		return Frame{JPEG: data, At: now, Name: name}, nil
	}
}

// Close stops the source.
func (d *Dir) Close() error {
	d.closeOnce.Do(func() { close(d.done) })
	return nil
}

// readPhoto reads a photo file and returns it as a JPEG, checking that it
// decodes. A PNG is re-encoded.
func readPhoto(name string, max int) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > max {
		return nil, fmt.Errorf("%w: over %d bytes", ErrTooLarge, max)
	}
	return toJPEG(data)
}

// toJPEG checks that data is a whole JPEG that decodes, or a PNG, which it
// re-encodes as a JPEG.
func toJPEG(data []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, markerSOI}):
		if !IsJPEG(data) {
			return nil, fmt.Errorf("%w: the JPEG is truncated or malformed", ErrNotJPEG)
		}
		if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotJPEG, err)
		}
		return data, nil
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotJPEG, err)
		}
		return encodeJPEG(img)
	}
	return nil, ErrNotJPEG
}

func encodeJPEG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 92}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// sleepUntil waits on clock until t (at once if t has passed), until ctx
// is done or until done is closed (ErrClosed).
func sleepUntil(ctx context.Context, done <-chan struct{}, clock clockwork.Clock, t time.Time) error {
	select {
	case <-done:
		return ErrClosed
	default:
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	d := t.Sub(clock.Now())
	if t.IsZero() || d <= 0 {
		return nil
	}
	timer := clock.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-done:
		return ErrClosed
	case <-timer.Chan():
		return nil
	}
}

// naturalLess orders names with their digit runs compared as numbers:
// "turn2.jpg" < "turn10.jpg".
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitPrefix(a), digitPrefix(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitPrefix(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
