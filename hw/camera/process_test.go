package camera

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The fake camera program: the test binary itself, run with
// FAKE_CAMERA=mode (the usual helper-process pattern). It checks nothing
// of its arguments but writes them to stderr for the tests to see.
func TestMain(m *testing.M) {
	if mode := os.Getenv("FAKE_CAMERA"); mode != "" {
		os.Exit(fakeCamera(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

func fakeCamera(mode string, args []string) int {
	frame := func(i int) []byte {
		b, err := makeJPEG(48, 32, i)
		if err != nil {
			panic(err)
		}
		return b
	}
	switch mode {
	case "stream": // 5 frames with junk between them, then exits
		for i := 0; i < 5; i++ {
			os.Stdout.Write(frame(i))
			os.Stdout.Write([]byte("\x00junk"))
		}
		return 0
	case "forever": // a frame every 10 ms until killed
		for i := 0; ; i++ {
			if _, err := os.Stdout.Write(frame(i)); err != nil {
				return 1
			}
			time.Sleep(10 * time.Millisecond)
		}
	case "fail": // what rpicam says with no camera attached
		fmt.Fprintln(os.Stderr, "Preview window unavailable")
		fmt.Fprintln(os.Stderr, "ERROR: *** no cameras available ***")
		return 255
	case "still":
		os.Stdout.Write(frame(1))
		return 0
	case "still-garbage":
		os.Stdout.Write([]byte("not a jpeg at all"))
		return 0
	case "args":
		fmt.Fprintln(os.Stderr, strings.Join(args, " "))
		return 3
	case "still-meta": // rpicam-still with --metadata: one photo and its metadata
		return fakeRpicamStillMeta(args, frame)
	case "meta", "meta-hq": // rpicam-vid with --metadata /dev/fd/3: a frame and its metadata every 10 ms
		return fakeRpicamMeta(mode, args, frame)
	}
	return 99
}

// fakeCommand runs the test binary as the camera program in mode.
func fakeCommand(mode string) func(ctx context.Context, name string, args ...string) *exec.Cmd {
	return func(ctx context.Context, name string, args ...string) *exec.Cmd {
		cmd := exec.CommandContext(ctx, os.Args[0], append([]string{name}, args...)...)
		cmd.Env = append(os.Environ(), "FAKE_CAMERA="+mode)
		return cmd
	}
}

func quietOptions(mode string) (Options, *logBuffer) {
	var log logBuffer
	return Options{Command: fakeCommand(mode), RestartDelay: 10 * time.Millisecond, Logf: log.Printf}, &log
}

type logBuffer struct {
	mu    sync.Mutex
	lines []string
}

func (l *logBuffer) Printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logBuffer) Lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

func TestStreamFrames(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	opt, _ := quietOptions("stream")
	opt.MaxFailures = 1
	s, err := StartStream([]string{"rpicam-vid"}, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// The program writes 5 frames and exits; it is restarted, so more
	// frames keep coming. Newer frames may replace older ones not yet read.
	seen := 0
	for seen < 8 {
		f, err := s.Next(ctx)
		if err != nil {
			t.Fatalf("after %d frames: %v", seen, err)
		}
		if _, err := jpeg.Decode(bytes.NewReader(f.JPEG)); err != nil {
			t.Fatalf("frame %s does not decode: %v", f.Name, err)
		}
		if !strings.HasPrefix(f.Name, "rpicam-vid #") || f.At.IsZero() {
			t.Fatalf("frame named %q at %v", f.Name, f.At)
		}
		seen++
	}
}

func TestStreamCloseStopsProgram(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	goroutines := runtime.NumGoroutine()
	opt, _ := quietOptions("forever")
	var mu sync.Mutex
	var started []*exec.Cmd
	fake := opt.Command
	opt.Command = func(ctx context.Context, name string, args ...string) *exec.Cmd {
		cmd := fake(ctx, name, args...)
		mu.Lock()
		started = append(started, cmd)
		mu.Unlock()
		return cmd
	}
	s, err := StartStream([]string{"rpicam-vid"}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Next(ctx); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Close took %v", d)
	}
	if _, err := s.Next(ctx); !errors.Is(err, ErrClosed) {
		t.Errorf("Next after Close = %v, want ErrClosed", err)
	}
	// The camera program was stopped and reaped, and no goroutine is left.
	mu.Lock()
	for i, cmd := range started {
		if cmd.ProcessState == nil {
			t.Errorf("camera program %d still running after Close", i)
		}
	}
	mu.Unlock()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > goroutines && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > goroutines {
		t.Errorf("%d goroutines after Close, %d before", n, goroutines)
	}
}

func TestStreamGivesUp(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	opt, log := quietOptions("fail")
	opt.MaxFailures = 2
	s, err := StartStream([]string{"rpicam-vid"}, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = s.Next(ctx)
	if !errors.Is(err, ErrCameraDied) {
		t.Fatalf("Next = %v, want ErrCameraDied", err)
	}
	if !strings.Contains(err.Error(), "no cameras available") {
		t.Errorf("error %q does not carry the program's message", err)
	}
	if lines := log.Lines(); len(lines) != 1 || !strings.Contains(lines[0], "starting it again") {
		t.Errorf("log = %q, want one restart", lines)
	}
}

func TestStill(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	tests := []struct {
		mode    string
		wantErr error
		wantMsg string
	}{
		{"still", nil, ""},
		{"still-garbage", ErrNotJPEG, "not one whole JPEG"},
		{"fail", nil, "no cameras available"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			opt, _ := quietOptions(tc.mode)
			src, err := Open("rpicam-still", opt)
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			f, err := src.Next(ctx)
			switch {
			case tc.wantErr == nil && tc.wantMsg == "":
				if err != nil || !IsJPEG(f.JPEG) || f.Name != "rpicam-still #1" {
					t.Fatalf("Next = %q, %v", f.Name, err)
				}
			case err == nil:
				t.Fatal("no error")
			case tc.wantErr != nil && !errors.Is(err, tc.wantErr):
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			case !strings.Contains(err.Error(), tc.wantMsg):
				t.Fatalf("error %q does not say %q", err, tc.wantMsg)
			}
		})
	}
}

func TestCommandLines(t *testing.T) {
	opt := Options{Command: fakeCommand("args")}
	tests := []struct {
		spec string
		want []string
	}{
		{"rpicam", []string{"rpicam-vid", "-t", "0", "-n", "--codec", "mjpeg", "--flush", "--width", "1640", "--height", "1232", "--framerate", "5", "-q", "90", "--metadata", "/dev/fd/3", "--metadata-format", "txt", "-o", "-"}},
		{"rpicam:--rotation 180 --awb daylight", []string{"rpicam-vid", "-t", "0", "-n", "--codec", "mjpeg", "--flush", "--width", "1640", "--height", "1232", "--framerate", "5", "-q", "90", "--metadata", "/dev/fd/3", "--metadata-format", "txt", "--rotation", "180", "--awb", "daylight", "-o", "-"}},
		{"rpicam:--width 2304 --height=1296 --quality 80", []string{"rpicam-vid", "-t", "0", "-n", "--codec", "mjpeg", "--flush", "--framerate", "5", "--metadata", "/dev/fd/3", "--metadata-format", "txt", "--width", "2304", "--height=1296", "--quality", "80", "-o", "-"}},
		{"rpicam-still", []string{"rpicam-still", "-n", "-t", "1500", "--encoding", "jpg", "--width", "1640", "--height", "1232", "-q", "90", "--metadata", "/dev/fd/3", "--metadata-format", "txt", "-o", "-"}},
		{"rpicam-still:--timeout 300 --hflip", []string{"rpicam-still", "-n", "--encoding", "jpg", "--width", "1640", "--height", "1232", "-q", "90", "--metadata", "/dev/fd/3", "--metadata-format", "txt", "--timeout", "300", "--hflip", "-o", "-"}},
		{"gst:libcamerasrc ! video/x-raw,width=1640,height=1232", []string{"gst-launch-1.0", "-q", "-e", "libcamerasrc", "!", "video/x-raw,width=1640,height=1232", "!", "videoconvert", "!", "jpegenc", "quality=90", "!", "fdsink", "fd=1"}},
		{"gst:v4l2src ! image/jpeg", []string{"gst-launch-1.0", "-q", "-e", "v4l2src", "!", "image/jpeg", "!", "fdsink", "fd=1"}},
		{"device:2", []string{"gst-launch-1.0", "-q", "-e", "v4l2src", "device=/dev/video2", "!", "videoconvert", "!", "jpegenc", "quality=90", "!", "fdsink", "fd=1"}},
		{"device:/dev/video7", []string{"gst-launch-1.0", "-q", "-e", "v4l2src", "device=/dev/video7", "!", "videoconvert", "!", "jpegenc", "quality=90", "!", "fdsink", "fd=1"}},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			src, err := Open(tc.spec, opt)
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			got := src.(interface{ Program() []string }).Program()
			if !slices.Equal(got, tc.want) {
				t.Errorf("command line\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestOpenErrors(t *testing.T) {
	tests := []struct {
		spec    string
		wantErr error
		wantMsg string
	}{
		{"webcam", ErrBadSpec, "demo, dir:PATH, upload, rpicam"},
		{"", ErrBadSpec, "use one of"},
		{"dir:", ErrBadSpec, "needs a folder"},
		{"gst:", ErrBadSpec, "needs a pipeline"},
		{"device:front", ErrBadSpec, "camera number"},
		{"rpicam:--awb 'daylight", ErrBadSpec, "unclosed"},
		{"demo:fast", ErrBadSpec, "use one of"},
		{"dir:/no/such/folder", nil, "no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			_, err := Open(tc.spec, Options{})
			if err == nil {
				t.Fatal("no error")
			}
			if tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
				t.Errorf("error %v, want %v", err, tc.wantErr)
			}
			if !strings.Contains(err.Error(), tc.wantMsg) {
				t.Errorf("error %q does not say %q", err, tc.wantMsg)
			}
		})
	}
}

func TestOpenMissingProgram(t *testing.T) {
	// Without a fake command the program is looked up in PATH; an empty
	// PATH has none of them.
	t.Setenv("PATH", t.TempDir())
	for _, spec := range []string{"rpicam", "rpicam-still", "gst:videotestsrc", "device:0"} {
		_, err := Open(spec, Options{})
		if !errors.Is(err, ErrNoCamera) || !strings.Contains(err.Error(), "install") {
			t.Errorf("Open(%q) = %v, want ErrNoCamera with an install hint", spec, err)
		}
	}
}
