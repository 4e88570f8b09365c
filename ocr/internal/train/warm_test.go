package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestWarmStart: the model a specialist is trained further from is read
// only when named, and refused, naming the flag, when it is missing,
// not a model, or reads other glyphs or turns.
func TestWarmStart(t *testing.T) {
	path := filepath.Join("..", "..", "model", "en-pyr.tsm")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ocr.DecodeModel(b)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		path    string
		glyphs  []string
		turns   int
		wantErr string // "" for none
		wantNil bool
	}{
		{"none named", "", m.Glyphs, m.Turns, "", true},
		{"the same glyphs and turns", path, m.Glyphs, m.Turns, "", false},
		{"missing", filepath.Join(t.TempDir(), "none.tsm"), m.Glyphs, m.Turns, "none.tsm", true},
		{"not a model", "warm_test.go", m.Glyphs, m.Turns, "-x-init warm_test.go", true},
		{"other glyphs", path, append([]string{"Ω"}, m.Glyphs...), m.Turns, "other glyphs or turns", true},
		{"other turns", path, m.Glyphs, m.Turns + 1, "other glyphs or turns", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := warmStart("-x-init", tc.path, tc.glyphs, tc.turns, "en")
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("error %v, want one with %q", err, tc.wantErr)
			}
			if (got == nil) != tc.wantNil {
				t.Errorf("model %v, want nil %v", got != nil, tc.wantNil)
			}
		})
	}
}
