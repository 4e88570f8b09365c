package upwords

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
)

// TestOccupancyDiagnosis is a diagnostic, not a check: with
// TILESCOPE_HEIGHT_DIAG=DIR it scans every scene eval-scan counts (found
// with the built-in reader) and writes one line per square (to
// TILESCOPE_OCC_OUT, else stdout): the truth, the scan's verdict, what the
// tile evidence was made of, whether stacks in front hide the floor, which
// check dropped a light square whose floor they hide (faceShows,
// seenBehind) and the evidence readCells settled on (the reader may still
// overrule it).
func TestOccupancyDiagnosis(t *testing.T) {
	if os.Getenv("TILESCOPE_HEIGHT_DIAG") == "" {
		t.Skip("set TILESCOPE_HEIGHT_DIAG to a render-set directory")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	out := os.Stdout
	if o := os.Getenv("TILESCOPE_OCC_OUT"); o != "" {
		f, err := os.Create(o)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		out = f
	}
	fmt.Fprintln(out, "scene\trow\tcol\twant\twanth\tgoth\tletter\tconf\tev\tbaseEv\ttopEv\tref\tsearched\th\tscore\tedge\tfill\tink\tringLum\tinkLum\tmarked\tgroup\tquad\tfloorInk\thidden\tdropped\tfinal")
	eachScene(t, os.Getenv("TILESCOPE_HEIGHT_DIAG"), func(path string, tr *vision.Truth) {
		// The scenes eval-scan counts: found with the same reader.
		res := EvalScene(path, tr, EvalOptions{Scan: Options{Reader: rd}})
		if !res.Found {
			t.Logf("%s: not found (%v)", path, res.Err)
			return
		}
		img := loadImage(t, path)
		type feat struct {
			cellDiag
			edge, fill, ink, ringLum, inkLum float64
			floorInk                         float64
		}
		seen := map[grid.Pos]feat{}
		debugCell = func(r, c int, d cellDiag, p vision.Plane, occ *occluders) {
			f := feat{cellDiag: d}
			if d.searched {
				f.edge, f.fill = faceEdge(p, occ, d.quad), faceFill(p, occ, d.quad)
				f.ink, f.ringLum, f.inkLum = inkIn(p, occ, d.quad)
				f.floorInk, _, _ = inkIn(p, occ, d.floor)
			}
			seen[grid.Pos{Row: r, Col: c}] = f
		}
		r, err := ScanUpwords(img, Options{Size: tr.Board.Rows, Reader: rd})
		debugCell = nil
		if err != nil {
			return
		}
		n := tr.Board.Rows
		truth := tr.TrueBoard()
		turned := truthTurn(r, tr)
		truth.Each(func(p grid.Pos, want grid.Stack) {
			op := ourPos(p, turned, n)
			c := r.Cell(op)
			cp := op // the square as the camera sees it (before the reading was turned)
			for i := 0; i < r.Turned; i++ {
				cp = grid.Pos{Row: n - 1 - cp.Col, Col: cp.Row}
			}
			k := seen[cp]
			w := "."
			if !want.Empty() {
				w = want.Letter
			}
			l := c.Letter
			if l == "" {
				l = "."
			}
			dropped := k.dropped
			if dropped == "" {
				dropped = "-"
			}
			fmt.Fprintf(out, "%s\t%d\t%d\t%s\t%d\t%d\t%s\t%.2f\t%.3f\t%.3f\t%.3f\t%.1f\t%v\t%.2f\t%.1f\t%.1f\t%.3f\t%.3f\t%.1f\t%.1f\t%v\t%s\t%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f\t%.3f\t%v\t%s\t%.3f\n",
				filepath.Base(path), p.Row, p.Col, w, want.Height, c.Height, l, c.Conf, k.ev, k.baseEv, k.topEv, k.ref,
				k.searched, k.h, k.score, k.edge, k.fill, k.ink, k.ringLum, k.inkLum, k.marked, res.Group, k.quad[0].X, k.quad[0].Y, k.quad[1].X, k.quad[1].Y, k.quad[2].X, k.quad[2].Y, k.quad[3].X, k.quad[3].Y, k.floorInk, k.floorHidden, dropped, k.final)
		})
	})
}

// truthTurn is the quarter turn between the truth's corner order and the
// reading's (as EvalScene finds it).
func truthTurn(r *UpwordsReading, tr *vision.Truth) int {
	best, turned := math.Inf(1), 0
	for k := 0; k < 4; k++ {
		e := 0.0
		for i := 0; i < 4; i++ {
			c := tr.Board.Corners[(i+k)%4]
			e = math.Max(e, math.Hypot(c[0]-r.Corners[i].X, c[1]-r.Corners[i].Y))
		}
		if e < best {
			best, turned = e, k
		}
	}
	return turned
}

// inkIn is the letter's darkness inside face q: the 5th percentile of
// the grey in the face's middle over the 80th of the band just inside
// its outline.
func inkIn(p vision.Plane, occ *occluders, q vision.Quad) (ink, ringLum, inkLum float64) {
	var v [81]float64
	n := middleGreys(p, occ, q, &v)
	if n < 10 {
		return 0, 0, 0
	}
	lo := vision.KthSmallest(v[:n], n*5/100)
	_, hi, ok := faceRing(p, occ, q)
	if !ok || hi <= 0 {
		return 0, hi, lo
	}
	return 1 - lo/hi, hi, lo
}

// TestMarkDiagnosis is a diagnostic, not a check: with
// TILESCOPE_HEIGHT_DIAG=DIR it prints, for the four centre squares of
// every scene found, whether a tile stands there and how red their floor
// is (the share of samples past a few red thresholds).
func TestMarkDiagnosis(t *testing.T) {
	diagScenes(t, 1, func(path string, tr *vision.Truth, res SceneResult, img image.Image) {
		r, err := ScanUpwords(img, Options{Size: tr.Board.Rows, CameraOrientation: true})
		if err != nil {
			return
		}
		n := tr.Board.Rows
		truth := tr.TrueBoard()
		turned := truthTurn(r, tr)
		for _, p := range []grid.Pos{{Row: n/2 - 1, Col: n/2 - 1}, {Row: n/2 - 1, Col: n / 2}, {Row: n / 2, Col: n/2 - 1}, {Row: n / 2, Col: n / 2}} {
			op := ourPos(p, turned, n)
			q := faceQuad(&r.Pose, op.Row, op.Col, 0, UpwordsGeometry)
			b := img.Bounds()
			var cnt [4]int
			tot := 0
			var crcb []float64
			for i := 0; i < 7; i++ {
				for j := 0; j < 7; j++ {
					pt := bilerpQuad(q, 0.2+0.6*float64(i)/6, 0.2+0.6*float64(j)/6)
					_, cb, cr := vision.YCC(img, b.Min.X+int(pt.X), b.Min.Y+int(pt.Y))
					tot++
					d := int(cr) - int(cb)
					crcb = append(crcb, float64(d))
					for k, th := range []int{60, 45, 30, 20} {
						if d > th && int(cr) > 165-(60-th) {
							cnt[k]++
						}
					}
				}
			}
			sort.Float64s(crcb)
			fmt.Printf("%s %v tile=%v red60 %d red45 %d red30 %d red20 %d of %d; cr-cb q50 %.0f q90 %.0f\n", filepath.Base(path), p, !truth.At(p).Empty(), cnt[0], cnt[1], cnt[2], cnt[3], tot, crcb[len(crcb)/2], crcb[len(crcb)*9/10])
		}
	})
}
