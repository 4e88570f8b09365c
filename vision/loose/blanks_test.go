package loose

import "testing"

// TestBlanksAmong: a plain square is a blank where its colour is the
// lettered tiles', or, lighter or darker than they are, where its hue
// is theirs; at most a set's two of the second kind; a square of the
// board's or a grey table's hue is none; one square two parts of a
// close-up both saw is one blank.
func TestBlanksAmong(t *testing.T) {
	tile := [3]float64{135, 68, 37}   // lettered tiles' wood (a close-up's median)
	board := [3]float64{142, 108, 76} // the board's empty squares
	sq := func(face [3]float64, x float64) plainSquare {
		return plainSquare{t: Tile{Center: Point{X: x}, Side: 50}, face: face}
	}
	tiles := make([]Tile, 6)
	for i := range tiles {
		tiles[i].face = tile
	}
	boards := []plainSquare{sq(board, 0), sq(board, 100), sq(board, 200), sq(board, 300)}
	cases := []struct {
		name  string
		extra []plainSquare
		want  int
	}{
		{"the tiles' colour", []plainSquare{sq([3]float64{138, 70, 38}, 1000)}, 1},
		{"lighter wood, the tiles' hue", []plainSquare{sq([3]float64{159, 89, 48}, 1000)}, 1},
		{"grey table, darker", []plainSquare{sq([3]float64{90, 85, 80}, 1000)}, 0},
		{"the board's hue, lighter", []plainSquare{sq([3]float64{170, 130, 91}, 1000)}, 0},
		{"three of the tiles' hue, lighter: two kept", []plainSquare{
			sq([3]float64{159, 89, 48}, 1000), sq([3]float64{160, 82, 44}, 1100), sq([3]float64{165, 95, 55}, 1200)}, 2},
		{"one square seen by two parts and another: both kept", []plainSquare{
			sq([3]float64{162, 86, 46}, 1000), sq([3]float64{162, 86, 46}, 1003), sq([3]float64{159, 89, 48}, 1200)}, 2},
		{"no board squares to tell by", nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plain := append(append([]plainSquare(nil), boards...), c.extra...)
			if c.extra == nil {
				plain = plain[:2]
			}
			// as the board route takes them: one square once
			got := dropBlankDoubles(blanksAmong(tiles, plain), nil)
			if len(got) != c.want {
				t.Fatalf("%d blanks, want %d", len(got), c.want)
			}
			for _, b := range got {
				if !b.Blank || b.Letter != "" || b.Conf >= 0.9 {
					t.Errorf("blank %+v: want an unsure blank", b)
				}
			}
		})
	}
}
