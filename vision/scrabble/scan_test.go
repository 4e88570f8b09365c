package scrabble

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	xdraw "golang.org/x/image/draw"

	"github.com/tilescope/tilescope/internal/imagetest"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/internal/sharedtest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

func loadImage(t testing.TB, path string) image.Image {
	t.Helper()
	return imagetest.Load(t, path)
}

func reader(t testing.TB) TileReader {
	t.Helper()
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatalf("the tile reader: %v", err)
	}
	return rd
}

// dump is what the golden files hold: the grid text, the corners to the
// pixel, whether the letters turned the board, and each tile's reading.
func dump(r *Reading) string {
	var b strings.Builder
	b.WriteString(r.Text())
	fmt.Fprintf(&b, "# corners:")
	for _, c := range r.Corners {
		fmt.Fprintf(&b, " %.0f,%.0f", c.X, c.Y)
	}
	fmt.Fprintf(&b, "\n# oriented: %v\n", r.Oriented)
	for _, t := range r.Tiles() {
		fmt.Fprintf(&b, "# %d,%d %s blank=%v conf=%.2f centre %.0f,%.0f\n", t.Row, t.Col, cellText(&t.Cell), t.Blank, t.Conf, t.Center.X, t.Center.Y)
	}
	return b.String()
}

// TestScanGolden scans the committed photos (the 2014 session, on which
// the reader was tuned) and compares the whole reading with the golden
// files (go test -update rewrites them).
func TestScanGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/photos/*.jpg")
	if err != nil || len(files) == 0 {
		t.Fatal("no photos in testdata/photos")
	}
	rd := reader(t)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".jpg")
		t.Run(name, func(t *testing.T) {
			r, err := Scan(loadImage(t, f), Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			got := dump(r)
			golden := filepath.Join("testdata", "golden", name+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("reading differs from %s:\n--- got\n%s--- want\n%s", golden, got, want)
			}
		})
	}
}

// TestScanTurnedPhoto: the same board photographed a quarter turn round
// (and scaled, compressed again) holds tiles in the same places, turned
// the same way (the letters decide which side is up), and every letter
// either reading is sure of (conf >= 0.9) reads the same in both.
func TestScanTurnedPhoto(t *testing.T) {
	rd := reader(t)
	a, err := Scan(loadImage(t, "testdata/photos/IMG_20141025_164052.jpg"), Options{Reader: rd})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Scan(loadImage(t, "testdata/photos/IMG_20141025_164052_1640x1232.jpg"), Options{Reader: rd})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Oriented || !b.Oriented {
		t.Fatalf("oriented %v %v, want both", a.Oriented, b.Oriented)
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			ca, cb := a.Cells[r][c], b.Cells[r][c]
			switch {
			case (ca == nil) != (cb == nil):
				t.Errorf("row %d col %d: %s upright, %s turned", r, c, cellText(ca), cellText(cb))
			case ca == nil:
			case (ca.Conf >= unsureConf || cb.Conf >= unsureConf) && cellText(ca) != cellText(cb):
				t.Errorf("row %d col %d: %s (%.2f) upright, %s (%.2f) turned", r, c, cellText(ca), ca.Conf, cellText(cb), cb.Conf)
			}
		}
	}
	if len(a.Tiles()) < 10 {
		t.Errorf("%d tiles, the photo shows 21", len(a.Tiles()))
	}
}

func TestScanErrors(t *testing.T) {
	grey := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for i := range grey.Pix {
		grey.Pix[i] = 128
	}
	dark := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for i := 3; i < len(dark.Pix); i += 4 {
		dark.Pix[i] = 255
	}
	noise := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			v := uint8((x*7919 + y*104729 + x*y*31) % 251)
			noise.Set(x, y, color.RGBA{v, v / 2, 255 - v, 255})
		}
	}
	rd := reader(t)
	for _, tc := range []struct {
		name string
		img  image.Image
		opt  Options
		want []error
	}{
		{"no reader", grey, Options{}, []error{ErrNoReader}},
		{"nil image", nil, Options{Reader: rd}, []error{vision.ErrNoBoard}},
		{"tiny", image.NewRGBA(image.Rect(0, 0, 10, 10)), Options{Reader: rd}, []error{vision.ErrNoBoard}},
		{"flat grey", grey, Options{Reader: rd}, []error{vision.ErrNoBoard, vision.ErrTooBlurred}},
		{"black", dark, Options{Reader: rd}, []error{vision.ErrTooDark}},
		{"noise", noise, Options{Reader: rd}, []error{vision.ErrNoBoard, vision.ErrTooBlurred, vision.ErrOutOfView}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Scan(tc.img, tc.opt)
			ok := false
			for _, w := range tc.want {
				ok = ok || errors.Is(err, w)
			}
			if !ok {
				t.Errorf("err = %v, want one of %v", err, tc.want)
			}
		})
	}
}

// BenchmarkScanScrabble scans a 1640x1232 photo of a game in progress
// (21 tiles), the reader included. Besides ns/op it reports the median
// wall time per scan, the CPU time per scan (the machine is shared, so
// wall time alone overstates it) and the process's peak resident set.
func BenchmarkScanScrabble(b *testing.B) {
	benchScan(b, loadImage(b, "testdata/photos/IMG_20141025_164052_1640x1232.jpg"))
}

// BenchmarkScanScrabbleSlowPath scans photos whose grid lines alone do
// not place the board (the red board on a patterned carpet, the 2015
// session: the search goes on to the board's outline), each scaled to
// 1640x1232 as the Pi camera gives. The photos are ../shared's (skipped
// without them).
func BenchmarkScanScrabbleSlowPath(b *testing.B) {
	dir := sharedPhotos(b)
	for _, name := range []string{"IMG_20151016_165320", "IMG_20151016_165401", "IMG_20151016_165308"} {
		b.Run(name, func(b *testing.B) {
			benchScan(b, scaleTo(loadImage(b, filepath.Join(dir, name+".jpg")), 1640, 1232))
		})
	}
}

// BenchmarkScanScrabbleBlurred scans the shaken photo of ../shared
// (IMG_20141025_164048, 1200x1600; skipped without it), whose tiles are
// read a second time from the board deconvolved (secondLook).
func BenchmarkScanScrabbleBlurred(b *testing.B) {
	benchScan(b, loadImage(b, filepath.Join(sharedPhotos(b), "IMG_20141025_164048.jpg")))
}

// sharedPhotos is ../shared's Scrabble photos (or $TILESCOPE_SHARED's).
func sharedPhotos(t testing.TB) string {
	return sharedtest.Dir(t, "data/photos/scrabble-board")
}

// scaleTo resamples img to w x h, as a camera of that size
// would see it.
func scaleTo(img image.Image, w, h int) image.Image {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.ApproxBiLinear.Scale(out, out.Rect, img, img.Bounds(), xdraw.Src, nil)
	return out
}

func benchScan(b *testing.B, img image.Image) {
	benchScanErr(b, img, nil)
}

// benchScanErr is benchScan for a photo whose scan ends in the error want
// (nil: none).
func benchScanErr(b *testing.B, img image.Image, want error) {
	opt := Options{Reader: reader(b)}
	times := make([]time.Duration, 0, b.N)
	var ru0, ru1 syscall.Rusage
	debug.FreeOSMemory() // what the set-up (scaling) took is not the scan's
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := Scan(img, opt); (want == nil && err != nil) || (want != nil && !errors.Is(err, want)) {
			b.Fatalf("err = %v, want %v", err, want)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(times[len(times)/2]), "median-ms")
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / time.Duration(b.N)
	b.ReportMetric(ms(cpu), "cpu-ms/op")
	b.ReportMetric(float64(ru1.Maxrss)/1024, "maxrss-MB")
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapInuse)/(1<<20), "heap-MB")
}

// TestScanMatchesLabels reads the committed photos and compares each with
// its hand label (testdata/real): the board where the label puts it and
// every square right.
func TestScanMatchesLabels(t *testing.T) {
	files, _ := filepath.Glob("testdata/photos/*.jpg")
	rd := reader(t)
	n := 0
	for _, f := range files {
		label := filepath.Join("testdata", "real", strings.TrimSuffix(filepath.Base(f), ".jpg")+".txt")
		if _, err := os.Stat(label); err != nil {
			continue // a derived photo (turned, resized): no label of its own
		}
		n++
		t.Run(filepath.Base(f), func(t *testing.T) {
			l, err := LoadLabel(label)
			if err != nil {
				t.Fatal(err)
			}
			res := EvalPhoto(f, loadImage(t, f), l, Options{Reader: rd})
			if !res.Found || res.SquaresRight != Size*Size {
				t.Errorf("found %v (corners off by %.2f square), %d/225 squares right: %v", res.Found, res.CornerErr, res.SquaresRight, res.Mistakes)
			}
		})
	}
	if n == 0 {
		t.Fatal("no committed photo has a label")
	}
}

// TestTurnCrop: a crop cut in the picture's order and turned is the crop
// cut from the board turned.
func TestTurnCrop(t *testing.T) {
	img := loadImage(t, "testdata/photos/IMG_20141025_164052.jpg")
	g, err := vision.FindGrid(img, Size)
	if err != nil {
		t.Fatal(err)
	}
	for rot := 0; rot < 4; rot++ {
		t.Run(fmt.Sprint("turn ", rot), func(t *testing.T) {
			f := &frame{p: toPicture(img), g: g}
			base := f.crop(7, 11, cropMargin, 32)
			f.rot = rot
			br, bc := boardPos(7, 11, rot)
			want := f.crop(br, bc, cropMargin, 32)
			got := turnCrop(base, rot)
			var worst int
			for i := range got.Pix {
				d := int(got.Pix[i]) - int(want.Pix[i])
				worst = max(worst, d, -d)
			}
			if worst > 2 {
				t.Errorf("turned crop differs by up to %d grey levels", worst)
			}
		})
	}
}

// TestDropValue paints synthetic 64-pixel crops: a face of grey 225 with
// dark boxes for a letter, its value, the dark gap around the tile at the
// crop's edge, and specks; it checks which boxes dropValue leaves dark.
func TestDropValue(t *testing.T) {
	const s = 64
	type box struct{ x0, y0, x1, y1 int }
	var (
		letter    = box{16, 12, 40, 52}
		value     = box{46, 44, 52, 56}
		touching  = box{40, 44, 46, 50}                                                    // joins the letter to its value
		frame     = [4]box{{0, 0, s, 6}, {0, s - 6, s, s}, {0, 0, 6, s}, {s - 6, 0, s, s}} // larger than the letter
		gapCorner = box{56, 58, s, s}                                                      // a piece of the dark gap in the crop's corner
		speck     = box{8, 8, 12, 12}                                                      // not where values are
		lowLetter = box{39, 39, 51, 57}                                                    // a letter lying low right (tile off its square)
		lowValue  = box{53, 48, 56, 54}                                                    // its value, clear of the crop's side
	)
	for _, tc := range []struct {
		name  string
		boxes []box
		dark  []box // boxes whose middle must stay dark
		light []box // boxes whose middle must be painted out
	}{
		{"letter and value", []box{letter, value}, []box{letter}, []box{value}},
		{"letter touching value", []box{letter, value, touching}, []box{letter, value}, nil},
		{"frame is the largest", append([]box{letter, value}, frame[:]...), append([]box{letter}, frame[:]...), []box{value}},
		{"frame and letter lying low right", append([]box{lowLetter, lowValue}, frame[:]...), []box{lowLetter}, []box{lowValue}},
		{"value alone", []box{value}, nil, []box{value}},
		{"value alone in a frame", append([]box{value}, frame[:]...), frame[:], []box{value}},
		{"gap in the corner", []box{letter, value, gapCorner}, []box{letter, gapCorner}, []box{value}},
		{"speck away from the corner", []box{letter, value, speck}, []box{letter, speck}, []box{value}},
		{"blank tile", nil, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := image.NewRGBA(image.Rect(0, 0, s, s))
			for i := range m.Pix {
				m.Pix[i] = 225
			}
			for _, b := range tc.boxes {
				for y := b.y0; y < b.y1; y++ {
					for x := b.x0; x < b.x1; x++ {
						o := y*m.Stride + 4*x
						m.Pix[o], m.Pix[o+1], m.Pix[o+2] = 20, 20, 20
					}
				}
			}
			got := dropValue(m)
			dark := func(b box) bool {
				x, y := (b.x0+b.x1)/2, (b.y0+b.y1)/2
				return got.Pix[y*got.Stride+4*x] < inkLevel
			}
			for _, b := range tc.dark {
				if !dark(b) {
					t.Errorf("box %v painted out, want it kept", b)
				}
			}
			for _, b := range tc.light {
				if dark(b) {
					t.Errorf("box %v kept, want it painted out", b)
				}
			}
			if tc.boxes == nil && !bytes.Equal(got.Pix, m.Pix) {
				t.Error("a blank crop changed")
			}
		})
	}
}

// crowd pastes the tile at square (sr, sc) of the photo (in the found
// grid's own order) onto each square in to: every pixel of a target
// square takes the source square's pixel at the same place in the square.
func crowd(t *testing.T, img image.Image, sr, sc int, to [][2]int) *image.RGBA {
	t.Helper()
	g, err := vision.FindGrid(img, Size)
	if err != nil {
		t.Fatal(err)
	}
	f := &frame{p: toPicture(img), g: g}
	align(f)
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			out.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	src := f.squareH(sr, sc)
	for _, rc := range to {
		dst := f.squareH(rc[0], rc[1])
		inv := dst.Inverse()
		var q vision.Quad
		for i, p := range []vision.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}} {
			q[i] = dst.Apply(p)
		}
		x0, y0, x1, y1 := q[0].X, q[0].Y, q[0].X, q[0].Y
		for _, p := range q {
			x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
		}
		for y := int(y0); y <= int(y1)+1; y++ {
			for x := int(x0); x <= int(x1)+1; x++ {
				u := inv.Apply(vision.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
				if u.X < 0 || u.Y < 0 || u.X >= 1 || u.Y >= 1 {
					continue
				}
				c := f.p.at(src.Apply(u))
				out.Set(x, y, color.RGBA{uint8(c[0] + 0.5), uint8(c[1] + 0.5), uint8(c[2] + 0.5), 255})
			}
		}
	}
	return out
}

// TestScanCrowdedBoard: a crowded board (about two in five premium
// squares covered and half the plain squares of five rows, tiles pasted
// from one of the photo's own, besides its 21) still reads every square's
// occupancy right: the prints' empty looks and the light around each
// square are learned again without the tiles.
func TestScanCrowdedBoard(t *testing.T) {
	img := loadImage(t, "testdata/photos/IMG_20141025_164052.jpg")
	var to [][2]int
	want := map[[2]int]bool{}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			p := premiumAt[r][c]
			if isStar(r, c) || (r >= 6 && r <= 13 && c >= 4 && c <= 13) {
				continue // the photo's own tiles lie there
			}
			if (p != Plain && (r+2*c)%5 < 2) || (p == Plain && r%3 == 0 && c%2 == 0) {
				to = append(to, [2]int{r, c})
				want[[2]int{r, c}] = true
			}
		}
	}
	// The photo's tile at row 7, column 5 (an I) is pasted: the grid is
	// upright in this photo, so the picture's order is the board's.
	crowded := crowd(t, img, 7, 5, to)
	r, err := Scan(crowded, Options{Reader: reader(t)})
	if err != nil {
		t.Fatal(err)
	}
	l, err := LoadLabel("testdata/real/IMG_20141025_164052.txt")
	if err != nil {
		t.Fatal(err)
	}
	missed, invented := 0, 0
	for row := 0; row < Size; row++ {
		for col := 0; col < Size; col++ {
			tile := want[[2]int{row, col}] || l.Cells[row][col] != ""
			got := r.Cells[row][col] != nil
			switch {
			case tile && !got:
				missed++
				t.Logf("missed row %d col %d (%d)", row, col, premiumAt[row][col])
			case !tile && got:
				invented++
			}
		}
	}
	t.Logf("%d tiles pasted, %d on the photo; missed %d, invented %d", len(to), len(r.Tiles()), missed, invented)
	// A pasted tile keeps the light of the square it was cut from, which
	// the light's correction at its new place does not expect: one or two
	// pasted near the board's edge may stand apart from the others.
	if missed > 2 || invented > 0 {
		t.Errorf("missed %d tiles, invented %d\n%s", missed, invented, r.Text())
	}
}

// TestDropLoneTiles: a tile touching no other tile is dropped when it is
// a blank or its letter is unsure under loneConf; a sure letter alone,
// and any tile of a word, stay.
func TestDropLoneTiles(t *testing.T) {
	letter := func(l string, conf float64) *Cell { return &Cell{Letter: l, Conf: conf} }
	blank := &Cell{Blank: true, Conf: 0.5}
	for _, tc := range []struct {
		name   string
		tiles  map[[2]int]*Cell
		kept   [][2]int
		unseen [][2]int // squares out of view
	}{
		{"a lone blank", map[[2]int]*Cell{{3, 4}: blank}, nil, nil},
		{"a lone faint letter", map[[2]int]*Cell{{0, 14}: letter("H", 0.17)}, nil, nil},
		{"a lone sure letter", map[[2]int]*Cell{{9, 9}: letter("Q", 0.95)}, [][2]int{{9, 9}}, nil},
		{"a blank in a word", map[[2]int]*Cell{{7, 7}: letter("A", 0.99), {7, 8}: blank}, [][2]int{{7, 7}, {7, 8}}, nil},
		{"two faint tiles side by side", map[[2]int]*Cell{{14, 0}: blank, {13, 0}: letter("L", 0.1)}, [][2]int{{14, 0}, {13, 0}}, nil},
		{"a faint tile beside a square out of view", map[[2]int]*Cell{{0, 3}: letter("O", 0.15)}, [][2]int{{0, 3}}, [][2]int{{0, 2}}},
		{"a faint tile with only diagonal squares out of view", map[[2]int]*Cell{{1, 3}: blank}, nil, [][2]int{{0, 2}, {0, 4}}},
		{"diagonal neighbours are no word", map[[2]int]*Cell{{5, 5}: letter("E", 0.99), {6, 6}: blank}, [][2]int{{5, 5}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var unseen [Size][Size]bool
			for _, p := range tc.unseen {
				unseen[p[0]][p[1]] = true
			}
			checkKept(t, tc.tiles, tc.kept, func(c *[Size][Size]*Cell) { dropLoneTiles(c, &unseen, &[Size][Size]bool{}) })
		})
	}
}

// TestKeepBlanks: a board read with more blanks than the set's two keeps
// the two read most surely and empties the others; letters are never
// touched, two blanks or fewer stay as read, and so do the blanks of a
// board whose letters the reader cannot read (blurred, or no letter
// read).
func TestKeepBlanks(t *testing.T) {
	letter := func(l string) *Cell { return &Cell{Letter: l, Conf: 0.3} }
	blank := func(conf float64) *Cell { return &Cell{Blank: true, Conf: conf} }
	word := map[[2]int]*Cell{{9, 9}: letter("Q"), {9, 10}: letter("U"), {9, 11}: letter("E"), {9, 12}: letter("S"), {9, 13}: letter("T")}
	with := func(m map[[2]int]*Cell) map[[2]int]*Cell {
		for p, c := range word {
			m[p] = c
		}
		return m
	}
	wordAt := [][2]int{{9, 9}, {9, 10}, {9, 11}, {9, 12}, {9, 13}}
	for _, tc := range []struct {
		name    string
		tiles   map[[2]int]*Cell
		blurred bool
		kept    [][2]int
	}{
		{"two blanks", with(map[[2]int]*Cell{{7, 7}: blank(0.5), {7, 8}: blank(0.2)}), false, append([][2]int{{7, 7}, {7, 8}}, wordAt...)},
		{"a shadow's blanks", with(map[[2]int]*Cell{
			{3, 3}: blank(0.5), {3, 4}: blank(0.9), {4, 3}: blank(0.1), {4, 4}: blank(0.7),
		}), false, append([][2]int{{3, 4}, {4, 4}}, wordAt...)},
		{"blurred", with(map[[2]int]*Cell{
			{3, 3}: blank(0.5), {3, 4}: blank(0.9), {4, 3}: blank(0.1),
		}), true, append([][2]int{{3, 3}, {3, 4}, {4, 3}}, wordAt...)},
		{"more blanks than letters", with(map[[2]int]*Cell{
			{3, 3}: blank(0.5), {3, 4}: blank(0.5), {3, 5}: blank(0.1), {3, 6}: blank(0.9), {3, 7}: blank(0.5), {3, 8}: blank(0.5),
		}), false, append([][2]int{{3, 3}, {3, 6}}, wordAt...)},
		{"no letter read", map[[2]int]*Cell{
			{3, 3}: blank(0.5), {3, 4}: blank(0.5), {3, 5}: blank(0.1), {3, 6}: blank(0.9),
		}, false, [][2]int{{3, 3}, {3, 4}, {3, 5}, {3, 6}}},
		{"no blank", map[[2]int]*Cell{{0, 0}: letter("A"), {0, 1}: letter("T")}, false, [][2]int{{0, 0}, {0, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkKept(t, tc.tiles, tc.kept, func(cells *[Size][Size]*Cell) { keepBlanks(cells, tc.blurred) })
		})
	}
}

// checkKept puts the tiles on an empty board, applies a rule that empties
// squares of it (rule), and checks that exactly the squares kept still
// hold a tile.
func checkKept(t *testing.T, tiles map[[2]int]*Cell, kept [][2]int, rule func(*[Size][Size]*Cell)) {
	t.Helper()
	var cells [Size][Size]*Cell
	for p, c := range tiles {
		cells[p[0]][p[1]] = c
	}
	rule(&cells)
	want := map[[2]int]bool{}
	for _, p := range kept {
		want[p] = true
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if got := cells[r][c] != nil; got != want[[2]int{r, c}] {
				t.Errorf("square %d,%d: tile %v, want %v", r, c, got, want[[2]int{r, c}])
			}
		}
	}
}

// TestScanSearched: a scan handed the board search's answer (Searched)
// reads the board from it as the scan that searches reads it, and does
// not search again: handed "the board is cut by the picture's edge" with
// no grid, it gives that answer for a photo whose board its own search
// finds whole.
func TestScanSearched(t *testing.T) {
	img := loadImage(t, filepath.Join("testdata", "photos", "IMG_20141025_164044.jpg"))
	rd := reader(t)
	want, err := Scan(img, Options{Reader: rd, WholeOnly: true, PartlyInView: true})
	if err != nil {
		t.Fatal(err)
	}
	g, gerr := vision.FindGridWhole(img, Size)
	for _, tc := range []struct {
		name  string
		found *Searched
		cut   bool
	}{
		{"the search's own answer", &Searched{Grid: g, Err: gerr}, false},
		{"cut by the edge, no grid", &Searched{Err: &vision.OutOfViewError{Sides: []string{"left"}}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Scan(img, Options{Reader: rd, WholeOnly: true, PartlyInView: true, Searched: tc.found})
			if tc.cut {
				if !errors.Is(err, vision.ErrOutOfView) {
					t.Fatalf("got %v, want the board cut by the edge (the answer handed in, not a search)", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if dump(got) != dump(want) {
				t.Errorf("read from the answer handed in:\n%s\nwant, as the scan's own search reads it:\n%s", dump(got), dump(want))
			}
		})
	}
}

// TestScanPhotoSearch: a scan handed the photo's board searches
// (Options.Photo: the loose route's, shared by its quick look and its
// whole one) reads the board as its own search does, by the lines alone
// and by the later stages; searches of another photo are not taken.
func TestScanPhotoSearch(t *testing.T) {
	img := loadImage(t, filepath.Join("testdata", "photos", "IMG_20141025_164044.jpg"))
	other := loadImage(t, filepath.Join("testdata", "photos", "IMG_20141025_163920.jpg"))
	rd := reader(t)
	ph := vision.NewPhotoSearch(img)
	for _, tc := range []struct {
		name   string
		opt    Options
		search *vision.PhotoSearch
	}{
		{"by the lines", Options{Reader: rd, LinesOnly: true, PartlyInView: true}, ph},
		{"by the later stages, after the lines", Options{Reader: rd, WholeOnly: true, PartlyInView: true}, ph},
		{"another photo's searches", Options{Reader: rd, WholeOnly: true, PartlyInView: true}, vision.NewPhotoSearch(other)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, werr := Scan(img, tc.opt)
			o := tc.opt
			o.Photo = tc.search
			got, err := Scan(img, o)
			if (err == nil) != (werr == nil) {
				t.Fatalf("error %v, the scan's own %v", err, werr)
			}
			if err != nil {
				return
			}
			if dump(got) != dump(want) {
				t.Errorf("read through the photo's searches:\n%s\nwant, as the scan's own search reads it:\n%s", dump(got), dump(want))
			}
		})
	}
}
