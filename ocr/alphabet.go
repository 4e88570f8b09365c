package ocr

import (
	"fmt"

	"github.com/tilescope/tilescope/scoring/tileset"
)

// Glyphs lists the classes of an alphabet's model, "" (no tile) first:
// "en" is A..Z and Qu; "ru" is the 33 Cyrillic letters and the four action
// tiles.
func Glyphs(alphabet string) ([]string, error) {
	switch alphabet {
	case English:
		return append(append([]string{""}, tileset.Latin...), "Qu"), nil
	case Russian:
		return append(append([]string{""}, tileset.Cyrillic...), Skip, Reverse, Give2, Give3), nil
	}
	return nil, fmt.Errorf("%w %q (want en or ru)", ErrAlphabet, alphabet)
}
