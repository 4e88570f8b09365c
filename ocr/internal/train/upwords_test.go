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

// TestDimOptions: the scenes of -upw-dim and -upwb-dim are hard, in a
// dim room on another maker's board, in the typefaces given (never a
// held-out family), in another maker's print only when asked.
func TestDimOptions(t *testing.T) {
	train := upwTypefaces(false)
	for _, tc := range []struct {
		name  string
		cuts  int
		print bool
	}{
		{"another maker's print", 2, true},
		{"the project's print", 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := dimOptions(train, tc.cuts, tc.print)
			if o.Difficulty != "hard" || !o.Dim || !o.Dims || o.Print != tc.print || o.Cuts != tc.cuts {
				t.Errorf("dimOptions = %+v: want hard, Dim, Dims, Print %v, Cuts %d", o, tc.print, tc.cuts)
			}
			for _, tf := range o.Typefaces {
				for _, p := range upwHeldOut {
					if strings.HasPrefix(tf, p) {
						t.Errorf("typeface %s is held out", tf)
					}
				}
			}
		})
	}
}
