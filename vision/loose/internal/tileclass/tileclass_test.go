package tileclass

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		name   string
		letter byte
		want   int
	}{
		{"A is the first class", 'A', 0},
		{"Z", 'Z', 25},
		{"a blank written in lower case", 'q', Blank},
		{"a blank whose letter is not told", '*', Blank},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Of(tc.letter); got != tc.want {
				t.Errorf("Of(%q) = %d, want %d", tc.letter, got, tc.want)
			}
		})
	}
}

// The file lists each class on the line of its number, so a label's
// class reads back as its letter.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "classes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != Blank+1 {
		t.Fatalf("%d lines, want %d", len(lines), Blank+1)
	}
	for _, l := range []byte("AMZ") {
		if got := lines[Of(l)]; got != string(l) {
			t.Errorf("line %d = %q, want %q", Of(l), got, l)
		}
	}
	if lines[Blank] != "blank" {
		t.Errorf("line %d = %q, want blank", Blank, lines[Blank])
	}
}
