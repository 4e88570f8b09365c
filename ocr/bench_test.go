package ocr

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// fixtureFiles is the files each pattern names, in order; a pattern that
// names none fails the test, so a fixture directory lost or renamed is an
// error rather than a test that checks nothing.
func fixtureFiles(tb testing.TB, patterns ...string) []string {
	tb.Helper()
	var out []string
	for _, p := range patterns {
		files, err := filepath.Glob(p)
		if err != nil || len(files) == 0 {
			tb.Fatalf("no fixtures %s", p)
		}
		out = append(out, files...)
	}
	return out
}

func loadPNGs(tb testing.TB, pattern string) []image.Image {
	tb.Helper()
	var out []image.Image
	for _, f := range fixtureFiles(tb, pattern) {
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

// BenchmarkSquareRead is read-tile's SquareReader per crop (the real
// Scrabble fixtures: dark tiles, premium squares, tiles with small
// marks), and BenchmarkPremiumPrint its premium print check alone on the
// same crops whitened (docs/ocr.md, "Empty premium squares against
// tiles").
func BenchmarkSquareRead(b *testing.B) {
	s, err := ForSquares()
	if err != nil {
		b.Skip(err)
	}
	crops := append(loadPNGs(b, "testdata/scrabble/*.png"), loadPNGs(b, "testdata/scrabble-premium/*.png")...)
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := s.Read(crops[i%len(crops)]); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkPremiumPrint(b *testing.B) {
	var crops []*image.Gray
	for _, c := range append(loadPNGs(b, "testdata/scrabble/*.png"), loadPNGs(b, "testdata/scrabble-premium/*.png")...) {
		crops = append(crops, whitenCrop(c))
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		premiumPrint(crops[i%len(crops)])
	}
	reportCPU(b, start)
}

// BenchmarkOutputs is the classifier's forward pass alone (the default
// English model, hidden layer and soft-max) on one crop's features.
func BenchmarkOutputs(b *testing.B) {
	rd, err := Default(English)
	if err != nil {
		b.Skip(err)
	}
	crops := loadPNGs(b, "testdata/real/*.png")
	fv, err := Features(crops[0])
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		rd.(*Classifier).Outputs(fv.Vec)
	}
	reportCPU(b, start)
}
