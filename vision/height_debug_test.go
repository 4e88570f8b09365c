package vision

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// TestHeightDiagnosis is a diagnostic, not a check: with
// TILESCOPE_HEIGHT_DIAG=DIR (a render-set directory) it scans every scene
// and prints the heights' accuracy by the parallax per level (pixels a
// stack's top face moves per tile) and the errors' sizes.
func TestHeightDiagnosis(t *testing.T) {
	dir := os.Getenv("TILESCOPE_HEIGHT_DIAG")
	if dir == "" {
		t.Skip("set TILESCOPE_HEIGHT_DIAG to a render-set directory")
	}
	imgs, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
	sort.Strings(imgs)
	buckets := []float64{0.5, 1, 1.5, 2, 3, 4, 1e9}
	right := make([]int, len(buckets))
	all := make([]int, len(buckets))
	diffs := map[int]int{}
	var bias [8]float64
	var nb [8]int
	for i, path := range imgs {
		if i%3 != 0 {
			continue
		}
		tr, err := LoadTruth(path[:len(path)-4] + ".json")
		if err != nil {
			t.Fatal(err)
		}
		res := EvalScene(path, tr, EvalOptions{})
		if !res.Found {
			continue
		}
		f, _ := os.Open(path)
		img, _, err := image.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		cont := map[grid.Pos]float64{}
		debugHeight = func(r, c int, h float64) { cont[grid.Pos{Row: r, Col: c}] = h }
		r, err := ScanUpwords(img, Options{Size: tr.Board.Rows})
		debugHeight = nil
		if err != nil {
			continue
		}
		geo := UpwordsGeometry
		n := tr.Board.Rows
		tr.TrueBoard().Each(func(p grid.Pos, want grid.Stack) {
			if want.Empty() {
				return
			}
			op := ourPos(p, res.Turned, n)
			c := r.Cell(op)
			if c.Height == 0 {
				return
			}
			a := faceCentre(&r.Pose, op.Row, op.Col, 1, geo)
			b := faceCentre(&r.Pose, op.Row, op.Col, 2, geo)
			ppl := math.Hypot(b.X-a.X, b.Y-a.Y)
			k := sort.SearchFloat64s(buckets, ppl)
			if h, ok := cont[op]; ok && ppl > 2 {
				bias[want.Height] += h - float64(want.Height)
				nb[want.Height]++
			}
			all[k]++
			if c.Height == want.Height {
				right[k]++
			} else {
				diffs[c.Height-want.Height]++
				if os.Getenv("TILESCOPE_HEIGHT_DIAG_V") != "" {
					fmt.Printf("%s %v: got %d want %d ppl %.2f margin %.2f\n", filepath.Base(path), op, c.Height, want.Height, ppl, c.HeightOK)
				}
			}
		})
	}
	lo := 0.0
	for k := range buckets {
		fmt.Printf("px/level %.1f-%.1f: %d/%d = %.1f%%\n", lo, buckets[k], right[k], all[k], 100*float64(right[k])/math.Max(1, float64(all[k])))
		lo = buckets[k]
	}
	fmt.Println("errors (got-want):", diffs)
	for h := 1; h <= 5; h++ {
		fmt.Printf("true %d: mean continuous error %.3f over %d (px/level > 2)\n", h, bias[h]/math.Max(1, float64(nb[h])), nb[h])
	}
}
