package loose

import (
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/tilescope/tilescope/internal/sharedtest"
	"github.com/tilescope/tilescope/ocr"
)

// TestAheadAsInTurn: the scan whose table work is begun beside the
// board's lines' search (tableAhead) and whose far parts are searched
// side by side (farLook) reads what the scan doing all in turn
// (stepAhead off, one processor: parallel.For in order) reads, tile for
// tile, on a table of loose tiles, a real photo seen tilted (the
// straightened look scans again; its far parts are looked at), one
// defocused (searched sharpened, and again sharpened gently) and a
// Scrabble board (the lines' search sees it: the work begun is left).
func TestAheadAsInTurn(t *testing.T) {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	photos := sharedtest.Dir(t, "data/photos")
	decode := func(path string) image.Image {
		f, err := os.Open(path)
		if err != nil {
			t.Skip(err)
		}
		defer f.Close()
		img, err := jpeg.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	for _, tc := range []struct {
		name string
		img  func() image.Image
	}{
		{"loose tiles on a table (mosaic100)", func() image.Image { return mosaic100(t) }},
		{"a real photo seen tilted 24 degrees", func() image.Image {
			return tiltedPhoto(t, decode(filepath.Join(photos, "bananagrams-fi", "valid", "images", "1770633540975_jpg.rf.6a9d0eb8b9d61121c77b94a865ae9105.jpg")), nil, 24, 46)
		}},
		{"a real photo defocused (searched sharpened, twice)", func() image.Image {
			photo := decode(filepath.Join(photos, "bananagrams-fi", "valid", "images", "1770633540975_jpg.rf.6a9d0eb8b9d61121c77b94a865ae9105.jpg"))
			bl, err := darkSmooth(toRGB(photo), 2)
			if err != nil {
				t.Fatal(err)
			}
			return bl.rgba()
		}},
		{"tiles on a Scrabble board", func() image.Image {
			return decode(filepath.Join(photos, "scrabble-board", "IMG_20151016_165303.jpg"))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := tc.img()
			opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
			scanOf := func(inTurn bool) (*Reading, error) {
				o := opt
				procs := runtime.GOMAXPROCS(0)
				if inTurn {
					o.off = stepAhead
					runtime.GOMAXPROCS(1)
				}
				defer runtime.GOMAXPROCS(procs)
				return Scan(img, o)
			}
			want, werr := scanOf(true)
			got, gerr := scanOf(false)
			if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
				t.Fatalf("error %v, in turn %v", gerr, werr)
			}
			if want == nil {
				return
			}
			if len(want.Tiles) == 0 {
				t.Fatal("no tiles read in turn: nothing compared")
			}
			want.Elapsed, got.Elapsed = 0, 0
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%d tiles, in turn %d: the readings differ", len(got.Tiles), len(want.Tiles))
				for i := range min(len(got.Tiles), len(want.Tiles)) {
					if !reflect.DeepEqual(got.Tiles[i], want.Tiles[i]) {
						t.Logf("tile %d: %+v, in turn %+v", i, got.Tiles[i], want.Tiles[i])
					}
				}
			}
		})
	}
}
