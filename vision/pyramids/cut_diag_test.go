package pyramids

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestCutDiag (opt-in: PYR_CUT_SCENES, comma-separated scene paths;
// PYR_CUT_PNG, a directory to draw them into) prints, for each scene,
// what the board's search found: the light outlines (their share of the
// picture, whether the picture's edge cuts them, whether they are a
// board and in the picture), the light areas cut by the edge that are no
// quadrilateral, the board found running off the picture (offFrame), the truth's corners and the scan's
// answer.
func TestCutDiag(t *testing.T) {
	for sc := range diagScenesAt(t, "PYR_CUT_SCENES") {
		path, tr, img := sc.path, sc.truth, sc.img
		p := toPicture(img)
		pa := float64(p.W * p.H)
		outs := findOutlines(p)
		fmt.Printf("%s: truth %v\n", path, tr.Board.Corners)
		var quads []vision.Quad
		for _, o := range outs {
			f, ok := newFrame(p, refineOutline(p, o.q), DefaultGeometry, nil)
			in := ok && inPicture(f.corners, p)
			fmt.Printf("  outline %.3f clipped %v board %v in %v %s\n", o.area/pa, o.clipped, ok, in, quadText(o.q))
			quads = append(quads, o.q)
		}
		ls, sc := straightEdges(p)
		if o := offFrame(p, ls, sc, DefaultGeometry, nil); o != nil {
			fmt.Printf("  off: %s score %.2f grid %.2f white %.0f\n", quadText(o.corners), o.score, o.grid, o.whiteLuma())
		}
		r, serr := Scan(img, Options{})
		if serr != nil {
			fmt.Printf("  scan: %v\n", serr)
		} else {
			fmt.Printf("  scan: corners %v hidden %v\n", r.Corners, r.SideHidden)
		}
		if dir := os.Getenv("PYR_CUT_PNG"); dir != "" {
			drawQuads(t, img, quads, tr.Board.Corners, filepath.Join(dir, strings.ReplaceAll(strings.TrimSuffix(path, ".jpg"), "/", "_")+".png"))
		}
	}
}

// quadText is q's corners in whole pixels.
func quadText(q vision.Quad) string {
	var b strings.Builder
	for _, c := range q {
		fmt.Fprintf(&b, " %.0f,%.0f", c.X, c.Y)
	}
	return b.String()
}

// drawQuads writes the picture at a third of its size with the outlines
// in red and the truth in green.
func drawQuads(t *testing.T, img image.Image, qs []vision.Quad, truth [4][2]float64, out string) {
	const k = 3
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx()/k, b.Dy()/k))
	for y := 0; y < b.Dy()/k; y++ {
		for x := 0; x < b.Dx()/k; x++ {
			dst.Set(x, y, img.At(b.Min.X+x*k, b.Min.Y+y*k))
		}
	}
	line := func(a, c vision.Point, col color.Color) {
		for s := 0.0; s <= 1; s += 0.002 {
			dst.Set(int((a.X+(c.X-a.X)*s)/k), int((a.Y+(c.Y-a.Y)*s)/k), col)
		}
	}
	for _, q := range qs {
		for i := range q {
			line(q[i], q[(i+1)%4], color.RGBA{255, 0, 0, 255})
		}
	}
	for i := range truth {
		a, c := truth[i], truth[(i+1)%4]
		line(vision.Point{X: a[0], Y: a[1]}, vision.Point{X: c[0], Y: c[1]}, color.RGBA{0, 255, 0, 255})
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

// TestHiddenDiag (opt-in: PYR_HIDDEN_DIRS, comma-separated render-set
// directories) prints, for every scene read from three sides
// (SideHidden), whether its truth runs off the picture and the board
// offFrame finds running off it, beside the three sides' frame.
func TestHiddenDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_HIDDEN_DIRS") {
		r, serr := Scan(sc.img, Options{})
		if serr != nil || !r.SideHidden {
			continue
		}
		p := toPicture(sc.img)
		out := false
		for _, c := range sc.truth.Board.Corners {
			if c[0] < 0 || c[1] < 0 || c[0] > float64(p.W) || c[1] > float64(p.H) {
				out = true
			}
		}
		fmt.Printf("%s: truth out %v; three sides %s area %.0f\n", sc.path, out, quadText(r.Corners), quadArea(r.Corners))
		ls, scale := straightEdges(p)
		if o := offFrame(p, ls, scale, DefaultGeometry, nil); o != nil {
			fmt.Printf("  off: %s area %.0f score %.2f grid %.2f rank %.2f\n", quadText(o.corners), quadArea(o.corners), o.score, o.grid, o.rank())
		}
	}
}
