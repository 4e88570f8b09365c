package pyramids

import (
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// CarryHeights completes a reading with what the previous board (the one
// the referee or the game log already holds) says about each stack, since
// the camera sees only the top pyramid: on each square,
//
//   - no pyramid read: empty;
//   - the same top pyramid as before: the stack as it was;
//   - the colour that was on top with another letter, read with less
//     confidence than carryConf (or black, since house pyramids never
//     move): a misread; the stack as it was, and the square is listed in
//     doubtful;
//   - the pyramid that was second from the top: the top one went (taken, or
//     moved away), the stack is one lower;
//   - a pyramid on a square that was empty: a stack of one;
//   - any other pyramid: one was put on the stack (one higher), except that
//     a pyramid of the colour the square starts with (a player's own
//     colour on their space, black in the house area) on a stack whose
//     second layer is not known is taken as the stack one lower.
//
// A doubtful square that had on top a pyramid put on another square this
// turn, and now shows what lay under it, is where that pyramid came from:
// it is one lower after all.
//
// Squares whose letter was not read ("?") keep the before stack when its
// top has the colour read, else they are left out (empty), and are listed
// in unread.
func CarryHeights(before *pyramids.Board, r *Reading, seats [4]pyramids.Colour) (after *pyramids.Board, unread, doubtful []pyramids.Pos) {
	if seats == ([4]pyramids.Colour{}) {
		seats = pyramids.DefaultSetup().Seats
	}
	after = pyramids.NewBoard()
	var appeared []pyramids.Pyramid // put on a square this turn
	reads := map[pyramids.Pos]pyramids.Pyramid{}
	for _, sq := range r.Squares {
		p := sq.Pos
		if sq.Colour == pyramids.NoColour {
			continue
		}
		b := before.At(p)
		bt, had := b.Top()
		if sq.Letter == "?" || sq.Letter == "" {
			unread = append(unread, p)
			if had && bt.Colour == sq.Colour {
				after.Set(p, b)
			}
			continue
		}
		top := pyramids.Pyramid{Colour: sq.Colour, Letter: sq.Letter}
		reads[p] = top
		switch {
		case b.Empty():
			after.Set(p, pyramids.Stack{Layers: []pyramids.Pyramid{top}, Height: 1})
			appeared = append(appeared, top)
		case had && bt == top:
			after.Set(p, b)
		case len(b.Layers) >= 2 && b.Layers[1] == top && sq.Conf >= carryConf:
			after.Set(p, b.Under())
		case had && bt.Colour == top.Colour && (top.Colour == pyramids.Black || sq.Conf < carryConf):
			// the same colour with another letter: a misread is likelier
			// than a change (house pyramids never move, and nothing black
			// lies under a black one)
			after.Set(p, b)
			doubtful = append(doubtful, p)
		case len(b.Layers) < 2 && b.Height >= 2 && top.Colour == startColour(p, seats):
			u := b.Under()
			u.Layers = append([]pyramids.Pyramid{top}, u.Layers...)
			after.Set(p, u)
		default:
			after.Set(p, b.Put(top))
			appeared = append(appeared, top)
		}
	}
	// A pyramid put somewhere left a stack: a doubtful square that had it
	// on top, now showing what lay under it, is where it came from.
	for _, py := range appeared {
		for i, p := range doubtful {
			b := before.At(p)
			if bt, _ := b.Top(); bt != py || b.Height < 2 {
				continue
			}
			u := b.Under()
			if len(u.Layers) > 0 && u.Layers[0] != reads[p] {
				continue
			}
			if len(u.Layers) == 0 {
				u.Layers = []pyramids.Pyramid{reads[p]}
			}
			after.Set(p, u)
			doubtful = append(doubtful[:i:i], doubtful[i+1:]...)
			break
		}
	}
	return after, unread, doubtful
}

// carryConf is the letter confidence below which a pyramid of the colour
// that was on top before, with another letter, is taken for a misread.
const carryConf = 0.6

// startColour is the colour of the pyramids a square holds at the set-up:
// the seat's colour on a player's space, black in the house area.
func startColour(p pyramids.Pos, seats [4]pyramids.Colour) pyramids.Colour {
	if side, ok := pyramids.SpaceSide(p); ok {
		return seats[side]
	}
	if pyramids.InHouse(p) {
		return pyramids.Black
	}
	return pyramids.NoColour
}
