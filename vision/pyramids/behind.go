package pyramids

import (
	"math"
	"slices"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
)

// clearBehind looks again at the squares taken for a pyramid beside a
// taller stack that leans over them in the picture (its tip, at the
// count the game holds for it, behindLean or more of the way from its
// square's centre to theirs). In a tilted view a tall stack's sides and
// tip cover much of the square beyond it, and the faces of a pyramid
// modelled on that square reach past it (onto the board's border at the
// edge): the samples show the stack's colour where no pyramid stands.
// The square's own evidence is its floor (floorHidden): a pyramid on it
// covers the floor wherever the stacks leave it in view, an empty square
// shows the board there. A square whose floor left in view (behindSeen
// samples or more outside the stacks' outlines, grown by behindGrow) is
// behindLight or more light is read empty, and never sure
// (sureColourOf): the stacks hide the rest of it.
//
// A square kept is read again on the samples of its colour look that
// lie outside those outlines (aside): the stacks' colour spreads over
// the rest. Of those, only the samples whose line of sight, were the
// square empty, would meet the board inside the playing grid are read
// (backOnGrid): on the outer row the faces modelled reach past the grid,
// where an empty square shows the border, of a pyramid's colour on most
// sets. Where behindSeen samples or more remain, light board on
// behindLight or more of them reads the square empty, and a colour they
// show other than the one read is taken (a yellow pyramid behind blue
// stacks read blue); both never sure. Where fewer than behindSeen
// remain and fewer than behindSeen of the floor (the square hidden:
// a pyramid on it would be as wholly hidden behind the stacks), and the
// colour read is a leaning stack's, the square is read empty, never
// sure: the colour is the stack's in front, and nothing of the square
// is in view. Where fewer than asideMin remain otherwise, the square is
// not sure. countOf gives the stack count for a top pyramid of a colour
// on a square.
func clearBehind(f *frame, sqs []Square, countOf func(grid.Pos, pyramids.Colour) int) {
	sh := f.geo.shape()
	// the stacks as far as they reach in the picture (stackReach): a
	// maker's taller pyramids, nested higher, than the learnt geometry
	reach := f.stackReach(sqs)
	measured := reach >= reachUse
	meas := sh
	meas.t, meas.nest = sh.t*reach, sh.nest*reach
	// the photo does not tell the pyramids' height (fitGeometry keeps
	// the default's proportion): the aside look reads outside the
	// stacks modelled as tall as they are wide (hideTall) where that
	// leaves behindSeen samples in view, else outside the model's
	tall := sh
	tall.t = max(sh.t, sh.b*hideTall)
	coloured := func(n *Square) bool { return n.Colour != pyramids.NoColour }
	for i := range sqs {
		sq := &sqs[i]
		if sq.Colour == pyramids.NoColour {
			continue
		}
		r, c := sq.Pos.Row, sq.Pos.Col
		var hidden, hiddenTall, hiddenMeas [8]convexSides
		nh := 0
		ofStack := false // the colour read is a leaning stack's
		f.eachLeaning(sqs, i, coloured, func(nr, nc int, n *Square, lean float64) {
			if lean < behindLean {
				return
			}
			sq.leant = math.Max(sq.leant, lean)
			ofStack = ofStack || n.Colour == sq.Colour
			h, k := f.outline(float64(nr), float64(nc), n.Height, sh, false)
			grow(h[:k], behindGrow)
			hidden[nh].set(h[:k])
			h, k = f.outline(float64(nr), float64(nc), n.Height, tall, false)
			grow(h[:k], behindGrow)
			hiddenTall[nh].set(h[:k])
			if measured {
				h, k = f.outline(float64(nr), float64(nc), n.Height, meas, false)
				grow(h[:k], behindGrow)
				hiddenMeas[nh].set(h[:k])
			}
			nh++
		})
		if nh == 0 {
			continue
		}
		sq.floorLight, sq.floorSeen = f.floorHidden(r, c, hidden[:nh])
		if measured {
			sq.reach = reach
			sq.floorMeasLight, sq.floorMeasSeen = f.floorHidden(r, c, hiddenMeas[:nh])
			sq.asideMeas, sq.asideMeasSeen = f.lookOutside(r, c, 1, hiddenMeas[:nh], true)
			if conf, empty := behindMeasured(sq, ofStack); empty {
				sq.cleared = true
				sq.Colour, sq.ColourConf, sq.Height, sq.Apex = pyramids.NoColour, conf, 0, vision.Point{}
				sq.look = cellLook{conf: conf, value: sq.look.value, tinted: sq.look.tinted}
				continue
			}
		}
		if sq.floorSeen >= behindSeen && sq.floorLight >= behindLight {
			sq.cleared = true
			sq.Colour, sq.ColourConf, sq.Height, sq.Apex = pyramids.NoColour, sq.floorLight, 0, vision.Point{}
			sq.look = cellLook{conf: sq.floorLight, value: sq.look.value, tinted: sq.look.tinted}
			continue
		}
		sq.aside, sq.asideSeen = f.lookOutside(r, c, 1, hidden[:nh], true)
		aTall, nTall := f.lookOutside(r, c, 1, hiddenTall[:nh], true)
		if nTall >= behindSeen {
			sq.aside, sq.asideSeen = aTall, nTall
		}
		a := sq.aside
		switch {
		case sq.asideSeen >= behindSeen && a.colour == pyramids.NoColour && a.conf >= behindLight:
			sq.cleared = true
			sq.Colour, sq.ColourConf, sq.Height, sq.Apex = pyramids.NoColour, a.conf, 0, vision.Point{}
			sq.look = cellLook{conf: a.conf, value: sq.look.value, tinted: sq.look.tinted}
		case sq.asideSeen >= behindSeen && a.colour != pyramids.NoColour && a.colour != sq.Colour:
			sq.asideDoubt = true
			sq.Colour, sq.ColourConf = a.colour, a.conf
			sq.Height = countOf(sq.Pos, a.colour)
			sq.Apex = f.apex(r, c, sq.Height)
		case nTall < behindSeen && sq.floorSeen < behindSeen && ofStack:
			// Hidden: nothing of the square is in view, and a pyramid
			// on it would be hidden as wholly; the colour read is the
			// stack's in front.
			sq.cleared = true
			sq.Colour, sq.ColourConf, sq.Height, sq.Apex = pyramids.NoColour, 0, 0, vision.Point{}
			sq.look = cellLook{value: sq.look.value, tinted: sq.look.tinted}
		case sq.asideSeen < asideMin:
			sq.asideDoubt = true
		}
	}
}

// behindMeasured judges a square taken for a pyramid beside a taller
// stack leaning over it by what the stacks, as far as they are
// measured to reach (stackReach), leave of it in view: its floor
// (floorMeas) light on measLight or more of behindSeen samples or more,
// or its faces' samples (asideMeas, lines of sight on the grid) light on
// behindLight or more of behindSeen or more, or nothing of it in view
// and its colour a leaning stack's (ofStack). It returns the
// confidence of the emptiness and whether the square is read empty.
func behindMeasured(sq *Square, ofStack bool) (float64, bool) {
	a := sq.asideMeas
	switch {
	case sq.floorMeasSeen >= behindSeen && sq.floorMeasLight >= measLight:
		return sq.floorMeasLight, true
	case sq.asideMeasSeen >= behindSeen && a.colour == pyramids.NoColour && a.conf >= behindLight:
		return a.conf, true
	case sq.floorMeasSeen < behindSeen && sq.asideMeasSeen < behindSeen && ofStack:
		return 0, true
	}
	return 0, false
}

// grow moves the corners of a convex polygon away from their mean by
// the share g of their distance.
func grow(h []vision.Point, g float64) {
	var m vision.Point
	for _, p := range h {
		m.X += p.X
		m.Y += p.Y
	}
	m.X /= float64(len(h))
	m.Y /= float64(len(h))
	for i := range h {
		h[i].X += g * (h[i].X - m.X)
		h[i].Y += g * (h[i].Y - m.Y)
	}
}

// floorHidden samples the square's own floor (a floorGrid x floorGrid
// grid over the base of a pyramid standing on it, at the board's
// height) outside the polygons hidden. It returns the share of those
// samples that are light (the board: runway, print, a player space's
// tint) and their number.
func (f *frame) floorHidden(r, c int, hidden []convexSides) (light float64, seen int) {
	hb := f.geo.BaseMM / f.geo.SquareMM / 2
	cx, cy := float64(c)+0.5, float64(r)+0.5
	n := 0
	for j := 0; j < floorGrid; j++ {
		y := cy + hb*(2*(float64(j)+0.5)/floorGrid-1)
		for i := 0; i < floorGrid; i++ {
			x := cx + hb*(2*(float64(i)+0.5)/floorGrid-1)
			pt := f.project([3]float64{x, y, 0})
			col, ok := f.p.at(pt.X, pt.Y)
			if !ok || inAny(hidden, pt) {
				continue
			}
			seen++
			if cls, _ := classify(col, f.white); cls == clsLight {
				n++
			}
		}
	}
	if seen == 0 {
		return 0, 0
	}
	return float64(n) / float64(seen), seen
}

// inAny: q inside any of the polygons.
func inAny(polys []convexSides, q vision.Point) bool {
	for i := range polys {
		if polys[i].in(q) {
			return true
		}
	}
	return false
}

const (
	// floorGrid: the floor is sampled on floorGrid x floorGrid points.
	floorGrid = 10
	// behindLean: the stacks leaning this far over a square (as
	// overhangLean) are looked behind.
	behindLean = overhangLean
	// behindGrow: a stack's outline grown by this share of its size, for
	// its edges' blur and a model a little short of the pyramids.
	behindGrow = 0.1
	// hideTall: the height over its base's side, at least, of the
	// pyramids the stacks in front are modelled with for the aside look
	hideTall = 1.0
	// behindSeen, behindLight: an empty square's floor shows at least
	// behindSeen samples, behindLight or more of them light. Chosen on
	// the tuning sets (hard 95500, other makers' hard 95420: issue 21,
	// docs/pyramids-vision.md "Empty squares behind tall stacks"): of
	// the 56 pyramids read on empty squares beside a stack leaning half
	// way or more, 26 have at least 3 samples in view, 0.75 or more of
	// them light; of the 297 pyramids there, none is above 0.56 (those
	// with 3 samples or fewer in view: none light).
	behindSeen  = 3
	behindLight = 0.75
	// asideMin: a square read outside the stacks' outlines on fewer
	// than asideMin of look's 120 samples is not sure. Chosen on the
	// tuning sets (issue 21, docs/pyramids-vision.md "A pyramid's colour
	// beside tall stacks"): of the 129 pyramids read right there beside
	// a stack leaning half way or more, none has fewer than 44 left (the
	// one read in the stacks' colour: 23); of the false pyramids, 2 have
	// fewer than 20. The bars of the aside look's own reading are the
	// floor's (behindSeen, behindLight; issue 21, "Squares and colours on
	// hard scenes, by cause"): on the tuning sets (hard 97500, 97502) the
	// 7 runway squares behind stacks read in the border's blue show 3-11
	// samples whose line of sight meets the grid, light on 0.80-1.00 of
	// them; of the pyramids beside a leaning stack every one shows 46 or
	// more, its own colour, but a yellow one wholly behind a red stack:
	// 3, yellow. A square hidden (fewer than behindSeen of both) in the
	// colour of a stack leaning over it is read empty (issue 21,
	// "Squares behind leaning stacks, by the part in view"): on the
	// tuning sets (hard 99400, other makers' hard 99401, hard 98550) 6
	// runway squares behind rows of stacks of 5 leaning 1.6-1.75, none
	// of the 149 pyramids beside a leaning stack (the least in view: 23
	// floor, 47 aside samples).
	asideMin = 20
)

// eye is the camera's centre in board units (x, y, height).
func (f *frame) eye() [3]float64 {
	R, T := f.pose.R, f.pose.T
	var v [3]float64
	for j := 0; j < 3; j++ {
		v[j] = -(R[0][j]*T[0] + R[1][j]*T[1] + R[2][j]*T[2])
	}
	return [3]float64{v[0], v[1], -v[2]}
}

// backOnGrid tells whether the line of sight from the eye through the
// board point p (x, y, height), continued down to the board, meets it
// inside the playing grid: what the picture shows at p where no pyramid
// stands on p's square (a nearer stack aside).
func backOnGrid(eye, p [3]float64) bool {
	if p[2] <= 0 {
		return p[0] >= 0 && p[0] <= pyramids.Size && p[1] >= 0 && p[1] <= pyramids.Size
	}
	if eye[2] <= p[2] {
		return false
	}
	s := eye[2] / (eye[2] - p[2])
	x := eye[0] + s*(p[0]-eye[0])
	y := eye[1] + s*(p[1]-eye[1])
	return x >= 0 && x <= pyramids.Size && y >= 0 && y <= pyramids.Size
}

// stackReach measures how far the scene's tall stacks reach in the
// picture against the scan's model of them. Other makers' pyramids may
// be taller, and nest higher, than the learnt geometry (fitGeometry
// keeps the height in the classic proportion to the base), so that
// their tips reach past the modelled outline over the square beyond.
// For each stack of reachCount or more whose modelled tip stands
// reachMinPx or more from its square's centre in the picture, the
// stack's colour is followed along the line from that centre through
// the tip, from half way to where the line leaves the modelled
// outline, until it gives way to something else for longer than
// reachGap of the line (the letter's ink on a face breaks it briefly);
// the stack's reach is the scale of its height and nesting step whose
// outline the line leaves where the run ended (between 1 and
// reachMax). Stacks with a neighbour read in their colour within 45
// degrees of the line are left out (the run would go on over it), and
// so are those whose outline the line leaves near their bottom base's
// edge (reachClear: a view from nearly overhead, where the run ends at
// that edge whatever the height). It returns the median reach over
// reachMin stacks or more, or 1 with fewer.
func (f *frame) stackReach(sqs []Square) float64 {
	var reaches []float64
	sh := f.geo.shape()
	hb := sh.b / 2
	for i := range sqs {
		sq := &sqs[i]
		if sq.Colour == pyramids.NoColour || sq.Height < reachCount {
			continue
		}
		cls := colourClass(sq.Colour)
		r, c := sq.Pos.Row, sq.Pos.Col
		o := f.project([3]float64{float64(c) + 0.5, float64(r) + 0.5, 0})
		dx, dy := sq.Apex.X-o.X, sq.Apex.Y-o.Y
		l := math.Hypot(dx, dy)
		if l < reachMinPx {
			continue
		}
		// the squares beyond: a neighbour of the stack's colour whose
		// centre lies within 45 degrees of the line would carry the run
		// on
		beyond := false
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				nr, nc := r+dr, c+dc
				if (dr == 0 && dc == 0) || nr < 0 || nc < 0 || nr >= pyramids.Size || nc >= pyramids.Size {
					continue
				}
				if sqs[nr*pyramids.Size+nc].Colour != sq.Colour {
					continue
				}
				p := f.project([3]float64{float64(nc) + 0.5, float64(nr) + 0.5, 0})
				ex, ey := p.X-o.X, p.Y-o.Y
				if (ex*dx+ey*dy)/(math.Hypot(ex, ey)*l) >= 0.7 {
					beyond = true
				}
			}
		}
		if beyond {
			continue
		}
		// where the line leaves the stack's modelled outline (at its
		// tip, or at the top pyramid's lifted base in a near-overhead
		// view) and its bottom base: a stack whose outline ends there
		// is not measured (its run ends at the base's edge)
		var corners [4]vision.Point
		for j, d := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			corners[j] = f.project([3]float64{float64(c) + 0.5 + d[0]*hb, float64(r) + 0.5 + d[1]*hb, 0})
		}
		var bottom convexSides
		bottom.set(corners[:])
		exit := func(cv *convexSides) float64 { return exitAlong(cv, o, dx, dy) }
		// exitAt: where the line leaves the outline of the stack as
		// tall and nested as rho times the model's
		exitAt := func(rho float64) float64 {
			m := sh
			m.t, m.nest = sh.t*rho, sh.nest*rho
			h, k := f.outline(float64(r), float64(c), sq.Height, m, false)
			var cv convexSides
			cv.set(h[:k])
			return exit(&cv)
		}
		em := exitAt(1)
		if em <= 0 || exit(&bottom) > reachClear*em {
			continue
		}
		end, gap := 0.5*em, 0.0
		step := 1 / l // a pixel
		for s := end; s <= 3; s += step {
			col, ok := f.p.at(o.X+s*dx, o.Y+s*dy)
			if !ok {
				break
			}
			if k, _ := classify(col, f.white); k == cls {
				end, gap = s, 0
				continue
			}
			gap += step
			if gap > reachGap {
				break
			}
		}
		// the scale whose outline ends where the run did
		lo, hi := 1.0, reachMax
		if end <= em {
			hi = 1
		} else if exitAt(reachMax) <= end {
			lo = reachMax
		}
		for it := 0; it < 7 && hi > lo; it++ {
			mid := (lo + hi) / 2
			if exitAt(mid) < end {
				lo = mid
			} else {
				hi = mid
			}
		}
		rho := (lo + hi) / 2
		reaches = append(reaches, rho)
	}
	if len(reaches) < reachMin {
		return 1
	}
	slices.Sort(reaches)
	return min(max(reaches[len(reaches)/2], 1), reachMax)
}

// exitSteps are the points along a line, in shares of it, at which
// exitAlong tells where the line leaves an outline: 0, then 0.01 added
// one at a time (summed, as a walk would) up to the first that reaches
// 3.
var exitSteps = func() []float64 {
	s := []float64{0}
	for e := 0.0; e < 3; {
		e += 0.01
		s = append(s, e)
	}
	return s
}()

// exitAlong is where the line from o along (dx, dy) leaves the convex
// outline cv: the first of exitSteps whose point lies outside it (the
// last, 3 or more, when none does; 0 when o itself does). The outline
// is convex and o inside it, so the points inside form one run from o:
// the first one outside is found by halving (9 tests of the point, where
// the walk of 0.01 a step took up to 300).
func exitAlong(cv *convexSides, o vision.Point, dx, dy float64) float64 {
	at := func(e float64) vision.Point { return vision.Point{X: o.X + e*dx, Y: o.Y + e*dy} }
	if !cv.in(at(0)) {
		return 0
	}
	lo, hi := 1, len(exitSteps)-1 // the answer's index lies in [lo, hi]
	for lo < hi {
		mid := (lo + hi) / 2
		if cv.in(at(exitSteps[mid])) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return exitSteps[lo]
}

const (
	// reachCount: stacks of this count or more are measured
	reachCount = 3
	// reachMinPx: a stack whose modelled tip stands nearer its square's
	// centre in the picture than this is not measured (the view from
	// overhead: its reach barely shows)
	reachMinPx = 16.0
	// reachGap: the run of a stack's colour may break for this share
	// of the line to its modelled tip (the letter's ink)
	reachGap = 0.2
	// reachMin: the fewest stacks measured for the scene's reach
	reachMin = 3
	// reachClear: a stack whose bottom base's edge lies along the line
	// at more than reachClear of where the line leaves its modelled
	// outline is not measured
	reachClear = 0.9
	// reachUse: a scene whose stacks reach this much past the model or
	// more has its squares behind them judged by what the stacks as
	// measured leave in view (behindMeasured)
	reachUse = 1.1
	// measLight: the least light share of the floor left in view by the
	// stacks as measured on an empty square: the model's (behindLight).
	// On the tuning sets (issue 21, docs/pyramids-vision.md "Squares
	// beside other makers' leaning stacks") the pyramids beside a
	// leaning stack in scenes measured 1.1 or more show 0.35 at most,
	// but black house pyramids of a maker's small base (0.73 of the
	// pitch, learnt 0.78) under a stack measured 1.13 show 0.51-0.62:
	// the floor sampled over the learnt base reaches past theirs (bar
	// 0.5 tried first: 4 of them read empty on other makers' hard 8100).
	measLight = behindLight
	// reachMax: the most the scene's reach is taken as
	reachMax = 1.8
)
