package loose

import (
	"image"
	"sync"
	"sync/atomic"
)

// tableAhead is the work a scan with OnBoard asks for once the board's
// lines' search (onBoard) has seen no board, begun beside that search on
// the other processor: the photo's blur measured and the photo
// sharpened where it is defocused (sharpened), the print's lattice
// looked for in the sharpened photo (onPrintLattice; not for Twists);
// and, once that search has seen no board, beside the loose search,
// whether the photo's colours show a board's triple squares in their
// places (premiumAhead). Each is what the scan would work out itself,
// from the same photo and options, in the same way: only when it is
// done changes (on BenchmarkScanLoose100 the lines' search took a fifth
// of the scan's processor time and these a sixth, one after the other,
// most of it on one processor). Where the lines' search sees a board,
// the stages not yet begun are left (stop): the board's reading does
// not wait for the stage under way, the scan's return does (wait).
type tableAhead struct {
	// begin begins the work (once); begun says it was.
	begin   func()
	begun   atomic.Bool
	stopped atomic.Bool
	// sharp is closed once opt is the photo sharpened (sharpened) or
	// the work is left; printed once print is the print's lattice
	// (onPrintLattice) or the work is left; all once the work is done
	// or left.
	sharp, printed, all chan struct{}
	opt                 Options
	print               printLook
	// more: premiumAhead's work under way.
	more sync.WaitGroup
}

// printLook is onPrintLattice's answer.
type printLook struct {
	r                 *Reading
	pitch             float64
	whole, looked, ok bool
}

// aheadOfBoard begins the table's work for a scan with OnBoard (opt as
// scanLattice has it before the board's lines' search); with stepAhead
// off it is begun when the scan first asks for it, as the scan did
// before it (tests: the same reading either way).
func aheadOfBoard(img image.Image, opt Options) *tableAhead {
	a := &tableAhead{sharp: make(chan struct{}), printed: make(chan struct{}), all: make(chan struct{})}
	a.begin = sync.OnceFunc(func() {
		a.begun.Store(true)
		go a.run(img, opt)
	})
	if opt.runs(stepAhead) {
		a.begin()
	}
	return a
}

// run does the work, stage by stage, until it is done or stopped.
func (a *tableAhead) run(img image.Image, opt Options) {
	sharp, printed := sync.OnceFunc(func() { close(a.sharp) }), sync.OnceFunc(func() { close(a.printed) })
	defer close(a.all)
	defer printed()
	defer sharp()
	// The blur first (kept with opt.photo): where the lines' search has
	// seen a board by then, a defocused photo is not sharpened.
	if opt.sharpen {
		workingBlur(img, opt)
	}
	if a.stopped.Load() {
		return
	}
	a.opt = sharpened(img, opt)
	sharp()
	if a.stopped.Load() {
		return
	}
	if !opt.Twists {
		p := &a.print
		p.r, p.pitch, p.whole, p.looked, p.ok = onPrintLattice(img, a.opt)
	}
	printed()
}

// premiumAhead begins premiumBoard (kept in the scan's boardScans) for a
// table the lines' search saw no board in, beside the loose search: the
// scan asks it where that search reads minSure tiles sure or more. Not
// in a straightened look (the scan does not ask there).
func (a *tableAhead) premiumAhead(img image.Image, opt Options) {
	if opt.noTilt || !opt.runs(stepAhead) {
		return
	}
	a.more.Add(1)
	go func() {
		defer a.more.Done()
		opt.boards.premiumBoard(img)
	}()
}

// sharpened is opt with the photo sharpened as sharpened makes it.
func (a *tableAhead) sharpened() Options {
	a.begin()
	<-a.sharp
	return a.opt
}

// printLattice is onPrintLattice's answer for the sharpened photo.
func (a *tableAhead) printLattice() printLook {
	a.begin()
	<-a.printed
	return a.print
}

// stop leaves the stages not yet begun.
func (a *tableAhead) stop() { a.stopped.Store(true) }

// wait waits for the stage under way, where the work was begun, and for
// premiumAhead's.
func (a *tableAhead) wait() {
	if a.begun.Load() {
		<-a.all
	}
	a.more.Wait()
}
