package camera

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"
)

// Stream is a camera program that writes a stream of JPEG images to its
// standard output: rpicam-vid with --codec mjpeg, or gst-launch-1.0 ending
// in jpegenc ! fdsink. A goroutine reads the stream, splits it into images
// with JPEGReader and keeps only the newest few, so Next always returns a
// recent photo of the table however slowly it is called. When the program
// exits it is started again after RestartDelay (doubling up to 30s); after
// MaxFailures starts in a row without a single frame, Next returns
// ErrCameraDied with the program's last error output.
type Stream struct {
	name string
	argv []string
	opt  Options

	frames chan Frame
	cancel context.CancelFunc
	done   chan struct{} // closed when the reading goroutine ends

	mu      sync.Mutex
	err     error // why the stream ended, for Next
	count   int   // frames so far
	closed  bool
	stopped chan struct{} // closed by Close

	// rpicam-vid only (lock.go): the command line without the held
	// settings and the user's options; the settings rpicam reported
	// last; the running program's stop, for a restart with new options.
	rpicam   *rpicamLine
	settings Settings
	settled  bool
	stopRun  context.CancelFunc
	restart  bool // the program was stopped to start again at once
}

// rpicamLine is an rpicam-vid command line in parts: prefix, then the
// options that hold focus and exposure (held), then "-o -".
type rpicamLine struct {
	prefix, extra, held []string
}

func (l *rpicamLine) argv() []string {
	a := append(append([]string(nil), l.prefix...), l.held...)
	return append(a, "-o", "-")
}

// Program is the command line a stream source runs, for logs and tests.
func (s *Stream) Program() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.argv...)
}

// rpicamVidLine is the rpicam-vid command line for a video stream of
// JPEGs. Size, frame rate and quality come from Options unless the extra
// arguments give them (rpicam refuses an option given twice). It asks for
// the frames' metadata on file descriptor 3 (lock.go).
func rpicamVidLine(extra []string, opt Options) *rpicamLine {
	argv := []string{"rpicam-vid", "-t", "0", "-n", "--codec", "mjpeg", "--flush"}
	argv = append(argv, rpicamDefaults(extra, opt, true)...)
	argv = append(argv, metadataArgs()...)
	return &rpicamLine{prefix: append(argv, extra...), extra: extra}
}

// rpicamStillArgs is the rpicam-still command line for one photo that
// lets the camera settle first (held: nil), or one taken at once with the
// held focus and exposure (lock.go). Both ask for the photo's metadata on
// file descriptor 3. A -t/--timeout or --immediate among the user's
// options replaces the timing.
func rpicamStillArgs(extra []string, opt Options, held []string) []string {
	argv := []string{"rpicam-still", "-n"}
	if !givenIn(extra, "-t", "--timeout", "--immediate") {
		if held == nil {
			argv = append(argv, "-t", strconv.Itoa(int(stillSettle/time.Millisecond)))
		} else {
			argv = append(argv, "-t", "1", "--immediate")
		}
	}
	argv = append(argv, "--encoding", "jpg")
	argv = append(argv, rpicamDefaults(extra, opt, false)...)
	argv = append(argv, metadataArgs()...)
	argv = append(append(argv, extra...), held...)
	return append(argv, "-o", "-")
}

// stillSettle is how long rpicam-still runs its automatic controls before
// a photo when nothing is held: long enough for exposure, white balance
// and the Camera Module 3's autofocus to settle. stillHoldFor is how long
// what they settled on is held for the photos after it (the light at a
// table changes over an evening).
const (
	stillSettle  = 1500 * time.Millisecond
	stillHoldFor = 10 * time.Minute
)

// givenIn reports whether any of names is among args (as "--x" or "--x=v").
func givenIn(args []string, names ...string) bool {
	for _, a := range args {
		for _, n := range names {
			if a == n || strings.HasPrefix(a, n+"=") {
				return true
			}
		}
	}
	return false
}

func rpicamDefaults(extra []string, opt Options, video bool) []string {
	given := func(names ...string) bool {
		for _, a := range extra {
			for _, n := range names {
				if a == n || strings.HasPrefix(a, n+"=") {
					return true
				}
			}
		}
		return false
	}
	var argv []string
	if !given("--width") {
		argv = append(argv, "--width", strconv.Itoa(opt.Width))
	}
	if !given("--height") {
		argv = append(argv, "--height", strconv.Itoa(opt.Height))
	}
	if video && !given("--framerate") {
		argv = append(argv, "--framerate", strconv.Itoa(opt.FPS))
	}
	if !given("-q", "--quality") {
		argv = append(argv, "-q", strconv.Itoa(opt.Quality))
	}
	return argv
}

// gstArgs is the gst-launch-1.0 command line that runs the source pipeline
// and writes JPEGs to standard output. A pipeline that already ends in
// jpegenc or image/jpeg caps is not encoded again.
func gstArgs(pipeline []string) []string {
	argv := append([]string{"gst-launch-1.0", "-q", "-e"}, pipeline...)
	last := ""
	if n := len(pipeline); n > 0 {
		last = pipeline[n-1]
	}
	if !strings.HasPrefix(last, "jpegenc") && !strings.HasPrefix(last, "image/jpeg") {
		argv = append(argv, "!", "videoconvert", "!", "jpegenc", "quality=90")
	}
	return append(argv, "!", "fdsink", "fd=1")
}

func openRpicamVid(extra string, opt Options) (Source, error) {
	args, err := splitArgs(extra)
	if err != nil {
		return nil, fmt.Errorf("%w: rpicam:%s: %v", ErrBadSpec, extra, err)
	}
	line := rpicamVidLine(args, opt)
	return startStream(line.argv(), opt, line)
}

func openGst(pipeline string, opt Options) (Source, error) {
	args, err := splitArgs(pipeline)
	if err != nil {
		return nil, fmt.Errorf("%w: gst:%s: %v", ErrBadSpec, pipeline, err)
	}
	return StartStream(gstArgs(args), opt)
}

// openDevice opens /dev/videoN (device:N) or a device path
// (device:/dev/video2) through GStreamer's v4l2src.
func openDevice(arg string, opt Options) (Source, error) {
	dev := arg
	if n, err := strconv.Atoi(arg); err == nil && n >= 0 {
		dev = "/dev/video" + arg
	} else if !strings.HasPrefix(arg, "/dev/") {
		return nil, fmt.Errorf("%w: device:%s: give a camera number (device:0) or a path (device:/dev/video0)", ErrBadSpec, arg)
	}
	return StartStream(gstArgs([]string{"v4l2src", "device=" + dev}), opt)
}

// StartStream starts argv (the program and its arguments) as a stream
// source. It fails at once with ErrNoCamera if the program is not
// installed.
func StartStream(argv []string, opt Options) (*Stream, error) {
	return startStream(argv, opt, nil)
}

func startStream(argv []string, opt Options, rpicam *rpicamLine) (*Stream, error) {
	opt = opt.withDefaults()
	if err := lookPath(argv[0], opt); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Stream{
		name:    argv[0],
		argv:    argv,
		opt:     opt,
		frames:  make(chan Frame, 2),
		cancel:  cancel,
		done:    make(chan struct{}),
		stopped: make(chan struct{}),
		rpicam:  rpicam,
	}
	go s.loop(ctx)
	return s, nil
}

func lookPath(name string, opt Options) error {
	if opt.Command != nil {
		return nil
	}
	if _, err := exec.LookPath(name); err != nil {
		hint := map[string]string{
			"rpicam-vid":     "install rpicam-apps (sudo apt install rpicam-apps) on a Raspberry Pi",
			"rpicam-still":   "install rpicam-apps (sudo apt install rpicam-apps) on a Raspberry Pi",
			"gst-launch-1.0": "install gstreamer1.0-tools gstreamer1.0-plugins-good (and gstreamer1.0-libcamera for libcamerasrc)",
		}[name]
		return fmt.Errorf("%w: %s is not in PATH: %s; or use --camera demo, dir:PATH or upload", ErrNoCamera, name, hint)
	}
	return nil
}

func (s *Stream) command(ctx context.Context) *exec.Cmd {
	argv := s.Program()
	var cmd *exec.Cmd
	if s.opt.Command != nil {
		cmd = s.opt.Command(ctx, argv[0], argv[1:]...)
	} else {
		cmd = exec.CommandContext(ctx, argv[0], argv[1:]...)
	}
	// Ask the camera program to stop cleanly (rpicam releases the camera
	// on SIGTERM), then kill it if it has not gone within two seconds.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 2 * time.Second
	return cmd
}

// loop runs the program again and again until ctx is cancelled.
func (s *Stream) loop(ctx context.Context) {
	defer close(s.done)
	delay := s.opt.RestartDelay
	failures := 0
	for {
		runCtx, stopRun := context.WithCancel(ctx)
		s.mu.Lock()
		s.stopRun = stopRun
		s.mu.Unlock()
		n, err := s.runOnce(runCtx)
		stopRun()
		if ctx.Err() != nil {
			s.finish(ErrClosed)
			return
		}
		s.mu.Lock()
		restart := s.restart
		s.restart = false
		s.mu.Unlock()
		if restart {
			// Stopped to start again with other options (Lock, Unlock).
			failures, delay = 0, s.opt.RestartDelay
			continue
		}
		if n > 0 {
			failures, delay = 0, s.opt.RestartDelay
		} else {
			failures++
		}
		if failures >= s.opt.MaxFailures {
			s.finish(fmt.Errorf("%w: %s started %d times without a frame: %v", ErrCameraDied, s.name, failures, err))
			return
		}
		s.opt.Logf("camera: %s stopped after %d frames (%v); starting it again in %v", s.name, n, err, delay)
		timer := s.opt.Clock.NewTimer(delay)
		select {
		case <-ctx.Done():
			timer.Stop()
			s.finish(ErrClosed)
			return
		case <-timer.Chan():
		}
		delay = min(2*delay, 30*time.Second)
	}
}

// runOnce runs the program once and returns how many frames it gave and
// why it stopped.
func (s *Stream) runOnce(ctx context.Context) (int, error) {
	cmd := s.command(ctx)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	var stderr tailBuffer
	cmd.Stderr = &stderr
	var metaR, metaW *os.File
	if s.rpicam != nil {
		if metaR, metaW, err = os.Pipe(); err != nil {
			return 0, err
		}
		defer metaR.Close()
		cmd.ExtraFiles = []*os.File{metaW} // file descriptor 3 (metadataFD)
	}
	err = cmd.Start()
	if metaW != nil {
		metaW.Close()
	}
	if err != nil {
		return 0, err
	}
	if metaR != nil {
		go readMetadata(metaR, s.setSettings)
	}
	r := NewJPEGReader(stdout, s.opt.MaxBytes)
	n := 0
	var readErr error
	for {
		img, err := r.Next()
		if errors.Is(err, ErrFrameTooLarge) {
			s.opt.Logf("camera: %s: %v", s.name, err)
			continue
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				readErr = err
			}
			break
		}
		n++
		s.deliver(img)
	}
	// Drain whatever is left so the program is not blocked on a full pipe.
	io.Copy(io.Discard, stdout)
	waitErr := cmd.Wait()
	if r.Skipped() > 0 {
		s.opt.Logf("camera: %s: skipped %d broken frames", s.name, r.Skipped())
	}
	msg := strings.TrimSpace(stderr.String())
	switch {
	case waitErr != nil && msg != "":
		return n, fmt.Errorf("%v: %s", waitErr, lastLine(msg))
	case waitErr != nil:
		return n, waitErr
	case readErr != nil:
		return n, readErr
	case msg != "":
		return n, fmt.Errorf("exited: %s", lastLine(msg))
	}
	return n, errors.New("exited")
}

// deliver hands a frame to Next, dropping the oldest waiting frame when
// Next is behind: a camera over a table should show the table now.
func (s *Stream) deliver(img []byte) {
	s.mu.Lock()
	s.count++
	f := Frame{JPEG: img, At: s.opt.Clock.Now(), Name: fmt.Sprintf("%s #%d", s.name, s.count)}
	s.mu.Unlock()
	for {
		select {
		case s.frames <- f:
			return
		default:
		}
		select {
		case <-s.frames:
		default:
		}
	}
}

func (s *Stream) setSettings(st Settings) {
	s.mu.Lock()
	s.settings, s.settled = st, true
	s.mu.Unlock()
}

// Lock holds focus, exposure and white balance at what rpicam-vid chose
// for its latest frame: the program starts again with them fixed
// (lock.go). Only an rpicam source can.
func (s *Stream) Lock(ctx context.Context) (Settings, error) {
	s.mu.Lock()
	if s.rpicam == nil {
		s.mu.Unlock()
		return Settings{}, fmt.Errorf("camera: %s cannot hold focus and exposure", s.name)
	}
	if !s.settled {
		s.mu.Unlock()
		return Settings{}, ErrNotSettled
	}
	st := s.settings
	s.rpicam.held = lockArgs(st, s.rpicam.extra)
	s.restartWith()
	return st, nil
}

// Unlock starts rpicam-vid again with its automatic controls.
func (s *Stream) Unlock(ctx context.Context) error {
	s.mu.Lock()
	if s.rpicam == nil || len(s.rpicam.held) == 0 {
		s.mu.Unlock()
		return nil
	}
	s.rpicam.held = nil
	s.restartWith()
	return nil
}

// restartWith stops the running program so that the loop starts it again
// at once with s.rpicam's command line. s.mu is held; it unlocks it.
func (s *Stream) restartWith() {
	s.argv = s.rpicam.argv()
	s.settled = false // the next report comes from the new program
	s.restart = true
	stop := s.stopRun
	s.mu.Unlock()
	if stop != nil {
		stop()
	}
}

func (s *Stream) finish(err error) {
	s.mu.Lock()
	s.err = err
	s.mu.Unlock()
}

// Next returns the newest frame not yet returned, waiting for one.
func (s *Stream) Next(ctx context.Context) (Frame, error) {
	select {
	case <-s.stopped:
		return Frame{}, ErrClosed
	default:
	}
	select {
	case f := <-s.frames:
		return f, nil
	case <-ctx.Done():
		return Frame{}, ctx.Err()
	case <-s.stopped:
		return Frame{}, ErrClosed
	case <-s.done:
		select {
		case f := <-s.frames:
			return f, nil
		default:
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		return Frame{}, s.err
	}
}

// Close stops the camera program and waits for it to exit.
func (s *Stream) Close() error {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.stopped)
	}
	s.mu.Unlock()
	s.cancel()
	<-s.done
	return nil
}

// Still takes one photo per Next by running rpicam-still: the source for
// the shutter button, where the camera sleeps between turns.
type Still struct {
	argv []string
	opt  Options

	mu     sync.Mutex
	count  int
	closed bool

	// rpicam-still only: the user's options, and the focus and exposure
	// held from the last photo that settled (lock.go), until heldUntil.
	rpicam    bool
	extra     []string
	held      []string
	heldUntil time.Time
}

func openRpicamStill(extra string, opt Options) (Source, error) {
	args, err := splitArgs(extra)
	if err != nil {
		return nil, fmt.Errorf("%w: rpicam-still:%s: %v", ErrBadSpec, extra, err)
	}
	st, err := NewStill(rpicamStillArgs(args, opt, nil), opt)
	if err != nil {
		return nil, err
	}
	st.rpicam, st.extra = true, args
	return st, nil
}

// NewStill returns a source that runs argv for every photo and reads one
// JPEG from its standard output.
func NewStill(argv []string, opt Options) (*Still, error) {
	opt = opt.withDefaults()
	if err := lookPath(argv[0], opt); err != nil {
		return nil, err
	}
	return &Still{argv: argv, opt: opt}, nil
}

// Program is the command line the next photo runs.
func (s *Still) Program() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.nextArgv()...)
}

// nextArgv is the command line of the next photo: with rpicam-still, one
// that settles (and reports what it settled on) when nothing is held or
// the hold is over, else one taken at once with the held values.
func (s *Still) nextArgv() []string {
	if !s.rpicam {
		return s.argv
	}
	if s.held != nil && s.opt.Clock.Now().Before(s.heldUntil) {
		return rpicamStillArgs(s.extra, s.opt, s.held)
	}
	return rpicamStillArgs(s.extra, s.opt, nil)
}

// Next takes a photo. It gives up after 20 seconds. With rpicam-still,
// a photo taken after the camera settled sets what the photos of the
// next 10 minutes hold (focus, exposure, white balance): they are taken
// at once and alike.
func (s *Still) Next(ctx context.Context) (Frame, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return Frame{}, ErrClosed
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	argv := s.nextArgv()
	settling := s.rpicam && (s.held == nil || !s.opt.Clock.Now().Before(s.heldUntil))
	var cmd *exec.Cmd
	if s.opt.Command != nil {
		cmd = s.opt.Command(ctx, argv[0], argv[1:]...)
	} else {
		cmd = exec.CommandContext(ctx, argv[0], argv[1:]...)
	}
	var stdout limitBuffer
	stdout.max = s.opt.MaxBytes
	var stderr tailBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	var metaDone chan Settings
	if s.rpicam {
		r, w, err := os.Pipe()
		if err != nil {
			return Frame{}, fmt.Errorf("camera: %s: %w", argv[0], err)
		}
		defer r.Close()
		cmd.ExtraFiles = []*os.File{w} // file descriptor 3 (metadataFD)
		metaDone = make(chan Settings, 1)
		go func() {
			var last Settings
			readMetadata(r, func(st Settings) { last = st })
			metaDone <- last
		}()
		defer w.Close()
		if err := cmd.Start(); err != nil {
			return Frame{}, fmt.Errorf("camera: %s: %w", argv[0], err)
		}
		w.Close()
	} else if err := cmd.Start(); err != nil {
		return Frame{}, fmt.Errorf("camera: %s: %w", argv[0], err)
	}
	err := cmd.Wait()
	if ctx.Err() != nil {
		return Frame{}, fmt.Errorf("camera: %s: %w", s.argv[0], ctx.Err())
	}
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			err = fmt.Errorf("%v: %s", err, lastLine(msg))
		}
		return Frame{}, fmt.Errorf("camera: %s: %w", s.argv[0], err)
	}
	if stdout.over {
		return Frame{}, fmt.Errorf("camera: %s: %w: over %d bytes", s.argv[0], ErrTooLarge, s.opt.MaxBytes)
	}
	data := stdout.Bytes()
	if !IsJPEG(data) {
		return Frame{}, fmt.Errorf("camera: %s: %w: wrote %d bytes that are not one whole JPEG", s.argv[0], ErrNotJPEG, len(data))
	}
	if metaDone != nil && settling {
		select {
		case st := <-metaDone:
			if st.ExposureTime > 0 {
				s.held = lockArgs(st, s.extra)
				s.heldUntil = s.opt.Clock.Now().Add(stillHoldFor)
				s.opt.Logf("camera: %s settled: the next photos hold %s", argv[0], strings.Join(s.held, " "))
			}
		case <-time.After(time.Second):
		}
	}
	s.count++
	return Frame{JPEG: data, At: s.opt.Clock.Now(), Name: fmt.Sprintf("%s #%d", s.argv[0], s.count)}, nil
}

// Close makes later calls of Next fail.
func (s *Still) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	return nil
}

// tailBuffer keeps the last 4 KB written to it: a program's error output.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 4096 {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-4096:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// limitBuffer keeps up to max bytes and notes whether more came.
type limitBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

func (l *limitBuffer) Write(p []byte) (int, error) {
	if l.Len()+len(p) > l.max {
		l.over = true
		return len(p), nil
	}
	return l.Buffer.Write(p)
}

func lastLine(s string) string {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[i+1:])
	}
	return s
}

// splitArgs splits a command line like a shell would for plain words and
// quotes: `--awb daylight "--shutter 2000"`. It has no escapes or
// variables.
func splitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		raw := s[i : i+size] // the bytes as given, even when not UTF-8
		i += size
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteString(raw)
			}
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case unicode.IsSpace(r):
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteString(raw)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed %c quote", quote)
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}
