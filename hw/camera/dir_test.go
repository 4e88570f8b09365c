package camera

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// photoDir writes a folder with good photos, broken ones and other files.
func photoDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	good := testJPEG(t, 32, 24, 1)
	files := map[string][]byte{
		"turn10.jpg":    testJPEG(t, 32, 24, 10),
		"turn2.jpg":     testJPEG(t, 32, 24, 2),
		"turn1.JPEG":    good,
		"turn3.png":     pngBytes(t),
		"turn4.jpg":     []byte("this is not a photo"),
		"turn5.jpg":     good[:len(good)-20], // truncated
		"notes.txt":     []byte("ignored"),
		".hidden.jpg":   good,
		"turn6-bad.png": []byte("\x89PNG\r\n\x1a\nbroken"),
		"turn11.jpeg":   testJPEG(t, 32, 24, 11),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestDir(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dir := photoDir(t)
	var log logBuffer
	src, err := Open("dir:"+dir, Options{Logf: log.Printf, FramePeriod: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var got []string
	for {
		f, err := src.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if !IsJPEG(f.JPEG) {
			t.Errorf("%s is not given as a JPEG", f.Name)
		}
		got = append(got, filepath.Base(f.Name))
	}
	want := "turn1.JPEG turn2.jpg turn3.png turn10.jpg turn11.jpeg"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("photos\n got %s\nwant %s", s, want)
	}
	// Each broken photo is reported by name, and only those.
	lines := log.Lines()
	sort.Strings(lines)
	if len(lines) != 3 {
		t.Fatalf("log = %q, want the 3 broken photos", lines)
	}
	for i, name := range []string{"turn4.jpg", "turn5.jpg", "turn6-bad.png"} {
		if !strings.Contains(lines[i], filepath.Join(dir, name)) {
			t.Errorf("log line %q does not name %s", lines[i], name)
		}
	}
}

func TestDirLoopAndPace(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	dir := t.TempDir()
	for _, name := range []string{"a.jpg", "b.jpg"} {
		os.WriteFile(filepath.Join(dir, name), testJPEG(t, 8, 8, len(name)), 0o644)
	}
	clk := clockwork.NewFakeClock()
	d, err := OpenDir(dir, Options{Loop: true, Clock: clk, FramePeriod: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var got []string
	start := clk.Now()
	for i := 0; i < 5; i++ {
		if i > 0 {
			go func() {
				clk.BlockUntilContext(ctx, 1)
				clk.Advance(3 * time.Second)
			}()
		}
		f, err := d.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := start.Add(time.Duration(i) * 3 * time.Second); !f.At.Equal(want) {
			t.Errorf("photo %d at %v, want %v", i, f.At.Sub(start), want.Sub(start))
		}
		got = append(got, filepath.Base(f.Name))
	}
	if s := strings.Join(got, " "); s != "a.jpg b.jpg a.jpg b.jpg a.jpg" {
		t.Errorf("looped photos: %s", s)
	}
}

func TestDirErrors(t *testing.T) {
	empty := t.TempDir()
	os.WriteFile(filepath.Join(empty, "readme.txt"), []byte("x"), 0o644)
	if _, err := OpenDir(empty, Options{}); err == nil || !strings.Contains(err.Error(), "no .jpg") {
		t.Errorf("empty folder: %v", err)
	}
	// A folder whose every photo is broken ends a loop with an error
	// rather than spinning.
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "x.jpg"), []byte("nope"), 0o644)
	d, err := OpenDir(bad, Options{Loop: true, Logf: func(string, ...any) {}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Next(context.Background()); err == nil || !strings.Contains(err.Error(), "no readable photo") {
		t.Errorf("all broken: %v", err)
	}
}

func TestNaturalLess(t *testing.T) {
	names := []string{"img10.jpg", "img2.jpg", "img1.jpg", "b.jpg", "a10b2.jpg", "a10b10.jpg", "img002.jpg"}
	sort.Slice(names, func(i, j int) bool { return naturalLess(names[i], names[j]) })
	want := "a10b2.jpg a10b10.jpg b.jpg img1.jpg img2.jpg img002.jpg img10.jpg"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestUpload(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u := NewUpload(Options{QueueLen: 2, MaxBytes: 100 << 10})
	a, b := testJPEG(t, 16, 16, 1), testJPEG(t, 16, 16, 2)
	tests := []struct {
		name  string
		photo []byte
		want  error
	}{
		{"a JPEG", a, nil},
		{"a PNG", pngBytes(t), nil},
		{"queue full", b, ErrQueueFull},
		{"not an image", []byte("<html>"), ErrNotJPEG},
		{"truncated JPEG", a[:len(a)-5], ErrNotJPEG},
		{"too large", make([]byte, 101<<10), ErrTooLarge},
	}
	for _, tc := range tests {
		err := u.Push(tc.photo)
		if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
			t.Errorf("%s: Push = %v, want %v", tc.name, err, tc.want)
		}
	}
	if u.Len() != 2 {
		t.Errorf("%d queued, want 2", u.Len())
	}
	f1, err := u.Next(ctx)
	if err != nil || !bytes.Equal(f1.JPEG, a) || f1.Name != "upload #1" {
		t.Fatalf("first = %q, %v", f1.Name, err)
	}
	f2, err := u.Next(ctx)
	if err != nil || !IsJPEG(f2.JPEG) || f2.Name != "upload #2" {
		t.Fatalf("second (the PNG, as a JPEG) = %q, %v", f2.Name, err)
	}
	// Next waits for a push.
	go func() {
		time.Sleep(10 * time.Millisecond)
		if err := u.Push(b); err != nil {
			t.Error(err)
		}
	}()
	f3, err := u.Next(ctx)
	if err != nil || !bytes.Equal(f3.JPEG, b) || f3.Name != "upload #3" {
		t.Fatalf("third = %q, %v", f3.Name, err)
	}
	u.Close()
	if err := u.Push(a); !errors.Is(err, ErrClosed) {
		t.Errorf("Push after Close = %v", err)
	}
	if _, err := u.Next(ctx); !errors.Is(err, ErrClosed) {
		t.Errorf("Next after Close = %v", err)
	}
}
