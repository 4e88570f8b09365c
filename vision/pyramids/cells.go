package pyramids

import (
	"image"
	"image/color"
	"math"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
)

// pixel classes
const (
	clsLight = iota // board: runway, house squares, tinted player spaces, ink
	clsDark         // a black pyramid (or a printed letter, a grid line)
	clsRed
	clsYellow
	clsGreen
	clsBlue
	nClasses
)

var classColour = [nClasses]pyramids.Colour{clsDark: pyramids.Black, clsRed: pyramids.Red, clsYellow: pyramids.Yellow, clsGreen: pyramids.Green, clsBlue: pyramids.Blue}

// Thresholds of the colour classes, on colours divided by the runway's
// (white balance): saturation = (max-min)/max, value = max.
const (
	pyramidSat = 0.42 // a pyramid's plastic is at least this saturated
	tintSat    = 0.10 // a tinted player space at least this
	darkValue  = 0.38 // unsaturated and darker than this: black
)

// hueClass names the hue of a saturated colour: red, yellow, green, blue.
func hueClass(r, g, b float64) int {
	mx := math.Max(r, math.Max(g, b))
	mn := math.Min(r, math.Min(g, b))
	d := mx - mn
	if d <= 0 {
		return clsLight
	}
	var h float64
	switch mx {
	case r:
		h = math.Mod((g-b)/d, 6)
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	h *= 60
	if h < 0 {
		h += 360
	}
	switch {
	case h < 25 || h >= 320:
		return clsRed
	case h < 75:
		return clsYellow
	case h < 180:
		return clsGreen
	default:
		return clsBlue
	}
}

// classify sorts one white-balanced colour into a class; tint is the hue
// class of a weakly coloured pixel (a tinted player space), or -1.
func classify(c [3]float64, white [3]float64) (cls, tint int) {
	r, g, b := c[0]/white[0], c[1]/white[1], c[2]/white[2]
	mx := math.Max(r, math.Max(g, b))
	mn := math.Min(r, math.Min(g, b))
	if mx <= 0.02 {
		return clsDark, -1
	}
	s := (mx - mn) / mx
	switch {
	case s >= pyramidSat && mx > 0.1:
		h := hueClass(r, g, b)
		return h, h
	case mx < darkValue:
		return clsDark, -1
	case s >= tintSat:
		return clsLight, hueClass(r, g, b)
	}
	return clsLight, -1
}

// cellLook is the colour evidence on one square.
type cellLook struct {
	colour pyramids.Colour
	conf   float64
	// hues is the share of samples of each player colour, pyramid or
	// tint: the evidence orient uses.
	hues map[pyramids.Colour]float64
}

// model returns the base corners (NW, NE, SE, SW, board order) and the
// tip of the top pyramid of a stack of k on square (r, c), in board units
// (squares), as 3D points (x, y, height).
func (f *frame) model(r, c, k int) (base [4][3]float64, tip [3]float64) {
	g := f.geo
	hb := g.BaseMM / g.SquareMM / 2
	z := float64(max(k-1, 0)) * g.NestMM / g.SquareMM
	cx, cy := float64(c)+0.5, float64(r)+0.5
	base = [4][3]float64{{cx - hb, cy - hb, z}, {cx + hb, cy - hb, z}, {cx + hb, cy + hb, z}, {cx - hb, cy + hb, z}}
	tip = [3]float64{cx, cy, z + g.TallMM/g.SquareMM}
	return base, tip
}

// facePoint is the point (s, t) of face i's letter texture: s across the
// base edge from the outside viewer's left to right, t from the tip (0)
// to the base (1).
func facePoint(base [4][3]float64, tip [3]float64, i int, s, t float64) [3]float64 {
	a, b := base[(i+1)%4], base[i] // left, right as seen from outside
	var p [3]float64
	for k := 0; k < 3; k++ {
		u := b[k] - a[k]
		m := (a[k] + b[k]) / 2
		p[k] = tip[k] + (s-0.5)*u + t*(m-tip[k])
	}
	return p
}

func (f *frame) project(p [3]float64) vision.Point { return f.pose.Project(p[0], p[1], p[2]) }

// look reads the colour on square (r, c) of the frame as it stands (the
// picture's own order before orient): samples over the four faces of a
// one-high pyramid, classified.
func (f *frame) look(r, c int) cellLook {
	base, tip := f.model(r, c, 1)
	var n [nClasses]float64
	tints := map[pyramids.Colour]float64{}
	total := 0.0
	for i := 0; i < 4; i++ {
		for ti := 0; ti < 6; ti++ {
			t := 0.25 + 0.13*float64(ti)
			for si := 0; si < 5; si++ {
				s := 0.5 + (float64(si)/4-0.5)*t*0.85
				pt := f.project(facePoint(base, tip, i, s, t))
				col, ok := f.p.at(pt.X, pt.Y)
				if !ok {
					continue
				}
				cls, tint := classify(col, f.white)
				n[cls]++
				if tint >= 0 {
					tints[classColour[tint]]++
				}
				total++
			}
		}
	}
	out := cellLook{hues: map[pyramids.Colour]float64{}}
	if total == 0 {
		return out
	}
	for k, v := range tints {
		out.hues[k] = v / total
	}
	bestC, bestN := 0, -1.0
	pyr := 0.0
	for cls := clsDark; cls < nClasses; cls++ {
		pyr += n[cls]
		if n[cls] > bestN {
			bestC, bestN = cls, n[cls]
		}
	}
	if pyr/total >= 0.5 && bestN/total >= 0.3 {
		out.colour = classColour[bestC]
		out.conf = bestN / total
	} else {
		out.conf = n[clsLight] / total
	}
	return out
}

// height is the stack count the scan assumes on square (r, c) of the
// oriented board for a top pyramid of colour col. A stack's count barely
// shows from above (each layer lifts the top pyramid NestMM, which moves
// it in the picture only by parallax: a pixel or two on most squares,
// nothing straight below the camera; an edge fit over the counts chose
// worse than this prior on rendered scenes), so it is the game's
// likeliest: a player's own space holds a stack of stackSize, a coloured
// pyramid in the house area stands on a house pyramid (2), anything else
// stands alone (1).
func height(p pyramids.Pos, col pyramids.Colour, seats [4]pyramids.Colour, stackSize int) int {
	if side, ok := pyramids.SpaceSide(p); ok && seats[side] == col {
		return stackSize
	}
	if pyramids.InHouse(p) && col.IsPlayer() {
		return 2
	}
	return 1
}

// apex is the tip of the top pyramid in the picture.
func (f *frame) apex(r, c, k int) vision.Point {
	_, tip := f.model(r, c, k)
	return f.project(tip)
}

// faceCrop samples the letter area of face i of the top pyramid of a
// stack of k on (r, c) into a size x size crop, the letter upright.
func (f *frame) faceCrop(r, c, k, i, size int) *image.RGBA {
	base, tip := f.model(r, c, k)
	const w = cropWindow
	s0, t0 := 0.5-w/2, letterT-w/2
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			s := s0 + w*(float64(x)+0.5)/float64(size)
			t := t0 + w*(float64(y)+0.5)/float64(size)
			pt := f.project(facePoint(base, tip, i, s, t))
			col, _ := f.p.at(pt.X, pt.Y)
			img.SetRGBA(x, y, color.RGBA{uint8(col[0] + 0.5), uint8(col[1] + 0.5), uint8(col[2] + 0.5), 255})
		}
	}
	return img
}

// readLetter reads the top pyramid's letter on each of its four faces and
// returns the letter with the most probability (or confidence) summed
// over the faces, weighted by how much of each face the camera sees, and
// that sum over the weights' (0..1).
func (f *frame) readLetter(r, c, k int, rd TileReader, size int) (string, float64) {
	if size <= 0 {
		size = 48
	}
	// A face turned away from the camera shows its letter squashed (an
	// L or an O looks like an I): each face counts by its area in the
	// picture, relative to the largest.
	base, tip := f.model(r, c, k)
	var area [4]float64
	maxA := 0.0
	for i := 0; i < 4; i++ {
		a, b, t := f.project(base[i]), f.project(base[(i+1)%4]), f.project(tip)
		area[i] = math.Abs((b.X-a.X)*(t.Y-a.Y)-(b.Y-a.Y)*(t.X-a.X)) / 2
		maxA = math.Max(maxA, area[i])
	}
	votes := map[string]float64{}
	tc, turns := rd.(turnClassifier)
	sumW := 0.0
	for i := 0; i < 4; i++ {
		w := 1.0
		if maxA > 0 {
			w = math.Pow(area[i]/maxA, faceWeightPower)
		}
		sumW += w
		crop := f.faceCrop(r, c, k, i, size)
		if turns {
			uprightVotes(tc, crop, votes, w)
			continue
		}
		rdg, err := rd.Read(crop)
		if err != nil || !isLetter(rdg.Letter) {
			continue
		}
		votes[rdg.Letter] += w * rdg.Conf
	}
	best, bw := "?", 0.0
	for l, w := range votes {
		if w > bw || (w == bw && l < best) {
			best, bw = l, w
		}
	}
	if bw <= 0 {
		return "?", 0
	}
	return best, math.Min(1, bw/sumW)
}

// turnClassifier is ocr's classifier seen closer: the probability of
// every glyph at every quarter turn. The face crops are upright, so only
// the upright turn counts: an A upside down is not a V here.
type turnClassifier interface {
	Model() *ocr.Model
	Outputs(feat []float32) []float32
}

// uprightTurnSign chooses which output turn is upright given the
// normaliser's rotation estimate: measured, -1 reads 91% of the letters of
// a rendered normal set right, +1 78%.
const uprightTurnSign = -1

// uprightVotes adds each letter's upright probability for one crop.
func uprightVotes(tc turnClassifier, crop image.Image, votes map[string]float64, w float64) {
	fv, err := ocr.Features(crop)
	if err != nil {
		return
	}
	m := tc.Model()
	out := tc.Outputs(fv.Vec)
	T := m.Turns
	u := 0
	if T == 4 {
		u = ((uprightTurnSign*int(math.Round(fv.Alpha/90)))%4 + 4) % 4
	}
	for g, name := range m.Glyphs {
		if !isLetter(name) || (g+1)*T > len(out) {
			continue
		}
		votes[name] += w * float64(out[g*T+u])
	}
}

// isLetter: A..Z or Qu (the pyramids' letters).
func isLetter(s string) bool {
	return s == "Qu" || (len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z')
}

// cropWindow is the side of the face crop in face-texture units (the
// face's slant height is 1; the letter is about 0.3 tall).
const cropWindow = 0.85

// faceWeightPower sharpens the faces' weights: a face counts by (its
// area / the largest face's area) to this power. 3 reads more letters
// right than 0 (every face alike) on rendered scenes, 1 and 2 between.
const faceWeightPower = 3

// letterT is where the letter's centre is on a face, from the tip (0) to
// the base (1).
const letterT = 0.68
