package upwords

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/scoring/grid"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// TestDebugFirstTurn prints how a game's first photo is read: through
// the game's reader (Reader.read on the empty board, the table's
// dictionary), and on its grid in each of the four reading directions,
// with whether the reading is all words (turnByWords' allWords,
// lettersRead) and each stack's letter, confidence and angle.
// UPW_FIRST=photo.jpg[,...] (eval-game --keep's photos);
// UPW_FIRST_MAXSTACK=N reads the directions with Geometry.MaxStack N
// (docs/vision.md, "The first photo: one high, tried"). Opt in: prints
// only.
func TestDebugFirstTurn(t *testing.T) {
	paths := os.Getenv("UPW_FIRST")
	if paths == "" {
		t.Skip("set UPW_FIRST")
	}
	rd, closer, err := NewReader(10, "", t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	defer closer()
	for _, path := range strings.Split(paths, ",") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := photo.Image(game.Frame{ID: path, JPEG: data})
		if err != nil {
			t.Fatal(err)
		}
		empty := grid.New(10, 10)
		rd.Words = dict.English()
		rd.Forget()
		full, err := rd.read(context.Background(), game.Frame{ID: path, JPEG: data}, empty)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		fmt.Printf("read through the reader:\n%s\n", full.Board)
		rd.Forget()
		o1 := rd.opt
		o1.FirstPlay = os.Getenv("UPW_FIRST_ANYHEIGHT") == ""
		if m, err := strconv.Atoi(os.Getenv("UPW_FIRST_MAXSTACK")); err == nil {
			o1.Geometry.MaxStack = m
		}
		scan, err := Scan(img, o1, nil, empty)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("== %s: turned %d known %v sure %v \n", path, scan.Turned, scan.TurnKnown, scan.TurnSure)
		o := o1
		o.On = &scan.Found
		for k := 0; k < 4; k++ {
			kk := k
			o.Turn, o.TurnThin = &kk, true
			again, err := vupw.ScanUpwords(img, o)
			if err != nil {
				fmt.Println(k, err)
				continue
			}
			fmt.Printf("turn %d: words %v lettersRead %v weight %.2f\n", k, allWords(again.Board, dict.English()), lettersRead(again), letterWeight(again))
			again.Board.Each(func(p grid.Pos, s grid.Stack) {
				if !s.Empty() {
					c := again.Cell(p)
					fmt.Printf("   %v %s%d conf %.2f angle %.0f\n", p, s.Letter, s.Height, c.Conf, c.Angle)
				}
			})
		}
	}
}
