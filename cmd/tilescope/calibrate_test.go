//go:build !lean

package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// TestCalibrateGeometry: calibrate on a rendered board of another maker's
// dimensions, told the position, stores a geometry whose tile thickness
// (within 15%) and size (10%; the project's board's are 29% and 11% off),
// against the pitch it was given, are near the board's, and
// scan --data reads the board with it.
func TestCalibrateGeometry(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	dir := t.TempDir()
	state := filepath.Join(dir, "board.txt")
	if err := os.WriteFile(state, []byte(`. . . . . . . . . .
. . . . . . . . . .
. . S . . . . . . .
. . T . B A R N . .
. . O . . . . O . .
. . R A T E D T2 . .
. . E . O . . E3 . .
. . . . P3 . . S4 . .
. . . . S2 . . . . .
. . . . . . . . . .
`), 0o644); err != nil {
		t.Fatal(err)
	}
	photo := filepath.Join(dir, "board.jpg")
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"render", "--game", "upwords", "--state", state, "--out", photo,
		"--dims", "18,14.5,4.6,1.5,1.4", "--tilt", "30", "--difficulty", "easy", "--seed", "4242"}, &out, &errb); err != nil {
		t.Fatalf("render: %v: %s", err, errb.String())
	}
	data := filepath.Join(dir, "data")
	out.Reset()
	if err := run(context.Background(), []string{"calibrate", "--data", data, "--state", state, "--pitch", "18", photo}, &out, &errb); err != nil {
		t.Fatalf("calibrate: %v: %s", err, errb.String())
	}
	if !strings.Contains(out.String(), "board geometry: tiles") || !strings.Contains(out.String(), vupw.GeometryFile) {
		t.Errorf("calibrate printed %q, want the board geometry saved", out.String())
	}
	g, err := vupw.LoadGeometry(data)
	if err != nil || g == nil {
		t.Fatalf("geometry: %v, %v", g, err)
	}
	if g.SquareMM != 18 {
		t.Errorf("pitch %g mm, want the 18 given", g.SquareMM)
	}
	if math.Abs(g.LevelMM-4.6)/4.6 > 0.15 || math.Abs(g.TileMM-14.5)/14.5 > 0.1 {
		t.Errorf("tiles %.2f mm thick, %.2f mm across; want 4.6 and 14.5", g.LevelMM, g.TileMM)
	}
	out.Reset()
	if err := run(context.Background(), []string{"scan", "--data", data, photo}, &out, &errb); err != nil {
		t.Fatalf("scan --data: %v: %s", err, errb.String())
	}
	if !strings.Contains(out.String(), "B   A   R   N") {
		t.Errorf("scan --data read\n%s", out.String())
	}
}
