package libjpeg

import "testing"

// TestOriented: a 3x2 picture of six distinct pixels, turned by each
// orientation as OpenCV turns it (flips, transposes, quarter turns).
func TestOriented(t *testing.T) {
	// The pixels are numbered 1..6 row by row:
	//   1 2 3
	//   4 5 6
	src := Picture{W: 3, H: 2}
	for i := 1; i <= 6; i++ {
		src.BGR = append(src.BGR, byte(i), byte(10*i), byte(100+i))
	}
	tests := []struct {
		o    int
		w, h int
		want []byte // the numbers row by row
	}{
		{0, 3, 2, []byte{1, 2, 3, 4, 5, 6}},
		{1, 3, 2, []byte{1, 2, 3, 4, 5, 6}},
		{2, 3, 2, []byte{3, 2, 1, 6, 5, 4}},
		{3, 3, 2, []byte{6, 5, 4, 3, 2, 1}},
		{4, 3, 2, []byte{4, 5, 6, 1, 2, 3}},
		{5, 2, 3, []byte{1, 4, 2, 5, 3, 6}},
		{6, 2, 3, []byte{4, 1, 5, 2, 6, 3}},
		{7, 2, 3, []byte{6, 3, 5, 2, 4, 1}},
		{8, 2, 3, []byte{3, 6, 2, 5, 1, 4}},
		{42, 3, 2, []byte{1, 2, 3, 4, 5, 6}},
	}
	for _, tc := range tests {
		t.Run(string(rune('0'+tc.o%10)), func(t *testing.T) {
			p := src
			p.Orientation = tc.o
			q := p.Oriented()
			if q.W != tc.w || q.H != tc.h {
				t.Fatalf("%dx%d, want %dx%d", q.W, q.H, tc.w, tc.h)
			}
			for i, n := range tc.want {
				px := q.BGR[3*i : 3*i+3]
				if px[0] != n || px[1] != 10*n || px[2] != 100+n {
					t.Fatalf("pixel %d is %v, want number %d", i, px, n)
				}
			}
		})
	}
}
