package loose

import (
	"math"
	"strings"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
)

// A tile's letter is read in the picture of the look that found it: the
// photo sharpened, straightened (tiltLook), enlarged in its rim or far
// parts, or cut by a vote of several crops. The photo as taken shows the
// same tile too, and the reader reading it there surely as another
// letter is a second sure reading that disagrees: the tile's letter is
// then not sure (on the tuning tilted sets, an upside-down A read N at
// 0.95 in the straightened picture and A at 1.00 as taken; an R read M
// 0.94 and R 1.00).

// asTakenConf is how sure the reader must be of another letter on the
// photo as taken for sureAsTaken to doubt a sure tile: as sure as a look
// must be of a tile for tiltMerge to add it (a reading that stands on
// its own). On the tuning sets the sure tiles read right whose letter
// the photo as taken reads otherwise were read there at 0.95 at most,
// mostly under 0.8 (the crop's resampling, a neighbour's stroke in the
// margin).
const asTakenConf = tiltMergeConf

// sureAsTaken reads each tile of a Lexicon table's reading shown sure
// once more on the photo as taken (its quad, the crop readTiles cuts),
// unless its letter was read there already (readAsTaken).
// Where the reader names another letter there at asTakenConf or surer,
// the two readings disagree and both are sure: the tile takes the
// surer letter and is not said sure (Conf under SureConf).
func sureAsTaken(taken rgbImage, tiles []Tile, opt Options) {
	readAgainAsTaken(taken, tiles, opt, func(t *Tile) bool {
		return t.Conf >= SureConf && !t.Blank && t.Letter != "" && t.Letter != "?" && !readAsTaken(*t, taken)
	}, func(t *Tile, got ocr.Reading, err error) {
		if err != nil || got.Letter == "" || strings.EqualFold(got.Letter, t.Letter) || got.Conf < asTakenConf {
			return
		}
		debugf("as taken: %q %.2f at (%.0f, %.0f) reads %q %.2f as taken: unsure", t.Letter, t.Conf, t.Center.X, t.Center.Y, got.Letter, got.Conf)
		if got.Conf > t.Conf {
			t.Letter = got.Letter
		}
		t.Conf = math.Min(t.Conf, math.Nextafter(SureConf, 0))
	})
}

// readAgainAsTaken reads each tile of tiles that need picks once more on
// the photo as taken (taken's pixels, in the tile's quad: the crop
// readTiles cuts), on both processors, and hands the reading to judge,
// which may change that tile alone (sureAsTaken, confirmAsTaken).
func readAgainAsTaken(taken rgbImage, tiles []Tile, opt Options, need func(t *Tile) bool, judge func(t *Tile, got ocr.Reading, err error)) {
	n := opt.CropSide
	if n <= 0 {
		n = 64
	}
	rd := letterReader(opt)
	parallel.For(len(tiles), func(i int) {
		t := &tiles[i]
		if !need(t) {
			return
		}
		got, err := rd.Read(rectify(taken, t.Corners, n, 1.3))
		judge(t, got, err)
	})
}

// readAsTaken says whether t's letter was read on the photo as taken
// (taken's pixels) in the quad it has now: read again there, it reads
// the same.
func readAsTaken(t Tile, taken rgbImage) bool {
	return t.readOn != nil && len(taken.pix) > 0 && t.readOn == &taken.pix[0] && t.readQuad == t.Corners && t.readAs == t.Letter
}
