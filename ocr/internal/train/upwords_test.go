package main

import (
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// TestUpwMoreFontList: -upw-more-fonts takes installed typefaces, C059
// among them, and refuses an unknown name, an empty list and any face of
// the held-out families.
func TestUpwMoreFontList(t *testing.T) {
	if err := render.CheckTypefaces([]string{"C059-Bold", "P052-Roman"}); err != nil {
		t.Skip("fonts-urw-base35 not installed here")
	}
	for _, tc := range []struct {
		name, list string
		ok         bool
	}{
		{"installed", "GoBold,C059-Bold", true},
		{"empty", "", false},
		{"not installed", "GoBold,NoSuchFace-Bold", false},
		{"held-out serif", "GoBold,P052-Roman", false},
		{"held-out sans", "URWGothic-Book", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := upwMoreFontList(tc.list)
			if (err == nil) != tc.ok {
				t.Fatalf("upwMoreFontList(%q) = %v, %v; want ok %v", tc.list, got, err, tc.ok)
			}
			if tc.ok && strings.Join(got, ",") != tc.list {
				t.Errorf("upwMoreFontList(%q) = %v", tc.list, got)
			}
		})
	}
}
