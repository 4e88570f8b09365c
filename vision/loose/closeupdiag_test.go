package loose

import (
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCloseUpSet (opt-in: LOOSE_CLOSEUP_SEED=N) reads ban-seg valid's
// photos as close-ups: each cut to a square in which its labelled
// tiles' median side is a share of 0.18-0.26 of the square, moved off
// the tiles' middle by up to 1.5 tiles each way (closeUpAt), the share
// and the offsets drawn from the seed N, and sums found, read right,
// false and sure-wrong over the set as eval-loose does. Tiles a fifth
// of the frame are where a heap of touching tiles fills the picture
// (the crop family draws windows of 55-85 % and so rarely makes one).
func TestCloseUpSet(t *testing.T) {
	seed, err := strconv.ParseInt(os.Getenv("LOOSE_CLOSEUP_SEED"), 10, 64)
	if err != nil {
		t.Skip("LOOSE_CLOSEUP_SEED not set")
	}
	rd := realPhotoReader(t)
	dir := filepath.Join(photosDir(t), "bananagrams-fi", "valid")
	names, err := ReadClassList(FindClassList(dir))
	if err != nil {
		t.Fatalf("the class list of %s: %v", dir, err)
	}
	rng := rand.New(rand.NewSource(seed))
	var sum CentreScore
	for _, name := range augmentFiles(dir) {
		share := 0.18 + 0.08*rng.Float64()
		off := Point{3*rng.Float64() - 1.5, 3*rng.Float64() - 1.5}
		img, truth := augmentPhoto(t, dir, name, names)
		if len(truth) == 0 {
			continue
		}
		crop, kept := closeUpAt(img, truth, share, off)
		r, err := Scan(crop, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
		if err != nil {
			t.Logf("%s: %v", name[:13], err)
			sum.Truth += len(kept)
			continue
		}
		s := ScoreCentres(r.Tiles, kept, strings.EqualFold)
		t.Logf("%s share %.2f off %.1f,%.1f %dpx: labelled %d found %d read right %d/%d false %d sure-wrong %d", name[:13], share, off.X, off.Y, crop.Bounds().Dx(), s.Truth, s.Found, s.AZRight, s.AZ, s.False, s.WrongSure)
		sum.Truth += s.Truth
		sum.Found += s.Found
		sum.AZ += s.AZ
		sum.AZRight += s.AZRight
		sum.False += s.False
		sum.WrongSure += s.WrongSure
		sum.FalseSure += s.FalseSure
	}
	t.Logf("TOTAL found %d of %d, read right %d of %d, false %d (sure %d), sure-wrong %d", sum.Found, sum.Truth, sum.AZRight, sum.AZ, sum.False, sum.FalseSure, sum.WrongSure)
}
