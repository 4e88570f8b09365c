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
