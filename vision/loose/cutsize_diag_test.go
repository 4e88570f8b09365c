package loose

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestCutSizeTrace (opt-in: LOOSE_CUT_DIRS=augment crop folders, comma
// separated; LOOSE_CUT_SRC=the folder they were cut from) lists every
// tile of the rim look (rimScan's reading, its reader's confidences)
// that the final reading does not cover and whose centre the frame
// cuts (nearEdge): its confidence, the share of its quad in view, and
// its share in view by its neighbours' size (the area of its quad in
// view against the square of the median side of the final reading's
// nearest tiles, cutShare), and what lies under it: a label (its
// letter, its share in view from the source photo's label, found
// already or not), a sliver of a tile whose label augment dropped (the
// source label's share in view), or nothing. It then counts what a
// merge of such tiles at each confidence floor and share floor would
// add: labels found anew read right or wrong, and false tiles.
func TestCutSizeTrace(t *testing.T) {
	dirs, src := os.Getenv("LOOSE_CUT_DIRS"), os.Getenv("LOOSE_CUT_SRC")
	if dirs == "" || src == "" {
		t.Skip("LOOSE_CUT_DIRS or LOOSE_CUT_SRC not set")
	}
	type cand struct {
		conf, share, clip float64
		kind              string // "right", "wrong", "double", "sliver", "none"
	}
	var cands []cand
	for _, dir := range strings.Split(dirs, ",") {
		t.Setenv("LOOSE_CUT_X", dir)
		_, rd, names := augmentDiag(t, "LOOSE_CUT_X")
		offs := cropOffsets(t, dir)
		for _, name := range augmentFiles(dir) {
			img, truth := augmentPhoto(t, dir, name, names)
			off := offs[name]
			_, orig := realPhoto(t, filepath.Join(src, "images", name+".jpg"), filepath.Join(src, "labels", name+".txt"), names)
			var rimTiles []Tile
			trace := &scanTrace{rim: func(im image.Image, ts []Tile) {
				if im == img {
					rimTiles = append([]Tile(nil), ts...)
				}
			}}
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true, trace: trace})
			if err != nil || len(r.Tiles) == 0 {
				continue
			}
			b := img.Bounds()
			_, matchT := matchCentres(r.Tiles, truth)
			half := halfSide(r.Tiles)
			for _, u := range rimTiles {
				if u.Conf < 0.7 || u.Letter == "" || u.Letter == "?" || u.Blank || !nearEdge(u.Center, b, half) {
					continue
				}
				covered := false
				for _, s := range r.Tiles {
					if insidePolygon(s.Corners[:], u.Center) || insidePolygon(u.Corners[:], s.Center) || dist(s.Center, u.Center) < 0.6*math.Min(s.Side, u.Side) || quadOverlap(u.Corners, s.Corners) > rimOverlap {
						covered = true
						break
					}
				}
				if covered {
					continue
				}
				_, clip := ClipToFrame(u.Corners[:], b.Dx(), b.Dy())
				share := cutShare(u, r.Tiles, b)
				kind, what := "none", ""
				for j, tr := range truth {
					if !insidePolygon(tr.Outline, u.Center) {
						continue
					}
					switch {
					case matchT[j] >= 0:
						kind = "double"
					case strings.EqualFold(tr.Letter, u.Letter):
						kind = "right"
					default:
						kind = "wrong"
					}
					what = fmt.Sprintf("label %s", tr.Letter)
					break
				}
				// The source label under it (the whole tile), moved by the crop.
				for _, o := range orig {
					m := make([]Point, len(o.Outline))
					for k, p := range o.Outline {
						m[k] = Point{p.X - float64(off.X), p.Y - float64(off.Y)}
					}
					if insidePolygon(m, u.Center) {
						_, s := ClipToFrame(m, b.Dx(), b.Dy())
						what += fmt.Sprintf(" source %s in view %.2f side %.0f", o.Letter, s, meanSideOf(m))
						if kind == "none" {
							kind = "sliver"
						}
						break
					}
				}
				t.Logf("%s %s %.2f side %.0f clip %.2f share %.2f: %s (%s)", name[:13], u.Letter, u.Conf, u.Side, clip, share, kind, what)
				cands = append(cands, cand{u.Conf, share, clip, kind})
			}
		}
	}
	for _, cf := range []float64{0.8, 0.85, 0.9, 0.95} {
		for _, sf := range []float64{0, 0.5, 0.55, 0.6, 0.65, 0.7} {
			n := map[string]int{}
			for _, c := range cands {
				if c.conf >= cf && c.share >= sf && c.clip >= rimInView {
					n[c.kind]++
				}
			}
			var ks []string
			for k, v := range n {
				ks = append(ks, fmt.Sprintf("%s %d", k, v))
			}
			sort.Strings(ks)
			t.Logf("SIM conf>=%.2f share>=%.2f: %s", cf, sf, strings.Join(ks, ", "))
		}
	}
}

// cutNeighbours is how many of the standing reading's nearest whole
// tiles give cutShare the side of a tile at a place.
const cutNeighbours = 4

// cutShare (diagnostic) is the share of a whole tile that u's quad shows in the
// picture b: the area of the quad in view against the square of the
// median side of the cutNeighbours tiles of stand nearest to it that
// the frame does not cut (all of stand's where none is whole; 0 where
// stand has none). In a rimmed picture a cut tile's face ends at the
// frame, so its quad is the part in view, and its own side says
// nothing of how much is out of view; its neighbours' side does.
func cutShare(u Tile, stand []Tile, b image.Rectangle) float64 {
	half := halfSide(stand)
	var whole []Tile
	for _, t := range stand {
		if !nearEdge(t.Center, b, half) {
			whole = append(whole, t)
		}
	}
	if len(whole) == 0 {
		whole = append(whole, stand...)
	}
	if len(whole) == 0 {
		return 0
	}
	sort.Slice(whole, func(i, j int) bool { return dist(whole[i].Center, u.Center) < dist(whole[j].Center, u.Center) })
	if len(whole) > cutNeighbours {
		whole = whole[:cutNeighbours]
	}
	sides := make([]float64, len(whole))
	for i, t := range whole {
		sides[i] = t.Side
	}
	s := median(sides)
	q := make([]Point, 4)
	for i, p := range u.Corners {
		q[i] = Point{X: p.X - float64(b.Min.X), Y: p.Y - float64(b.Min.Y)}
	}
	in, _ := ClipToFrame(q, b.Dx(), b.Dy())
	if s <= 0 || len(in) < 3 {
		return 0
	}
	return math.Abs(polygonArea(in)) / (s * s)
}
