// Command scrcrops writes a set of real Scrabble square crops, cut from the
// 16 labelled Scrabble photos (../shared/data/photos/scrabble-board, by
// Jeff Heidel, MIT licence; labels vision/scrabble/testdata/real) the ways
// another person might cut a square: tight, with a margin, a little off
// centre, a little turned, at various sizes; lettered tiles, and empty
// squares with their premium print and plain ones. The photos are split as
// docs/loose-tiles.md ("Blanks on a printed board") splits them: the
// tuning half (163920, 163933, 163949, 164035, 164044, 164052, 165303,
// 165313) is written to OUT/tune, the others to OUT/held. Each half is a
// folder of crops per letter ("empty" for no tile) that eval-tiles and
// read-tile read (docs/ocr.md, "Real Scrabble crops"). Blank tiles are
// left out (a blank is a tile with no letter: read-tile has no answer for
// it). The same seed writes the same crops. From the repository root:
//
//	go run ./ocr/internal/scrcrops -out /tmp/scrcrops
//
// -style 2 cuts otherwise, for a fresh set of the same photos (docs/ocr.md,
// "A fresh cut"): other sizes (20-192 pixels), wider margins and shifts,
// turns of up to 20 degrees, and each crop then lit otherwise (brighter or
// darker, a colour cast, a shadow across it), blurred, noisy or saved as a
// JPEG of low quality, as another camera and another person's cutting
// would give them.
package main

import (
	"flag"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/ocr/dataset"
	"github.com/tilescope/tilescope/ocr/internal/scrhalf"
	"github.com/tilescope/tilescope/scoring/scrabble"
	"github.com/tilescope/tilescope/vision"
	scrabblevision "github.com/tilescope/tilescope/vision/scrabble"
)

// isTuning reports whether a photo (its name without extension) is in
// the tuning half (scrhalf: the trainer's -scr-real reads the same half).
func isTuning(name string) bool { return scrhalf.IsTuning(name) }

func main() {
	photos := flag.String("photos", "../shared/data/photos/scrabble-board", "the Scrabble photos")
	labels := flag.String("labels", "vision/scrabble/testdata/real", "their labels (NAME.txt per photo)")
	out := flag.String("out", "", "output folder (tune/ and held/ are written in it)")
	seed := flag.Uint64("seed", 16, "seed of the cuts")
	perTile := flag.Int("per-tile", 6, "crops per lettered tile")
	perPremium := flag.Int("per-premium", 2, "crops per empty premium square")
	plain := flag.Float64("plain", 0.15, "share of the empty plain squares cut (one crop each)")
	style := flag.Int("style", 1, "cut style: 1 (the first set's cuts) or 2 (other sizes and turns, lighting, blur, noise, JPEG)")
	flag.Parse()
	if *style != 1 && *style != 2 {
		fmt.Fprintln(os.Stderr, "scrcrops: -style must be 1 or 2")
		os.Exit(2)
	}
	if *out == "" {
		fmt.Fprintln(os.Stderr, "scrcrops: -out is required")
		os.Exit(2)
	}
	c := cutter{seed: *seed, perTile: *perTile, perPremium: *perPremium, plain: *plain, style: *style}
	if err := c.run(*photos, *labels, *out); err != nil {
		fmt.Fprintln(os.Stderr, "scrcrops:", err)
		os.Exit(1)
	}
}

type cutter struct {
	seed                uint64
	perTile, perPremium int
	plain               float64
	style               int // 1 or 2
}

func (c cutter) run(photos, labels, out string) error {
	files, err := filepath.Glob(filepath.Join(labels, "*.txt"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("%s: no label files", labels)
	}
	counts := map[string][2]int{}
	for _, lf := range files {
		name := strings.TrimSuffix(filepath.Base(lf), ".txt")
		corners, grid, err := readLabel(lf)
		if err != nil {
			return err
		}
		img, _, err := imagesize.DecodeFile(filepath.Join(photos, name+".jpg"))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		half := "held"
		if isTuning(name) {
			half = "tune"
		}
		h, err := vision.FitHomography([]vision.Point{{X: 0, Y: 0}, {X: 15, Y: 0}, {X: 15, Y: 15}, {X: 0, Y: 15}}, corners[:])
		if err != nil {
			return fmt.Errorf("%s: corners: %w", lf, err)
		}
		for r := 0; r < 15; r++ {
			for col := 0; col < 15; col++ {
				cell := grid[r][col]
				rng := rand.New(rand.NewPCG(c.seed, hash(name, r, col)))
				n, dir := 0, ""
				switch {
				case cell >= 'A' && cell <= 'Z':
					n, dir = c.perTile, string(cell)
				case cell == '.' && scrabble.PremiumAt(scrabble.Pos{Row: r, Col: col}) != scrabble.Plain:
					n, dir = c.perPremium, "empty"
				case cell == '.' && rng.Float64() < c.plain:
					n, dir = 1, "empty"
				default:
					continue // blanks and the plain squares not drawn
				}
				for k := 0; k < n; k++ {
					var cut cut
					var m image.Image
					if c.style == 2 {
						cut = pickCut2(rng, k)
						m, err = cut.apply2(img, h, r, col, rng)
						if err != nil {
							return err
						}
					} else {
						cut = pickCut(rng, k)
						m = cut.apply(img, h, r, col)
					}
					path := filepath.Join(out, half, dir, fmt.Sprintf("%s_r%02dc%02d_%d%s.png", name, r, col, k, cut.name))
					if err := save(path, m); err != nil {
						return err
					}
					cc := counts[half]
					if dir == "empty" {
						cc[1]++
					} else {
						cc[0]++
					}
					counts[half] = cc
				}
			}
		}
	}
	for _, half := range []string{"tune", "held"} {
		fmt.Printf("%s: %d lettered crops, %d empty squares, in %s\n", half, counts[half][0], counts[half][1], filepath.Join(out, half))
	}
	return nil
}

// cut is one way of cutting a square: its margin (a share of the square
// on each side; negative cuts inside it), its centre's shift (squares), its
// turn (degrees) and the crop's side in pixels.
type cut struct {
	name           string
	margin, dx, dy float64
	turn           float64
	size           int
}

// cutRanges are the ranges a style draws its cuts from: the crop's sizes
// and its usual margin (from, width), and each kind's own: a tight cut's
// margin, a wide margin, an off cut's shift, a turned cut's turn
// (degrees), and a mixed cut's margin, largest shift and turn.
type cutRanges struct {
	sizes                    []int
	margin, tight, wide, off [2]float64
	turn                     [2]float64
	mixMargin                [2]float64
	mixShift, mixTurn        float64
}

// cuts1 are the first set's cuts.
var cuts1 = cutRanges{
	sizes:  []int{24, 32, 40, 48, 64, 80, 96, 128},
	margin: [2]float64{0.02, 0.08}, tight: [2]float64{-0.06, 0.06}, wide: [2]float64{0.12, 0.18},
	off: [2]float64{0.06, 0.1}, turn: [2]float64{3, 7},
	mixMargin: [2]float64{-0.04, 0.3}, mixShift: 0.1, mixTurn: 10,
}

// pickCut draws the k-th cut of a square in the first style.
func pickCut(rng *rand.Rand, k int) cut { return cuts1.pick(rng, k) }

// pick draws the k-th cut of a square: the first five are one of each
// kind (tight, margin, off, turned, mixed), then mixed.
func (cr cutRanges) pick(rng *rand.Rand, k int) cut {
	draw := func(r [2]float64) float64 { return r[0] + r[1]*rng.Float64() }
	c := cut{size: cr.sizes[rng.IntN(len(cr.sizes))], margin: draw(cr.margin)}
	kind := k % 5
	if k >= 5 {
		kind = 4
	}
	switch kind {
	case 0:
		c.name, c.margin = "tight", draw(cr.tight)
	case 1:
		c.name, c.margin = "margin", draw(cr.wide)
	case 2:
		a := 2 * math.Pi * rng.Float64()
		s := draw(cr.off)
		c.name, c.dx, c.dy = "off", s*math.Cos(a), s*math.Sin(a)
	case 3:
		c.name, c.turn = "turned", draw(cr.turn)*float64(1-2*rng.IntN(2))
	default:
		c.name = "mixed"
		c.margin = draw(cr.mixMargin)
		a := 2 * math.Pi * rng.Float64()
		s := cr.mixShift * rng.Float64()
		c.dx, c.dy = s*math.Cos(a), s*math.Sin(a)
		c.turn = cr.mixTurn * (rng.Float64() - 0.5)
	}
	return c
}

// apply cuts square (r, col) from img, h mapping board units (a square is
// 1) to the photo's pixels, sampled bilinearly.
func (c cut) apply(img image.Image, h vision.Homography, r, col int) *image.RGBA {
	n := c.size
	out := image.NewRGBA(image.Rect(0, 0, n, n))
	cx, cy := float64(col)+0.5+c.dx, float64(r)+0.5+c.dy
	half := 0.5 + c.margin
	sin, cos := math.Sincos(c.turn * math.Pi / 180)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			u := ((float64(x)+0.5)/float64(n)*2 - 1) * half
			v := ((float64(y)+0.5)/float64(n)*2 - 1) * half
			p := h.Apply(vision.Point{X: cx + cos*u - sin*v, Y: cy + sin*u + cos*v})
			c := dataset.SampleRGB(img, p.X-0.5, p.Y-0.5)
			out.SetRGBA(x, y, color.RGBA{c[0], c[1], c[2], 255})
		}
	}
	return out
}

func hash(name string, r, c int) uint64 {
	f := fnv.New64a()
	fmt.Fprintf(f, "%s/%d/%d", name, r, c)
	return f.Sum64()
}

// readLabel reads a label file (vision/scrabble.LoadLabel, the format eval-scan
// reads): its corners and its 15 rows of cells, '.' empty, else the
// cell's first character.
func readLabel(path string) (corners [4]vision.Point, grid [15][15]byte, err error) {
	l, err := scrabblevision.LoadLabel(path)
	if err != nil {
		return corners, grid, err
	}
	if !l.HasCorners {
		return corners, grid, fmt.Errorf("%s: no # corners: line", path)
	}
	for r := range grid {
		for c, cell := range l.Cells[r] {
			grid[r][c] = '.'
			if cell != "" {
				grid[r][c] = cell[0]
			}
		}
	}
	return l.Corners, grid, nil
}

func save(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
