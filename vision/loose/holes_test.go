package loose

import "testing"

// TestHolesFill: one labelling of a mask's background, filled by two
// rules, fills the enclosed holes each rule picks and never the
// background that reaches the border; the mask itself is left as it was.
func TestHolesFill(t *testing.T) {
	const w, h = 40, 20
	mask := make([]byte, w*h)
	rect := func(x0, y0, x1, y1 int, v byte) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				mask[y*w+x] = v
			}
		}
	}
	rect(2, 2, 18, 18, 255)  // a tile
	rect(6, 6, 8, 8, 0)      // its small hole (2x2)
	rect(10, 5, 16, 15, 0)   // its large hole (6x10)
	rect(22, 0, 38, 14, 255) // a tile at the top border
	rect(26, 0, 30, 4, 0)    // a notch open to the border: no hole
	rect(32, 6, 35, 9, 0)    // an enclosed hole (3x3)
	orig := append([]byte(nil), mask...)
	at := func(m []byte, x, y int) bool { return m[y*w+x] != 0 }
	hs := findHoles(mask, w, h)
	for _, c := range []struct {
		name  string
		small func(area, bw, bh int) bool
		want  map[[2]int]bool // pixel -> light after filling
	}{
		{"every hole", func(area, bw, bh int) bool { return true },
			map[[2]int]bool{{6, 6}: true, {12, 10}: true, {27, 1}: false, {33, 7}: true, {39, 19}: false, {20, 10}: false}},
		{"small holes", func(area, bw, bh int) bool { return area < 10 },
			map[[2]int]bool{{6, 6}: true, {12, 10}: false, {27, 1}: false, {33, 7}: true}},
		{"narrow holes", func(area, bw, bh int) bool { return max(bw, bh) < 3 },
			map[[2]int]bool{{7, 7}: true, {12, 10}: false, {33, 7}: false}},
		{"none", func(area, bw, bh int) bool { return false },
			map[[2]int]bool{{6, 6}: false, {12, 10}: false, {33, 7}: false, {3, 3}: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := hs.fill(mask, c.small)
			for p, light := range c.want {
				if at(got, p[0], p[1]) != light {
					t.Errorf("pixel %v: light %v, want %v", p, !light, light)
				}
			}
			for i := range got {
				if orig[i] != 0 && got[i] == 0 {
					t.Fatalf("light pixel %d,%d went dark", i%w, i/w)
				}
			}
			for i := range mask {
				if mask[i] != orig[i] {
					t.Fatalf("the mask changed at %d,%d", i%w, i/w)
				}
			}
		})
	}
}
