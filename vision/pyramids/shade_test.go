package pyramids

import "testing"

func TestFlatLight(t *testing.T) {
	tests := []struct {
		name  string
		faces [4]float64
		want  bool
	}{
		{"an empty square in a hand's shadow (115055/0019 (2,6))", [4]float64{0.240, 0.238, 0.224, 0.242}, true},
		{"an empty square at a shadow's edge (115055/0019 (5,6))", [4]float64{0.284, 0.364, 0.349, 0.292}, true},
		{"a black pyramid in a low light, one face lit", [4]float64{0.392, 0.176, 0.129, 0.296}, false},
		{"a black pyramid in a packed house, faces 1.46 apart", [4]float64{0.29, 0.363, 0.248, 0.297}, false},
		{"a face not seen", [4]float64{0.24, 0.24, 0, 0.24}, false},
		{"at the bar", [4]float64{0.2, 0.2, 0.2, 0.2 * flatFaces}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := flatLight(tt.faces); got != tt.want {
				t.Errorf("flatLight(%v) = %v, want %v", tt.faces, got, tt.want)
			}
		})
	}
}

func TestShadeAlong(t *testing.T) {
	// the black pyramids of pd-hard-115501/0003: faces 2 and 3 lit
	refs := [][4]float64{
		{0.094, 0.108, 0.299, 0.237},
		{0.074, 0.098, 0.206, 0.190},
		{0.083, 0.104, 0.236, 0.269},
		{0.223, 0.226, 0.482, 0.569},
	}
	var norm [][4]float64
	for _, r := range refs {
		n, ok := normFaces(r)
		if !ok {
			t.Fatalf("normFaces(%v): a face not seen", r)
		}
		norm = append(norm, n)
	}
	pattern, ok := shadePattern(norm)
	if !ok {
		t.Fatalf("shadePattern(%v): no pattern", norm)
	}
	tests := []struct {
		name     string
		faces    [4]float64
		lo, hi   float64
		notAgree bool
	}{
		{"a black pyramid as lit as the others", [4]float64{0.203, 0.276, 0.554, 0.587}, 0.8, 1.5, false},
		{"an empty square in a hand's shadow, the shaded face lit (0003 (4,2))", [4]float64{0.264, 0.321, 0.221, 0.238}, -1, 0, true},
		{"flat", [4]float64{0.3, 0.3, 0.3, 0.3}, -0.01, 0.01, true},
		{"a face not seen", [4]float64{0.3, 0, 0.3, 0.3}, 1, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := shadeAlong(tt.faces, pattern)
			if got < tt.lo || got > tt.hi {
				t.Errorf("shadeAlong(%v, %v) = %.2f, want %.2f-%.2f", tt.faces, pattern, got, tt.lo, tt.hi)
			}
			if (got < shadeAgree) != tt.notAgree {
				t.Errorf("shadeAlong(%v) = %.2f: under shadeAgree %v, want %v", tt.faces, got, got < shadeAgree, tt.notAgree)
			}
		})
	}
}

func TestShadePattern(t *testing.T) {
	tests := []struct {
		name string
		refs [][4]float64
		ok   bool
	}{
		{"too few", [][4]float64{{0.5, 0.5, 1.5, 1.5}, {0.5, 0.5, 1.5, 1.5}}, false},
		{"an even light", [][4]float64{{1, 1, 1.02, 0.98}, {0.99, 1, 1.01, 1}, {1, 1, 1, 1}}, false},
		{"a low light", [][4]float64{{0.5, 0.5, 1.5, 1.5}, {0.6, 0.4, 1.4, 1.6}, {0.5, 0.6, 1.5, 1.4}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := shadePattern(tt.refs); ok != tt.ok {
				t.Errorf("shadePattern(%v) ok = %v, want %v", tt.refs, ok, tt.ok)
			}
		})
	}
}
