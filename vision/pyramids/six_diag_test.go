package pyramids

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestSixDiag (opt-in: PYR_SIX_DIRS, comma-separated render-set
// directories) prints every pyramid on a player's space: the truth (the
// top's colour and letter, the count, the layer under the top from the
// scene's state file), the reading (colour, letter, count, the count
// its letter was read at, sure marks) and the colour over the top
// pyramid's faces at the counts 4 to 7 (lookAt): the figures a stack
// six high read five high was traced by ("A stack six high" in
// docs/pyramids-vision.md).
func TestSixDiag(t *testing.T) {
	rd := reader(t)
	seats := pyramids.DefaultSetup().Seats
	for sc := range diagScenes(t, "PYR_SIX_DIRS") {
		opt := Options{Reader: rd, FaceModel: true}
		r, err := Scan(sc.img, opt)
		if err != nil {
			continue
		}
		l, err := locate(sc.img, opt)
		if err != nil {
			t.Fatal(err)
		}
		under := stateUnder(t, strings.TrimSuffix(sc.path, ".jpg")+".txt")
		for _, tc := range sc.truth.Cells {
			p := pyramids.Pos{Row: tc.Row, Col: tc.Col}
			side, ok := pyramids.SpaceSide(p)
			if !ok || tc.Occluded || tc.Height == 0 {
				continue
			}
			sq := r.Square(p)
			want, _ := pyramids.ParseColour(tc.Colour)
			var looks []string
			for k := 4; k <= 7; k++ {
				lk := l.f.lookAt(p.Row, p.Col, k)
				looks = append(looks, fmt.Sprintf("k%d %v %.2f seat %.2f", k, lk.colour, lk.conf, lk.hues[seats[side]]))
			}
			fmt.Printf("SIX %s r%d c%d seat %v want %v%s h%d under %s got %v%s h%d readk %d conf %.2f colourconf %.2f topTaken %v colourSure %v sure %v look1 %v %.2f | %s\n",
				sc.path, tc.Row, tc.Col, seats[side], want, tc.Letter, tc.Height, under[p], sq.Colour, sq.Letter, sq.Height, sq.read.k, sq.Conf,
				sq.ColourConf, sq.topTaken, sq.ColourSure, sq.Sure, sq.look.colour, sq.look.conf, strings.Join(looks, "; "))
		}
	}
}

// stateUnder reads a scene's state file (render-set's NNNN.txt: ten
// rows of ten stacks, top first, "cL/cL/..." or ".") and returns the
// layer under each stack's top ("-" on a stack of one).
func stateUnder(t *testing.T, path string) map[pyramids.Pos]string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the scene's state %s: %v", path, err)
	}
	out := map[pyramids.Pos]string{}
	row := 0
	for _, line := range strings.Split(string(b), "\n") {
		fs := strings.Fields(line)
		if len(fs) != pyramids.Size {
			continue
		}
		for col, f := range fs {
			ls := strings.Split(f, "/")
			if len(ls) > 1 {
				out[pyramids.Pos{Row: row, Col: col}] = ls[1]
			} else {
				out[pyramids.Pos{Row: row, Col: col}] = "-"
			}
		}
		row++
	}
	return out
}
