package vision

import "math"

// finerOn says whether the cut grid fine (fnx x fny squares) draws every
// line of the cut grid coarse (cnx x cny) in the picture, where the two
// overlap: coarse is then fine's grid of every second or third line (or
// fine itself), not another grid. Fine's squares cannot then be larger.
//
// Such a coarse grid is how a premium layout fools the count. Its lines
// are the strongest of the board's (the edges of coloured squares), so its
// score, the contrast of its weakest lines, beats the whole grid's, whose
// weakest lines are plain ones. A finer grid that is false (half a square
// off the board's lines) cannot pass this test and the score bar both: its
// extra lines lie on the squares' middles, where its score is negative.
//
// Each of coarse's lines is sampled at three points along it and taken
// into fine's squares; it must fall within a fifth of a square of one of
// fine's lines, for the lines inside fine's grid, and at least three
// lines of each direction must do so.
func finerOn(coarse, fine boardFit, cnx, cny, fnx, fny int) bool {
	inv := fine.H.Inverse()
	on := func(vertical bool) bool {
		n, m := cnx, cny
		if !vertical {
			n, m = cny, cnx
		}
		hits := 0
		for k := 0; k <= n; k++ {
			inside, onLine := 0, 0
			for _, t := range []float64{0.1, 0.5, 0.9} {
				p := Point{float64(k), t * float64(m)}
				if !vertical {
					p = Point{t * float64(m), float64(k)}
				}
				q := inv.Apply(coarse.H.Apply(p))
				u, lim := q.X, fnx
				if !vertical {
					u, lim = q.Y, fny
				}
				if u < -0.2 || u > float64(lim)+0.2 {
					continue
				}
				inside++
				if math.Abs(u-math.Round(u)) <= 0.2 {
					onLine++
				}
			}
			if inside == 0 {
				continue
			}
			if onLine < inside {
				return false
			}
			hits++
		}
		return hits >= 3
	}
	return on(true) && on(false)
}
