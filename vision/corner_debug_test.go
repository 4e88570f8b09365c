package vision

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"
)

// TestCornerTruth prints, for each photo in UPWC_PHOTOS (comma-separated
// paths with a truth beside them), the truth grid's line evidence on the
// work picture, whole and with each quarter or half of the board left out.
func TestCornerTruth(t *testing.T) {
	list := os.Getenv("UPWC_PHOTOS")
	if list == "" {
		t.Skip("set UPWC_PHOTOS")
	}
	for _, name := range strings.Split(list, ",") {
		tr, err := LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
		if err != nil {
			t.Fatal(err)
		}
		img := loadImage(t, name)
		p := Luma(img)
		n := tr.Board.Rows
		scale := math.Min(1, float64(workSide)/float64(max(p.W, p.H)))
		src, _ := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
		ws := image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale)))
		small := gocv.NewMat()
		gocv.Resize(src, &small, ws, 0, 0, gocv.InterpolationArea)
		blur := gocv.NewMat()
		gocv.GaussianBlur(small, &blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		var q Quad
		for i, c := range tr.Board.Corners {
			q[i] = Point{c[0] * scale, c[1] * scale}
		}
		line := name + ":"
		if f, ok := fitGridTight(blur, q, n, true); ok {
			line += fmt.Sprintf(" tight %.3f", f.Score)
		}
		if f, ok := fitGridTight(blur, q, n, false); ok {
			line += fmt.Sprintf(" wide %.3f", f.Score)
		}
		for _, h := range []hidden{{0, 0.5, 0, 0.5}, {0.5, 1, 0, 0.5}, {0.5, 1, 0.5, 1}, {0, 0.5, 0.5, 1}, {0, 1, 0, 0.5}, {0, 1, 0.5, 1}, {0, 0.5, 0, 1}, {0.5, 1, 0, 1}} {
			if pr, ok := outlineProfilesHiding(blur, q, h); ok {
				f, _ := pr.fitTight(n, true)
				line += fmt.Sprintf(" | %v %.3f", h, f.Score)
			}
		}
		t.Log(line)
		blur.Close()
		small.Close()
		src.Close()
	}
}

// TestCornerCands prints, for each photo in UPWC_PHOTOS, the stages'
// candidate outlines refitted with each quarter hidden: the best few by
// score with their error against the truth, in squares.
func TestCornerCands(t *testing.T) {
	list := os.Getenv("UPWC_PHOTOS")
	if list == "" {
		t.Skip("set UPWC_PHOTOS")
	}
	for _, name := range strings.Split(list, ",") {
		tr, err := LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
		if err != nil {
			t.Fatal(err)
		}
		img := loadImage(t, name)
		p := Luma(img)
		n := tr.Board.Rows
		var tq Quad
		for i, c := range tr.Board.Corners {
			tq[i] = Point{c[0], c[1]}
		}
		side := math.Hypot(tq[1].X-tq[0].X, tq[1].Y-tq[0].Y) / float64(n)
		scale := math.Min(1, float64(workSide)/float64(max(p.W, p.H)))
		var cs []candidate
		debugFitted = func(stage int, fitted []fittedCandidate) {
			if stage == eqStageDebug {
				return
			}
			for _, f := range fitted {
				cs = append(cs, f.c)
			}
		}
		_, ok := findBoard(p, img, n)
		debugFitted = nil
		src, _ := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
		ws := image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale)))
		small := gocv.NewMat()
		gocv.Resize(src, &small, ws, 0, 0, gocv.InterpolationArea)
		blur := gocv.NewMat()
		gocv.GaussianBlur(small, &blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		type res struct {
			score, err float64
			h          hidden
			rim, grid  bool
		}
		var rs []res
		for _, c := range append(cs, quadCandidates(blur, ws, n)...) {
			for _, h := range quarters {
				pr, ok := outlineProfilesHiding(blur, c.q, h)
				if !ok {
					continue
				}
				f, ok := pr.fitTight(n, c.grid)
				if !ok {
					continue
				}
				e, _ := quadErr(Homography{1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1}.Mul(f.H), n, tq)
				rs = append(rs, res{f.Score, e / side, h, c.rim, c.grid})
			}
		}
		sort.Slice(rs, func(i, j int) bool { return rs[i].score > rs[j].score })
		line := fmt.Sprintf("%s: found %v, %d candidates:", name, ok, len(cs))
		for i, r := range rs {
			if i >= 8 {
				break
			}
			line += fmt.Sprintf(" [%.3f %.2fsq %v rim %v]", r.score, r.err, r.h, r.rim)
		}
		t.Log(line)
		blur.Close()
		small.Close()
		src.Close()
	}
}

const eqStageDebug = 6

var quarters = []hidden{{0, 0.5, 0, 0.5}, {0.5, 1, 0, 0.5}, {0.5, 1, 0.5, 1}, {0, 0.5, 0.5, 1}}

// TestCornerRuns prints the edge runs of each photo in UPWC_PHOTOS with
// the truth grid's sides (work pixels).
func TestCornerRuns(t *testing.T) {
	list := os.Getenv("UPWC_PHOTOS")
	if list == "" {
		t.Skip("set UPWC_PHOTOS")
	}
	for _, name := range strings.Split(list, ",") {
		tr, _ := LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
		img := loadImage(t, name)
		p := Luma(img)
		scale := math.Min(1, float64(workSide)/float64(max(p.W, p.H)))
		src, _ := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
		ws := image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale)))
		small := gocv.NewMat()
		gocv.Resize(src, &small, ws, 0, 0, gocv.InterpolationArea)
		blur := gocv.NewMat()
		gocv.GaussianBlur(small, &blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		var q Quad
		for i, c := range tr.Board.Corners {
			q[i] = Point{c[0] * scale, c[1] * scale}
		}
		t.Logf("%s truth grid %.0f", name, q)
		side := float64(max(ws.X, ws.Y))
		segs := houghSegs(blur, 0.04*side, 1)
		if os.Getenv("UPWC_EQ") != "" {
			var lo, hi float32 = 20, 60
			fmt.Sscan(os.Getenv("UPWC_EQ"), &lo, &hi)
			segs = hiddenSegs(small, 0.04*side, lo, hi)
		}
		runs := edgeRuns(segs, 0.05*side)
		for i, r := range runs {
			if i >= 28 && os.Getenv("UPWC_ALL") == "" {
				break
			}
			a := math.Atan2(r.d.Y, r.d.X) * 180 / math.Pi
			lo, hi := r.spans[0][0], r.spans[0][1]
			for _, s := range r.spans {
				lo, hi = math.Min(lo, s[0]), math.Max(hi, s[1])
			}
			pa := Point{r.d.X*lo + r.l.n.X*r.l.rho, r.d.Y*lo + r.l.n.Y*r.l.rho}
			pb := Point{r.d.X*hi + r.l.n.X*r.l.rho, r.d.Y*hi + r.l.n.Y*r.l.rho}
			if os.Getenv("UPWC_RUNS") != "" {
				t.Logf("  run %2d: ang %5.1f len %4.0f from %.0f to %.0f", i, a, r.length, pa, pb)
			}
		}
		var tq Quad
		for i, c := range tr.Board.Corners {
			tq[i] = Point{c[0], c[1]}
		}
		sq := math.Hypot(tq[1].X-tq[0].X, tq[1].Y-tq[0].Y) / float64(tr.Board.Rows)
		// per side of the truth's grid, the runs parallel to it within
		// 6 degrees lying 0-1.5 squares outside it
		for k := 0; k < 4; k++ {
			a, b := q[k], q[(k+1)%4]
			d := Point{b.X - a.X, b.Y - a.Y}
			L := math.Hypot(d.X, d.Y)
			d = Point{d.X / L, d.Y / L}
			c := q.Centre()
			nn := Point{-d.Y, d.X}
			if nn.X*(a.X-c.X)+nn.Y*(a.Y-c.Y) < 0 {
				nn = Point{-nn.X, -nn.Y}
			}
			line := fmt.Sprintf("  side %d (%.0f-%.0f):", k, a, b)
			for i, r := range runs {
				if math.Acos(math.Min(1, math.Abs(r.d.X*d.X+r.d.Y*d.Y))) > 6*math.Pi/180 {
					continue
				}
				// offset of the run's line at the side's middle
				m := Point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
				dist := (r.l.rho - (r.l.n.X*m.X + r.l.n.Y*m.Y)) / (r.l.n.X*nn.X + r.l.n.Y*nn.Y)
				if dist < -0.3*L/10 || dist > 1.5*L/10 {
					continue
				}
				cv, ov := r.cover(a, b, 0.05)
				line += fmt.Sprintf(" [run %d off %.1fsq cover %.2f over %.2f]", i, dist/(L/10), cv, ov)
			}
			t.Log(line)
		}
		qs := edgeQuads(runs, ws)
		t.Logf("  quads: %d", len(qs))
		for _, e := range qs {
			hf, ok := fitHidden(blur, e.q, tr.Board.Rows)
			er, _ := quadErr(Homography{1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1}.Mul(hf.fit.H), tr.Board.Rows, tq)
			if hf.fit.Score >= 0.2 || er/sq < 1.5 {
				t.Logf("    quad %.0f rank %.2f fit %v %.3f mask %v err %.2f sq", e.q, e.rank, ok, hf.fit.Score, hf.mask, er/sq)
			}
		}
		blur.Close()
		small.Close()
		src.Close()
	}
}

// TestHiddenTrace prints, per scene of TILESCOPE_TRACE_DIR whose grid
// the hidden look took (Grid.Hidden), its error against the truth in
// squares and whether the truth's board lies wholly in the picture.
func TestHiddenTrace(t *testing.T) {
	traceScenes(t, func(name string, tr *Truth) {
		if tr.Board == nil {
			return
		}
		img := loadImage(t, name)
		p := Luma(img)
		n := tr.Board.Rows
		var tq Quad
		inView := true
		for i, c := range tr.Board.Corners {
			tq[i] = Point{c[0], c[1]}
			if c[0] < 0 || c[1] < 0 || c[0] > float64(p.W) || c[1] > float64(p.H) {
				inView = false
			}
		}
		side := math.Hypot(tq[1].X-tq[0].X, tq[1].Y-tq[0].Y) / float64(n)
		g, err := FindGridWith(p, img, n, SearchOptions{})
		if err != nil || !g.Hidden() {
			return
		}
		e, _ := quadErr(g.H, n, tq)
		t.Logf("%s: hidden grid %.2f sq off, in view %v", filepath.Base(name), e/side, inView)
	})
}
