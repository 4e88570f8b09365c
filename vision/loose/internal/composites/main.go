package main

import (
	"bufio"
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
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/vision"
)

// grow is how much each label box is grown about the tile's centre.
const grow = 1.1

// board is a hand-labelled photo: its picture, its board's squares to
// the photo's pixels, and its 15 rows of cells.
type board struct {
	name string
	img  image.Image
	toPx vision.Homography
	grid [][]string
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
	var classes strings.Builder
	for c := 'A'; c <= 'Z'; c++ {
		classes.WriteString(string(c) + "\n")
	}
	classes.WriteString("blank\n")
	if err := os.WriteFile(filepath.Join(out, "classes.txt"), []byte(classes.String()), 0o644); err != nil {
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
			case cell == ".":
				continue
			case len(cell) == 1 && cell[0] >= 'A' && cell[0] <= 'Z':
				cls = int(cell[0] - 'A')
			default:
				cls = 26
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
			dst.Set(px, py, bilinear(t.b.img, sp.X-0.5, sp.Y-0.5))
		}
	}
}

// bilinear samples img at (x, y), pixel centres at integers.
func bilinear(img image.Image, x, y float64) color.RGBA {
	bd := img.Bounds()
	ix, iy := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(ix), y-float64(iy)
	var acc [3]float64
	for _, o := range [4][3]float64{{0, 0, (1 - fx) * (1 - fy)}, {1, 0, fx * (1 - fy)}, {0, 1, (1 - fx) * fy}, {1, 1, fx * fy}} {
		px := min(max(ix+int(o[0]), bd.Min.X), bd.Max.X-1)
		py := min(max(iy+int(o[1]), bd.Min.Y), bd.Max.Y-1)
		r, g, bl, _ := img.At(px, py).RGBA()
		acc[0] += o[2] * float64(r>>8)
		acc[1] += o[2] * float64(g>>8)
		acc[2] += o[2] * float64(bl>>8)
	}
	return color.RGBA{uint8(acc[0] + 0.5), uint8(acc[1] + 0.5), uint8(acc[2] + 0.5), 255}
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
	corners, grid, err := readBoard(filepath.Join(boards, name+".txt"))
	if err != nil {
		return nil, err
	}
	h, err := vision.QuadHomography(15, 15, corners)
	if err != nil {
		return nil, fmt.Errorf("%s: the corners make no quadrilateral: %w", name, err)
	}
	return &board{name: name, img: img, toPx: h, grid: grid}, nil
}

// readBoard reads a board file's corners and its 15 rows of 15 cells.
func readBoard(path string) (vision.Quad, [][]string, error) {
	var q vision.Quad
	var grid [][]string
	seen := false
	f, err := os.Open(path)
	if err != nil {
		return q, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(t, "# corners:"); ok {
			fs := strings.Fields(rest)
			if len(fs) != 4 {
				return q, nil, fmt.Errorf("%s:%d: want 4 corners x,y", path, line)
			}
			for i, p := range fs {
				xs, ys, _ := strings.Cut(p, ",")
				x, err1 := strconv.ParseFloat(xs, 64)
				y, err2 := strconv.ParseFloat(ys, 64)
				if err1 != nil || err2 != nil {
					return q, nil, fmt.Errorf("%s:%d: corner %q is not x,y", path, line, p)
				}
				q[i] = vision.Point{X: x, Y: y}
			}
			seen = true
			continue
		}
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		cells := strings.Fields(t)
		if len(cells) != 15 {
			return q, nil, fmt.Errorf("%s:%d: want 15 cells, got %d", path, line, len(cells))
		}
		grid = append(grid, cells)
	}
	if err := sc.Err(); err != nil {
		return q, nil, err
	}
	if !seen || len(grid) != 15 {
		return q, nil, fmt.Errorf("%s: want a # corners: line and 15 rows", path)
	}
	return q, grid, nil
}
