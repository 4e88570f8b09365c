package pyramids

import (
	"fmt"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestSquareDiag (opt-in: PYR_SQ_LIST, a file of lines "PATH ROW COL")
// prints the colour evidence of each square listed: its first look
// (raw), the look kept, the lower and fainter looks', and clearBehind's
// figures (the stacks leaning over it, its floor and the aside look).
func TestSquareDiag(t *testing.T) {
	for _, it := range listedSquares(t, "PYR_SQ_LIST") {
		path, row, col := it.path, it.row, it.col
		ds := loadDiagScene(t, path)
		r, err := Scan(ds.img, Options{})
		if err != nil {
			fmt.Println("ERR", path, err)
			continue
		}
		sq := r.Square(pyramids.Pos{Row: row, Col: col})
		var raw cellLook
		if l, err := locate(ds.img, Options{}); err == nil {
			raw = l.looks[row*pyramids.Size+col]
		}
		lk := sq.look
		fmt.Printf("SQ %s r%d c%d got %v conf %.2f h %d | look %v %.2f val %.2f hi %.2f dark %.2f tint %.2f faint %v %.2f hues %v washed %v | raw %v %.2f hues %v | low %v cleared %v leant %.2f floor %.2f/%d reach %.2f aside %v %.2f/%d asideDoubt %v overhung %v lean %.2f csure %v\n",
			path, row, col, sq.Colour, sq.ColourConf, sq.Height, lk.colour, lk.conf, lk.value, lk.hi, lk.dark, lk.tinted, lk.faint, lk.faintShare, lk.hues, lk.washed,
			raw.colour, raw.conf, raw.hues, sq.lowLook, sq.cleared, sq.leant, sq.floorLight, sq.floorSeen, sq.reach, sq.aside.colour, sq.aside.conf, sq.asideSeen, sq.asideDoubt, sq.overhung, sq.lean, sq.ColourSure)
	}
}
