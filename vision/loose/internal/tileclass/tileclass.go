// Package tileclass is the class list of the YOLO box labels that the
// internal tools write for Scrabble tiles (scrabblelabels, composites):
// the letters A to Z are classes 0 to 25 and a blank tile is class 26,
// "blank". tilescope eval-loose --photos reads the list from the
// classes.txt written beside the labels.
package tileclass

import (
	"os"
	"path/filepath"
	"strings"
)

// Blank is a blank tile's class.
const Blank = 26

// Of is the class of a letter tile (A-Z), or Blank.
func Of(letter byte) int {
	if letter >= 'A' && letter <= 'Z' {
		return int(letter - 'A')
	}
	return Blank
}

// Names is the class list in class order.
func Names() []string {
	names := make([]string, 0, Blank+1)
	for c := 'A'; c <= 'Z'; c++ {
		names = append(names, string(c))
	}
	return append(names, "blank")
}

// Write writes the class list, one name a line, to dir/classes.txt.
func Write(dir string) error {
	return os.WriteFile(filepath.Join(dir, "classes.txt"), []byte(strings.Join(Names(), "\n")+"\n"), 0o644)
}
