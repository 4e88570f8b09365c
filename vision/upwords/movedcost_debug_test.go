package upwords

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/tilescope/tilescope/vision"
)

// TestMovedCost is a diagnostic, not a check: with TILESCOPE_MOVEDCOST
// set it times rereadMoved on each benchmark scene's reading (the cells
// as the scan ends them), and counts the stacks it asks and reads.
func TestMovedCost(t *testing.T) {
	if os.Getenv("TILESCOPE_MOVEDCOST") == "" {
		t.Skip("set TILESCOPE_MOVEDCOST")
	}
	files, err := vision.SceneFiles("testdata/scenes")
	if err != nil {
		t.Fatal(err)
	}
	rd := upwordsReader(t)
	for _, f := range files {
		img := loadImage(t, f)
		r, err := ScanUpwords(img, Options{Reader: rd})
		if err != nil {
			continue
		}
		asked, blurred := 0, 0
		for _, c := range r.Cells {
			if c.Height == 0 || c.Letter == "" || c.Conf >= movedBelow {
				continue
			}
			asked++
			if _, b, _ := rd.SpecialistFor(letterCrop(img, c.Face, 64)); b {
				blurred++
			}
		}
		cells := append([]Cell(nil), r.Cells...)
		start := time.Now()
		for range 5 {
			if err := rereadMoved(img, cells, 64, rd, r.Turned, r.TurnKnown, r.TurnSure, nil); err != nil {
				t.Fatal(err)
			}
		}
		scan := time.Now()
		for range 5 {
			if _, err := ScanUpwords(img, Options{Reader: rd}); err != nil {
				t.Fatal(err)
			}
		}
		fmt.Printf("COST %s stacks asked %d blurred %d: rereadMoved %.2f ms, scan %.1f ms\n", f, asked, blurred,
			float64(scan.Sub(start).Microseconds())/5000, float64(time.Since(scan).Microseconds())/5000)
	}
}
