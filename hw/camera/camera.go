package camera

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"log"
	"os/exec"
	"strings"
	"time"

	"github.com/jonboulle/clockwork"
)

// Source is where photos of the table come from. Next blocks until the next
// frame is ready or ctx is done; it returns io.EOF when a finite source (a
// folder played once) has no more. Close stops the source and releases its
// camera or process; Next after Close returns ErrClosed.
type Source interface {
	Next(ctx context.Context) (Frame, error)
	Close() error
}

// Frame is one photo of the table.
type Frame struct {
	JPEG []byte    // the photo, always a whole JPEG image
	At   time.Time // when it was taken (by the source's clock)
	Name string    // where it came from, for logs and the turn history: "photos/03.jpg", "rpicam-vid #12", "upload #3", "demo turn 4 (placing)"
}

// Image decodes the frame.
func (f Frame) Image() (image.Image, error) {
	img, err := jpeg.Decode(bytes.NewReader(f.JPEG))
	if err != nil {
		return nil, fmt.Errorf("camera: %s: %w", f.Name, err)
	}
	return img, nil
}

// Seeker is a source that can be put back to a turn of a recorded game:
// the demo. After Seek(n) the next frame shows the board after turn n (0 is
// the empty board) and the game carries on from there.
type Seeker interface {
	Seek(turn int) error
}

// Errors.
var (
	ErrClosed     = errors.New("camera: source closed")
	ErrBadSpec    = errors.New("camera: unknown camera")
	ErrNotJPEG    = errors.New("camera: not a JPEG or PNG image")
	ErrTooLarge   = errors.New("camera: image too large")
	ErrQueueFull  = errors.New("camera: upload queue full")
	ErrNoCamera   = errors.New("camera: camera program not found")
	ErrCameraDied = errors.New("camera: camera program keeps failing")
)

// Specs lists the --camera values Open understands, for usage messages.
const Specs = "demo, dir:PATH, upload, rpicam[:ARGS], rpicam-still[:ARGS], gst:PIPELINE, device:N"

// Options tune the sources. The zero value is usable: every field has a
// default.
type Options struct {
	// Clock paces the demo and stamps frames (clockwork.NewRealClock()
	// when nil); tests use clockwork.NewFakeClock().
	Clock clockwork.Clock

	// FramePeriod is the time between demo frames, and between photos of a
	// dir: source (default 1s). A demo turn takes DemoHandFrames +
	// DemoStillFrames periods.
	FramePeriod time.Duration
	// DemoHandFrames and DemoStillFrames are how many frames of each demo
	// turn show a hand placing tiles and then the still board (2 and 3).
	DemoHandFrames, DemoStillFrames int

	// Demo is the recorded game the demo source replays; nil: the
	// built-in Upwords game (DemoGame).
	Demo []DemoTurn
	// DemoLoad, when set (and Demo is not), gives the recorded game the
	// demo source replays, called once in the background: the source is
	// returned at once and its first frame comes when DemoLoad returns
	// (see NewLazyReplay).
	DemoLoad func() ([]DemoTurn, error)

	// Loop makes a dir: source start again after its last photo instead of
	// returning io.EOF.
	Loop bool

	// Width, Height and FPS are asked of rpicam-vid and rpicam-still
	// (default 1640x1232 at 5 frames per second: the full field of view of
	// the camera modules 2 and 3 binned, enough to read tiles).
	Width, Height, FPS int
	// Quality is the JPEG quality asked of rpicam (default 90).
	Quality int

	// MaxBytes bounds one frame (DefaultMaxFrame when 0), and one upload.
	MaxBytes int
	// QueueLen bounds the upload queue (default 4).
	QueueLen int

	// Command makes the camera program's process (exec.CommandContext
	// when nil). Tests put a fake camera program here; it must build the
	// command with exec.CommandContext(ctx, ...) so that Close can stop
	// it. When it is set, the program is not looked up in PATH first.
	Command func(ctx context.Context, name string, args ...string) *exec.Cmd
	// RestartDelay is the first wait before a camera program that exited
	// is started again; it doubles up to 30s (default 1s).
	RestartDelay time.Duration
	// MaxFailures is how many starts in a row may end without a single
	// frame before Next gives up with ErrCameraDied (default 3).
	MaxFailures int

	// Logf reports what a source skips or retries: a corrupt photo in a
	// folder, a broken frame, a camera restart (log.Printf when nil).
	Logf func(format string, args ...any)
}

func (o Options) withDefaults() Options {
	if o.Clock == nil {
		o.Clock = clockwork.NewRealClock()
	}
	if o.FramePeriod <= 0 {
		o.FramePeriod = time.Second
	}
	if o.DemoHandFrames <= 0 {
		o.DemoHandFrames = 2
	}
	if o.DemoStillFrames <= 0 {
		o.DemoStillFrames = 3
	}
	if o.Width <= 0 || o.Height <= 0 {
		o.Width, o.Height = 1640, 1232
	}
	if o.FPS <= 0 {
		o.FPS = 5
	}
	if o.Quality <= 0 || o.Quality > 100 {
		o.Quality = 90
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxFrame
	}
	if o.QueueLen <= 0 {
		o.QueueLen = 4
	}
	if o.RestartDelay <= 0 {
		o.RestartDelay = time.Second
	}
	if o.MaxFailures <= 0 {
		o.MaxFailures = 3
	}
	if o.Logf == nil {
		o.Logf = log.Printf
	}
	return o
}

// Open starts the source named by spec, the value of --camera:
//
//	demo               the built-in recorded Upwords game (see Demo)
//	dir:PATH           the photos in a folder, in name order
//	upload             photos pushed by the web page (see Upload)
//	rpicam[:ARGS]      the Pi camera as a video stream through rpicam-vid
//	rpicam-still[:ARGS] one photo per Next through rpicam-still (for the shutter button)
//	gst:PIPELINE       a GStreamer source pipeline through gst-launch-1.0
//	device:N           a V4L2 camera /dev/videoN (a USB webcam) through GStreamer
//
// ARGS are extra rpicam options, such as "--rotation 180 --awb daylight".
// An unknown spec is an error that wraps ErrBadSpec and lists the valid
// ones.
func Open(spec string, opt Options) (Source, error) {
	opt = opt.withDefaults()
	kind, arg, hasArg := strings.Cut(strings.TrimSpace(spec), ":")
	switch kind {
	case "demo":
		if hasArg {
			break
		}
		if opt.Demo != nil {
			return NewReplay(opt.Demo, opt)
		}
		if opt.DemoLoad != nil {
			return NewLazyReplay(opt.DemoLoad, opt), nil
		}
		return NewDemo(opt)
	case "upload":
		if hasArg {
			break
		}
		return NewUpload(opt), nil
	case "dir":
		if arg == "" {
			return nil, fmt.Errorf("%w: %q: dir needs a folder, as in dir:photos/", ErrBadSpec, spec)
		}
		return OpenDir(arg, opt)
	case "rpicam":
		return openRpicamVid(arg, opt)
	case "rpicam-still":
		return openRpicamStill(arg, opt)
	case "gst":
		if strings.TrimSpace(arg) == "" {
			return nil, fmt.Errorf("%w: %q: gst needs a pipeline, as in gst:libcamerasrc ! videoconvert", ErrBadSpec, spec)
		}
		return openGst(arg, opt)
	case "device":
		return openDevice(arg, opt)
	}
	return nil, fmt.Errorf("%w %q: use one of %s", ErrBadSpec, spec, Specs)
}
