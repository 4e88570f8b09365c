package scrabble

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

func loadImage(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
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
// reads the same letters in the same places (the letters decide which
// side is up).
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
	if a.Text() != b.Text() {
		t.Errorf("upright:\n%s\nturned:\n%s", a.Text(), b.Text())
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
	img := loadImage(b, "testdata/photos/IMG_20141025_164052_1640x1232.jpg")
	opt := Options{Reader: reader(b)}
	times := make([]time.Duration, 0, b.N)
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := Scan(img, opt); err != nil {
			b.Fatal(err)
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
