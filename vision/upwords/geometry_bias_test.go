package upwords

import (
	"math"
	"os"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/render"
)

// TestGeometryBias prints what LearnGeometry makes of the project's own
// board (8 rendered scenes, seeds 900-907, tilts 12-36 degrees) with the
// raw measures: where measureLift and the keep bounds come from. Set
// TILESCOPE_GEOMETRY_DIAG=1 to run it.
func TestGeometryBias(t *testing.T) {
	if os.Getenv("TILESCOPE_GEOMETRY_DIAG") == "" {
		t.Skip("set TILESCOPE_GEOMETRY_DIAG=1")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	var sa, sb, st float64
	n := 0
	for i, tilt := range []float64{12, 18, 24, 30, 36, 20, 28, 15} {
		o, err := render.RandomOptions(int64(900+i), "normal")
		if err != nil {
			t.Fatal(err)
		}
		o.TiltDeg, o.HeightMM = tilt, 380*math.Cos(tilt*math.Pi/180)
		o.Hand = false
		o.ShiftX, o.ShiftY = 0, 0
		_, ms := learnFrom(t, rd, geometryState, render.UpwordsDims{}, o)
		// Ordinary least squares of the raw rise against the height:
		// rise = k*level - wall, in squares.
		var sk, sr, skk, skr, m float64
		for _, x := range ms {
			k := float64(x.Height)
			sk, sr, skk, skr, m = sk+k, sr+x.Rise, skk+k*k, skr+k*x.Rise, m+1
		}
		level := (m*skr - sk*sr) / (m*skk - sk*sk)
		wall := (level*sk - sr) / m
		var tiles []float64
		for _, x := range ms {
			tiles = append(tiles, x.Tile)
		}
		sort.Float64s(tiles)
		tile := tiles[len(tiles)/2]
		t.Logf("tilt %.0f: level %.3f wall %.3f tile %.3f (%d stacks)", tilt, level, wall, tile, len(ms))
		sa += level
		sb += wall
		st += tile
		n++
	}
	t.Logf("mean level %.4f wall %.4f tile %.4f", sa/float64(n), sb/float64(n), st/float64(n))
}
