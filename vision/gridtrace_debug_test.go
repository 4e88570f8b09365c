package vision

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// traceScenes runs each on every scene of TILESCOPE_TRACE_DIR (the test
// is skipped without it), or on those TILESCOPE_TRACE_ONLY names (a
// comma-separated list of scene names without their extension): the
// set-up of the grid search's traces.
func traceScenes(t *testing.T, each func(name string, tr *Truth)) {
	t.Helper()
	dir := os.Getenv("TILESCOPE_TRACE_DIR")
	if dir == "" {
		t.Skip("set TILESCOPE_TRACE_DIR to a render-set directory")
	}
	only := map[string]bool{}
	for _, s := range strings.Split(os.Getenv("TILESCOPE_TRACE_ONLY"), ",") {
		if s != "" {
			only[s] = true
		}
	}
	eachScene(t, dir, func(name string, tr *Truth) {
		base := filepath.Base(name)
		if len(only) > 0 && !only[strings.TrimSuffix(base, filepath.Ext(base))] {
			return
		}
		each(name, tr)
	})
}

// quadErr is the largest distance, in pixels, between the grid h's outer
// corners (n squares a side) and the truth's quad tq, the least over the
// four ways round, with each corner's distance in that order.
func quadErr(h Homography, n int, tq Quad) (float64, [4]float64) {
	q := fullQuad(h, n)
	best, per := math.Inf(1), [4]float64{}
	for k := 0; k < 4; k++ {
		e, d := 0.0, [4]float64{}
		for i := 0; i < 4; i++ {
			t := tq[(i+k)%4]
			d[i] = math.Hypot(t.X-q[i].X, t.Y-q[i].Y)
			e = math.Max(e, d[i])
		}
		if e < best {
			best, per = e, d
		}
	}
	return best, per
}

// TestGridTrace prints, per scene of TILESCOPE_TRACE_DIR (skipped without
// it; TILESCOPE_TRACE_ONLY, a comma list of scene names, narrows it), the
// grid FindGrid's search returns against the renderer's truth (largest
// corner error in pixels and in squares, each corner's), and among the
// candidates every stage fitted and scored: the best by score and the
// nearest the truth, with its score, its rank and its error once
// refined as the search refines the best (finishBoard). A tool for
// telling which stage placed a grid found off and whether a better
// candidate was scored.
func TestGridTrace(t *testing.T) {
	traceScenes(t, func(name string, tr *Truth) {
		base := filepath.Base(name)
		img := loadImage(t, name)
		p := Luma(img)
		var tq Quad
		for i, c := range tr.Board.Corners {
			tq[i] = Point{c[0], c[1]}
		}
		n := tr.Board.Rows
		side := math.Hypot(tq[1].X-tq[0].X, tq[1].Y-tq[0].Y) / float64(n)
		scale := math.Min(1, float64(workSide)/float64(max(p.W, p.H)))
		type cand struct {
			stage int
			score float64
			err   float64
			fit   boardFit
		}
		var cs []cand
		debugFitted = func(stage int, fitted []fittedCandidate) {
			for _, f := range fitted {
				if !f.ok {
					continue
				}
				h := Homography{1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1}.Mul(f.fit.H)
				e, _ := quadErr(h, n, tq)
				cs = append(cs, cand{stage, f.fit.Score, e / side, f.fit})
			}
		}
		var trace []string
		debugf = func(format string, a ...any) { trace = append(trace, fmt.Sprintf(format, a...)) }
		var runLines []string
		debugRunners = func(first, done []boardFit) {
			for i, d := range done {
				e0, _ := quadErr(Homography{1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1}.Mul(first[i].H), n, tq)
				e1, _ := quadErr(d.H, n, tq)
				sup := 0
				for j, o := range done {
					if j != i && nearQuad(d.H, fullQuad(o.H, n), n, runnersUpNear) {
						sup++
					}
				}
				runLines = append(runLines, fmt.Sprintf("runner %d: rim %v score %.2f err %.2f -> %.2f sq, after %.2f pinned %v centred %v support %d", i, first[i].Rim, first[i].Score, e0/side, e1/side, d.Score, d.Pinned, edgesCentred(p, d.H, n), sup))
			}
		}
		g, err := FindGridWith(p, img, n, SearchOptions{})
		debugFitted, debugf, debugRunners = nil, nil, nil
		trace = append(trace, runLines...)
		line := fmt.Sprintf("%s tilt %v:", base, tr.Conditions["tilt_deg"])
		if err != nil {
			line += " " + err.Error()
		} else {
			e, per := quadErr(g.H, n, tq)
			ce := 0.0
			if gq := g.Corners(); true {
				h2, _ := QuadHomography(float64(n), float64(n), gq)
				ce, _ = quadErr(h2, n, tq)
			}
			line += fmt.Sprintf(" through the lens %.2f sq;", ce/side)
			line += fmt.Sprintf(" found %.1f px (%.2f sq) corners %.0f %.0f %.0f %.0f score %.2f rim %v pinned %v lens %v", e, e/side, per[0], per[1], per[2], per[3], g.Score, g.fit.Rim, g.fit.Pinned, g.fit.Lens.K != 0)
		}
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
		if len(cs) > 0 {
			line += fmt.Sprintf(" | best cand stage %d score %.2f err %.2f sq", cs[0].stage, cs[0].score, cs[0].err)
			bi := 0
			for i := range cs {
				if cs[i].err < cs[bi].err {
					bi = i
				}
			}
			line += fmt.Sprintf(" | nearest stage %d score %.2f err %.2f sq rank %d/%d", cs[bi].stage, cs[bi].score, cs[bi].err, bi+1, len(cs))
		}
		t.Log(line)
		if err == nil && os.Getenv("TILESCOPE_TRACE_SAMPLES") != "" {
			atErr := func(g Grid) float64 {
				best := math.Inf(1)
				q := Quad{g.At(Point{0, 0}), g.At(Point{float64(n), 0}), g.At(Point{float64(n), float64(n)}), g.At(Point{0, float64(n)})}
				for k := 0; k < 4; k++ {
					e := 0.0
					for i := 0; i < 4; i++ {
						t := tq[(i+k)%4]
						e = math.Max(e, math.Hypot(t.X-q[i].X, t.Y-q[i].Y))
					}
					best = math.Min(best, e)
				}
				return best
			}
			back := ""
			debugf = func(format string, a ...any) {
				if l := fmt.Sprintf(format, a...); strings.Contains(l, "move it back") {
					back = l
				}
			}
			s := g.OnSamples(p)
			debugf = nil
			e, per := quadErr(s.H, n, tq)
			t.Logf("    on samples: %.1f px corners %.0f %.0f %.0f %.0f lens %v; through the lens %.1f px -> %.1f px (%.2f -> %.2f sq) %s", e, per[0], per[1], per[2], per[3], s.fit.Lens.K != 0, atErr(g), atErr(s), atErr(g)/side, atErr(s)/side, back)
		}
		if out := os.Getenv("TILESCOPE_TRACE_OUT"); out != "" {
			var h *Homography
			if err == nil {
				h = &g.H
			}
			drawTrace(t, img, tq, h, n, filepath.Join(out, strings.TrimSuffix(base, filepath.Ext(base))+".png"))
		}
		if err == nil && os.Getenv("TILESCOPE_TRACE_LINES") != "" {
			t.Log("    " + lineResiduals(p, g.H, n))
		}
		if os.Getenv("TILESCOPE_TRACE_V") != "" {
			for _, s := range trace {
				t.Log("   ", s)
			}
			for i, c := range cs {
				if i < 8 {
					t.Logf("    cand %d stage %d score %.3f err %.2f sq", i, c.stage, c.score, c.err)
				}
			}
		}
	})
}

// lineResiduals measures the grid h's lines again (refineGridSamples,
// windows of 0.2) and says, for each line, the median of its samples'
// distance from where h puts the line, in squares, with the count.
func lineResiduals(p Plane, h Homography, n int) string {
	src, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
	if err != nil {
		return err.Error()
	}
	defer src.Close()
	_, _, smp, ok := refineGridSamples(src, h, n, 0.2, 3, 1)
	if !ok {
		return "no refinement"
	}
	inv := h.Inverse()
	res := map[[2]int][]float64{}
	for _, s := range smp {
		b := inv.Apply(s.P)
		d, v := b.Y-float64(s.K), 1
		if s.Vertical {
			d, v = b.X-float64(s.K), 0
		}
		res[[2]int{v, s.K}] = append(res[[2]int{v, s.K}], d)
	}
	out := ""
	for v := 0; v < 2; v++ {
		out += []string{" x:", " y:"}[v]
		for k := 0; k <= n; k++ {
			r := res[[2]int{v, k}]
			if len(r) == 0 {
				out += " -"
				continue
			}
			sort.Float64s(r)
			out += fmt.Sprintf(" %+.2f/%d", r[len(r)/2], len(r))
		}
	}
	return out
}

// drawTrace writes the part of the picture about the truth's quad tq at
// full size, the truth's straight grid (n squares) in red and the grid
// found (h; none when nil) in green.
func drawTrace(t *testing.T, img image.Image, tq Quad, h *Homography, n int, out string) {
	th, err := QuadHomography(float64(n), float64(n), tq)
	if err != nil {
		t.Fatal(err)
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range tq {
		x0, y0, x1, y1 = math.Min(x0, c.X), math.Min(y0, c.Y), math.Max(x1, c.X), math.Max(y1, c.Y)
	}
	r := image.Rect(int(x0)-60, int(y0)-60, int(x1)+60, int(y1)+60).Intersect(img.Bounds())
	z := 1
	// TILESCOPE_TRACE_CORNER=i: 240 px about the truth's corner i, 3 times
	if c := os.Getenv("TILESCOPE_TRACE_CORNER"); c != "" {
		i := int(c[0] - '0')
		r = image.Rect(int(tq[i].X)-120, int(tq[i].Y)-120, int(tq[i].X)+120, int(tq[i].Y)+120).Intersect(img.Bounds())
		z = 3
	}
	dst := image.NewRGBA(image.Rect(0, 0, r.Dx()*z, r.Dy()*z))
	for y := 0; y < r.Dy()*z; y++ {
		for x := 0; x < r.Dx()*z; x++ {
			dst.Set(x, y, img.At(r.Min.X+x/z, r.Min.Y+y/z))
		}
	}
	draw := func(h Homography, col color.RGBA) {
		for k := 0; k <= n; k++ {
			for s := 0.0; s <= float64(n); s += 0.0005 {
				for _, p := range []Point{h.Apply(Point{float64(k), s}), h.Apply(Point{s, float64(k)})} {
					dst.Set(int((p.X-float64(r.Min.X))*float64(z)), int((p.Y-float64(r.Min.Y))*float64(z)), col)
				}
			}
		}
	}
	draw(th, color.RGBA{255, 0, 0, 255})
	if h != nil {
		draw(*h, color.RGBA{0, 255, 0, 255})
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, dst); err != nil {
		t.Fatal(err)
	}
}

// TestRescoreTrace asks, per scene of TILESCOPE_TRACE_DIR (skipped
// without it), which candidate the search's stages fitted would win if
// every one were scored on the same picture: the work picture blurred
// (as stages 0-5 score) and the equalised one (as stage 6 scores); each
// winner refined as the search refines its best (finishBoard) and its
// corners' largest error against the truth, in squares.
func TestRescoreTrace(t *testing.T) {
	dir := os.Getenv("TILESCOPE_TRACE_DIR")
	if dir == "" {
		t.Skip("set TILESCOPE_TRACE_DIR to a render-set directory")
	}
	eachScene(t, dir, func(name string, tr *Truth) {
		base := filepath.Base(name)
		img := loadImage(t, name)
		p := Luma(img)
		var tq Quad
		for i, c := range tr.Board.Corners {
			tq[i] = Point{c[0], c[1]}
		}
		n := tr.Board.Rows
		side := math.Hypot(tq[1].X-tq[0].X, tq[1].Y-tq[0].Y) / float64(n)
		scale := math.Min(1, float64(workSide)/float64(max(p.W, p.H)))
		var cs []fittedCandidate
		var stages []int
		debugFitted = func(stage int, fitted []fittedCandidate) {
			for _, f := range fitted {
				if f.ok {
					cs = append(cs, f)
					stages = append(stages, stage)
				}
			}
		}
		g, err := FindGridWith(p, img, n, SearchOptions{})
		debugFitted = nil
		src, _ := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
		defer src.Close()
		ws := image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale)))
		small := gocv.NewMat()
		defer small.Close()
		gocv.Resize(src, &small, ws, 0, 0, gocv.InterpolationArea)
		blur := gocv.NewMat()
		defer blur.Close()
		gocv.GaussianBlur(small, &blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		clahe := gocv.NewCLAHEWithParams(2, image.Pt(8, 8))
		defer clahe.Close()
		eq := gocv.NewMat()
		defer eq.Close()
		clahe.Apply(small, &eq)
		eqBlur := gocv.NewMat()
		defer eqBlur.Close()
		gocv.GaussianBlur(eq, &eqBlur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		line := base + ":"
		if err != nil {
			line += " none"
		} else {
			e, _ := quadErr(g.H, n, tq)
			line += fmt.Sprintf(" found %.2f sq (%.2f)", e/side, g.Score)
		}
		for _, pic := range []struct {
			name string
			m    gocv.Mat
		}{{"blur", blur}, {"eq", eqBlur}} {
			best, bi := boardFit{Score: -1}, -1
			for i, c := range cs {
				fit, ok := fitGridTight(pic.m, c.c.q, n, c.c.grid)
				if ok && fit.Score > best.Score {
					best, bi = fit, i
				}
			}
			if bi < 0 {
				continue
			}
			fb := finishBoard(p, img, src, blur, best, n, scale, nil, true)
			e, _ := quadErr(fb.H, n, tq)
			line += fmt.Sprintf(" | %s: stage %d %.2f -> %.2f sq", pic.name, stages[bi], best.Score, e/side)
		}
		t.Log(line)
	})
}

// TestLineOffsets traces, for the scene TILESCOPE_TRACE_DIR /
// TILESCOPE_TRACE_ONLY, each line's offsets band by band (in the
// canonical 32 px a square) measured in windows of TILESCOPE_TRACE_WIN
// squares about the grid the search found.
func TestLineOffsets(t *testing.T) {
	dir := os.Getenv("TILESCOPE_TRACE_DIR")
	if dir == "" {
		t.Skip("set TILESCOPE_TRACE_DIR to a render-set directory")
	}
	name := filepath.Join(dir, os.Getenv("TILESCOPE_TRACE_ONLY")+".jpg")
	img := loadImage(t, name)
	p := Luma(img)
	g, err := FindGridWith(p, img, 10, SearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	win := 0.45
	fmt.Sscan(os.Getenv("TILESCOPE_TRACE_WIN"), &win)
	src, _ := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
	defer src.Close()
	debugLineWin = 1
	debugf = func(format string, a ...any) { t.Logf(format, a...) }
	refineLines(src, g.H, 10, 10, win, 3, 1, false)
	debugf, debugLineWin = nil, 0.25
}
