package pyramids

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// dump writes a reading as the board text format, with "?" for a letter
// not read: the golden form.
func dump(r *Reading) string {
	var b strings.Builder
	for row := 0; row < pyramids.Size; row++ {
		var line strings.Builder
		for col := 0; col < pyramids.Size; col++ {
			sq := r.Square(pyramids.Pos{Row: row, Col: col})
			cell := "."
			if sq.Colour != pyramids.NoColour {
				cell = fmt.Sprintf("%c%s%d", sq.Colour, sq.Letter, sq.Height)
			}
			if col > 0 {
				line.WriteByte(' ')
			}
			fmt.Fprintf(&line, "%-4s", cell)
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}

func reader(t testing.TB) TileReader {
	t.Helper()
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatalf("the tile reader: %v", err)
	}
	return rd
}

// TestScanScenes reads the two rendered scenes of testdata/scenes, checks
// them against their truth (floors a regression would break) and against
// the golden readings (any change shows; -update rewrites them).
func TestScanScenes(t *testing.T) {
	rd := reader(t)
	before := liveMats.Load()
	for _, tc := range []struct {
		name                 string
		minColour, minLetter float64
	}{
		{"easy", 0.99, 0.7},
		{"normal", 0.99, 0.7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join("testdata", "scenes", tc.name+".jpg")
			res := EvalScene(path, Options{Reader: rd})
			if res.Err != nil || res.TruthErr != nil {
				t.Fatalf("scan: %v %v", res.Err, res.TruthErr)
			}
			if !res.Found {
				t.Fatalf("board off by %.1f px", res.CornerErr)
			}
			if f := float64(res.ColourRight) / float64(res.Squares); f < tc.minColour {
				t.Errorf("colours right %.3f, want >= %.2f: %v", f, tc.minColour, res.Misses)
			}
			if f := float64(res.LetterRight) / float64(res.Occupied); f < tc.minLetter {
				t.Errorf("letters right %.3f, want >= %.2f: %v", f, tc.minLetter, res.Misses)
			}
			img, err := loadImage(path)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Scan(img, Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			got := dump(r)
			golden := filepath.Join("testdata", "golden", tc.name+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if got != string(want) {
				t.Errorf("reading changed from %s:\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
	if n := liveMats.Load() - before; n != 0 {
		t.Errorf("%d gocv Mats left open after the scans", n)
	}
}

// TestScanRendered renders fresh scenes of random positions (not the
// stored ones) and checks the board and colours on each.
func TestScanRendered(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	for _, tc := range []struct {
		name       string
		seed       int64
		difficulty string
	}{
		{"easy 11", 11, "easy"},
		{"normal 12", 12, "normal"},
		{"normal 13", 13, "normal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state, err := render.RandomState("pyramids", tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			opt, err := render.RandomOptions(tc.seed, tc.difficulty)
			if err != nil {
				t.Fatal(err)
			}
			opt.Width, opt.Height = 960, 720
			opt.Clutter = 0 // a card over the board's edge hides it (a known limit)
			sc, err := render.Render("pyramids", state, opt)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Scan(sc.Image, Options{})
			if err != nil {
				t.Fatal(err)
			}
			side := math.Hypot(sc.Truth.Board.Corners[1][0]-sc.Truth.Board.Corners[0][0], sc.Truth.Board.Corners[1][1]-sc.Truth.Board.Corners[0][1]) / pyramids.Size
			for i, c := range sc.Truth.Board.Corners {
				if d := math.Hypot(r.Corners[i].X-c[0], r.Corners[i].Y-c[1]); d > 0.2*side {
					t.Fatalf("corner %d at %v, truth %v (%.1f px off)", i, r.Corners[i], c, d)
				}
			}
			wrong := 0
			for _, tc := range sc.Truth.Cells {
				want, _ := pyramids.ParseColour(tc.Colour)
				if tc.Height == 0 {
					want = pyramids.NoColour
				}
				if got := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col}).Colour; got != want && !tc.Occluded {
					wrong++
					t.Logf("row %d col %d: want %v, got %v", tc.Row, tc.Col, want, got)
				}
			}
			if wrong > 2 {
				t.Errorf("%d squares with the wrong colour or emptiness", wrong)
			}
		})
	}
}

func TestScanErrors(t *testing.T) {
	easy, err := loadImage(filepath.Join("testdata", "scenes", "easy.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	p := toPicture(easy)
	dark := image.NewRGBA(p.Rect)
	for i := range dark.Pix {
		if i%4 == 3 {
			dark.Pix[i] = 255
		} else {
			dark.Pix[i] = p.Pix[i] / 12
		}
	}
	noise := image.NewRGBA(image.Rect(0, 0, 640, 480))
	seed := uint32(7)
	for i := range noise.Pix {
		seed = seed*1664525 + 1013904223
		noise.Pix[i] = uint8(seed >> 24)
	}
	tr, err := loadTruth(filepath.Join("testdata", "scenes", "easy.json"))
	if err != nil {
		t.Fatal(err)
	}
	// cut the picture through the board's right-hand columns
	cutX := int(0.5*(tr.Board.Corners[1][0]+tr.Board.Corners[0][0])+0.3*(tr.Board.Corners[1][0]-tr.Board.Corners[0][0])) + 1
	cut := p.SubImage(image.Rect(0, 0, cutX, p.H))
	for _, tc := range []struct {
		name string
		img  image.Image
		want error
	}{
		{"tiny", image.NewRGBA(image.Rect(0, 0, 20, 20)), vision.ErrNoBoard},
		{"nil", nil, vision.ErrNoBoard},
		{"dark", dark, vision.ErrTooDark},
		{"noise", noise, vision.ErrNoBoard},
		{"plain table", uniform(640, 480, color.RGBA{150, 120, 90, 255}), vision.ErrTooBlurred},
		{"out of focus", blurPicture(p, 10).RGBA, vision.ErrTooBlurred},
		{"board cut", cut, vision.ErrOutOfView},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Scan(tc.img, Options{})
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "pyramids: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
		})
	}
}

func uniform(w, h int, c color.RGBA) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(m.Pix); i += 4 {
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return m
}

func TestClassify(t *testing.T) {
	white := [3]float64{205, 200, 188} // the runway
	for _, tc := range []struct {
		name string
		rgb  [3]float64
		cls  int
		tint int
	}{
		{"runway", [3]float64{205, 200, 188}, clsLight, -1},
		{"house square", [3]float64{236, 232, 220}, clsLight, -1},
		{"red pyramid", [3]float64{196, 40, 38}, clsRed, clsRed},
		{"red pyramid in shade", [3]float64{70, 15, 14}, clsRed, clsRed},
		{"blue pyramid", [3]float64{38, 78, 186}, clsBlue, clsBlue},
		{"green pyramid", [3]float64{36, 146, 66}, clsGreen, clsGreen},
		{"yellow pyramid", [3]float64{232, 196, 40}, clsYellow, clsYellow},
		{"black pyramid", [3]float64{34, 32, 32}, clsDark, -1},
		{"red-tinted space", [3]float64{220, 150, 149}, clsLight, clsRed},
		{"blue-tinted space", [3]float64{149, 167, 216}, clsLight, clsBlue},
		{"yellow-tinted space", [3]float64{236, 220, 150}, clsLight, clsYellow},
		{"letter ink", [3]float64{250, 245, 235}, clsLight, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cls, tint := classify(tc.rgb, white)
			if cls != tc.cls || tint != tc.tint {
				t.Errorf("classify(%v) = %d, %d; want %d, %d", tc.rgb, cls, tint, tc.cls, tc.tint)
			}
		})
	}
	// A warm light (white balance) must not turn the runway yellow.
	warm := [3]float64{230, 200, 150}
	if cls, tint := classify(warm, warm); cls != clsLight || tint != -1 {
		t.Errorf("the runway under warm light: %d, %d", cls, tint)
	}
}

func TestUnrotate(t *testing.T) {
	n := pyramids.Size - 1
	for _, tc := range []struct {
		name     string
		rot      int
		r, c     int
		wantR, w int
	}{
		{"no turn", 0, 1, 2, 1, 2},
		{"quarter: north-west is the picture's north-east", 1, 0, 0, 0, n},
		{"quarter: a row runs down the picture", 1, 0, 3, 3, n},
		{"half", 2, 1, 2, n - 1, n - 2},
		{"three quarters", 3, 0, 0, n, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if r, c := unrotate(tc.r, tc.c, tc.rot); r != tc.wantR || c != tc.w {
				t.Errorf("unrotate(%d,%d,%d) = %d,%d; want %d,%d", tc.r, tc.c, tc.rot, r, c, tc.wantR, tc.w)
			}
		})
	}
}

// TestOrient turns a board whose player spaces show the seats' colours
// and checks that orient finds each turn.
func TestOrient(t *testing.T) {
	seats := pyramids.DefaultSetup().Seats
	for rot := 0; rot < 4; rot++ {
		t.Run(fmt.Sprint(rot), func(t *testing.T) {
			var cells [pyramids.Size * pyramids.Size]cellLook
			for i := range cells {
				cells[i].hues = map[pyramids.Colour]float64{}
			}
			for _, side := range pyramids.Sides {
				for _, sq := range pyramids.SpaceSquares(side) {
					pr, pc := unrotate(sq.Row, sq.Col, rot)
					cells[pr*pyramids.Size+pc].hues[seats[side]] = 0.8
				}
			}
			if got := orient(cells, seats); got != rot {
				t.Errorf("orient = %d, want %d", got, rot)
			}
		})
	}
}

// TestScanTurnedBoard reads the easy scene turned a quarter: the seats
// must turn the board back (row 0 is north).
func TestScanTurnedBoard(t *testing.T) {
	img, err := loadImage(filepath.Join("testdata", "scenes", "easy.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	p := toPicture(img)
	turned := image.NewRGBA(image.Rect(0, 0, p.H, p.W))
	for y := 0; y < p.H; y++ {
		for x := 0; x < p.W; x++ {
			// picture's (x, y) goes to (H-1-y, x): a quarter turn clockwise
			o := y*p.Stride + 4*x
			copy(turned.Pix[x*turned.Stride+4*(p.H-1-y):], p.Pix[o:o+4])
		}
	}
	a, err := Scan(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Scan(turned, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if da, db := dump(a), dump(b); da != db {
		t.Errorf("turned picture read differently:\n%s\nvs\n%s", da, db)
	}
}

func BenchmarkScan(b *testing.B) {
	img, err := loadImage(filepath.Join("testdata", "scenes", "normal.jpg"))
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		rd   TileReader
	}{{"colours", nil}, {"letters", reader(b)}} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Scan(img, Options{Reader: bc.rd}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestScanHeights: the counts the game expects (Options.Heights) are the
// counts a scan reads the letters at and reports; an unknown count (0) or
// one past the geometry's highest stack falls back to the set-up's
// likeliest.
func TestScanHeights(t *testing.T) {
	img, err := loadImage(filepath.Join("testdata", "scenes", "easy.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	prior, err := Scan(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := func(p pyramids.Pos) int {
		switch (p.Row + p.Col) % 3 {
		case 0:
			return 0 // unknown: the prior
		case 1:
			return 99 // past MaxStack: the prior
		}
		return 1 + p.Row%4
	}
	got, err := Scan(img, Options{Heights: want})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, sq := range got.Squares {
		if sq.Colour == pyramids.NoColour {
			continue
		}
		n++
		w := want(sq.Pos)
		if w == 0 || w == 99 {
			w = prior.Squares[i].Height
		}
		if sq.Height != w {
			t.Errorf("%v: height %d, want %d", sq.Pos, sq.Height, w)
		}
	}
	if n == 0 {
		t.Fatal("no pyramid read on the easy scene")
	}
}

// TestScanSeats reads the easy scene with the seats turned half round
// (green north): the board must come out turned half round.
func TestScanSeats(t *testing.T) {
	img, err := loadImage(filepath.Join("testdata", "scenes", "easy.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Scan(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Scan(img, Options{Seats: [4]pyramids.Colour{pyramids.Green, pyramids.Yellow, pyramids.Red, pyramids.Blue}})
	if err != nil {
		t.Fatal(err)
	}
	n := pyramids.Size - 1
	for row := 0; row <= n; row++ {
		for col := 0; col <= n; col++ {
			sa := a.Square(pyramids.Pos{Row: row, Col: col})
			sb := b.Square(pyramids.Pos{Row: n - row, Col: n - col})
			if sa.Colour != sb.Colour {
				t.Errorf("row %d col %d: %v with the default seats, %v at the turned square", row, col, sa.Colour, sb.Colour)
			}
		}
	}
	if d := math.Hypot(a.Corners[0].X-b.Corners[2].X, a.Corners[0].Y-b.Corners[2].Y); d > 1 {
		t.Errorf("north-west corner %v should be the turned board's south-east %v", a.Corners[0], b.Corners[2])
	}
}

// BenchmarkScanPyramids scans rendered 1640x1232 normal scenes (the Pi
// camera's size) with the letter reader: the speed target of issue 21 is
// a median of 150 ms a photo and a peak of 200 MB. The median of single
// scans is reported as median-ms. It runs with the classifier alone
// (default) and with the faces' own model (face-model), as the game and
// the commands read by default.
func BenchmarkScanPyramids(b *testing.B) {
	rd := reader(b)
	for _, bc := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{Reader: rd}},
		{"face-model", Options{Reader: rd, FaceModel: true}},
	} {
		b.Run(bc.name, func(b *testing.B) { benchmarkScan(b, bc.opt) })
	}
}

// BenchmarkScanPyramidsPhoto scans BenchmarkScanPyramids's three normal
// scenes as a camera or `tilescope scan` hands them over: JPEG photos
// (quality 90), decoded to YCbCr before the timer starts, read with the
// faces' model as the game and the scan command read. The RGBA scenes
// of BenchmarkScanPyramids skip the conversion to RGBA that every
// photo takes (toPicture).
func BenchmarkScanPyramidsPhoto(b *testing.B) {
	var photos []image.Image
	for i, img := range benchScenes(b) {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
			b.Fatalf("scene %d: %v", i, err)
		}
		photo, err := jpeg.Decode(&buf)
		if err != nil {
			b.Fatalf("scene %d: %v", i, err)
		}
		photos = append(photos, photo)
	}
	benchmarkScans(b, Options{Reader: reader(b), FaceModel: true}, photos)
}

func benchmarkScan(b *testing.B, o Options) {
	benchmarkScans(b, o, benchScenes(b))
}

// benchScenes are BenchmarkScanPyramids's three normal 1640x1232
// scenes.
func benchScenes(b *testing.B) []image.Image {
	var imgs []image.Image
	for _, seed := range []int64{21, 22, 23} {
		state, err := render.RandomState("pyramids", seed)
		if err != nil {
			b.Fatal(err)
		}
		opt, err := render.RandomOptions(seed, "normal")
		if err != nil {
			b.Fatal(err)
		}
		opt.Width, opt.Height = 1640, 1232
		opt.Clutter = 0
		sc, err := render.Render("pyramids", state, opt)
		if err != nil {
			b.Fatal(err)
		}
		imgs = append(imgs, sc.Image)
	}
	return imgs
}

// BenchmarkScanPyramidsEdges: hard scenes whose board is found by its
// straight edges (edgeFrame): no light region is a board (makers' hard
// 8300 scene 0), or the outline's lattice disagrees (makers' hard 9100
// scene 15, hard 7100 scene 18). The normal scenes of
// BenchmarkScanPyramids never take that path.
func BenchmarkScanPyramidsEdges(b *testing.B) {
	imgs := hardBenchScenes(b, []hardBench{{8300*100000 + 0, true}, {9100*100000 + 15, true}, {7100*100000 + 18, false}})
	benchmarkScans(b, Options{Reader: reader(b), FaceModel: true}, imgs)
}

// benchmarkScans scans the pictures in turn, reporting the median wall
// time and the processor time a scan.
func benchmarkScans(b *testing.B, o Options, imgs []image.Image) {
	for i, img := range imgs {
		if _, err := Scan(img, o); err != nil {
			b.Fatalf("picture %d: %v", i, err)
		}
	}
	var times []float64
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := Scan(imgs[i%len(imgs)], o); err != nil {
			b.Fatal(err)
		}
		times = append(times, float64(time.Since(t0).Microseconds())/1000)
	}
	b.StopTimer()
	sort.Float64s(times)
	b.ReportMetric(times[len(times)/2], "median-ms")
	// the process's processor time (every thread) a scan: on a loaded
	// machine the wall time says more about the load than the scan
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// cpuTime is the processor time this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestScanHandOverCorner: a hand over one corner or side of the playing
// area cuts it off the light region; the board is still found, by moving
// the cut corner out along its sides (completeCorner), also when a light
// table runs off the picture's edge beside the board.
func TestScanHandOverCorner(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	for _, tc := range []struct {
		name   string
		seed   int64
		varied bool // another maker's set (render-set --maker varied)
	}{
		{"hand over a corner (hard seed 3000, scene 15)", 3000*100000 + 15, false},
		{"hand over the north side, light table cut by the picture's edge (hard seed 3100, scene 18)", 3100*100000 + 18, false},
		{"hand over the south-west corner, an outline short of it ranked first, moved to the printed lines (makers' hard seed 8300, scene 2)", 8300*100000 + 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) { handOverCorner(t, tc.seed, tc.varied) })
	}
	// as render-set writes it (JPEG at the scene's quality): the outline
	// short of the corner has its north side on the hand's edge, so the
	// corner moved along the west side alone leaves the north side a
	// fifth of a square inside the runway (completeRefined)
	t.Run("hand over the north-west corner bending the outline's north side (hard seed 93550, scene 20, JPEG)", func(t *testing.T) {
		scanHard(t, 93550*100000+20, false, true, true)
	})
}

// TestScanHandJoinsTable: a hand that reaches over the border joins the
// playing area to a light table or the picture's edge, so that no light
// region is a board (the scan said "partly out of view"); the board is
// found by its straight edges (edgeFrame). And an outline that is not
// where its printed lines are is replaced by the edges' frame when that
// one is.
func TestScanHandJoinsTable(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	for _, tc := range []struct {
		name   string
		seed   int64
		varied bool
	}{
		{"fingers over the west runway reach the picture's edge, felt table (makers' hard seed 8200, scene 4)", 8200*100000 + 4, true},
		{"lace table joined to the runway by the hand's shadow (makers' hard seed 8300, scene 0)", 8300*100000 + 0, true},
		{"the east runway joined to a lace table beside the arm (hard seed 3200, scene 17)", 3200*100000 + 17, false},
	} {
		t.Run(tc.name, func(t *testing.T) { handOverCorner(t, tc.seed, tc.varied) })
	}
	t.Run("the outline found 124 px off, said unplaced: the edges' frame is placed (makers' hard seed 8500, scene 17)", func(t *testing.T) {
		hardScene(t, 8500*100000+17, true, false)
	})
	// outlines the placement check passes but whose lattice disagrees
	// (latticeAgrees): found one ring of squares off before
	for _, tc := range []struct {
		name   string
		seed   int64
		varied bool
	}{
		{"a corner completed past a hand, 75 px off (makers' hard seed 9100, scene 15)", 9100*100000 + 15, true},
		{"an outline 43 px off (hard seed 7100, scene 18)", 7100*100000 + 18, false},
	} {
		t.Run(tc.name, func(t *testing.T) { hardScene(t, tc.seed, tc.varied, false) })
	}
}

// TestScanHandAcrossSide: a hand, or its shadow, across most of one side
// of the runway leaves too little of that side's edge for a straight
// line, while the other three sides show whole; no light region is a
// board and no four straight edges make one. The board is found from
// the three sides, the far side placed where the runway's printed lines
// along the two sides that run to it put it (threeSideFrame). The
// scenes as render-set writes them (JPEG at the scene's quality).
func TestScanHandAcrossSide(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	for _, tc := range []struct {
		name string
		seed int64
		hand bool
	}{
		{"fingers across the north runway, the arm to the picture's edge, lace table (hard seed 97550, scene 1)", 97550*100000 + 1, true},
		{"a hand over the north-west corner and most of the west side, lace table (hard seed 97550, scene 4)", 97550*100000 + 4, true},
		{"fingers across the north-east runway, dark felt table (hard seed 97550, scene 14)", 97550*100000 + 14, true},
		{"the arm's shadow over the west runway, blurred, lace table (hard seed 97800, scene 6)", 97800*100000 + 6, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := scanHard(t, tc.seed, false, tc.hand, true)
			// what hides the side may lie over squares: none is sure
			if !r.SideHidden {
				t.Error("the reading does not say a side was hidden")
			}
			for _, sq := range r.Squares {
				if sq.Sure || sq.ColourSure {
					t.Fatalf("row %d col %d is sure on a board found from three sides", sq.Pos.Row, sq.Pos.Col)
				}
			}
		})
	}
}

// TestScanShadowAcrossCorner: two photos of one game (the lead's tuning
// game `eval-game --game pyramids --difficulty hard --seed 110807`, game
// 1: a dim room, the shadow of something beside the board across the
// runway's north-east corner, another maker's board), each with its true
// board beside it in testdata/scenes. No light region of either is a
// board; both were refused at main as "no board found".
//   - shadow-corner (the set-up): the runway's west, south and east
//     edges give a frame from three sides whose printed lines agree,
//     but refining it onto the runway's edge follows the shadow's edge
//     48 px into the board and its lines no longer agree; the frame is
//     kept as it was found (bestRefined) rather than dropped.
//   - thick-lines (turn 2): this maker's printed lines are thick and as
//     dark as the border, so the runway's south and west edges show as
//     one short edge a square, each shorter than a segment; they are
//     found on the second search, which bridges wider gaps
//     (edgeWideGap).
//
// A board placed a ring off reads most of the 100 squares wrong; a frame
// from three sides has none sure.
func TestScanShadowAcrossCorner(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		threeSided bool
	}{
		{"a shadow draws the refinement off the runway (set-up)", "shadow-corner", true},
		{"thick printed lines break the runway's edge (turn 2)", "thick-lines", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, err := loadImage(filepath.Join("testdata", "scenes", tc.file+".jpg"))
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(filepath.Join("testdata", "scenes", tc.file+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			truth, err := pyramids.Parse(f, tc.file+".txt")
			if err != nil {
				t.Fatal(err)
			}
			r, err := Scan(img, Options{})
			if err != nil {
				t.Fatalf("the board is not found: %v", err)
			}
			if r.SideHidden != tc.threeSided {
				t.Errorf("SideHidden %v, want %v", r.SideHidden, tc.threeSided)
			}
			right := 0
			for _, sq := range r.Squares {
				if r.SideHidden && (sq.Sure || sq.ColourSure) {
					t.Errorf("row %d col %d is sure on a board found from three sides", sq.Pos.Row, sq.Pos.Col)
				}
				want := pyramids.NoColour
				if top, ok := truth.At(sq.Pos).Top(); ok {
					want = top.Colour
				}
				if sq.Colour == want {
					right++
				} else if sq.Sure || sq.ColourSure {
					t.Errorf("row %d col %d read %v and sure, truth %v", sq.Pos.Row, sq.Pos.Col, sq.Colour, want)
				}
			}
			t.Logf("%d of 100 right", right)
			if right < 95 {
				t.Errorf("%d of 100 squares' colour or emptiness right, want 95 or more", right)
			}
		})
	}
}

func handOverCorner(t *testing.T, seed int64, varied bool) { hardScene(t, seed, varied, true) }

// normalTruth is the committed normal scene's picture, its board's true
// outline and the frame on it.
func normalTruth(t *testing.T) (picture, vision.Quad, *frame) {
	t.Helper()
	img, err := loadImage(filepath.Join("testdata", "scenes", "normal.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := loadTruth(filepath.Join("testdata", "scenes", "normal.json"))
	if err != nil {
		t.Fatal(err)
	}
	p := toPicture(img)
	q := truthQuad(tr)
	truth, ok := newFrame(p, q, DefaultGeometry, nil)
	if !ok {
		t.Fatal("the true outline is not a board")
	}
	return p, q, truth
}

// TestLatticeAgrees: a frame on the board's outline finds the runway's
// printed lines where it puts them; one of the wrong pitch (two of its
// sides on printed lines inside the board, as two straight edges of a
// board cut by the picture's edge and two lines inside it make) finds
// them drifting and wrapping round.
func TestLatticeAgrees(t *testing.T) {
	p, q, truth := normalTruth(t)
	// the frame over the first k squares of each axis (board squares
	// through the true homography)
	part := func(kx, ky float64) vision.Quad {
		return vision.Quad{
			truth.h.Apply(vision.Point{X: 0, Y: 0}),
			truth.h.Apply(vision.Point{X: kx, Y: 0}),
			truth.h.Apply(vision.Point{X: kx, Y: ky}),
			truth.h.Apply(vision.Point{X: 0, Y: ky}),
		}
	}
	for _, tc := range []struct {
		name string
		q    vision.Quad
		want bool
	}{
		{"the board's outline", q, true},
		{"seven squares across, ten down", part(7, 10), false},
		{"ten across, eight down", part(10, 8), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &frame{p: p, geo: DefaultGeometry, corners: tc.q}
			if !f.fit(nil) {
				t.Fatal("the frame is not a board through the camera (the case is wrong)")
			}
			f.white = truth.white
			if got := f.latticeAgrees(); got != tc.want {
				t.Errorf("latticeAgrees = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestLatticeChecked: an outline whose lattice disagrees with the
// printed lines is replaced by the straight edges' frame, or read with
// no square sure when there is none; one that agrees is kept.
func TestLatticeChecked(t *testing.T) {
	p, _, truth := normalTruth(t)
	short := &frame{p: p, geo: DefaultGeometry, corners: vision.Quad{
		truth.h.Apply(vision.Point{X: 0, Y: 0}),
		truth.h.Apply(vision.Point{X: 9, Y: 0}),
		truth.h.Apply(vision.Point{X: 9, Y: 9}),
		truth.h.Apply(vision.Point{X: 0, Y: 9}),
	}}
	if !short.fit(nil) {
		t.Fatal("the frame one ring short is not a board through the camera (the case is wrong)")
	}
	short.white = truth.white
	for _, tc := range []struct {
		name      string
		best      *frame
		edges     *frame
		want      *frame
		wantDoubt bool
		wantEdges bool // the edges' search is run
	}{
		{"the true outline: kept, the edges not searched", truth, short, truth, false, false},
		{"one ring short, the edges' frame found: replaced", short, truth, truth, false, true},
		{"one ring short, no edges' frame: kept in doubt", short, nil, short, true, true},
		{"no outline: nothing", nil, truth, nil, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			searched := false
			got, doubt := latticeChecked(tc.best, p, func() *frame { searched = true; return tc.edges })
			if got != tc.want || doubt != tc.wantDoubt || searched != tc.wantEdges {
				t.Errorf("frame %p doubt %v edges searched %v; want %p, %v, %v", got, doubt, searched, tc.want, tc.wantDoubt, tc.wantEdges)
			}
		})
	}
}

// hardScene renders a hard scene (another maker's set when varied; with a
// hand when hand) and checks that the scan finds its board in place.
func hardScene(t *testing.T, seed int64, varied, hand bool) { scanHard(t, seed, varied, hand, false) }

// scanHard is hardScene, the picture passed through JPEG at the scene's
// own quality first when viaJPEG (as render-set writes it).
func scanHard(t *testing.T, seed int64, varied, hand, viaJPEG bool) *Reading {
	img, sc := renderHard(t, seed, varied, hand, viaJPEG)
	r, err := Scan(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	side := math.Hypot(sc.Truth.Board.Corners[1][0]-sc.Truth.Board.Corners[0][0], sc.Truth.Board.Corners[1][1]-sc.Truth.Board.Corners[0][1]) / pyramids.Size
	for i, c := range sc.Truth.Board.Corners {
		if d := math.Hypot(r.Corners[i].X-c[0], r.Corners[i].Y-c[1]); d > 0.2*side {
			t.Errorf("corner %d at %v, truth %v (%.1f px off)", i, r.Corners[i], c, d)
		}
	}
	return r
}

// renderHard renders the hard Pyramids scene of seed at 1640x1232 (in
// another maker's set when varied; hand: the scene must have a hand),
// passed through JPEG at the scene's own quality when viaJPEG (as
// render-set writes it: render-set's scene i of set S has the seed
// S*100000+i).
func renderHard(t *testing.T, seed int64, varied, hand, viaJPEG bool) (image.Image, *render.Scene) {
	t.Helper()
	state, err := render.RandomState("pyramids", seed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "hard")
	if err != nil {
		t.Fatal(err)
	}
	opt.Width, opt.Height = 1640, 1232
	if varied {
		set := render.RandomPyramidsSet(seed)
		opt.Pyramids = &set
		opt.FitGame("pyramids")
	}
	if hand && !opt.Hand {
		t.Fatalf("seed %d: the scene has no hand (the renderer changed): choose another", seed)
	}
	sc, err := render.Render("pyramids", state, opt)
	if err != nil {
		t.Fatal(err)
	}
	img := sc.Image
	if viaJPEG {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: opt.Quality}); err != nil {
			t.Fatal(err)
		}
		if img, err = jpeg.Decode(&b); err != nil {
			t.Fatal(err)
		}
	}
	return img, sc
}

// TestScanDarkTable: a lit board on a dark table is read although the
// picture's median is under darkLuma: too dark is judged on the board's
// own white once a board is found.
func TestScanDarkTable(t *testing.T) {
	easy, err := loadImage(filepath.Join("testdata", "scenes", "easy.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := loadTruth(filepath.Join("testdata", "scenes", "easy.json"))
	if err != nil {
		t.Fatal(err)
	}
	p := toPicture(easy)
	// the board with its border: the grid's corners moved out from its
	// centre by a fifth
	var cx, cy float64
	for _, c := range tr.Board.Corners {
		cx, cy = cx+c[0]/4, cy+c[1]/4
	}
	var hull []vision.Point
	for _, c := range tr.Board.Corners {
		hull = append(hull, vision.Point{X: cx + 1.2*(c[0]-cx), Y: cy + 1.2*(c[1]-cy)})
	}
	dark := image.NewRGBA(p.Rect)
	copy(dark.Pix, p.Pix[:len(dark.Pix)])
	for y := 0; y < p.H; y++ {
		for x := 0; x < p.W; x++ {
			if inHull(hull, vision.Point{X: float64(x), Y: float64(y)}) {
				continue
			}
			o := y*dark.Stride + 4*x
			for i := 0; i < 3; i++ {
				dark.Pix[o+i] /= 10
			}
		}
	}
	if med := medianLuma(toPicture(dark)); med >= darkLuma {
		t.Fatalf("the darkened table's picture has median %d, want under %d (the board fills too much of it)", med, darkLuma)
	}
	r, err := Scan(dark, Options{})
	if err != nil {
		t.Fatalf("a lit board on a dark table: %v", err)
	}
	side := math.Hypot(tr.Board.Corners[1][0]-tr.Board.Corners[0][0], tr.Board.Corners[1][1]-tr.Board.Corners[0][1]) / pyramids.Size
	for i, c := range tr.Board.Corners {
		if d := math.Hypot(r.Corners[i].X-c[0], r.Corners[i].Y-c[1]); d > 0.2*side {
			t.Errorf("corner %d at %v, truth %v (%.1f px off)", i, r.Corners[i], c, d)
		}
	}
}
