package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand"

	"gocv.io/x/gocv"
)

// picture is a photo as packed RGB bytes.
type picture struct {
	w, h int
	pix  []uint8
}

func fromImage(img image.Image) *picture {
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Rect, img, b.Min, draw.Src)
	p := &picture{w: b.Dx(), h: b.Dy(), pix: make([]uint8, 3*b.Dx()*b.Dy())}
	for i := 0; i < p.w*p.h; i++ {
		copy(p.pix[3*i:3*i+3], rgba.Pix[4*i:4*i+3])
	}
	return p
}

func (p *picture) image() *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, p.w, p.h))
	for i := 0; i < p.w*p.h; i++ {
		copy(out.Pix[4*i:4*i+3], p.pix[3*i:3*i+3])
		out.Pix[4*i+3] = 255
	}
	return out
}

// rimColour is the mean colour of the photo's outer twentieth.
func (p *picture) rimColour() [3]float64 {
	var sum [3]float64
	n := 0
	mx, my := max(1, p.w/20), max(1, p.h/20)
	for y := 0; y < p.h; y++ {
		for x := 0; x < p.w; x++ {
			if x >= mx && x < p.w-mx && y >= my && y < p.h-my {
				continue
			}
			for c := 0; c < 3; c++ {
				sum[c] += float64(p.pix[3*(y*p.w+x)+c])
			}
			n++
		}
	}
	for c := range sum {
		sum[c] /= float64(n)
	}
	return sum
}

// warped is the picture through g (bilinear; a shrinking resize by area),
// the area outside the photo filled with its rim's colour.
func (p *picture) warped(g warp) (*picture, error) {
	if g.m == identity(p.w, p.h).m && g.w == p.w && g.h == p.h {
		return p, nil
	}
	return p.through(func(src gocv.Mat, dst *gocv.Mat) {
		if g.resize {
			in := gocv.InterpolationLinear
			if g.w < p.w {
				in = gocv.InterpolationArea
			}
			gocv.Resize(src, dst, image.Pt(g.w, g.h), 0, 0, in)
			return
		}
		m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
		defer m.Close()
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				m.SetDoubleAt(i, j, g.m[i][j])
			}
		}
		fill := p.rimColour()
		gocv.WarpPerspectiveWithParams(src, dst, m, image.Pt(g.w, g.h), gocv.InterpolationLinear, gocv.BorderConstant,
			color.RGBA{uint8(fill[0] + 0.5), uint8(fill[1] + 0.5), uint8(fill[2] + 0.5), 0})
	})
}

// through is the picture as op writes it from the picture's Mat.
func (p *picture) through(op func(src gocv.Mat, dst *gocv.Mat)) (*picture, error) {
	src, err := gocv.NewMatFromBytes(p.h, p.w, gocv.MatTypeCV8UC3, p.pix)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	dst := gocv.NewMat()
	defer dst.Close()
	op(src, &dst)
	return fromMat(dst)
}

func fromMat(m gocv.Mat) (*picture, error) {
	b, err := m.DataPtrUint8()
	if err != nil {
		return nil, err
	}
	if len(b) != 3*m.Cols()*m.Rows() {
		return nil, fmt.Errorf("a %dx%d picture of %d bytes", m.Cols(), m.Rows(), len(b))
	}
	return &picture{w: m.Cols(), h: m.Rows(), pix: append([]uint8(nil), b...)}, nil
}

// blurred is the picture under a Gaussian blur of sigma pixels.
func (p *picture) blurred(sigma float64) (*picture, error) {
	if sigma <= 0 {
		return p, nil
	}
	return p.through(func(src gocv.Mat, dst *gocv.Mat) {
		gocv.GaussianBlur(src, dst, image.Point{}, sigma, sigma, gocv.BorderReflect101)
	})
}

// gains multiplies each channel in linear light (sRGB decoded) and clips.
func (p *picture) gains(g [3]float64) {
	var lut [3][256]uint8
	for c := 0; c < 3; c++ {
		for v := 0; v < 256; v++ {
			l := math.Min(1, g[c]*toLinear(float64(v)/255))
			lut[c][v] = uint8(math.Round(255 * fromLinear(l)))
		}
	}
	for i, v := range p.pix {
		p.pix[i] = lut[i%3][v]
	}
}

func toLinear(v float64) float64 {
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

func fromLinear(l float64) float64 {
	if l <= 0.0031308 {
		return 12.92 * l
	}
	return 1.055*math.Pow(l, 1/2.4) - 0.055
}

// noise adds Gaussian noise of sigma levels to every channel value.
func (p *picture) noise(sigma float64, rng *rand.Rand) {
	for i, v := range p.pix {
		p.pix[i] = uint8(math.Max(0, math.Min(255, math.Round(float64(v)+sigma*rng.NormFloat64()))))
	}
}
