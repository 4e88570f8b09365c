package loose

import (
	"bufio"
	"fmt"
	"image"
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

// ReadYOLO reads a YOLO label file for a w x h photo, one tile per line,
// coordinates normalised to 0..1: a polygon ("CLASS x1 y1 x2 y2 ...", 3
// points or more) or a box ("CLASS cx cy bw bh", which becomes its four
// corners). names maps the class number to a letter; a class outside it
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
		box := len(f) == 5
		if !box && (len(f) < 7 || len(f)%2 == 0) {
			return nil, fmt.Errorf("%s:%d: want CLASS cx cy w h or CLASS and at least 3 x y pairs, got %d fields", name, line, len(f))
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
		if box {
			c, d := t.Outline[0], t.Outline[1]
			bw, bh := d.X+0.5, d.Y+0.5 // sizes: undo the pixel-centre shift
			if bw <= 0 || bh <= 0 {
				return nil, fmt.Errorf("%s:%d: box of size %s x %s is empty", name, line, f[3], f[4])
			}
			t.Outline = []Point{{c.X - bw/2, c.Y - bh/2}, {c.X + bw/2, c.Y - bh/2}, {c.X + bw/2, c.Y + bh/2}, {c.X - bw/2, c.Y + bh/2}}
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

// ClipToFrame is the part of a labelled outline (photo pixels, pixel
// centres at whole numbers, as ReadYOLO gives them) that lies inside a
// w x h photo, and that part's share of the outline's area (0 for an
// outline wholly outside or of no area).
func ClipToFrame(outline []Point, w, h int) ([]Point, float64) {
	x1, y1 := float64(w)-0.5, float64(h)-0.5
	in := clipConvex(outline, []Point{{-0.5, -0.5}, {x1, -0.5}, {x1, y1}, {-0.5, y1}})
	a := polygonArea(outline)
	if a <= 0 || len(in) < 3 {
		return nil, 0
	}
	return in, polygonArea(in) / a
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
	// Misread are the matched tiles read as another letter than their
	// label's, in match order.
	Misread []Misread
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
			if f := found[x.Found]; same(f.Letter, lab) {
				s.Letters++
			} else {
				s.Misread = append(s.Misread, Misread{Label: lab, Read: f.Letter, Conf: f.Conf, At: f.Center})
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

// Misread is a found tile read as another letter than its label's.
type Misread struct {
	Label, Read string
	Conf        float64
	At          Point // the reported tile's centre
}

// SureConf is the confidence from which a reading counts as sure in the
// evaluation (CentreScore's WrongSure): the readers' own line (ocr,
// vision/scrabble) between a letter to trust and one to look at again.
const SureConf = 0.9

// CentreScore is the measure of a scan against labelled tiles: a
// labelled tile is found when a reported tile's centre lies inside its
// outline (each reported tile finds at most one label, each label is
// found at most once, nearest centres first).
type CentreScore struct {
	// Truth labelled tiles, Reported tiles, Found labels, False reported
	// tiles whose centre lies in no label (or in one another tile found).
	Truth, Reported, Found, False int
	// Doubles counts the false tiles whose centre lies in a label another
	// reported tile found (a tile reported twice).
	Doubles int
	// AZ counts labelled tiles whose letter is A..Z; AZRight those of
	// them found and read as labelled.
	AZ, AZRight int
	// Lettered counts found tiles whose label has a letter; Right those
	// read as labelled.
	Lettered, Right int
	// WrongSure counts the found lettered tiles read wrong with a
	// confidence of SureConf or more (a wrong letter should come out
	// unsure); UnsureRight those read right under it.
	WrongSure, UnsureRight int
	// FalseSure counts the false tiles reported at SureConf or more.
	FalseSure int
	// Misread are the found lettered tiles read wrong, in label order.
	Misread []Misread
	// Missed are the outlines' centres of the labels not found, in order.
	Missed []Point
}

// ScoreCentres compares a reading with the truth by centres: see
// CentreScore. same says whether a read letter counts as the labelled one.
func ScoreCentres(found []Tile, truth []TruthTile, same func(read, label string) bool) CentreScore {
	s := CentreScore{Truth: len(truth), Reported: len(found)}
	matchF, matchT := matchCentres(found, truth)
	cents := make([]Point, len(truth))
	for j, t := range truth {
		cents[j] = polyCentroid(t.Outline)
	}
	inLabel := func(i int) bool {
		for _, t := range truth {
			if insidePolygon(t.Outline, found[i].Center) {
				return true
			}
		}
		return false
	}
	for i, m := range matchF {
		if m < 0 {
			s.False++
			if found[i].Conf >= SureConf {
				s.FalseSure++
			}
			if inLabel(i) {
				s.Doubles++
			}
		}
	}
	for j, t := range truth {
		az := len(t.Letter) == 1 && t.Letter[0] >= 'A' && t.Letter[0] <= 'Z'
		if az {
			s.AZ++
		}
		f := matchT[j]
		if f < 0 {
			s.Missed = append(s.Missed, cents[j])
			continue
		}
		s.Found++
		if t.Letter == "" {
			continue
		}
		s.Lettered++
		sure := found[f].Conf >= SureConf
		if same(found[f].Letter, t.Letter) {
			s.Right++
			if az {
				s.AZRight++
			}
			if !sure {
				s.UnsureRight++
			}
		} else {
			if sure {
				s.WrongSure++
			}
			s.Misread = append(s.Misread, Misread{Label: t.Letter, Read: found[f].Letter, Conf: found[f].Conf, At: found[f].Center})
		}
	}
	return s
}

// insidePolygon: p inside the polygon (even-odd rule).
func insidePolygon(poly []Point, p Point) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// VerifySample is one tile a scan reported, for training the verifier:
// its cues; whether it found a label (Tile, not a false tile or a
// double), whether that label has a letter to read (Lettered) and
// whether it reads as that letter (Right).
type VerifySample struct {
	Cues                  [nCues]float64
	Tile, Lettered, Right bool
}

// VerifySamples scans img as Scan does but without the verifier and
// pairs each reported tile with the labels (centres, as ScoreCentres).
func VerifySamples(img image.Image, truth []TruthTile, opt Options, same func(read, label string) bool) ([]VerifySample, error) {
	opt.learning = true
	r, err := scanLoose(img, opt)
	if err != nil {
		return nil, err
	}
	matchF, _ := matchCentres(r.Tiles, truth)
	var out []VerifySample
	for i, t := range r.Tiles {
		if !t.hasCues {
			continue
		}
		m := matchF[i]
		s := VerifySample{Cues: t.cues, Tile: m >= 0}
		if m >= 0 && truth[m].Letter != "" {
			s.Lettered = true
			s.Right = same(t.Letter, truth[m].Letter)
		}
		out = append(out, s)
	}
	return out, nil
}

// matchCentres pairs reported tiles with labels: a tile's centre inside a
// label, nearest centres first, each once. matchF[i] is the label tile i
// found (-1: none), matchT[j] the tile that found label j.
func matchCentres(found []Tile, truth []TruthTile) (matchF, matchT []int) {
	type cand struct {
		f, t int
		d    float64
	}
	var cs []cand
	cents := make([]Point, len(truth))
	for j, t := range truth {
		cents[j] = polyCentroid(t.Outline)
	}
	for i, f := range found {
		for j, t := range truth {
			if insidePolygon(t.Outline, f.Center) {
				cs = append(cs, cand{i, j, dist(f.Center, cents[j])})
			}
		}
	}
	sort.SliceStable(cs, func(a, b int) bool { return cs[a].d < cs[b].d })
	matchF = make([]int, len(found))
	for i := range matchF {
		matchF[i] = -1
	}
	matchT = make([]int, len(truth))
	for i := range matchT {
		matchT[i] = -1
	}
	for _, c := range cs {
		if matchF[c.f] >= 0 || matchT[c.t] >= 0 {
			continue
		}
		matchF[c.f], matchT[c.t] = c.t, c.f
	}
	return matchF, matchT
}
