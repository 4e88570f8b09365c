package upwords

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestFocalDiag prints, for every rendered scene in the directories of
// TILESCOPE_FOCAL_DIR (comma-separated; skipped without it; docs/vision.md,
// "The focal on steep views of other makers' sets", issue 17):
//   - FOCAL: the focal length the scan worked with and where it came from,
//     the camera's true focal and tilt and the scan's, the focal
//     vision.FocalFromHomography gives on the scan's straight grid, on its
//     pinhole grid (Grid.Pinhole) and on the truth's own board corners, and
//     how far the truth's corners lie from the straight grid's, in squares;
//   - FACES: the scan's floor corners' error (matchGrid) and how far the
//     stacks' crops (Cell.Face) lie from the true top faces (median, in
//     face sides, stacks 1-2 high and 3 or more), as scanned, with the
//     true focal, and with the truth's board and tile dimensions;
//   - CELL (with TILESCOPE_FOCAL_CELLS set): each stack's crop's offset.
//
// No reader: the letters are not read, only the geometry.
func TestFocalDiag(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_FOCAL_DIR")
	if dirs == "" {
		t.Skip("set TILESCOPE_FOCAL_DIR")
	}
	for _, dir := range strings.Split(dirs, ",") {
		names, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
		for _, name := range names {
			tr, err := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
			if err != nil {
				continue
			}
			img := loadImage(t, name)
			n := tr.Board.Rows
			r, err := ScanUpwords(img, Options{Size: n, CameraOrientation: true})
			if err != nil {
				t.Logf("%s: %v", name, err)
				continue
			}
			w, h := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
			est := func(hm vision.Homography) string {
				f, ok := vision.FocalFromHomography(hm, w/2, h/2)
				s := ""
				if !ok {
					s = "?"
				}
				return ftoa(f) + s
			}
			hu, lens := r.Found.Pinhole()
			var q vision.Quad
			for i, c := range tr.Board.Corners {
				q[i] = vision.Point{X: c[0], Y: c[1]}
			}
			ht, err := vision.QuadHomography(float64(n), float64(n), q)
			truthF := "-"
			if err == nil {
				truthF = est(ht)
			}
			// How far the scan's grid corners lie from the truth's, in squares.
			inv := r.Found.H.Inverse()
			off := 0.0
			for _, c := range q {
				p := inv.Apply(c)
				d := math.Inf(1)
				for _, k := range []vision.Point{{X: 0, Y: 0}, {X: float64(n), Y: 0}, {X: float64(n), Y: float64(n)}, {X: 0, Y: float64(n)}} {
					d = math.Min(d, math.Hypot(p.X-k.X, p.Y-k.Y))
				}
				off = math.Max(off, d)
			}
			faceOff := func(r *UpwordsReading) string {
				k, cerr, _ := matchGrid(tr, r.Corners)
				var lo, hi []float64
				for _, tc := range tr.Cells {
					if tc.Height == 0 || tc.Occluded {
						continue
					}
					c := r.Cell(ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, k, n))
					if c.Height == 0 {
						continue
					}
					var tx, ty, sx, sy, side float64
					for i := 0; i < 4; i++ {
						tx += tc.Corners[i][0] / 4
						ty += tc.Corners[i][1] / 4
						sx += c.Face[i].X / 4
						sy += c.Face[i].Y / 4
						j := (i + 1) % 4
						side += math.Hypot(tc.Corners[j][0]-tc.Corners[i][0], tc.Corners[j][1]-tc.Corners[i][1]) / 4
					}
					d := math.Hypot(sx-tx, sy-ty) / side
					if os.Getenv("TILESCOPE_FOCAL_CELLS") != "" {
						t.Logf("CELL %s r%d c%d h %d read %d (%s %.2f) off %+.1f %+.1f px side %.0f", filepath.Base(name), tc.Row, tc.Col, tc.Height, c.Height, c.Letter, c.Conf, sx-tx, sy-ty, side)
					}
					if tc.Height <= 2 {
						lo = append(lo, d)
					} else {
						hi = append(hi, d)
					}
				}
				med := func(v []float64) float64 {
					if len(v) == 0 {
						return math.NaN()
					}
					sort.Float64s(v)
					return v[len(v)/2]
				}
				side := math.Hypot(tr.Board.Corners[1][0]-tr.Board.Corners[0][0], tr.Board.Corners[1][1]-tr.Board.Corners[0][1]) / float64(n)
				return fmt.Sprintf("floor corners off %.2f sq, faces off h1-2 %.2f (%d) h3+ %.2f (%d)", cerr/side, med(lo), len(lo), med(hi), len(hi))
			}
			calib := &vision.Calibration{Width: tr.Width, Height: tr.Height, Fx: tr.Camera.Fx, Fy: tr.Camera.Fy, Cx: tr.Camera.Cx, Cy: tr.Camera.Cy}
			rt, err := ScanUpwords(img, Options{Size: n, CameraOrientation: true, Calib: calib})
			if err != nil {
				continue
			}
			var d struct {
				Dims *struct {
					Pitch float64 `json:"pitch_mm"`
					Tile  float64 `json:"tile_mm"`
					Level float64 `json:"level_mm"`
					Wall  float64 `json:"wall_mm"`
				} `json:"upwords_dims"`
			}
			b, _ := os.ReadFile(strings.TrimSuffix(name, ".jpg") + ".json")
			_ = json.Unmarshal(b, &d)
			g := UpwordsGeometry
			if d.Dims != nil {
				s := g.SquareMM / d.Dims.Pitch
				g.WallMM, g.TileMM, g.LevelMM = d.Dims.Wall*s, d.Dims.Tile*s, d.Dims.Level*s
			}
			rg, err := ScanUpwords(img, Options{Size: n, CameraOrientation: true, Geometry: g})
			if err != nil {
				continue
			}
			t.Logf("FACES %s tilt %.0f auto: %s | true focal: %s | true dims: %s", filepath.Base(name), tr.Camera.TiltDeg, faceOff(r), faceOff(rt), faceOff(rg))
			t.Logf("FOCAL %s used %.0f (%s) true %.0f err %+.0f%% | tilt true %.1f scan %.1f | straight %s pinhole %s (lens %v) truthcorners %s | corner off %.2f sq",
				name, r.Focal, r.FocalSource, tr.Camera.Fx, 100*(r.Focal-tr.Camera.Fx)/tr.Camera.Fx,
				tr.Camera.TiltDeg, r.Pose.TiltDegrees(), est(r.Found.H), est(hu), lens, truthF, off)
		}
	}
}

// ftoa writes f rounded to a whole number.
func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 0, 64) }
