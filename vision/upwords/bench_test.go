package upwords

import (
	"image"

	"github.com/tilescope/tilescope/vision"

	"runtime"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/ocr"
)

// BenchmarkScanUpwords scans the committed 1640x1232 rendered scenes in
// turn. Besides ns/op it reports the median and 90th percentile wall time
// per scan, the CPU time per scan (the machine is shared, so wall time
// alone overstates it), the peak resident set of the process and the live
// heap after the scans.
func BenchmarkScanUpwords(b *testing.B) {
	files, err := vision.SceneFiles("testdata/scenes")
	if err != nil || len(files) == 0 {
		b.Fatal("no scenes in testdata/scenes")
	}
	var imgs []image.Image
	for _, f := range files {
		imgs = append(imgs, loadImage(b, f))
	}
	// The whole scan, letters included, with the built-in reader (a
	// stand-in that names every tile A when its model is missing).
	opt := Options{Reader: &letterA{}}
	if rd, err := ocr.ForUpwords(); err == nil {
		opt.Reader = rd
	} else {
		b.Logf("no letter model (%v): letters named by a stand-in", err)
	}
	times := make([]time.Duration, 0, b.N)
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := ScanUpwords(imgs[i%len(imgs)], opt); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(times[len(times)/2]), "median-ms")
	b.ReportMetric(ms(times[len(times)*9/10]), "p90-ms")
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / time.Duration(b.N)
	b.ReportMetric(ms(cpu), "cpu-ms/op")
	b.ReportMetric(float64(ru1.Maxrss)/1024, "maxrss-MB")
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapInuse)/(1<<20), "heap-MB")
}

// BenchmarkReadCells is the squares' part of BenchmarkScanUpwords
// (readCells: each square's tile evidence, each stack's top face and
// height) on the committed scenes, each board placed as the scan placed
// it: most of it is the top faces' search (faceSearch).
func BenchmarkReadCells(b *testing.B) {
	files, err := vision.SceneFiles("testdata/scenes")
	if err != nil || len(files) == 0 {
		b.Fatal("no scenes in testdata/scenes")
	}
	type scene struct {
		img  image.Image
		p    vision.Plane
		read *UpwordsReading
	}
	var scenes []scene
	for _, f := range files {
		img := loadImage(b, f)
		r, err := ScanUpwords(img, Options{Reader: &letterA{}})
		if err != nil {
			b.Fatal(err)
		}
		scenes = append(scenes, scene{img, vision.Luma(img), r})
	}
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := scenes[i%len(scenes)]
		readCells(s.p, s.img, &s.read.Pose, s.read.Found.H, s.read.Board.Rows, UpwordsGeometry)
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / time.Duration(b.N)
	b.ReportMetric(float64(cpu)/float64(time.Millisecond), "cpu-ms/op")
}

// BenchmarkOnSamples sets the committed scenes' registered grids on their
// lines' samples (vision.Grid.OnSamples) in turn, the search and the
// registration done once beforehand: the cost OnSamples adds to a scan.
func BenchmarkOnSamples(b *testing.B) {
	files, err := vision.SceneFiles("testdata/scenes")
	if err != nil || len(files) == 0 {
		b.Fatal("no scenes in testdata/scenes")
	}
	var planes []vision.Plane
	var grids []vision.Grid
	for _, f := range files {
		img := loadImage(b, f)
		p := vision.Luma(img)
		g, err := vision.FindGridWith(p, img, 10, vision.SearchOptions{})
		if err != nil {
			continue
		}
		g, _, _ = registered(p, g)
		planes, grids = append(planes, p), append(grids, g)
	}
	if len(grids) == 0 {
		b.Fatal("no grid found in testdata/scenes")
	}
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		grids[i%len(grids)].OnSamples(planes[i%len(planes)])
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / time.Duration(b.N)
	b.ReportMetric(float64(cpu)/float64(time.Millisecond), "cpu-ms/op")
}
