package vision

import "testing"

func TestShrinkArea(t *testing.T) {
	tests := []struct {
		name string
		in   Plane
		w, h int
		want []uint8
	}{
		{"halves", Plane{W: 4, H: 2, Pix: []uint8{0, 2, 4, 6, 2, 4, 6, 8}}, 2, 1, []uint8{2, 6}},
		{"a half rounds up", Plane{W: 2, H: 1, Pix: []uint8{0, 1}}, 1, 1, []uint8{1}},
		{"fractional shares", Plane{W: 3, H: 1, Pix: []uint8{0, 90, 180}}, 2, 1, []uint8{30, 150}},
		{"unchanged", Plane{W: 2, H: 1, Pix: []uint8{7, 9}}, 2, 1, []uint8{7, 9}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := shrinkArea(tc.in, tc.w, tc.h)
			if got.W != tc.w || got.H != tc.h || string(got.Pix) != string(tc.want) {
				t.Errorf("got %dx%d %v, want %dx%d %v", got.W, got.H, got.Pix, tc.w, tc.h, tc.want)
			}
		})
	}
}
