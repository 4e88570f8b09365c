package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScanBadInput(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.jpg")
	os.WriteFile(corrupt, []byte("\xff\xd8\xff not really a jpeg"), 0o644)
	plain := filepath.Join(dir, "table.png")
	img := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for y := 0; y < 240; y++ {
		for x := 0; x < 320; x++ {
			img.Set(x, y, color.RGBA{uint8(120 + (x*7+y*13)%60), 90, 60, 255})
		}
	}
	f, _ := os.Create(plain)
	png.Encode(f, img)
	f.Close()
	tests := []struct {
		name string
		args []string
		want string // in the one line on stderr
	}{
		{"missing file", []string{"scan", "--game", "upwords", filepath.Join(dir, "nope.jpg")}, "nope.jpg"},
		{"corrupt image", []string{"scan", corrupt}, "corrupt.jpg"},
		{"no board", []string{"scan", plain}, "table.png"},
		{"unknown game", []string{"scan", "--game", "chess", plain}, "chess"},
		{"no image", []string{"scan", "--game", "upwords"}, "IMAGE"},
		{"bad size", []string{"scan", "--size", "1", plain}, "--size"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(context.Background(), tc.args, &out, &errb)
			if code := exitCode(err, &errb); code != 2 {
				t.Fatalf("exit %d (%v), want 2", code, err)
			}
			if !strings.Contains(errb.String(), tc.want) || strings.Count(errb.String(), "\n") != 1 {
				t.Errorf("stderr %q, want one line naming %q", errb.String(), tc.want)
			}
		})
	}
}

func TestScanJSON(t *testing.T) {
	path := "../../vision/testdata/scenes/upwords-0002.jpg"
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"scan", path, "--json"}, &out, &errb)
	if code := exitCode(err, &errb); code != 0 {
		t.Fatalf("exit %d: %v %s", code, err, errb.String())
	}
	var got struct {
		Game  string
		Rows  int
		Cols  int
		Cells [][]*struct {
			Letter string
			Height int
			Conf   float64
		}
		Corners [4][2]float64
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if got.Game != "upwords" || got.Rows != 10 || got.Cols != 10 || len(got.Cells) != 10 || len(got.Cells[0]) != 10 {
		t.Fatalf("shape: %+v", got)
	}
	stacks := 0
	for _, row := range got.Cells {
		for _, c := range row {
			if c != nil {
				stacks++
				if c.Height < 1 || c.Height > 5 || c.Letter == "" {
					t.Errorf("cell %+v", c)
				}
			}
		}
	}
	truth, _ := os.ReadFile("../../vision/testdata/scenes/upwords-0002.state.txt")
	want := 0
	for _, f := range strings.Fields(string(truth)) {
		if f != "." {
			want++
		}
	}
	if stacks != want {
		t.Errorf("%d stacks, the scene has %d", stacks, want)
	}
	if got.Corners[0][0] <= 0 || got.Corners[2][1] <= got.Corners[0][1] {
		t.Errorf("corners %v", got.Corners)
	}
}
