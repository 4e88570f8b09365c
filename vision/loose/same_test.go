package loose

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"math/rand"
	"slices"
	"testing"
)

// The speed work of 4 Dec (docs/loose-tiles.md, "BenchmarkScanLoose100
// with less work") replaced a few calls with their values written out or
// looked up; each must give what it replaced for every input, the edge
// cases (NaN, infinities, negative zero, the ends of the byte range)
// included.

func TestClampToIsMaxMin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		v, hi float64
	}{
		{"inside", 17.25, 639},
		{"below", -3.5, 639},
		{"above", 700.1, 639},
		{"at zero", 0, 639},
		{"negative zero", math.Copysign(0, -1), 639},
		{"negative zero, hi zero", math.Copysign(0, -1), 0},
		{"at hi", 639, 639},
		{"NaN", math.NaN(), 639},
		{"plus infinity", math.Inf(1), 639},
		{"minus infinity", math.Inf(-1), 639},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := math.Max(0, math.Min(tc.hi, tc.v))
			got := clampTo(tc.v, tc.hi)
			if math.IsNaN(want) != math.IsNaN(got) || (!math.IsNaN(want) && got != want) {
				t.Errorf("clampTo(%v, %v) = %v, want %v", tc.v, tc.hi, got, want)
			}
			// A zero of either sign is 0 to int and to the sums.
			if !math.IsNaN(want) && int(got) != int(want) {
				t.Errorf("int(clampTo(%v, %v)) = %d, want %d", tc.v, tc.hi, int(got), int(want))
			}
		})
	}
}

func TestRidgeOfIsMin(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		name string
		a, b float64
	}{
		{"both over", 12, 30},
		{"both over 40", 50, 70},
		{"one under", 12, -3},
		{"both under", -12, -3},
		{"a zero", 0, 5},
		{"negative zero", math.Copysign(0, -1), 5},
		{"a NaN", nan, 5},
		{"b NaN", 5, nan},
		{"infinity", math.Inf(1), 5},
		{"both infinite", math.Inf(1), math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := math.Min(tc.a, tc.b)
			wantOK := v > 0
			want := 0.0
			if wantOK {
				want = math.Min(v, 40)
			}
			got, ok := ridgeOf(tc.a, tc.b)
			if ok != wantOK || (ok && got != want) {
				t.Errorf("ridgeOf(%v, %v) = %v, %v; want %v, %v", tc.a, tc.b, got, ok, want, wantOK)
			}
		})
	}
}

func TestByteRankIsSorted(t *testing.T) {
	rng := rand.New(rand.NewSource(96500))
	bytes := func(n, lo, hi int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(lo + rng.Intn(hi-lo+1))
		}
		return v
	}
	for _, tc := range []struct {
		name string
		v    []float64
	}{
		{"empty", nil},
		{"one", []float64{7}},
		{"two", []float64{200, 3}},
		{"ends of the range", []float64{0, 255, 0, 255, 255}},
		{"many", bytes(5001, 0, 255)},
		{"narrow", bytes(999, 120, 131)},
		{"not whole", []float64{1.5, 3, 2}},
		{"over a byte", []float64{256, 3, 2}},
		{"negative", []float64{-1, 3, 2}},
		{"negative zero", []float64{math.Copysign(0, -1), 0, 2}},
		{"NaN", []float64{math.NaN(), 3, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			same := func(what string, got, want float64) {
				if math.IsNaN(got) && math.IsNaN(want) {
					return
				}
				if got != want || math.Signbit(got) != math.Signbit(want) {
					t.Errorf("%s = %v, want %v", what, got, want)
				}
			}
			same("byteMedian", byteMedian(tc.v), median(tc.v))
			for _, q := range []float64{0, 0.1, 0.5, 0.75, 1} {
				same("byteQuantile", byteQuantile(tc.v, q), quantile(tc.v, q))
			}
		})
	}
}

func TestChromaFarIsHypot(t *testing.T) {
	for _, tc := range []struct {
		name       string
		fa, fb, tl float64
	}{
		{"middle", 128, 131, 6.5},
		{"whole tolerance", 140, 120, 9},
		{"at a corner", 0, 255, 4},
		{"between levels", 127.5, 133.25, 5.75},
	} {
		t.Run(tc.name, func(t *testing.T) {
			far := chromaFar(tc.fa, tc.fb, tc.tl)
			n := 0
			for a := range 256 {
				for b := range 256 {
					want := math.Hypot(float64(a)-tc.fa, float64(b)-tc.fb) > tc.tl
					if far[a<<8|b] != want {
						t.Fatalf("chroma (%d, %d): far %v, want %v", a, b, far[a<<8|b], want)
					}
					if !want {
						n++
					}
				}
			}
			if n == 0 {
				t.Errorf("no chroma near (%v, %v): the case tests nothing", tc.fa, tc.fb)
			}
		})
	}
}

func TestQuadSidesIsInsideConvex(t *testing.T) {
	rng := rand.New(rand.NewSource(96501))
	for _, tc := range []struct {
		name string
		q    [4]Point
	}{
		{"square", [4]Point{{10, 10}, {30, 10}, {30, 30}, {10, 30}}},
		{"turned", [4]Point{{20, 5}, {35, 20}, {20, 35}, {5, 20}}},
		{"other way round", [4]Point{{10, 30}, {30, 30}, {30, 10}, {10, 10}}},
		{"skewed, fractions", [4]Point{{11.3, 9.7}, {33.1, 12.2}, {29.6, 31.9}, {8.4, 28.05}}},
		{"degenerate", [4]Point{{10, 10}, {30, 30}, {30, 30}, {10, 10}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convexSides(tc.q)
			in := 0
			for y := 0; y < 40; y++ {
				r := s.row(float64(y))
				for x := 0; x < 40; x++ {
					p := Point{float64(x), float64(y)}
					want := insideConvex(tc.q, p)
					if got := s.inside(&r, p.X); got != want {
						t.Fatalf("(%d, %d): inside %v, want %v", x, y, got, want)
					}
					if want {
						in++
					}
				}
			}
			if in == 0 {
				t.Errorf("no pixel inside: the case tests nothing")
			}
			// Off the pixel grid too.
			for k := 0; k < 200; k++ {
				p := Point{40 * rng.Float64(), 40 * rng.Float64()}
				r := s.row(p.Y)
				if got, want := s.inside(&r, p.X), insideConvex(tc.q, p); got != want {
					t.Fatalf("%v: inside %v, want %v", p, got, want)
				}
			}
		})
	}
}

func TestScaledOncePerSize(t *testing.T) {
	const w, h = 90, 70
	src := rgbImage{w: w, h: h, pix: make([]byte, 3*w*h)}
	for i := range src.pix {
		src.pix[i] = byte(i * 7)
	}
	cached := src
	cached.sc = &scaleCache{}
	for _, tc := range []struct {
		name  string
		scale float64
	}{
		{"half", 0.5},
		{"a third", 1.0 / 3},
		{"half again", 0.5},
		{"whole", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, got := src.scaled(tc.scale), cached.scaled(tc.scale)
			if got.w != want.w || got.h != want.h || string(got.pix) != string(want.pix) {
				t.Fatalf("cached reduction %dx%d differs from the reduction %dx%d", got.w, got.h, want.w, want.h)
			}
			if tc.scale < 1 && got.sc != nil {
				t.Errorf("a reduction has a cache of its own (its sizes are not the photo's)")
			}
			if again := cached.scaled(tc.scale); tc.scale < 1 && &again.pix[0] != &got.pix[0] {
				t.Errorf("the same size reduced twice")
			}
		})
	}
}

// TestCopyRGBIsBytewise: copyRGB (eight-byte words) copies what the
// byte-by-byte loop it replaced copied, for rows of every short width,
// an out shorter than the row, and a row shorter than out.
func TestCopyRGBIsBytewise(t *testing.T) {
	rng := rand.New(rand.NewSource(97700))
	for _, tc := range []struct {
		name         string
		pixels, outN int // row pixels, out bytes
	}{
		{"empty", 0, 0},
		{"one pixel", 1, 3},
		{"two pixels", 2, 6},
		{"three pixels", 3, 9},
		{"four pixels", 4, 12},
		{"five pixels", 5, 15},
		{"seven pixels", 7, 21},
		{"eight pixels", 8, 24},
		{"nine pixels", 9, 27},
		{"a crop row", 64, 192},
		{"a photo row", 1640, 4920},
		{"out short by a pixel", 10, 27},
		{"out short by a byte", 10, 29},
		{"row short", 5, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			row := make([]byte, 4*tc.pixels)
			for i := range row {
				row[i] = byte(rng.Intn(256))
			}
			got, want := make([]byte, tc.outN), make([]byte, tc.outN)
			for i := range got {
				got[i] = byte(rng.Intn(256))
				want[i] = got[i]
			}
			copyRGB(got, row)
			r, o := row, want
			for len(r) >= 4 && len(o) >= 3 {
				o[0], o[1], o[2] = r[0], r[1], r[2]
				r, o = r[4:], o[3:]
			}
			if !bytes.Equal(got, want) {
				t.Errorf("copyRGB = %v, want %v", got, want)
			}
		})
	}
}

// TestToRGBYCbCrIsAt: toRGB of a JPEG's picture (offsets by row and by
// column) gives each pixel the colour its YCbCrAt converts to, at every
// subsample ratio, on odd sizes and on sub-images whose corner is odd.
func TestToRGBYCbCrIsAt(t *testing.T) {
	rng := rand.New(rand.NewSource(112150))
	ratios := []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410}
	for _, ratio := range ratios {
		for _, tc := range []struct {
			name string
			r    image.Rectangle // the picture's bounds
			sub  image.Rectangle // the part converted (empty: all)
		}{
			{"odd size", image.Rect(0, 0, 37, 23), image.Rectangle{}},
			{"odd origin", image.Rect(3, 5, 40, 26), image.Rectangle{}},
			{"sub-image at an odd corner", image.Rect(0, 0, 41, 29), image.Rect(7, 3, 30, 28)},
			{"one pixel", image.Rect(0, 0, 9, 9), image.Rect(5, 5, 6, 6)},
		} {
			t.Run(ratio.String()+" "+tc.name, func(t *testing.T) {
				m := image.NewYCbCr(tc.r, ratio)
				for _, pl := range [][]byte{m.Y, m.Cb, m.Cr} {
					for i := range pl {
						pl[i] = byte(rng.Intn(256))
					}
				}
				var img image.Image = m
				if !tc.sub.Empty() {
					img = m.SubImage(tc.sub)
				}
				got := toRGB(img)
				b := img.Bounds()
				yc := img.(*image.YCbCr)
				for y := b.Min.Y; y < b.Max.Y; y++ {
					for x := b.Min.X; x < b.Max.X; x++ {
						c := yc.YCbCrAt(x, y)
						r, g, bb := color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
						o := 3 * ((y-b.Min.Y)*got.w + x - b.Min.X)
						if got.pix[o] != r || got.pix[o+1] != g || got.pix[o+2] != bb {
							t.Fatalf("(%d, %d): %v, want %v", x, y, got.pix[o:o+3], []byte{r, g, bb})
						}
					}
				}
			})
		}
	}
}

// TestPhaseRowsCountsAsPoints: latticeFill's cell counts made by
// phaseRows (points gathered by column and key, once for the six phases
// down) are the counts the point-by-point loop made, at every pair of
// phases, on patches of joined tiles turned by several angles and on
// scattered points; and the keyed path is the one taken there.
func TestPhaseRowsCountsAsPoints(t *testing.T) {
	rng := rand.New(rand.NewSource(97701))
	scattered := make([]image.Point, 3000)
	for i := range scattered {
		scattered[i] = image.Pt(rng.Intn(400), rng.Intn(300))
	}
	for _, tc := range []struct {
		name  string
		pts   []image.Point
		side  float64
		theta float64 // radians, the lattice's direction
	}{
		{"five joined, square", joinedTiles(5, 1, 30, 0), 30, 0},
		{"three by two, turned", joinedTiles(3, 2, 30, 17), 30, 17 * math.Pi / 180},
		{"four by three, turned back", joinedTiles(4, 3, 41, -8), 41, -8 * math.Pi / 180},
		{"small tiles", joinedTiles(6, 5, 11, 33), 11, 33 * math.Pi / 180},
		{"scattered points", scattered, 23, 0.4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ux, uy := math.Cos(tc.theta), math.Sin(tc.theta)
			vx, vy := -uy, ux
			us, vs := make([]float64, len(tc.pts)), make([]float64, len(tc.pts))
			minU, minV, maxU, maxV := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for i, p := range tc.pts {
				x, y := float64(p.X), float64(p.Y)
				us[i], vs[i] = x*ux+y*uy, x*vx+y*vy
				minU, minV = math.Min(minU, us[i]), math.Min(minV, vs[i])
				maxU, maxV = math.Max(maxU, us[i]), math.Max(maxV, vs[i])
			}
			const steps = 6
			var rows phaseRows
			cu := make([]int32, len(us))
			for _, f := range []float64{0.96, 1.0, 1.04, 1.08} {
				pitch := tc.side * f
				var cvs [steps][]int32
				for iv := range cvs {
					pv := minV - 0.5 - pitch*float64(iv)/steps
					cvs[iv] = make([]int32, len(vs))
					for i, v := range vs {
						cvs[iv][i] = int32((v - pv) / pitch)
					}
				}
				if !rows.key(cvs[:]) {
					t.Fatalf("pitch %.2f: the rows were not keyed", pitch)
				}
				for iu := 0; iu < steps; iu++ {
					pu := minU - 0.5 - pitch*float64(iu)/steps
					for i, u := range us {
						cu[i] = int32((u - pu) / pitch)
					}
					nu := int((maxU-pu)/pitch) + 2
					rows.count(cu, nu)
					for iv := 0; iv < steps; iv++ {
						pv := minV - 0.5 - pitch*float64(iv)/steps
						nv := int((maxV-pv)/pitch) + 2
						want, got := make([]int, nu*nv), make([]int, nu*nv)
						for i, c := range cu {
							want[int(cvs[iv][i])*nu+int(c)]++
						}
						rows.add(got, iv, nu)
						if !slices.Equal(got, want) {
							t.Fatalf("pitch %.2f, phases %d, %d: counts %v, want %v", pitch, iu, iv, got, want)
						}
					}
				}
			}
		})
	}
}

// TestPhaseRowsKeyRefuses: rows that are not the first or the next at a
// later phase (or a negative row) are not keyed: latticeFill counts the
// points one by one then.
func TestPhaseRowsKeyRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		cvs  [][]int32
		want bool
	}{
		{"first or next", [][]int32{{0, 3, 5}, {0, 4, 5}, {1, 4, 6}}, true},
		{"two rows on", [][]int32{{0, 3}, {0, 5}}, false},
		{"a row back", [][]int32{{2, 3}, {1, 3}}, false},
		{"negative", [][]int32{{-1, 3}, {-1, 3}}, false},
		{"seven phases", [][]int32{{0}, {0}, {0}, {0}, {0}, {0}, {0}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r phaseRows
			if got := r.key(tc.cvs); got != tc.want {
				t.Errorf("key = %v, want %v", got, tc.want)
			}
		})
	}
}

// coveredShareAll is coveredShare trying every tile at every point (as
// it did before farApart).
func coveredShareAll(q [4]Point, tiles []Tile) float64 {
	const n = 12
	in := 0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			p := quadAt(q, (float64(i)+0.5)/n, (float64(j)+0.5)/n)
			for _, t := range tiles {
				if insideConvex(t.Corners, p) {
					in++
					break
				}
			}
		}
	}
	return float64(in) / (n * n)
}

// TestCoveredShareAsEveryTile: coveredShare, which tries only the tiles
// not far apart from the cell, gives what trying every tile gives, for
// cells among tiles lying anyhow, touching, on each other, and among
// quads that are folded, flat, a point or not finite.
func TestCoveredShareAsEveryTile(t *testing.T) {
	rng := rand.New(rand.NewSource(107804))
	square := func(c Point, side, turn float64) [4]Point {
		var q [4]Point
		for k := range q {
			a := turn + float64(k)*math.Pi/2
			q[k] = Point{c.X + side/math.Sqrt2*math.Cos(a), c.Y + side/math.Sqrt2*math.Sin(a)}
		}
		return q
	}
	odd := map[string][4]Point{
		"folded":         {{0, 0}, {30, 30}, {30, 0}, {0, 30}},
		"flat":           {{0, 0}, {10, 10}, {20, 20}, {30, 30}},
		"a point":        {{15, 15}, {15, 15}, {15, 15}, {15, 15}},
		"two points":     {{0, 0}, {0, 0}, {40, 40}, {40, 40}},
		"not a number":   {{math.NaN(), 0}, {30, 0}, {30, 30}, {0, 30}},
		"infinite":       {{math.Inf(1), 0}, {30, 0}, {30, 30}, {0, 30}},
		"a hair of area": {{0, 0}, {60, 0.01}, {60, 0.02}, {0, 0.01}},
	}
	for _, tc := range []struct {
		name  string
		tiles func() []Tile
	}{
		{"a crossword", func() []Tile {
			var ts []Tile
			for r := 0; r < 8; r++ {
				for c := 0; c < 8; c++ {
					ts = append(ts, Tile{Corners: square(Point{40 + 25*float64(c), 40 + 25*float64(r)}, 24, 0.05)})
				}
			}
			return ts
		}},
		{"lying anyhow, on each other", func() []Tile {
			var ts []Tile
			for k := 0; k < 60; k++ {
				ts = append(ts, Tile{Corners: square(Point{300 * rng.Float64(), 300 * rng.Float64()}, 10+30*rng.Float64(), 2*math.Pi*rng.Float64())})
			}
			return ts
		}},
		{"odd quads among them", func() []Tile {
			var ts []Tile
			for k := 0; k < 30; k++ {
				ts = append(ts, Tile{Corners: square(Point{300 * rng.Float64(), 300 * rng.Float64()}, 10+30*rng.Float64(), 2*math.Pi*rng.Float64())})
			}
			for _, q := range odd {
				for _, d := range []Point{{0, 0}, {100, 37}, {250, 260}} {
					var m [4]Point
					for k := range q {
						m[k] = Point{q[k].X + d.X, q[k].Y + d.Y}
					}
					ts = append(ts, Tile{Corners: m})
				}
			}
			return ts
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tiles := tc.tiles()
			for k := 0; k < 400; k++ {
				cell := square(Point{320 * rng.Float64(), 320 * rng.Float64()}, 8+40*rng.Float64(), 2*math.Pi*rng.Float64())
				if got, want := coveredShare(cell, tiles), coveredShareAll(cell, tiles); got != want {
					t.Fatalf("cell %v: coveredShare %v, every tile tried %v", cell, got, want)
				}
			}
		})
	}
	// The odd quads are never far apart: tried wherever the cell is.
	for name, q := range odd {
		if farApart(&q, 1000, 1000, 1010, 1010) {
			t.Errorf("%s quad %v is far apart", name, q)
		}
	}
}

// TestRidgeProfilesAsRidges: the print search's profiles made as the
// ridges are found are the profiles of the ridges' pictures, to the
// bit, on a turned grey picture with the parts turned out of it, on a
// picture of light lines and on noise.
func TestRidgeProfilesAsRidges(t *testing.T) {
	rng := rand.New(rand.NewSource(107805))
	const w, h = 173, 131
	for _, tc := range []struct {
		name  string
		pixel func(x, y int) float64
		turn  float64
	}{
		{"noise", func(x, y int) float64 { return 255 * rng.Float64() }, 0},
		{"light lines, turned", func(x, y int) float64 {
			v := 90 + 20*rng.Float64()
			if x%17 == 0 || y%17 == 0 {
				v += 60
			}
			return v
		}, 7.5},
		{"levels of whole numbers, turned back", func(x, y int) float64 { return float64(rng.Intn(256)) }, -3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := make([]float64, w*h)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					g[y*w+x] = tc.pixel(x, y)
				}
			}
			rot, valid := rotateGray(g, w, h, tc.turn)
			rv, rh := ridges(rot, valid, w, h)
			wantCol, wantRow := colProfile(rv, w, h, 0, h), rowProfile(rh, w, h, 0, w)
			col, row := ridgeProfiles(rot, valid, w, h)
			for x := range wantCol {
				if math.Float64bits(col[x]) != math.Float64bits(wantCol[x]) {
					t.Fatalf("column %d: %v, want %v", x, col[x], wantCol[x])
				}
			}
			for y := range wantRow {
				if math.Float64bits(row[y]) != math.Float64bits(wantRow[y]) {
					t.Fatalf("row %d: %v, want %v", y, row[y], wantRow[y])
				}
			}
		})
	}
}
