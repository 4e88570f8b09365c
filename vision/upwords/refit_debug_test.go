package upwords

import (
	"fmt"
	"image"
	"image/color"
	idraw "image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestRefitDiag prints, for every rendered scene in the directories
// named by TILESCOPE_REFIT_DIR (comma-separated; skipped without it),
// where the truth's outermost lines lie in the grid the scan starts
// from (the search's, registered), and where the lines' evidence
// (bestLines) puts them, with its gain: a tool for refitStretched's
// thresholds.
func TestRefitDiag(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_REFIT_DIR")
	if dirs == "" {
		t.Skip("set TILESCOPE_REFIT_DIR to rendered sets")
	}
	for _, dir := range strings.Split(dirs, ",") {
		names, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
		for _, name := range names {
			tr, err := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
			if err != nil || tr.Board == nil {
				continue
			}
			img := loadImage(t, name)
			p := vision.Luma(img)
			n := tr.Board.Rows
			g, err := vision.FindGridWith(p, img, n, vision.SearchOptions{})
			if err != nil {
				t.Logf("%s: %v", name, err)
				continue
			}
			g, _, _ = registered(p, g)
			inv := g.H.Inverse()
			var xs, ys []float64
			for _, c := range tr.Board.Corners {
				q := inv.Apply(vision.Point{X: c[0], Y: c[1]})
				xs, ys = append(xs, q.X), append(ys, q.Y)
			}
			slices.Sort(xs)
			slices.Sort(ys)
			tx0, tx1 := (xs[0]+xs[1])/2, (xs[2]+xs[3])/2-float64(n)
			ty0, ty1 := (ys[0]+ys[1])/2, (ys[2]+ys[3])/2-float64(n)
			wrong := math.Max(math.Max(math.Abs(tx0), math.Abs(tx1)), math.Max(math.Abs(ty0), math.Abs(ty1))) > 0.25
			cl, ch, cg := bestLines(linesAlong(p, g, true), n)
			rl, rh, rg := bestLines(linesAlong(p, g, false), n)
			mark := "ok   "
			if wrong {
				mark = "WRONG"
			}
			if out := os.Getenv("TILESCOPE_REFIT_PNG"); out != "" && wrong {
				writeOverlay(t, filepath.Join(out, filepath.Base(dir)+"_"+strings.TrimSuffix(filepath.Base(name), ".jpg")+".png"), img, g, tr.Board.Corners)
			}
			t.Logf("%s %s truth x %+.2f %+.2f y %+.2f %+.2f | fit x %+.2f %+.2f gain %.2f | y %+.2f %+.2f gain %.2f",
				mark, name, tx0, tx1, ty0, ty1, cl, ch-float64(n), cg, rl, rh-float64(n), rg)
		}
	}
}

// writeOverlay writes the picture at half size with the grid g's lines
// in red and the truth's corners in green.
func writeOverlay(t *testing.T, path string, img image.Image, g vision.Grid, corners [4][2]float64) {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
	for y := 0; y < b.Dy()/2; y++ {
		for x := 0; x < b.Dx()/2; x++ {
			out.Set(x, y, img.At(b.Min.X+2*x, b.Min.Y+2*y))
		}
	}
	n := g.N
	for k := 0; k <= n; k++ {
		for s := 0.0; s <= float64(n); s += 0.01 {
			for _, pt := range []vision.Point{{X: float64(k), Y: s}, {X: s, Y: float64(k)}} {
				q := g.At(pt)
				out.Set(int(q.X/2), int(q.Y/2), color.RGBA{255, 0, 0, 255})
			}
		}
	}
	for _, c := range corners {
		idraw.Draw(out, image.Rect(int(c[0]/2)-3, int(c[1]/2)-3, int(c[0]/2)+3, int(c[1]/2)+3), image.NewUniform(color.RGBA{0, 255, 0, 255}), image.Point{}, idraw.Src)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, out); err != nil {
		t.Fatal(err)
	}
}

// TestRefitPeaks prints, for the scenes named by TILESCOPE_REFIT_SCENES
// (comma-separated paths), each line's strongest evidence near where the
// grid puts it, as offset:strength.
func TestRefitPeaks(t *testing.T) {
	scenes := os.Getenv("TILESCOPE_REFIT_SCENES")
	if scenes == "" {
		t.Skip("set TILESCOPE_REFIT_SCENES")
	}
	for _, name := range strings.Split(scenes, ",") {
		img := loadImage(t, name)
		p := vision.Luma(img)
		tr, _ := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
		n := tr.Board.Rows
		g, err := vision.FindGridWith(p, img, n, vision.SearchOptions{})
		if err != nil {
			continue
		}
		g, _, _ = registered(p, g)
		for _, cols := range []bool{true, false} {
			ev := linesAlong(p, g, cols)
			s := ""
			for k := -1; k <= n+1; k++ {
				bi, bv := 0, -1.0
				for i := -7; i <= 7; i++ {
					j := (k+1)*lineSteps + i
					if j >= 0 && j < len(ev) && ev[j] > bv {
						bi, bv = i, ev[j]
					}
				}
				s += fmt.Sprintf(" %+.2f:%.0f", float64(bi)/lineSteps, bv)
			}
			t.Logf("%s cols=%v%s", name, cols, s)
		}
	}
}

// TestRefitWalls prints, for the scenes named by TILESCOPE_REFIT_SCENES,
// the walls' evidence (crossWalls) in eighth-square bands from half a
// square before the grid to half a square past it, over the median
// inside row's.
func TestRefitWalls(t *testing.T) {
	scenes := os.Getenv("TILESCOPE_REFIT_SCENES")
	if scenes == "" {
		t.Skip("set TILESCOPE_REFIT_SCENES")
	}
	for _, name := range strings.Split(scenes, ",") {
		img := loadImage(t, name)
		p := vision.Luma(img)
		tr, _ := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
		n := tr.Board.Rows
		g, err := vision.FindGridWith(p, img, n, vision.SearchOptions{})
		if err != nil {
			continue
		}
		g, _, _ = registered(p, g)
		for _, rows := range []bool{true, false} {
			ev := rowsWalls(p, g, rows)
			inner := slices.DeleteFunc(slices.Clone(ev[3:n+1]), math.IsNaN)
			slices.Sort(inner)
			m := inner[len(inner)/2]
			s := ""
			for u := -0.5; u < float64(n)+0.5; u += 0.125 {
				if u > 1.5 && u < float64(n)-1.5 {
					continue
				}
				s += fmt.Sprintf(" %.0f", 10*crossWalls(p, g, rows, 0, [2]float64{u - 0.0625, u + 0.1875})/m)
				if u == 1.375 {
					s += " |"
				}
			}
			t.Logf("%s rows=%v M %.1f:%s", name, rows, m, s)
		}
	}
}

// TestRefitHalves prints, for every scene in TILESCOPE_REFIT_DIR, the
// truth's outermost lines in the scan's starting grid and, for each
// side, the walls' evidence across the outer and the inner half of the
// outermost row, over the median inside row's.
func TestRefitHalves(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_REFIT_DIR")
	if dirs == "" {
		t.Skip("set TILESCOPE_REFIT_DIR")
	}
	for _, dir := range strings.Split(dirs, ",") {
		names, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
		for _, name := range names {
			tr, err := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
			if err != nil || tr.Board == nil {
				continue
			}
			img := loadImage(t, name)
			p := vision.Luma(img)
			n := tr.Board.Rows
			g, err := vision.FindGridWith(p, img, n, vision.SearchOptions{})
			if err != nil {
				continue
			}
			g, _, _ = registered(p, g)
			inv := g.H.Inverse()
			var xs, ys []float64
			for _, c := range tr.Board.Corners {
				q := inv.Apply(vision.Point{X: c[0], Y: c[1]})
				xs, ys = append(xs, q.X), append(ys, q.Y)
			}
			slices.Sort(xs)
			slices.Sort(ys)
			nf := float64(n)
			tv := [4]float64{(xs[0] + xs[1]) / 2, (xs[2]+xs[3])/2 - nf, (ys[0] + ys[1]) / 2, (ys[2]+ys[3])/2 - nf}
			s := ""
			for ax := 0; ax < 2; ax++ {
				rows := ax == 1 // x lines' sides are crossed by columns' walls: rows=false
				ev := rowsWalls(p, g, rows)
				inner := slices.DeleteFunc(slices.Clone(ev[3:n+1]), math.IsNaN)
				if len(inner) == 0 {
					s += " | no rows"
					continue
				}
				slices.Sort(inner)
				m := inner[len(inner)/2]
				lo0 := crossWalls(p, g, rows, 0, [2]float64{0.05, 0.45}) / m
				lo1 := crossWalls(p, g, rows, 0, [2]float64{0.55, 0.95}) / m
				hi0 := crossWalls(p, g, rows, n-1, [2]float64{0.55, 0.95}) / m
				hi1 := crossWalls(p, g, rows, n-1, [2]float64{0.05, 0.45}) / m
				s += fmt.Sprintf(" | %s M %5.1f lo %+.2f %.2f/%.2f hi %+.2f %.2f/%.2f", map[bool]string{false: "x", true: "y"}[rows], m, tv[2*ax], lo0, lo1, tv[2*ax+1], hi0, hi1)
			}
			t.Logf("%s%s", filepath.Base(dir)+"/"+filepath.Base(name), s)
		}
	}
}
