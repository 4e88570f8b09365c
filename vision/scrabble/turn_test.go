package scrabble

import "testing"

// TestTurnAlike: the letter pairs whose two reads (any way up, then
// upright) may differ without the reading being in doubt.
func TestTurnAlike(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"N", "Z", true}, {"Z", "N", true}, {"M", "W", true}, {"W", "M", true},
		{"C", "U", true}, {"L", "T", true}, {"V", "L", true},
		{"E", "F", false}, {"O", "D", false}, {"A", "", false}, {"", "", false},
	} {
		t.Run(tc.a+"-"+tc.b, func(t *testing.T) {
			if got := turnAlike(tc.a, tc.b); got != tc.want {
				t.Errorf("turnAlike(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}
