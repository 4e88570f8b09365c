package loose

import (
	"image"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/imagesize"
)

// TestScanCloseUpOfBoard: a close-up of part of a Scrabble board (a crop
// of a tuning photo round its tiles, a tile's margin or less: the
// board's outline and most of its grid out of view) is read through the
// lattice of the board's printed lines, its printed words and premium
// squares no tile; a photo of loose tiles on a table shows no such
// lattice. The tightest close-ups, a few squares round one word (under
// five squares across: crossings looked for in windows of two squares)
// or cut at the tiles' own edges (the outer tiles' squares reach out of
// the photo), were read as tens of tiny tiles, the print's letters.
func TestScanCloseUpOfBoard(t *testing.T) {
	_, cls, scrabblePhoto := scrabblePhotos(t)
	same := func(read, label string) bool { return strings.EqualFold(read, label) }
	cases := []struct {
		name   string
		photo  string
		margin float64 // round the tiles, in tiles' sides
	}{
		{"a tile's margin, one word", "IMG_20141025_163933", 1},
		{"a tile's margin, a crossword", "IMG_20141025_164052", 1},
		{"a quarter tile's margin, one word", "IMG_20141025_163920", 0.25},
		{"cut at the tiles' edges, one word", "IMG_20141025_163949", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, truth := scrabblePhoto(t, c.photo)
			crop, r := closeUp(img, truth, c.margin)
			if _, ok := findPrintLattice(toRGB(crop)); !ok {
				t.Fatalf("no lattice found in the close-up %v", r)
			}
			got, err := Scan(crop, Options{Reader: cls, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreCentres(got.Tiles, truth, same)
			// Nine in ten lettered tiles found, eight in ten read (the
			// blanks are not looked for on a lattice of print; 164052's
			// close-up misses one lettered tile), none invented.
			if s.Found < s.AZ*9/10 || s.False != 0 || s.AZRight < s.AZ*8/10 {
				t.Errorf("found %d of %d (%d lettered), %d false, read %d", s.Found, s.Truth, s.AZ, s.False, s.AZRight)
			}
			if _, err := LayoutText(got, func(l string) (rune, bool) { return rune(l[0]), len(l) == 1 }); err != nil {
				t.Errorf("layout: %v", err)
			}
		})
	}
	t.Run("loose tiles on a table", func(t *testing.T) {
		fs, err := filepath.Glob("testdata/bananagrams/images/*.jpg")
		if err != nil || len(fs) == 0 {
			t.Fatalf("no ban-seg photos in testdata: %v", err)
		}
		for _, f := range fs {
			img, _, err := imagesize.DecodeFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if pl, ok := findPrintLattice(toRGB(img)); ok {
				t.Errorf("%s: a board's lattice found (pitch %.0f px, %d crossings)", filepath.Base(f), pl.pitch, pl.windows)
			}
		}
	})
}

// BenchmarkFindPrintLattice: the search for a printed board's lattice
// that `scan --game lexicon` adds where no whole board is found, on the
// 1640x1232 photo of about 100 loose tiles (BenchmarkScanLoose100's):
// its cost on a photo with no board.
func BenchmarkFindPrintLattice(b *testing.B) {
	src := toRGB(mosaic100(b))
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, ok := findPrintLattice(src); ok {
			b.Fatal("a lattice found among loose tiles")
		}
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkPrintLattices: the lattice search with its halves'
// (printLattices), which `scan --game lexicon` makes where no whole
// board is found, on the same photo of loose tiles (no lattice in the
// whole photo, so its four halves are searched too).
func BenchmarkPrintLattices(b *testing.B) {
	src := toRGB(mosaic100(b))
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if parts := printLattices(src); len(parts) > 0 {
			b.Fatal("a lattice found among loose tiles")
		}
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
}

// closeUp is the photo cropped to the box round its labelled tiles grown
// by margin tiles' sides (as the closeups command cuts them), and that
// box.
func closeUp(img image.Image, truth []TruthTile, margin float64) (image.Image, image.Rectangle) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	side := 0.0
	for _, tt := range truth {
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range tt.Outline {
			minX, minY, maxX, maxY = math.Min(minX, p.X), math.Min(minY, p.Y), math.Max(maxX, p.X), math.Max(maxY, p.Y)
		}
		x0, y0, x1, y1 = math.Min(x0, minX), math.Min(y0, minY), math.Max(x1, maxX), math.Max(y1, maxY)
		side += math.Sqrt((maxX-minX)*(maxY-minY)) / float64(len(truth))
	}
	b := img.Bounds()
	m := margin * side
	r := image.Rect(max(b.Min.X, int(x0-m)), max(b.Min.Y, int(y0-m)), min(b.Max.X, int(x1+m)), min(b.Max.Y, int(y1+m)))
	return img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(r), r
}

// TestCloseUpReadUpright: the tiles of a close-up of a board, read
// through the print's lattice, are read as the board's way up has them
// (readUpright), their value numbers dropped: read free, a square's
// letter with its value was read as another letter turned (a V with its
// 4 as a K turned a twelfth, an I with its 1 as an L, a P with its 3 as
// an R), unsure. Every lettered tile found is read right, and a tile
// read wrong is never sure.
func TestCloseUpReadUpright(t *testing.T) {
	_, cls, scrabblePhoto := scrabblePhotos(t)
	same := func(read, label string) bool { return strings.EqualFold(read, label) }
	cases := []struct {
		name   string
		photo  string
		margin float64
	}{
		{"a V with its 4, a tile's margin", "IMG_20141025_163920", 1},
		{"an I with its 1, three tiles' margin", "IMG_20141025_163949", 3},
		{"an I with its 1, a quarter tile's margin", "IMG_20141025_163949", 0.25},
		{"a P with its 3, a tile's margin", "IMG_20141025_164044", 1},
		{"a P with its 3, half a tile's margin", "IMG_20141025_164052", 0.5},
		{"a P with its 3, two tiles' margin", "IMG_20141025_164044", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, truth := scrabblePhoto(t, c.photo)
			crop, r := closeUp(img, truth, c.margin)
			got, err := Scan(crop, Options{Reader: cls, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreCentres(got.Tiles, truth, same)
			var wrong []Misread
			for _, m := range s.Misread {
				if len(m.Label) == 1 { // a letter A-Z (the blanks are not asked here)
					wrong = append(wrong, m)
				}
			}
			if s.Lettered == 0 || len(wrong) > 0 || s.WrongSure > 0 {
				t.Errorf("close-up %v: of %d lettered tiles found, read wrong: %+v; %d wrong and sure", r, s.Lettered, wrong, s.WrongSure)
			}
		})
	}
}
