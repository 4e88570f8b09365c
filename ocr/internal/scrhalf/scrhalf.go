package scrhalf

import (
	"slices"
	"strings"
)

// tuning is the tuning half of the photos (the photos' names end with
// these; docs/loose-tiles.md).
var tuning = []string{"163920", "163933", "163949", "164035", "164044", "164052", "165303", "165313"}

// Tuning returns the tuning half's names (the ends of the photos' names).
func Tuning() []string { return slices.Clone(tuning) }

// IsTuning reports whether a photo (its name without extension, e.g.
// IMG_20141025_163920) is in the tuning half; any other photo is held out.
func IsTuning(name string) bool {
	return slices.ContainsFunc(tuning, func(s string) bool { return strings.HasSuffix(name, s) })
}
