package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"time"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/imagesize"
)

// DefaultStillFor is how long a board must be still before a turn is
// read, where TurnOptions.StillFor is not set.
const DefaultStillFor = 1500 * time.Millisecond

// TurnOptions tune a TurnDetector. Zero fields take the defaults.
type TurnOptions struct {
	Size         int           // squares per side; default 10
	StillFor     time.Duration // the board must be still this long; default 1.5 s
	StillFrames  int           // and for at least this many frames; default 3
	Motion       float64       // largest mean grey change of any half-square patch on and around the board between frames still counted as still; default 6
	Change       float64       // share of squares that must differ from the last accepted state; default one square
	HandFraction float64       // share of the board's rim that, changed, means something lies over it; default 0.04
	// HoldFor is how long something may lie still over the rim without
	// reaching into the grid (a pencil, a cup, a lamp lighting one side)
	// before the rim as it now looks is taken as part of the table and
	// turns are read again; default 10 s.
	HoldFor time.Duration
	// HoldReachingFor is the same for a change that runs from the rim on
	// into the grid, as a hand or an arm does; default 3 HoldFor.
	HoldReachingFor time.Duration
	// Locate finds the board in a frame (decoded as the detector's frames
	// are): the outer corners of its Size x Size lattice of squares in the
	// frame's pixels, in the order of the board points (0,0), (Size,0),
	// (Size,Size), (0,Size); ok false when it is not in view. Each game
	// gives its own (the Scrabble board's printed border, the Pyramids
	// board's outline); nil: the square grid of lines that LocateGrid
	// finds (Upwords).
	Locate func(frame image.Image) (corners Quad, ok bool)
}

// TurnState is what the detector concluded from one frame.
type TurnState struct {
	// Ready: read this frame. With Board, the turn is over; without, the
	// board is not in view and the picture has been still and new for
	// StillFor: reading it lets the vision say why (too dark, out of view).
	Ready    bool
	Board    bool          // the board was found
	Still    time.Duration // how long the board and its surroundings have been still
	Hand     bool          // something (a hand, an arm) is over the board's rim
	Reaching bool          // what is over the rim runs on into the grid, as an arm does
	Held     time.Duration // how long a still picture has been held back by something over the rim
	RimTaken bool          // what lay over the rim was taken, this frame, as part of the table
	Changed  bool          // the board differs from the last accepted state
	Reason   string        // why not ready, for the status line
}

// TurnDetector watches a stream of frames and says when a turn is over: the
// board and the table around it have been still for a while (a hand moving
// near the board is motion), nothing lies over the board's rim (tiles are
// only ever placed inside the grid, so a change on the rim is a hand or an
// arm), and the board differs from the last accepted state. Brightness is
// compared after a gain fitted to the whole board, so a lamp switched on or
// the camera's exposure drifting is not taken for a hand or a turn; on the
// rim colour is compared too, after the overall tint's shift, since a dark
// hand over a dark board is as grey as the board but redder.
//
// Something that stays still over the rim does not hold turns back for
// ever: after HoldFor (HoldReachingFor when it runs on into the grid, as an
// arm does) the rim as it now looks becomes the reference, and turns flow
// again. A pencil left across the border or a cup put down on it costs one
// wait; a hand resting over the board is held far longer.
//
// Time comes from the caller (Offer's at), so tests drive it with a fake
// clock. Per frame it samples a small thumbnail of the board through the
// homography found once (about 30,000 bilinear samples, and the colour of
// about 1,000 rim pixels); the full board
// search runs only on the first frame, when the rim first looks covered in
// a still spell (the board may have been bumped), and every StillFor while
// no board is in view.
type TurnDetector struct {
	opt      TurnOptions
	h        Homography // board squares -> pixels; zero until found
	found    bool
	size     image.Point
	prev     []float64 // last frame's thumbnail
	spare    []float64 // the buffer the next thumbnail is drawn into
	accepted []float64 // thumbnail of the last accepted state
	bare     []float64 // its rim before something lying there was taken as the table's
	// Colour (Cb, Cr interleaved) on the band where a hand is looked for:
	// the rim and the grid's outermost ring of pixels.
	colour, accColour, bareColour []float64
	// Colour (Cb, Cr interleaved) of each square's middle, now and in the
	// accepted state: a piece put on a square of about its brightness in
	// another colour (a red pyramid on a black one) changes it in colour
	// only.
	sqColour, accSqColour []float64
	mask                  []bool // the band's pixels changed, this frame
	stillSince            time.Time
	stillN                int
	handOn                bool      // the rim looked covered in the last frame
	handSince             time.Time // since when
	// While no board is in view: a coarse picture of the whole frame.
	coarse, lastUnseen []float64
	searched           time.Time // the last board search
}

// Thumbnail geometry: board squares from -thumbMargin to n+thumbMargin,
// thumbCell pixels each. The rim (the board's frame, where tiles never go)
// is the band thumbRim squares wide around the grid; the margin beyond it
// is watched for motion only (a hand on its way to the board).
const (
	thumbCell   = 6
	thumbRim    = 0.5
	thumbMargin = 2
	// rimDiff is the grey difference that makes a rim pixel changed;
	// squareDiff the mean difference that makes a square changed.
	rimDiff    = 30
	squareDiff = 18
	// colourDiff is the change of |Cb|+|Cr| that makes a rim pixel
	// changed: skin against a grey board differs by 30 or more.
	colourDiff = 14
	// squareColourDiff is the change of |Cb|+|Cr| in a square's middle
	// that makes it changed (a red pyramid where a black one stood: 40
	// and more; the same tile under another lamp, after the shift: a few).
	squareColourDiff = 24
)

// NewTurnDetector returns a detector with the options' defaults filled in.
func NewTurnDetector(opt TurnOptions) *TurnDetector {
	if opt.Size == 0 {
		opt.Size = 10
	}
	if opt.StillFor == 0 {
		opt.StillFor = DefaultStillFor
	}
	if opt.StillFrames == 0 {
		opt.StillFrames = 3
	}
	if opt.Motion == 0 {
		opt.Motion = 6
	}
	if opt.Change == 0 {
		opt.Change = 1 / float64(opt.Size*opt.Size)
	}
	if opt.HandFraction == 0 {
		opt.HandFraction = 0.04
	}
	if opt.HoldFor == 0 {
		opt.HoldFor = 10 * time.Second
	}
	if opt.HoldReachingFor == 0 {
		opt.HoldReachingFor = 3 * opt.HoldFor
	}
	return &TurnDetector{opt: opt}
}

// Options returns the detector's options with the defaults filled in.
func (d *TurnDetector) Options() TurnOptions { return d.opt }

// Offer looks at one frame taken at the given time.
func (d *TurnDetector) Offer(frame image.Image, at time.Time) TurnState {
	p := lumaView(frame)
	if d.found && (p.W != d.size.X || p.H != d.size.Y) {
		d.found, d.prev, d.accepted, d.bare, d.bareColour = false, nil, nil, nil, nil
	}
	if !d.found {
		if st, found := d.search(p, frame, at); !found {
			return st
		}
	}
	th := d.thumb(p)
	st := TurnState{Board: true}
	motion := math.Inf(1)
	if d.prev != nil {
		motion = blockMotion(d.prev, th, d.side())
	}
	d.spare, d.prev = d.prev, th
	d.track(motion, at)
	st.Still = at.Sub(d.stillSince)
	var cmp rimCompare
	d.colour = d.bandColour(frame, d.colour)
	d.sqColour = d.squareColour(frame, d.sqColour)
	if d.accepted != nil {
		cmp = d.compare(th)
		if cmp.hand && d.stillN == 2 && d.moved(p, frame) {
			// Not necessarily a hand: the board itself was bumped. The
			// detector follows it; the thumbnails are in board squares,
			// so the accepted state compares as before. Looked for once
			// per still spell: the full search is the costly part.
			old := th
			th = d.thumb(p)
			d.prev, d.spare = th, old
			d.colour = d.bandColour(frame, d.colour)
			d.sqColour = d.squareColour(frame, d.sqColour)
			cmp = d.compare(th)
		}
		st.Hand, st.Reaching, st.Changed = cmp.hand, cmp.reaching, cmp.changed
	} else {
		st.Changed = true // the first state of the game
	}
	if st.Hand {
		if !d.handOn {
			d.handOn, d.handSince = true, at
		}
		since := d.handSince
		if d.stillSince.After(since) {
			since = d.stillSince
		}
		st.Held = at.Sub(since)
		limit := d.opt.HoldFor
		if st.Reaching {
			limit = d.opt.HoldReachingFor
		}
		if st.Held >= limit && d.stillN >= d.opt.StillFrames {
			// Still over the rim for so long that it is part of the
			// table now: the rim as it looks becomes the reference.
			d.takeRim(th, cmp.gain)
			st.RimTaken, st.Hand, st.Reaching = true, false, false
			d.handOn = false
		}
	} else {
		d.handOn = false
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
		d.accepted = append(d.accepted[:0], th...)
		d.accColour = append(d.accColour[:0], d.colour...)
		d.accSqColour = append(d.accSqColour[:0], d.sqColour...)
	}
	return st
}

// track counts a still spell: motion above the threshold starts it again.
func (d *TurnDetector) track(motion float64, at time.Time) {
	if motion > d.opt.Motion {
		d.stillSince, d.stillN = at, 0
	}
	d.stillN++
}

// search looks for the board while none is in view. It watches a coarse
// picture of the whole frame for stillness, looks for the board on the
// first frame and then at most every StillFor while the picture is still,
// and reports a still, new picture as Ready (Board false) once, so that
// the caller's scan can tell the table why the board cannot be seen.
func (d *TurnDetector) search(p greyView, frame image.Image, at time.Time) (TurnState, bool) {
	c := coarsePicture(p)
	motion := math.Inf(1)
	first := d.coarse == nil
	if !first {
		motion = maxAbsDiff(d.coarse, c)
	}
	d.coarse = c
	d.track(motion, at)
	if first || (motion <= d.opt.Motion && at.Sub(d.searched) >= d.opt.StillFor) {
		d.searched = at
		if h, ok := d.locate(p, frame); ok {
			d.h, d.found, d.size = h, true, image.Pt(p.W, p.H)
			d.prev, d.coarse, d.lastUnseen = nil, nil, nil
			return TurnState{}, true
		}
	}
	st := TurnState{Still: at.Sub(d.stillSince), Reason: "no board in view"}
	if st.Still >= d.opt.StillFor && d.stillN >= d.opt.StillFrames &&
		(d.lastUnseen == nil || maxAbsDiff(d.lastUnseen, c) > 2*d.opt.Motion) {
		st.Ready = true
		d.lastUnseen = append(d.lastUnseen[:0], c...)
	}
	return st, false
}

// moved looks for the board again and reports whether it now lies
// elsewhere (a corner more than a quarter of a square away); if so, the
// detector follows it. A hand resting over the rim leaves the grid where
// it was.
func (d *TurnDetector) moved(p greyView, frame image.Image) bool {
	h, ok := d.locate(p, frame)
	if !ok {
		return false
	}
	n := float64(d.opt.Size)
	var was Quad
	for i, c := range []Point{{0, 0}, {n, 0}, {n, n}, {0, n}} {
		was[i] = d.h.Apply(c)
	}
	if nearQuad(h, was, d.opt.Size, 0.25) {
		return false
	}
	d.h = h
	return true
}

// locate finds the board in a frame: the map from board squares to the
// frame's pixels.
func (d *TurnDetector) locate(p greyView, frame image.Image) (Homography, bool) {
	n := d.opt.Size
	if d.opt.Locate == nil {
		fit, ok := findBoard(p.plane(frame), frame, n)
		return fit.H, ok && fit.Score >= minGridContrast
	}
	q, ok := d.opt.Locate(frame)
	if !ok {
		return Homography{}, false
	}
	h, err := QuadHomography(float64(n), float64(n), q)
	return h, err == nil
}

// LocateGrid finds a square grid of n x n squares in a picture by its
// lines, as the turn detector does by default: its outer corners in the
// picture's pixels, the corner nearest the picture's top left first, then
// clockwise (TurnOptions.Locate). It is the quick part of FindGrid: no
// reasons are given when no grid is found.
func LocateGrid(img image.Image, n int) (Quad, bool) {
	if img == nil || img.Bounds().Dx() < 32 || img.Bounds().Dy() < 32 || n < 2 {
		return Quad{}, false
	}
	p := lumaView(img)
	fit, ok := findBoard(p.plane(img), img, n)
	if !ok || fit.Score < minGridContrast {
		return Quad{}, false
	}
	return fullQuad(fit.H, n), true
}

// Reset forgets the accepted state and the board's position.
func (d *TurnDetector) Reset() { *d = TurnDetector{opt: d.opt} }

// Resume starts the detector from an accepted state it did not see: the
// photo of the last turn read, kept on disk, when the service restarts.
// The board is looked for in that photo and it becomes the accepted state,
// so the first still frame after a restart is ready only if it differs
// from that turn and nothing lies over the rim, as it would have been
// without the restart; without it the first still frame is read as it is,
// a hand resting over the board included. The photo must be decoded as the
// frames are (DecodeForTurns): a photo of another size is forgotten at the
// first frame. Resume reports whether the board was found in the photo;
// if not, the detector starts afresh.
func (d *TurnDetector) Resume(photo image.Image) bool {
	d.Reset()
	p := lumaView(photo)
	h, ok := d.locate(p, photo)
	if !ok {
		return false
	}
	d.h, d.found, d.size = h, true, image.Pt(p.W, p.H)
	d.accepted = d.thumb(p)
	d.accColour = d.bandColour(photo, nil)
	d.accSqColour = d.squareColour(photo, nil)
	return true
}

// side is the thumbnail's width and height in pixels.
func (d *TurnDetector) side() int { return (d.opt.Size + 2*thumbMargin) * thumbCell }

// thumb samples the board and its surroundings into a thumbnail, each
// pixel the mean of four bilinear samples (sensor noise averages out);
// outside the picture it is -1.
func (d *TurnDetector) thumb(p greyView) []float64 {
	side := d.side()
	out := d.spare
	if len(out) != side*side {
		out = make([]float64, side*side)
	}
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			var s float64
			n := 0
			for _, o := range [4][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}} {
				b := Point{(float64(x)+o[0])/thumbCell - thumbMargin, (float64(y)+o[1])/thumbCell - thumbMargin}
				q := d.h.Apply(b)
				if v := p.at(q.X, q.Y); v >= 0 {
					s += v
					n++
				}
			}
			out[y*side+x] = -1
			if n > 0 {
				out[y*side+x] = s / float64(n)
			}
		}
	}
	return out
}

// rimCompare is a thumbnail compared with the accepted state.
type rimCompare struct {
	gain     float64 // brightness now over brightness then, fitted on the board
	hand     bool    // enough of the rim changed
	reaching bool    // the change crosses the grid's edge
	changed  bool    // enough squares changed
}

// compare sets the thumbnail against the accepted state, after fitting
// the overall gain between them (the median ratio over the board and its
// rim: tiles played or a hand cover far less than half of it).
func (d *TurnDetector) compare(th []float64) rimCompare {
	n := d.opt.Size
	side := d.side()
	off := thumbMargin * thumbCell   // first grid pixel
	end := off + n*thumbCell         // one past the last
	rim := int(thumbRim * thumbCell) // rim width in pixels
	lo, hi := off-rim, end+rim       // the board with its rim
	var hist [400]int                // ratios 0..4 in steps of 0.01
	total := 0
	for y := lo; y < hi; y++ {
		for x := lo; x < hi; x++ {
			a, b := d.accepted[y*side+x], th[y*side+x]
			if a < 16 || b < 0 {
				continue
			}
			hist[min(int(b/a*100), len(hist)-1)]++
			total++
		}
	}
	c := rimCompare{gain: 1}
	for i, k := 0, 0; i < len(hist) && total > 0; i++ {
		if k += hist[i]; 2*k >= total {
			c.gain = (float64(i) + 0.5) / 100
			break
		}
	}
	diff := func(x, y int) float64 {
		a, b := d.accepted[y*side+x], th[y*side+x]
		if a < 0 || b < 0 {
			return 0
		}
		return math.Abs(b - c.gain*a)
	}
	c.hand = d.rimChanged(th, d.accepted, d.accColour, c.gain) > d.opt.HandFraction
	if c.hand && d.bare != nil {
		if d.rimChanged(th, d.bare, d.bareColour, c.gain) <= d.opt.HandFraction {
			// The rim is back as it was before something lying on it
			// was taken as the table's (the pencil picked up): no wait.
			d.putRim(d.bare, d.bareColour, 1)
			d.bare, d.bareColour = nil, nil
		}
		c.hand = d.rimChanged(th, d.accepted, d.accColour, c.gain) > d.opt.HandFraction
	}
	if c.hand {
		// rimChanged left the band's changed pixels in d.mask.
		crossing := 0
		for k := off; k < end; k++ {
			for _, e := range [4][4]int{{k, off - 1, k, off}, {k, end, k, end - 1}, {off - 1, k, off, k}, {end, k, end - 1, k}} {
				if d.mask[e[1]*side+e[0]] && d.mask[e[3]*side+e[2]] {
					crossing++
				}
			}
		}
		c.reaching = crossing >= thumbCell/2
	}
	// The squares, each without its walls; in colour, after the median
	// shift over the squares (a warm lamp, the camera's white balance).
	sb, sr := d.squareShift()
	sq := 0
	for r := 0; r < n; r++ {
		for col := 0; col < n; col++ {
			var s float64
			cnt := 0
			for y := off + r*thumbCell + 1; y < off+(r+1)*thumbCell-1; y++ {
				for x := off + col*thumbCell + 1; x < off+(col+1)*thumbCell-1; x++ {
					s += diff(x, y)
					cnt++
				}
			}
			i := 2 * (r*n + col)
			db, dr := d.sqColour[i]-d.accSqColour[i]-sb, d.sqColour[i+1]-d.accSqColour[i+1]-sr
			if s/float64(cnt) > squareDiff || math.Abs(db)+math.Abs(dr) > squareColourDiff {
				sq++
			}
		}
	}
	c.changed = float64(sq)/float64(n*n) >= d.opt.Change
	return c
}

// squareColour samples the colour (Cb, Cr) of each square's middle (the
// mean of four points inside it); NaN outside the picture.
func (d *TurnDetector) squareColour(frame image.Image, buf []float64) []float64 {
	n := d.opt.Size
	if len(buf) != 2*n*n {
		buf = make([]float64, 2*n*n)
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			var sb, sr float64
			k := 0
			for _, o := range [4][2]float64{{0.35, 0.35}, {0.65, 0.35}, {0.35, 0.65}, {0.65, 0.65}} {
				q := d.h.Apply(Point{float64(c) + o[0], float64(r) + o[1]})
				if cb, cr, ok := chromaAt(frame, q.X, q.Y); ok {
					sb += cb
					sr += cr
					k++
				}
			}
			i := 2 * (r*n + c)
			buf[i], buf[i+1] = math.NaN(), math.NaN()
			if k > 0 {
				buf[i], buf[i+1] = sb/float64(k), sr/float64(k)
			}
		}
	}
	return buf
}

// squareShift is the median colour change over the squares since the
// accepted state: the light's, which a turn (a few squares) does not move.
func (d *TurnDetector) squareShift() (sb, sr float64) {
	var hb, hr [512]int
	k := 0
	for i := 0; i+1 < len(d.sqColour) && i+1 < len(d.accSqColour); i += 2 {
		if !math.IsNaN(d.sqColour[i]) && !math.IsNaN(d.accSqColour[i]) {
			hb[int(d.sqColour[i]-d.accSqColour[i])+256]++
			hr[int(d.sqColour[i+1]-d.accSqColour[i+1])+256]++
			k++
		}
	}
	median := func(h *[512]int) float64 {
		for i, c := 0, 0; i < len(h); i++ {
			if c += h[i]; 2*c >= k {
				return float64(i - 256)
			}
		}
		return 0
	}
	if k == 0 {
		return 0, 0
	}
	return median(&hb), median(&hr)
}

// rimChanged is the share of the rim's pixels that differ clearly between
// the thumbnail and a reference: in brightness (the reference scaled by
// gain) or in colour, after the median colour shift over the rim (a warm
// lamp, the camera's white balance): a dark hand over a dark board differs
// little in grey but clearly in colour, skin being redder than any board.
// It leaves every band pixel's verdict in d.mask.
func (d *TurnDetector) rimChanged(th, ref, refColour []float64, gain float64) float64 {
	side := d.side()
	if len(d.mask) != side*side {
		d.mask = make([]bool, side*side)
	}
	var hb, hr [512]int // colour shifts -256..255
	n := 0
	d.eachRim(func(i int) {
		if !math.IsNaN(d.colour[2*i]) && !math.IsNaN(refColour[2*i]) {
			hb[int(d.colour[2*i]-refColour[2*i])+256]++
			hr[int(d.colour[2*i+1]-refColour[2*i+1])+256]++
			n++
		}
	})
	median := func(h *[512]int) float64 {
		for i, k := 0, 0; i < len(h); i++ {
			if k += h[i]; 2*k >= n {
				return float64(i - 256)
			}
		}
		return 0
	}
	sb, sr := median(&hb), median(&hr)
	d.eachBand(func(i int, _ bool) {
		changed := th[i] >= 0 && ref[i] >= 0 && math.Abs(th[i]-gain*ref[i]) > rimDiff
		if !changed && !math.IsNaN(d.colour[2*i]) && !math.IsNaN(refColour[2*i]) {
			changed = math.Abs(d.colour[2*i]-refColour[2*i]-sb)+math.Abs(d.colour[2*i+1]-refColour[2*i+1]-sr) > colourDiff
		}
		d.mask[i] = changed
	})
	changed, cells := 0, 0
	d.eachRim(func(i int) {
		cells++
		if d.mask[i] {
			changed++
		}
	})
	return float64(changed) / float64(max(cells, 1))
}

// eachRim calls f with the thumbnail index of every rim pixel.
func (d *TurnDetector) eachRim(f func(i int)) {
	d.eachBand(func(i int, rim bool) {
		if rim {
			f(i)
		}
	})
}

// eachBand calls f with the thumbnail index of every pixel of the band
// where a hand is looked for: the rim, and the grid's outermost ring of
// pixels (where an arm crossing the rim goes on).
func (d *TurnDetector) eachBand(f func(i int, rim bool)) {
	side := d.side()
	off := thumbMargin * thumbCell
	end := off + d.opt.Size*thumbCell
	rim := int(thumbRim * thumbCell)
	for y := off - rim; y < end+rim; y++ {
		for x := off - rim; x < end+rim; x++ {
			switch {
			case x < off || x >= end || y < off || y >= end:
				f(y*side+x, true)
			case x == off || x == end-1 || y == off || y == end-1:
				f(y*side+x, false)
			}
		}
	}
}

// bandColour samples the picture's colour (Cb, Cr) on the band, each
// pixel the mean of the same four points as the thumbnail; NaN outside
// the picture and off the band.
func (d *TurnDetector) bandColour(frame image.Image, buf []float64) []float64 {
	side := d.side()
	if len(buf) != 2*side*side {
		buf = make([]float64, 2*side*side)
		for i := range buf {
			buf[i] = math.NaN()
		}
	}
	d.eachBand(func(i int, _ bool) {
		x, y := i%side, i/side
		var sb, sr float64
		n := 0
		for _, o := range [4][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}} {
			q := d.h.Apply(Point{(float64(x)+o[0])/thumbCell - thumbMargin, (float64(y)+o[1])/thumbCell - thumbMargin})
			if cb, cr, ok := chromaAt(frame, q.X, q.Y); ok {
				sb += cb
				sr += cr
				n++
			}
		}
		buf[2*i], buf[2*i+1] = math.NaN(), math.NaN()
		if n > 0 {
			buf[2*i], buf[2*i+1] = sb/float64(n), sr/float64(n)
		}
	})
	return buf
}

// chromaAt is the colour difference (Cb, Cr as JPEG defines them) of the
// pixel at the continuous position (x, y) from the picture's top-left.
func chromaAt(img image.Image, x, y float64) (cb, cr float64, ok bool) {
	b := img.Bounds()
	if x < 0 || y < 0 {
		return 0, 0, false
	}
	px, py := b.Min.X+int(x), b.Min.Y+int(y)
	if px >= b.Max.X || py >= b.Max.Y {
		return 0, 0, false
	}
	var r, g, bl float64
	switch m := img.(type) {
	case *image.YCbCr:
		o := m.COffset(px, py)
		return float64(m.Cb[o]), float64(m.Cr[o]), true
	case *image.RGBA:
		o := m.PixOffset(px, py)
		r, g, bl = float64(m.Pix[o]), float64(m.Pix[o+1]), float64(m.Pix[o+2])
	default:
		cr, cg, cb, _ := img.At(px, py).RGBA()
		r, g, bl = float64(cr>>8), float64(cg>>8), float64(cb>>8)
	}
	return 128 - 0.168736*r - 0.331264*g + 0.5*bl, 128 + 0.5*r - 0.418688*g - 0.081312*bl, true
}

// takeRim makes the rim as it looks now part of the accepted state (in the
// accepted state's brightness), keeping the rim it replaces as the bare
// one; the squares stay as they were accepted, so a turn played meanwhile
// still shows as a change.
func (d *TurnDetector) takeRim(th []float64, gain float64) {
	if d.bare == nil {
		d.bare = append([]float64(nil), d.accepted...)
		d.bareColour = append([]float64(nil), d.accColour...)
	}
	d.putRim(th, d.colour, gain)
}

// putRim copies src's rim (brightness divided by gain, and colour) into
// the accepted state.
func (d *TurnDetector) putRim(src, colour []float64, gain float64) {
	d.eachRim(func(i int) {
		if v := src[i]; v >= 0 && gain > 0 {
			d.accepted[i] = v / gain
		}
		d.accColour[2*i], d.accColour[2*i+1] = colour[2*i], colour[2*i+1]
	})
}

// blockMotion is the largest mean absolute change of any half-square
// block (thumbCell/2 pixels a side) between two thumbnails.
func blockMotion(a, b []float64, side int) float64 {
	const k = thumbCell / 2
	worst := 0.0
	for by := 0; by+k <= side; by += k {
		for bx := 0; bx+k <= side; bx += k {
			var s float64
			for y := by; y < by+k; y++ {
				for x := bx; x < bx+k; x++ {
					s += math.Abs(a[y*side+x] - b[y*side+x])
				}
			}
			worst = max(worst, s/(k*k))
		}
	}
	return worst
}

// coarse picture of a whole frame while no board is in view: the mean of
// each block of a coarseW x coarseH grid.
const coarseW, coarseH = 48, 36

func coarsePicture(p greyView) []float64 {
	out := make([]float64, coarseW*coarseH)
	cnt := make([]int, coarseW*coarseH)
	for y := 0; y < p.H; y++ {
		row := y * coarseH / max(p.H, 1) * coarseW
		for x, v := range p.Pix[y*p.Stride : y*p.Stride+p.W] {
			i := row + x*coarseW/p.W
			out[i] += float64(v)
			cnt[i]++
		}
	}
	for i := range out {
		if cnt[i] > 0 {
			out[i] /= float64(cnt[i])
		}
	}
	return out
}

func maxAbsDiff(a, b []float64) float64 {
	worst := 0.0
	for i := range a {
		worst = max(worst, math.Abs(a[i]-b[i]))
	}
	return worst
}

// greyView is a picture's grey plane read in place: the decoder's own luma
// (JPEG's YCbCr, whose rows are padded to whole blocks, or Gray) when it
// has one, so a frame costs the detector no copy; the detector only reads
// it.
type greyView struct {
	W, H, Stride int
	Pix          []uint8
}

func lumaView(img image.Image) greyView {
	switch m := img.(type) {
	case *image.YCbCr:
		w, h := m.Rect.Dx(), m.Rect.Dy()
		if w > 0 && h > 0 && m.YStride >= w {
			o := m.YOffset(m.Rect.Min.X, m.Rect.Min.Y)
			return greyView{W: w, H: h, Stride: m.YStride, Pix: m.Y[o : o+(h-1)*m.YStride+w]}
		}
	case *image.Gray:
		w, h := m.Rect.Dx(), m.Rect.Dy()
		if w > 0 && h > 0 && m.Stride >= w {
			o := m.PixOffset(m.Rect.Min.X, m.Rect.Min.Y)
			return greyView{W: w, H: h, Stride: m.Stride, Pix: m.Pix[o : o+(h-1)*m.Stride+w]}
		}
	}
	p := Luma(img)
	return greyView{W: p.W, H: p.H, Stride: p.W, Pix: p.Pix}
}

// plane is the view as the board search wants it: the same bytes when the
// rows are not padded, else a copy (the search runs seldom).
func (g greyView) plane(img image.Image) Plane {
	if g.Stride == g.W {
		return Plane{W: g.W, H: g.H, Pix: g.Pix[:g.W*g.H]}
	}
	return Luma(img)
}

// at is plane.at on the view: the bilinear grey value at (x, y), pixel
// centres at half-integers; -1 outside.
func (g greyView) at(x, y float64) float64 {
	x -= 0.5
	y -= 0.5
	if x < 0 || y < 0 || x > float64(g.W-1) || y > float64(g.H-1) {
		return -1
	}
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, g.W-1), min(y0+1, g.H-1)
	fx, fy := x-float64(x0), y-float64(y0)
	a := float64(g.Pix[y0*g.Stride+x0])
	b := float64(g.Pix[y0*g.Stride+x1])
	c := float64(g.Pix[y1*g.Stride+x0])
	e := float64(g.Pix[y1*g.Stride+x1])
	return (a*(1-fx)+b*fx)*(1-fy) + (c*(1-fx)+e*fx)*fy
}

// decodeHalfYCrCb is decodeHalfBGR's picture in OpenCV's YCrCb. The
// blue-green-red Mat is closed before the caller copies the result out,
// so a 49 MP photo's half (37 MB a copy) is never held three times over.
func decodeHalfYCrCb(data []byte, format string) (gocv.Mat, error) {
	bgr, err := decodeHalfBGR(data, format)
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("vision: decoding a frame: %w", err)
	}
	defer bgr.Close()
	if bgr.Empty() || bgr.Channels() != 3 {
		return gocv.Mat{}, errors.New("vision: decoding a frame: not a JPEG or PNG picture")
	}
	ycc := gocv.NewMat()
	gocv.CvtColor(bgr, &ycc, gocv.ColorBGRToYCrCb)
	return ycc, nil
}

// DecodeForTurns decodes a JPEG camera frame at half its width and height,
// for the turn detector. libjpeg scales while it decodes, so this costs a
// fraction of a full decode, which only the frames that end a turn need
// (for the scan); the detector's thumbnail has 6 pixels a square and its
// board search works at 800 pixels across anyway. The picture comes back
// as a 4:4:4 *image.YCbCr, which the detector reads in place. All the
// frames one detector is offered must be decoded alike: it keeps the
// board's place in the frame's pixels. The pixels are those OpenCV's
// imdecode gives (IMREAD_REDUCED_COLOR_2), by libjpeg without OpenCV's
// imgcodecs (decodeHalfBGR).
func DecodeForTurns(data []byte) (*image.YCbCr, error) {
	if len(data) == 0 {
		return nil, errors.New("vision: decoding a frame: no bytes")
	}
	// The decoder makes room for every pixel the header claims: the header
	// is checked first.
	_, format, err := imagesize.CheckBytes(data)
	if err != nil {
		return nil, fmt.Errorf("vision: decoding a frame: %w", err)
	}
	ycc, err := decodeHalfYCrCb(data, format)
	if err != nil {
		return nil, err
	}
	defer ycc.Close()
	px, err := ycc.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("vision: decoding a frame: %w", err)
	}
	w, h := ycc.Cols(), ycc.Rows()
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio444)
	for i := range img.Y {
		img.Y[i], img.Cr[i], img.Cb[i] = px[3*i], px[3*i+1], px[3*i+2]
	}
	return img, nil
}
