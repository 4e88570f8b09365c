package loose

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestWrongTrace (opt-in: LOOSE_WRONG_DIRS=augment folders, comma
// separated) scans each photo as eval-loose --photos does and logs every
// labelled A-Z tile read wrong and every false tile: its letter and
// confidence, the verifier's cues, how it was found, and the reader's
// own reading of its crop; with LOOSE_WRONG_OUT set each such tile's
// crop is written there as a PNG.
func TestWrongTrace(t *testing.T) {
	dirs := os.Getenv("LOOSE_WRONG_DIRS")
	if dirs == "" {
		t.Skip("LOOSE_WRONG_DIRS not set")
	}
	out := os.Getenv("LOOSE_WRONG_OUT")
	stats := map[string]int{}
	defer logStats(t, stats)
	for _, dir := range strings.Split(dirs, ",") {
		rd0, err := ocr.Default(ocr.English)
		if err != nil {
			t.Skip(err)
		}
		rd, names := Reader(rd0), augmentNames(t, dir)
		pooled := letterReader(Options{Reader: rd})
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Logf("%s %s: %v", filepath.Base(dir), name[:13], err)
				continue
			}
			src := (Options{}).rgbOf(img)
			matchF, _ := matchCentres(r.Tiles, truth)
			for i, ft := range r.Tiles {
				if ft.Letter == "" || ft.Letter == "?" {
					continue
				}
				again, _ := pooled.Read(rectify(src, ft.Corners, 64, 1.3))
				right, againRight := "false", "-"
				if matchF[i] >= 0 {
					want := truth[matchF[i]].Letter
					right = fmt.Sprint(strings.EqualFold(want, ft.Letter))
					againRight = fmt.Sprint(strings.EqualFold(want, again.Letter))
				}
				key := fmt.Sprintf("straight=%v added=%v sure=%v agree=%v right=%v asTakenRight=%v", ft.straight, ft.tiltAdded, ft.Conf >= SureConf, again.Letter == ft.Letter, right, againRight)
				stats[key]++
				if ft.Conf >= SureConf && ft.hasCues && ft.cues[6] == 0 {
					k2 := fmt.Sprintf("SURE-CROPS-DISAGREE right=%v", right)
					stats[k2]++
					t.Logf("%s %s %s: %q %.2f at (%.0f,%.0f) cues %s", k2, filepath.Base(dir), name[:13], ft.Letter, ft.Conf, ft.Center.X, ft.Center.Y, cueText(ft))
				}
				if again.Letter != ft.Letter {
					t.Logf("DISAGREE %s %s %s: %q %.2f, as taken %q %.2f", filepath.Base(dir), name[:13], key, ft.Letter, ft.Conf, again.Letter, again.Conf)
				}
			}
			for i, ft := range r.Tiles {
				kind := ""
				want := "-"
				if matchF[i] < 0 {
					kind = "FALSE"
				} else {
					want = truth[matchF[i]].Letter
					if len(want) != 1 || want[0] < 'A' || want[0] > 'Z' || strings.EqualFold(want, ft.Letter) {
						continue
					}
					kind = "WRONG"
				}
				if ft.Conf >= SureConf {
					kind += "-SURE"
				}
				raw, _ := pooled.Read(rectify(src, ft.Corners, 64, 1.3))
				t.Logf("%s %s %s want %s got %q %.2f at (%.0f,%.0f) side %.0f board %v byLetter %v tiltAdded %v glyph %v angle %.0f; reader %q %.2f at %.0f; cues %s",
					filepath.Base(dir), name[:13], kind, want, ft.Letter, ft.Conf, ft.Center.X, ft.Center.Y, ft.Side, r.board, ft.byLetter, ft.tiltAdded, ft.hasGlyph, ft.Angle, raw.Letter, raw.Conf, raw.Angle, cueText(ft))
				if out != "" {
					f, err := os.Create(filepath.Join(out, fmt.Sprintf("%s_%s_%s_%.0f_%.0f_%s_%s.png", filepath.Base(dir), name[:13], kind, ft.Center.X, ft.Center.Y, want, ft.Letter)))
					if err == nil {
						_ = png.Encode(f, rectify(src, ft.Corners, 128, 1.3))
						f.Close()
					}
				}
			}
		}
	}
}

// cueText is a tile's verifier cues, named.
func cueText(ft Tile) string {
	if !ft.hasCues {
		return "none"
	}
	var b strings.Builder
	for i, n := range cueNames[1:] {
		fmt.Fprintf(&b, "%s=%.2f ", n, ft.cues[i+1])
	}
	return b.String()
}

// logStats logs a diagnostic's counts, one "STAT" line each, by name.
func logStats(t *testing.T, stats map[string]int) {
	keys := make([]string, 0, len(stats))
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("STAT %s: %d", k, stats[k])
	}
}
