package pyramids

import (
	"math"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/scoring/tileset"
)

// setLetterFloor is added to every letter's evidence before its
// logarithm in assignLetters: a letter no face gave any probability is
// then unlikely, not impossible.
const setLetterFloor = 0.01

// assignLetters gives the pyramids read in each colour letters the set
// can hold: a colour's pyramids in view are distinct pieces of its set
// (player, for red, blue, green and yellow; house, for black), so no
// letter shows on more of them than the set has. Where the letters read
// break that (four black O where the house set has three, two red D
// where a colour has one), the squares not sure take, together, the
// letters of the set left over that their faces make likeliest (the sum
// of the logarithms of each square's evidence, Square.Letters, is
// greatest: an assignment, solved exactly). A sure square keeps its
// letter and its piece of the set; a square a taller stack leans over
// (overhung: its faces may be that stack's) and one whose faces gave no
// letter are left out. A colour whose sure squares alone, or whose
// squares, outnumber what the set holds is left as read (another set
// than the one given). A letter changed here is never sure: only squares
// not sure are changed. Blurred faces read as the round letters
// (O, E) more often than the set has them (docs/pyramids-vision.md,
// "Letters: the set's counts").
func assignLetters(sqs []Square, player, house tileset.Set) {
	for _, col := range []pyramids.Colour{pyramids.Black, pyramids.Red, pyramids.Blue, pyramids.Green, pyramids.Yellow} {
		set := player
		if col == pyramids.Black {
			set = house
		}
		assignColour(sqs, col, set)
	}
}

// assignColour is assignLetters for the pyramids of one colour, set
// being that colour's set.
func assignColour(sqs []Square, col pyramids.Colour, set tileset.Set) {
	left := map[string]int{}
	for _, t := range set.Tiles {
		left[t.Letter] += t.Count
	}
	var open []int
	for i := range sqs {
		sq := &sqs[i]
		if sq.Colour != col || sq.overhung || !isLetter(sq.Letter) || sq.read.faces == 0 {
			continue
		}
		if sq.Sure {
			left[sq.Letter]--
			if left[sq.Letter] < 0 {
				return
			}
			continue
		}
		open = append(open, i)
	}
	if len(open) == 0 {
		return
	}
	// each piece of the set left is one slot
	var slots []string
	for _, t := range set.Tiles {
		for n := 0; n < left[t.Letter]; n++ {
			slots = append(slots, t.Letter)
		}
	}
	if len(open) > len(slots) {
		return
	}
	// nothing to do when the letters read fit the set already
	read := map[string]int{}
	fits := true
	for _, i := range open {
		read[sqs[i].Letter]++
		fits = fits && read[sqs[i].Letter] <= left[sqs[i].Letter]
	}
	if fits {
		return
	}
	cost := make([][]float64, len(open))
	probs := make([]map[string]float64, len(open))
	for r, i := range open {
		probs[r] = sqs[i].Letters()
		cost[r] = make([]float64, len(slots))
		for c, l := range slots {
			cost[r][c] = -math.Log(probs[r][l] + setLetterFloor)
		}
	}
	for r, c := range minCostAssignment(cost) {
		sq := &sqs[open[r]]
		if l := slots[c]; l != sq.Letter {
			sq.Letter, sq.Conf = l, probs[r][l]
		}
	}
}

// minCostAssignment gives each row of cost (n rows of m >= n columns)
// its own column so that the sum of the costs chosen is least: the
// Hungarian method with potentials, O(n*n*m). Row r gets column
// result[r].
func minCostAssignment(cost [][]float64) []int {
	n := len(cost)
	if n == 0 {
		return nil
	}
	m := len(cost[0])
	inf := math.Inf(1)
	// 1-based: column 0 and row 0 are the method's own
	u := make([]float64, n+1)
	v := make([]float64, m+1)
	p := make([]int, m+1) // p[j]: the row holding column j (0: none)
	way := make([]int, m+1)
	minv := make([]float64, m+1)
	used := make([]bool, m+1)
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		for j := range minv {
			minv[j], used[j] = inf, false
		}
		for {
			used[j0] = true
			i0, delta, j1 := p[j0], inf, 0
			for j := 1; j <= m; j++ {
				if used[j] {
					continue
				}
				if cur := cost[i0-1][j-1] - u[i0] - v[j]; cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= m; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	out := make([]int, n)
	for j := 1; j <= m; j++ {
		if p[j] > 0 {
			out[p[j]-1] = j - 1
		}
	}
	return out
}
