package pyramids

import (
	"maps"
	"slices"

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
// House pyramids never move, and no black pyramid lies on another colour:
// a black pyramid is never put on a square. Read where the game holds
// none, it is a misread unless the scan is sure of it (the square as it
// was, doubtful: a shaded empty square read black); read on a stack of
// another colour, it is the house pyramid known under it (the top went,
// doubtful) or a misread (the stack as it was, doubtful).
//
// Every pyramid put on a square left a stack, so the guesses are checked
// against each other: a square of its own colour taken as one lower is one
// higher instead when the top that would have gone shows on no other
// square while another stack lost a pyramid like the one read (a player's
// pyramid: a house pyramid read gone elsewhere was not put there); a pyramid
// put with no stack one lower to have come from came from a doubtful
// square that had it on top (now showing what lay under it), or else from
// the one stack that had it on top and still shows it (its next layer
// looks the same: two red As), which is one lower and doubtful (the
// photo shows it as it stood).
//
// Squares whose letter was not read ("?") keep the before stack when its
// top has the colour read, else they are left out (empty), and are listed
// in unread.
func CarryHeights(before *pyramids.Board, r *Reading, seats [4]pyramids.Colour) (after *pyramids.Board, unread, doubtful []pyramids.Pos) {
	return carry(before, r, seats, nil)
}

// CarryTaking is CarryHeights for the photo after an announced word's
// pyramids are taken: on each of the word's squares (taken) the top
// pyramid goes, so the stack is one lower whatever the letter read, when
// the photo shows what the game expects there: the square empty when the
// stack was one high, else a pyramid of the colour known to lie under (or
// any colour, when that layer is not known; its letter is then the one
// read). A take is all or nothing (the referee refuses a part of one):
// when more of the word's squares show their top gone than still there,
// every top of the word went, and a square that reads otherwise (its top
// still, or nothing where the layer under is known) is that layer, listed
// in doubtful (wordTaken); where that layer is not known, it is what the
// photo reads, doubtful when that is the top that went (the next layer
// alike, or the top misjudged still there). Else a square of the word that still shows its
// top is as before (not yet taken). Elsewhere it is CarryHeights.
func CarryTaking(before *pyramids.Board, r *Reading, seats [4]pyramids.Colour, taken []pyramids.Pos) (after *pyramids.Board, unread, doubtful []pyramids.Pos) {
	word := map[pyramids.Pos]bool{}
	for _, p := range taken {
		word[p] = true
	}
	return carry(before, r, seats, word)
}

// wordTaken tells whether the photo shows the word on the squares word
// taken: a take is all or nothing (the referee refuses a part of it), so
// the squares that show their top gone are weighed against those that
// show it still there, and the more decide. A top gone shows as the
// square empty (a stack of one), the layer known to lie under, or
// (unknown) any pyramid but the top read surely; a top still there as
// the top's colour with its letter (or black: house pyramids' letters
// are not told apart then). A shadow or a leaning stack that misreads
// one square of a word taken no longer holds the whole take back.
func wordTaken(before *pyramids.Board, r *Reading, word map[pyramids.Pos]bool) bool {
	gone, still := TakeShown(before, r, slices.Collect(maps.Keys(word)))
	return gone > still
}

// TakeShown counts the squares (of a word being taken) whose top the photo
// shows gone and those that show it still there, as wordTaken weighs
// them; a square that shows neither counts in neither.
func TakeShown(before *pyramids.Board, r *Reading, squares []pyramids.Pos) (gone, still int) {
	for _, p := range squares {
		b := before.At(p)
		bt, had := b.Top()
		if !had {
			continue
		}
		sq := r.Square(p)
		read := pyramids.Pyramid{Colour: sq.Colour, Letter: sq.Letter}
		ut, known := b.Under().Top()
		switch {
		case sq.Colour == pyramids.NoColour:
			if b.Height == 1 {
				gone++
			}
		case sq.Colour == bt.Colour && (sq.Letter == bt.Letter || bt.Colour == pyramids.Black) && !(known && ut == read):
			still++
		case b.Height >= 2 && known && ut.Colour == sq.Colour:
			gone++
		case b.Height >= 2 && !known && sq.Letter != "?" && sq.Letter != "":
			gone++
		}
	}
	return gone, still
}

func carry(before *pyramids.Board, r *Reading, seats [4]pyramids.Colour, word map[pyramids.Pos]bool) (after *pyramids.Board, unread, doubtful []pyramids.Pos) {
	if seats == ([4]pyramids.Colour{}) {
		seats = pyramids.DefaultSetup().Seats
	}
	after = pyramids.NewBoard()
	var appeared []pyramids.Pyramid // put on a square this turn
	// squares where a pyramid of the square's own colour shows on a stack
	// whose next layer is not known, taken as the stack one lower
	var guessed []pyramids.Pos
	reads := map[pyramids.Pos]pyramids.Pyramid{}
	taken := wordTaken(before, r, word)
	for _, sq := range r.Squares {
		p := sq.Pos
		b := before.At(p)
		bt, had := b.Top()
		if taken && word[p] && had {
			// The word was taken (most of its squares show it): every
			// one of its tops went, whatever this square reads. A
			// square that reads otherwise than the layer known to
			// lie under (nothing, on a stack of one) is doubtful.
			u := b.Under()
			ut, known := u.Top()
			read := pyramids.Pyramid{Colour: sq.Colour, Letter: sq.Letter}
			switch {
			case u.Empty():
				if sq.Colour != pyramids.NoColour {
					doubtful = append(doubtful, p)
				}
				continue
			case known:
				after.Set(p, u)
				if ut != read {
					doubtful = append(doubtful, p)
				}
				continue
			case sq.Colour != pyramids.NoColour && sq.Letter != "?" && sq.Letter != "":
				// the layer under, never seen: what the photo shows.
				// Read as the top that went (two like pyramids in the
				// stack, or the top misjudged still there), doubtful.
				u.Layers = []pyramids.Pyramid{read}
				after.Set(p, u)
				if read == bt {
					doubtful = append(doubtful, p)
				}
				continue
			}
		}
		if sq.Colour == pyramids.NoColour {
			continue
		}
		if word[p] && had && b.Height >= 2 {
			u := b.Under()
			ut, known := u.Top()
			read := pyramids.Pyramid{Colour: sq.Colour, Letter: sq.Letter}
			switch {
			case known && ut.Colour == sq.Colour:
				after.Set(p, u)
				if ut != read {
					doubtful = append(doubtful, p)
				}
				continue
			case !known && sq.Letter != "?" && sq.Letter != "" && !(read == bt && sq.Conf >= carryConf):
				u.Layers = []pyramids.Pyramid{read}
				after.Set(p, u)
				continue
			}
		}
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
		case top.Colour == pyramids.Black && b.Empty() && !sq.Sure:
			// house pyramids never move: a black pyramid read where
			// the game holds none (a shaded empty square) is a
			// misread unless the scan is sure of it
			doubtful = append(doubtful, p)
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
			guessed = append(guessed, p)
		case top.Colour == pyramids.Black && len(b.Layers) >= 2 && b.Layers[1].Colour == pyramids.Black:
			// the house pyramid known under shows, its letter misread
			// or read with little confidence: the top went
			after.Set(p, b.Under())
			doubtful = append(doubtful, p)
		case top.Colour == pyramids.Black:
			// never put on a stack: no black pyramid lies on another
			// colour, and house pyramids never move; the stack's
			// colour or its next layer misread
			after.Set(p, b)
			doubtful = append(doubtful, p)
		default:
			after.Set(p, b.Put(top))
			appeared = append(appeared, top)
		}
	}
	// A guess of one lower is one put on instead when the top that would
	// have gone appears on no other square while another stack lost a
	// pyramid like the one read (its next layer read as its own colour).
	for _, p := range guessed {
		b := before.At(p)
		bt, _ := b.Top()
		top, _ := after.At(p).Top()
		if slices.Contains(appeared, bt) || top.Colour == pyramids.Black {
			// (a house pyramid gone elsewhere was not put here:
			// they never move)
			continue
		}
		for i := 0; i < pyramids.Size*pyramids.Size; i++ {
			q := pyramids.Pos{Row: i / pyramids.Size, Col: i % pyramids.Size}
			if q == p {
				continue
			}
			if qb := before.At(q); after.At(q).Height == qb.Height-1 {
				if qt, _ := qb.Top(); qt == top {
					after.Set(p, b.Put(top))
					appeared = append(appeared, top)
					break
				}
			}
		}
	}
	// A pyramid put somewhere left a stack: one read one lower with it
	// on top before; else a doubtful square that had it on top, now
	// showing what lay under it; else the one stack that had it on top
	// and shows the same (its next layer looks alike: two red Es).
	left := map[pyramids.Pyramid]int{}
	var inferred []pyramids.Pos
	for i := 0; i < pyramids.Size*pyramids.Size; i++ {
		p := pyramids.Pos{Row: i / pyramids.Size, Col: i % pyramids.Size}
		if b := before.At(p); after.At(p).Height == b.Height-1 {
			if bt, ok := b.Top(); ok {
				left[bt]++
			}
		}
	}
appeared:
	for _, py := range appeared {
		if left[py] > 0 {
			left[py]--
			continue
		}
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
			continue appeared
		}
		if py.Colour == pyramids.Black {
			continue
		}
		var alike []pyramids.Pos
		for i := 0; i < pyramids.Size*pyramids.Size; i++ {
			p := pyramids.Pos{Row: i / pyramids.Size, Col: i % pyramids.Size}
			b := before.At(p)
			if bt, _ := b.Top(); bt != py || b.Height < 2 || !after.At(p).SameTop(b) || (len(b.Layers) >= 2 && b.Layers[1] != py) {
				continue
			}
			alike = append(alike, p)
		}
		if len(alike) == 1 {
			u := before.At(alike[0]).Under()
			if len(u.Layers) == 0 {
				u.Layers = []pyramids.Pyramid{py}
			}
			after.Set(alike[0], u)
			// one lower by inference alone: the photo shows the same
			// top as before, so it cannot tell this stack from one
			// left as it stood (a misread pyramid put elsewhere finds
			// it too): doubtful, never shown sure
			inferred = append(inferred, alike[0])
		}
	}
	return after, unread, append(doubtful, inferred...)
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
