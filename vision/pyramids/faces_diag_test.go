package pyramids

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestFacesDiag (opt-in: PYR_FACES_DIRS, comma-separated render-set
// directories) prints, for every pyramid read in its right colour, each
// face's weight, its likeliest letter and the truth's probability on it.
func TestFacesDiag(t *testing.T) {
	rd := reader(t)
	for sc := range diagScenes(t, "PYR_FACES_DIRS") {
		r, err := Scan(sc.img, Options{Reader: rd, FaceModel: true})
		if err != nil {
			continue
		}
		for _, tc := range sc.truth.Cells {
			if tc.Occluded || tc.Height == 0 {
				continue
			}
			sq := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col})
			want, _ := pyramids.ParseColour(tc.Colour)
			if sq.Colour != want {
				continue
			}
			lr := sq.read
			var b strings.Builder
			for i := 0; i < 4; i++ {
				if lr.faceP[i] == nil {
					continue
				}
				type lp struct {
					l string
					p float64
				}
				var ls []lp
				for l, p := range lr.faceP[i] {
					ls = append(ls, lp{l, p})
				}
				sort.Slice(ls, func(a, b int) bool { return ls[a].p > ls[b].p })
				fmt.Fprintf(&b, " f%d w %.3f", i, lr.faceW[i])
				for _, x := range ls {
					if x.p >= 0.01 {
						fmt.Fprintf(&b, " %s:%.3f", x.l, x.p)
					}
				}
				b.WriteString(";")
			}
			fmt.Fprintf(os.Stdout, "F %s r%d c%d want %s got %s read %s right %v k %d hwant %d conf %.3f second %.3f sure %v |%s\n", sc.path, tc.Row, tc.Col, tc.Letter, sq.Letter, lr.letter, strings.EqualFold(tc.Letter, sq.Letter), lr.k, tc.Height, lr.conf, lr.second, sq.Sure, b.String())
		}
	}
}
