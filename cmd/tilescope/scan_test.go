//go:build !lean

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

	"github.com/tilescope/tilescope/scoring/grid"
)

// writePNG writes img to path as a PNG, failing the test if it cannot.
func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// busyTable is a 320x240 picture of a busy pattern with no board and no
// tile in it.
func busyTable() *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for i := range m.Pix {
		m.Pix[i] = uint8(i * 7 % 251)
	}
	return m
}

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
	writePNG(t, plain, img)
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
		{"no such Upwords board", []string{"scan", "--game", "upwords", "--size", "9", plain}, "10x10 or 8x8"},
		{"calibrate an Upwords board of 9", []string{"calibrate", "--size", "9", "--pitch", "19", plain}, "10x10 or 8x8"},
		{"calibrate no such pitch", []string{"calibrate", "--pitch", "4", plain}, "--pitch"},
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
	path := "../../vision/upwords/testdata/scenes/upwords-0002.jpg"
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
			Letter  string
			Height  int
			Conf    float64
			Sure    *bool
			Covered bool
		}
		Corners [4][2]float64
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	truthBoard := func() *grid.Board {
		f, err := os.Open("../../vision/upwords/testdata/scenes/upwords-0002.state.txt")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		b, err := grid.Parse(f, "state")
		if err != nil {
			t.Fatal(err)
		}
		return b
	}()
	// Every cell object says whether it is sure; a sure one is right.
	sure := 0
	for r, row := range got.Cells {
		for c, cell := range row {
			if cell == nil {
				continue
			}
			if cell.Sure == nil {
				t.Errorf("row %d col %d: no \"sure\"", r, c)
				continue
			}
			if cell.Covered {
				if *cell.Sure || cell.Letter != "" {
					t.Errorf("row %d col %d: covered %+v", r, c, cell)
				}
				continue
			}
			if *cell.Sure {
				sure++
				want := truthBoard.At(grid.Pos{Row: r, Col: c})
				if want.Letter != cell.Letter || want.Height != cell.Height {
					t.Errorf("row %d col %d: sure %s%d, is %s", r, c, cell.Letter, cell.Height, want)
				}
			}
		}
	}
	t.Logf("%d stacks read sure", sure)
	if got.Game != "upwords" || got.Rows != 10 || got.Cols != 10 || len(got.Cells) != 10 || len(got.Cells[0]) != 10 {
		t.Fatalf("shape: %+v", got)
	}
	stacks := 0
	for _, row := range got.Cells {
		for _, c := range row {
			if c != nil && !c.Covered {
				stacks++
				if c.Height < 1 || c.Height > 5 || c.Letter == "" {
					t.Errorf("cell %+v", c)
				}
			}
		}
	}
	truth, _ := os.ReadFile("../../vision/upwords/testdata/scenes/upwords-0002.state.txt")
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

// TestScanJSONCoveredCell: a covered square is written as DESIGN.md says,
// and a stack's cell carries its letter, height, conf and sure.
func TestScanJSONCoveredCell(t *testing.T) {
	tests := []struct {
		name string
		cell scanUpwordsCell
		want string
	}{
		{"covered", scanUpwordsCell{Covered: true, Sure: true}, `{"covered":true,"sure":false}`},
		{"sure stack", scanUpwordsCell{Letter: "A", Height: 2, Conf: 0.99, Sure: true}, `{"letter":"A","height":2,"conf":0.99,"sure":true}`},
		{"unsure stack", scanUpwordsCell{Letter: "Qu", Height: 1, Conf: 0.4}, `{"letter":"Qu","height":1,"conf":0.4,"sure":false}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(&tc.cell)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tc.want {
				t.Errorf("got %s, want %s", b, tc.want)
			}
		})
	}
}

// TestScanJSONBeforeSure: with the board as it stood (--before), the
// history gives the heights: a square whose letter is sure is sure unless
// the photo firmly says another height, so at least as many stacks are
// sure as from the photo alone, and every sure one is right.
func TestScanJSONBeforeSure(t *testing.T) {
	const scene = "../../vision/upwords/testdata/scenes/upwords-0002"
	type cell struct {
		Letter string
		Height int
		Sure   bool
	}
	read := func(args ...string) [][]*cell {
		var out, errb bytes.Buffer
		err := run(context.Background(), append([]string{"scan", scene + ".jpg", "--json"}, args...), &out, &errb)
		if code := exitCode(err, &errb); code != 0 {
			t.Fatalf("exit %d: %v %s", code, err, errb.String())
		}
		var got struct{ Cells [][]*cell }
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		return got.Cells
	}
	f, err := os.Open(scene + ".state.txt")
	if err != nil {
		t.Fatal(err)
	}
	truth, err := grid.Parse(f, "state")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	count := func(cells [][]*cell) int {
		n := 0
		for r, row := range cells {
			for c, x := range row {
				if x == nil || !x.Sure {
					continue
				}
				n++
				if w := truth.At(grid.Pos{Row: r, Col: c}); w.Letter != x.Letter || w.Height != x.Height {
					t.Errorf("row %d col %d: sure %s%d, is %s", r, c, x.Letter, x.Height, w)
				}
			}
		}
		return n
	}
	alone := count(read())
	withHistory := count(read("--before", scene+".state.txt"))
	if withHistory < alone || withHistory == 0 {
		t.Errorf("sure stacks: %d with the history, %d from the photo alone", withHistory, alone)
	}
	t.Logf("sure stacks: %d of %d with the history, %d from the photo alone", withHistory, truth.Count(), alone)
}
