// Command mkfixtures writes the test fixtures under ocr/testdata: real tile
// crops cut from the held-out (valid) split (rectified) of the Bananagrams photos
// ("ban-seg" by Zawaer, CC BY 4.0), real table crops, and synthetic crops
// drawn from fonts at known angles. Run from the repository root:
//
//	go run ./ocr/internal/mkfixtures -photos ../shared/data/photos/bananagrams-fi
package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/tilescope/tilescope/ocr/dataset"
	"github.com/tilescope/tilescope/ocr/synth"
)

func main() {
	photos := flag.String("photos", "../shared/data/photos/bananagrams-fi", "photos")
	out := flag.String("out", "ocr/testdata", "output directory")
	flag.Parse()
	if err := run(*photos, *out); err != nil {
		fmt.Fprintln(os.Stderr, "mkfixtures:", err)
		os.Exit(1)
	}
}

func save(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, img)
}

func run(photos, out string) error {
	names, err := dataset.Names(filepath.Join(photos, "data.yaml"))
	if err != nil {
		return err
	}
	ps, err := dataset.LoadSplit(filepath.Join(photos, "valid"), names)
	if err != nil {
		return err
	}
	// Real letters: the first two tiles of each of these letters.
	want := map[string]int{"A": 2, "E": 2, "H": 2, "K": 2, "M": 2, "N": 2, "P": 1, "R": 1, "S": 1, "T": 1, "I": 1, "O": 1}
	for pi, p := range ps {
		for ti, t := range p.Tiles {
			l, ok := dataset.Letter(t.Class)
			if !ok || want[l] == 0 {
				continue
			}
			want[l]--
			r := dataset.MinRect(t.Poly)
			// rectified, as a reader is handed a tile once its corners
			// are known (eval-tiles --mode warp)
			img := dataset.Warp(p.Image, r, 1.25, max(16, int(r.Side*1.25+0.5)))
			if err := save(filepath.Join(out, "real", fmt.Sprintf("%s_%d_%d.png", l, pi, ti)), img); err != nil {
				return err
			}
		}
	}
	// Real table: windows away from every tile.
	rng := rand.New(rand.NewPCG(3, 4))
	n := 0
	for pi, p := range ps {
		if n >= 6 {
			break
		}
		var side float64
		var cs [][2]float64
		for _, t := range p.Tiles {
			r := dataset.MinRect(t.Poly)
			side += r.Side
			cs = append(cs, r.Center)
		}
		side /= float64(len(cs))
		b := p.Image.Bounds()
		for try := 0; try < 200; try++ {
			cx := side + rng.Float64()*(float64(b.Dx())-2*side)
			cy := side + rng.Float64()*(float64(b.Dy())-2*side)
			ok := true
			for _, c := range cs {
				if math.Hypot(c[0]-cx, c[1]-cy) < 1.3*side {
					ok = false
				}
			}
			if !ok {
				continue
			}
			h := side / 2
			r := dataset.Rect{Center: [2]float64{cx, cy}, Side: side, Corners: [4][2]float64{{cx - h, cy - h}, {cx + h, cy - h}, {cx + h, cy + h}, {cx - h, cy + h}}}
			if err := save(filepath.Join(out, "real", fmt.Sprintf("empty_%d.png", pi)), dataset.Box(p.Image, r, 1.25, 0)); err != nil {
				return err
			}
			n++
			break
		}
	}
	// Synthetic: letters at known angles, named GLYPH_ANGLE.png.
	g, err := synth.NewGenerator()
	if err != nil {
		return err
	}
	for i, glyph := range []string{"A", "W", "M", "Qu", "R", "Ж", "Я", "skip", "give3", "F", "L", "G", "", "", ""} {
		rng := rand.New(rand.NewPCG(11, uint64(i)))
		s := g.Tile(rng, glyph)
		name := glyph
		if glyph == "" {
			name = fmt.Sprintf("empty%d", i)
		}
		if err := save(filepath.Join(out, "synth", fmt.Sprintf("%s_%03.0f.png", name, s.Angle)), s.Image); err != nil {
			return err
		}
	}
	return nil
}
