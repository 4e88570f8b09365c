package loose

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestQuadCoverTrace (opt-in: LOOSE_COVER_DIRS=augment folders, comma
// separated) scans each photo as eval-loose --photos does and logs for
// every tile: right, wrong or false, sure or not, the share of its quad
// other tiles' quads cover, and its side against its neighbours'.
func TestQuadCoverTrace(t *testing.T) {
	dirs := os.Getenv("LOOSE_COVER_DIRS")
	if dirs == "" {
		t.Skip("LOOSE_COVER_DIRS not set")
	}
	opt := Options{Lattice: true, UprightFromLetters: true, OnBoard: true}
	if os.Getenv("LOOSE_COVER_MAIN") != "" {
		opt.off = stepOverDoubles
	}
	for _, dir := range strings.Split(dirs, ",") {
		rd0, err := ocr.Default(ocr.English)
		if err != nil {
			t.Skip(err)
		}
		rd, names := Reader(rd0), augmentNames(t, dir)
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			o := opt
			o.Reader = rd
			r, err := Scan(img, o)
			if err != nil {
				continue
			}
			matchF, _ := matchCentres(r.Tiles, truth)
			for i, ft := range r.Tiles {
				if ft.Letter == "" || ft.Letter == "?" {
					continue
				}
				kind := "right"
				if matchF[i] < 0 {
					kind = "false"
				} else if w := truth[matchF[i]].Letter; len(w) != 1 || w[0] < 'A' || w[0] > 'Z' {
					continue
				} else if !strings.EqualFold(w, ft.Letter) {
					kind = "wrong"
				}
				kindOf := func(j int) string {
					if matchF[j] < 0 {
						return "false"
					}
					if strings.EqualFold(truth[matchF[j]].Letter, r.Tiles[j].Letter) {
						return "right"
					}
					return "wrong"
				}
				best, bs := -1, 0.0
				for j := range r.Tiles {
					if j != i {
						if s := coveredShare(ft.Corners, r.Tiles[j:j+1]); s > bs {
							best, bs = j, s
						}
					}
				}
				by := "-"
				if best >= 0 {
					by = fmt.Sprintf("%s:%q:%.2f:%.2f:side%.0f", kindOf(best), r.Tiles[best].Letter, r.Tiles[best].Conf, bs, r.Tiles[best].Side)
				}
				pf := planeSide(r.Tiles, i)
				var sure []Tile
				for j, o := range r.Tiles {
					if j != i && o.Conf >= SureConf {
						sure = append(sure, o)
					}
				}
				if sc := coveredShare(ft.Corners, sure); ft.Conf < overDoubleConf && sc >= overDoubleShare {
					by += fmt.Sprintf(" DROPPED sure-cover %.2f glyph %v off %.2f narrow %.2f", sc, ft.hasGlyph, dist(ft.glyph, ft.Center)/ft.Side, ft.cues[11])
				}
				others := append(append([]Tile(nil), r.Tiles[:i]...), r.Tiles[i+1:]...)
				cover := coveredShare(ft.Corners, others)
				nb := neighbourSide(r.Tiles, i, 6)
				ao := 0.0
				if ft.hasCues {
					ao = ft.cues[8] * 45
				}
				t.Logf("QUAD %s %s %s sure=%v %q %.2f at (%.0f,%.0f) cover %.2f side %.0f nb %.2f plane %.2f by %s angleoff %.0f board %v byLetter %v added %v straight %v",
					filepath.Base(dir), name[:13], kind, ft.Conf >= SureConf, ft.Letter, ft.Conf, ft.Center.X, ft.Center.Y, cover, ft.Side, ft.Side/math.Max(nb, 1), ft.Side/math.Max(pf, 1), by, ao, r.board, ft.byLetter, ft.tiltAdded, ft.straight)
			}
		}
	}
}

// neighbourSide is the median side of the k tiles nearest tiles[i].
func neighbourSide(tiles []Tile, i, k int) float64 {
	type nd struct{ d, s float64 }
	var ns []nd
	for j, o := range tiles {
		if j != i && o.Letter != "" && o.Letter != "?" {
			ns = append(ns, nd{dist(o.Center, tiles[i].Center), o.Side})
		}
	}
	sort.Slice(ns, func(a, b int) bool { return ns[a].d < ns[b].d })
	if len(ns) > k {
		ns = ns[:k]
	}
	var s []float64
	for _, n := range ns {
		s = append(s, n.s)
	}
	if len(s) == 0 {
		return 0
	}
	return median(s)
}

// planeSide is the side a least-squares plane over the other lettered
// tiles' sides (side = a + b x + c y) gives at tiles[i]'s centre.
func planeSide(tiles []Tile, i int) float64 {
	var m [3][3]float64
	var v [3]float64
	n := 0
	for j, o := range tiles {
		if j == i || o.Letter == "" || o.Letter == "?" {
			continue
		}
		x := [3]float64{1, o.Center.X, o.Center.Y}
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				m[a][b] += x[a] * x[b]
			}
			v[a] += x[a] * o.Side
		}
		n++
	}
	if n < 6 {
		return 0
	}
	// Cramer's rule.
	det := func(m [3][3]float64) float64 {
		return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	}
	d := det(m)
	if math.Abs(d) < 1e-9 {
		return 0
	}
	var c [3]float64
	for k := 0; k < 3; k++ {
		mk := m
		for a := 0; a < 3; a++ {
			mk[a][k] = v[a]
		}
		c[k] = det(mk) / d
	}
	return c[0] + c[1]*tiles[i].Center.X + c[2]*tiles[i].Center.Y
}
