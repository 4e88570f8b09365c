package upwords

import (
	"fmt"
	"os"
	"image"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestUpwWallTrace is a diagnostic: TILESCOPE_UPWWALL_IMG=path.
func TestUpwWallTrace(t *testing.T) {
	path := os.Getenv("TILESCOPE_UPWWALL_IMG")
	if path == "" {
		t.Skip("set TILESCOPE_UPWWALL_IMG")
	}
	rd := upwordsReader(t)
	img := loadImage(t, path)
	type snap struct {
		d   cellDiag
		p   vision.Plane
		occ occluders
	}
	seen := map[grid.Pos]snap{}
	debugCell = func(r, c int, d cellDiag, p vision.Plane, occ *occluders) {
		seen[grid.Pos{Row: r, Col: c}] = snap{d, p, occluders{boxes: append([]occluder(nil), occ.boxes...)}}
		if d.final > 0 {
			fmt.Printf("FIRST (%d,%d) box %d height %d h %.2f ev %.2f\n", r, c, len(occ.boxes), d.height, d.h, d.final)
		}
	}
	debugSure = func(cells []Cell, p vision.Plane, pose *vision.Pose, geo Geometry, _ image.Image, _ int) {
		for _, c := range cells {
			s := seen[c.Pos]
			if c.Height != 0 || !s.d.floorHidden {
				continue
			}
			fmt.Printf("CELL %v sure %v tile %.2f ev %.2f base %.1f top %.1f ref %.1f boxes %d\n", c.Pos, c.Sure, c.Tile, s.d.ev, s.d.base, s.d.top, s.d.ref, len(s.occ.boxes))
			for _, h := range []float64{0, 0.25, 0.5, 1} {
				q := faceQuad(pose, c.Pos.Row, c.Pos.Col, h, geo)
				fmt.Printf("  h %.2f centre %.0f,%.0f occ %.1f free %.1f\n", h, q.Centre().X, q.Centre().Y, quantileIn(p, &s.occ, q, 0.2, 0.8, 6, 0.8), quantileIn(p, nil, q, 0.2, 0.8, 6, 0.8))
			}
			q := faceQuad(pose, c.Pos.Row, c.Pos.Col, 0, geo)
			for bi, b := range s.occ.boxes {
				hid := 0
				for i := 0; i < 6; i++ {
					for j := 0; j < 6; j++ {
						pt := bilerpQuad(q, 0.2+0.6*(float64(i)+0.5)/6, 0.2+0.6*(float64(j)+0.5)/6)
						if b.covers(pt) {
							hid++
						}
					}
				}
				if hid > 0 {
					fmt.Printf("  box %d top centre %.0f,%.0f hides %d/36\n", bi, b.faces[0].Centre().X, b.faces[0].Centre().Y, hid)
				}
			}
		}
		for _, c := range cells {
			if c.Height > 0 {
				fmt.Printf("STACK %v %s%d face centre %.0f,%.0f\n", c.Pos, c.Letter, c.Height, c.Face.Centre().X, c.Face.Centre().Y)
			}
		}
	}
	defer func() { debugCell, debugSure = nil, nil }()
	if _, err := ScanUpwords(img, Options{Size: 10, Reader: rd}); err != nil {
		t.Fatal(err)
	}
}
