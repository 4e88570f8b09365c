package loose

import (
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/internal/sharedtest"
	"github.com/tilescope/tilescope/ocr"
)

// benchScene renders one 1640x1232 scene of game (seed 6, normal
// conditions) and decodes its JPEG, as a camera photo would arrive.
func benchScene(b *testing.B, game string, seed int64) image.Image {
	b.Helper()
	img, _ := renderScene(b, game, "normal", seed)
	return img
}

// BenchmarkScanLoose: finding the tiles of a Lexicon crossword in a
// 1640x1232 photo and fitting the lattice (no letter reading: the
// reader's own cost is ocr's benchmark). Target: 150 ms.
func BenchmarkScanLoose(b *testing.B) {
	img := benchScene(b, "lexicon", 6)
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		r, err := Scan(img, Options{Lattice: true})
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Tiles) == 0 {
			b.Fatal("no tiles")
		}
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
}

// cpuTime is the process's user+system CPU time: on a loaded machine it
// shows the work done, where wall time shows the wait as well.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkScanBananagrams: one real 640x640 photo of scattered tiles.
func BenchmarkScanBananagrams(b *testing.B) {
	f, err := os.Open(filepath.Join("testdata", "bananagrams", "images", "b1.jpg"))
	if err != nil {
		b.Skip(err)
	}
	img, err := jpeg.Decode(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := Scan(img, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkScanLooseRead: the same photo with our English reader naming
// every tile (what `tilescope scan --game lexicon` does).
func BenchmarkScanLooseRead(b *testing.B) {
	img := benchScene(b, "lexicon", 6)
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		b.Skip(err)
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true})
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Tiles) == 0 {
			b.Fatal("no tiles")
		}
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
}

// mosaic100 is a 1640x1232 photo of about 100 real tiles: the three
// ban-seg test photos and the first again, each 640x616 of it (tiles cut
// at the crop edge included), on a plain table.
func mosaic100(b testing.TB) image.Image {
	b.Helper()
	out := image.NewRGBA(image.Rect(0, 0, 1640, 1232))
	draw.Draw(out, out.Bounds(), &image.Uniform{color.RGBA{128, 96, 70, 255}}, image.Point{}, draw.Src)
	for k, name := range []string{"b1", "b2", "b3", "b1"} {
		f, err := os.Open(filepath.Join("testdata", "bananagrams", "images", name+".jpg"))
		if err != nil {
			b.Skip(err)
		}
		img, err := jpeg.Decode(f)
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		at := image.Pt(90+(k%2)*820, (k/2)*616)
		draw.Draw(out, image.Rect(at.X, at.Y, at.X+640, at.Y+616), img, image.Pt(0, 12), draw.Src)
	}
	return out
}

// BenchmarkScanLoose100: `scan --game lexicon` on a 1640x1232 photo of
// about 100 real tiles lying anyhow, with our English reader and the
// command's options, the board route included (OnBoard: the search for a
// printed board and for a close-up's lattice, which a table of loose
// tiles pays for and does not use). Targets: 300 ms median, 200 MB peak
// memory (reported as peak-rss-MB).
func BenchmarkScanLoose100(b *testing.B) {
	img := mosaic100(b)
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		b.Skip(err)
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	var n int
	for i := 0; i < b.N; i++ {
		r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
		if err != nil {
			b.Fatal(err)
		}
		n = len(r.Tiles)
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(n), "tiles")
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "peak-rss-MB")
	}
}

// BenchmarkScanLooseTilted: `scan --game lexicon` (the command's options)
// on a real photo seen by a camera tilted 24 degrees off the table's
// normal: ban-seg valid's 73-tile photo (CC BY 4.0, ../shared's
// bananagrams-fi) warped as augment's tilt family does. Its tiles' sizes
// say tilted, so the scan looks at it again straightened (tiltLook): the
// cost BenchmarkScanLoose100's flat mosaic does not show. "first" is the
// scan without that look (its cost alone).
func BenchmarkScanLooseTilted(b *testing.B) {
	photo := benchPhoto(b, "1770633540975_jpg.rf.6a9d0eb8b9d61121c77b94a865ae9105.jpg")
	benchLook(b, tiltedPhoto(b, photo, nil, 24, 46), func(o *Options) { o.noTilt = true })
}

// BenchmarkScanLooseAtEdge: `scan --game lexicon` on a real photo as
// taken whose sure tiles reach the picture's edge: ban-seg valid's
// 25-tile photo 1770633539395 (CC BY 4.0). The scan looks at it again
// set in a rim of the table's colour (rimLook), as it does most photos
// as taken (loosecrop: +74 % CPU on ban-seg valid); the rimmed photo is
// scanned with every look of its own. "first" is the scan without that
// look.
func BenchmarkScanLooseAtEdge(b *testing.B) {
	benchLook(b, benchPhoto(b, "1770633539395_jpg.rf.0ddcbcd05327d3b34a5dd8f03c3690fc.jpg"), func(o *Options) { o.noRim = true })
}

// benchPhoto decodes a ban-seg valid photo (skipping where ../shared is
// not there).
func benchPhoto(b *testing.B, name string) image.Image {
	b.Helper()
	dir := filepath.Join(sharedtest.Dir(b, "data/photos"), "bananagrams-fi", "valid", "images")
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		b.Skip(err)
	}
	defer f.Close()
	photo, err := jpeg.Decode(f)
	if err != nil {
		b.Fatal(err)
	}
	return photo
}

// benchLook times the scan with the command's options ("scan") and
// without one of its second looks ("first", off sets it off), with the
// CPU each takes and the tiles it reports.
func benchLook(b *testing.B, img image.Image, off func(*Options)) {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		b.Skip(err)
	}
	for _, bc := range []struct {
		name  string
		first bool
	}{{"scan", false}, {"first", true}} {
		b.Run(bc.name, func(b *testing.B) {
			opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
			if bc.first {
				off(&opt)
			}
			b.ResetTimer()
			cpu0 := cpuTime()
			var n int
			for i := 0; i < b.N; i++ {
				r, err := Scan(img, opt)
				if err != nil {
					b.Fatal(err)
				}
				n = len(r.Tiles)
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(n), "tiles")
		})
	}
}
