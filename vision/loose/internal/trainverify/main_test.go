package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/vision/loose"
)

// TestRunDeterministic: trainverify run twice on the same few rendered
// scenes writes the same bytes, and a verifier that parses, for each game
// make train trains one for. make train relies on this to reproduce the
// shipped verifier.txt and verifier-twists.txt (which it does only while
// the scan, readers and renderer they were trained on are unchanged:
// docs/loose-tiles.md, 2026-12-02).
func TestRunDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("scans rendered scenes")
	}
	for _, tc := range []struct {
		name, game, difficulty string
	}{
		{"lexicon", "lexicon", "normal"},
		{"twists", "twists", "mixed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var got [2][]byte
			for i := range got {
				out := filepath.Join(dir, "v"+string(rune('a'+i))+".txt")
				if err := run(tc.game, "", "", 2, tc.difficulty, 1000, 1, 1, true, out); err != nil {
					t.Fatalf("run %d: %v", i+1, err)
				}
				b, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				got[i] = b
			}
			if !bytes.Equal(got[0], got[1]) {
				t.Errorf("two runs wrote different verifiers:\n%s\n---\n%s", got[0], got[1])
			}
			v, err := loose.ParseVerifier(string(got[0]))
			if err != nil || v == nil {
				t.Fatalf("ParseVerifier: %v, %v", v, err)
			}
		})
	}
}
