package upwords

import (
	"errors"
	"math"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// geometryState is a position with stacks one to four high, so that both
// the tile's thickness and the walls' height show.
const geometryState = `. . . . . . . . . .
. . . . . . . . . .
. . S . . . . . . .
. . T . B A R N . .
. . O . . . . O . .
. . R A T E D T2 . .
. . E . O . . E3 . .
. . . . P3 . . S4 . .
. . . . S2 . . . . .
. . . . . . . . . .
`

// learnFrom renders the position on a board of the given dimensions and
// learns the geometry from the stacks whose heights the position gives.
func learnFrom(t *testing.T, rd TileReader, state string, dims render.UpwordsDims, o render.Options) (Geometry, []StackMeasure) {
	t.Helper()
	board := grid.MustParse(state)
	o.UpwordsDims = dims
	o.FitUpwords(board.Rows)
	sc, err := render.Render("upwords", []byte(state), o)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ScanUpwords(sc.Image, Options{Size: board.Rows, Reader: rd, Measure: func(p grid.Pos, read grid.Stack) int {
		if w := board.At(p); w.Letter == read.Letter {
			return w.Height
		}
		return 0
	}})
	if err != nil {
		t.Fatal(err)
	}
	return LearnGeometry(UpwordsGeometry, r.Measures), r.Measures
}

// TestLearnGeometry: on boards of other dimensions, the stacks of known
// height measure the tile's thickness (as a ratio to the pitch, which is
// all a photo can tell) no further from the truth than the project's
// board's geometry is, and near it where that is far off; on the
// project's board its geometry stands. The tile's size stays the prior's
// (its faces measure the flat top inside the bevel).
func TestLearnGeometry(t *testing.T) {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip("no letter model:", err)
	}
	tests := []struct {
		name      string
		dims      render.UpwordsDims
		tilt, yaw float64
	}{
		{"thin tiles, small pitch, tilted 30", render.UpwordsDims{PitchMM: 18, TileMM: 15.5, LevelMM: 2.8, WallMM: 1.0, WallWidthMM: 1.2}, 30, 10},
		{"thick tiles, raised grid, tilted 22", render.UpwordsDims{PitchMM: 24, TileMM: 19.5, LevelMM: 5, WallMM: 3.6, WallWidthMM: 2}, 22, -15},
		{"the project's board, tilted 26", render.DefaultUpwordsDims, 26, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o, err := render.RandomOptions(4242, "easy")
			if err != nil {
				t.Fatal(err)
			}
			o.TiltDeg, o.YawDeg, o.HeightMM = tc.tilt, tc.yaw, 380*math.Cos(tc.tilt*math.Pi/180)
			g, ms := learnFrom(t, rd, geometryState, tc.dims, o)
			if len(ms) < 12 {
				t.Fatalf("%d stacks measured, want at least 12 of the 19", len(ms))
			}
			d := tc.dims
			wantLevel, wantTile := d.LevelMM/d.PitchMM, d.TileMM/d.PitchMM
			gotLevel, gotTile := g.LevelMM/g.SquareMM, g.TileMM/g.SquareMM
			t.Logf("level %.3f (want %.3f), tile %.3f (want %.3f), wall %.3f, %d measures", gotLevel, wantLevel, gotTile, wantTile, g.WallMM/g.SquareMM, len(ms))
			// Never further from the board than the prior; within 12%
			// where the prior is further off than what one board's
			// measures spread. The size and pitch stay the prior's.
			prior := UpwordsGeometry
			priorLevel := prior.LevelMM / prior.SquareMM
			eLevel, e0Level := math.Abs(gotLevel-wantLevel)/wantLevel, math.Abs(priorLevel-wantLevel)/wantLevel
			if eLevel > e0Level+0.01 || (e0Level > 0.2 && eLevel > 0.12) {
				t.Errorf("tile thickness %.3f of a square, want %.3f (%.0f%% off; the prior %.0f%%)", gotLevel, wantLevel, 100*eLevel, 100*e0Level)
			}
			if g.TileMM != prior.TileMM || g.SquareMM != prior.SquareMM {
				t.Errorf("tile %.2f mm on a %.2f mm pitch, moved from the prior's %.2f on %.2f", g.TileMM, g.SquareMM, prior.TileMM, prior.SquareMM)
			}
		})
	}
}

// TestLearnGeometryLine: the least-squares line through exact measures
// gives back the thickness and walls they were made from (the tile's size
// stays the prior's), a wild measure is dropped, and with no measure the
// prior stands.
func TestLearnGeometryLine(t *testing.T) {
	truth := Geometry{SquareMM: 21, TileMM: 17, LevelMM: 5, WallMM: 1.5, MaxStack: 5}
	var ms []StackMeasure
	for i, k := range []int{1, 1, 2, 1, 3, 1, 2, 4, 1, 1, 2, 1, 3, 1, 1, 2, 1, 1, 4, 1} {
		// The raw rise the measure would give (its bias, measureGain and
		// measureLift, undone).
		rise := ((float64(k)*truth.LevelMM-truth.WallMM)/truth.SquareMM - measureLift) / measureGain
		ms = append(ms, StackMeasure{Pos: grid.Pos{Row: i}, Height: k, Rise: rise, Tile: truth.TileMM / truth.SquareMM, Leverage: 40})
	}
	tests := []struct {
		name string
		ms   []StackMeasure
		want Geometry
		tol  float64
	}{
		{"exact", ms, truth, 0.25},
		{"one wild", append(append([]StackMeasure(nil), ms...), StackMeasure{Height: 1, Rise: 0.9, Tile: 0.8, Leverage: 40}), truth, 0.25},
		{"none", nil, UpwordsGeometry, 1e-9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := LearnGeometry(UpwordsGeometry, tc.ms)
			for _, c := range []struct {
				what      string
				got, want float64
			}{{"level", g.LevelMM, tc.want.LevelMM}, {"wall", g.WallMM, tc.want.WallMM}, {"tile", g.TileMM, UpwordsGeometry.TileMM}} {
				if math.Abs(c.got-c.want) > tc.tol {
					t.Errorf("%s %.2f mm, want %.2f", c.what, c.got, c.want)
				}
			}
		})
	}
}

// TestGeometryFile: a saved geometry loads as it was; a missing file is
// none; a file that makes no board is ErrGeometry, naming the file.
func TestGeometryFile(t *testing.T) {
	dir := t.TempDir()
	if g, err := LoadGeometry(dir); g != nil || err != nil {
		t.Fatalf("no file: %v, %v; want nil, nil", g, err)
	}
	want := Geometry{SquareMM: 19, TileMM: 16.4, LevelMM: 3.1, WallMM: 0.8, MaxStack: 5, Source: "test"}
	if err := want.Save(dir); err != nil {
		t.Fatal(err)
	}
	got, err := LoadGeometry(dir)
	if err != nil || got == nil || *got != want {
		t.Fatalf("loaded %+v, %v; want %+v", got, err, want)
	}
	for _, bad := range []string{`{"square_mm":21,"tile_mm":25,"level_mm":3.8,"wall_mm":0.5}`, `{"square_mm":0}`, `not json`} {
		if err := os.WriteFile(dir+"/"+GeometryFile, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadGeometry(dir)
		if !errors.Is(err, ErrGeometry) || !strings.Contains(err.Error(), GeometryFile) {
			t.Errorf("%s: %v, want ErrGeometry naming the file", bad, err)
		}
	}
}

// BenchmarkLearnGeometry is what learning the geometry costs a turn of
// the table service: measuring MeasurePerPhoto (3) stacks, the tallest, of known height
// in a committed scene (the scan's plane, pose and stacks given) and
// learning the geometry again from 60 measures. CPU per turn is cpu-ms/op.
func BenchmarkLearnGeometry(b *testing.B) {
	files, err := vision.SceneFiles("testdata/scenes")
	if err != nil || len(files) == 0 {
		b.Fatal("no scenes in testdata/scenes")
	}
	img := loadImage(b, files[0])
	r, err := ScanUpwords(img, Options{})
	if err != nil {
		b.Fatal(err)
	}
	p := vision.Luma(img)
	var past []StackMeasure
	for i := 0; i < 60; i++ {
		past = append(past, StackMeasure{Height: 1 + i%3, Rise: 0.16*float64(1+i%3) - 0.03, Tile: 0.9, Leverage: 30})
	}
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ms := measureKnown(p, &r.Pose, r.Cells, r.Board.Rows, UpwordsGeometry, MeasurePerPhoto, func(_, _ int, s grid.Stack) int {
			return s.Height
		})
		if len(ms) == 0 {
			b.Fatal("nothing measured")
		}
		LearnGeometry(UpwordsGeometry, append(past, ms...))
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / time.Duration(b.N)
	b.ReportMetric(float64(cpu)/float64(time.Millisecond), "cpu-ms/op")
}

// measuresOf are the measures a board of geometry truth would give of
// stacks of the heights ks, seen at leverage lev (pixels per square of
// rise), each off its true rise by noise (in squares, taken in turn).
func measuresOf(truth Geometry, ks []int, lev float64, noise []float64) []StackMeasure {
	var ms []StackMeasure
	for i, k := range ks {
		rise := ((float64(k)*truth.LevelMM-truth.WallMM)/truth.SquareMM - measureLift) / measureGain
		if len(noise) > 0 {
			rise += noise[i%len(noise)]
		}
		ms = append(ms, StackMeasure{Pos: grid.Pos{Row: i / 10, Col: i % 10}, Height: k, Rise: rise, Tile: truth.TileMM / truth.SquareMM, Leverage: lev})
	}
	return ms
}

// TestLearnGeometryEvidence: the thickness is learned from what the
// measures weigh, not from how many there are: a few stacks two high at
// a steep view say a board's tiles are thicker; stacks one high, or a
// view straight down, or one wild stack do not move it; measures that
// spread as widely as the project's board's own do not move it either,
// nor measures that follow no line.
func TestLearnGeometryEvidence(t *testing.T) {
	// The thick tiles of tuning game 111706 game 2: 5.1 mm on a 17.8 mm
	// pitch, 0.287 of a square against the prior's 0.181.
	thick := Geometry{SquareMM: 17.8, TileMM: 15.5, LevelMM: 5.1, WallMM: 0.5, MaxStack: 5}
	prior := UpwordsGeometry
	jitter := []float64{0.03, -0.02, 0.01, -0.035, 0.02, -0.01}
	wide := []float64{0.08, -0.07, 0.03, -0.09, 0.06, -0.04, 0.1, -0.05}
	tests := []struct {
		name  string
		ms    []StackMeasure
		moved bool // the thickness learned, at least half way to truth's
		truth Geometry
	}{
		{"thick tiles: four stacks, three of them two high, steep", measuresOf(thick, []int{1, 2, 2, 2}, 43, jitter), true, thick},
		{"thick tiles: stacks one high only", measuresOf(thick, []int{1, 1, 1, 1, 1, 1, 1, 1}, 43, jitter), false, thick},
		{"thick tiles: one stack two high", measuresOf(thick, []int{1, 1, 1, 2, 1}, 43, jitter), false, thick},
		{"thick tiles: straight down, the faces hardly move", measuresOf(thick, []int{1, 2, 2, 2, 3}, 4, jitter), false, thick},
		{"the project's board, measures spread wide", measuresOf(prior, []int{1, 2, 1, 3, 1, 2, 1, 1, 2, 4, 1, 2, 3, 1, 1, 2}, 25, wide), false, prior},
		{"the project's board, one tall stack wild", append(measuresOf(prior, []int{1, 2, 1, 1, 2}, 30, jitter), StackMeasure{Height: 3, Rise: 1.05, Tile: 0.9, Leverage: 30}), false, prior},
		{"thin tiles among high walls: the faces seen at no line", measuresOf(prior, []int{1, 2, 2, 1, 2, 3, 3, 2, 1, 2, 4, 2, 3}, 33, []float64{0, 0.45, -0.12, 0.02, 0.5, 0.6, -0.25, -0.1, 0.05, 0.35, 0.55, -0.15, -0.3}), false, prior},
		{"the project's board, two tall stacks wild alike", append(measuresOf(prior, []int{1, 2, 1, 1, 2, 1, 2, 1}, 30, jitter), StackMeasure{Height: 3, Rise: 1.0, Tile: 0.9, Leverage: 30}, StackMeasure{Height: 3, Rise: 1.02, Tile: 0.9, Leverage: 30}), false, prior},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := LearnGeometry(prior, tc.ms)
			got, want := g.LevelMM/g.SquareMM, tc.truth.LevelMM/tc.truth.SquareMM
			if !tc.moved {
				if g.LevelMM != prior.LevelMM || g.WallMM != prior.WallMM {
					t.Errorf("thickness %.3f of a square, walls %.3f: moved from the prior's %.3f, %.3f", got, g.WallMM/g.SquareMM, prior.LevelMM/prior.SquareMM, prior.WallMM/prior.SquareMM)
				}
				return
			}
			if p := prior.LevelMM / prior.SquareMM; math.Abs(got-want) > math.Abs(p-want)/2 {
				t.Errorf("thickness %.3f of a square, want %.3f: not half way from the prior's %.3f", got, want, p)
			}
		})
	}
}

// BenchmarkLearnGeometryFit is the learning alone, over 60 measures
// of which a few are wild.
func BenchmarkLearnGeometryFit(b *testing.B) {
	var ms []StackMeasure
	for i := 0; i < 60; i++ {
		m := StackMeasure{Height: 1 + i%3, Rise: 0.16*float64(1+i%3) - 0.03 + 0.02*float64(i%5-2), Tile: 0.9, Leverage: 30}
		if i%13 == 0 {
			m.Rise += 0.5
		}
		ms = append(ms, m)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		LearnGeometry(UpwordsGeometry, ms)
	}
}
