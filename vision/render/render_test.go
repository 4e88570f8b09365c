package render

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const sampleBoard = `
. . . . . . . . . .
. . . . . . . . . .
. . . . C . . . . .
. . . . A . . . . .
. . W O R D S . . .
. . . . T2 . Qu . . .
. . . . . . I3 . . .
. . . . . . T5 . . .
. . . . . . . . . .
. . . . . . . . Z .
`

// calm returns options drawn from the seed with the light and the sensor
// held steady, so that pixel colours can be checked.
func calm(t *testing.T, seed int64, difficulty string) Options {
	t.Helper()
	o, err := RandomOptions(seed, difficulty)
	if err != nil {
		t.Fatal(err)
	}
	o.Noise, o.ShotNoise, o.Blur, o.MotionPx, o.Glare, o.Hand, o.Clutter = 0, 0, 0, 0, 0, false, 0
	o.Exposure, o.Ambient, o.Gradient, o.Vignette, o.Warmth = 1, 0.5, 0, 0.1, 0
	o.Table = "laminate"
	return o
}

func TestSameSeedSameBytes(t *testing.T) {
	o, _ := RandomOptions(11, "hard")
	o.Width, o.Height = 820, 616
	a, err := Render("upwords", []byte(sampleBoard), o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render("upwords", []byte(sampleBoard), o)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.JPEG, b.JPEG) {
		t.Error("the same seed gave different JPEG bytes")
	}
	ja, _ := a.Truth.MarshalIndent()
	jb, _ := b.Truth.MarshalIndent()
	if !bytes.Equal(ja, jb) {
		t.Error("the same seed gave a different truth")
	}
	o2, _ := RandomOptions(12, "hard")
	o2.Width, o2.Height = 820, 616
	c, err := Render("upwords", []byte(sampleBoard), o2)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.JPEG, c.JPEG) {
		t.Error("different seeds gave the same picture")
	}
}

func lum(img image.Image, x, y float64) float64 {
	c := img.(*image.RGBA).RGBAAt(int(x), int(y))
	return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
}

func towards(a, b [2]float64, f float64) (float64, float64) {
	return a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f
}

// TestTruthMatchesPicture checks, under several cameras, that the truth
// says where things are drawn: the tile faces it names are light where it
// says they are, empty squares show the dark board, the table lies outside
// the board corners.
func TestTruthMatchesPicture(t *testing.T) {
	cases := []struct {
		name       string
		seed       int64
		difficulty string
		tilt, yaw  float64
		k1         float64
	}{
		{"overhead", 1, "easy", 0, 0, 0},
		{"turned", 2, "normal", 5, 37, -0.1},
		{"tilted 30", 3, "normal", 30, -20, 0.05},
		{"tilted 40 upside down", 4, "hard", 40, 170, -0.15},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := calm(t, tc.seed, tc.difficulty)
			o.TiltDeg, o.YawDeg, o.K1 = tc.tilt, tc.yaw, tc.k1
			o.HeightMM = 420 * math.Cos(tc.tilt*math.Pi/180)
			o.ShiftX, o.ShiftY = 0, 0
			sc, err := Render("upwords", []byte(sampleBoard), o)
			if err != nil {
				t.Fatal(err)
			}
			tr := sc.Truth
			if tr.Board == nil || tr.Board.Rows != 10 || tr.Board.Cols != 10 || len(tr.Cells) != 100 {
				t.Fatalf("truth board %+v with %d cells", tr.Board, len(tr.Cells))
			}
			// Tall stacks hide the squares behind them in tilted views:
			// the dark-floor check skips the squares next to them, and the
			// centre squares, which are marked in a lighter colour.
			hidden := map[[2]int]bool{}
			for _, c := range tr.Cells {
				if c.Height >= 2 {
					for dr := -1; dr <= 1; dr++ {
						for dc := -1; dc <= 1; dc++ {
							hidden[[2]int{c.Row + dr, c.Col + dc}] = true
						}
					}
				}
				if (c.Row == 4 || c.Row == 5) && (c.Col == 4 || c.Col == 5) {
					hidden[[2]int{c.Row, c.Col}] = true
				}
			}
			// Every sample on a tile face must be lighter than every sample
			// on an empty square's floor.
			tiles := 0
			darkestTile, lightestFloor := 255.0, 0.0
			var dark, light string
			for _, c := range tr.Cells {
				for k, corner := range c.Corners {
					// three quarters of the way to each corner: off the
					// letter, on the face
					x, y := towards(c.Center, corner, 0.72)
					l := lum(sc.Image, x, y)
					at := fmt.Sprintf("cell (%d,%d) %s%d corner %d at (%.0f,%.0f): %.0f", c.Row, c.Col, c.Letter, c.Height, k, x, y, l)
					if c.Height > 0 && l < darkestTile {
						darkestTile, dark = l, at
					}
					if c.Height == 0 && !hidden[[2]int{c.Row, c.Col}] && l > lightestFloor {
						lightestFloor, light = l, at
					}
				}
				if c.Height > 0 {
					tiles++
				}
			}
			if darkestTile < lightestFloor+15 {
				t.Errorf("tiles and floor do not separate where the truth says: darkest tile sample %s; lightest floor sample %s", dark, light)
			}
			// The check has teeth: a truth one column off fails it.
			if separates(sc.Image, shifted(tr.Cells), hidden) {
				t.Error("a truth shifted by one column also separates tiles from floor")
			}
			if tiles != 12 {
				t.Errorf("%d cells with tiles in the truth, want 12", tiles)
			}
			var mid [2]float64
			for _, p := range tr.Board.Corners {
				mid[0] += p[0] / 4
				mid[1] += p[1] / 4
			}
			for k, p := range tr.Board.Corners {
				x, y := towards(p, mid, -0.22)
				if x < 0 || y < 0 || x >= float64(tr.Width) || y >= float64(tr.Height) {
					continue
				}
				if l := lum(sc.Image, x, y); l < 120 {
					t.Errorf("outside board corner %d at (%.0f,%.0f): dark (%.0f), want the light table", k, x, y, l)
				}
				x, y = towards(p, mid, 0.04)
				if l := lum(sc.Image, x, y); l > 110 {
					t.Errorf("inside board corner %d at (%.0f,%.0f): light (%.0f), want the dark board", k, x, y, l)
				}
			}
		})
	}
}

// TestStacksShowParallax: seen from above, the top of a higher stack is
// nearer the camera, so it is drawn farther from the principal point, by
// the ratio of the distances.
func TestStacksShowParallax(t *testing.T) {
	o := calm(t, 5, "easy")
	o.TiltDeg, o.YawDeg, o.RollDeg, o.K1, o.K2, o.ShiftX, o.ShiftY, o.HeightMM = 0, 0, 0, 0, 0, 0, 0, 400
	o.TileJitterMM = 1e-9
	dist := func(state string, r, c int) float64 {
		sc, err := Render("upwords", []byte(state), o)
		if err != nil {
			t.Fatal(err)
		}
		for _, cell := range sc.Truth.Cells {
			if cell.Row == r && cell.Col == c {
				return math.Hypot(cell.Center[0]-sc.Truth.Camera.Cx, cell.Center[1]-sc.Truth.Camera.Cy)
			}
		}
		t.Fatalf("no cell (%d,%d)", r, c)
		return 0
	}
	low := dist(". . .\n. . .\n. . A\n", 2, 2)
	high := dist(". . .\n. . .\n. . A5\n", 2, 2)
	// A 3x3 board's corner square: level 1 top at 6+3.8 mm, level 5 top
	// at 6+19 mm over the table, camera at 400 mm.
	want := (400 - 9.8) / (400 - 25)
	if got := high / low; math.Abs(got-want) > 0.01 {
		t.Errorf("height-5 stack is %.4f times as far from the principal point as height 1, want %.4f", got, want)
	}
}

func TestGoldenTruth(t *testing.T) {
	o, err := RandomOptions(1, "normal")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Render("upwords", []byte(sampleBoard), o)
	if err != nil {
		t.Fatal(err)
	}
	got, err := sc.Truth.MarshalIndent()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "upwords_seed1.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("truth differs from %s (go test -update rewrites it after a deliberate change)", path)
	}
	back, err := ReadTruth(bytes.NewReader(want), path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Game != "upwords" || len(back.Cells) != 100 || back.Board.Corners != sc.Truth.Board.Corners {
		t.Errorf("reading the truth back: game %q, %d cells", back.Game, len(back.Cells))
	}
}

func TestBadInput(t *testing.T) {
	good, _ := RandomOptions(1, "easy")
	cases := []struct {
		name   string
		game   string
		state  string
		opt    func(o *Options)
		is     error
		substr string
	}{
		{"unknown game", "chess", sampleBoard, nil, ErrUnknownGame, "chess"},
		{"bad cell", "upwords", ". . .\n. X! .\n", nil, ErrBadState, "board.txt:2: cell 2"},
		{"Q alone", "upwords", ". Q .\n", nil, ErrBadState, "board.txt:1"},
		{"ragged rows", "upwords", ". . .\n. .\n", nil, ErrBadState, "board.txt:2"},
		{"one square", "upwords", "A\n", nil, ErrBadState, "at least 2x2"},
		{"tilt", "upwords", sampleBoard, func(o *Options) { o.TiltDeg = 80 }, ErrBadOptions, "tilt"},
		{"tiny image", "upwords", sampleBoard, func(o *Options) { o.Width, o.Height = 10, 10 }, ErrBadOptions, "10x10"},
		{"quality", "upwords", sampleBoard, func(o *Options) { o.Quality = 101 }, ErrBadOptions, "quality"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := good
			o.Name = "board.txt"
			if tc.opt != nil {
				tc.opt(&o)
			}
			_, err := Render(tc.game, []byte(tc.state), o)
			if !errors.Is(err, tc.is) {
				t.Fatalf("err = %v, want %v", err, tc.is)
			}
			if !strings.Contains(err.Error(), tc.substr) {
				t.Errorf("err = %q, want it to say %q", err, tc.substr)
			}
		})
	}
	if _, err := RandomOptions(1, "brutal"); !errors.Is(err, ErrBadOptions) {
		t.Errorf("difficulty brutal: err = %v", err)
	}
}

// shifted moves every cell's contents one column left (the picture's
// positions stay), as a wrong truth would.
func shifted(cells []Cell) []Cell {
	at := map[[2]int]Cell{}
	for _, c := range cells {
		at[[2]int{c.Row, c.Col}] = c
	}
	out := make([]Cell, 0, len(cells))
	for _, c := range cells {
		n := at[[2]int{c.Row, c.Col + 1}]
		c.Letter, c.Height = n.Letter, n.Height
		out = append(out, c)
	}
	return out
}

// separates reports whether every tile sample is lighter than every floor
// sample, as TestTruthMatchesPicture checks.
func separates(img image.Image, cells []Cell, hidden map[[2]int]bool) bool {
	darkest, lightest := 255.0, 0.0
	for _, c := range cells {
		for _, corner := range c.Corners {
			x, y := towards(c.Center, corner, 0.72)
			l := lum(img, x, y)
			if c.Height > 0 {
				darkest = math.Min(darkest, l)
			} else if !hidden[[2]int{c.Row, c.Col}] {
				lightest = math.Max(lightest, l)
			}
		}
	}
	return darkest >= lightest+15
}

// TestTilesStayPut: two pictures of the same game (same seed) before and
// after a turn show the tiles that did not move exactly where they were,
// and the rest of the picture unchanged away from the new tile, as a
// camera over a real table would.
func TestTilesStayPut(t *testing.T) {
	before := sampleBoard
	after := strings.Replace(sampleBoard, ". . W O R D S . . .", ". . W O R D S . . B", 1)
	o := calm(t, 17, "normal")
	o.Noise, o.ShotNoise = 2, 0.3 // the same noise in both
	a, err := Render("upwords", []byte(before), o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render("upwords", []byte(after), o)
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for i, ca := range a.Truth.Cells {
		cb := b.Truth.Cells[i]
		if ca.Row == 4 && ca.Col == 9 {
			if cb.Letter != "B" || cb.Corners == ca.Corners {
				t.Errorf("the new tile: %+v", cb)
			}
			continue
		}
		if ca.Corners != cb.Corners {
			moved++
		}
	}
	if moved > 0 {
		t.Errorf("%d tiles or squares moved between the pictures", moved)
	}
	// Far from the new tile (row 4, column 9), the pictures are the same.
	for _, c := range a.Truth.Cells {
		if c.Height == 0 || c.Col > 6 {
			continue
		}
		x, y := int(c.Center[0]), int(c.Center[1])
		pa := a.Image.(*image.RGBA).RGBAAt(x, y)
		pb := b.Image.(*image.RGBA).RGBAAt(x, y)
		if pa != pb {
			t.Errorf("cell (%d,%d) looks different: %v vs %v", c.Row, c.Col, pa, pb)
		}
	}
}

// TestConcurrentRenders: scenes may be rendered from several goroutines
// (the caches and pools are shared) and still come out the same.
func TestConcurrentRenders(t *testing.T) {
	o, _ := RandomOptions(5, "normal")
	o.Width, o.Height = 410, 308
	want, err := Render("upwords", []byte(sampleBoard), o)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for i := 0; i < 4; i++ {
		go func() {
			sc, err := Render("upwords", []byte(sampleBoard), o)
			if err == nil && !bytes.Equal(sc.JPEG, want.JPEG) {
				err = errors.New("a concurrent render differs")
			}
			errs <- err
		}()
	}
	for i := 0; i < 4; i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestTallStackShadesItsNeighbour: with a low light from the west, a stack
// of five throws its shadow east across the lower tile beside it; with the
// light from the east, that tile is in the light.
func TestTallStackShadesItsNeighbour(t *testing.T) {
	faceLum := func(az float64) float64 {
		o := calm(t, 3, "easy")
		o.TiltDeg, o.YawDeg, o.RollDeg, o.K1, o.K2, o.ShiftX, o.ShiftY = 0, 0, 0, 0, 0, 0, 0
		o.LightElevDeg, o.LightAzDeg, o.Shadow, o.Glare = 30, az, 0.6, 0
		sc, err := Render("upwords", []byte(". . .\n. A5 B\n. . .\n"), o)
		if err != nil {
			t.Fatal(err)
		}
		var sum float64
		for _, c := range sc.Truth.Cells {
			if c.Row == 1 && c.Col == 2 {
				for _, corner := range c.Corners {
					x, y := towards(c.Center, corner, 0.72)
					sum += lum(sc.Image, x, y) / 4
				}
			}
		}
		return sum
	}
	shaded, lit := faceLum(270), faceLum(90)
	if shaded > 0.85*lit {
		t.Errorf("the tile east of the stack: %.0f with the light from the west, %.0f from the east; want it clearly darker in the stack's shadow", shaded, lit)
	}
}

// TestSameBytesOnAnyNumberOfCores: the parallel passes split the work the
// same way whatever the number of cores.
func TestSameBytesOnAnyNumberOfCores(t *testing.T) {
	o, _ := RandomOptions(23, "hard")
	o.Width, o.Height, o.Hand, o.Blur = 820, 616, true, 2
	prev := runtime.GOMAXPROCS(8)
	defer runtime.GOMAXPROCS(prev)
	many, err := Render("upwords", []byte(sampleBoard), o)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GOMAXPROCS(1)
	one, err := Render("upwords", []byte(sampleBoard), o)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one.JPEG, many.JPEG) {
		t.Error("one core and eight drew different pictures")
	}
}
