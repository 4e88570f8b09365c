package loose

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// TruthTile is one tile as labelled: its outline (a polygon, 4 or more
// corners, photo pixels) and its letter ("" when unknown).
type TruthTile struct {
	Letter  string
	Outline []Point
	// Row and Col on the layout's lattice; -1 when not known.
	Row, Col int
}

// ReadYOLO reads a YOLO segmentation label file (one tile per line:
// "CLASS x1 y1 x2 y2 ...", coordinates normalised to 0..1) for a w x h
// photo. names maps the class number to a letter; a class outside it
// gives letter "". name is used in errors ("file:line").
func ReadYOLO(r io.Reader, name string, w, h int, names []string) ([]TruthTile, error) {
	var out []TruthTile
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) < 7 || len(f)%2 == 0 {
			return nil, fmt.Errorf("%s:%d: want CLASS and at least 3 x y pairs, got %d fields", name, line, len(f))
		}
		cls, err := strconv.Atoi(f[0])
		if err != nil || cls < 0 {
			return nil, fmt.Errorf("%s:%d: class %q is not a class number", name, line, f[0])
		}
		t := TruthTile{Row: -1, Col: -1}
		if cls < len(names) {
			t.Letter = names[cls]
		}
		for i := 1; i+1 < len(f); i += 2 {
			x, err1 := strconv.ParseFloat(f[i], 64)
			y, err2 := strconv.ParseFloat(f[i+1], 64)
			if err1 != nil || err2 != nil || math.IsNaN(x) || math.IsNaN(y) || x < -0.5 || x > 1.5 || y < -0.5 || y > 1.5 {
				return nil, fmt.Errorf("%s:%d: point %d (%q %q) is not a pair of coordinates in 0..1", name, line, (i+1)/2, f[i], f[i+1])
			}
			t.Outline = append(t.Outline, Point{x*float64(w) - 0.5, y*float64(h) - 0.5})
		}
		// Drop a repeated closing point.
		if n := len(t.Outline); n > 3 && t.Outline[0] == t.Outline[n-1] {
			t.Outline = t.Outline[:n-1]
		}
		out = append(out, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// Match pairs found tiles with labelled ones.
type Match struct {
	Found, Truth int     // indices
	IoU          float64 // of the found quad and the labelled outline
	CornerErr    float64 // mean corner distance, pixels (best of the 4 turns)
}

// MatchTiles pairs found quads with labelled outlines greedily by IoU,
// keeping pairs with IoU >= minIoU. Unpaired found tiles are false
// positives, unpaired labels misses.
func MatchTiles(found []Tile, truth []TruthTile, minIoU float64) []Match {
	type cand struct {
		f, t int
		iou  float64
	}
	var cs []cand
	for i, f := range found {
		for j, t := range truth {
			// Cheap reject by distance.
			c := polyCentroid(t.Outline)
			if dist(c, f.Center) > 1.5*f.Side+1 {
				continue
			}
			if iou := IoU(f.Corners, t.Outline); iou >= minIoU {
				cs = append(cs, cand{i, j, iou})
			}
		}
	}
	sort.Slice(cs, func(a, b int) bool { return cs[a].iou > cs[b].iou })
	usedF := make([]bool, len(found))
	usedT := make([]bool, len(truth))
	var out []Match
	for _, c := range cs {
		if usedF[c.f] || usedT[c.t] {
			continue
		}
		usedF[c.f], usedT[c.t] = true, true
		out = append(out, Match{Found: c.f, Truth: c.t, IoU: c.iou, CornerErr: cornerError(found[c.f].Corners, truth[c.t].Outline)})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Truth < out[b].Truth })
	return out
}

// cornerError is the mean distance between the quad's corners and the
// labelled outline's four corners (the outline's smallest enclosing
// rectangle when it has more than four points), over the best of the four
// cyclic pairings.
func cornerError(q [4]Point, outline []Point) float64 {
	var t [4]Point
	if len(outline) == 4 {
		copy(t[:], outline)
	} else {
		h := convexHull(append([]Point(nil), outline...))
		t, _ = minAreaRect(h)
	}
	q = orderQuad(q)
	t = orderQuad(t)
	best := math.Inf(1)
	for k := 0; k < 4; k++ {
		var s float64
		for i := range q {
			s += dist(q[i], t[(i+k)%4])
		}
		best = math.Min(best, s/4)
	}
	return best
}

func polyCentroid(p []Point) Point {
	var c Point
	for _, q := range p {
		c.X += q.X
		c.Y += q.Y
	}
	if len(p) > 0 {
		c.X /= float64(len(p))
		c.Y /= float64(len(p))
	}
	return c
}

// Score is how one scan compares with the truth.
type Score struct {
	Truth, Found, Matched int
	CornerErr             float64 // sum over matched tiles, pixels
	// Letters counts matched tiles whose letter is right; Lettered the
	// matched tiles whose true letter is known.
	Letters, Lettered int
	// Lattice: every labelled tile was found and all of them sit on the
	// right cells (up to a shift of the whole layout); LatticeTurned the
	// same up to a quarter turn of the whole layout as well.
	Lattice, LatticeTurned bool
}

// ScoreScan compares a reading with the truth (IoU >= 0.5 pairs tiles).
// same says whether a read letter counts as the labelled one.
func ScoreScan(found []Tile, truth []TruthTile, same func(read, label string) bool) Score {
	m := MatchTiles(found, truth, 0.5)
	s := Score{Truth: len(truth), Found: len(found), Matched: len(m)}
	for _, x := range m {
		s.CornerErr += x.CornerErr
		if lab := truth[x.Truth].Letter; lab != "" {
			s.Lettered++
			if same(found[x.Found].Letter, lab) {
				s.Letters++
			}
		}
	}
	if len(m) != len(truth) || len(truth) == 0 || truth[0].Row < 0 {
		return s
	}
	for turn := 0; turn < 4; turn++ {
		ok := true
		var dr, dc int
		for i, x := range m {
			f, t := found[x.Found], truth[x.Truth]
			if f.Row < 0 {
				ok = false
				break
			}
			r, c := f.Row, f.Col
			for k := 0; k < turn; k++ {
				r, c = c, -r
			}
			if i == 0 {
				dr, dc = t.Row-r, t.Col-c
			} else if t.Row-r != dr || t.Col-c != dc {
				ok = false
				break
			}
		}
		if ok {
			s.LatticeTurned = true
			if turn == 0 {
				s.Lattice = true
			}
		}
	}
	return s
}
