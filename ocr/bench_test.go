package ocr

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func loadPNGs(tb testing.TB, pattern string) []image.Image {
	tb.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		tb.Fatalf("no fixtures %s", pattern)
	}
	var out []image.Image
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			tb.Fatal(err)
		}
		img, err := png.Decode(fh)
		fh.Close()
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, img)
	}
	return out
}

// BenchmarkRead is the time our classifier takes per crop (real tile
// crops from the held-out photos, about 70 x 70 pixels). cpu-ns/op is
// the CPU time per crop, which does not count waiting for a busy CPU.
func BenchmarkRead(b *testing.B) {
	rd, err := Default(English)
	if err != nil {
		b.Skip(err)
	}
	crops := loadPNGs(b, "testdata/real/*.png")
	if _, err := rd.Read(crops[0]); err != nil { // load the model first
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := rd.Read(crops[i%len(crops)]); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

// BenchmarkFeatures is normalisation and feature extraction alone.
func BenchmarkFeatures(b *testing.B) {
	crops := loadPNGs(b, "testdata/real/*.png")
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := Features(crops[i%len(crops)]); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}
