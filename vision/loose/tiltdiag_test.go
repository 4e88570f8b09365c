package loose

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTiltDiag (opt-in: LOOSE_TILT_DIR=an augment folder, of the tilt
// family or any) logs for each photo the augment's tilt beside the one
// tiltFit reads off the first reading's tiles (the angle taken with
// tiltFocal), and found / read with the straightened look and without.
func TestTiltDiag(t *testing.T) {
	dir, rd, names := augmentDiag(t, "LOOSE_TILT_DIR")
	truthOf := map[string]string{}
	if f, err := os.Open(filepath.Join(dir, "augment.txt")); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) >= 6 {
				truthOf[fs[0]] = fs[2] + "@" + fs[5]
			}
		}
		f.Close()
	}
	files := augmentFiles(dir)
	n, _ := strconv.Atoi(os.Getenv("LOOSE_TILT_N"))
	if n > 0 && n < len(files) {
		files = files[:n]
	}
	var tot [2]CentreScore
	for _, name := range files {
		img, truth := augmentPhoto(t, dir, name, names)
		opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
		line := name[:13] + " truth " + truthOf[name]
		for i, noTilt := range []bool{true, false} {
			if !noTilt && os.Getenv("LOOSE_TILT_FITONLY") != "" {
				continue
			}
			o := opt
			o.noTilt = noTilt
			r, err := Scan(img, o)
			var tiles []Tile
			if err == nil {
				tiles = r.Tiles
			}
			if noTilt && err == nil {
				b := img.Bounds()
				for _, ss := range [][]sizeSample{sizeSamples(r.Tiles), spacingSamples(r.Tiles)} {
					g, h, ratio, ok := tiltFit(ss, b.Dx(), b.Dy())
					deg := math.Atan(tiltFocal*math.Hypot(g, h)) * 180 / math.Pi
					dir := math.Mod(math.Atan2(-g, h)*180/math.Pi+360, 180)
					line += " fit " + strconv.FormatFloat(deg, 'f', 1, 64) + "@" + strconv.FormatFloat(dir, 'f', 0, 64) + " ratio " + strconv.FormatFloat(ratio, 'f', 2, 64) + " ok " + strconv.FormatBool(ok)
				}
			}
			sc := ScoreCentres(tiles, truth, strings.EqualFold)
			line += " | " + strconv.Itoa(sc.Found) + "/" + strconv.Itoa(sc.Truth) + " read " + strconv.Itoa(sc.AZRight) + " f" + strconv.Itoa(sc.False) + " ws" + strconv.Itoa(sc.WrongSure)
			addScore(&tot[i], sc)
		}
		t.Log(line)
	}
	for i, m := range []string{"as is", "straightened look"} {
		s := tot[i]
		t.Logf("total %s: found %d/%d read %d/%d false %d, sure wrong %d, sure false %d", m, s.Found, s.Truth, s.AZRight, s.AZ, s.False, s.WrongSure, s.FalseSure)
	}
}
