package pyramids

import (
	"slices"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/scoring/tileset"
)

// pool is what the history knows of the pyramids a photo may show for the
// first time (a stack's layer under its top, never seen: the set-up put
// it there face down under others). Every colour's set is known (the
// rulebook's, Setup.PlayerSet; black: HouseSet), and every layer the
// board holds known is one pyramid of it: an unseen layer is one of the
// rest. Its letter is then weighed by what is left of the set: a letter
// the set has no more of (an unseen yellow K where the yellow set's one K
// already stands elsewhere) is unlikely, every letter it still has is as
// likely as another. The counts left (one U, three Es) are not weighed:
// the faces' evidence is their probabilities averaged over the faces,
// softer than a likelihood, and the counts outweighed it (a U read best,
// taken for an E on a normal photo). The pyramids taken by the players
// are not counted out (the board does not hold them), so the prior is
// looser than it could be, never wrong by it.
type pool struct {
	left  map[pyramids.Colour]map[string]int
	kinds map[pyramids.Colour]int // letters left with a pyramid or more
	seats [4]pyramids.Colour
}

// poolSmooth is the weight of a letter the set has no more of, against 1
// for one it still has: by the board's known layers (which a misread the
// table did not correct can get wrong), or none of (another maker's
// set), it stays possible when the photo shows it clearly.
const poolSmooth = 0.05

// poolFloor is the least a letter's evidence counts when the faces give it
// nothing (as inferMove's eps/4): the prior then decides between letters
// the photo cannot tell apart.
const poolFloor = 0.005

// newPool counts the pyramids of each colour that b does not hold known.
func newPool(setup *pyramids.Setup, b *pyramids.Board) *pool {
	p := &pool{left: map[pyramids.Colour]map[string]int{}, kinds: map[pyramids.Colour]int{}, seats: setup.Seats}
	for _, c := range []pyramids.Colour{pyramids.Red, pyramids.Blue, pyramids.Green, pyramids.Yellow, pyramids.Black} {
		set := setup.PlayerSet
		if c == pyramids.Black {
			set = setup.HouseSet
		}
		m := map[string]int{}
		for _, t := range set.Tiles {
			m[t.Letter] = t.Count
		}
		p.left[c] = m
	}
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			for _, l := range b.At(grid.Pos{Row: row, Col: col}).Layers {
				if m := p.left[l.Colour]; m != nil && m[l.Letter] > 0 {
					m[l.Letter]--
				}
			}
		}
	}
	for c, m := range p.left {
		for _, n := range m {
			if n > 0 {
				p.kinds[c]++
			}
		}
	}
	return p
}

// alphabet is the letters a layer can carry: A-Z.
var alphabet = tileset.Latin

// prior is the chance that an unseen pyramid of colour c carries letter
// l, by whether c's set has one left.
func (p *pool) prior(c pyramids.Colour, l string) float64 {
	m := p.left[c]
	if m == nil {
		return 1 / float64(len(alphabet))
	}
	w := poolSmooth
	if m[l] > 0 {
		w = 1
	}
	k := float64(p.kinds[c])
	return w / (k + poolSmooth*(float64(len(alphabet))-k))
}

// colour is the colour of the unseen layer under q's top: the colour the
// square starts with (a player's own on their space, black in the house:
// a layer the game does not know is one the set-up put there), else the
// colour read (a tapped runway stack whose layers under were not given).
func (p *pool) colour(q grid.Pos, read pyramids.Colour) pyramids.Colour {
	if side, ok := pyramids.SpaceSide(q); ok {
		return p.seats[side]
	}
	if pyramids.InHouse(q) {
		return pyramids.Black
	}
	return read
}

// like is how well the photo's letters ev show an unseen pyramid of
// colour c, against chance (as inferMove's like for a known one): the
// evidence for each letter weighed by the letter's prior.
func (p *pool) like(c pyramids.Colour, ev map[string]float64) float64 {
	v := 0.0
	for _, l := range alphabet {
		v += p.prior(c, l) * max(ev[l], poolFloor)
	}
	return v / letterChance
}

// letter is the likeliest letter of an unseen pyramid of colour c whose
// faces give ev, not (when set) the letter not: the evidence times the
// prior, ties to the alphabet's first. "" when ev is empty.
func (p *pool) letter(c pyramids.Colour, ev map[string]float64, not string) string {
	if len(ev) == 0 {
		return ""
	}
	letters := slices.Clone(alphabet)
	for l := range ev {
		if !slices.Contains(letters, l) {
			letters = append(letters, l)
		}
	}
	slices.Sort(letters)
	best, bv := "", -1.0
	for _, l := range letters {
		if l == not {
			continue
		}
		if v := p.prior(c, l) * max(ev[l], poolFloor); v > bv {
			best, bv = l, v
		}
	}
	return best
}

// sureOdds is how much likelier than the next an unseen layer's letter
// must be, by its evidence times the prior, for the game to show it sure.
const sureOdds = 2

// sure reports whether l, an unseen pyramid of colour c's letter by the
// evidence ev, has margin: its evidence times the prior at least
// sureOdds times every other letter's.
func (p *pool) sure(c pyramids.Colour, ev map[string]float64, l string) bool {
	v := p.prior(c, l) * max(ev[l], poolFloor)
	for _, o := range alphabet {
		if o != l && p.prior(c, o)*max(ev[o], poolFloor)*sureOdds > v {
			return false
		}
	}
	return true
}
