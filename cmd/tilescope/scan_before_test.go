//go:build !lean

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// TestScanBeforeTakesHeightsFromHistory: with --before, a stack whose letter
// did not change keeps its height from the game so far, whatever the photo
// alone suggests, and every square where the two disagree is listed on
// stderr rather than hidden.
func TestScanBeforeTakesHeightsFromHistory(t *testing.T) {
	const scene = "../../vision/upwords/testdata/scenes/upwords-0000"
	truthText, err := os.ReadFile(scene + ".state.txt")
	if err != nil {
		t.Fatal(err)
	}
	truth := grid.MustParse(string(truthText))
	before := filepath.Join(t.TempDir(), "before.txt")
	if err := os.WriteFile(before, truthText, 0o644); err != nil {
		t.Fatal(err)
	}

	var plainOut, plainErr bytes.Buffer
	if code := exitCode(run(context.Background(), []string{"scan", scene + ".jpg"}, &plainOut, &plainErr), &plainErr); code != 0 {
		t.Fatalf("scan without --before: exit %d: %s", code, plainErr.String())
	}
	alone := grid.MustParse(plainOut.String())

	var out, errb bytes.Buffer
	if code := exitCode(run(context.Background(), []string{"scan", "--before", before, scene + ".jpg"}, &out, &errb), &errb); code != 0 {
		t.Fatalf("scan --before: exit %d: %s", code, errb.String())
	}
	got := grid.MustParse(out.String())
	truth.Each(func(p grid.Pos, want grid.Stack) {
		g, a := got.At(p), alone.At(p)
		if want.Empty() || a.Letter != want.Letter {
			return // a misread letter is a different question
		}
		if g.Height != want.Height {
			t.Errorf("%v: height %d with --before, the game says %d", p, g.Height, want.Height)
		}
		if a.Height != want.Height && !strings.Contains(errb.String(), p.String()) {
			t.Errorf("%v: the photo alone says %d, the game %d, and stderr does not say so:\n%s", p, a.Height, want.Height, errb.String())
		}
	})
}

func TestScanBeforeBadInput(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.txt")
	os.WriteFile(small, []byte(". .\n. .\n"), 0o644)
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte(". A0\n"), 0o644)
	const img = "../../vision/upwords/testdata/scenes/upwords-0000.jpg"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"scan", "--before", filepath.Join(dir, "nope.txt"), img}, "nope.txt"},
		{"wrong size", []string{"scan", "--before", small, img}, "small.txt is 2x2"},
		{"bad cell", []string{"scan", "--before", bad, img}, "bad.txt:1: cell 2"},
		{"bad seats", []string{"scan", "--game", "pyramids", "--seats", "rrgy", img}, "--seats"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := exitCode(run(context.Background(), tc.args, &out, &errb), &errb)
			if code != 2 || !strings.Contains(errb.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errb.String(), tc.want)
			}
		})
	}
}

// TestScanBeforeNamesThePhotoAlone: with --before, every disagreement
// names as what the photo shows the stack `scan IMAGE` alone reads on
// that square, and every square where the photo alone and the board
// printed differ is listed, whatever the photo's heights come from (the
// history's reading keeps the search's heights, the photo alone reads
// them from the faces' outlines).
func TestScanBeforeNamesThePhotoAlone(t *testing.T) {
	cases := []struct {
		name, scene string
	}{
		{"nearly straight down", "upwords-0000"},
		{"tilted", "upwords-0002"},
		{"tilted the other way", "upwords-0005"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			scene := "../../vision/upwords/testdata/scenes/" + tc.scene
			var plainOut, plainErr bytes.Buffer
			if code := exitCode(run(context.Background(), []string{"scan", scene + ".jpg"}, &plainOut, &plainErr), &plainErr); code != 0 {
				t.Fatalf("scan without --before: exit %d: %s", code, plainErr.String())
			}
			alone := grid.MustParse(plainOut.String())
			var out, errb bytes.Buffer
			if code := exitCode(run(context.Background(), []string{"scan", "--json", "--before", scene + ".state.txt", scene + ".jpg"}, &out, &errb), &errb); code != 0 {
				t.Fatalf("scan --before: exit %d: %s", code, errb.String())
			}
			var got scanUpwordsJSON
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatalf("scan --before --json: %v: %s", err, out.String())
			}
			if got.Rows != alone.Rows || got.Cols != alone.Cols {
				t.Fatalf("scan --before: %dx%d, alone %dx%d", got.Rows, got.Cols, alone.Rows, alone.Cols)
			}
			printed := grid.New(got.Rows, got.Cols)
			for r, row := range got.Cells {
				for c, x := range row {
					if x != nil && !x.Covered && x.Letter != "" {
						printed.Set(grid.Pos{Row: r, Col: c}, grid.Stack{Letter: x.Letter, Height: x.Height})
					}
				}
			}
			listed := map[grid.Pos]bool{}
			for _, d := range got.Disagreements {
				p := grid.Pos{Row: d.Row, Col: d.Col}
				listed[p] = true
				if want := alone.At(p).String(); d.Seen != want {
					t.Errorf("%v: the disagreement says the photo shows %s, scan alone reads %s", p, d.Seen, want)
				}
			}
			alone.Each(func(p grid.Pos, a grid.Stack) {
				if a != printed.At(p) && !listed[p] {
					t.Errorf("%v: scan alone reads %s, --before prints %s, and no disagreement is listed", p, a, printed.At(p))
				}
			})
			t.Logf("%d disagreements", len(got.Disagreements))
		})
	}
}
