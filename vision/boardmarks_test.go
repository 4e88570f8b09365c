package vision

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// marksBoard draws a plain 10x10 board seen straight down: 40-pixel dark
// squares from (80, 80), the centre four printed light with a red diamond
// unless listed in covered (a cream tile there), and cream tiles on tiles.
func marksBoard(covered, tiles [][2]int) (*image.RGBA, Homography) {
	const sq, off = 40.0, 80.0
	img := image.NewRGBA(image.Rect(0, 0, 560, 560))
	table := color.RGBA{170, 170, 180, 255}
	board := color.RGBA{60, 48, 40, 255}
	light := color.RGBA{190, 180, 160, 255}
	red := color.RGBA{190, 35, 35, 255}
	cream := color.RGBA{225, 210, 180, 255}
	is := func(list [][2]int, r, c int) bool {
		for _, p := range list {
			if p[0] == r && p[1] == c {
				return true
			}
		}
		return false
	}
	for y := 0; y < 560; y++ {
		for x := 0; x < 560; x++ {
			bx, by := (float64(x)-off)/sq, (float64(y)-off)/sq
			col := table
			if bx >= -0.5 && by >= -0.5 && bx < 10.5 && by < 10.5 {
				col = board
			}
			if bx >= 0 && by >= 0 && bx < 10 && by < 10 {
				c, r := int(bx), int(by)
				fx, fy := bx-float64(c), by-float64(r)
				switch {
				case fx < 0.06 || fy < 0.06:
					col = color.RGBA{90, 75, 62, 255} // the walls
				case is(tiles, r, c) || (r == 4 || r == 5) && (c == 4 || c == 5) && is(covered, r, c):
					col = cream
				case (r == 4 || r == 5) && (c == 4 || c == 5):
					col = light
					if math.Abs(fx-0.5)+math.Abs(fy-0.5) < 0.3 {
						col = red
					}
				}
			}
			img.SetRGBA(x, y, col)
		}
	}
	return img, Homography{sq, 0, off, 0, sq, off, 0, 0, 1}
}

func TestFixByMarks(t *testing.T) {
	word := [][2]int{{5, 3}, {5, 4}, {5, 5}, {5, 6}} // a word across the centre
	tests := []struct {
		name           string
		covered, tiles [][2]int
		shift          Point // the fit given is off by this
		want           Point // the shift expected back (the truth: 0)
		n              int
	}{
		{name: "right", shift: Point{0, 0}, want: Point{0, 0}, n: 10},
		{name: "one row low", shift: Point{0, 1}, want: Point{0, 0}, n: 10},
		{name: "one column left", shift: Point{-1, 0}, want: Point{0, 0}, n: 10},
		{name: "one square diagonally", shift: Point{1, -1}, want: Point{0, 0}, n: 10},
		{name: "word over the lower marks, a row high", covered: word, tiles: word, shift: Point{0, -1}, want: Point{0, 0}, n: 10},
		{name: "word over the lower marks, a row low", covered: word, tiles: word, shift: Point{0, 1}, want: Point{0, 0}, n: 10},
		{name: "all marks covered: left alone", covered: [][2]int{{4, 4}, {4, 5}, {5, 4}, {5, 5}}, shift: Point{0, 1}, want: Point{0, 1}, n: 10},
		{name: "odd size: left alone", shift: Point{0, 1}, want: Point{0, 1}, n: 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img, h := marksBoard(tc.covered, tc.tiles)
			given := h.Mul(Homography{1, 0, tc.shift.X, 0, 1, tc.shift.Y, 0, 0, 1})
			got, _ := fixByMarks(img, given, tc.n)
			// where board square (0,0) of the returned fit lies, in squares
			// of the truth
			p := got.Apply(Point{0, 0})
			d := Point{(p.X - 80) / 40, (p.Y - 80) / 40}
			if math.Abs(d.X-tc.want.X) > 1e-6 || math.Abs(d.Y-tc.want.Y) > 1e-6 {
				t.Errorf("fit off by %v squares, want %v", d, tc.want)
			}
		})
	}
}
