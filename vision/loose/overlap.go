package loose

// A tile lies beside its neighbours, never on them: where a quad the
// verifier doubts lies mostly over the quads of tiles shown sure, it is
// a second quad over a tile already found (a watershed piece beside a
// tile's own outline, a square round part of a letter, a quad the other
// look found a little off), not a tile of its own. dropDoubles leaves
// such a quad where its centre lies 0.7 of a side or more from the
// tile's: a larger or smaller quad over part of the tile. On the tuning
// sets (valid through tilt 111102 and 111402, crop 111103 and 111403)
// they were most of the false tiles left.

// overDoubleShare is the share of a doubted tile's quad that sure
// tiles' quads must cover for overDoubles to drop it: most of it.
// Touching tiles' quads overlap by a few pixels along a side; a tile
// whose sure neighbour's quad runs a third over it (a quad too large,
// a tile cut by the frame) is still a tile of its own (at 0.3, two
// tiles read right were dropped on the first held-out round, now
// tuning).
const overDoubleShare = 0.5

// overDoubleConf: a tile read at this confidence or surer is not
// dropped by overDoubles however its quad is covered (a tile the
// verifier holds likely read right is a tile).
const overDoubleConf = 0.8

// overDoubles drops from a Lexicon table's tiles each tile read under
// overDoubleConf whose quad the quads of the tiles shown sure (SureConf)
// cover for overDoubleShare or more: a second quad over a tile found
// already. Only sure tiles cover: of two doubted quads over each other
// either may be the tile (a quad cut by the frame read 0.85 over the
// tile's own read 0.7), and both stay. Blanks and unread tiles stay.
func overDoubles(tiles []Tile) []Tile {
	var sure []Tile
	for _, t := range tiles {
		if t.Conf >= SureConf {
			sure = append(sure, t)
		}
	}
	if len(sure) == 0 {
		return tiles
	}
	out := tiles[:0]
	for _, t := range tiles {
		if t.Conf < overDoubleConf && !t.Blank && t.Letter != "" && t.Letter != "?" && coveredShare(t.Corners, sure) >= overDoubleShare {
			debugf("over doubles: %q %.2f at (%.0f, %.0f) lies over sure tiles", t.Letter, t.Conf, t.Center.X, t.Center.Y)
			continue
		}
		out = append(out, t)
	}
	return out
}
