package loose

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestSeamTrace (opt-in: LOOSE_SEAM_DIRS=augment folders, comma
// separated) scans each photo as eval-loose --photos does and weighs
// every lettered tile with seamRun: it counts the tiles by what they are
// (read right, read wrong, false), whether they are shown sure, how they
// were found (byLetter, tiltAdded) and how far the ink at their centre
// runs on past their square; it logs every sure false or sure wrong tile
// and every tile whose ink runs on 0.3 or more. With LOOSE_SEAM_OUT set
// those tiles' looks (the quad grown by seamGrow) are written there.
func TestSeamTrace(t *testing.T) {
	dirs := os.Getenv("LOOSE_SEAM_DIRS")
	if dirs == "" {
		t.Skip("LOOSE_SEAM_DIRS not set")
	}
	out := os.Getenv("LOOSE_SEAM_OUT")
	var dump *os.File
	if p := os.Getenv("LOOSE_SEAM_DUMP"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		dump = f
	}
	stats := map[string]int{}
	defer logStats(t, stats)
	rd0, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	rd := Reader(rd0)
	for _, dir := range strings.Split(dirs, ",") {
		names := augmentNames(t, dir)
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Logf("%s %s: %v", filepath.Base(dir), name[:13], err)
				continue
			}
			if r.board {
				continue
			}
			src := (Options{}).rgbOf(img)
			matchF, _ := matchCentres(r.Tiles, truth)
			for i, ft := range r.Tiles {
				if ft.Letter == "" || ft.Letter == "?" {
					continue
				}
				kind, want := "false", "-"
				if matchF[i] >= 0 {
					want = truth[matchF[i]].Letter
					kind = "right"
					if !strings.EqualFold(want, ft.Letter) {
						kind = "wrong"
					}
				}
				sure := ft.Conf >= SureConf
				if len(want) != 1 || want[0] < 'A' || want[0] > 'Z' {
					if kind != "false" {
						kind = "other"
					}
				}
				if dump != nil {
					fmt.Fprintf(dump, "%s\t%s\t%s\t%s\t%s\t%.3f\t%v\t%v\t%v", dir, name, kind, want, ft.Letter, ft.Conf, ft.byLetter, ft.tiltAdded, ft.straight)
					for _, p := range ft.Corners {
						fmt.Fprintf(dump, "\t%.2f\t%.2f", p.X, p.Y)
					}
					fmt.Fprintln(dump)
				}
				sides, _, ok := seamSides(rectify(src, ft.Corners, seamCrop, seamGrow), seamCrop, seamGrow)
				bucket := fmt.Sprint(sides)
				if !ok {
					bucket = "none"
				}
				stats[fmt.Sprintf("%s sure=%v sides %s", kind, sure, bucket)]++
				stats[fmt.Sprintf("%s sure=%v byLetter=%v added=%v sides %s", kind, sure, ft.byLetter, ft.tiltAdded, bucket)]++
				if (sure && kind != "right" && kind != "other") || sides >= seamSidesMin {
					t.Logf("%s %s %s sure=%v want %s got %q %.2f at (%.0f,%.0f) side %.0f byLetter %v tiltAdded %v straight %v sides %d ok %v",
						filepath.Base(dir), name[:13], kind, sure, want, ft.Letter, ft.Conf, ft.Center.X, ft.Center.Y, ft.Side, ft.byLetter, ft.tiltAdded, ft.straight, sides, ok)
					if out != "" {
						f, err := os.Create(filepath.Join(out, fmt.Sprintf("%s_%s_%s_%v_%.0f_%.0f_%s_%s_%d.png", filepath.Base(dir), name[:13], kind, sure, ft.Center.X, ft.Center.Y, want, ft.Letter, sides)))
						if err == nil {
							_ = png.Encode(f, rectify(src, ft.Corners, 128, seamGrow))
							f.Close()
						}
					}
				}
			}
		}
	}
}

// TestSeamCue (opt-in: LOOSE_SEAM_CUE=a file TestSeamTrace dumped with
// LOOSE_SEAM_DUMP) weighs the dumped tiles with seamRun again without
// scanning: counts by what they are and how far their ink runs on, and
// (LOOSE_SEAM_OUT) the looks of the tiles it would call seams.
func TestSeamCue(t *testing.T) {
	p := os.Getenv("LOOSE_SEAM_CUE")
	if p == "" {
		t.Skip("LOOSE_SEAM_CUE not set")
	}
	out := os.Getenv("LOOSE_SEAM_OUT")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	stats := map[string]int{}
	photos := map[string]rgbImage{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 17 {
			continue
		}
		dir, name, kind, want, letter := f[0], f[1], f[2], f[3], f[4]
		var conf float64
		fmt.Sscan(f[5], &conf)
		var q [4]Point
		for i := range q {
			fmt.Sscan(f[9+2*i], &q[i].X)
			fmt.Sscan(f[10+2*i], &q[i].Y)
		}
		src, okp := photos[dir+name]
		if !okp {
			img, _ := augmentPhoto(t, dir, name, augmentNames(t, dir))
			src = (Options{}).rgbOf(img)
			photos[dir+name] = src
		}
		sure := conf >= SureConf
		sides, mask, ok := seamSides(rectify(src, q, seamCrop, seamGrow), seamCrop, seamGrow)
		seam := ok && sides >= seamSidesMin
		in := 0
		if mask != nil {
			half := float64(seamCrop) / seamGrow / 2
			lo, hi := int(float64(seamCrop)/2-half+0.5), int(float64(seamCrop)/2+half+0.5)
			for y := lo; y < hi; y++ {
				for x := lo; x < hi; x++ {
					if mask[y*seamCrop+x] {
						in++
					}
				}
			}
			in = 100 * in / ((hi - lo) * (hi - lo))
		}
		stats[fmt.Sprintf("%s sure=%v sides=%d", kind, sure, sides)]++
		stats[fmt.Sprintf("%s sure=%v byLetter=%s added=%s seam=%v", kind, sure, f[6], f[7], seam)]++
		if seam || (sure && kind == "false") {
			t.Logf("%s %s %s sure=%v want %s got %q %.2f byLetter %s added %s sides %d dark %d%%", filepath.Base(dir), name[:13], kind, sure, want, letter, conf, f[6], f[7], sides, in)
			if out != "" {
				c := centroid(q)
				base := filepath.Join(out, fmt.Sprintf("%s_%s_%s_%v_%.0f_%.0f_%s_%s_%d", filepath.Base(dir), name[:13], kind, sure, c.X, c.Y, want, letter, sides))
				if fo, err := os.Create(base + ".png"); err == nil {
					_ = png.Encode(fo, rectify(src, q, 128, seamGrow))
					fo.Close()
				}
				if mask != nil {
					mi := image.NewGray(image.Rect(0, 0, seamCrop, seamCrop))
					for i, on := range mask {
						if on {
							mi.Pix[i] = 255
						}
					}
					if fm, err := os.Create(base + "_mask.png"); err == nil {
						_ = png.Encode(fm, mi)
						fm.Close()
					}
				}
			}
		}
	}
	var keys []string
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("STAT %s: %d", k, stats[k])
	}
}
