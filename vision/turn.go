package vision

import (
	"image"
	"math"
	"time"
)

// TurnOptions tune a TurnDetector. Zero fields take the defaults.
type TurnOptions struct {
	Size         int           // squares per side; default 10
	StillFor     time.Duration // the board must be still this long; default 1.5 s
	StillFrames  int           // and for at least this many frames; default 3
	Motion       float64       // mean grey change between frames still counted as still; default 4
	Change       float64       // share of squares that must differ from the last accepted state; default one square
	HandFraction float64       // share of the board's rim that, changed, means an arm over it; default 0.04
}

// TurnState is what the detector concluded from one frame.
type TurnState struct {
	Ready   bool          // read this frame: the turn is over
	Board   bool          // the board was found
	Still   time.Duration // how long the board has been still
	Hand    bool          // something (a hand, an arm) is over the board's rim
	Changed bool          // the board differs from the last accepted state
	Reason  string        // why not ready, for the status line
}

// TurnDetector watches a stream of frames and says when a turn is over: the
// board has been still for a while, nothing reaches over its rim (tiles
// are only ever placed inside the grid, so a change on the rim is a hand or
// an arm), and it differs from the last accepted state. Time comes from the
// caller (Offer's at), so tests drive it with a fake clock.
type TurnDetector struct {
	opt        TurnOptions
	h          Homography // board squares -> pixels; zero until found
	found      bool
	size       image.Point
	prev       []float64 // last frame's board thumbnail
	accepted   []float64 // thumbnail of the last accepted state
	stillSince time.Time
	stillN     int
	misses     int
}

// thumbnail geometry: board squares from -rim to n+rim, cells pixels each.
const (
	thumbCell = 6
	thumbRim  = 0.5
)

// NewTurnDetector returns a detector with the options' defaults filled in.
func NewTurnDetector(opt TurnOptions) *TurnDetector {
	if opt.Size == 0 {
		opt.Size = 10
	}
	if opt.StillFor == 0 {
		opt.StillFor = 1500 * time.Millisecond
	}
	if opt.StillFrames == 0 {
		opt.StillFrames = 3
	}
	if opt.Motion == 0 {
		opt.Motion = 4
	}
	if opt.Change == 0 {
		opt.Change = 1 / float64(opt.Size*opt.Size)
	}
	if opt.HandFraction == 0 {
		opt.HandFraction = 0.04
	}
	return &TurnDetector{opt: opt}
}

// Offer looks at one frame taken at the given time.
func (d *TurnDetector) Offer(frame image.Image, at time.Time) TurnState {
	p := luma(frame)
	if d.found && (p.W != d.size.X || p.H != d.size.Y) {
		d.found = false
	}
	if !d.found {
		fit, ok := findBoard(p, frame, d.opt.Size)
		if !ok || fit.Score < minGridContrast {
			d.prev = nil
			return TurnState{Reason: "no board in view"}
		}
		d.h, d.found, d.size = fit.H, true, image.Pt(p.W, p.H)
	}
	th := d.thumb(p)
	st := TurnState{Board: true}
	motion := math.Inf(1)
	if d.prev != nil {
		motion = meanAbsDiff(d.prev, th, nil)
	}
	d.prev = th
	if motion > d.opt.Motion {
		d.stillSince, d.stillN = at, 0
	}
	d.stillN++
	st.Still = at.Sub(d.stillSince)
	if d.accepted != nil {
		st.Hand = d.rimChanged(th) > d.opt.HandFraction
		st.Changed = d.squaresChanged(th) >= d.opt.Change
		if st.Hand && motion <= d.opt.Motion && d.moved(p, frame) {
			// Not necessarily a hand: the board itself was bumped. The
			// detector follows it; the thumbnails are in board squares,
			// so the accepted state compares as before.
			th = d.thumb(p)
			d.prev = th
			st.Hand = d.rimChanged(th) > d.opt.HandFraction
			st.Changed = d.squaresChanged(th) >= d.opt.Change
		}
		if st.Hand && !st.Changed {
			// Something over the rim while nothing changed inside: the
			// board itself may have moved; look for it again if it stays.
			d.misses++
			if d.misses > 10 {
				d.found, d.misses = false, 0
			}
		} else {
			d.misses = 0
		}
	} else {
		st.Changed = true // the first state of the game
	}
	switch {
	case st.Still < d.opt.StillFor || d.stillN < d.opt.StillFrames:
		st.Reason = "waiting for the board to be still"
	case st.Hand:
		st.Reason = "something is over the board"
	case !st.Changed:
		st.Reason = "no change since the last turn"
	default:
		st.Ready = true
		d.accepted = th
	}
	return st
}

// moved looks for the board again and reports whether it now lies
// elsewhere (a corner more than a quarter of a square away); if so, the
// detector follows it. A hand resting over the rim leaves the grid where
// it was.
func (d *TurnDetector) moved(p plane, frame image.Image) bool {
	fit, ok := findBoard(p, frame, d.opt.Size)
	if !ok || fit.Score < minGridContrast {
		return false
	}
	n := float64(d.opt.Size)
	var was Quad
	for i, c := range []Point{{0, 0}, {n, 0}, {n, n}, {0, n}} {
		was[i] = d.h.Apply(c)
	}
	if nearQuad(fit.H, was, d.opt.Size, 0.25) {
		return false
	}
	d.h = fit.H
	return true
}

// Reset forgets the accepted state and the board's position.
func (d *TurnDetector) Reset() { *d = TurnDetector{opt: d.opt} }

func (d *TurnDetector) thumb(p plane) []float64 {
	n := float64(d.opt.Size)
	side := int((n + 2*thumbRim) * thumbCell)
	out := make([]float64, side*side)
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			b := Point{(float64(x)+0.5)/thumbCell - thumbRim, (float64(y)+0.5)/thumbCell - thumbRim}
			q := d.h.Apply(b)
			v := p.at(q.X, q.Y)
			out[y*side+x] = v
		}
	}
	return out
}

// rimChanged is the share of the thumbnail's rim (outside the grid) that
// differs clearly from the accepted state.
func (d *TurnDetector) rimChanged(th []float64) float64 {
	n := float64(d.opt.Size)
	side := int((n + 2*thumbRim) * thumbCell)
	lo, hi := thumbRim*thumbCell, (n+thumbRim)*thumbCell
	changed, total := 0, 0
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			if fx > lo && fx < hi && fy > lo && fy < hi {
				continue
			}
			total++
			if math.Abs(th[y*side+x]-d.accepted[y*side+x]) > 30 {
				changed++
			}
		}
	}
	return float64(changed) / float64(max(total, 1))
}

// squaresChanged is the share of squares whose thumbnail differs from the
// accepted state.
func (d *TurnDetector) squaresChanged(th []float64) float64 {
	n := d.opt.Size
	side := int((float64(n) + 2*thumbRim) * thumbCell)
	off := int(thumbRim * thumbCell)
	changed := 0
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			var s float64
			cnt := 0
			for y := r*thumbCell + 1; y < (r+1)*thumbCell-1; y++ {
				for x := c*thumbCell + 1; x < (c+1)*thumbCell-1; x++ {
					i := (y+off)*side + x + off
					s += math.Abs(th[i] - d.accepted[i])
					cnt++
				}
			}
			if s/float64(cnt) > 18 {
				changed++
			}
		}
	}
	return float64(changed) / float64(n*n)
}

func meanAbsDiff(a, b []float64, _ []bool) float64 {
	var s float64
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s / float64(len(a))
}
