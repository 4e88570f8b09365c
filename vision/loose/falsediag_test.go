package loose

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestFalseTileDiag (opt-in: LOOSE_FALSE_SEEDS=101310,101317) logs, per
// rendered hard Lexicon table, each reported quad that matches no tile
// at IoU >= 0.5 (eval-loose's false tiles on renders) and where it lies:
// its centre in the tile whose letter it reads (that tile then counts as
// missed: a quad off its tile or larger than it), in another tile, or on
// no tile (false by centres too), and how far its centre is from the
// nearest other reported quad, in sides (a double of a neighbour found).
// docs/loose-tiles.md, "Lexicon hard tables: quads over a neighbour".
func TestFalseTileDiag(t *testing.T) {
	seeds, rd := diagSeeds(t, "LOOSE_FALSE_SEEDS")
	old := debugf
	debugf = func(format string, a ...any) {
		if strings.HasPrefix(format, "sure double") {
			t.Logf("  "+format, a...)
		}
	}
	defer func() { debugf = old }()
	for _, seed := range seeds {
		img, sceneTruth := renderScene(t, "lexicon", "hard", seed)
		truth := TruthFromRender(sceneTruth)
		r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true})
		var tiles []Tile
		if err == nil {
			tiles = r.Tiles
		}
		used := map[int]bool{}
		sureRight, sureWrong, sureFalse := 0, 0, 0
		for _, m := range MatchTiles(tiles, truth, 0.5) {
			used[m.Found] = true
			if ft := tiles[m.Found]; ft.Conf >= SureConf {
				if strings.EqualFold(ft.Letter, truth[m.Truth].Letter) {
					sureRight++
				} else {
					sureWrong++
				}
			}
		}
		for j, ft := range tiles {
			if !used[j] && ft.Conf >= SureConf {
				sureFalse++
			}
		}
		t.Logf("seed %d sure: right %d wrong %d false %d", seed, sureRight, sureWrong, sureFalse)
		t.Logf("seed %d: %d tiles, %d reported, %d matched, err %v", seed, len(truth), len(tiles), len(used), err)
		for j, ft := range tiles {
			if sh := sameLetterShare(tiles, j); sh > 0 {
				t.Logf("  on its letter %q %.2f matched %v byLetter %v: share %.2f", ft.Letter, ft.Conf, used[j], ft.byLetter, sh)
			}
			if used[j] {
				continue
			}
			where := "on no tile"
			for _, tt := range truth {
				if len(tt.Outline) != 4 {
					continue
				}
				var q [4]Point
				copy(q[:], tt.Outline)
				if insideConvex(q, ft.Center) {
					where = "in " + tt.Letter
					if strings.EqualFold(tt.Letter, ft.Letter) {
						where += " (its own letter)"
					}
					break
				}
			}
			near := math.Inf(1)
			for k, o := range tiles {
				if k != j {
					near = math.Min(near, dist(o.Center, ft.Center)/math.Max(o.Side, ft.Side))
				}
			}
			t.Logf("  unmatched %q %.2f at (%.0f,%.0f) side %.0f byLetter %v: %s; nearest quad %.2f sides",
				ft.Letter, ft.Conf, ft.Center.X, ft.Center.Y, ft.Side, ft.byLetter, where, near)
		}
	}
}

// diagSeeds gives an opt-in diagnostic its seeds, from the environment
// variable name (comma-separated), and the English reader; the test is
// skipped when the variable is not set or the reader cannot be loaded.
func diagSeeds(t *testing.T, name string) ([]int64, Reader) {
	t.Helper()
	return diagSeedsIn(t, name, ocr.English)
}

// diagSeedsIn is diagSeeds with the reader of another alphabet.
func diagSeedsIn(t *testing.T, name, alphabet string) ([]int64, Reader) {
	t.Helper()
	env := os.Getenv(name)
	if env == "" {
		t.Skip(name + " not set")
	}
	rd, err := ocr.Default(alphabet)
	if err != nil {
		t.Skip(err)
	}
	var seeds []int64
	for _, f := range strings.Split(env, ",") {
		seed, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		seeds = append(seeds, seed)
	}
	return seeds, rd
}
