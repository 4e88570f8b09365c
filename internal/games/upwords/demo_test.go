package upwords

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/upwords"
)

// TestDemoUnsureMarks reads the demo game's frames (hw/camera/demodata)
// through the service's reader as the service does, the empty board
// first, then turn by turn, each with the board as it stood, reconciled
// as the service does (game.ReconcileUpwordsJudged with the rules):
// every turn comes out right, and no square read right is marked unsure
// over the whole game (10 were, before a stack read one higher under
// its own letter, read surely, kept the history's height; then 2, turn
// 5's M and turn 7's O put on stacks, read surely at the height the
// stacks stood at, before a new letter read surely on a changed face
// took the history's height). The first word's five letters are too few to
// settle the board's reading direction surely (docs/vision.md, "A
// reading direction from a few letters"): with the table's dictionary
// the rules settle it (HEART is a word, upside down or on its side it is
// not: turnByWords), so no photo is unsure of it; with the letters alone
// the first word is all shown unsure, not counted, and the second photo
// settles it.
func TestDemoUnsureMarks(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 11 photos twice")
	}
	data, err := os.ReadFile("../../../hw/camera/demodata/game.txt")
	if err != nil {
		t.Fatal(err)
	}
	var boards []*grid.Board
	for _, sec := range strings.Split(string(data), "\n---\n")[1:] {
		var lines []string
		for _, l := range strings.Split(sec, "\n") {
			if !strings.HasPrefix(l, "#") && strings.TrimSpace(l) != "" {
				lines = append(lines, l)
			}
		}
		b, err := grid.Parse(strings.NewReader(strings.Join(lines, "\n")+"\n"), "demo")
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	tests := []struct {
		name     string
		words    game.Dictionary
		maxThin  int // photos unsure of the reading direction
		countAll bool
	}{
		{"the table's dictionary settles the first word's direction", dict.English(), 0, true},
		{"the letters alone", nil, 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rd, closeReader, err := NewReader(10, "", func(string, ...any) {})
			if err != nil {
				t.Fatal(err)
			}
			defer closeReader()
			rd.Words = tc.words
			reconcile := game.ReconcileUpwordsJudged(Scorer{Rules: upwords.Rules{Edition: upwords.Edition(10), Dictionary: dict.English()}})
			before := grid.New(10, 10)
			// The service reads the empty board first (the demo camera's
			// turn-00), which sets the grid and the photo the reader
			// keeps for the turns after it.
			jpg, err := os.ReadFile("../../../hw/camera/demodata/frames/turn-00.jpg")
			if err != nil {
				t.Fatal(err)
			}
			r, err := rd.read(context.Background(), game.Frame{JPEG: jpg}, before)
			if err != nil {
				t.Fatalf("the empty board: %v", err)
			}
			if rec, _ := reconcile(before, nil, r); rec.Board.(*grid.Board).Count() != 0 {
				t.Errorf("the empty board read\n%s", rec.Board)
			}
			total, thinPhotos := 0, 0
			for i, want := range boards {
				jpg, err := os.ReadFile(fmt.Sprintf("../../../hw/camera/demodata/frames/turn-%02d.jpg", i+1))
				if err != nil {
					t.Fatal(err)
				}
				r, err := rd.read(context.Background(), game.Frame{JPEG: jpg}, before)
				if err != nil {
					t.Fatalf("turn %d: %v", i+1, err)
				}
				rec, _ := reconcile(before, nil, r)
				got := rec.Board.(*grid.Board)
				n := 0
				want.Each(func(p grid.Pos, s grid.Stack) {
					if rec.Conf[p.Row][p.Col] < game.LowConf {
						n++
						t.Logf("turn %d: %v unsure (%.2f), read %v, is %v", i+1, p, rec.Conf[p.Row][p.Col], got.At(p), s)
					}
				})
				if rd.turnThin {
					thinPhotos++
				}
				if tc.countAll || !rd.turnThin {
					total += n
				}
				if !got.Equal(want) {
					t.Errorf("turn %d: read\n%s\nwant\n%s", i+1, got, want)
				}
				before = want
			}
			if total > 0 {
				t.Errorf("%d squares read right marked unsure through the demo, want none", total)
			}
			if thinPhotos > tc.maxThin {
				t.Errorf("%d photos unsure of the board's reading direction, want at most %d", thinPhotos, tc.maxThin)
			}
		})
	}
}
