package upwords

import (
	"fmt"
	"image"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestPlacedTrace is a diagnostic: with TILESCOPE_PLACED_DIRS it finds
// each scene's grid as ScanUpwords does and prints how far it lies from
// the truth's (the truth's corners in the grid's squares) beside the
// evidence of its placement.
func TestPlacedTrace(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_PLACED_DIRS")
	if dirs == "" {
		t.Skip("set TILESCOPE_PLACED_DIRS")
	}
	for _, dir := range strings.Split(dirs, ":") {
		eachScene(t, dir, func(path string, tr *vision.Truth) {
			for _, c := range tr.Board.Corners {
				if c[0] < 0 || c[1] < 0 || c[0] > float64(tr.Width) || c[1] > float64(tr.Height) {
					return
				}
			}
			img := loadImage(t, path)
			n := tr.Board.Rows
			p := vision.Luma(img)
			fit, err := vision.FindGridWith(p, img, n, vision.SearchOptions{})
			if err != nil {
				return
			}
			fit, _, _ = registered(p, fit)
			if s := fit.OnSamples(p); s.H != fit.H && samplesMoveTaken(p, fit, s) {
				fit = s
			}
			fmt.Println(placedLine(dir, path, tr, p, img, fit))
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				fmt.Println("  shift", d, placedLine(dir, path, tr, p, img, fit.Shift(d[0], d[1])))
			}
		})
	}
}

func placedLine(dir, path string, tr *vision.Truth, p vision.Plane, _ image.Image, fit vision.Grid) string {
	n := fit.N
	inv := fit.H.Inverse()
	// the truth's corners in the grid's squares, best turn
	grid := []vision.Point{{X: 0, Y: 0}, {X: float64(n), Y: 0}, {X: float64(n), Y: float64(n)}, {X: 0, Y: float64(n)}}
	best, bk := math.Inf(1), 0
	var offs [4]vision.Point
	for k := 0; k < 4; k++ {
		e := 0.0
		var o [4]vision.Point
		for i := 0; i < 4; i++ {
			c := tr.Board.Corners[(i+k)%4]
			q := inv.Apply(vision.Point{X: c[0], Y: c[1]})
			o[i] = vision.Point{X: q.X - grid[i].X, Y: q.Y - grid[i].Y}
			e = math.Max(e, math.Hypot(o[i].X, o[i].Y))
		}
		if e < best {
			best, bk, offs = e, k, o
		}
	}
	_ = bk
	var b strings.Builder
	name := dir[strings.LastIndex(dir, "/")+1:] + "/" + path[strings.LastIndex(path, "/")+1:]
	_, rc, rr := registered(p, fit)
	fmt.Fprintf(&b, "%s off %.2f run %v reg %d %d corners", name, best, fit.Runner(), rc, rr)
	for _, o := range offs {
		fmt.Fprintf(&b, " (%+.2f,%+.2f)", o.X, o.Y)
	}
	for _, rows := range []bool{false, true} {
		ev := rowsWalls(p, fit, rows)
		var inner []float64
		for f := 1; f <= n-2; f++ {
			if v := ev[f+2]; !math.IsNaN(v) {
				inner = append(inner, v)
			}
		}
		m := math.NaN()
		if len(inner) > 0 {
			sort.Float64s(inner)
			m = inner[len(inner)/2]
		}
		ax := "cols"
		if rows {
			ax = "rows"
		}
		fmt.Fprintf(&b, " | %s m %.1f: %.2f %.2f [%.2f %.2f] %.2f %.2f", ax, m, ev[0]/m, ev[1]/m, ev[2]/m, ev[n+1]/m, ev[n+2]/m, ev[n+3]/m)
		fmt.Fprintf(&b, " EV%s", ax)
		for _, v := range ev {
			fmt.Fprintf(&b, ",%.2f", v)
		}
	}
	ed := fit.EdgeDistances(p)
	sk := fit.EdgeSkew(p)
	fmt.Fprintf(&b, " | edge %.2f %.2f %.2f %.2f skew %.2f %.2f %.2f %.2f", ed[0], ed[1], ed[2], ed[3], sk[0], sk[1], sk[2], sk[3])
	return b.String()
}
