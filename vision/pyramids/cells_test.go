package pyramids

import "testing"

// shadowHue tells a coloured pyramid in shadow from a black one by the
// hue and chroma of its dark samples' mean, not by their lightness.
func TestShadowHue(t *testing.T) {
	for _, tc := range []struct {
		name     string
		mean     [3]float64 // white-balanced
		want     int
		coloured bool
	}{
		{"red in deep shadow (the demo's north row)", [3]float64{0.045, 0.013, 0.016}, clsRed, true},
		{"blue in deep shadow", [3]float64{0.012, 0.02, 0.06}, clsBlue, true},
		{"black pyramid, slightly blue grey", [3]float64{0.10, 0.095, 0.107}, 0, false},
		{"black pyramid, darker", [3]float64{0.04, 0.037, 0.041}, 0, false},
		{"near nothing, noisy hue", [3]float64{0.012, 0.002, 0.004}, 0, false},
		{"black pyramid, warm cast", [3]float64{0.12, 0.10, 0.09}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n = 40
			sum := [3]float64{tc.mean[0] * n, tc.mean[1] * n, tc.mean[2] * n}
			h, ok := shadowHue(sum, n)
			if ok != tc.coloured || (ok && h != tc.want) {
				t.Errorf("shadowHue(%v) = %d, %v; want %d, %v", tc.mean, h, ok, tc.want, tc.coloured)
			}
		})
	}
	if _, ok := shadowHue([3]float64{}, 0); ok {
		t.Error("no dark samples: want not coloured")
	}
}
