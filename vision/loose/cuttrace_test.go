package loose

import (
	"bufio"
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
)

// TestCutTrace (opt-in: LOOSE_CUT_DIRS=augment crop folders, comma
// separated; LOOSE_CUT_SRC=the folder they were cut from) follows every
// labelled tile the frame cuts: the share of its whole outline in view
// (the source photo's label moved by the crop), whether its letter (the
// outline shrunk to letterShare about its centre) is whole in view, and
// what became of it: read right, read wrong, or never found, and then
// whether the verifier judged a reading over it in the photo's own
// looks or in the rim look (kept or dropped, its letter and tile
// probability), or no reading came over it (lost before the reader: no
// quad was cut round it).
func TestCutTrace(t *testing.T) {
	dirs, src := os.Getenv("LOOSE_CUT_DIRS"), os.Getenv("LOOSE_CUT_SRC")
	if dirs == "" || src == "" {
		t.Skip("LOOSE_CUT_DIRS or LOOSE_CUT_SRC not set")
	}
	const letterShare = 0.55
	cnt := map[string]int{}
	for _, dir := range strings.Split(dirs, ",") {
		t.Setenv("LOOSE_CUT_X", dir)
		_, rd, names := augmentDiag(t, "LOOSE_CUT_X")
		offs := cropOffsets(t, dir)
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			off, ok := offs[name]
			if !ok {
				t.Fatalf("%s: no crop in augment.txt", name)
			}
			_, orig := realPhoto(t, filepath.Join(src, "images", name+".jpg"), filepath.Join(src, "labels", name+".txt"), names)
			type rdg struct {
				t     Tile
				pTile float64
				kept  bool
				rim   bool
			}
			var rds []rdg
			rimLooked := false
			trace := &scanTrace{
				verify: func(u Tile, pTile, pRight float64, kept, rim bool) {
					rds = append(rds, rdg{u, pTile, kept, rim})
				},
				rim: func(im image.Image, ts []Tile) {
					if im == img {
						rimLooked = true
					}
				},
			}
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true, trace: trace})
			if err != nil {
				cnt["photo unanswered"]++
				continue
			}
			b := img.Bounds()
			_, matchT := matchCentres(r.Tiles, truth)
			for j, tr := range truth {
				if !atFrame(tr.Outline, b.Dx(), b.Dy()) || len(tr.Letter) != 1 || tr.Letter[0] < 'A' || tr.Letter[0] > 'Z' {
					continue
				}
				// The source label it was cut from: the one whose moved
				// outline holds this label's centroid.
				c := polyCentroid(tr.Outline)
				var whole []Point
				for _, o := range orig {
					m := make([]Point, len(o.Outline))
					for k, p := range o.Outline {
						m[k] = Point{p.X - float64(off.X), p.Y - float64(off.Y)}
					}
					if insidePolygon(m, c) {
						whole = m
						break
					}
				}
				if whole == nil {
					cnt["no source label"]++
					continue
				}
				_, share := ClipToFrame(whole, b.Dx(), b.Dy())
				wc := polyCentroid(whole)
				letterWhole := true
				for _, p := range whole {
					q := Point{wc.X + letterShare*(p.X-wc.X), wc.Y + letterShare*(p.Y-wc.Y)}
					if q.X < 0 || q.Y < 0 || q.X > float64(b.Dx()-1) || q.Y > float64(b.Dy()-1) {
						letterWhole = false
					}
				}
				bucket := "in view <0.7"
				if share >= 0.85 {
					bucket = "in view >=0.85"
				} else if share >= 0.7 {
					bucket = "in view 0.7-0.85"
				}
				lw := "letter cut"
				if letterWhole {
					lw = "letter whole"
				}
				var out string
				if f := matchT[j]; f >= 0 {
					u := r.Tiles[f]
					switch {
					case strings.EqualFold(u.Letter, tr.Letter) && u.Conf >= SureConf:
						out = "right sure"
					case strings.EqualFold(u.Letter, tr.Letter):
						out = "right unsure"
					case u.Conf >= SureConf:
						out = "WRONG SURE"
					default:
						out = "wrong unsure"
					}
					t.Logf("%s %s %s %s: %s read %s %.2f", name[:13], tr.Letter, bucket, lw, out, u.Letter, u.Conf)
				} else {
					// What the verifier judged over it.
					own, rim := "none", "none"
					if !rimLooked {
						rim = "no rim look"
					}
					var detail []string
					for _, x := range rds {
						if !insidePolygon(tr.Outline, x.t.Center) {
							continue
						}
						tag := "dropped"
						if x.kept {
							tag = "kept"
						}
						if x.rim {
							if rim != "kept" {
								rim = tag
							}
						} else if own != "kept" {
							own = tag
						}
						detail = append(detail, fmt.Sprintf("%s%s %.2f tile %.2f side %.0f %s", map[bool]string{true: "rim:", false: "own:"}[x.rim], x.t.Letter, x.t.Conf, x.pTile, x.t.Side, tag))
					}
					out = "never found, own look " + own + ", rim look " + rim
					if pd := os.Getenv("LOOSE_CUT_PNG"); pd != "" {
						cutPNG(t, filepath.Join(pd, fmt.Sprintf("%s-%s-%.0f-%.0f.png", name[:13], tr.Letter, c.X, c.Y)), img, tr.Outline, r.Tiles)
					}
					t.Logf("%s %s %s %s (%.2f) side %.0f: %s [%s]", name[:13], tr.Letter, bucket, lw, share, meanSideOf(whole), out, strings.Join(detail, "; "))
				}
				cnt[fmt.Sprintf("%-16s %-12s %s", bucket, lw, out)]++
				cnt[fmt.Sprintf("ALL %-12s %s", lw, strings.SplitN(out, ",", 2)[0])]++
			}
		}
	}
	var keys []string
	for k := range cnt {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("TOTAL %-80s %d", k, cnt[k])
	}
}

// meanSideOf is the square root of an outline's area.
func meanSideOf(o []Point) float64 {
	a := polygonArea(o)
	if a < 0 {
		a = -a
	}
	return math.Sqrt(a)
}

// cropOffsets reads an augment folder's augment.txt: each crop's
// top-left pixel in its source photo.
func cropOffsets(t *testing.T, dir string) map[string]image.Point {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "augment.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]image.Point{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var name string
		var w, h, x, y int
		if n, _ := fmt.Sscanf(sc.Text(), "%s crop %dx%d at %d,%d", &name, &w, &h, &x, &y); n == 5 {
			out[name] = image.Pt(x, y)
		}
	}
	return out
}

// cutPNG writes a crop of img round outline (two of its sides every way)
// with outline drawn red and the tiles' quads green, enlarged twice.
func cutPNG(t *testing.T, path string, img image.Image, outline []Point, tiles []Tile, labels ...TruthTile) {
	t.Helper()
	c := polyCentroid(outline)
	s := meanSideOf(outline) * 2.5
	b := image.Rect(int(c.X-s), int(c.Y-s), int(c.X+s), int(c.Y+s)).Intersect(img.Bounds())
	out := image.NewRGBA(image.Rect(0, 0, 2*b.Dx(), 2*b.Dy()))
	for y := 0; y < out.Bounds().Dy(); y++ {
		for x := 0; x < out.Bounds().Dx(); x++ {
			out.Set(x, y, img.At(b.Min.X+x/2, b.Min.Y+y/2))
		}
	}
	line := func(p, q Point, col color.RGBA) {
		n := int(2*dist(p, q)) + 1
		for i := 0; i <= n; i++ {
			f := float64(i) / float64(n)
			x := 2 * (p.X + f*(q.X-p.X) - float64(b.Min.X))
			y := 2 * (p.Y + f*(q.Y-p.Y) - float64(b.Min.Y))
			out.Set(int(x), int(y), col)
		}
	}
	for _, l := range labels {
		for i := range l.Outline {
			line(l.Outline[i], l.Outline[(i+1)%len(l.Outline)], color.RGBA{0, 80, 255, 255})
		}
	}
	for _, u := range tiles {
		for i := 0; i < 4; i++ {
			line(u.Corners[i], u.Corners[(i+1)%4], color.RGBA{0, 200, 0, 255})
		}
	}
	for i := range outline {
		line(outline[i], outline[(i+1)%len(outline)], color.RGBA{255, 0, 0, 255})
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, out); err != nil {
		t.Fatal(err)
	}
}
