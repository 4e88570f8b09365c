package main

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSnap(t *testing.T) {
	photos := t.TempDir()
	for _, name := range []string{"1.jpg", "2.jpg", "3.jpg"} {
		var b bytes.Buffer
		jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)), nil)
		os.WriteFile(filepath.Join(photos, name), b.Bytes(), 0o644)
	}
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  []string // lines' source names
		wantErr  string
	}{
		{"two photos from a folder", []string{"--camera", "dir:" + photos, "--count", "2"}, 0, []string{"1.jpg", "2.jpg"}, ""},
		{"one from the demo", []string{"--camera", "demo"}, 0, []string{"demo turn 0"}, ""},
		{"unknown camera", []string{"--camera", "webcam"}, 2, nil, "use one of demo, dir:PATH"},
		{"no such button pin", []string{"--camera", "demo", "--button", "GPIO999"}, 2, nil, "no such pin"},
		{"no such LED pin", []string{"--camera", "demo", "--led", "GPIO999"}, 2, nil, "no such pin"},
		{"zero photos", []string{"--count", "0"}, 2, nil, "at least one"},
		{"stray argument", []string{"photo.jpg"}, 2, nil, "unexpected argument"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), append([]string{"snap", "--out", out}, tc.args...), &stdout, &stderr)
			if code := exitCode(err, &stderr); code != tc.wantCode {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tc.wantCode, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.wantErr) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tc.wantErr)
			}
			lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
			if tc.wantOut == nil {
				return
			}
			if len(lines) != len(tc.wantOut) {
				t.Fatalf("output %q, want %d lines", stdout.String(), len(tc.wantOut))
			}
			for i, l := range lines {
				f := strings.Split(l, "\t")
				if len(f) != 3 || !strings.HasSuffix(f[1], tc.wantOut[i]) {
					t.Errorf("line %q, want the photo %s", l, tc.wantOut[i])
					continue
				}
				data, err := os.ReadFile(f[0])
				if err != nil || !strings.HasPrefix(f[0], out) {
					t.Errorf("photo %s not saved in --out: %v", f[0], err)
				}
				if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
					t.Errorf("saved photo %s: %v", f[0], err)
				}
			}
		})
	}
}
