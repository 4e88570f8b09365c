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

// lineContrasts is each of the n+1 evenly spaced lines' contrast (o, p on
// the profile prof) against its neighbouring midpoints, over the
// profile's mean, as fitLines weighs them.
func lineContrasts(prof []float64, n int, o, p float64) []float64 {
	var mean float64
	for _, v := range prof {
		mean += v
	}
	mean /= float64(len(prof))
	out := make([]float64, n+1)
	for k := 0; k <= n; k++ {
		v := interp(prof, o+float64(k)*p)
		var mid float64
		switch k {
		case 0:
			mid = interp(prof, o+0.5*p)
		case n:
			mid = interp(prof, o+(float64(n)-0.5)*p)
		default:
			mid = (interp(prof, o+(float64(k)-0.5)*p) + interp(prof, o+(float64(k)+0.5)*p)) / 2
		}
		out[k] = (v - mid) / mean
	}
	return out
}

// TestNoGridTrace prints, per scene of TILESCOPE_TRACE_DIR
// (TILESCOPE_TRACE_ONLY narrows it), the grid evidence of the truth's
// own outline on the pictures the search scores on and on others:
// the tight fit's score and each line's contrast.
func TestNoGridTrace(t *testing.T) {
	traceScenes(t, func(name string, tr *Truth) {
		base := strings.TrimSuffix(filepath.Base(name), ".jpg")
		if tr.Board == nil {
			return
		}
		img := loadImage(t, name)
		p := Luma(img)
		n := tr.Board.Rows
		scale := math.Min(1, float64(workSide)/float64(max(p.W, p.H)))
		var tq Quad
		for i, c := range tr.Board.Corners {
			tq[i] = Point{c[0] * scale, c[1] * scale}
		}
		src, _ := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
		defer src.Close()
		ws := image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale)))
		small := gocv.NewMat()
		defer small.Close()
		gocv.Resize(src, &small, ws, 0, 0, gocv.InterpolationArea)
		pics := map[string]gocv.Mat{}
		b5 := gocv.NewMat()
		defer b5.Close()
		gocv.GaussianBlur(small, &b5, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		pics["blur"] = b5
		b9 := gocv.NewMat()
		defer b9.Close()
		gocv.GaussianBlur(small, &b9, image.Pt(9, 9), 0, 0, gocv.BorderDefault)
		pics["blur9"] = b9
		med := medianLuma(matPlane(small))
		en := gocv.NewMat()
		defer en.Close()
		small.ConvertToWithParams(&en, gocv.MatTypeCV8UC1, 2, -float32(med))
		enb := gocv.NewMat()
		defer enb.Close()
		gocv.GaussianBlur(en, &enb, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		pics["enh"] = enb
		names := []string{"blur", "blur9", "enh"}
		line := fmt.Sprintf("%s blur %.1f motion %.1f hand %v:", base, tr.Conditions["blur_px"], tr.Conditions["motion_px"], tr.Conditions["hand"])
		for _, nm := range names {
			pr, ok := outlineProfiles(pics[nm], tq)
			if !ok {
				continue
			}
			fit, _ := pr.fitTight(n, true)
			const R = rectSide
			m := 0.06 * R
			pp := (R - 2*m) / float64(n)
			cx := lineContrasts(pr.col, n, m-0.5, pp)
			cy := lineContrasts(pr.row, n, m-0.5, pp)
			line += fmt.Sprintf(" | %s tight %.2f", nm, fit.Score)
			if os.Getenv("TILESCOPE_TRACE_V") != "" {
				s := ""
				for _, c := range cx {
					s += fmt.Sprintf(" %.2f", c)
				}
				s += " /"
				for _, c := range cy {
					s += fmt.Sprintf(" %.2f", c)
				}
				line += " [" + s + " ]"
			}
		}
		t.Log(line)
	})
}

// TestRunnersUp prints, per scene of TILESCOPE_TRACE_DIR where FindGrid's
// search finds no grid, the candidates the stages fitted (best first,
// score 0.05 or more, the first TILESCOPE_TRACE_K) and the rims' grids,
// each with its error against the truth before and after finishBoard, the
// score finishBoard leaves, whether the marks pinned it, whether the
// board's edges centre it and its refined grid's score.
func TestRunnersUp(t *testing.T) {
	K := 12
	fmt.Sscan(os.Getenv("TILESCOPE_TRACE_K"), &K)
	all := os.Getenv("TILESCOPE_TRACE_ALL") != ""
	traceScenes(t, func(name string, tr *Truth) {
		base := strings.TrimSuffix(filepath.Base(name), ".jpg")
		if tr.Board == nil {
			return
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
		type cand struct {
			stage int
			fit   boardFit
		}
		var cs []cand
		debugFitted = func(stage int, fitted []fittedCandidate) {
			for _, f := range fitted {
				if f.ok {
					cs = append(cs, cand{stage, f.fit})
				}
			}
		}
		g, err := FindGridWith(p, img, n, SearchOptions{})
		debugFitted = nil
		if err == nil && !all {
			return
		}
		head := fmt.Sprintf("%s: ", base)
		if err != nil {
			head += err.Error()
		} else {
			e, _ := quadErr(g.H, n, tq)
			head += fmt.Sprintf("found %.2f sq score %.2f", e/side, g.Score)
		}
		t.Log(head)
		src, _ := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
		defer src.Close()
		ws := image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale)))
		small := gocv.NewMat()
		defer small.Close()
		gocv.Resize(src, &small, ws, 0, 0, gocv.InterpolationArea)
		blur := gocv.NewMat()
		defer blur.Close()
		gocv.GaussianBlur(small, &blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
		for _, c := range quadCandidates(blur, ws, n) {
			if c.rim {
				if fit, ok := fitGridRim(blur, c.q, n); ok {
					cs = append(cs, cand{9, fit})
				}
				if fit, ok := fitGridRimWide(blur, c.q, n); ok {
					cs = append(cs, cand{10, fit})
				}
			}
		}
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].fit.Score > cs[j].fit.Score })
		type done struct {
			c      cand
			fb     boardFit
			e0, e1 float64
		}
		var ds []done
		for _, c := range cs {
			if c.fit.Score < minCentredContrast || len(ds) >= K {
				break
			}
			h := Homography{1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1}.Mul(c.fit.H)
			e0, _ := quadErr(h, n, tq)
			f := c.fit
			f.Rim = c.stage >= 9
			fb := finishBoard(p, img, src, blur, f, n, scale, nil, true)
			e1, _ := quadErr(fb.H, n, tq)
			ds = append(ds, done{c, fb, e0 / side, e1 / side})
		}
		for i, d := range ds {
			sup := 0
			for j, o := range ds {
				if j != i && nearQuad(d.fb.H, fullQuad(o.fb.H, n), n, 0.1) {
					sup++
				}
			}
			rf, _ := refinedFit(blur, d.fb, n, scale)
			t.Logf("    stage %2d score %.2f err %.2f -> %.2f sq | after %.2f pinned %v centred %v refined %.2f support %d samples %d", d.c.stage, d.c.fit.Score, d.e0, d.e1, d.fb.Score, d.fb.Pinned, edgesCentred(p, d.fb.H, n), rf.Score, sup, len(d.fb.samples))
		}
	})
}
