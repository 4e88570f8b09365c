package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/jpeg"
	"image/png"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"

	"github.com/tilescope/tilescope/ocr/dataset"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/loose/internal/tileclass"
	"github.com/tilescope/tilescope/vision/scrabble"
)

// grow is how much each label box is grown about the tile's centre.
const grow = 1.1

// board is a hand-labelled photo: its picture, its board's squares to
// the photo's pixels, and its cells as labelled (scrabble.Label: ""
// empty, a letter, a blank in lower case, "*" or "?").
type board struct {
	name string
	img  image.Image
	toPx vision.Homography
	grid *[scrabble.Size][scrabble.Size]string
}

// tile is a lettered square of a source board.
type tile struct {
	b        *board
	row, col int
	letter   byte
}

func main() {
	images := flag.String("images", "", "the photos (NAME.jpg)")
	boards := flag.String("boards", "vision/scrabble/testdata/real", "the hand-labelled board files (NAME.txt)")
	sources := flag.String("sources", "", "photos to cut tiles from, comma-separated names")
	targets := flag.String("targets", "", "photos to draw tiles onto, comma-separated names")
	n := flag.Int("n", 2, "composites per target")
	tiles := flag.Int("tiles", 12, "tiles drawn onto each composite")
	turn := flag.Float64("turn", 45, "largest turn of a tile off the board's axes, degrees")
	seed := flag.Int64("seed", 1, "random seed")
	out := flag.String("out", "", "output folder")
	flag.Parse()
	if *images == "" || *sources == "" || *targets == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "composites: -images, -sources, -targets and -out are needed")
		os.Exit(2)
	}
	if err := run(*images, *boards, strings.Split(*sources, ","), strings.Split(*targets, ","), *n, *tiles, *turn, *seed, *out); err != nil {
		fmt.Fprintln(os.Stderr, "composites:", err)
		os.Exit(1)
	}
}

func run(images, boards string, sources, targets []string, n, count int, turn float64, seed int64, out string) error {
	for _, d := range []string{"images", "labels"} {
		if err := os.MkdirAll(filepath.Join(out, d), 0o755); err != nil {
			return err
		}
	}
	if err := tileclass.Write(out); err != nil {
		return err
	}
	var pool []tile
	for _, s := range sources {
		b, err := load(images, boards, s)
		if err != nil {
			return err
		}
		for r, row := range b.grid {
			for c, cell := range row {
				if len(cell) == 1 && cell[0] >= 'A' && cell[0] <= 'Z' {
					pool = append(pool, tile{b, r, c, cell[0]})
				}
			}
		}
	}
	if len(pool) == 0 {
		return fmt.Errorf("no lettered tile in %v", sources)
	}
	rng := rand.New(rand.NewSource(seed))
	for _, t := range targets {
		b, err := load(images, boards, t)
		if err != nil {
			return err
		}
		for k := 0; k < n; k++ {
			name := fmt.Sprintf("%s_s%d_%d", t, seed, k)
			if err := compose(b, pool, count, turn, rng, filepath.Join(out, "images", name+".png"), filepath.Join(out, "labels", name+".txt")); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
	}
	return nil
}

// compose draws count tiles of pool onto b's board and writes the
// picture and its labels.
func compose(b *board, pool []tile, count int, turn float64, rng *rand.Rand, imgPath, labPath string) error {
	bounds := b.img.Bounds()
	dst := image.NewRGBA(bounds)
	draw.Draw(dst, bounds, b.img, bounds.Min, draw.Src)
	var lab strings.Builder
	var taken [][2]float64 // centres in board squares
	for r, row := range b.grid {
		for c, cell := range row {
			cls := -1
			switch {
			case cell == "":
				continue
			case len(cell) == 1 && cell[0] >= 'A' && cell[0] <= 'Z':
				cls = tileclass.Of(cell[0])
			default:
				cls = tileclass.Blank
			}
			cx, cy := float64(c)+0.5, float64(r)+0.5
			taken = append(taken, [2]float64{cx, cy})
			writeBox(&lab, b, cls, cx, cy, 0, bounds)
		}
	}
	placed := 0
	for tries := 0; placed < count && tries < 2000; tries++ {
		cx, cy := 1+13*rng.Float64(), 1+13*rng.Float64()
		clear := true
		for _, p := range taken {
			if math.Hypot(p[0]-cx, p[1]-cy) < 1.6 {
				clear = false
				break
			}
		}
		if !clear {
			continue
		}
		th := (2*rng.Float64() - 1) * turn * math.Pi / 180
		t := pool[rng.Intn(len(pool))]
		paste(dst, b, t, cx, cy, th)
		taken = append(taken, [2]float64{cx, cy})
		writeBox(&lab, b, int(t.letter-'A'), cx, cy, th, bounds)
		placed++
	}
	if placed < count {
		return fmt.Errorf("only %d of %d tiles found room", placed, count)
	}
	f, err := os.Create(imgPath)
	if err != nil {
		return err
	}
	if err := png.Encode(f, dst); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.WriteFile(labPath, []byte(lab.String()), 0o644)
}

// local is the board point of a tile centred at (cx, cy), turned by th,
// at (u, v) of its own square (each -0.5..0.5).
func local(cx, cy, th, u, v float64) (float64, float64) {
	s, c := math.Sincos(th)
	return cx + c*u - s*v, cy + s*u + c*v
}

// writeBox writes the label of a tile centred at board point (cx, cy),
// turned by th.
func writeBox(lab *strings.Builder, b *board, cls int, cx, cy, th float64, bounds image.Rectangle) {
	mid := b.toPx.Apply(vision.Point{X: cx, Y: cy})
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, d := range [4][2]float64{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}} {
		x, y := local(cx, cy, th, d[0], d[1])
		p := b.toPx.Apply(vision.Point{X: x, Y: y})
		p = vision.Point{X: mid.X + grow*(p.X-mid.X), Y: mid.Y + grow*(p.Y-mid.Y)}
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	w, h := float64(bounds.Dx()), float64(bounds.Dy())
	fmt.Fprintf(lab, "%d %.6f %.6f %.6f %.6f\n", cls, (x0+x1)/2/w, (y0+y1)/2/h, (x1-x0)/w, (y1-y0)/h)
}

// paste draws tile t onto dst, centred at board point (cx, cy) of b and
// turned by th: each pixel of the target square is mapped back to t's
// square of its own photo.
func paste(dst *image.RGBA, b *board, t tile, cx, cy, th float64) {
	toBoard := b.toPx.Inverse()
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, d := range [4][2]float64{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}} {
		x, y := local(cx, cy, th, d[0], d[1])
		p := b.toPx.Apply(vision.Point{X: x, Y: y})
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	s, c := math.Sincos(th)
	for py := int(y0); py <= int(y1)+1; py++ {
		for px := int(x0); px <= int(x1)+1; px++ {
			if !(image.Point{px, py}).In(dst.Bounds()) {
				continue
			}
			q := toBoard.Apply(vision.Point{X: float64(px) + 0.5, Y: float64(py) + 0.5})
			dx, dy := q.X-cx, q.Y-cy
			u, v := c*dx+s*dy, -s*dx+c*dy // undo the turn
			if math.Abs(u) > 0.5 || math.Abs(v) > 0.5 {
				continue
			}
			sp := t.b.toPx.Apply(vision.Point{X: float64(t.col) + 0.5 + u, Y: float64(t.row) + 0.5 + v})
			rgb := dataset.SampleRGB(t.b.img, sp.X-0.5, sp.Y-0.5)
			dst.SetRGBA(px, py, color.RGBA{rgb[0], rgb[1], rgb[2], 255})
		}
	}
}

// load reads a photo and its board file.
func load(images, boards, name string) (*board, error) {
	f, err := os.Open(filepath.Join(images, name+".jpg"))
	if err != nil {
		return nil, err
	}
	img, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("%s.jpg: %w", name, err)
	}
	l, err := scrabble.LoadLabel(filepath.Join(boards, name+".txt"))
	if err != nil {
		return nil, err
	}
	if !l.HasCorners {
		return nil, fmt.Errorf("%s.txt: no # corners: line", name)
	}
	h, err := vision.QuadHomography(scrabble.Size, scrabble.Size, l.Corners)
	if err != nil {
		return nil, fmt.Errorf("%s: the corners make no quadrilateral: %w", name, err)
	}
	return &board{name: name, img: img, toPx: h, grid: &l.Cells}, nil
}
