package pyramids

import (
	"math"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
)

// The placement check: the chosen outline is compared with the printed
// grid itself. The runway's squares are blank board with a printed line
// between each two; each of those lines is looked for along its side of
// the frame from half a square before to half a square after where the
// frame puts it, and the offset at which it shows darkest is where the
// photo prints it. A frame that lines up finds every line at offset 0;
// a frame whose corner stops short of a hand finds them drifting along
// the side towards that corner. The check compares each line with itself
// half a square away, so it needs no threshold fitted to one set: a
// side is off when its lines, fitted as a straight drift along it, put
// one of its ends a fifth of a square or more away (the evaluation's own
// bar for a board found in the right place).

const (
	placeStep  = 0.025 // the offsets tried, in squares
	placeReach = 0.5   // how far each way a line is looked for
	placeOff   = 0.2   // an end this far off (in squares): the frame is misplaced
	placeFit   = 0.08  // a line within this of the drift fitted supports it
)

// sideDrift is where one side's printed lines show: the offset along the
// side at its start (t=0) and its end (t=Size), in squares, fitted to
// the lines that show; n is how many lines support the fit (0: too few
// show to tell).
type sideDrift struct {
	start, end float64
	n          int
	n0         int // the lines that show where the frame has them (within placeFit)
}

// sidePoint is the board point at (along, across) on side s (north,
// east, south, west): along runs the side's length, across is measured
// from the board's edge inwards.
func sidePoint(s int, along, across float64) vision.Point {
	n := float64(pyramids.Size)
	switch s {
	case 0:
		return vision.Point{X: along, Y: across}
	case 1:
		return vision.Point{X: n - across, Y: along}
	case 2:
		return vision.Point{X: along, Y: n - across}
	default:
		return vision.Point{X: across, Y: along}
	}
}

// lineOffsets finds, for each printed line between two runway squares
// along side s (north, east, south, west), the offset from its place in
// the frame at which it shows darkest, and whether it shows there at
// all (darker than the runway on both sides of it by a twentieth of the
// white, as gridLines asks).
func (f *frame) lineOffsets(s int) (pos, off []float64) {
	wl := f.whiteLuma()
	pt := func(along, across float64) vision.Point { return sidePoint(s, along, across) }
	// the luma along the side at three distances into the runway (its
	// outer half: a tall pyramid on the next ring leans over its inner
	// half in a tilted view)
	across := [...]float64{0.15, 0.3, 0.45}
	steps := int(math.Round(placeReach / placeStep))
	side := int(math.Round(0.15 / placeStep)) // the blank board beside a line, in steps
	var prof [len(across)][]float64
	for k := range prof {
		prof[k] = make([]float64, 2*steps+1+2*side)
	}
	for i := 1; i < pyramids.Size; i++ {
		t := float64(i)
		for j := range prof[0] {
			for k, a := range across {
				q := f.toPicture(pt(t+float64(j-steps-side)*placeStep, a))
				prof[k][j] = f.p.luma(q.X, q.Y)
			}
		}
		best, bestD := 0.0, math.NaN()
		for j := 0; j <= 2*steps; j++ {
			// a thin dark line on light board, the same offset at every
			// distance into the runway: the printed line crosses the
			// runway straight; a pyramid's shaded face, its shadow or the
			// gap between a hand's fingers does not line up so
			dip := math.Inf(1)
			for k := range prof {
				c, a, b := prof[k][j+side], prof[k][j], prof[k][j+2*side]
				if math.Min(a, b) <= 0.6*wl {
					dip = 0
					break
				}
				dip = math.Min(dip, math.Min(a, b)-c)
			}
			if dip > best {
				best, bestD = dip, float64(j-steps)*placeStep
			}
		}
		if best > 0.04*wl {
			pos, off = append(pos, t), append(off, bestD)
		}
	}
	return pos, off
}

// drift fits a straight drift to the lines' offsets along a side: the
// line through two of them that most others lie near (a hand or a
// pyramid on the runway hides some lines and shows dark edges of its
// own), refined as the least-squares line through its supporters.
func drift(pos, off []float64) sideDrift {
	n0 := 0
	for _, o := range off {
		if math.Abs(o) <= placeFit {
			n0++
		}
	}
	var best sideDrift
	bestErr := math.Inf(1)
	for i := range pos {
		for j := i; j < len(pos); j++ {
			var a, b float64 // off = a + b pos
			if i == j {
				a = off[i]
			} else {
				b = (off[j] - off[i]) / (pos[j] - pos[i])
				a = off[i] - b*pos[i]
			}
			var sx, sy, sxx, sxy, sn, e float64
			for k := range pos {
				r := off[k] - (a + b*pos[k])
				if math.Abs(r) > placeFit {
					continue
				}
				sx, sy, sxx, sxy, sn = sx+pos[k], sy+off[k], sxx+pos[k]*pos[k], sxy+pos[k]*off[k], sn+1
				e += math.Abs(r)
			}
			if int(sn) < best.n || (int(sn) == best.n && e >= bestErr) {
				continue
			}
			if den := sn*sxx - sx*sx; sn >= 3 && den > 1e-9 {
				b = (sn*sxy - sx*sy) / den
				a = (sy - b*sx) / sn
			}
			best = sideDrift{start: a, end: a + b*float64(pyramids.Size), n: int(sn), n0: n0}
			bestErr = e
		}
	}
	best.n0 = n0
	return best
}

// placement is the drift of each side's printed lines (north, east,
// south, west).
func (f *frame) placement() [4]sideDrift {
	var d [4]sideDrift
	for s := 0; s < 4; s++ {
		d[s] = drift(f.lineOffsets(s))
	}
	return d
}

// placeLines is the fewest lines of a side (of nine) that must agree for
// its drift to count.
const placeLines = 4

// placeMore is how many more of a side's lines the drift must explain
// than the frame as it is: a hand's or a pyramid's edge can line up with
// a few lines by chance, and a slanted drift through the lines at one
// end passes near them.
const placeMore = 3

// misplaced tells whether the printed lines put any side's end a fifth
// of a square or more away from where the frame has it, and explain
// clearly more of the side's lines there than where the frame is.
func misplaced(d [4]sideDrift) bool {
	for _, s := range d {
		if s.n >= placeLines && s.n >= s.n0+placeMore && math.Max(math.Abs(s.start), math.Abs(s.end)) >= placeOff {
			return true
		}
	}
	return false
}

// placed moves the frame's corners to where its sides' printed lines
// put them. Each corner lies at the end of two sides: the one along x
// (north, south) tells how far it is off in x, the one along y (west,
// east) in y, in board squares. A side whose lines are too few to tell
// leaves its ends where they are.
func (f *frame) placed(d [4]sideDrift) vision.Quad {
	n := float64(pyramids.Size)
	use := func(s sideDrift, atEnd bool) float64 {
		if s.n < placeLines || s.n < s.n0+placeMore {
			return 0
		}
		if atEnd {
			return s.end
		}
		return s.start
	}
	// corners in board order: (0,0), (n,0), (n,n), (0,n)
	return vision.Quad{
		f.toPicture(vision.Point{X: use(d[0], false), Y: use(d[3], false)}),
		f.toPicture(vision.Point{X: n + use(d[0], true), Y: use(d[1], false)}),
		f.toPicture(vision.Point{X: n + use(d[2], true), Y: n + use(d[1], true)}),
		f.toPicture(vision.Point{X: use(d[2], false), Y: n + use(d[3], true)}),
	}
}

// checkPlacement checks the chosen frame against its printed lines. A
// frame that lines up is returned as it is. One that does not is moved
// to where its lines are (twice at most) and kept if it then lines up
// and is still a board; otherwise the frame is returned as it was with
// unplaced set: its squares are then read but none is sure.
func checkPlacement(f *frame, cal *vision.Calibration) (g *frame, unplaced bool) {
	d := f.placement()
	if !misplaced(d) {
		return f, false
	}
	cur := f
	for try := 0; try < 2; try++ {
		nf, ok := newFrame(f.p, cur.placed(d), f.geo, cal)
		if !ok {
			break
		}
		cur = nf
		if d = cur.placement(); !misplaced(d) {
			return cur, false
		}
	}
	return f, true
}
