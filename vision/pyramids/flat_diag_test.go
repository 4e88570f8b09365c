package pyramids

import (
	"fmt"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestTraceSure (opt-in: PYR_TRACE_LIST, a file of lines "PATH ROW
// COL") prints what a square was read as, with the faces' model, its
// sureness, its colour evidence, the board's light around it
// (ringLight) and a one-high pyramid's faces' lights (faceLights): why
// a square is shown sure.
func TestTraceSure(t *testing.T) {
	items := listedSquares(t, "PYR_TRACE_LIST")
	rd := reader(t)
	for _, it := range items {
		path, row, col := it.path, it.row, it.col
		ds := loadDiagScene(t, path)
		r, err := Scan(ds.img, Options{Reader: rd, FaceModel: true})
		if err != nil {
			fmt.Println("ERR", path, err)
			continue
		}
		l, err := locate(ds.img, Options{FaceModel: true})
		if err != nil {
			continue
		}
		f := l.f
		sq := r.Square(pyramids.Pos{Row: row, Col: col})
		ring, n := f.ringLight(row, col)
		lk := sq.look
		lr := sq.read
		fmt.Printf("SQ %s r%d c%d got %v %s conf %.2f h %d sure %v csure %v | look %v %.2f val %.2f hi %.2f dark %.2f tint %.2f hues %v | ring %.2f n %d faces %.3f | read %+v near %.2f lean %.2f leant %.2f\n",
			path, row, col, sq.Colour, sq.Letter, sq.ColourConf, sq.Height, sq.Sure, sq.ColourSure, lk.colour, lk.conf, lk.value, lk.hi, lk.dark, lk.tinted, lk.hues, ring, n, f.faceLights(row, col), lr, sq.near, sq.lean, sq.leant)
	}
}

// TestTraceFaces (opt-in: PYR_TRACE_DIRS, comma-separated render-set
// directories) prints every square read as a pyramid and colour-sure
// with its truth, its count, its faces' spread (the lightest face over
// the darkest, faceLights) and how far they show the light and shade of
// the picture's colour-sure pyramids (shadeAlong; -9 where too few give
// a pattern): the figures flatShades' bar for a player's colour one high
// was checked on (docs/pyramids-vision.md, "A player's pyramid read on a
// flat square").
func TestTraceFaces(t *testing.T) {
	for sc := range diagScenes(t, "PYR_TRACE_DIRS") {
		r, err := Scan(sc.img, Options{FaceModel: true})
		if err != nil {
			continue
		}
		l, err := locate(sc.img, Options{FaceModel: true})
		if err != nil {
			continue
		}
		f := l.f
		truth := map[pyramids.Pos]string{}
		for _, tc := range sc.truth.Cells {
			w := tc.Colour
			if tc.Height == 0 {
				w = "none"
			}
			truth[pyramids.Pos{Row: tc.Row, Col: tc.Col}] = w
		}
		var refs [][4]float64
		for _, sq := range r.Squares {
			if sq.Colour == pyramids.NoColour || !sq.ColourSure {
				continue
			}
			if n, ok := normFaces(f.faceLights(sq.Pos.Row, sq.Pos.Col)); ok {
				refs = append(refs, n)
			}
		}
		pat, ok := shadePattern(refs)
		for _, sq := range r.Squares {
			if sq.Colour == pyramids.NoColour || !sq.ColourSure {
				continue
			}
			faces := f.faceLights(sq.Pos.Row, sq.Pos.Col)
			lo, hi := faces[0], faces[0]
			for _, v := range faces[1:] {
				lo, hi = min(lo, v), max(hi, v)
			}
			al := -9.0
			if ok {
				al = shadeAlong(faces, pat)
			}
			w := truth[sq.Pos]
			fmt.Printf("F %s r%d c%d want %s got %v h%d spread %.3f along %.2f refs %d patok %v\n", sc.path, sq.Pos.Row, sq.Pos.Col, w, sq.Colour, sq.Height, hi/max(lo, 1e-3), al, len(refs), ok)
		}
	}
}
