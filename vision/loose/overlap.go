package loose

import "sort"

// A tile lies beside its neighbours, never on them: where a quad the
// verifier doubts lies mostly over the quads of tiles read surer, it is
// a second quad over a tile already found (a watershed piece beside a
// tile's own outline, a square round part of a letter, a quad the other
// look found a little off), not a tile of its own. dropDoubles leaves
// such a quad where its centre lies 0.7 of a side or more from the
// tile's: a larger or smaller quad over part of the tile. On the tuning
// sets (valid through tilt 111102 and 111402, crop 111103 and 111403)
// they were most of the false tiles left.

// overDoubleShare is the share of a doubted tile's quad that surer
// tiles' quads must cover for overDoubles to drop it: touching tiles'
// quads overlap by a few pixels along a side (on the tuning sets well
// under 0.3 of a tile for 1,500 tiles read right but 6).
const overDoubleShare = 0.3

// overDoubleConf: a tile read at this confidence or surer is not
// dropped by overDoubles however its quad is covered (a tile the
// verifier holds likely read right is a tile).
const overDoubleConf = 0.8

// overDoubles drops from a Lexicon table's tiles each tile read under
// overDoubleConf whose quad the quads of the tiles read surer than it
// (and kept) cover for overDoubleShare or more: a second quad over a
// tile found already. Tiles are judged from the surest down, so of two
// doubted quads over each other the surer stays. Blanks and unread
// tiles are left.
func overDoubles(tiles []Tile) []Tile {
	order := make([]int, len(tiles))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return tiles[order[a]].Conf > tiles[order[b]].Conf })
	drop := make([]bool, len(tiles))
	for k, i := range order {
		t := tiles[i]
		if t.Conf < overDoubleConf && !t.Blank && t.Letter != "" && t.Letter != "?" {
			// Only the tiles read strictly surer cover it.
			var over []Tile
			for _, j := range order[:k] {
				if !drop[j] && tiles[j].Conf > t.Conf {
					over = append(over, tiles[j])
				}
			}
			if len(over) > 0 && coveredShare(t.Corners, over) >= overDoubleShare {
				debugf("over doubles: %q %.2f at (%.0f, %.0f) lies over surer tiles", t.Letter, t.Conf, t.Center.X, t.Center.Y)
				drop[i] = true
			}
		}
	}
	out := tiles[:0]
	for i, t := range tiles {
		if !drop[i] {
			out = append(out, t)
		}
	}
	return out
}

// noOverDoubles turns overDoubles off (tests: main's reading).
var noOverDoubles bool
