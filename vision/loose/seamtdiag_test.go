package loose

import (
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestSeamTDiag (opt-in: LOOSE_SEAMT=dir:photo:x:y[,...]) scans the
// photo and logs, for the tile nearest (x, y), its letter, confidence,
// how it was found and seamSides; with LOOSE_SEAMT_OUT the look is
// written there.
func TestSeamTDiag(t *testing.T) {
	spec := os.Getenv("LOOSE_SEAMT")
	if spec == "" {
		t.Skip("LOOSE_SEAMT not set")
	}
	old := debugf
	debugf = func(format string, a ...any) { t.Logf("  debug: "+format, a...) }
	defer func() { debugf = old }()
	for _, one := range strings.Split(spec, ",") {
		fs := strings.Split(one, ":")
		dir, photo := fs[0], fs[1]
		x, _ := strconv.ParseFloat(fs[2], 64)
		y, _ := strconv.ParseFloat(fs[3], 64)
		rd, err := ocr.Default(ocr.English)
		if err != nil {
			t.Skip(err)
		}
		names := augmentNames(t, dir)
		var name string
		for _, f := range augmentFiles(dir) {
			if strings.HasPrefix(f, photo) {
				name = f
			}
		}
		img, _ := augmentPhoto(t, dir, name, names)
		r, err := Scan(img, Options{Reader: Reader(rd), Lattice: true, UprightFromLetters: true, OnBoard: true})
		if err != nil {
			t.Fatal(err)
		}
		src := (Options{}).rgbOf(img)
		for _, tl := range r.Tiles {
			if math.Hypot(tl.Center.X-x, tl.Center.Y-y) > 70 {
				continue
			}
			crop := rectify(src, tl.Corners, seamCrop, seamGrow)
			sides, _, ok := seamSides(crop, seamCrop, seamGrow)
			t.Logf("%s %q %.2f at (%.0f,%.0f) corners %v byLetter %v tiltAdded %v seamSides %d ok %v", photo, tl.Letter, tl.Conf, tl.Center.X, tl.Center.Y, tl.Corners, tl.byLetter, tl.tiltAdded, sides, ok)
			if out := os.Getenv("LOOSE_SEAMT_OUT"); out != "" {
				big := rectify(src, tl.Corners, 144, seamGrow)
				f, _ := os.Create(filepath.Join(out, photo+"-"+tl.Letter+"-"+strconv.Itoa(int(tl.Center.X))+".png"))
				png.Encode(f, big)
				f.Close()
			}
		}
	}
}

// TestSeamTCue (opt-in: LOOSE_SEAMT_CUE=a TestSeamTrace dump) writes for
// each dumped tile its square's face grey (the lighter quarter) and its
// darkest greys near the middle and over the square (TSV on stdout).
func TestSeamTCue(t *testing.T) {
	p := os.Getenv("LOOSE_SEAMT_CUE")
	if p == "" {
		t.Skip("LOOSE_SEAMT_CUE not set")
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	photos := map[string]rgbImage{}
	out, _ := os.Create(os.Getenv("LOOSE_SEAMT_CUEOUT"))
	defer out.Close()
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 17 {
			continue
		}
		dir, name := f[0], f[1]
		var q [4]Point
		for i := range q {
			q[i].X, _ = strconv.ParseFloat(f[9+2*i], 64)
			q[i].Y, _ = strconv.ParseFloat(f[10+2*i], 64)
		}
		src, okp := photos[dir+name]
		if !okp {
			img, _ := augmentPhoto(t, dir, name, augmentNames(t, dir))
			src = (Options{}).rgbOf(img)
			photos[dir+name] = src
		}
		crop := rectify(src, q, seamCrop, seamGrow)
		n := seamCrop
		half := float64(n) / seamGrow / 2
		c := float64(n) / 2
		var all, mid []float64
		for y := int(c - half); y < int(c+half); y++ {
			for x := int(c - half); x < int(c+half); x++ {
				i := y*n + x
				pp := crop.Pix[4*i : 4*i+3]
				g := float64(int(pp[0])+int(pp[1])+int(pp[2])) / 3
				all = append(all, g)
				if math.Abs(float64(x)+0.5-c) < half/2 && math.Abs(float64(y)+0.5-c) < half/2 {
					mid = append(mid, g)
				}
			}
		}
		sort.Float64s(all)
		sort.Float64s(mid)
		q75 := all[len(all)*3/4]
		fmt.Fprintf(out, "%s\t%.0f\t%.0f\t%.0f\t%.0f\n", strings.Join(f[:9], "\t"), q75, all[len(all)*5/100], mid[len(mid)*5/100], mid[0])
	}
}
