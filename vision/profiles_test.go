package vision

import (
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

// profilesPerPixel is outlineProfilesHiding written pixel by pixel, each
// asked whether h hides it: the reference the row-span form must match
// exactly (the plain sums when nothing is hidden, the means otherwise).
func profilesPerPixel(wm gocv.Mat, q Quad, h hidden) (profiles, bool) {
	const R = rectSide
	m := 0.06 * R
	hq, err := FitHomography([]Point{{m, m}, {R - m, m}, {R - m, R - m}, {m, R - m}}, q[:])
	if err != nil {
		return profiles{}, false
	}
	rect := warpMat(wm, hq, R, R)
	in := R - 2*m
	x0, x1 := m+h.X0*in-m, m+h.X1*in+m
	y0, y1 := m+h.Y0*in-m, m+h.Y1*in+m
	var colSum, colN [R]int
	col := make([]float64, R)
	row := make([]float64, R)
	for y := 1; y < R-1; y++ {
		above, line, below := rect.Pix[(y-1)*R:y*R], rect.Pix[y*R:(y+1)*R], rect.Pix[(y+1)*R:(y+2)*R]
		rs, rn := 0, 0
		for x := 1; x < R-1; x++ {
			if !h.none() && float64(y) >= y0 && float64(y) <= y1 && float64(x) >= x0 && float64(x) <= x1 {
				continue
			}
			colSum[x] += absDiff(line[x+1], line[x-1])
			colN[x]++
			rs += absDiff(below[x], above[x])
			rn++
		}
		row[y] = float64(rs)
		if !h.none() && rn > 0 {
			row[y] /= float64(rn)
		}
	}
	for x := range col {
		col[x] = float64(colSum[x])
		if !h.none() && colN[x] > 0 {
			col[x] /= float64(colN[x])
		}
	}
	return profiles{hq: hq, col: smooth(col, 2), row: smooth(row, 2)}, true
}

func TestOutlineProfilesHiding(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	const W, H = 320, 240
	pix := make([]uint8, W*H)
	for i := range pix {
		pix[i] = uint8(rng.Intn(256))
	}
	src, err := gocv.NewMatFromBytes(H, W, gocv.MatTypeCV8UC1, pix)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	q := Quad{{40, 30}, {290, 45}, {280, 220}, {30, 200}}
	cases := []struct {
		name string
		h    hidden
	}{
		{"nothing hidden", hidden{}},
		{"a corner", hidden{X0: 0, X1: 0.5, Y0: 0, Y1: 0.5}},
		{"a side", hidden{X0: 0.7, X1: 1, Y0: 0, Y1: 1}},
		{"the middle", hidden{X0: 0.3, X1: 0.6, Y0: 0.25, Y1: 0.75}},
		{"past the outline", hidden{X0: -0.4, X1: 1.4, Y0: 0.9, Y1: 1.6}},
		{"wholly outside", hidden{X0: 1.2, X1: 1.5, Y0: 1.2, Y1: 1.5}},
		{"everything", hidden{X0: -1, X1: 2, Y0: -1, Y1: 2}},
		{"a line of no width", hidden{X0: 0.5, X1: 0.5, Y0: 0, Y1: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := outlineProfilesHiding(src, q, c.h)
			want, okw := profilesPerPixel(src, q, c.h)
			if ok != okw {
				t.Fatalf("ok %v, want %v", ok, okw)
			}
			for i := range want.col {
				if got.col[i] != want.col[i] || got.row[i] != want.row[i] {
					t.Fatalf("at %d: col %v row %v, want col %v row %v", i, got.col[i], got.row[i], want.col[i], want.row[i])
				}
			}
		})
	}
	// The hand's part changes the profiles: a test that compared the
	// function with itself would pass either way.
	plain, _ := outlineProfiles(src, q)
	hid, _ := outlineProfilesHiding(src, q, cases[1].h)
	same := true
	for i := range plain.col {
		if plain.col[i] != hid.col[i] {
			same = false
		}
	}
	if same {
		t.Error("hiding a corner left the column profile as it was")
	}
}
