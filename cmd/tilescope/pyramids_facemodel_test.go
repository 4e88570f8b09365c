//go:build !lean

package main

import (
	"bytes"
	"context"
	"image"
	"io"
	"os"
	"path/filepath"
	"testing"

	pyrgame "github.com/tilescope/tilescope/internal/games/pyramids"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// The --face-model flag of scan, eval-pyramids and eval-game reaches the
// Crossword Pyramids reader's settings (vision/pyramids Options.FaceModel).

func TestScanPyramidsFaceModelFlag(t *testing.T) {
	img := filepath.Join(pyramidScenes, "easy.jpg")
	for _, tc := range []struct {
		name string
		args []string
		want bool
	}{
		{"default", []string{img}, true},
		{"on", []string{"--face-model", img}, true},
		{"after the image", []string{img, "--face-model"}, true},
		{"off", []string{"--face-model=false", img}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got scanOpts
			called := false
			old := scanGames["pyramids"]
			scanGames["pyramids"] = func(_ context.Context, _ image.Image, _ string, opt scanOpts, _ io.Writer) error {
				got, called = opt, true
				return nil
			}
			defer func() { scanGames["pyramids"] = old }()
			var stderr bytes.Buffer
			if err := run(context.Background(), append([]string{"scan", "--game", "pyramids"}, tc.args...), io.Discard, &stderr); err != nil {
				t.Fatalf("scan: %v (%s)", err, stderr.String())
			}
			if !called {
				t.Fatal("the pyramids scan was not called")
			}
			so, err := scanPyramidsOptions(got)
			if err != nil {
				t.Fatal(err)
			}
			if so.FaceModel != tc.want {
				t.Errorf("FaceModel = %v, want %v", so.FaceModel, tc.want)
			}
		})
	}
}

func TestEvalPyramidsFaceModelFlag(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want bool
	}{
		{"default", []string{"DIR"}, true},
		{"on", []string{"--face-model", "DIR"}, true},
		{"after the dir", []string{"DIR", "--face-model"}, true},
		{"off", []string{"--face-model=false", "--reader", "none", "DIR"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt, dirs, _, err := parseEvalPyramids(tc.args, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if len(dirs) != 1 || dirs[0] != "DIR" {
				t.Errorf("dirs = %q, want [DIR]", dirs)
			}
			if opt.FaceModel != tc.want {
				t.Errorf("FaceModel = %v, want %v", opt.FaceModel, tc.want)
			}
		})
	}
}

func TestEvalGamePyramidsFaceModelFlag(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want bool
	}{
		{"default", nil, true},
		{"on", []string{"--face-model"}, true},
		{"off", []string{"--face-model=false"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := evalGamePyramids
			defer func() { evalGamePyramids = old }()
			var got *bool
			evalGamePyramids = func(_ context.Context, _, _ int, _ int64, _ *sceneFlags, _ int, faceModel, _ bool, _ string, _ io.Writer) error {
				got = &faceModel
				return nil
			}
			args := append([]string{"eval-game", "--game", "pyramids", "--games", "1", "--turns", "1"}, tc.args...)
			if err := run(context.Background(), args, io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			if got == nil || *got != tc.want {
				t.Errorf("face model = %v, want %v", got, tc.want)
			}
		})
	}
}

// eval-game --game pyramids --keep writes a photo that needed a tap with
// its true board and the position the session held before it.
func TestPyrKeep(t *testing.T) {
	dir := t.TempDir()
	want := pyramids.NewBoard()
	want.Set(grid.Pos{Row: 0, Col: 3}, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Red, Letter: "E"}}, Height: 1})
	standing := pyrgame.Position{Board: pyramids.NewBoard()}
	if err := pyrKeep(dir, "game 0 turn 1 announced EA", []byte("jpeg"), standing, want); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"game-0-turn-1-announced-EA.jpg":        "jpeg",
		"game-0-turn-1-announced-EA.txt":        want.String(),
		"game-0-turn-1-announced-EA.before.txt": standing.String(),
	} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != body {
			t.Errorf("%s: %q, want %q", name, got, body)
		}
	}
	if err := pyrKeep(filepath.Join(dir, "no", "such"), "x", nil, standing, want); err == nil {
		t.Error("writing into a missing directory: want an error")
	}
}
