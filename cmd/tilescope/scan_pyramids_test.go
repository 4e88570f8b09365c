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
	"github.com/tilescope/tilescope/scoring/pyramids"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
)

var pyramidScenes = filepath.Join("..", "..", "vision", "pyramids", "testdata", "scenes")

func TestScanPyramidsText(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"scan", "--game", "pyramids", filepath.Join(pyramidScenes, "easy.jpg")}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("scan: %v (%s)", err, stderr.String())
	}
	// The output is the board format the referee reads: scan > state.txt
	// chains into score --game pyramids.
	b, err := pyramids.Parse(strings.NewReader(stdout.String()), "scan output")
	if err != nil {
		t.Fatalf("the output does not parse: %v\n%s", err, stdout.String())
	}
	if top, ok := b.At(pyramids.Pos{Row: 1, Col: 3}).Top(); !ok || top.Colour != pyramids.Red {
		t.Errorf("row 1 col 3 (a red stack in the scene): %v\n%s", top, stdout.String())
	}
	if !b.At(pyramids.Pos{Row: 9, Col: 9}).Empty() {
		t.Errorf("the runway corner is not empty:\n%s", stdout.String())
	}
	if b.At(pyramids.Pos{Row: 2, Col: 1}).Height != 5 {
		t.Errorf("a player's own stack: height %d, want 5", b.At(pyramids.Pos{Row: 2, Col: 1}).Height)
	}
}

func TestScanPyramidsJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"scan", filepath.Join(pyramidScenes, "normal.jpg"), "--game", "pyramids", "--json"}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("scan: %v (%s)", err, stderr.String())
	}
	var out scanPyramidsJSON
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	if out.Game != "pyramids" || out.Rows != 10 || out.Cols != 10 || len(out.Cells) != 10 {
		t.Fatalf("shape: %+v", out)
	}
	// every pyramid carries "sure"; the empty squares not sure are listed
	if !strings.Contains(stdout.String(), `"sure":`) || !strings.Contains(stdout.String(), `"unsure_empty":`) {
		t.Errorf("no sure flags in %s", stdout.String())
	}
	colours := map[string]int{}
	sure, unsure := 0, 0
	for _, row := range out.Cells {
		for _, c := range row {
			if c != nil {
				if c.Sure {
					sure++
					if c.Conf < 0.5 || c.Letter == "?" {
						t.Errorf("a sure cell with a doubtful letter: %+v", *c)
					}
				} else {
					unsure++
				}
				colours[c.Colour]++
				if c.Height < 1 || c.ColourConf <= 0 || c.ColourConf > 1 || c.Letter == "" {
					t.Errorf("cell %+v", *c)
				}
			}
		}
	}
	if sure == 0 {
		t.Errorf("no pyramid read sure (%d unsure)", unsure)
	}
	for _, c := range []string{"red", "blue", "green", "yellow", "black"} {
		if colours[c] == 0 {
			t.Errorf("no %s pyramid read: %v", c, colours)
		}
	}
	if out.Cells[0][0] != nil {
		t.Errorf("runway corner: %+v", *out.Cells[0][0])
	}
	for _, c := range out.Corners {
		if c[0] <= 0 || c[1] <= 0 || c[0] > 1024 || c[1] > 768 {
			t.Errorf("corner %v outside the 1024x768 picture", c)
		}
	}
}

func TestScanPyramidsBadInput(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.jpg")
	if err := os.WriteFile(corrupt, []byte("\xff\xd8 not a jpeg"), 0o644); err != nil {
		t.Fatal(err)
	}
	table := filepath.Join(dir, "table.png")
	writePNG(t, table, busyTable())
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string // in the one-line message
	}{
		{"missing image", []string{"scan", "--game", "pyramids", filepath.Join(dir, "nope.jpg")}, "nope.jpg"},
		{"corrupt image", []string{"scan", "--game", "pyramids", corrupt}, "corrupt.jpg"},
		{"no board", []string{"scan", "--game", "pyramids", table}, "table.png: no board found"},
		{"size", []string{"scan", "--game", "pyramids", "--size", "8", filepath.Join(pyramidScenes, "easy.jpg")}, "10x10"},
		{"eval no dir", []string{"eval-pyramids"}, "no DIR"},
		{"eval empty dir", []string{"eval-pyramids", empty}, "no images"},
		{"eval bad reader", []string{"eval-pyramids", "--reader", "x", pyramidScenes}, "--reader"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), tc.args, &stdout, &stderr)
			if code := exitCode(err, &stderr); code != 2 {
				t.Fatalf("exit %d, want 2 (%v)", code, err)
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("message %q does not name %q", stderr.String(), tc.want)
			}
		})
	}
}

func TestEvalPyramids(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"eval-pyramids", "-v", "3", pyramidScenes}, &stdout, &stderr); err != nil {
		t.Fatalf("eval-pyramids: %v (%s)", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"scenes            2", "board found       100.0% (2/2)", "squares right     100.0% (200/200)", "letters right", "time per image"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestPyramidsScanOutputUnplaced: a reading whose board could not be
// placed on its printed lines says so in the JSON ("unplaced"), and a
// placed one leaves the field out (the contract's shape is unchanged).
func TestPyramidsScanOutputUnplaced(t *testing.T) {
	for _, tc := range []struct {
		name     string
		unplaced bool
		want     string // a fragment of the JSON, or "" for none
		wantNot  string
	}{
		{"placed", false, "", `"unplaced"`},
		{"unplaced", true, `"unplaced":true`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &vpyr.Reading{Unplaced: tc.unplaced, Squares: []vpyr.Square{
				{Pos: grid.Pos{Row: 4, Col: 5}, Colour: pyramids.Red, Letter: "A", Height: 1, Conf: 0.91, ColourConf: 0.8},
				{Pos: grid.Pos{Row: 0, Col: 0}, Colour: pyramids.NoColour},
			}}
			b, err := json.Marshal(pyramidsScanOutput(r))
			if err != nil {
				t.Fatal(err)
			}
			got := string(b)
			if tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("JSON lacks %s: %s", tc.want, got)
			}
			if tc.wantNot != "" && strings.Contains(got, tc.wantNot) {
				t.Errorf("JSON has %s: %s", tc.wantNot, got)
			}
			if !strings.Contains(got, `"unsure_empty":[[0,0]]`) || !strings.Contains(got, `"letter":"A"`) {
				t.Errorf("the squares are not reported as before: %s", got)
			}
		})
	}
}
