package loose

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestNeighbourDiag (opt-in: LOOSE_NBR_SEEDS=101300,101301) logs, per
// rendered hard Lexicon table, each tile missed at IoU >= 0.5 and what
// lies near it: the quad that overlaps it most (its IoU, its centre's
// offset from the tile's in the tile's sides, the tile its centre lies
// in, its letter and where its letter's glyph lies), and the nearest
// tile of the crossword (docs/loose-tiles.md, "quads over a neighbour,
// lone tiles beside a crossword").
func TestNeighbourDiag(t *testing.T) {
	env := os.Getenv("LOOSE_NBR_SEEDS")
	if env == "" {
		t.Skip("LOOSE_NBR_SEEDS not set")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	debugf = func(format string, a ...any) {
		if strings.HasPrefix(format, "tableGaps") {
			t.Logf("  debug: "+format, a...)
		}
	}
	defer func() { debugf = func(string, ...any) {} }()
	in := func(truth []TruthTile, p Point) int {
		for i, tt := range truth {
			if len(tt.Outline) == 4 {
				var q [4]Point
				copy(q[:], tt.Outline)
				if insideConvex(q, p) {
					return i
				}
			}
		}
		return -1
	}
	for _, f := range strings.Split(env, ",") {
		seed, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatalf("LOOSE_NBR_SEEDS: %v", err)
		}
		img, sceneTruth := renderScene(t, "lexicon", "hard", seed)
		truth := TruthFromRender(sceneTruth)
		r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true})
		var tiles []Tile
		if err == nil {
			tiles = r.Tiles
		}
		m := MatchTiles(tiles, truth, 0.5)
		hit := map[int]bool{}
		used := map[int]bool{}
		for _, x := range m {
			hit[x.Truth] = true
			used[x.Found] = true
		}
		src := toRGB(img)
		// The cells next to the tiles reported, before the ink test.
		var steps []Tile
		for _, ft := range tiles {
			u, v := edgeVectors(ft.Corners)
			for _, d := range []Point{u, {-u.X, -u.Y}, v, {-v.X, -v.Y}} {
				var q [4]Point
				for k, p := range ft.Corners {
					q[k] = Point{p.X + d.X, p.Y + d.Y}
				}
				steps = append(steps, Tile{Letter: "?", Row: -1, Col: -1, byLetter: true, Corners: q, Center: centroid(q), Side: meanSide(q), Angle: outlineAngle(q)})
			}
		}
		t.Logf("seed %d: %d tiles, %d reported, %d matched, err %v", seed, len(truth), len(tiles), len(m), err)
		for j, ft := range tiles {
			if used[j] {
				continue
			}
			k := in(truth, ft.Center)
			what := "on no tile"
			if k >= 0 {
				what = "in " + truth[k].Letter + " found " + strconv.FormatBool(hit[k])
			}
			t.Logf("  unmatched %q %.2f at (%.0f,%.0f) side %.0f byLetter %v: %s", ft.Letter, ft.Conf, ft.Center.X, ft.Center.Y, ft.Side, ft.byLetter, what)
		}
		for i, tt := range truth {
			if hit[i] {
				continue
			}
			c := polyCentroid(tt.Outline)
			side := dist(tt.Outline[0], tt.Outline[1])
			nn, nl := math.Inf(1), ""
			for j, o := range truth {
				if j != i {
					if d := dist(c, polyCentroid(o.Outline)); d < nn {
						nn, nl = d, o.Letter
					}
				}
			}
			best, bi := 0.0, -1
			for j, ft := range tiles {
				if v := IoU(ft.Corners, tt.Outline); v > best {
					best, bi = v, j
				}
			}
			near, ni := math.Inf(1), -1
			for j, ft := range tiles {
				if d := dist(ft.Center, c); d < near {
					near, ni = d, j
				}
			}
			line := ""
			if bi >= 0 {
				bt := tiles[bi]
				ctrIn := in(truth, bt.Center)
				what := "table"
				if ctrIn == i {
					what = "this"
				} else if ctrIn >= 0 {
					what = "neighbour " + truth[ctrIn].Letter
					if hit[ctrIn] {
						what += " (found)"
					}
				}
				g := "none"
				if bt.hasGlyph {
					gi := in(truth, bt.glyph)
					g = "table"
					if gi == i {
						g = "this"
					} else if gi >= 0 {
						g = "neighbour " + truth[gi].Letter
					}
					g += " (" + strconv.FormatFloat(dist(bt.glyph, c)/side, 'f', 2, 64) + " off, " +
						strconv.FormatFloat(dist(bt.glyph, bt.Center)/side, 'f', 2, 64) + " off the quad's)"
				}
				line = strconv.Quote(bt.Letter) + " " + strconv.FormatFloat(bt.Conf, 'f', 2, 64) +
					" iou " + strconv.FormatFloat(best, 'f', 2, 64) +
					" off " + strconv.FormatFloat(dist(bt.Center, c)/side, 'f', 2, 64) +
					" side " + strconv.FormatFloat(bt.Side/side, 'f', 2, 64) +
					" centre in " + what + ", glyph in " + g +
					" matched-other " + strconv.FormatBool(used[bi]) +
					" byLetter " + strconv.FormatBool(bt.byLetter) +
					" rc " + strconv.Itoa(bt.Row) + "," + strconv.Itoa(bt.Col)
			}
			for _, st := range steps {
				if dist(st.Center, c) < 0.4*side {
					if e, g, ok := cellInkElong(src, st.Corners); ok {
						st.elong, st.glyph, st.hasGlyph = e, g, true
					}
					rv, _ := readTiles(src, []Tile{st}, Options{Reader: rd})
					l, cf := "", 0.0
					if len(rv) > 0 {
						l, cf = rv[0].Letter, rv[0].Conf
					}
					vv, _ := readVerified(src, []Tile{st}, Options{Reader: rd, Lattice: true, UprightFromLetters: true})
					{
						o := Options{Reader: rd, Lattice: true, UprightFromLetters: true}
						ro := o
						ro.Reader = letterReader(o)
						rr, _ := readTiles(src, []Tile{st}, ro)
						if len(rr) > 0 && rr[0].hasCues {
							v := verifierFor(o)
							t.Logf("    cues %v pTile %.2f cut %.2f pRight %.2f", rr[0].cues, v.ProbTile(rr[0].cues), v.Cut, v.ProbRight(rr[0].cues))
						}
					}
					t.Logf("    step cell elong %.1f %.2f off, side %.2f, ink %v, covered %.2f, reads %q %.2f, verified %d", st.elong, dist(st.Center, c)/side, st.Side/side, inkInMiddle(src, st.Corners), coveredShare(st.Corners, tiles), l, cf, len(vv))
				}
			}
			if dir := os.Getenv("LOOSE_NBR_SAVE"); dir != "" {
				saveMissCrop(t, img, dir, seed, i, c, side, tt.Outline, tiles)
			}
			t.Logf("  miss %s at (%.0f,%.0f) side %.0f nearest tile %s at %.2f sides; nearest quad %.2f sides (%d); best quad: %s",
				tt.Letter, c.X, c.Y, side, nl, nn/side, near/side, ni, line)
		}
	}
}

// saveMissCrop writes the photo round a missed tile (3 sides each way)
// with its true outline (red) and the quads reported (green) drawn.
func saveMissCrop(t *testing.T, img image.Image, dir string, seed int64, i int, c Point, side float64, outline []Point, tiles []Tile) {
	r := image.Rect(int(c.X-3*side), int(c.Y-3*side), int(c.X+3*side), int(c.Y+3*side)).Intersect(img.Bounds())
	out := image.NewRGBA(r)
	draw.Draw(out, r, img, r.Min, draw.Src)
	line := func(a, b Point, col color.RGBA) {
		n := int(dist(a, b)) + 1
		for k := 0; k <= n; k++ {
			f := float64(k) / float64(n)
			out.Set(int(a.X+f*(b.X-a.X)), int(a.Y+f*(b.Y-a.Y)), col)
		}
	}
	for k := range outline {
		line(outline[k], outline[(k+1)%len(outline)], color.RGBA{255, 0, 0, 255})
	}
	for _, ft := range tiles {
		for k := 0; k < 4; k++ {
			line(ft.Corners[k], ft.Corners[(k+1)%4], color.RGBA{0, 255, 0, 255})
		}
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%d-%d.png", seed, i)))
	if err != nil {
		t.Log(err)
		return
	}
	defer f.Close()
	_ = png.Encode(f, out)
}
