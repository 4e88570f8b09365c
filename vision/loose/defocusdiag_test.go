package loose

import (
	"bufio"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/ocr"
)

// TestDefocusDiag (opt-in: LOOSE_DEFOCUS_DIR=an augment folder of the
// defocus family; LOOSE_DEFOCUS_MODE=oracle,F1.5,... the deconvolutions
// to try besides the photo as it is) scans each photo as it is and
// deconvolved (oracle: the augment's own sigma; F: a fixed sigma), and
// logs found and read per photo and in total.
func TestDefocusDiag(t *testing.T) {
	dir, rd, names := augmentDiag(t, "LOOSE_DEFOCUS_DIR")
	sigmas := map[string]float64{}
	if f, err := os.Open(filepath.Join(dir, "augment.txt")); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) >= 4 && fs[1] == "defocus" {
				sigmas[fs[0]], _ = strconv.ParseFloat(fs[3], 64)
			}
		}
		f.Close()
	}
	modes := []string{"as is"}
	if m := os.Getenv("LOOSE_DEFOCUS_MODE"); m != "" {
		modes = append(modes, strings.Split(m, ",")...)
	}
	iters := 10
	if s := os.Getenv("LOOSE_DEFOCUS_ITERS"); s != "" {
		iters, _ = strconv.Atoi(s)
	}
	minBlur := 1.2
	if s := os.Getenv("LOOSE_DEFOCUS_MIN"); s != "" {
		minBlur, _ = strconv.ParseFloat(s, 64)
	}
	files := augmentFiles(dir)
	if s := os.Getenv("LOOSE_DEFOCUS_ONLY"); s != "" {
		var keep []string
		for _, f := range files {
			if strings.Contains(s, f[:13]) {
				keep = append(keep, f)
			}
		}
		files = keep
	}
	tot := make([]CentreScore, len(modes))
	for _, name := range files {
		img, truth := augmentPhoto(t, dir, name, names)
		line := fmt.Sprintf("%s sigma %.2f m %.2f (%d):", name[:13], sigmas[name], measuredSigma(img), len(truth))
		for i, m := range modes {
			im := img
			switch {
			case m == "oracle":
				if s := sigmas[name]; s > 0.5 {
					im = toRGB(img).deblurred(s, iters).rgba()
				}
			case strings.HasPrefix(m, "F"):
				s, _ := strconv.ParseFloat(m[1:], 64)
				im = toRGB(img).deblurred(s, iters).rgba()
			case strings.HasPrefix(m, "m"):
				f, _ := strconv.ParseFloat(m[1:], 64)
				if s := measuredSigma(img); s*math.Min(1, 800/float64(max(img.Bounds().Dx(), img.Bounds().Dy()))) >= minBlur {
					im = toRGB(img).deblurred(f*s, iters).rgba()
				}
			case strings.HasPrefix(m, "q"):
				n, _ := strconv.ParseFloat(m[1:], 64)
				if s := measuredSigma(img); s*math.Min(1, 800/float64(max(img.Bounds().Dx(), img.Bounds().Dy()))) >= minBlur {
					im = toRGB(img).deblurred(math.Sqrt(s*s-n*n), iters).rgba()
				}
			case strings.HasPrefix(m, "x"):
				f, _ := strconv.ParseFloat(m[1:], 64)
				if s := sigmas[name] * f; s > 0.5 {
					im = toRGB(img).deblurred(s, iters).rgba()
				}
			}
			opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
			r, err := Scan(im, opt)
			var tiles []Tile
			if err == nil {
				tiles = r.Tiles
			}
			sc := ScoreCentres(tiles, truth, strings.EqualFold)
			line += fmt.Sprintf("  %s %d/%d/%d f%d ws%d", m, sc.Found, sc.AZRight, sc.AZ, sc.False, sc.WrongSure)
			addScore(&tot[i], sc)
		}
		t.Log(line)
	}
	for i, m := range modes {
		s := tot[i]
		t.Logf("total %s: found %d/%d (%.1f%%) read %d/%d (%.1f%%) false %d, sure wrong %d, sure false %d", m, s.Found, s.Truth, 100*float64(s.Found)/float64(s.Truth), s.AZRight, s.AZ, 100*float64(s.AZRight)/float64(s.AZ), s.False, s.WrongSure, s.FalseSure)
	}
}

// TestDefocusSigma (opt-in: LOOSE_DEFOCUS_DIRS=dir,dir) logs blurSigma
// of each photo of augment folders beside the augment's own sigma.
func TestDefocusSigma(t *testing.T) {
	env := os.Getenv("LOOSE_DEFOCUS_DIRS")
	if env == "" {
		t.Skip("LOOSE_DEFOCUS_DIRS not set")
	}
	for _, dir := range strings.Split(env, ",") {
		sigmas := map[string]string{}
		if f, err := os.Open(filepath.Join(dir, "augment.txt")); err == nil {
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				fs := strings.Fields(sc.Text())
				if len(fs) >= 4 {
					sigmas[fs[0]] = strings.Join(fs[1:4], " ")
				}
			}
			f.Close()
		}
		ents, _ := os.ReadDir(filepath.Join(dir, "images"))
		for _, e := range ents {
			img := decodePhotoFile(t, filepath.Join(dir, "images", e.Name()))
			base := strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
			t.Logf("%s %s %dx%d measured %.2f (%s)", filepath.Base(dir), base[:min(13, len(base))], img.Bounds().Dx(), img.Bounds().Dy(), measuredSigma(img), sigmas[base])
		}
	}
}

// measuredSigma is blurSigma of img at 800 px on its longer side, in
// img's own pixels.
func measuredSigma(img image.Image) float64 {
	rgb := toRGB(img)
	s := 800 / float64(max(rgb.w, rgb.h))
	if s < 1 {
		rgb = rgb.reduced(int(math.Round(float64(rgb.w)*s)), int(math.Round(float64(rgb.h)*s)))
	} else {
		s = 1
	}
	return blurSigma(rgb.gray(), rgb.w, rgb.h) / s
}

// TestDefocusStages (opt-in: LOOSE_DEFOCUS_STAGES=an augment folder;
// LOOSE_DEFOCUS_DEBLUR=1 to look at each photo deconvolved by the blur
// measured) logs, for each labelled tile the scan misses, where it is
// lost: no letter blob of the plain search (nor of the blurred one) in
// it; a letter but under a third of it face-coloured in every face
// mask; or a letter and a face (the tile's size, cut or verifier);
// whether the scan without the verifier finds it; and how the reader
// reads the label's box.
func TestDefocusStages(t *testing.T) {
	traceMisses(t, "LOOSE_DEFOCUS_STAGES", func(p missedPhoto, counts map[string]int) []string {
		rgb := p.rgb
		if os.Getenv("LOOSE_DEFOCUS_DEBLUR") != "" {
			// The stages looked at on the photo as Scan sharpens it.
			if d, ok := deblurredOf(p.img, p.opt); ok {
				rgb = d
			}
		}
		preps := map[string]detectPrep{}
		for _, blurred := range []bool{false, true} {
			preps[fmt.Sprint(blurred)] = prepOf(rgb, search{lattice: true, shortI: true, blurred: blurred})
		}
		lr := letterReader(p.opt)
		var missed int
		var lines []string
		for _, tt := range p.truth {
			if labelFound(tt, p.tiles) {
				continue
			}
			missed++
			stage := "no letter"
			for _, k := range []string{"false", "true"} {
				if st := labelStage(tt, preps[k], rgb); st != "no letter" {
					stage = st + " (" + map[string]string{"false": "plain", "true": "blurred"}[k] + ")"
					break
				}
			}
			got := readBox(lr, rgb, tt)
			unverified := labelFound(tt, p.unverified)
			counts[stage]++
			if unverified {
				counts["  of them found without the verifier"]++
			}
			if strings.EqualFold(got.Letter, tt.Letter) {
				counts["  of them read right on the label's box"]++
			}
			lines = append(lines, fmt.Sprintf("  miss %s: %s, no verifier %v, box reads %s %.2f", tt.Letter, stage, unverified, got.Letter, got.Conf))
		}
		head := fmt.Sprintf("%s: %d labels, %d missed, err %v", p.name[:13], len(p.truth), missed, p.err)
		return append([]string{head}, lines...)
	})
}

// missedPhoto is one labelled photo of an opt-in stage diagnostic,
// scanned as the product scans a table and again with the verifier off.
type missedPhoto struct {
	name       string // the photo's name, no .jpg
	img        image.Image
	rgb        rgbImage // img converted once
	truth      []TruthTile
	opt        Options
	tiles      []Tile // the scan's
	unverified []Tile // the scan's with the verifier off
	err        error  // the scan's
}

// traceMisses runs an opt-in stage diagnostic (TestCropStages,
// TestDefocusStages) over the augment folder that the environment
// variable env names: each photo with labels is scanned (missedPhoto) and
// handed to trace, which counts its missed labels by cause into counts
// and returns the photo's log lines; the counts are logged last.
func traceMisses(t *testing.T, env string, trace func(p missedPhoto, counts map[string]int) []string) {
	t.Helper()
	dir, rd, names := augmentDiag(t, env)
	counts := map[string]int{}
	for _, name := range augmentFiles(dir) {
		img, truth := augmentPhoto(t, dir, name, names)
		if len(truth) == 0 {
			continue
		}
		opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
		tiles, unverified, err, _ := scanBothWays(img, opt)
		p := missedPhoto{name: name, img: img, rgb: toRGB(img), truth: truth, opt: opt, tiles: tiles, unverified: unverified, err: err}
		for _, l := range trace(p, counts) {
			t.Log(l)
		}
	}
	logCounts(t, counts)
}

// prepOf is what detectAt finds in rgb for the search sr before its
// face colours are searched (prepare), at rgb's own size.
func prepOf(rgb rgbImage, sr search) detectPrep {
	src, _ := gocv.NewMatFromBytes(rgb.h, rgb.w, gocv.MatTypeCV8UC3, rgb.pix)
	defer src.Close()
	gray := gocv.NewMat()
	defer gray.Close()
	gocv.CvtColor(src, &gray, gocv.ColorRGBToGray)
	return prepare(src, gray, rgb.w, rgb.h, sr)
}

// labelFound says whether a tile's centre lies in the label tt.
func labelFound(tt TruthTile, ts []Tile) bool {
	for _, x := range ts {
		if pointInPoly(x.Center, tt.Outline) {
			return true
		}
	}
	return false
}

// labelStage is how far the label tt gets in the search's preparation
// p: "no letter" (no letter blob's centre in it), "letter, no face"
// (under a third of it face-coloured in every face mask) or "letter and
// face".
func labelStage(tt TruthTile, p detectPrep, rgb rgbImage) string {
	has := false
	for _, b := range p.lb.blobs {
		if pointInPoly(Point{b.x, b.y}, tt.Outline) {
			has = true
		}
	}
	if !has {
		return "no letter"
	}
	face := 0.0
	for _, m := range p.masks {
		face = math.Max(face, polyShare(tt.Outline, m.m, rgb.w, rgb.h))
	}
	if face < 1.0/3 {
		return "letter, no face"
	}
	return "letter and face"
}

// readBox is how the reader lr reads the label tt's bounding box.
func readBox(lr Reader, rgb rgbImage, tt TruthTile) ocr.Reading {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range tt.Outline {
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	got, _ := lr.Read(rectify(rgb, [4]Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, 64, 1.3))
	return got
}

// logCounts logs counts sorted by key.
func logCounts(t *testing.T, counts map[string]int) {
	t.Helper()
	var ks []string
	for k := range counts {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		t.Logf("%-45s %d", k, counts[k])
	}
}

// pointInPoly says whether p lies inside the polygon pts.
func pointInPoly(p Point, pts []Point) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// polyShare is the share of the pixels inside the polygon pts that are
// set in the w x h mask m.
func polyShare(pts []Point, m []byte, w, h int) float64 {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	var n, on int
	for y := max(0, int(y0)); y <= min(h-1, int(y1)); y++ {
		for x := max(0, int(x0)); x <= min(w-1, int(x1)); x++ {
			if pointInPoly(Point{float64(x), float64(y)}, pts) {
				n++
				if m[y*w+x] != 0 {
					on++
				}
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(on) / float64(n)
}

// augmentDiag starts an opt-in diagnostic over an augment folder: it
// skips t unless the environment variable env names one, and returns
// the folder, the English reader and the folder's class letters
// (augmentNames).
func augmentDiag(t *testing.T, env string) (dir string, rd ocr.Reader, names []string) {
	t.Helper()
	dir = os.Getenv(env)
	if dir == "" {
		t.Skip(env + " not set")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	return dir, rd, augmentNames(t, dir)
}

// augmentPhoto is the augment folder dir's photo name (no .jpg) with its
// labels (realPhoto).
func augmentPhoto(t *testing.T, dir, name string, names []string) (image.Image, []TruthTile) {
	t.Helper()
	return realPhoto(t, filepath.Join(dir, "images", name+".jpg"), filepath.Join(dir, "labels", name+".txt"), names)
}

// augmentFiles is the names of an augment folder's photos (no .jpg),
// sorted.
func augmentFiles(dir string) []string {
	ents, _ := os.ReadDir(filepath.Join(dir, "images"))
	var files []string
	for _, e := range ents {
		files = append(files, strings.TrimSuffix(e.Name(), ".jpg"))
	}
	sort.Strings(files)
	return files
}

// addScore adds o's counts to s.
func addScore(s *CentreScore, o CentreScore) {
	s.Truth += o.Truth
	s.Found += o.Found
	s.AZ += o.AZ
	s.AZRight += o.AZRight
	s.False += o.False
	s.WrongSure += o.WrongSure
	s.FalseSure += o.FalseSure
}

// augmentNames is the letters of an augment folder's classes: its
// data.yaml's names (one letter each, upper case; others "") or its
// classes.txt.
func augmentNames(t *testing.T, dir string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "data.yaml"))
	if err != nil {
		return classList(t, filepath.Join(dir, "classes.txt"))
	}
	var names []string
	for _, l := range strings.Split(string(b), "\n") {
		rest, ok := strings.CutPrefix(l, "names:")
		if !ok {
			continue
		}
		for _, n := range strings.Split(strings.Trim(strings.TrimSpace(rest), "[]"), ",") {
			n = strings.Trim(strings.TrimSpace(n), `'"`)
			if len(n) == 1 {
				n = strings.ToUpper(n)
			} else {
				n = ""
			}
			names = append(names, n)
		}
	}
	return names
}
