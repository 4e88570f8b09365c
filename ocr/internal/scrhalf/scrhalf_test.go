package scrhalf

import "testing"

// TestIsTuning: the tuning half's photos are tuning, the held-out ones
// and names that only contain a tuning number are not.
func TestIsTuning(t *testing.T) {
	for _, tc := range []struct {
		name, photo string
		want        bool
	}{
		{"tuning photo", "IMG_20141025_163920", true},
		{"last tuning photo", "IMG_20141025_165313", true},
		{"held-out photo", "IMG_20141025_163929", false},
		{"held-out blurred photo", "IMG_20141025_164048", false},
		{"tuning number not at the end", "IMG_163920_20141025", false},
		{"empty name", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsTuning(tc.photo); got != tc.want {
				t.Errorf("IsTuning(%q) = %v, want %v", tc.photo, got, tc.want)
			}
		})
	}
	if n := len(Tuning()); n != 8 {
		t.Errorf("Tuning() has %d photos, want 8 (half of 16)", n)
	}
}
