package camera

import (
	"bytes"
	"context"
	"errors"
	"image/jpeg"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestGstReal runs the real gst-launch-1.0 (Debian's gstreamer1.0-tools
// and -plugins-good, in the Makefile's APT_PKGS) with a test-pattern
// source: the gst: camera end to end, with the real program's JPEG stream
// going through the splitter.
func TestGstReal(t *testing.T) {
	if _, err := exec.LookPath("gst-launch-1.0"); err != nil {
		t.Skip("gst-launch-1.0 not installed (make deps installs it)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var log logBuffer
	src, err := Open("gst:videotestsrc pattern=ball is-live=true ! video/x-raw,width=320,height=240,framerate=10/1",
		Options{Logf: log.Printf})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var prev []byte
	for i := 0; i < 4; i++ {
		f, err := src.Next(ctx)
		if err != nil {
			t.Fatalf("frame %d: %v (log %q)", i, err, log.Lines())
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(f.JPEG))
		if err != nil || cfg.Width != 320 || cfg.Height != 240 {
			t.Fatalf("frame %d: %v, %dx%d", i, err, cfg.Width, cfg.Height)
		}
		if !strings.HasPrefix(f.Name, "gst-launch-1.0 #") {
			t.Errorf("frame named %q", f.Name)
		}
		if bytes.Equal(f.JPEG, prev) {
			t.Errorf("frame %d is the same as the one before: the ball does not move", i)
		}
		prev = f.JPEG
	}
	if err := src.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := src.Next(ctx); !errors.Is(err, ErrClosed) {
		t.Errorf("Next after Close = %v", err)
	}
}

// TestGstBadPipeline: a pipeline GStreamer cannot build fails with
// GStreamer's own message, not a hang.
func TestGstBadPipeline(t *testing.T) {
	if _, err := exec.LookPath("gst-launch-1.0"); err != nil {
		t.Skip("gst-launch-1.0 not installed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	src, err := Open("gst:nosuchelement", Options{RestartDelay: 10 * time.Millisecond, MaxFailures: 2, Logf: func(string, ...any) {}})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	_, err = src.Next(ctx)
	if !errors.Is(err, ErrCameraDied) || !strings.Contains(err.Error(), "nosuchelement") {
		t.Errorf("Next = %v, want ErrCameraDied naming the element", err)
	}
}
