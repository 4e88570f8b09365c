package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/internal/sharedtest"
)

func TestLabels(t *testing.T) {
	grid := make([][]string, 15)
	for r := range grid {
		grid[r] = make([]string, 15)
		for c := range grid[r] {
			grid[r][c] = "."
		}
	}
	grid[7][7], grid[0][14] = "Q", "e"
	// The board fills a 1500 x 1500 photo square on: each square is 100 px.
	got, err := labels([4]pt{{0, 0}, {1500, 0}, {1500, 1500}, {0, 1500}}, grid, 1500, 1500)
	if err != nil {
		t.Fatal(err)
	}
	want := "26 0.966667 0.033333 0.073333 0.073333\n16 0.500000 0.500000 0.073333 0.073333\n"
	if got != want {
		t.Errorf("labels\n%s want\n%s", got, want)
	}
	// Four equal corners make no board: the homography (vision's) says so.
	if _, err := labels([4]pt{{1, 1}, {1, 1}, {1, 1}, {1, 1}}, grid, 1500, 1500); err == nil {
		t.Error("four equal corners: want an error")
	}
	grid[3][3] = "%"
	if _, err := labels([4]pt{{0, 0}, {1500, 0}, {1500, 1500}, {0, 1500}}, grid, 1500, 1500); err == nil {
		t.Error("an unknown cell: want an error")
	}
}

// TestCommittedLabels regenerates the labels from the board files and
// checks they are the committed ones (when the photos are there).
func TestCommittedLabels(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..")
	photos := sharedtest.Dir(t, "data/photos/scrabble-board")
	out := t.TempDir()
	if err := run(filepath.Join(root, "vision", "scrabble", "testdata", "real"), photos, out); err != nil {
		t.Fatal(err)
	}
	committed := filepath.Join(root, "vision", "loose", "testdata", "scrabble-real")
	files, _ := filepath.Glob(filepath.Join(out, "labels", "*.txt"))
	files = append(files, filepath.Join(out, "classes.txt"))
	if len(files) < 2 {
		t.Fatal("no labels written")
	}
	for _, f := range files {
		rel, _ := filepath.Rel(out, f)
		a, _ := os.ReadFile(f)
		b, err := os.ReadFile(filepath.Join(committed, rel))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs from the committed one (%v): run go run ./vision/loose/internal/scrabblelabels", rel, err)
		}
	}
}
