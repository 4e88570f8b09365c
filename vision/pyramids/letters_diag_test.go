package pyramids

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision/render"
)

// TestLetterDiag (opt-in: PYR_LETTER_DIRS, comma-separated render-set
// directories; PYR_LETTER_OUT, the file the lines go to, else stdout)
// prints one line for every pyramid read in its right colour, its
// letter right or wrong, with what the causes of a wrong letter are
// sorted by (docs/pyramids-vision.md, "each face read from several
// views"): the scene's blur at a 50 px square, glare, exposure, noise,
// JPEG quality, the camera's tilt, the typeface, the square's size in
// the picture, the faces read and seen well, whether they disagree,
// the count read, and whether the letter read is a neighbour's.
func TestLetterDiag(t *testing.T) {
	out := os.Stdout
	if p := os.Getenv("PYR_LETTER_OUT"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		out = f
	}
	rd := reader(t)
	for sc := range diagScenes(t, "PYR_LETTER_DIRS") {
		tr, c := sc.truth, sc.truth.Conditions
		r, err := Scan(sc.img, Options{Reader: rd, FaceModel: true})
		if err != nil {
			fmt.Fprintf(out, "SCENE %s err %v\n", sc.path, err)
			continue
		}
		k := tr.Board.Corners
		side := math.Hypot(k[1][0]-k[0][0], k[1][1]-k[0][1]) / pyramids.Size
		cornerErr := 0.0
		for i := 0; i < 4; i++ {
			cornerErr = math.Max(cornerErr, math.Hypot(r.Corners[i].X-k[i][0], r.Corners[i].Y-k[i][1]))
		}
		if cornerErr >= 0.2*side {
			fmt.Fprintf(out, "SCENE %s misplaced\n", sc.path)
			continue
		}
		tf := render.TypefaceOf(render.Options{Seed: tr.Seed}).Name
		blur := math.Hypot(c.Blur, c.MotionPx/2) * 50 / side
		set := "classic"
		if c.Pyramids != nil {
			set = "varied"
		}
		truthAt := map[[2]int]render.Cell{}
		for _, tc := range tr.Cells {
			truthAt[[2]int{tc.Row, tc.Col}] = tc
		}
		for _, tc := range tr.Cells {
			if tc.Occluded || tc.Height == 0 {
				continue
			}
			sq := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col})
			want, _ := pyramids.ParseColour(tc.Colour)
			if sq.Colour != want {
				continue
			}
			// the letter read is a neighbour's (8 around) that stands as
			// high or higher
			nb := false
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					n, ok := truthAt[[2]int{tc.Row + dr, tc.Col + dc}]
					if (dr != 0 || dc != 0) && ok && n.Height >= tc.Height && strings.EqualFold(n.Letter, sq.Letter) && !strings.EqualFold(tc.Letter, sq.Letter) {
						nb = true
					}
				}
			}
			sqPx := 0.0
			for i := 0; i < 4; i++ {
				a, b := tc.Corners[i], tc.Corners[(i+1)%4]
				sqPx += math.Hypot(b[0]-a[0], b[1]-a[1]) / 4
			}
			lr := sq.read
			wsum := 0.0
			for _, w := range lr.faceW {
				wsum += w
			}
			fmt.Fprintf(out, "P %s r%d c%d col %v want %s got %s right %v hwant %d hgot %d conf %.3f second %.3f faces %d strong %d agree %d differ %d rank %d sure %v blur50 %.2f glare %.2f exposure %.2f ambient %.2f noise %.1f jpeg %d tilt %.1f sqpx %.1f tf %s set %s overhung %v nbletter %v hand %v wsum %.2f\n",
				sc.path, tc.Row, tc.Col, want, tc.Letter, sq.Letter, strings.EqualFold(sq.Letter, tc.Letter), tc.Height, sq.Height,
				lr.conf, lr.second, lr.faces, lr.strong, lr.agree, lr.differ, truthRank(sq.Letters(), tc.Letter), sq.Sure,
				blur, c.Glare, c.Exposure, c.Ambient, c.Noise, c.Quality, tr.Camera.TiltDeg, sqPx, tf, set, sq.Overhung(), nb, c.Hand, wsum)
		}
	}
}
