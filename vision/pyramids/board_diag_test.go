package pyramids

import (
	"fmt"
	"math"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// sideContrasts is newFrame's contrast test, every side's samples
// (runway over border, in the runway's white) in order along the side.
func (f *frame) sideContrasts(wl float64) [4][]float64 {
	var out [4][]float64
	n := float64(10)
	for side := 0; side < 4; side++ {
		for i := 0; i < 20; i++ {
			t := (float64(i) + 0.5) / 20 * n
			var in, o vision.Point
			switch side {
			case 0:
				in, o = vision.Point{X: t, Y: 0.15}, vision.Point{X: t, Y: -0.3}
			case 1:
				in, o = vision.Point{X: n - 0.15, Y: t}, vision.Point{X: n + 0.3, Y: t}
			case 2:
				in, o = vision.Point{X: t, Y: n - 0.15}, vision.Point{X: t, Y: n + 0.3}
			default:
				in, o = vision.Point{X: 0.15, Y: t}, vision.Point{X: -0.3, Y: t}
			}
			a, b := f.toPicture(in), f.toPicture(o)
			if _, ok := f.p.at(b.X, b.Y); !ok {
				out[side] = append(out[side], math.NaN())
				continue
			}
			out[side] = append(out[side], (f.p.luma(a.X, a.Y)-f.p.luma(b.X, b.Y))/wl)
		}
	}
	return out
}

// TestBoardDiag (opt-in: PYR_BOARD_SCENES, comma-separated scene JPEGs)
// prints, for each scene, the true outline's sides as newFrame sees
// them (each side's contrast samples), the straight edges found on each
// true side (all of them, not only the strongest kept), the edges'
// quadrilaterals nearest the truth, and how far off the three sides'
// frame is: what the boards missed on hard scenes were sorted by.
func TestBoardDiag(t *testing.T) {
	for sc := range diagScenesAt(t, "PYR_BOARD_SCENES") {
		path, tr, img := sc.path, sc.truth, sc.img
		p := toPicture(img)
		q := truthQuad(tr)
		side := math.Hypot(q[1].X-q[0].X, q[1].Y-q[0].Y) / 10
		f := &frame{p: p, geo: DefaultGeometry, corners: q}
		f.fit(nil)
		g, ok := newFrame(p, q, DefaultGeometry, nil)
		fmt.Printf("== %s: truth newFrame ok=%v", path, ok)
		wl := 200.0
		if g != nil {
			fmt.Printf(" score %.2f grid %.2f lattice %v", g.score, g.grid, g.latticeAgrees())
			wl = g.whiteLuma()
		}
		fmt.Println()
		for s, d := range f.sideContrasts(wl) {
			fmt.Printf("  side %d:", s)
			for _, v := range d {
				fmt.Printf(" %5.2f", v)
			}
			fmt.Println()
		}
		dist := func(a vision.Quad) float64 {
			best := math.Inf(1)
			for r := 0; r < 4; r++ {
				m := 0.0
				for i := 0; i < 4; i++ {
					m = math.Max(m, math.Hypot(a[(i+r)%4].X-q[i].X, a[(i+r)%4].Y-q[i].Y))
				}
				best = math.Min(best, m)
			}
			return best
		}
		ls, scale := straightEdges(p)
		qs := edgeQuads(ls, scale, p.W, p.H)
		if f := threeSideFrame(p, ls, scale, DefaultGeometry, nil); f != nil {
			fmt.Printf("  three sides' frame %.2f squares off\n", dist(f.corners)/side)
		} else {
			fmt.Println("  no three sides' frame")
		}
		sort.Slice(qs, func(i, j int) bool { return dist(qs[i]) < dist(qs[j]) })
		fmt.Printf("  %d lines, %d quads\n", len(ls), len(qs))
		all, _ := straightEdgesGap(p, 1000, 0)
		for k := 0; k < 4; k++ {
			a, b := q[k], q[(k+1)%4]
			ax, ay, bx, by := a.X*scale, a.Y*scale, b.X*scale, b.Y*scale
			ln := math.Hypot(bx-ax, by-ay)
			c, sn := (by-ay)/ln, -(bx-ax)/ln
			if sn < 0 || (sn == 0 && c < 0) {
				c, sn = -c, -sn
			}
			tl := edgeLine{th: math.Atan2(sn, c), rho: ax*c + ay*sn}
			fmt.Printf("  true side %d th %.3f rho %.1f:", k, tl.th, tl.rho)
			for j, l := range all {
				if lineAngle(l, tl) < 0.08 && math.Abs(l.rho*math.Cos(l.th-tl.th)-tl.rho) < 15 {
					fmt.Printf(" [#%d th %.3f rho %.1f sup %d light %v]", j, l.th, l.rho, l.support, l.light)
				}
			}
			fmt.Println()
		}
		for i := 0; i < len(qs) && i < 3; i++ {
			e, ok := newFrame(p, qs[i], DefaultGeometry, nil)
			fmt.Printf("  quad %d off %.2f squares ok=%v", i, dist(qs[i])/side, ok)
			rq := refineOutline(p, qs[i])
			fmt.Printf(" refined off %.2f", dist(rq)/side)
			if e != nil {
				fmt.Printf(" score %.2f grid %.2f lattice %v", e.score, e.grid, e.latticeAgrees())
			}
			fmt.Println()
		}
	}
}
