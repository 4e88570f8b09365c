package tesseract

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/ocr"
)

// cpuTime is the process's user+system CPU time so far (Tesseract runs
// in this process too).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCompare reads the same crops (real tiles from the held-out
// photos and table crops, ../testdata/real) with our classifier and with
// Tesseract, reporting each one's accuracy beside its time per crop.
func BenchmarkCompare(b *testing.B) {
	files, _ := filepath.Glob("../testdata/real/*.png")
	if len(files) == 0 {
		b.Fatal("no crops")
	}
	var imgs []image.Image
	var want []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			b.Fatal(err)
		}
		img, err := png.Decode(fh)
		fh.Close()
		if err != nil {
			b.Fatal(err)
		}
		imgs = append(imgs, img)
		l, _, _ := strings.Cut(filepath.Base(f), "_")
		if strings.HasPrefix(l, "empty") {
			l = ""
		}
		want = append(want, l)
	}
	ours, err := ocr.Default(ocr.English)
	if err != nil {
		b.Fatal(err)
	}
	tess, err := New(ocr.English)
	if err != nil {
		b.Fatal(err)
	}
	defer tess.Close()
	tess4, err := New(ocr.English)
	if err != nil {
		b.Fatal(err)
	}
	defer tess4.Close()
	tess4.Turns = true
	for _, bc := range []struct {
		name string
		rd   ocr.Reader
	}{{"ours", ours}, {"tesseract", tess}, {"tesseract4", tess4}} {
		b.Run(bc.name, func(b *testing.B) {
			if _, err := bc.rd.Read(imgs[0]); err != nil { // load the model first
				b.Fatal(err)
			}
			b.ResetTimer()
			start := cpuTime()
			right, total := 0, 0
			for i := 0; i < b.N; i++ {
				k := i % len(imgs)
				r, err := bc.rd.Read(imgs[k])
				if err != nil {
					b.Fatal(err)
				}
				total++
				if r.Letter == want[k] {
					right++
				}
			}
			b.ReportMetric(100*float64(right)/float64(total), "%right")
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}
