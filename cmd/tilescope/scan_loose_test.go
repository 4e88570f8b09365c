//go:build !lean

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/loose"
	"github.com/tilescope/tilescope/vision/render"
)

// looseFake reads every tile as one letter, upright.
type looseFake struct{ letter string }

func (f looseFake) Read(image.Image) (ocr.Reading, error) {
	return ocr.Reading{Letter: f.letter, Conf: 0.9}, nil
}

// looseScene renders a scene of game (easy conditions) and returns the
// decoded photo, the expected layout with every tile shown as ch, and the
// truth.
func looseScene(t *testing.T, game string, seed int64, ch string) (image.Image, string, *render.Truth) {
	t.Helper()
	state, err := render.RandomState(game, seed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "easy")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := render.Render(game, state, opt)
	if err != nil {
		t.Fatal(err)
	}
	img, err := sc.Photo()
	if err != nil {
		t.Fatal(err)
	}
	rows, cols := 0, 0
	for _, tl := range sc.Truth.Tiles {
		rows, cols = max(rows, tl.Row+1), max(cols, tl.Col+1)
	}
	minR, minC := rows, cols
	for _, tl := range sc.Truth.Tiles {
		minR, minC = min(minR, tl.Row), min(minC, tl.Col)
	}
	grid := make([][]byte, rows-minR)
	for i := range grid {
		grid[i] = bytes.Repeat([]byte("."), cols-minC)
	}
	for _, tl := range sc.Truth.Tiles {
		grid[tl.Row-minR][tl.Col-minC] = ch[0]
	}
	var want strings.Builder
	for _, g := range grid {
		want.Write(g)
		want.WriteByte('\n')
	}
	return img, want.String(), &sc.Truth
}

func TestScanLooseLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	old := looseRussianReader
	defer func() { looseRussianReader = old }()
	looseRussianReader = func() (loose.Reader, error) { return looseFake{"skip"}, nil }
	cases := []struct {
		name, game string
		seed       int64
		scan       scanGame
		reader     loose.Reader
		ch         string
	}{
		{"lexicon", "lexicon", 12, scanLexicon, looseFake{"E"}, "E"},
		// The Russian fake is surer than the English one (both say 0.9:
		// the first reader wins ties), and its action tiles print as '!'.
		{"twists", "twists", 7, scanTwists, looseFake{"E"}, "!"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, want, _ := looseScene(t, c.game, c.seed, c.ch)
			var out bytes.Buffer
			if err := c.scan(context.Background(), img, "scene.jpg", scanOpts{reader: c.reader}, &out); err != nil {
				t.Fatal(err)
			}
			if out.String() != want {
				t.Errorf("layout:\n%s\nwant:\n%s", out.String(), want)
			}
		})
	}
}

func TestScanLooseJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	img, _, truth := looseScene(t, "lexicon", 13, "E")
	var out bytes.Buffer
	if err := scanLexicon(context.Background(), img, "scene.jpg", scanOpts{json: true, reader: looseFake{"E"}}, &out); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Game  string `json:"game"`
		Rows  int    `json:"rows"`
		Cols  int    `json:"cols"`
		Tiles []struct {
			Letter  string        `json:"letter"`
			Conf    float64       `json:"conf"`
			Center  [2]float64    `json:"center"`
			Corners [][2]float64  `json:"corners"`
			Row     *int          `json:"row"`
			Col     *int          `json:"col"`
			Angle   *float64      `json:"angle"`
			Extra   []interface{} `json:"-"`
		} `json:"tiles"`
	}
	dec := json.NewDecoder(bytes.NewReader(out.Bytes()))
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if got.Game != "lexicon" || len(got.Tiles) != len(truth.Tiles) {
		t.Fatalf("game %q, %d tiles; want lexicon, %d tiles", got.Game, len(got.Tiles), len(truth.Tiles))
	}
	for _, tl := range got.Tiles {
		// conf is the loose verifier's probability that the letter is
		// read right (vision/loose/verify.go), not the reader's own 0.9.
		if tl.Letter != "E" || tl.Conf <= 0 || tl.Conf > 1 || len(tl.Corners) != 4 || tl.Row == nil || tl.Col == nil || tl.Angle == nil {
			t.Fatalf("tile %+v: want letter, conf, 4 corners, row, col, angle", tl)
		}
		if *tl.Row < 0 || *tl.Row >= got.Rows || *tl.Col < 0 || *tl.Col >= got.Cols {
			t.Errorf("tile at row %d col %d outside the %dx%d lattice", *tl.Row, *tl.Col, got.Rows, got.Cols)
		}
		// The centre is a photo position near a true tile's centre.
		near := false
		for _, tt := range truth.Tiles {
			if dx, dy := tt.Center[0]-tl.Center[0], tt.Center[1]-tl.Center[1]; dx*dx+dy*dy < 100 {
				near = true
			}
		}
		if !near {
			t.Errorf("tile centre %v is near no tile of the scene", tl.Center)
		}
	}
}

func TestScanLooseBadInput(t *testing.T) {
	old := looseRussianReader
	defer func() { looseRussianReader = old }()
	looseRussianReader = func() (loose.Reader, error) { return looseFake{"Е"}, nil }
	dir := t.TempDir()
	dark := image.NewRGBA(image.Rect(0, 0, 200, 150))
	for i := 3; i < len(dark.Pix); i += 4 {
		dark.Pix[i] = 255
	}
	cases := []struct {
		name string
		img  image.Image
		want string
	}{
		{"dark", dark, "too dark"},
		{"no tiles", plainTable(), "no tiles found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, g := range []scanGame{scanLexicon, scanTwists} {
				var out bytes.Buffer
				err := g(context.Background(), c.img, "photo.jpg", scanOpts{reader: looseFake{"E"}}, &out)
				var stderr bytes.Buffer
				if code := exitCode(err, &stderr); code != 2 {
					t.Fatalf("exit %d (%v), want 2", code, err)
				}
				if msg := stderr.String(); !strings.Contains(msg, "photo.jpg") || !strings.Contains(msg, c.want) || strings.Count(strings.TrimSpace(msg), "\n") > 0 {
					t.Errorf("message %q should be one line naming the photo and saying %q", msg, c.want)
				}
				// With --json: the same line, and an empty tiles list.
				out.Reset()
				err = g(context.Background(), c.img, "photo.jpg", scanOpts{reader: looseFake{"E"}, json: true}, &out)
				if code := exitCode(err, &bytes.Buffer{}); code != 2 {
					t.Fatalf("--json: exit %d (%v), want 2", code, err)
				}
				var got scanLooseJSON
				if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Tiles == nil || len(got.Tiles) != 0 {
					t.Errorf("--json: stdout %q, want an empty tiles list (%v)", out.String(), err)
				}
			}
		})
	}
	// A corrupt file, through the whole command.
	bad := filepath.Join(dir, "bad.jpg")
	os.WriteFile(bad, []byte("not a jpeg"), 0o644)
	for _, game := range []string{"lexicon", "twists"} {
		var stdout, stderr bytes.Buffer
		err := run(context.Background(), []string{"scan", "--game", game, bad}, &stdout, &stderr)
		if code := exitCode(err, &stderr); code != 2 || !strings.Contains(stderr.String(), "bad.jpg") {
			t.Errorf("%s: exit %d, stderr %q; want 2 naming bad.jpg", game, code, stderr.String())
		}
	}
}

func TestEvalLoose(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"nothing to measure", []string{}, 2, "give one of"},
		{"two sets", []string{"--render", "1", "--set", "x"}, 2, "give one of"},
		{"bad game", []string{"--render", "1", "--game", "upwords", "--reader", "none"}, 2, "--game"},
		{"bad reader", []string{"--render", "1", "--reader", "tea"}, 2, "--reader"},
		{"bad alphabet", []string{"--render", "1", "--alphabet", "fr", "--reader", "none"}, 2, "--alphabet"},
		{"empty set", []string{"--set", "testdata", "--reader", "none"}, 2, "no Lexicon or Twists"},
		{"banana photos", []string{"--bananagrams", "../../vision/loose/testdata/bananagrams", "--reader", "none"}, 0, "recall"},
		{"photos", []string{"--photos", "../../vision/loose/testdata/bananagrams", "--reader", "none", "-v"}, 0, "tiles found       "},
		{"photos per photo", []string{"--photos", "../../vision/loose/testdata/bananagrams", "--reader", "none", "-v"}, 0, "b1.jpg\tlabelled 25"},
		{"images labels classes", []string{"--images", "../../vision/loose/testdata/bananagrams/images", "--labels", "../../vision/loose/testdata/bananagrams/labels",
			"--classes", "../../vision/loose/testdata/bananagrams/data.yaml", "--reader", "none"}, 0, "false tiles"},
		{"labels without classes", []string{"--images", "x", "--labels", "y", "--reader", "none"}, 2, "--classes"},
		{"photos no class list", []string{"--photos", "testdata", "--reader", "none"}, 2, "no class list"},
	}
	if !testing.Short() {
		cases = append(cases, struct {
			name string
			args []string
			code int
			want string
		}{"rendered", []string{"--render", "1", "--game", "lexicon", "--seed", "12", "--difficulty", "easy", "--reader", "none"}, 0, "lattice right     100.0%"})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), append([]string{"eval-loose"}, c.args...), &stdout, &stderr)
			code := exitCode(err, &stderr)
			if code != c.code {
				t.Fatalf("exit %d (%v), want %d", code, err, c.code)
			}
			if all := stdout.String() + stderr.String(); !strings.Contains(all, c.want) {
				t.Errorf("output %q does not contain %q", all, c.want)
			}
		})
	}
}

// plainTable is a lit, textured table with no tile on it.
func plainTable() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for y := 0; y < 240; y++ {
		for x := 0; x < 320; x++ {
			v := uint8(120 + (x*7+y*13)%9)
			img.Set(x, y, color.RGBA{v, v - 20, v - 40, 255})
		}
	}
	return img
}

// TestScanTwistsSet: --set names the set's alphabet, and the letters are
// read in it (as the game reads them): an English table of letters that
// have Cyrillic lookalikes (C A T O ...) reads in Latin with --set en and
// in Cyrillic with --set ru; a set that is neither is bad input.
func TestScanTwistsSet(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene and reads it")
	}
	opt, err := render.RandomOptions(3, "easy")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := render.Render("twists", []byte("COAT.\n..X..\n.TAXE\n"), opt)
	if err != nil {
		t.Fatal(err)
	}
	photo := filepath.Join(t.TempDir(), "cat.jpg")
	if err := os.WriteFile(photo, sc.JPEG, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, set string
		latin     bool
	}{
		{"english set", "en", true},
		{"russian set", "ru", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if err := run(context.Background(), []string{"scan", "--game", "twists", "--set", c.set, "--json", photo}, &stdout, &stderr); err != nil {
				t.Fatalf("%v (%s)", err, stderr.String())
			}
			var got scanLooseJSON
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Tiles) < 8 {
				t.Fatalf("%d tiles read, want the table's 10", len(got.Tiles))
			}
			for _, tl := range got.Tiles {
				r := []rune(tl.Letter)
				if len(r) != 1 {
					continue // an action tile
				}
				if latin := r[0] < 0x80; latin != c.latin {
					t.Errorf("tile %q at %v: Latin %v, want %v", tl.Letter, tl.Center, latin, c.latin)
				}
			}
		})
	}
	var stdout, stderr bytes.Buffer
	err = run(context.Background(), []string{"scan", "--game", "twists", "--set", "fr", photo}, &stdout, &stderr)
	if code := exitCode(err, &stderr); code != 2 || !strings.Contains(stderr.String(), "--set") {
		t.Errorf("--set fr: exit %d, stderr %q; want 2 naming --set", code, stderr.String())
	}
}

// TestScanLooseBlank: a Scrabble blank seen on a printed board (the board
// route reports it) is in the JSON, with no letter and "blank": true, and
// not in the layout text (Lexicon's set has none); lettered tiles carry no
// "blank" key.
func TestScanLooseBlank(t *testing.T) {
	sq := func(x, y float64) [4]loose.Point {
		return [4]loose.Point{{X: x, Y: y}, {X: x + 10, Y: y}, {X: x + 10, Y: y + 10}, {X: x, Y: y + 10}}
	}
	r := &loose.Reading{Rows: 1, Cols: 2, Tiles: []loose.Tile{
		{Letter: "A", Conf: 0.9, Corners: sq(0, 0), Center: loose.Point{X: 5, Y: 5}, Row: 0, Col: 0},
		{Letter: "T", Conf: 0.9, Corners: sq(10, 0), Center: loose.Point{X: 15, Y: 5}, Row: 0, Col: 1},
		{Blank: true, Conf: 0.7, Corners: sq(20, 0), Center: loose.Point{X: 25, Y: 5}, Row: -1, Col: -1},
	}}
	var text bytes.Buffer
	if err := scanLooseWrite("lexicon", r, "board.jpg", false, nil, &text); err != nil {
		t.Fatal(err)
	}
	if text.String() != "AT\n" {
		t.Errorf("layout %q, want %q", text.String(), "AT\n")
	}
	var js bytes.Buffer
	if err := scanLooseWrite("lexicon", r, "board.jpg", true, nil, &js); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Tiles []map[string]interface{} `json:"tiles"`
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Tiles) != 3 {
		t.Fatalf("%d tiles in the JSON, want 3: %s", len(got.Tiles), js.String())
	}
	for i, tl := range got.Tiles {
		_, hasBlank := tl["blank"]
		if want := i == 2; hasBlank != want || (want && (tl["blank"] != true || tl["letter"] != "")) {
			t.Errorf("tile %d: %v; want a blank key only on the blank, with letter \"\"", i, tl)
		}
	}
}
