package loose

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/render"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// renderScene renders a random state of game under the difficulty's
// conditions and decodes the JPEG, as a camera photo arrives.
func renderScene(t testing.TB, game, difficulty string, seed int64) (image.Image, *render.Truth) {
	t.Helper()
	state, err := render.RandomState(game, seed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, difficulty)
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
	return img, &sc.Truth
}

func TestScanRendered(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	cases := []struct {
		name, game, difficulty string
		seeds                  []int64
		recall, precision      float64 // floors over the scenes
		lattice                int     // scenes with every tile on its cell, at least
	}{
		{"lexicon easy", "lexicon", "easy", []int64{11, 12, 13}, 0.95, 0.95, 2},
		{"lexicon normal", "lexicon", "normal", []int64{1, 2, 3, 5, 6}, 0.9, 0.9, 3},
		{"twists normal", "twists", "normal", []int64{3, 4, 7, 8}, 0.85, 0.75, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var truth, found, matched, lattice int
			for _, seed := range c.seeds {
				img, tr := renderScene(t, c.game, c.difficulty, seed)
				r, err := Scan(img, Options{Lattice: true})
				if err != nil {
					t.Errorf("seed %d: %v", seed, err)
					continue
				}
				s := ScoreScan(r.Tiles, truthFromRender(tr), func(a, b string) bool { return true })
				truth += s.Truth
				found += s.Found
				matched += s.Matched
				if s.LatticeTurned {
					lattice++
				}
				t.Logf("seed %d: %d tiles, found %d, matched %d, lattice %v", seed, s.Truth, s.Found, s.Matched, s.LatticeTurned)
			}
			if rec := float64(matched) / float64(truth); rec < c.recall {
				t.Errorf("recall %.3f (%d of %d), want >= %.2f", rec, matched, truth, c.recall)
			}
			if prec := float64(matched) / float64(max(1, found)); prec < c.precision {
				t.Errorf("precision %.3f (%d of %d), want >= %.2f", prec, matched, found, c.precision)
			}
			if lattice < c.lattice {
				t.Errorf("lattice right in %d scenes, want >= %d", lattice, c.lattice)
			}
		})
	}
}

func TestScanErrors(t *testing.T) {
	uniform := func(v uint8) image.Image {
		img := image.NewRGBA(image.Rect(0, 0, 320, 240))
		for i := range img.Pix {
			img.Pix[i] = v
			if i%4 == 3 {
				img.Pix[i] = 255
			}
		}
		return img
	}
	blurred := func() image.Image {
		// Soft blobs: contrast, but nothing sharp anywhere.
		img := image.NewRGBA(image.Rect(0, 0, 320, 240))
		for y := 0; y < 240; y++ {
			for x := 0; x < 320; x++ {
				v := 128 + 60*math.Sin(float64(x)/40)*math.Cos(float64(y)/35)
				img.Set(x, y, color.RGBA{uint8(v), uint8(v), uint8(v), 255})
			}
		}
		return img
	}
	cases := []struct {
		name string
		img  image.Image
		want error
	}{
		{"nil", nil, ErrEmptyImage},
		{"no pixels", image.NewRGBA(image.Rect(0, 0, 0, 0)), ErrEmptyImage},
		{"black", uniform(5), ErrTooDark},
		{"grey", uniform(150), ErrNoTiles},
		{"soft", blurred(), ErrTooBlurred},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Scan(c.img, Options{})
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
		})
	}
}

// The real photos in testdata/bananagrams (from "ban-seg" by Zawaer,
// Roboflow Universe, CC BY 4.0; see testdata/README.md): the tiles found
// must match the labels well enough, and the reading is kept as a golden
// file so that a change in behaviour shows.
func TestBananagramsGolden(t *testing.T) {
	dir := filepath.Join("testdata", "bananagrams")
	files, err := filepath.Glob(filepath.Join(dir, "images", "*.jpg"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test photos in %s", dir)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".jpg")
		t.Run(name, func(t *testing.T) {
			img, truth := labelledPhoto(t, dir, name)
			r, err := Scan(img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreScan(r.Tiles, truth, func(a, b string) bool { return true })
			rec := float64(s.Matched) / float64(s.Truth)
			prec := float64(s.Matched) / float64(max(1, s.Found))
			t.Logf("%d labelled, %d found, %d matched, corner error %.1f px", s.Truth, s.Found, s.Matched, s.CornerErr/float64(max(1, s.Matched)))
			// Without a reader nothing weeds out letter-like marks, so the
			// precision floor is lower than the recall's.
			if rec < 0.85 || prec < 0.65 {
				t.Errorf("recall %.2f, precision %.2f; want at least 0.85 and 0.65", rec, prec)
			}
			got := goldenJSON(r)
			gp := filepath.Join("testdata", "golden", name+".json")
			if *update {
				os.MkdirAll(filepath.Dir(gp), 0o755)
				if err := os.WriteFile(gp, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(gp)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if d := goldenDiff(want, got); d != "" {
				t.Errorf("reading differs from %s: %s (run with -update if the change is meant):\n%s", gp, d, got)
			}
		})
	}
}

// goldenDiff says how a reading (goldenJSON) differs from the golden one,
// "" when it does not: the same tiles in the same order, each centre and
// corner within a pixel, a tile's corners the same quadrilateral whichever
// corner it starts from. A Pi (arm64) computes the last bits differently
// (OpenCV's NEON code, Go's fused multiply-add): a coordinate at a half
// pixel rounds the other way, and a tile turned 45 degrees may start from
// its next corner (docs/pi.md, "The runs").
func goldenDiff(want, got []byte) string {
	type tile struct {
		Center  [2]int    `json:"center"`
		Corners [4][2]int `json:"corners"`
	}
	var w, g []tile
	if err := json.Unmarshal(want, &w); err != nil {
		return "golden file: " + err.Error()
	}
	if err := json.Unmarshal(got, &g); err != nil {
		return err.Error()
	}
	if len(w) != len(g) {
		return fmt.Sprintf("%d tiles, golden %d", len(g), len(w))
	}
	near := func(a, b [2]int) bool {
		dx, dy := a[0]-b[0], a[1]-b[1]
		return dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
	}
	for i := range w {
		if !near(w[i].Center, g[i].Center) {
			return fmt.Sprintf("tile %d at %v, golden %v", i, g[i].Center, w[i].Center)
		}
		same := false
		for r := 0; r < 4 && !same; r++ {
			same = true
			for k := 0; k < 4; k++ {
				same = same && near(w[i].Corners[k], g[i].Corners[(k+r)%4])
			}
		}
		if !same {
			return fmt.Sprintf("tile %d corners %v, golden %v", i, g[i].Corners, w[i].Corners)
		}
	}
	return ""
}

// goldenJSON writes a reading compactly, coordinates to whole pixels (so
// that float noise across machines does not matter).
func goldenJSON(r *Reading) []byte {
	type tile struct {
		Center  [2]int    `json:"center"`
		Corners [4][2]int `json:"corners"`
	}
	var ts []tile
	for _, t := range r.Tiles {
		var j tile
		j.Center = [2]int{int(math.Round(t.Center.X)), int(math.Round(t.Center.Y))}
		for i, c := range t.Corners {
			j.Corners[i] = [2]int{int(math.Round(c.X)), int(math.Round(c.Y))}
		}
		ts = append(ts, j)
	}
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, t := range ts {
		line, _ := json.Marshal(t)
		b.Write(line)
		if i < len(ts)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	return b.Bytes()
}

// fakeReader names every crop with a fixed reading; it counts calls.
type fakeReader struct {
	reading ocr.Reading
	calls   int
}

func (f *fakeReader) Read(img image.Image) (ocr.Reading, error) {
	f.calls++
	if img.Bounds().Dx() != 64 || img.Bounds().Dy() != 64 {
		return ocr.Reading{}, fmt.Errorf("crop %v, want 64x64", img.Bounds())
	}
	return f.reading, nil
}

func TestScanWithReader(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	img, tr := renderScene(t, "lexicon", "easy", 12)
	bare, err := Scan(img, Options{Lattice: true})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		reading   ocr.Reading
		alt       *fakeReader
		wantTiles int
		letter    string
	}{
		{"upright", ocr.Reading{Letter: "E", Conf: 0.9}, nil, len(bare.Tiles), "E"},
		{"quarter turn", ocr.Reading{Letter: "E", Conf: 0.9, Angle: 90}, nil, len(bare.Tiles), "E"},
		{"no tiles", ocr.Reading{Letter: "", Conf: 0.9}, nil, 0, ""},
		{"surer alternative", ocr.Reading{Letter: "Ж", Conf: 0.3}, &fakeReader{reading: ocr.Reading{Letter: "E", Conf: 0.8}}, len(bare.Tiles), "E"},
		// Letters of one shape in both alphabets say nothing: the first
		// reader (the default alphabet) keeps the table.
		{"lookalikes", ocr.Reading{Letter: "Е", Conf: 0.3}, &fakeReader{reading: ocr.Reading{Letter: "E", Conf: 0.8}}, len(bare.Tiles), "Е"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fr := &fakeReader{reading: c.reading}
			opt := Options{Reader: fr, Lattice: true, UprightFromLetters: true}
			if c.alt != nil {
				opt.Alternatives = []Reader{c.alt}
			}
			// One search (scanLoose): Scan searches again where
			// fewer than minSure tiles are read sure, as here
			// (lookAgain, TestLookAgain), and reads the tiles again.
			r, err := scanLoose(img, opt)
			if c.wantTiles == 0 {
				if !errors.Is(err, ErrNoTiles) {
					t.Fatalf("err = %v, want ErrNoTiles", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// The reader that names the table reads each tile twice
			// (its crop, and the verifier's tighter one), another once.
			want := len(bare.Tiles)
			if c.letter == c.reading.Letter {
				want *= 2
			}
			if fr.calls != want {
				t.Errorf("reader called %d times, want %d", fr.calls, want)
			}
			if len(r.Tiles) != c.wantTiles {
				t.Fatalf("%d tiles, want %d", len(r.Tiles), c.wantTiles)
			}
			for _, tl := range r.Tiles {
				if tl.Letter != c.letter {
					t.Fatalf("letter %q, want %q", tl.Letter, c.letter)
				}
			}
			// The letters' angle is the outline's plus the reading's, so
			// a quarter turn of every letter turns the lattice with it:
			// the layout's rows become columns.
			s := ScoreScan(r.Tiles, truthFromRender(tr), func(a, b string) bool { return true })
			if !s.LatticeTurned {
				t.Errorf("lattice not right even up to a turn")
			}
			if c.reading.Angle == 0 && c.alt == nil && !s.Lattice {
				t.Errorf("upright letters: lattice not right")
			}
			if c.reading.Angle == 90 && s.Lattice {
				t.Errorf("letters read a quarter turn round, yet the lattice was not turned")
			}
		})
	}
}

// truthFromRender converts a rendered scene's ground truth into labelled
// tiles.
func truthFromRender(t *render.Truth) []TruthTile {
	var out []TruthTile
	for _, tt := range t.Tiles {
		var o []Point
		for _, c := range tt.Corners {
			o = append(o, Point{c[0], c[1]})
		}
		out = append(out, TruthTile{Letter: tt.Letter, Outline: o, Row: tt.Row, Col: tt.Col})
	}
	return out
}

// TestGoldenDiff: the golden comparison lets a coordinate move a pixel and
// a tile's corners start from another corner, and nothing more.
func TestGoldenDiff(t *testing.T) {
	gold := `[{"center":[587,331],"corners":[[583,288],[630,335],[590,375],[543,328]]},
{"center":[316,502],"corners":[[311,453],[363,487],[321,551],[269,516]]}]`
	cases := []struct {
		name, got string
		same      bool
	}{
		{"identical", gold, true},
		{"corners from the next corner (arm64, b1)", `[{"center":[587,331],"corners":[[543,328],[583,288],[630,335],[590,375]]},
{"center":[316,502],"corners":[[311,453],[363,487],[321,551],[269,516]]}]`, true},
		{"a corner a pixel off (arm64, b2)", `[{"center":[587,331],"corners":[[583,288],[630,335],[590,375],[543,328]]},
{"center":[316,502],"corners":[[311,453],[364,488],[321,551],[269,516]]}]`, true},
		{"a corner two pixels off", `[{"center":[587,331],"corners":[[583,288],[630,335],[590,375],[543,328]]},
{"center":[316,502],"corners":[[311,453],[365,487],[321,551],[269,516]]}]`, false},
		{"corners in the other direction", `[{"center":[587,331],"corners":[[543,328],[590,375],[630,335],[583,288]]},
{"center":[316,502],"corners":[[311,453],[363,487],[321,551],[269,516]]}]`, false},
		{"a centre moved", `[{"center":[589,331],"corners":[[583,288],[630,335],[590,375],[543,328]]},
{"center":[316,502],"corners":[[311,453],[363,487],[321,551],[269,516]]}]`, false},
		{"a tile missing", `[{"center":[587,331],"corners":[[583,288],[630,335],[590,375],[543,328]]}]`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := goldenDiff([]byte(gold), []byte(tc.got))
			if (d == "") != tc.same {
				t.Errorf("goldenDiff = %q, want same %v", d, tc.same)
			}
		})
	}
}

// TestActionTilesFound: the Twists action tiles (skip's sign fills most
// of its face) are found and read on rendered tables, with the real
// readers, as `scan --game twists` runs them.
func TestActionTilesFound(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and reads them")
	}
	ru, err := ocr.Default(ocr.Russian)
	if err != nil {
		t.Skip(err)
	}
	en := englishReader(t)
	found := map[string]int{}
	total := map[string]int{}
	for _, seed := range []int64{1, 8, 9, 12, 15, 19, 20} {
		img, truth := renderScene(t, "twists", "normal", seed)
		r, err := Scan(img, Options{Reader: ru, Alternatives: []Reader{en}, Lattice: true, Twists: true})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, x := range truthFromRender(truth) {
			switch x.Letter {
			case "skip", "reverse", "give2", "give3":
			default:
				continue
			}
			total[x.Letter]++
			for _, f := range r.Tiles {
				if insidePolygon(x.Outline, f.Center) && f.Letter == x.Letter {
					found[x.Letter]++
					break
				}
			}
		}
	}
	for a, n := range total {
		t.Logf("%s: %d of %d found and read", a, found[a], n)
		if float64(found[a]) < 0.6*float64(n) {
			t.Errorf("%s: %d of %d found and read, want at least 60%%", a, found[a], n)
		}
	}
	if total["skip"] == 0 {
		t.Fatal("no skip tile in the scenes: pick other seeds")
	}
}

// labelledPhoto decodes dir/images/name.jpg and reads its YOLO labels
// from dir/labels/name.txt.
func labelledPhoto(t *testing.T, dir, name string) (image.Image, []TruthTile) {
	t.Helper()
	fh, err := os.Open(filepath.Join(dir, "images", name+".jpg"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(fh)
	fh.Close()
	if err != nil {
		t.Fatal(err)
	}
	lf, err := os.Open(filepath.Join(dir, "labels", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	truth, err := ReadYOLO(lf, name+".txt", img.Bounds().Dx(), img.Bounds().Dy(), nil)
	lf.Close()
	if err != nil {
		t.Fatal(err)
	}
	return img, truth
}

// Tables on a patterned cloth whose dark marks outnumber the letters (the
// ring round the marks is the cloth's colour: the faces are the ring's
// pixels unlike it), and white tiles on a white cloth (the mask cannot
// tell faces from the cloth: on an interlocking lattice the edges do),
// read as the Twists game reads them.
func TestPatternedCloth(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and reads them")
	}
	readTwistsScenes(t, "normal", []twistsScene{
		{"ring of the cloth's colour", 2001, 0.9},
		{"ring of the cloth's colour, few tiles", 2022, 0.9},
		{"white tiles on a white cloth", 2038, 0.8},
	}, false)
}

// TestLookAgain: Lexicon tables of small tiles on a patterned cloth (the
// camera 600 mm over the table: tiles about 35 px in a 1640x1232 photo,
// as large as the cloth's dashes at the first search's 800 px). Where
// the first search reads few tiles sure, Scan looks again (lookAgain:
// on print, at 1200 and 1640 px) and keeps the look with more tiles read
// sure: on no table does it match fewer tiles than the first search
// alone (scanLoose), and on the tables the first search misses it
// matches more.
func TestLookAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and reads them")
	}
	en, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		seed int64
	}{
		{"a cross of two words", 1},
		{"one short word", 4},
		{"three words", 3},
		{"a long crossword", 6},
	}
	var first, again int
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			state, err := render.RandomState("lexicon", c.seed)
			if err != nil {
				t.Fatal(err)
			}
			o, err := render.RandomOptions(c.seed, "normal")
			if err != nil {
				t.Fatal(err)
			}
			o.Table, o.HeightMM = "lace", 600
			sc, err := render.Render("lexicon", state, o)
			if err != nil {
				t.Fatal(err)
			}
			img, err := sc.Photo()
			if err != nil {
				t.Fatal(err)
			}
			truth := truthFromRender(&sc.Truth)
			opt := Options{Reader: en, Lattice: true, UprightFromLetters: true}
			matched := func(r *Reading, err error) int {
				if err != nil {
					if !errors.Is(err, ErrNoTiles) {
						t.Fatal(err)
					}
					return 0
				}
				return ScoreScan(r.Tiles, truth, SameShape).Matched
			}
			m1 := matched(scanLoose(img, opt))
			m2 := matched(Scan(img, opt))
			t.Logf("seed %d: %d tiles, first search %d matched, Scan %d", c.seed, len(truth), m1, m2)
			if m2 < m1 {
				t.Errorf("Scan matched %d tiles, the first search alone %d", m2, m1)
			}
			if 2*m1 < len(truth) && m2 <= m1 {
				t.Errorf("Scan matched %d tiles where the first search missed (%d): no gain", m2, m1)
			}
			first, again = first+m1, again+m2
		})
	}
	t.Logf("matched: first search %d, Scan %d", first, again)
	if again <= first {
		t.Errorf("Scan matched %d tiles in all, the first search alone %d: no gain", again, first)
	}
}

// twistsScene is a rendered Twists table (renderScene's seed) and the
// share of its tiles a scan must find.
type twistsScene struct {
	name   string
	seed   int64
	recall float64
}

// readTwistsScenes renders each scene at the difficulty and reads it as
// the Twists game reads a table (the Russian reader, the lattice): each
// finds at least its recall of the tiles, and with noSureWrong no tile
// read wrong is reported sure.
func readTwistsScenes(t *testing.T, difficulty string, scenes []twistsScene, noSureWrong bool) {
	t.Helper()
	ru, err := ocr.Default(ocr.Russian)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range scenes {
		t.Run(c.name, func(t *testing.T) {
			img, tr := renderScene(t, "twists", difficulty, c.seed)
			r, err := Scan(img, Options{Reader: ru, Lattice: true, Twists: true})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreScan(r.Tiles, truthFromRender(tr), SameShape)
			t.Logf("seed %d: %d tiles, found %d, matched %d, letters %d of %d", c.seed, s.Truth, s.Found, s.Matched, s.Letters, s.Lettered)
			if rec := float64(s.Matched) / float64(s.Truth); rec < c.recall {
				t.Errorf("recall %.2f (%d of %d), want >= %.2f", rec, s.Matched, s.Truth, c.recall)
			}
			if !noSureWrong {
				return
			}
			for _, m := range s.Misread {
				if m.Conf >= SureConf {
					t.Errorf("%s read as %s at (%.0f, %.0f) with conf %.2f: wrong yet sure", m.Label, m.Read, m.At.X, m.At.Y, m.Conf)
				}
			}
		})
	}
}
