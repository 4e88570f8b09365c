package loose

import (
	"bytes"
	"fmt"
	"github.com/tilescope/tilescope/vision/render"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDevBananagrams is a development aid: LOOSE_DEV=DIR scans every photo
// of the bananagrams split DIR, prints the figures and writes overlays to
// /tmp/loose/dev.
func TestDevBananagrams(t *testing.T) {
	dir := os.Getenv("LOOSE_DEV")
	if dir == "" {
		t.Skip("LOOSE_DEV not set")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "images", "*.jpg"))
	os.MkdirAll("/tmp/loose/dev", 0o755)
	var tp, fp, fn int
	for i, f := range files {
		fh, _ := os.Open(f)
		img, err := jpeg.Decode(fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		lab := filepath.Join(dir, "labels", strings.TrimSuffix(filepath.Base(f), ".jpg")+".txt")
		lf, _ := os.Open(lab)
		truth, err := ReadYOLO(lf, lab, img.Bounds().Dx(), img.Bounds().Dy(), nil)
		lf.Close()
		if err != nil {
			t.Fatal(err)
		}
		debugMask = func(name string, w, h int, m []byte) {
			g := &image.Gray{Pix: append([]byte(nil), m...), Stride: w, Rect: image.Rect(0, 0, w, h)}
			of, _ := os.Create(filepath.Join("/tmp/loose/dev", filepath.Base(f)+"."+name+".png"))
			png.Encode(of, g)
			of.Close()
		}
		debugf = func(format string, a ...any) { t.Logf(format, a...) }
		r, err := Scan(img, Options{})
		var tiles []Tile
		if err != nil {
			t.Logf("%s: %v", f, err)
		} else {
			tiles = r.Tiles
		}
		m := MatchTiles(tiles, truth, 0.5)
		tp += len(m)
		fp += len(tiles) - len(m)
		fn += len(truth) - len(m)
		t.Logf("%2d found %d truth %d matched %d", i, len(tiles), len(truth), len(m))
		out := image.NewRGBA(img.Bounds())
		draw.Draw(out, out.Bounds(), img, image.Point{}, draw.Src)
		for _, tt := range truth {
			drawPoly(out, tt.Outline, color.RGBA{0, 255, 0, 255})
		}
		for _, tt := range tiles {
			drawPoly(out, tt.Corners[:], color.RGBA{255, 0, 0, 255})
		}
		of, _ := os.Create(filepath.Join("/tmp/loose/dev", filepath.Base(f)+".png"))
		png.Encode(of, out)
		of.Close()
	}
	t.Logf("recall %.3f precision %.3f (tp %d fp %d fn %d)", float64(tp)/float64(tp+fn), float64(tp)/float64(tp+fp), tp, fp, fn)
}

func drawPoly(img *image.RGBA, p []Point, c color.RGBA) {
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		n := int(dist(a, b)) + 1
		for k := 0; k <= n; k++ {
			x := a.X + (b.X-a.X)*float64(k)/float64(n)
			y := a.Y + (b.Y-a.Y)*float64(k)/float64(n)
			img.Set(int(x+0.5), int(y+0.5), c)
		}
	}
}

// TestDevRender: LOOSE_RENDER=game scans a few rendered scenes.
func TestDevRender(t *testing.T) {
	game := os.Getenv("LOOSE_RENDER")
	if game == "" {
		t.Skip("LOOSE_RENDER not set")
	}
	os.MkdirAll("/tmp/loose/dev", 0o755)
	var tp, fp, fn int
	for seed := int64(1); seed <= 8; seed++ {
		state, err := render.RandomState(game, seed)
		if err != nil {
			t.Fatal(err)
		}
		opt, _ := render.RandomOptions(seed, "normal")
		sc, err := render.Render(game, state, opt)
		if err != nil {
			t.Fatal(err)
		}
		img, _ := jpeg.Decode(bytes.NewReader(sc.JPEG))
		truth := truthFromRender(&sc.Truth)
		debugf = func(format string, a ...any) { t.Logf(format, a...) }
		debugMask = func(name string, w, h int, m []byte) {
			g := &image.Gray{Pix: append([]byte(nil), m...), Stride: w, Rect: image.Rect(0, 0, w, h)}
			of, _ := os.Create(fmt.Sprintf("/tmp/loose/dev/%s%d.%s.png", game, seed, name))
			png.Encode(of, g)
			of.Close()
		}
		r, err := Scan(img, Options{Lattice: true})
		var tiles []Tile
		if err != nil {
			t.Logf("%d: %v", seed, err)
		} else {
			tiles = r.Tiles
		}
		m := MatchTiles(tiles, truth, 0.5)
		tp += len(m)
		fp += len(tiles) - len(m)
		fn += len(truth) - len(m)
		ss := ScoreScan(tiles, truth, func(a, b string) bool { return a == b })
		t.Logf("%2d found %d truth %d matched %d lattice %v turned %v corner %.1f", seed, len(tiles), len(truth), len(m), ss.Lattice, ss.LatticeTurned, ss.CornerErr/float64(max(1, ss.Matched)))
		out := image.NewRGBA(img.Bounds())
		draw.Draw(out, out.Bounds(), img, image.Point{}, draw.Src)
		for _, tt := range truth {
			drawPoly(out, tt.Outline, color.RGBA{0, 255, 0, 255})
		}
		for _, tt := range tiles {
			drawPoly(out, tt.Corners[:], color.RGBA{255, 0, 0, 255})
		}
		of, _ := os.Create(fmt.Sprintf("/tmp/loose/dev/%s%d.png", game, seed))
		png.Encode(of, out)
		of.Close()
	}
	t.Logf("recall %.3f precision %.3f (tp %d fp %d fn %d)", float64(tp)/float64(tp+fn), float64(tp)/float64(tp+fp), tp, fp, fn)
}
