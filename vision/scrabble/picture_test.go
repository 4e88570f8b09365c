package scrabble

import (
	"bytes"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestPicturePixel checks picture.pixel on a JPEG's YCbCr against the
// standard library's conversion, for each chroma subsampling, on a
// picture whose corner is not at the origin.
func TestPicturePixel(t *testing.T) {
	ratios := []struct {
		name string
		r    image.YCbCrSubsampleRatio
	}{
		{"4:2:0", image.YCbCrSubsampleRatio420},
		{"4:2:2", image.YCbCrSubsampleRatio422},
		{"4:4:4", image.YCbCrSubsampleRatio444},
		{"4:4:0", image.YCbCrSubsampleRatio440},
	}
	rng := rand.New(rand.NewPCG(7, 9))
	for _, c := range ratios {
		t.Run(c.name, func(t *testing.T) {
			m := image.NewYCbCr(image.Rect(3, 5, 40, 31), c.r)
			for _, s := range [][]uint8{m.Y, m.Cb, m.Cr} {
				for i := range s {
					s[i] = uint8(rng.IntN(256))
				}
			}
			p := toPicture(m)
			for y := 0; y < p.H; y++ {
				for x := 0; x < p.W; x++ {
					r, g, b := p.pixel(x, y)
					yi, ci := m.YOffset(x+3, y+5), m.COffset(x+3, y+5)
					wr, wg, wb := color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
					if r != float64(wr) || g != float64(wg) || b != float64(wb) {
						t.Fatalf("(%d, %d): %v %v %v, want %v %v %v", x, y, r, g, b, wr, wg, wb)
					}
				}
			}
		})
	}
}

// TestPictureAt checks picture.at (its path for a phone's 4:2:0 JPEG
// included) against the bilinear mix of picture.pixel's four pixels,
// inside the picture, at its edges and beyond them, for each chroma
// subsampling, on a picture whose corner is not at the origin.
func TestPictureAt(t *testing.T) {
	ratios := []struct {
		name string
		r    image.YCbCrSubsampleRatio
	}{
		{"4:2:0", image.YCbCrSubsampleRatio420},
		{"4:2:2", image.YCbCrSubsampleRatio422},
		{"4:4:4", image.YCbCrSubsampleRatio444},
	}
	rng := rand.New(rand.NewPCG(11, 13))
	for _, c := range ratios {
		for _, rect := range []image.Rectangle{image.Rect(3, 5, 40, 31), image.Rect(0, 0, 17, 9), image.Rect(-7, 2, 20, 27)} {
			t.Run(c.name+"/"+rect.String(), func(t *testing.T) {
				m := image.NewYCbCr(rect, c.r)
				for _, s := range [][]uint8{m.Y, m.Cb, m.Cr} {
					for i := range s {
						s[i] = uint8(rng.IntN(256))
					}
				}
				p := toPicture(m)
				for i := 0; i < 4000; i++ {
					pt := pointXY(rng.Float64()*float64(p.W+4)-2, rng.Float64()*float64(p.H+4)-2)
					if i%10 == 0 { // on a pixel's centre and on the picture's edges
						pt = pointXY(float64(rng.IntN(p.W))+0.5, float64(p.H)-0.5)
					}
					got, want := p.at(pt), atByPixel(p, pt)
					if got != want {
						t.Fatalf("at(%v) = %v, want %v", pt, got, want)
					}
				}
			})
		}
	}
}

// atByPixel is picture.at's bilinear mix, each pixel by picture.pixel.
func atByPixel(p picture, pt vision.Point) (c [3]float64) {
	x, y := pt.X-0.5, pt.Y-0.5
	x = min(max(x, 0), float64(p.W-1))
	y = min(max(y, 0), float64(p.H-1))
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, p.W-1), min(y0+1, p.H-1)
	fx, fy := x-float64(x0), y-float64(y0)
	r00, g00, b00 := p.pixel(x0, y0)
	r01, g01, b01 := p.pixel(x1, y0)
	r10, g10, b10 := p.pixel(x0, y1)
	r11, g11, b11 := p.pixel(x1, y1)
	w00, w01, w10, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
	c[0] = r00*w00 + r01*w01 + r10*w10 + r11*w11
	c[1] = g00*w00 + g01*w01 + g10*w10 + g11*w11
	c[2] = b00*w00 + b01*w01 + b10*w10 + b11*w11
	return c
}

// BenchmarkPictureAt samples a 1640x1232 phone JPEG's picture (4:2:0)
// at 64x64 points over each of 16 squares 40 pixels wide, as the crops
// do.
func BenchmarkPictureAt(b *testing.B) {
	m := image.NewYCbCr(image.Rect(0, 0, 1640, 1232), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range [][]uint8{m.Y, m.Cb, m.Cr} {
		for i := range s {
			s[i] = uint8(rng.IntN(256))
		}
	}
	p := toPicture(m)
	pts := cropPoints(rng)
	b.ResetTimer()
	var s float64
	for i := 0; i < b.N; i++ {
		for _, pt := range pts {
			s += p.at(pt)[0]
		}
	}
	_ = s
}

// BenchmarkPictureAtByPixel is BenchmarkPictureAt through picture.pixel.
func BenchmarkPictureAtByPixel(b *testing.B) {
	m := image.NewYCbCr(image.Rect(0, 0, 1640, 1232), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range [][]uint8{m.Y, m.Cb, m.Cr} {
		for i := range s {
			s[i] = uint8(rng.IntN(256))
		}
	}
	p := toPicture(m)
	pts := cropPoints(rng)
	b.ResetTimer()
	var s float64
	for i := 0; i < b.N; i++ {
		for _, pt := range pts {
			s += atByPixel(p, pt)[0]
		}
	}
	_ = s
}

// cropPoints is 64x64 points over each of 16 squares 40 pixels wide,
// placed at random in a 1640x1232 picture.
func cropPoints(rng *rand.Rand) []vision.Point {
	var pts []vision.Point
	for k := 0; k < 16; k++ {
		x0, y0 := rng.Float64()*1500+50, rng.Float64()*1100+50
		for v := 0; v < 64; v++ {
			for u := 0; u < 64; u++ {
				pts = append(pts, pointXY(x0+float64(u)*0.7, y0+float64(v)*0.7))
			}
		}
	}
	return pts
}

// TestPictureAtIn checks picture.atIn against picture.at: the same colour
// wherever the window holds the four pixels and wherever it does not
// (the sample then taken from the picture), on windows inside the
// picture, at its edges, over its corner, empty and refused as too
// large, for each chroma subsampling.
func TestPictureAtIn(t *testing.T) {
	ratios := []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio444}
	rng := rand.New(rand.NewPCG(17, 19))
	quad := func(x0, y0, x1, y1 float64) [4]vision.Point {
		return [4]vision.Point{pointXY(x0, y0), pointXY(x1, y0), pointXY(x1, y1), pointXY(x0, y1)}
	}
	windows := []struct {
		name string
		q    [4]vision.Point
		most int
	}{
		{"inside", quad(10.3, 7.8, 25.1, 20.6), 1000},
		{"tilted", [4]vision.Point{pointXY(12, 3), pointXY(30, 9), pointXY(24, 25), pointXY(6, 19)}, 1000},
		{"over the corner", quad(-5, -4, 8.2, 6.9), 1000},
		{"over the far edges", quad(30.5, 20.5, 45, 40), 1000},
		{"one pixel", quad(15.5, 12.5, 15.5, 12.5), 1000},
		{"too large", quad(0, 0, 37, 26), 50},
		{"off the picture", quad(100, 100, 120, 120), 1000},
	}
	// pictures whose origin lies at odd and even places, and left of and
	// above zero (a sub-image's)
	rects := []image.Rectangle{image.Rect(3, 5, 40, 31), image.Rect(-7, -4, 30, 22), image.Rect(-6, 2, 31, 28)}
	for _, pic := range rects {
		for _, r := range ratios {
			m := image.NewYCbCr(pic, r)
			for _, s := range [][]uint8{m.Y, m.Cb, m.Cr} {
				for i := range s {
					s[i] = uint8(rng.IntN(256))
				}
			}
			p := toPicture(m)
			for _, w := range windows {
				t.Run(pic.String()+"/"+r.String()+"/"+w.name, func(t *testing.T) {
					win := p.window(w.q, w.most)
					for i := 0; i < 3000; i++ {
						pt := pointXY(rng.Float64()*float64(p.W+6)-3, rng.Float64()*float64(p.H+6)-3)
						if i%2 == 0 { // in the window's hull, mostly
							a, b := rng.Float64(), rng.Float64()
							top := pointXY(w.q[0].X+(w.q[1].X-w.q[0].X)*a, w.q[0].Y+(w.q[1].Y-w.q[0].Y)*a)
							bot := pointXY(w.q[3].X+(w.q[2].X-w.q[3].X)*a, w.q[3].Y+(w.q[2].Y-w.q[3].Y)*a)
							pt = pointXY(top.X+(bot.X-top.X)*b, top.Y+(bot.Y-top.Y)*b)
						}
						if got, want := p.atIn(&win, pt), p.at(pt); got != want {
							t.Fatalf("atIn(%v) = %v, want %v", pt, got, want)
						}
					}
					// every pixel the window holds as pixel gives it
					i := 0
					for y := win.y0; y <= win.y1; y++ {
						for x := win.x0; x <= win.x1; x++ {
							r, g, b := p.pixel(x, y)
							if got := [3]uint8{win.pix[i], win.pix[i+1], win.pix[i+2]}; got != [3]uint8{uint8(r), uint8(g), uint8(b)} {
								t.Fatalf("window pixel (%d, %d) = %v, want %v %v %v", x, y, got, r, g, b)
							}
							i += 3
						}
					}
				})
			}
		}
	}
}

// BenchmarkCrop cuts the 64x64 crops of 16 squares of the benchmark's
// photo (frame.crop, as the reader is handed them).
func BenchmarkCrop(b *testing.B) {
	img := loadImage(b, "testdata/photos/IMG_20141025_164052_1640x1232.jpg")
	f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 0; k < 16; k++ {
			f.crop(3+k%4*3, 2+k/4*3, cropMargin, 64)
		}
	}
}

// cropByAt is cropPart as it was written before its sampling was spelled
// out: every sample through h.Apply and picture.at.
func cropByAt(f *frame, row, col int, margin float64, size int, dx, dy float64, lo, hi int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, size, size))
	span := 1 + 2*margin
	x0, y0 := float64(col)+dx, float64(row)+dy
	q := vision.Quad{f.px(x0, y0), f.px(x0+1, y0), f.px(x0+1, y0+1), f.px(x0, y0+1)}
	h, err := vision.QuadHomography(1, 1, q)
	if err != nil {
		return m
	}
	for v := lo; v < hi; v++ {
		y := -margin + (float64(v)+0.5)/float64(size)*span
		for u := lo; u < hi; u++ {
			x := -margin + (float64(u)+0.5)/float64(size)*span
			c := f.p.at(h.Apply(vision.Point{X: x, Y: y}))
			o := v*m.Stride + 4*u
			m.Pix[o], m.Pix[o+1], m.Pix[o+2], m.Pix[o+3] = uint8(c[0]+0.5), uint8(c[1]+0.5), uint8(c[2]+0.5), 255
		}
	}
	return m
}

// TestCropPartMatchesAt checks cropPart's written-out sampling against
// h.Apply and picture.at sample by sample, byte for byte: squares inside
// the picture, over its edges and corner, off it, tilted and shifted,
// crops whole and their middles, sizes within and beyond cropPart's
// stack buffer, on a 4:2:0 JPEG-like picture whose origin is odd, one
// left of zero and an RGBA picture. A crop whose window is refused (too
// large a square for its size) goes through atIn's fallback.
func TestCropPartMatchesAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(98701, 98702))
	pics := map[string]image.Image{}
	for _, r := range []image.Rectangle{image.Rect(3, 5, 323, 245), image.Rect(-7, -4, 313, 236)} {
		m := image.NewYCbCr(r, image.YCbCrSubsampleRatio420)
		for _, s := range [][]uint8{m.Y, m.Cb, m.Cr} {
			for i := range s {
				s[i] = uint8(rng.IntN(256))
			}
		}
		pics["ycbcr "+r.String()] = m
	}
	rgba := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for i := range rgba.Pix {
		rgba.Pix[i] = uint8(rng.IntN(256))
	}
	pics["rgba"] = rgba
	// board squares to pixels: 15 squares over most of the picture,
	// tilted and in perspective
	boards := []struct {
		name string
		q    vision.Quad
	}{
		{"inside", vision.Quad{pointXY(20.3, 12.7), pointXY(300.2, 18.1), pointXY(290.6, 230.4), pointXY(25.5, 221.9)}},
		{"over the edges", vision.Quad{pointXY(-30.2, -25.6), pointXY(340.7, -10.3), pointXY(350.1, 260.8), pointXY(-20.4, 255.3)}},
		{"small squares", vision.Quad{pointXY(100.2, 80.9), pointXY(160.4, 82.3), pointXY(158.8, 140.1), pointXY(99.6, 139.2)}},
	}
	crops := []struct {
		name       string
		margin     float64
		size       int
		dx, dy     float64
		lo, hi     int
		rows, cols []int
	}{
		{"tile crop", cropMargin, 64, 0, 0, 0, 64, []int{0, 7, 14}, []int{0, 3, 14}},
		{"vote crop shifted", cropMargin, 64, 0.06, -0.06, 0, 64, []int{1, 8}, []int{0, 14}},
		{"wide", 0.18, 64, 0, 0, 0, 64, []int{0, 14}, []int{14, 5}},
		{"mark's middle", 0, markCrop, 0, 0, markCrop / 10, markCrop - markCrop/10, []int{2, 14}, []int{0, 9}},
		{"larger than the buffer", 0.05, 90, 0, 0, 0, 90, []int{4, 14}, []int{0, 6}},
		{"empty", 0.1, 16, 0, 0, 8, 8, []int{3}, []int{3}},
		{"window refused", 0.5, 4, 0, 0, 0, 4, []int{5, 14}, []int{5, 0}},
	}
	for pn, img := range pics {
		for _, b := range boards {
			h, err := vision.QuadHomography(Size, Size, b.q)
			if err != nil {
				t.Fatal(err)
			}
			f := &frame{p: toPicture(img), hq: &h}
			for _, c := range crops {
				t.Run(pn+"/"+b.name+"/"+c.name, func(t *testing.T) {
					for _, r := range c.rows {
						for _, col := range c.cols {
							got := f.cropPart(r, col, c.margin, c.size, c.dx, c.dy, c.lo, c.hi)
							want := cropByAt(f, r, col, c.margin, c.size, c.dx, c.dy, c.lo, c.hi)
							if !bytes.Equal(got.Pix, want.Pix) {
								t.Fatalf("square %d,%d: cropPart differs from at's samples", r, col)
							}
						}
					}
				})
			}
		}
	}
}
