package vision

import (
	"image"
	"slices"
	"sync"
)

// PhotoSearch is one photo's board searches, which share what each looked at:
// a caller that searches the same photo twice (the loose route,
// vision/loose: FindGridLines first, then FindGridWhole where the lines
// gave no grid) makes the photo's grey plane once, and the steep
// stage's grids of converging lines once (the work picture's and the
// finer look's: fineSegs, 80-90 ms of CPU on a 1365x1600 photo, and the
// vanishing points' runs, 20-30 ms more). Its searches answer as the
// functions of the same name do on its image, to the last bit: the
// stages they share see the same pictures and give the same grids.
// A PhotoSearch may be searched from several goroutines.
type PhotoSearch struct {
	img       image.Image
	planeOnce sync.Once
	plane     Plane
	mu        sync.Mutex
	steep     map[steepKey][]candidate
}

// steepKey names a steep stage's grids: the grid's size, and whether
// the finer look was asked (not in the outline-first search).
type steepKey struct {
	n    int
	fine bool
}

// NewPhotoSearch is the board searches of img.
func NewPhotoSearch(img image.Image) *PhotoSearch { return &PhotoSearch{img: img} }

// Image is the photo the searches look at.
func (ph *PhotoSearch) Image() image.Image { return ph.img }

// Plane is the photo's grey plane (Luma), made once.
func (ph *PhotoSearch) Plane() Plane {
	ph.planeOnce.Do(func() { ph.plane = Luma(ph.img) })
	return ph.plane
}

// FindGridLines is FindGridLines on the photo.
func (ph *PhotoSearch) FindGridLines(n int) (Grid, error) { return ph.find(n, findLinesOnly) }

// FindGridWhole is FindGridWhole on the photo.
func (ph *PhotoSearch) FindGridWhole(n int) (Grid, error) { return ph.find(n, findWhole) }

func (ph *PhotoSearch) find(n int, how findHow) (Grid, error) {
	if err := searchable(ph.img, n); err != nil {
		return Grid{}, err
	}
	return findGridIn(ph.Plane(), ph.img, n, SearchOptions{photo: ph}, how)
}

// steepGrids is the steep stage's grids for a grid of n squares (fine:
// with the finer look's), made by grids the first time they are asked.
// They depend on the photo alone (the search's work picture and the
// photo at its own size), not on what the search's other stages found.
func (ph *PhotoSearch) steepGrids(n int, fine bool, grids func() []candidate) []candidate {
	ph.mu.Lock()
	defer ph.mu.Unlock()
	k := steepKey{n, fine}
	cs, ok := ph.steep[k]
	if !ok {
		cs = grids()
		if ph.steep == nil {
			ph.steep = map[steepKey][]candidate{}
		}
		ph.steep[k] = cs
	}
	return slices.Clone(cs)
}

// debugSteepLook is called where a search looks for the steep stage's
// grids (tests count the looks).
var debugSteepLook = func() {}
