package loose

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestStraightenTrace (opt-in: LOOSE_STRAIGHTEN_DIRS=augment folders,
// comma-separated) logs each photo whose first reading fits a tilt that
// straighten's whole turn does not fit (why, and the largest part of the
// turn that does), with found / read scanned as main scans it (such a
// photo not looked at again) and with the part of the turn taken
// (stepTiltPartial), and the totals over those photos.
func TestStraightenTrace(t *testing.T) {
	env := os.Getenv("LOOSE_STRAIGHTEN_DIRS")
	if env == "" {
		t.Skip("LOOSE_STRAIGHTEN_DIRS not set")
	}
	for _, dir := range strings.Split(env, ",") {
		t.Setenv("LOOSE_STRAIGHTEN_ONE", dir)
		_, rd, names := augmentDiag(t, "LOOSE_STRAIGHTEN_ONE")
		var tot [2]CentreScore
		looked, gaveUp, photos := 0, 0, 0
		for _, name := range augmentFiles(dir) {
			photos++
			img, truth := augmentPhoto(t, dir, name, names)
			opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
			o := opt
			o.noTilt = true
			r, err := Scan(img, o)
			if err != nil || r.board {
				continue
			}
			b := img.Bounds()
			g, h, ratio, ok := tiltFit(sizeSamples(r.Tiles), b.Dx(), b.Dy())
			by := "sizes"
			if !ok || ratio < minTiltRatio {
				g, h, ratio, ok = tiltFit(spacingSamples(r.Tiles), b.Dx(), b.Dy())
				by = "spacing"
				if !ok || ratio < minSpacingRatio {
					continue
				}
			}
			looked++
			_, _, why := straightenBy(g, h, 1, b.Dx(), b.Dy(), r.Tiles)
			if why == tiltFits {
				continue
			}
			gaveUp++
			lo, hi := 0.0, 1.0
			for i := 0; i < tiltPartSteps; i++ {
				mid := (lo + hi) / 2
				if _, _, w := straightenBy(g, h, mid, b.Dx(), b.Dy(), r.Tiles); w == tiltFits {
					lo = mid
				} else {
					hi = mid
				}
			}
			line := filepath.Base(dir) + " " + name + " by " + by + " ratio " + f2(ratio) + ": " + why.String() + ", part " + f2(lo)
			for i, partial := range []bool{false, true} {
				o := opt
				if !partial {
					o.off = stepTiltPartial
				}
				r, err := Scan(img, o)
				var tiles []Tile
				if err == nil {
					tiles = r.Tiles
				}
				sc := ScoreCentres(tiles, truth, strings.EqualFold)
				line += " | " + itoa(sc.Found) + "/" + itoa(sc.Truth) + " read " + itoa(sc.AZRight) + " f" + itoa(sc.False) + " ws" + itoa(sc.WrongSure) + " fs" + itoa(sc.FalseSure)
				addScore(&tot[i], sc)
			}
			t.Log(line)
		}
		t.Logf("%s: %d photos, %d looked at again, %d given up", filepath.Base(dir), photos, looked, gaveUp)
		for i, m := range []string{"main (given up)", "a part of the turn"} {
			s := tot[i]
			t.Logf("  %s: found %d/%d read %d/%d false %d, sure wrong %d, sure false %d", m, s.Found, s.Truth, s.AZRight, s.AZ, s.False, s.WrongSure, s.FalseSure)
		}
	}
}

// f2 is x with two decimals.
func f2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// itoa is strconv.Itoa.
func itoa(n int) string { return strconv.Itoa(n) }

// TestTiltLookTrace (opt-in: LOOSE_TILTLOOK_DIRS=augment folders,
// comma-separated) logs, for each photo looked at again straightened,
// the first reading's score, the straightened reading's, whether it
// stands, and the reading straightened again by the tilt the
// straightened reading's own tiles fit (its tiles in the photo's
// pixels: more tiles than the first reading's); with the totals of
// each and of the better of the first two photo by photo.
func TestTiltLookTrace(t *testing.T) {
	env := os.Getenv("LOOSE_TILTLOOK_DIRS")
	if env == "" {
		t.Skip("LOOSE_TILTLOOK_DIRS not set")
	}
	score := func(tiles []Tile, truth []TruthTile) CentreScore {
		return ScoreCentres(tiles, truth, strings.EqualFold)
	}
	str := func(sc CentreScore) string {
		return itoa(sc.Found) + "/" + itoa(sc.Truth) + " r" + itoa(sc.AZRight) + " f" + itoa(sc.False) + " ws" + itoa(sc.WrongSure) + " fs" + itoa(sc.FalseSure)
	}
	for _, dir := range strings.Split(env, ",") {
		t.Setenv("LOOSE_TILTLOOK_ONE", dir)
		_, rd, names := augmentDiag(t, "LOOSE_TILTLOOK_ONE")
		// first, straightened, as main stands, the better of the two,
		// straightened again
		var tot [7]CentreScore
		looked, stood := 0, 0
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
			o := opt
			o.noTilt = true
			r, err := Scan(img, o)
			if err != nil || r.board {
				continue
			}
			r2, all := straightReading(img, opt, r)
			if r2 == nil {
				continue
			}
			looked++
			s1, s2 := score(r.Tiles, truth), score(r2.Tiles, truth)
			stands := tiltStands(r.Tiles, all)
			sm := s1
			if stands {
				stood++
				sm = s2
			}
			best := s1
			if s2.AZRight > s1.AZRight {
				best = s2
			}
			s3 := sm
			if os.Getenv("LOOSE_TILTLOOK_AGAIN") != "" {
				if r3, _ := straightReading(img, opt, r2); r3 != nil {
					s3 = score(r3.Tiles, truth)
				}
			}
			stand, other := r.Tiles, r2.Tiles
			if stands {
				stand, other = other, stand
			}
			mt := tiltMerge(append([]Tile(nil), stand...), other)
			mergedAll := score(mt, truth)
			for _, u := range mt[len(stand):] {
				lab := "none"
				for _, tt := range truth {
					if insidePolygon(tt.Outline, u.Center) {
						lab = tt.Letter
					}
				}
				nb := nearSides(stand, u.Center, 4)
				t.Logf("  added %q %.2f side %.0f, neighbours' %.0f (%.2f), by letter %v, from straight %v: label %q", u.Letter, u.Conf, u.Side, nb, u.Side/nb, u.byLetter, stands == false, lab)
			}
			var mergedFirst CentreScore
			if stands {
				mergedFirst = mergedAll
			} else {
				mergedFirst = sm
			}
			for i, s := range []CentreScore{s1, s2, sm, best, s3, mergedAll, mergedFirst} {
				addScore(&tot[i], s)
			}
			b := img.Bounds()
			fit := func(tiles []Tile) string {
				g, h, ratio, ok := tiltFit(sizeSamples(tiles), b.Dx(), b.Dy())
				by := "size"
				if !ok || ratio < minTiltRatio {
					g, h, ratio, _ = tiltFit(spacingSamples(tiles), b.Dx(), b.Dy())
					by = "spacing"
				}
				deg := math.Atan(tiltFocal*math.Hypot(g, h)) * 180 / math.Pi
				return by + " " + f2(deg) + "@" + f2(math.Mod(math.Atan2(-g, h)*180/math.Pi+360, 180)) + " ratio " + f2(ratio)
			}
			t.Logf("%s %s: fit %s; again %s | first %s (sure %d) | straight %s (sure %d) stands %v | again %s | merged %s", filepath.Base(dir), name[:13], fit(r.Tiles), fit(r2.Tiles), str(s1), sureCount(r.Tiles), str(s2), sureCount(all), stands, str(s3), str(mergedAll))
		}
		t.Logf("%s: %d looked at again, %d stood", filepath.Base(dir), looked, stood)
		for i, m := range []string{"first", "straightened", "as main stands", "the better", "straightened again", "merged", "merged where it stands"} {
			s := tot[i]
			t.Logf("  %s: found %d/%d read %d/%d false %d, sure wrong %d, sure false %d", m, s.Found, s.Truth, s.AZRight, s.AZ, s.False, s.WrongSure, s.FalseSure)
		}
	}
}

// TestTiltPartSweep (opt-in: LOOSE_TILTPART_DIRS=augment folders,
// comma-separated; LOOSE_TILTPARTS=parts, comma-separated, default
// 0.6,0.8,1,1.2) scores, for each photo looked at again, the reading
// as tiltLook's rule stands it with the straightened picture turned by
// each part of the fitted tilt, and logs the augment's own tilt beside
// the fitted one.
func TestTiltPartSweep(t *testing.T) {
	env := os.Getenv("LOOSE_TILTPART_DIRS")
	if env == "" {
		t.Skip("LOOSE_TILTPART_DIRS not set")
	}
	var parts []float64
	for _, p := range strings.Split(envOr("LOOSE_TILTPARTS", "0.6,0.8,1,1.2"), ",") {
		v, err := strconv.ParseFloat(p, 64)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, v)
	}
	for _, dir := range strings.Split(env, ",") {
		t.Setenv("LOOSE_TILTPART_ONE", dir)
		_, rd, names := augmentDiag(t, "LOOSE_TILTPART_ONE")
		truthOf := map[string]string{}
		if data, err := os.ReadFile(filepath.Join(dir, "augment.txt")); err == nil {
			for _, l := range strings.Split(string(data), "\n") {
				if fs := strings.Fields(l); len(fs) >= 6 {
					truthOf[fs[0]] = fs[2] + "@" + fs[5]
				}
			}
		}
		tot := make([]CentreScore, len(parts)+1)
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
			o := opt
			o.noTilt = true
			r, err := Scan(img, o)
			if err != nil || r.board {
				continue
			}
			b := img.Bounds()
			g, h, ratio, ok := tiltFit(sizeSamples(r.Tiles), b.Dx(), b.Dy())
			if !ok || ratio < minTiltRatio {
				g, h, ratio, ok = tiltFit(spacingSamples(r.Tiles), b.Dx(), b.Dy())
				if !ok || ratio < minSpacingRatio {
					continue
				}
			}
			s1 := ScoreCentres(r.Tiles, truth, strings.EqualFold)
			addScore(&tot[0], s1)
			deg := math.Atan(tiltFocal*math.Hypot(g, h)) * 180 / math.Pi
			line := name[:13] + " truth " + truthOf[name] + " fit " + f2(deg) + "@" + f2(math.Mod(math.Atan2(-g, h)*180/math.Pi+360, 180)) + " | first r" + itoa(s1.AZRight)
			for i, part := range parts {
				sc := s1
				hm, size, why := straightenBy(g, h, part, b.Dx(), b.Dy(), r.Tiles)
				if why == tiltFits {
					if r2, all := readStraightened(img, opt, r, hm, size); r2 != nil && tiltStands(r.Tiles, all) {
						sc = ScoreCentres(r2.Tiles, truth, strings.EqualFold)
					}
				}
				addScore(&tot[i+1], sc)
				line += " | " + f2(part) + ": " + itoa(sc.Found) + " r" + itoa(sc.AZRight) + " f" + itoa(sc.False) + " ws" + itoa(sc.WrongSure)
			}
			t.Log(line)
		}
		for i, s := range tot {
			m := "first"
			if i > 0 {
				m = "part " + f2(parts[i-1])
			}
			t.Logf("%s %s: found %d/%d read %d/%d false %d, sure wrong %d, sure false %d", filepath.Base(dir), m, s.Found, s.Truth, s.AZRight, s.AZ, s.False, s.WrongSure, s.FalseSure)
		}
	}
}

// envOr is the environment variable k, or def where it is empty.
func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// nearSides is the median side of the k tiles nearest p.
func nearSides(tiles []Tile, p Point, k int) float64 {
	type nd struct{ d, side float64 }
	var ns []nd
	for _, t := range tiles {
		ns = append(ns, nd{dist(t.Center, p), t.Side})
	}
	sort.Slice(ns, func(i, j int) bool { return ns[i].d < ns[j].d })
	var sides []float64
	for i := 0; i < k && i < len(ns); i++ {
		sides = append(sides, ns[i].side)
	}
	return median(sides)
}
