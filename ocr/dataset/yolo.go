package dataset

import (
	"bufio"
	"fmt"
	"image"
	_ "image/jpeg" // photos
	_ "image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/internal/imagesize"
)

// Tile is one labelled tile in a photo.
type Tile struct {
	Class string       // class name from data.yaml
	Poly  [][2]float64 // polygon in pixels
}

// Photo is one labelled photo.
type Photo struct {
	Path  string
	Image image.Image
	Tiles []Tile
}

// Names reads the class names from a YOLO data.yaml (the `names: [...]`
// list, inline or as "- name" lines).
func Names(yamlPath string) ([]string, error) {
	data, err := os.ReadFile(yamlPath)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "names:") {
			continue
		}
		rest := strings.TrimSpace(strings.TrimPrefix(l, "names:"))
		var names []string
		if strings.HasPrefix(rest, "[") {
			rest = strings.Trim(rest, "[]")
			for _, n := range strings.Split(rest, ",") {
				names = append(names, strings.Trim(strings.TrimSpace(n), `'"`))
			}
			return names, nil
		}
		for _, l2 := range lines[i+1:] {
			l2 = strings.TrimSpace(l2)
			if !strings.HasPrefix(l2, "-") {
				break
			}
			names = append(names, strings.Trim(strings.TrimSpace(strings.TrimPrefix(l2, "-")), `'"`))
		}
		return names, nil
	}
	return nil, fmt.Errorf("dataset: %s: no names list", yamlPath)
}

// LoadSplit loads every photo of a split directory (images/ and labels/)
// with its tiles, sorted by file name.
func LoadSplit(dir string, names []string) ([]Photo, error) {
	imgs, err := filepath.Glob(filepath.Join(dir, "images", "*"))
	if err != nil {
		return nil, err
	}
	if len(imgs) == 0 {
		return nil, fmt.Errorf("dataset: %s: no images", dir)
	}
	sort.Strings(imgs)
	var out []Photo
	for _, p := range imgs {
		f, err := os.Open(p)
		if err != nil {
			return nil, fmt.Errorf("dataset: %w", err)
		}
		img, _, err := imagesize.DecodeReader(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("dataset: %s: %w", p, err)
		}
		base := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		lp := filepath.Join(dir, "labels", base+".txt")
		tiles, err := readLabels(lp, names, img.Bounds())
		if err != nil {
			return nil, err
		}
		out = append(out, Photo{Path: p, Image: img, Tiles: tiles})
	}
	return out, nil
}

func readLabels(path string, names []string, b image.Rectangle) ([]Tile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	defer f.Close()
	var tiles []Tile
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		cls, err := strconv.Atoi(fs[0])
		if err != nil || cls < 0 || cls >= len(names) || len(fs) < 7 || len(fs)%2 == 0 {
			return nil, fmt.Errorf("dataset: %s:%d: bad label line", path, line)
		}
		t := Tile{Class: names[cls]}
		for i := 1; i+1 < len(fs); i += 2 {
			x, err1 := strconv.ParseFloat(fs[i], 64)
			y, err2 := strconv.ParseFloat(fs[i+1], 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("dataset: %s:%d: bad coordinate", path, line)
			}
			t.Poly = append(t.Poly, [2]float64{float64(b.Min.X) + x*float64(b.Dx()), float64(b.Min.Y) + y*float64(b.Dy())})
		}
		tiles = append(tiles, t)
	}
	return tiles, sc.Err()
}

// Letter maps a Bananagrams class name to our glyph: "a" -> "A"; the
// Finnish letters ä and ö ("a_dot", "o_dot") are not in our alphabets and
// map to "" with ok false.
func Letter(class string) (string, bool) {
	if len(class) != 1 || class[0] < 'a' || class[0] > 'z' {
		return "", false
	}
	return strings.ToUpper(class), true
}

// Rect is a tile's minimum-area rectangle.
type Rect struct {
	Corners [4][2]float64 // in order around the rectangle
	Center  [2]float64
	Side    float64 // mean side length
	Angle   float64 // direction of the first side, degrees, mod 90
}

// MinRect returns the minimum-area rectangle around a polygon (rotating
// calipers over its convex hull).
func MinRect(poly [][2]float64) Rect {
	h := hull(poly)
	best := Rect{}
	bestArea := math.Inf(1)
	for i := range h {
		a, b := h[i], h[(i+1)%len(h)]
		ex, ey := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(ex, ey)
		if l == 0 {
			continue
		}
		ex, ey = ex/l, ey/l
		nx, ny := -ey, ex
		minU, maxU, minV, maxV := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
		for _, p := range h {
			u := p[0]*ex + p[1]*ey
			v := p[0]*nx + p[1]*ny
			minU, maxU = math.Min(minU, u), math.Max(maxU, u)
			minV, maxV = math.Min(minV, v), math.Max(maxV, v)
		}
		area := (maxU - minU) * (maxV - minV)
		if area < bestArea {
			bestArea = area
			pt := func(u, v float64) [2]float64 { return [2]float64{u*ex + v*nx, u*ey + v*ny} }
			best.Corners = [4][2]float64{pt(minU, minV), pt(maxU, minV), pt(maxU, maxV), pt(minU, maxV)}
			best.Center = pt((minU+maxU)/2, (minV+maxV)/2)
			best.Side = (maxU - minU + maxV - minV) / 2
			best.Angle = math.Mod(math.Atan2(ey, ex)*180/math.Pi+360, 90)
		}
	}
	return best
}

func hull(p [][2]float64) [][2]float64 {
	pts := append([][2]float64(nil), p...)
	sort.Slice(pts, func(i, j int) bool {
		if pts[i][0] != pts[j][0] {
			return pts[i][0] < pts[j][0]
		}
		return pts[i][1] < pts[j][1]
	})
	cross := func(o, a, b [2]float64) float64 {
		return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
	}
	var h [][2]float64
	for _, q := range pts {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	lower := len(h) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		q := pts[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	return h[:len(h)-1]
}
