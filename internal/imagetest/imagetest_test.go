package imagetest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeTB records a failure instead of ending the test.
type fakeTB struct {
	testing.TB
	msg string
}

func (f *fakeTB) Helper()                   {}
func (f *fakeTB) Fatal(a ...any)            { f.msg = fmt.Sprint(a...); panic(f) }
func (f *fakeTB) Fatalf(s string, a ...any) { f.msg = fmt.Sprintf(s, a...); panic(f) }

// TestLoad: a JPEG and a PNG decode at their size; a file that is not a
// picture, and a missing one, fail the test naming the file.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 12, 7))
	img.Set(3, 3, color.RGBA{200, 10, 10, 255})
	var j, p bytes.Buffer
	if err := jpeg.Encode(&j, img, nil); err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(&p, img); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"a.jpg": j.Bytes(), "a.png": p.Bytes(), "bad.jpg": []byte("not a picture")}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, file, fails string
	}{
		{"jpeg", "a.jpg", ""},
		{"png", "a.png", ""},
		{"not a picture", "bad.jpg", "bad.jpg: image: unknown format"},
		{"missing", "none.jpg", "none.jpg"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeTB{TB: t}
			var got image.Image
			func() {
				defer func() {
					if r := recover(); r != nil && r != any(f) {
						panic(r)
					}
				}()
				got = Load(f, filepath.Join(dir, tc.file))
			}()
			if tc.fails == "" {
				if f.msg != "" || got == nil || got.Bounds() != img.Bounds() {
					t.Errorf("Load(%s) = %v, failed %q", tc.file, got, f.msg)
				}
				return
			}
			if !strings.Contains(f.msg, tc.fails) {
				t.Errorf("Load(%s) failed with %q, want it to name %q", tc.file, f.msg, tc.fails)
			}
		})
	}
}
