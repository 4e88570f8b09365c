package main

import (
	"flag"
	"fmt"
	"image"
	_ "image/jpeg"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/loose/internal/tileclass"
	"github.com/tilescope/tilescope/vision/scrabble"
)

// grow is how much each square is grown about its centre.
const grow = 1.1

type pt struct{ x, y float64 }

func main() {
	boards := flag.String("boards", "vision/scrabble/testdata/real", "the hand-labelled board files")
	photos := flag.String("photos", sharedPhotos(), "the photos (for their sizes)")
	out := flag.String("out", "vision/loose/testdata/scrabble-real", "where labels/ and classes.txt go")
	flag.Parse()
	if err := run(*boards, *photos, *out); err != nil {
		fmt.Fprintln(os.Stderr, "scrabblelabels:", err)
		os.Exit(2)
	}
}

// sharedPhotos is the photos' folder: under $TILESCOPE_SHARED, else
// ../shared or ../../shared (a worktree's) from the repository's root.
func sharedPhotos() string {
	rel := filepath.Join("data", "photos", "scrabble-board")
	if d := os.Getenv("TILESCOPE_SHARED"); d != "" {
		return filepath.Join(d, rel)
	}
	for _, up := range []string{"..", filepath.Join("..", "..")} {
		p := filepath.Join(up, "shared", rel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return filepath.Join("..", "shared", rel)
}

func run(boards, photos, out string) error {
	files, _ := filepath.Glob(filepath.Join(boards, "*.txt"))
	sort.Strings(files)
	if len(files) == 0 {
		return fmt.Errorf("%s: no board files", boards)
	}
	if err := os.MkdirAll(filepath.Join(out, "labels"), 0o755); err != nil {
		return err
	}
	if err := tileclass.Write(out); err != nil {
		return err
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		corners, grid, err := readBoard(f)
		if err != nil {
			return err
		}
		pf, err := os.Open(filepath.Join(photos, name+".jpg"))
		if err != nil {
			return err
		}
		cfg, _, err := image.DecodeConfig(pf)
		pf.Close()
		if err != nil {
			return fmt.Errorf("%s.jpg: %w", name, err)
		}
		text, err := labels(corners, grid, cfg.Width, cfg.Height)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		if err := os.WriteFile(filepath.Join(out, "labels", name+".txt"), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readBoard reads a board file (scrabble.LoadLabel, the format
// eval-scan reads): its corners and its 15 rows of cells, "." empty.
func readBoard(path string) ([4]pt, [][]string, error) {
	var corners [4]pt
	l, err := scrabble.LoadLabel(path)
	if err != nil {
		return corners, nil, err
	}
	if !l.HasCorners {
		return corners, nil, fmt.Errorf("%s: no # corners: line", path)
	}
	for i, c := range l.Corners {
		corners[i] = pt{c.X, c.Y}
	}
	grid := make([][]string, scrabble.Size)
	for r := range grid {
		grid[r] = make([]string, scrabble.Size)
		for c, cell := range l.Cells[r] {
			if cell == "" {
				cell = "."
			}
			grid[r][c] = cell
		}
	}
	return corners, grid, nil
}

// labels is the YOLO box label text of a board in a w x h photo.
func labels(corners [4]pt, grid [][]string, w, h int) (string, error) {
	q := vision.Quad{}
	for i, c := range corners {
		q[i] = vision.Point{X: c.x, Y: c.y}
	}
	vh, err := vision.QuadHomography(15, 15, q)
	if err != nil {
		return "", fmt.Errorf("the corners do not make a quadrilateral: %w", err)
	}
	H := homog{vh}
	var b strings.Builder
	for r, row := range grid {
		for c, cell := range row {
			cls := -1
			switch {
			case cell == ".":
				continue
			case len(cell) == 1 && cell[0] >= 'A' && cell[0] <= 'Z':
				cls = tileclass.Of(cell[0])
			case cell == "*" || (len(cell) == 1 && cell[0] >= 'a' && cell[0] <= 'z'):
				cls = tileclass.Blank
			default:
				return "", fmt.Errorf("row %d, column %d: cell %q is no tile this generator knows", r, c, cell)
			}
			sq := [4]pt{H.apply(pt{float64(c), float64(r)}), H.apply(pt{float64(c + 1), float64(r)}),
				H.apply(pt{float64(c + 1), float64(r + 1)}), H.apply(pt{float64(c), float64(r + 1)})}
			mid := H.apply(pt{float64(c) + 0.5, float64(r) + 0.5})
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, p := range sq {
				p = pt{mid.x + grow*(p.x-mid.x), mid.y + grow*(p.y-mid.y)}
				x0, y0 = math.Min(x0, p.x), math.Min(y0, p.y)
				x1, y1 = math.Max(x1, p.x), math.Max(y1, p.y)
			}
			fmt.Fprintf(&b, "%d %.6f %.6f %.6f %.6f\n", cls,
				(x0+x1)/2/float64(w), (y0+y1)/2/float64(h), (x1-x0)/float64(w), (y1-y0)/float64(h))
		}
	}
	return b.String(), nil
}

// homog is the board's squares to the photo's pixels.
type homog struct{ h vision.Homography }

func (m homog) apply(p pt) pt {
	q := m.h.Apply(vision.Point{X: p.x, Y: p.y})
	return pt{q.X, q.Y}
}
