//go:build !lean

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/draw"
	_ "image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

var scrabblePhotos = filepath.Join("..", "..", "vision", "scrabble", "testdata", "photos")

func TestScanScrabbleText(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"scan", "--game", "scrabble", filepath.Join(scrabblePhotos, "IMG_20141025_163920.jpg")}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("scan: %v (%s)", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 15 {
		t.Fatalf("%d lines, want 15:\n%s", len(lines), stdout.String())
	}
	for i, l := range lines {
		if f := strings.Fields(l); len(f) != 15 {
			t.Errorf("line %d: %d cells", i, len(f))
		}
	}
	// The photo: RIEA across row 7 from column 4, and down from its R.
	if !strings.HasPrefix(lines[7], ". . . . R I E A .") {
		t.Errorf("row 7 %q\n%s", lines[7], stdout.String())
	}
}

func TestScanScrabbleJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"scan", filepath.Join(scrabblePhotos, "IMG_20141025_164052.jpg"), "--game", "scrabble", "--json"}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("scan: %v (%s)", err, stderr.String())
	}
	var out scanScrabbleJSON
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	if out.Game != "scrabble" || out.Rows != 15 || out.Cols != 15 || len(out.Cells) != 15 || len(out.Cells[0]) != 15 {
		t.Fatalf("shape: %+v", out)
	}
	n := 0
	for _, row := range out.Cells {
		for _, c := range row {
			if c != nil {
				n++
				if c.Conf < 0 || c.Conf > 1 || (c.Letter == "") != c.Blank {
					t.Errorf("cell %+v", *c)
				}
			}
		}
	}
	if n != len(out.Tiles) || n < 15 {
		t.Errorf("%d cells with a tile, %d tiles listed", n, len(out.Tiles))
	}
	for _, tl := range out.Tiles {
		if out.Cells[tl.Row][tl.Col] == nil || out.Cells[tl.Row][tl.Col].Letter != tl.Letter {
			t.Errorf("tile %+v not in cells", tl)
		}
		if tl.Center[0] <= 0 || tl.Center[1] <= 0 || tl.Center[0] > 1200 || tl.Center[1] > 1600 {
			t.Errorf("tile centre %v outside the photo", tl.Center)
		}
	}
}

func TestScanScrabbleBadInput(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "table.png")
	writePNG(t, table, busyTable())
	badLabel := filepath.Join(dir, "labels")
	if err := os.MkdirAll(badLabel, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(badLabel, "IMG_20141025_163920.txt"), []byte(". . .\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing image", []string{"scan", "--game", "scrabble", filepath.Join(dir, "nope.jpg")}, "nope.jpg"},
		{"no board", []string{"scan", "--game", "scrabble", table}, "table.png: "},
		{"size", []string{"scan", "--game", "scrabble", "--size", "8", table}, "15x15"},
		{"eval no photos flag", []string{"eval-scan", "--game", "scrabble"}, "--photos"},
		{"eval no labels", []string{"eval-scan", "--game", "scrabble", "--photos", scrabblePhotos, "--labels", dir}, "no photos with a label"},
		{"eval bad label", []string{"eval-scan", "--game", "scrabble", "--photos", scrabblePhotos, "--labels", badLabel}, "IMG_20141025_163920.txt"},
		{"eval bad game", []string{"eval-scan", "--game", "chess", dir}, "--game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), tc.args, &stdout, &stderr)
			if code := exitCode(err, &stderr); code != 2 {
				t.Fatalf("exit %d, want 2 (%v)", code, err)
			}
			if !strings.Contains(stderr.String(), tc.want) || strings.Count(strings.TrimSpace(stderr.String()), "\n") > 0 {
				t.Errorf("message %q: want one line naming %q", stderr.String(), tc.want)
			}
		})
	}
}

// TestScanScrabbleOutOfView: a photo that cuts the board's right edge (the
// committed 2014 photo cut at x=920, past column 12) is read; the squares
// out of view are written "?" in the text and {"covered":true,"sure":false,
// "out_of_view":true} in the JSON, stderr says how many, and the squares in
// view read as before.
func TestScanScrabbleOutOfView(t *testing.T) {
	f, err := os.Open(filepath.Join(scrabblePhotos, "IMG_20141025_164052.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	cut := image.NewRGBA(image.Rect(0, 0, 920, img.Bounds().Dy()))
	draw.Draw(cut, cut.Bounds(), img, image.Point{}, draw.Src)
	path := filepath.Join(t.TempDir(), "cut.png")
	writePNG(t, path, cut)
	for _, tc := range []struct {
		name string
		args []string
		// check reads stdout
		check func(t *testing.T, out []byte)
	}{
		{"text", nil, func(t *testing.T, out []byte) {
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if len(lines) != 15 {
				t.Fatalf("%d lines:\n%s", len(lines), out)
			}
			for i, l := range lines {
				if f := strings.Fields(l); len(f) != 15 || f[14] != "?" || f[0] != "." {
					t.Errorf("row %d %q: want the first square read empty, the last out of view (?)", i, l)
				}
			}
			if !strings.HasPrefix(lines[7], ". . . . R I E A .") {
				t.Errorf("row 7 %q", lines[7])
			}
		}},
		{"json", []string{"--json"}, func(t *testing.T, out []byte) {
			var raw struct {
				Cells [][]json.RawMessage `json:"cells"`
			}
			if err := json.Unmarshal(out, &raw); err != nil || len(raw.Cells) != 15 {
				t.Fatalf("%v: %s", err, out)
			}
			for r, row := range raw.Cells {
				if got := string(row[14]); got != `{"covered":true,"sure":false,"out_of_view":true}` {
					t.Errorf("row %d col 14: %s", r, got)
				}
				if got := string(row[0]); got != "null" {
					t.Errorf("row %d col 0: %s, want null (empty, in view)", r, got)
				}
			}
			if got := string(raw.Cells[7][4]); !strings.Contains(got, `"letter":"R"`) {
				t.Errorf("row 7 col 4: %s, want R", got)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"scan", "--game", "scrabble", path}, tc.args...)
			if err := run(context.Background(), args, &stdout, &stderr); err != nil {
				t.Fatalf("scan: %v (%s)", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "partly out of view") {
				t.Errorf("stderr %q: want the squares not read named", stderr.String())
			}
			tc.check(t, stdout.Bytes())
		})
	}
}

// TestScanScrabbleCellJSON: a square the scan says is hidden (a hand over
// the board) is written as Upwords writes a covered square; a square out
// of view as one with "out_of_view" added; a tile as DESIGN.md's cell.
func TestScanScrabbleCellJSON(t *testing.T) {
	for _, tc := range []struct {
		name string
		cell scanScrabbleCell
		want string
	}{
		{"hidden by a hand", scanScrabbleCell{Covered: true}, `{"covered":true,"sure":false}`},
		{"out of view", scanScrabbleCell{Unseen: true}, `{"covered":true,"sure":false,"out_of_view":true}`},
		{"out of view and hidden", scanScrabbleCell{Unseen: true, Covered: true}, `{"covered":true,"sure":false,"out_of_view":true}`},
		{"a tile", scanScrabbleCell{Letter: "A", Conf: 0.99}, `{"letter":"A","blank":false,"conf":0.99}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.cell)
			if err != nil || string(got) != tc.want {
				t.Errorf("%s (%v), want %s", got, err, tc.want)
			}
		})
	}
}

// TestScanScrabbleBlurred: a photo smeared by a shake says so, on stderr
// and as "blurred":true in the JSON, and reads no letter sure; a sharp
// photo says neither.
func TestScanScrabbleBlurred(t *testing.T) {
	f, err := os.Open(filepath.Join(scrabblePhotos, "IMG_20141025_164052.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	smeared := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(smeared, smeared.Bounds(), img, img.Bounds().Min, draw.Src)
	render.MotionBlur(smeared, 18, 60)
	path := filepath.Join(t.TempDir(), "smeared.png")
	writePNG(t, path, smeared)
	for _, tc := range []struct {
		name    string
		photo   string
		blurred bool
	}{
		{"sharp", filepath.Join(scrabblePhotos, "IMG_20141025_164052.jpg"), false},
		{"smeared 18 px", path, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if err := run(context.Background(), []string{"scan", "--game", "scrabble", "--json", tc.photo}, &stdout, &stderr); err != nil {
				t.Fatalf("scan: %v (%s)", err, stderr.String())
			}
			var out struct {
				Blurred *bool `json:"blurred"`
				Tiles   []struct {
					Conf float64 `json:"conf"`
				} `json:"tiles"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
				t.Fatalf("%v: %s", err, stdout.String())
			}
			said := strings.Contains(stderr.String(), "take a sharper photo")
			switch {
			case tc.blurred && (out.Blurred == nil || !*out.Blurred):
				t.Errorf("JSON blurred %v, want true", out.Blurred)
			case !tc.blurred && out.Blurred != nil:
				t.Errorf("JSON blurred %v on a sharp photo, want it left out", *out.Blurred)
			}
			if said != tc.blurred {
				t.Errorf("stderr %q: asked for a sharper photo %v, want %v", stderr.String(), said, tc.blurred)
			}
			if len(out.Tiles) < 15 {
				t.Fatalf("%d tiles read, want the board's 21", len(out.Tiles))
			}
			for _, tl := range out.Tiles {
				if tc.blurred && tl.Conf >= 0.9 {
					t.Errorf("a tile of the blurred photo read sure (conf %.2f)", tl.Conf)
				}
			}
		})
	}
}
