package pyramids

import (
	"fmt"
	"testing"
	"time"

	"github.com/tilescope/tilescope/vision"
)

// TestThreeDiag (opt-in: PYR_THREE_DIRS, comma-separated render-set
// directories) prints, for every scene, what the three sides' search
// (threeSideFrame) costs and finds when run on it alone: the triples of
// lines, those whose two far corners both have a place, the time, and
// the scan's own outcome.
func TestThreeDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_THREE_DIRS") {
		path, img := sc.path, sc.img
		p := toPicture(img)
		ls, scale := straightEdges(p)
		ts := tripleSides(ls, scale, float64(p.W)*scale, float64(p.H)*scale)
		placed, firstNone, outside := 0, 0, 0
		for _, tr := range ts {
			if !tr.farInPicture(p.W, p.H) {
				outside++
			}
			wl := tr.white(p)
			if wl < 20 {
				continue
			}
			across := vision.Point{X: (tr.pb.X - tr.pa.X) / tr.n, Y: (tr.pb.Y - tr.pa.Y) / tr.n}
			if len(tr.farPlaces(p, tr.pa, tr.ua, across, wl)) == 0 {
				firstNone++
			}
			if len(tr.farPlaces(p, tr.pa, tr.ua, across, wl)) > 0 && len(tr.farPlaces(p, tr.pb, tr.ub, vision.Point{X: -across.X, Y: -across.Y}, wl)) > 0 {
				placed++
			}
		}
		start := time.Now()
		f := threeSideFrame(p, ls, scale, DefaultGeometry, nil)
		el := time.Since(start)
		r, serr := Scan(img, Options{})
		outcome := "ok"
		if serr != nil {
			outcome = serr.Error()
		} else if r.SideHidden {
			outcome = "side_hidden"
		}
		corners := "none"
		if f != nil {
			corners = fmt.Sprintf("%v rank %v", f.corners, f.rank())
		}
		fmt.Printf("THREE %s lines %d triples %d far corners outside %d first side unplaced %d placed %d found %s %.0f ms scan: %s\n", path, len(ls), len(ts), outside, firstNone, placed, corners, float64(el.Microseconds())/1000, outcome)
	}
}
