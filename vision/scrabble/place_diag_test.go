package scrabble

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// placeDiagEnv names render-set directories (comma-separated) for
// TestPlaceDiag: each found board's squares in view compared with the
// render's truth, and placeEvidence on the board as found and moved a
// square each way.
const placeDiagEnv = "TILESCOPE_PLACE_DIAG"

// renderTruth is the part of a render's truth JSON the diagnostic reads.
type renderTruth struct {
	Cells []struct {
		Row, Col int
		Corners  [4][2]float64
		Center   [2]float64
	}
}

func loadTruth(t *testing.T, path string) (centres [Size][Size]vision.Point, pitch [Size][Size]float64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tr renderTruth
	if err := json.Unmarshal(b, &tr); err != nil {
		t.Fatal(err)
	}
	for _, c := range tr.Cells {
		centres[c.Row][c.Col] = vision.Point{X: c.Center[0], Y: c.Center[1]}
		var q vision.Quad
		for i := range q {
			q[i] = vision.Point{X: c.Corners[i][0], Y: c.Corners[i][1]}
		}
		pitch[c.Row][c.Col] = math.Sqrt(math.Abs(quadArea(q)))
	}
	return centres, pitch
}

// inViewErr is each square's distance (in squares) from the truth's,
// for the quarter turn that fits best; NaN out of view.
func inViewErr(f *frame, centres [Size][Size]vision.Point, pitch [Size][Size]float64) (errs [Size][Size]float64) {
	best := math.Inf(1)
	for rot := 0; rot < 4; rot++ {
		var e [Size][Size]float64
		var all []float64
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				e[r][c] = math.NaN()
				if !f.inView(r, c) {
					continue
				}
				br, bc := boardPos(r, c, rot)
				p := f.at(float64(c)+0.5, float64(r)+0.5)
				d := math.Hypot(p.X-centres[br][bc].X, p.Y-centres[br][bc].Y) / pitch[br][bc]
				e[r][c] = d
				all = append(all, d)
			}
		}
		if m := median(all); m < best {
			best, errs = m, e
		}
	}
	return errs
}

func TestPlaceDiag(t *testing.T) {
	dirs := os.Getenv(placeDiagEnv)
	if dirs == "" {
		t.Skipf("set %s to render-set directories", placeDiagEnv)
	}
	var right, off, shifted []float64
	for _, dir := range strings.Split(dirs, ",") {
		names, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
		for _, name := range names {
			img := loadImage(t, name)
			f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
			if err != nil {
				t.Logf("%s: %v", name, err)
				continue
			}
			centres, pitch := loadTruth(t, strings.TrimSuffix(name, ".jpg")+".json")
			errs := inViewErr(f, centres, pitch)
			occ, _, _ := occupancy(f, nil)
			looks := squareLooks(f)
			ref := placePrints(&occ, &looks)
			ratio := placeEvidenceBy(&occ, &looks, ref)
			maxErr, nOff, nTiles := 0.0, 0, 0
			var worst, worstSq float64
			for r := 0; r < Size; r++ {
				for c := 0; c < Size; c++ {
					if !math.IsNaN(errs[r][c]) && errs[r][c] < 0.5 && !math.IsNaN(ratio[r][c]) {
						worstSq = math.Max(worstSq, ratio[r][c])
					}
				}
			}
			for r := 0; r < Size; r++ {
				for c := 0; c < Size; c++ {
					if math.IsNaN(errs[r][c]) {
						continue
					}
					maxErr = math.Max(maxErr, errs[r][c])
					if !occ[r][c] || math.IsNaN(ratio[r][c]) {
						continue
					}
					nTiles++
					if errs[r][c] >= 0.5 {
						nOff++
						off = append(off, ratio[r][c])
					} else {
						right = append(right, ratio[r][c])
						worst = math.Max(worst, ratio[r][c])
					}
				}
			}
			// the board moved a square each way: every tile misplaced
			var sh []float64
			for _, d := range placeShifts {
				g := *f
				g.off = vision.Point{X: f.off.X + float64(d[1]), Y: f.off.Y + float64(d[0])}
				if g.unseen {
					markUnseen(&g)
				}
				gocc, _, _ := occupancy(&g, nil)
				gl := squareLooks(&g)
				gr := placeEvidenceBy(&gocc, &gl, ref)
				for r := 0; r < Size; r++ {
					for c := 0; c < Size; c++ {
						if gocc[r][c] && !math.IsNaN(gr[r][c]) {
							sh = append(sh, gr[r][c])
						}
					}
				}
			}
			shifted = append(shifted, sh...)
			sort.Float64s(sh)
			lowSh := math.NaN()
			if len(sh) > 0 {
				lowSh = sh[len(sh)/20]
			}
			t.Logf("%s: in view max err %.2f, tiles %d (off %d), worst right ratio %.2f (any square %.2f), shifted p5 %.2f", filepath.Base(dir)+"/"+filepath.Base(name), maxErr, nTiles, nOff, worst, worstSq, lowSh)
		}
	}
	q := func(v []float64) string {
		if len(v) == 0 {
			return "none"
		}
		sort.Float64s(v)
		at := func(p float64) float64 { return v[min(len(v)-1, int(p*float64(len(v))))] }
		return fmt.Sprintf("n %d: p0 %.2f p1 %.2f p5 %.2f p50 %.2f p95 %.2f p99 %.2f max %.2f", len(v), v[0], at(0.01), at(0.05), at(0.5), at(0.95), at(0.99), v[len(v)-1])
	}
	t.Logf("right tiles: %s", q(right))
	t.Logf("off tiles:   %s", q(off))
	t.Logf("shifted:     %s", q(shifted))
}

// TestPlaceMap prints placeEvidence's ratio on every square of one
// render scene (TILESCOPE_PLACE_MAP=path.jpg) beside its in-view error.
func TestPlaceMap(t *testing.T) {
	name := os.Getenv("TILESCOPE_PLACE_MAP")
	if name == "" {
		t.Skip("set TILESCOPE_PLACE_MAP to a render scene")
	}
	img := loadImage(t, name)
	f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
	if err != nil {
		t.Fatal(err)
	}
	centres, pitch := loadTruth(t, strings.TrimSuffix(name, ".jpg")+".json")
	errs := inViewErr(f, centres, pitch)
	occ, _, _ := occupancy(f, nil)
	looks := squareLooks(f)
	ratio := placeEvidence(&occ, &looks)
	for r := 0; r < Size; r++ {
		var a, b strings.Builder
		for c := 0; c < Size; c++ {
			fmt.Fprintf(&a, " %4.2f", ratio[r][c])
			mark := " "
			if occ[r][c] {
				mark = "T"
			}
			fmt.Fprintf(&b, " %4.2f%s", errs[r][c], mark)
		}
		t.Logf("%s   |%s", a.String(), b.String())
	}
}
