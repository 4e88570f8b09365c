package loose

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestQuadTrace (opt-in: LOOSE_QUAD_DIRS=comma-separated augment
// folders) scans each photo as `eval-loose --photos` does and, for every
// labelled A-Z tile found, reads it again from other crops: the found
// quad on the photo as taken (where the scan sharpened it), the quad
// moved onto its letter's box, the quad cut with the picture's outside
// filled with the face's colour, and the vote of them; it counts, per
// cause, the misreads each crop mends and the right readings it breaks.
func TestQuadTrace(t *testing.T) {
	dirs := os.Getenv("LOOSE_QUAD_DIRS")
	if dirs == "" {
		t.Skip("LOOSE_QUAD_DIRS not set")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
	lr := letterReader(opt)
	if os.Getenv("LOOSE_QUAD_DEBUG") != "" {
		old := debugf
		debugf = func(format string, a ...any) { t.Logf("  debug: "+format, a...) }
		defer func() { debugf = old }()
	}
	vr := lr.(ocr.VoteReader)
	for _, dir := range strings.Split(dirs, ",") {
		names := augmentNames(t, dir)
		counts := map[string]int{}
		var lines []string
		only := os.Getenv("LOOSE_QUAD_ONLY")
		pngs := os.Getenv("LOOSE_QUAD_PNG")
		for _, name := range augmentFiles(dir) {
			if only != "" && !strings.Contains(only, name[:13]) {
				continue
			}
			img, truth := augmentPhoto(t, dir, name, names)
			r, err := Scan(img, opt)
			if err != nil {
				continue
			}
			taken := toRGB(img)
			rgb := taken
			blurred := false
			if d, ok := deblurredOf(img, Options{}); ok {
				rgb, blurred = d, true
			}
			_, matchT := matchCentres(r.Tiles, truth)
			for j, tt := range truth {
				f := matchT[j]
				if f < 0 || len(tt.Letter) != 1 || tt.Letter[0] < 'A' || tt.Letter[0] > 'Z' {
					continue
				}
				ft := r.Tiles[f]
				right := strings.EqualFold(ft.Letter, tt.Letter)
				sure := ft.Conf >= SureConf
				cause := "ok"
				if !right {
					cause = misreadCause(ft, tt, img.Bounds(), blurred)
				}
				alts := map[string]ocr.Reading{}
				q := ft.Corners
				c13 := rectify(rgb, q, 64, 1.3)
				alts["again"], _ = lr.Read(c13)
				crops := []image.Image{c13, rectify(rgb, q, 64, 1.15), rectify(rgb, q, 64, 1.5)}
				if blurred {
					ct := rectify(taken, q, 64, 1.3)
					alts["taken"], _ = lr.Read(ct)
					crops = append(crops, ct)
				}
				mq, off, ok := onInk(rgb, q, 64)
				offK := "centred"
				if ok {
					ci := rectify(rgb, mq, 64, 1.3)
					alts["ink"], _ = lr.Read(ci)
					if off > 0.1 {
						offK = "off"
						crops = append(crops, ci)
					}
				} else {
					offK = "noink"
				}
				edge := outOfFrame(rgb, q, 1.3)
				if edge {
					cf := rectifyFilled(rgb, q, 64, 1.3, faceColour(c13))
					alts["fill"], _ = lr.Read(cf)
					crops = append(crops, cf)
				}
				alts["vote"], _ = vr.ReadVote(crops, ocr.Known{})
				alts["vote3"], _ = vr.ReadVote(crops[:3], ocr.Known{})
				box := readBox(lr, rgb, tt)
				if pngs != "" && !right {
					x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
					for _, p := range tt.Outline {
						x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
					}
					bq := [4]Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
					c := centroid(bq)
					big := squareAround(c, bq, 3*math.Max(x1-x0, y1-y0))
					writeDiagPNG(t, filepath.Join(pngs, fmt.Sprintf("%s-%s-%s-ctx.png", name[:13], tt.Letter, ft.Letter)), rectifyMarked(rgb, big, 192, q))
					writeDiagPNG(t, filepath.Join(pngs, fmt.Sprintf("%s-%s-%s-crop.png", name[:13], tt.Letter, ft.Letter)), c13)
				}
				key := fmt.Sprintf("%s sure=%v", cause, sure)
				if !right {
					counts["misread "+key]++
					if strings.EqualFold(box.Letter, tt.Letter) {
						counts["misread "+key+" box right"]++
					}
				} else {
					counts["right "+key]++
				}
				var ks []string
				for k := range alts {
					ks = append(ks, k)
				}
				sort.Strings(ks)
				var desc []string
				for _, k := range ks {
					a := alts[k]
					ar := strings.EqualFold(a.Letter, tt.Letter)
					desc = append(desc, fmt.Sprintf("%s %s %.2f", k, a.Letter, a.Conf))
					switch {
					case !right && ar:
						counts[fmt.Sprintf("  %s mends %s", k, key)]++
					case right && !ar:
						counts[fmt.Sprintf("  %s breaks %s", k, key)]++
					}
				}
				if !right || !sure {
					lines = append(lines, fmt.Sprintf("  %s %s read %s %.2f %s %s edge=%v off=%.2f: %s; box %s %.2f", name[:13], tt.Letter, ft.Letter, ft.Conf, cause, offK, edge, off, strings.Join(desc, ", "), box.Letter, box.Conf))
				}
			}
		}
		t.Logf("%s:", dir)
		for _, l := range lines {
			t.Log(l)
		}
		logCounts(t, counts)
	}
}

// misreadCause is the first cause of a found tile ft read other than its
// label tt says: "cut" (the label reaches the picture's edge), "quad off"
// (the found quad's centre a quarter of the label's side or more from
// the label's, or its side 30 % off), "blur" (the photo sharpened), else
// "letters" (looseread's TestMisreadCauses, without its "turned").
func misreadCause(ft Tile, tt TruthTile, b image.Rectangle, blurred bool) string {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range tt.Outline {
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	if x0 <= float64(b.Min.X)+1 || y0 <= float64(b.Min.Y)+1 || x1 >= float64(b.Max.X)-1 || y1 >= float64(b.Max.Y)-1 {
		return "cut"
	}
	side := math.Sqrt((x1 - x0) * (y1 - y0))
	c := polyCentroid(tt.Outline)
	if dist(ft.Center, c) >= 0.25*side || ft.Side < 0.7*side || ft.Side > 1.3*side {
		return "quad off"
	}
	if blurred {
		return "blur"
	}
	return "letters"
}

// writeDiagPNG writes img as a PNG file.
func writeDiagPNG(t *testing.T, path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// rectifyMarked is rectify of q (n x n) with the quad m drawn on it in red.
func rectifyMarked(src rgbImage, q [4]Point, n int, m [4]Point) *image.RGBA {
	img := rectify(src, q, n, 1)
	fn := float64(n)
	inv := homography(q, [4]Point{{0, 0}, {fn, 0}, {fn, fn}, {0, fn}})
	for i := range m {
		a, b := inv.apply(m[i]), inv.apply(m[(i+1)%4])
		for s := 0.0; s <= 1; s += 0.005 {
			x, y := int(a.X+s*(b.X-a.X)), int(a.Y+s*(b.Y-a.Y))
			if x >= 0 && y >= 0 && x < n && y < n {
				img.Set(x, y, color.RGBA{255, 0, 0, 255})
			}
		}
	}
	return img
}

// rectifyFilled is rectify with the picture's outside filled with the
// colour fill instead of its edge's pixels stretched out.
func rectifyFilled(src rgbImage, q [4]Point, n int, grow float64, fill [3]uint8) *image.RGBA {
	img := rectify(src, q, n, grow)
	h := cropHomography(q, n, grow)
	wm, hm := float64(src.w)-0.5, float64(src.h)-0.5
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := h.apply(Point{float64(x) + 0.5, float64(y) + 0.5})
			if p.X >= -0.5 && p.Y >= -0.5 && p.X <= wm && p.Y <= hm {
				continue
			}
			o := 4 * (y*n + x)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2] = fill[0], fill[1], fill[2]
		}
	}
	return img
}

// faceColour is the median colour of the crop's pixels lighter than its
// Otsu level (the tile's face round its letter).
func faceColour(crop *image.RGBA) [3]uint8 {
	n := len(crop.Pix) / 4
	var hist [256]int
	g := make([]int, n)
	for i := 0; i < n; i++ {
		p := crop.Pix[4*i : 4*i+3 : 4*i+3]
		g[i] = (int(p[0]) + int(p[1]) + int(p[2])) / 3
		hist[g[i]]++
	}
	thr, _, _ := otsuLevel(hist[:])
	var ch [3][]int
	for i := 0; i < n; i++ {
		if g[i] > thr {
			for k := 0; k < 3; k++ {
				ch[k] = append(ch[k], int(crop.Pix[4*i+k]))
			}
		}
	}
	var out [3]uint8
	for k := range ch {
		if len(ch[k]) == 0 {
			continue
		}
		sort.Ints(ch[k])
		out[k] = uint8(ch[k][len(ch[k])/2])
	}
	return out
}
