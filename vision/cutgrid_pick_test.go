package vision

import "testing"

// TestFinerOn: a grid of every third line is taken as the whole grid's,
// in a tilted view too; a grid half a square off, or of another pitch,
// is not.
func TestFinerOn(t *testing.T) {
	// The whole grid: 12 x 10 squares of 40 px, seen tilted.
	tilt := Homography{1, 0.05, 0, 0.02, 1, 0, 0.0004, 0.0002, 1}
	whole := boardFit{H: tilt.Mul(Homography{40, 0, 100, 0, 40, 80, 0, 0, 1})}
	scaled := func(sx, sy, ox, oy float64) boardFit {
		return boardFit{H: whole.H.Mul(Homography{sx, 0, ox, 0, sy, oy, 0, 0, 1})}
	}
	for _, tc := range []struct {
		name               string
		coarse             boardFit
		cnx, cny, fnx, fny int
		want               bool
	}{
		{"the same grid", whole, 12, 10, 12, 10, true},
		{"every third column", scaled(3, 1, 0, 0), 4, 10, 12, 10, true},
		{"every second column and row, from the second", scaled(2, 2, 1, 1), 5, 4, 12, 10, true},
		{"every third column, wider than the fine grid", scaled(3, 1, -3, 0), 5, 10, 12, 10, true},
		{"half a square off", scaled(1, 1, 0.5, 0), 12, 10, 12, 10, false},
		{"a pitch of one and a half", scaled(1.5, 1, 0, 0), 8, 10, 12, 10, false},
		{"rows a third of a square off", scaled(3, 1, 0, 0.33), 4, 10, 12, 10, false},
		{"overlapping on two lines only", scaled(3, 1, 30, 0), 4, 10, 12, 10, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := finerOn(tc.coarse, whole, tc.cnx, tc.cny, tc.fnx, tc.fny); got != tc.want {
				t.Errorf("finerOn = %v, want %v", got, tc.want)
			}
		})
	}
}
