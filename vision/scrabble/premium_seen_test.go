package scrabble

import (
	"image"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/internal/sharedtest"
)

// TestPremiumBoard: the Scrabble photos' boards (tiles on them or none,
// both prints) show their triple squares' colours in their places; the
// ban-seg valid tables with the most blue and red marks (5 or 6 triple
// places matched under one map, fewer than minPremiumMatches) do not.
// (The other print's board with 5 tiles, 165401, is not among the
// boards: its first proposal settles on blue patches alone, and the
// quick search finds that board.)
func TestPremiumBoard(t *testing.T) {
	board := func(name string) func(t *testing.T) image.Image {
		return func(t *testing.T) image.Image {
			return loadImage(t, filepath.Join(sharedPhotos(t), name+".jpg"))
		}
	}
	table := func(name string) func(t *testing.T) image.Image {
		return func(t *testing.T) image.Image {
			dir := sharedtest.Dir(t, "data/photos/bananagrams-fi/valid/images")
			return loadImage(t, filepath.Join(dir, name+".jpg"))
		}
	}
	for _, tc := range []struct {
		name string
		img  func(t *testing.T) image.Image
		want bool
	}{
		{"board, 9 tiles", board("IMG_20141025_163929"), true},
		{"board, 21 tiles", board("IMG_20141025_164035"), true},
		{"board of the other print, empty", board("IMG_20151016_165313"), true},
		{"table, 40 blue patches", table("1770633537615_jpg.rf.43c3b515e9d22d6f7dc074fc216a070f"), false},
		{"table, 40 blue patches and a red", table("1770633538975_jpg.rf.4033d001d6c5b5228332504c18a51b48"), false},
		{"table, blue and red marks", table("1770633538168_jpg.rf.d392fba3b906c9b8b54b531ad6609ad0"), false},
		{"table, 10 blue patches", table("1770647431349_jpg.rf.23a969dfef18dffaa3a38c6ea8b5181a"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PremiumBoard(tc.img(t)); got != tc.want {
				t.Errorf("PremiumBoard = %v, want %v", got, tc.want)
			}
		})
	}
}
