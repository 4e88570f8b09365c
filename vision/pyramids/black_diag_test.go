package pyramids

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestBlackDiag (opt-in: PYR_BLACK_DIRS, comma-separated render-set
// directories) prints every house square with its truth, the colour
// read, its colour sureness (the colour bars, the hand aside), its light
// against the board's around it (ringLight, and by side) and each of a
// one-high pyramid's faces' median light: the figures dimBlack's bars
// were read off ("Black house pyramids read empty in the board's own
// light"), and those a shadow read black is told from black plastic by
// (pyrcolour's shadeBlack, tried and not kept).
func TestBlackDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_BLACK_DIRS") {
		r, err := Scan(sc.img, Options{})
		if err != nil {
			continue
		}
		l, err := locate(sc.img, Options{})
		if err != nil {
			continue
		}
		f := l.f
		for _, tc := range sc.truth.Cells {
			p := pyramids.Pos{Row: tc.Row, Col: tc.Col}
			if !pyramids.InHouse(p) {
				continue
			}
			sq := r.Square(p)
			want, _ := pyramids.ParseColour(tc.Colour)
			if tc.Height == 0 {
				want = pyramids.NoColour
			}
			ring, n := f.ringLight(tc.Row, tc.Col)
			lk := sq.look
			fmt.Printf("HOUSE %s r%d c%d want %v got %v occ %v hid %.2f conf %.2f value %.2f dark %.2f tinted %.2f ring %.2f n %d ratio %.2f hi %.2f washed %v low %v cleared %v csure %v bars %v unplaced %v hidden %v sides %.2f faces %.3f\n",
				sc.path, tc.Row, tc.Col, want, sq.Colour, tc.Occluded, tc.Hidden, sq.ColourConf, lk.value, lk.dark, lk.tinted, ring, n, lk.value/max(ring, 0.01), lk.hi, lk.washed, sq.lowLook, sq.cleared, sq.ColourSure, colourBars(sq), r.Unplaced, r.SideHidden, f.ringSides(tc.Row, tc.Col), f.faceLights(tc.Row, tc.Col))
		}
	}
}

// TestBlackDiagImgs (opt-in: PYR_BLACK_IMGS, comma-separated photos
// with no truth) prints every house square read empty with its light
// against the board's around it.
func TestBlackDiagImgs(t *testing.T) {
	paths := os.Getenv("PYR_BLACK_IMGS")
	if paths == "" {
		t.Skip("PYR_BLACK_IMGS not set")
	}
	for _, path := range strings.Split(paths, ",") {
		img, err := loadImage(path)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Scan(img, Options{})
		if err != nil {
			continue
		}
		l, err := locate(img, Options{})
		if err != nil {
			continue
		}
		for _, sq := range r.Squares {
			if !pyramids.InHouse(sq.Pos) || (sq.Colour != pyramids.NoColour && !sq.look.washed) {
				continue
			}
			ring, n := l.f.ringLight(sq.Pos.Row, sq.Pos.Col)
			fmt.Printf("IMG %s r%d c%d value %.2f dark %.2f ring %.2f n %d ratio %.2f hi %.2f sides %.2f\n", path, sq.Pos.Row, sq.Pos.Col, sq.look.value, sq.look.dark, ring, n, sq.look.value/max(ring, 0.01), sq.look.hi, l.f.ringSides(sq.Pos.Row, sq.Pos.Col))
		}
	}
}

// ringSides is ringLight by side (north, east, south, west): each side's
// upper quartile (-1: too few samples).
func (f *frame) ringSides(r, c int) [4]float64 {
	var out [4]float64
	for side := 0; side < 4; side++ {
		var vals []float64
		for i := 0; i <= 16; i++ {
			t := float64(i) / 16
			var x, y float64
			switch side {
			case 0:
				x, y = float64(c)+t, float64(r)
			case 1:
				x, y = float64(c)+1, float64(r)+t
			case 2:
				x, y = float64(c)+t, float64(r)+1
			default:
				x, y = float64(c), float64(r)+t
			}
			pt := f.project([3]float64{x, y, 0})
			col, ok := f.p.at(pt.X, pt.Y)
			if !ok || saturation(col, f.white) >= tintedSat {
				continue
			}
			vals = append(vals, max(col[0]/f.white[0], col[1]/f.white[1], col[2]/f.white[2]))
		}
		if len(vals) < 4 {
			out[side] = -1
			continue
		}
		slices.Sort(vals)
		out[side] = vals[len(vals)*3/4]
	}
	return out
}
