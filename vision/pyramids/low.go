package pyramids

import (
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// lowHouse looks again at the house squares read empty on fewer than
// sureEmpty of their samples light, with the pyramids modelled lowTall
// times as tall as the learnt ones. The photo does not tell the
// pyramids' height (fitGeometry keeps the classic proportion to the
// base), and another maker's pyramids may be much lower: the one-high
// look's samples near the modelled tip then lie above the pyramid, on
// the board beyond it in a tilted view, and a black house pyramid reads
// empty. A lower model's faces lie inside a taller pyramid's outline
// whatever its height (the same base, a lower tip), so on a pyramid
// they still fall on it. A square the lower look reads in a colour is
// taken for a pyramid of that colour, never sure (lowLook). Only the
// house area: elsewhere the lower look's samples, nearer the square's
// centre, read the colour of the stacks leaning over the runway's
// squares (issue 21, docs/pyramids-vision.md "Other makers' low
// pyramids"). countOf gives the stack count for a top pyramid of a
// colour on a square.
func lowHouse(f *frame, sqs []Square, countOf func(grid.Pos, pyramids.Colour) int) {
	low := *f
	low.geo.TallMM *= lowTall
	for i := range sqs {
		sq := &sqs[i]
		r, c := sq.Pos.Row, sq.Pos.Col
		if sq.Colour != pyramids.NoColour || sq.ColourConf >= sureEmpty || !pyramids.InHouse(pyramids.Pos{Row: r, Col: c}) {
			continue
		}
		lk := low.look(r, c)
		if lk.colour == pyramids.NoColour {
			continue
		}
		sq.look = lk
		takeLow(f, sq, lk.colour, lk.conf, countOf)
	}
}

// takeLow reads the empty square sq as a pyramid of colour at conf, as
// lowHouse and fainter take one: its stack count from countOf, its apex
// from the frame, never sure (lowLook).
func takeLow(f *frame, sq *Square, colour pyramids.Colour, conf float64, countOf func(grid.Pos, pyramids.Colour) int) {
	sq.Colour, sq.ColourConf, sq.lowLook = colour, conf, true
	sq.Height = countOf(sq.Pos, colour)
	sq.Apex = f.apex(sq.Pos.Row, sq.Pos.Col, sq.Height)
}

// lowTall is the share of the learnt pyramid height lowHouse models the
// pyramids with. On the tuning sets (issue 21, docs/pyramids-vision.md
// "Other makers' low pyramids") the 13 black house pyramids of a maker's
// low set (0.51 of the pitch, learnt 0.66) read empty at main read black
// at 0.7 (9 at 0.85), and no empty house square read a colour at 0.55
// to 0.85.
const lowTall = 0.7

// fainter takes a square read empty for a pyramid of the colour faint
// when that colour's samples, with the light ones of its hue saturated
// faintSat or more, hold faintShare or more of the one-high look's
// samples: another maker's plastic (or the light: haze, a cool cast,
// glare) leaves a pyramid's faces under pyramidSat, so most of its
// samples class light, but tinted in one hue, where an empty square is
// grey board or a player space's faint tint. A player space printed in
// a strong tint shows as much of its hue, but at the board's light
// (the demo's board: 0.70-0.98 of its samples, their median value
// 1.06-1.14 of the runway's white); a pyramid's sloped faces are darker
// than the board: only a square whose samples' median value is under
// faintValue is taken. Such a square is never sure (lowLook). countOf
// gives the stack count for a top pyramid of a colour on a square.
func fainter(f *frame, sqs []Square, countOf func(grid.Pos, pyramids.Colour) int) {
	for i := range sqs {
		sq := &sqs[i]
		if sq.Colour != pyramids.NoColour || sq.look.faintShare < faintShare || sq.look.value >= faintValue {
			continue
		}
		takeLow(f, sq, sq.look.faint, sq.look.faintShare, countOf)
	}
}

// faintSat, faintShare: fainter's bars. On the tuning sets (issue 21,
// docs/pyramids-vision.md "Other makers' low pyramids") the 9
// pyramids read empty whose faces class light, saturated 0.3-0.42 in
// their colour's hue, show 0.68-0.97 of their samples so; of the empty
// squares read empty, none shows more than 0.57 (runway squares beside
// stacks leaning over them, whose samples are the stacks' own colour).
// faintValue: of the 9, 7 show a median value of 0.41-0.81 (two under
// glare 0.98 and 1.14 are left empty), the demo's empty tinted player
// spaces 1.06-1.14 (they broke TestDemoThroughTheReader without it).
const (
	faintSat   = 0.3
	faintShare = 0.65
	faintValue = 0.9
)
