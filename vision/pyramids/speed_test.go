package pyramids

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"math"
	"math/rand"
	"path/filepath"
	"slices"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// TestConvexSidesMatchesInConvex: the polygon with its sides worked out
// once (convexSides, fitGeometry's inner loop) answers as inConvex for
// points inside, outside, on a side's line and on a corner, with either
// winding and with too few corners.
func TestConvexSidesMatchesInConvex(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	square := []vision.Point{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 0, Y: 4}}
	for _, tc := range []struct {
		name string
		poly []vision.Point
	}{
		{"square", square},
		{"square turned the other way", []vision.Point{square[3], square[2], square[1], square[0]}},
		{"two corners", square[:2]},
		{"triangle", []vision.Point{{X: 1, Y: 1}, {X: 7.5, Y: 2}, {X: 3, Y: 6.25}}},
		{"random hull", func() []vision.Point {
			var pts [9]vision.Point
			for i := range pts {
				pts[i] = vision.Point{X: rng.Float64() * 10, Y: rng.Float64() * 10}
			}
			h, n := hull(pts[:])
			return h[:n]
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cv convexSides
			cv.set(tc.poly)
			qs := []vision.Point{{X: 2, Y: 2}, {X: 0, Y: 2}, {X: 4, Y: 4}, {X: 8, Y: 0}, {X: -1, Y: -1}, {X: 2, Y: 0}}
			for i := 0; i < 500; i++ {
				qs = append(qs, vision.Point{X: rng.Float64()*12 - 1, Y: rng.Float64()*12 - 1})
			}
			in := 0
			for _, q := range qs {
				want := inConvex(tc.poly, q)
				if got := cv.in(q); got != want {
					t.Errorf("%v: convexSides %v, inConvex %v", q, got, want)
				}
				if want {
					in++
				}
			}
			if len(tc.poly) >= 3 && in == 0 {
				t.Errorf("no point of %d inside: the test tests nothing", len(qs))
			}
		})
	}
}

// TestConvexHullIntegers: the hull of integer points sorted as integers
// (convexHull) is the hull sorted as floats (convexHullF), corner for
// corner, with repeated, collinear and negative points and points past
// 32 bits (which take the floats' path).
func TestConvexHullIntegers(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	randomPts := func(n, span int) []image.Point {
		pts := make([]image.Point, n)
		for i := range pts {
			pts[i] = image.Pt(rng.Intn(span)-span/4, rng.Intn(span)-span/4)
		}
		return pts
	}
	for _, tc := range []struct {
		name string
		pts  []image.Point
	}{
		{"empty", nil},
		{"two points", []image.Point{{3, 4}, {1, 2}}},
		{"a line", []image.Point{{0, 0}, {1, 1}, {2, 2}, {3, 3}}},
		{"repeated corners", []image.Point{{0, 0}, {5, 0}, {5, 5}, {0, 5}, {0, 0}, {5, 5}, {2, 3}}},
		{"contour-like, 400 points", randomPts(400, 800)},
		{"dense, 3000 points in a small box", randomPts(3000, 40)},
		{"past 32 bits", []image.Point{{0, 0}, {1 << 33, 0}, {0, 1 << 33}, {5, 5}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fl := make([]vision.Point, len(tc.pts))
			for i, q := range tc.pts {
				fl[i] = vision.Point{X: float64(q.X), Y: float64(q.Y)}
			}
			orig := slices.Clone(tc.pts)
			got, want := convexHull(tc.pts), convexHullF(fl)
			if !slices.Equal(got, want) {
				t.Errorf("hull %v, want %v", got, want)
			}
			if !slices.Equal(orig, tc.pts) {
				t.Error("the points were changed")
			}
		})
	}
}

// TestLumaAlong: the edge profile written out (lumaAlong) is luma's at
// each of its points, bit for bit: across the picture, over its edges and
// corners (the last row and column) and off it.
func TestLumaAlong(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	m := image.NewRGBA(image.Rect(0, 0, 37, 23))
	for i := range m.Pix {
		m.Pix[i] = uint8(rng.Intn(256))
	}
	p := picture{RGBA: m, W: 37, H: 23}
	for _, tc := range []struct {
		name                  string
		cx, cy, nx, ny, reach float64
	}{
		{"across the middle", 18.3, 11.7, 0.6, 0.8, 6},
		{"along the last column", 36.5, 11, 0, 1, 9.5},
		{"through the bottom-right corner", 36, 22, 0.7071, 0.7071, 4},
		{"off the picture", -5, -5, -1, 0, 3},
		{"into the picture from outside", -3, 11.25, 1, 0, 8.25},
		{"inside, ending on the last column", 32.5, 11.5, 1, 0, 2.5},
		{"inside, ending half a pixel short of it", 32, 11.5, 1, 0, 2.5},
		{"inside, turned, both ways", 18.3, 11.7, -0.8, -0.6, 5.3},
		{"at the picture's top-left pixel", 2.5, 2.5, -0.6, -0.8, 0.4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := int(4*tc.reach) + 7
			got := p.lumaAlong(nil, tc.cx, tc.cy, tc.nx, tc.ny, tc.reach, n)
			if len(got) != n {
				t.Fatalf("%d points, want %d", len(got), n)
			}
			for j, v := range got {
				d := -tc.reach - 1.5 + 0.5*float64(j)
				if want := p.luma(tc.cx+d*tc.nx, tc.cy+d*tc.ny); math.Float64bits(v) != math.Float64bits(want) {
					t.Errorf("point %d: %v, luma %v", j, v, want)
				}
			}
		})
	}
}

// TestLumaAlongRandom: profiles of random places, directions and
// reaches, inside the picture, across its edges and off it, have luma's
// bits at every point (lumaAlong takes interiorProfile's loop, without
// the tests a point, when both ends are inside).
func TestLumaAlongRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	m := image.NewRGBA(image.Rect(0, 0, 61, 47))
	for i := range m.Pix {
		m.Pix[i] = uint8(rng.Intn(256))
	}
	p := picture{RGBA: m, W: 61, H: 47}
	for _, tc := range []struct {
		name     string
		min, max float64 // the centres' range, in both axes
	}{
		{"well inside", 20, 27},
		{"near the edges", -2, 63},
		{"anywhere", -30, 90},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fast := 0
			for k := 0; k < 400; k++ {
				cx := tc.min + rng.Float64()*(tc.max-tc.min)
				cy := tc.min + rng.Float64()*(tc.max-tc.min)
				a := rng.Float64() * 2 * math.Pi
				nx, ny := math.Cos(a), math.Sin(a)
				if k%7 == 0 {
					nx, ny = float64(k%3-1), float64((k/3)%3-1)
				}
				reach := 0.25 * float64(rng.Intn(60))
				n := int(4*reach) + 7
				prefix := []float64{42}
				got := p.lumaAlong(prefix, cx, cy, nx, ny, reach, n)
				if len(got) != n+1 || got[0] != 42 {
					t.Fatalf("%d values (first %v), want 42 and %d points", len(got), got[0], n)
				}
				inside := true
				for j, v := range got[1:] {
					d := -reach - 1.5 + 0.5*float64(j)
					x, y := cx+d*nx-0.5, cy+d*ny-0.5
					inside = inside && x >= 0 && y >= 0 && x < 60 && y < 46
					if want := p.luma(cx+d*nx, cy+d*ny); math.Float64bits(v) != math.Float64bits(want) {
						t.Fatalf("centre (%v, %v), normal (%v, %v), reach %v, point %d: %v, luma %v", cx, cy, nx, ny, reach, j, v, want)
					}
				}
				if inside {
					fast++
				}
			}
			if tc.name == "well inside" && fast < 100 {
				t.Errorf("only %d of 400 profiles wholly inside: the interior loop hardly checked", fast)
			}
		})
	}
}

// BenchmarkLumaAlong samples edge profiles as the outline's refinement
// does (54 a side, 147 points each) on a 1640x1232 picture.
func BenchmarkLumaAlong(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	m := image.NewRGBA(image.Rect(0, 0, 1640, 1232))
	for i := range m.Pix {
		m.Pix[i] = uint8(rng.Intn(256))
	}
	p := picture{RGBA: m, W: 1640, H: 1232}
	var prof []float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 3; k < 57; k++ {
			prof = p.lumaAlong(prof[:0], 400+9.3*float64(k), 300+1.7*float64(k), 0.17, -0.98, 36.2, 151)
		}
	}
}

// BenchmarkLocatePyramids is the first half of a scan (locate: the
// board's outline, the squares' colours, the pyramids' proportions) on
// BenchmarkScanPyramids's scenes, reporting processor time a locate.
func BenchmarkLocatePyramids(b *testing.B) {
	imgs := benchScenes(b)
	for i, img := range imgs {
		if _, err := locate(img, Options{}); err != nil {
			b.Fatalf("picture %d: %v", i, err)
		}
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := locate(imgs[i%len(imgs)], Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkThreeSides is the three sides' search alone (threeSideFrame,
// over the picture's straight edges found once) on two hard scenes it
// runs on: one whose board it finds (a hand across the north-east
// runway, hard seed 97550 scene 14) and one whose board runs off the
// picture, where it finds none (hard seed 97850 scene 4); it reports
// the processor time of a search.
func BenchmarkThreeSides(b *testing.B) {
	type scene struct {
		p     picture
		ls    []edgeLine
		scale float64
	}
	var scenes []scene
	for _, seed := range []int64{97550*100000 + 14, 97850*100000 + 4} {
		state, err := render.RandomState("pyramids", seed)
		if err != nil {
			b.Fatal(err)
		}
		opt, err := render.RandomOptions(seed, "hard")
		if err != nil {
			b.Fatal(err)
		}
		sc, err := render.Render("pyramids", state, opt)
		if err != nil {
			b.Fatal(err)
		}
		p := toPicture(sc.Image)
		ls, scale := straightEdges(p)
		scenes = append(scenes, scene{p, ls, scale})
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := scenes[i%len(scenes)]
		threeSideFrame(s.p, s.ls, s.scale, DefaultGeometry, nil)
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// TestValueSatOnePass: valueSat's one conversion (RGBA to HSV) gives
// the value and saturation bytes of the two it replaced (RGBA to BGR,
// BGR to HSV), on the test scenes at the outline search's size and at
// their own, and on every colour a byte channel can hold.
func TestValueSatOnePass(t *testing.T) {
	twoPass := func(rgba gocv.Mat) (v, sat []byte) {
		bgr, hsv := gocv.NewMat(), gocv.NewMat()
		defer bgr.Close()
		defer hsv.Close()
		gocv.CvtColor(rgba, &bgr, gocv.ColorRGBAToBGR)
		gocv.CvtColor(bgr, &hsv, gocv.ColorBGRToHSV)
		b := hsv.ToBytes()
		for i := 0; i+2 < len(b); i += 3 {
			sat, v = append(sat, b[i+1]), append(v, b[i+2])
		}
		return v, sat
	}
	// every colour with 4-step channels: 64^3 pixels, one row of 512
	all := image.NewRGBA(image.Rect(0, 0, 512, 512))
	for i := 0; i < 512*512; i++ {
		all.Pix[4*i], all.Pix[4*i+1], all.Pix[4*i+2], all.Pix[4*i+3] = uint8(4*(i&63)), uint8(4*((i>>6)&63)), uint8(4*(i>>12)), 255
	}
	pics := map[string]*image.RGBA{"colours": all}
	for _, name := range []string{"easy", "normal"} {
		img, err := loadImage(filepath.Join("testdata", "scenes", name+".jpg"))
		if err != nil {
			t.Fatal(err)
		}
		pics[name] = toPicture(img).RGBA
	}
	for name, pic := range pics {
		for _, side := range []int{0, workSide} {
			src, err := gocv.NewMatFromBytes(pic.Rect.Dy(), pic.Rect.Dx(), gocv.MatTypeCV8UC4, pic.Pix)
			if err != nil {
				t.Fatal(err)
			}
			if side > 0 {
				small := gocv.NewMat()
				gocv.Resize(src, &small, image.Pt(side, side*pic.Rect.Dy()/pic.Rect.Dx()), 0, 0, gocv.InterpolationArea)
				src.Close()
				src = small
			}
			wantV, wantS := twoPass(src)
			v, s := valueSat(src)
			if !bytes.Equal(v.ToBytes(), wantV) || !bytes.Equal(s.ToBytes(), wantS) {
				t.Errorf("%s at side %d: value or saturation differs from the two conversions", name, side)
			}
			release(&v)
			release(&s)
			src.Close()
		}
	}
}

// TestReducedColours: the picture reduced for the outline and edge
// searches (reduced: the alpha dropped, then averaged down) holds the
// colours of the RGBA picture averaged down as it is, byte for byte,
// and its grey is the RGBA picture's reduced grey: on the test scenes
// (photos), on every colour with 4-step channels (a 512x512 picture of
// them) and on noise, at the searches' size and at odd sizes.
func TestReducedColours(t *testing.T) {
	all := image.NewRGBA(image.Rect(0, 0, 512, 512))
	for i := 0; i < 512*512; i++ {
		all.Pix[4*i], all.Pix[4*i+1], all.Pix[4*i+2], all.Pix[4*i+3] = uint8(4*(i&63)), uint8(4*((i>>6)&63)), uint8(4*(i>>12)), 255
	}
	noise := image.NewRGBA(image.Rect(0, 0, 1001, 777))
	rng := rand.New(rand.NewSource(11))
	for i := range noise.Pix {
		noise.Pix[i] = uint8(rng.Intn(256))
	}
	pics := map[string]*image.RGBA{"colours": all, "noise": noise}
	for _, name := range []string{"easy", "normal", "shadow-corner"} {
		img, err := loadImage(filepath.Join("testdata", "scenes", name+".jpg"))
		if err != nil {
			t.Fatal(err)
		}
		pics[name] = toPicture(img).RGBA
	}
	for name, pic := range pics {
		w, h := pic.Rect.Dx(), pic.Rect.Dy()
		for _, ws := range []image.Point{{workSide, workSide * h / w}, {w / 3, h / 3}, {w*2/5 + 1, h*3/7 + 1}} {
			t.Run(fmt.Sprintf("%s to %dx%d", name, ws.X, ws.Y), func(t *testing.T) {
				src, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC4, pic.Pix)
				if err != nil {
					t.Fatal(err)
				}
				defer src.Close()
				want, wantGrey := gocv.NewMat(), gocv.NewMat()
				defer want.Close()
				defer wantGrey.Close()
				gocv.Resize(src, &want, ws, 0, 0, gocv.InterpolationArea)
				gocv.CvtColor(want, &wantGrey, gocv.ColorRGBAToGray)
				got := reduced(src, ws)
				defer release(&got)
				grey := gocv.NewMat()
				defer grey.Close()
				gocv.CvtColor(got, &grey, gocv.ColorRGBToGray)
				if got.Channels() != 3 || got.Cols() != ws.X || got.Rows() != ws.Y {
					t.Fatalf("reduced to %dx%d, %d channels; want %dx%d, 3", got.Cols(), got.Rows(), got.Channels(), ws.X, ws.Y)
				}
				wb, gb := want.ToBytes(), got.ToBytes()
				diff := 0
				for i := 0; i < ws.X*ws.Y; i++ {
					for c := 0; c < 3; c++ {
						if wb[4*i+c] != gb[3*i+c] {
							diff++
						}
					}
				}
				if diff > 0 {
					t.Errorf("%d of %d colour bytes differ from the RGBA picture reduced", diff, 3*ws.X*ws.Y)
				}
				if !bytes.Equal(grey.ToBytes(), wantGrey.ToBytes()) {
					t.Error("the grey differs from the RGBA picture's reduced grey")
				}
			})
		}
	}
}

// TestToPictureBands: a picture that is not RGBA at the origin (a
// JPEG's YCbCr, grey, NRGBA, an RGBA cut out of a larger one) is
// converted in bands on the processors, to the bytes of one conversion
// of the whole picture.
func TestToPictureBands(t *testing.T) {
	photo, err := loadImage(filepath.Join("testdata", "scenes", "normal.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := photo.(*image.YCbCr); !ok {
		t.Fatalf("the test scene decodes to %T, not a JPEG's YCbCr", photo)
	}
	rng := rand.New(rand.NewSource(13))
	grey := image.NewGray(image.Rect(0, 0, 333, 97))
	for i := range grey.Pix {
		grey.Pix[i] = uint8(rng.Intn(256))
	}
	nrgba := image.NewNRGBA(image.Rect(0, 0, 211, 150))
	for i := range nrgba.Pix {
		nrgba.Pix[i] = uint8(rng.Intn(256))
	}
	big := image.NewRGBA(image.Rect(0, 0, 300, 200))
	for i := range big.Pix {
		big.Pix[i] = uint8(rng.Intn(256))
	}
	for _, tc := range []struct {
		name string
		img  image.Image
	}{
		{"photo (YCbCr)", photo},
		{"photo cut off its origin", photo.(*image.YCbCr).SubImage(image.Rect(37, 51, 1201, 803))},
		{"grey, three rows a band", grey.SubImage(image.Rect(5, 0, 333, 13))},
		{"grey", grey},
		{"NRGBA", nrgba},
		{"RGBA cut out of a larger one", big.SubImage(image.Rect(10, 20, 290, 170))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.img.Bounds()
			want := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
			draw.Draw(want, want.Rect, tc.img, b.Min, draw.Src)
			p := toPicture(tc.img)
			if p.W != b.Dx() || p.H != b.Dy() || p.Rect != want.Rect || !bytes.Equal(p.Pix, want.Pix) {
				t.Error("the picture differs from one conversion of the whole")
			}
		})
	}
}

// TestContourHullPoints: the hull of a contour's hull points
// (contourHullPoints: OpenCV's hull, read in one call) is the hull of all
// its points, corner for corner, on the contours of a rendered scene's
// light mask and on point sets with sides full of points, repeated
// points, all on one line, a circle and random clouds; at or under
// hullDirect points it reads every point.
func TestContourHullPoints(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	var sets [][]image.Point
	var square []image.Point
	for i := 0; i <= 40; i++ {
		square = append(square, image.Pt(i, 0), image.Pt(40, i), image.Pt(40-i, 40), image.Pt(0, 40-i))
	}
	sets = append(sets, square)
	var line []image.Point
	for i := 0; i < 30; i++ {
		line = append(line, image.Pt(3+2*i, 7+i))
	}
	sets = append(sets, line)
	var repeated []image.Point
	for i := 0; i < 25; i++ {
		repeated = append(repeated, image.Pt(5, 5), image.Pt(9, 5), image.Pt(9, 5), image.Pt(7, 12))
	}
	sets = append(sets, repeated)
	var circle []image.Point
	for i := 0; i < 200; i++ {
		a := 2 * math.Pi * float64(i) / 200
		circle = append(circle, image.Pt(500+int(math.Round(300*math.Cos(a))), 400+int(math.Round(300*math.Sin(a)))))
	}
	sets = append(sets, circle)
	for _, n := range []int{3, 10, 17, 60, 400} {
		var cloud []image.Point
		for i := 0; i < n; i++ {
			cloud = append(cloud, image.Pt(rng.Intn(90), rng.Intn(70)))
		}
		sets = append(sets, cloud)
	}
	// the contours of a scene's light mask, as findOutlines finds them
	img, err := loadImage(filepath.Join("testdata", "scenes", "normal.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	p := toPicture(img)
	src, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC4, p.Pix[:p.H*p.Stride])
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	grey := gocv.NewMat()
	defer grey.Close()
	gocv.CvtColor(src, &grey, gocv.ColorRGBAToGray)
	mask := gocv.NewMat()
	defer mask.Close()
	gocv.Threshold(grey, &mask, 150, 255, gocv.ThresholdBinary)
	cs := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxNone)
	defer cs.Close()
	long := 0
	for i := 0; i < cs.Size(); i++ {
		sets = append(sets, contourPoints(cs.At(i)))
		if cs.At(i).Size() > hullDirect {
			long++
		}
	}
	if long < 5 {
		t.Fatalf("the scene's mask has %d contours of over %d points: the test tests little", long, hullDirect)
	}
	for i, pts := range sets {
		pv := gocv.NewPointVectorFromPoints(pts)
		got := contourHullPoints(pv)
		pv.Close()
		if len(pts) <= hullDirect && !slices.Equal(got, pts) {
			t.Errorf("set %d (%d points): %d points read, not every point", i, len(pts), len(got))
		}
		if want, g := convexHull(pts), convexHull(got); !slices.Equal(g, want) {
			t.Errorf("set %d (%d points, %d hull points): hull %v, want %v", i, len(pts), len(got), g, want)
		}
	}
}
