package ocr

import (
	"fmt"
	"image"
	"math"
)

// Grey features: a crop described by its own grey levels, with no ink
// found (issue 21). The features of Features start from Otsu's threshold
// and a patch scaled to the letter found; a letter blurred into a blob
// defeats both. These take the crop's centre as it is: its luminance
// averaged to a small fixed patch, its mean and contrast normalised, its
// polarity turned so that the minority (the ink) is dark, then the patch
// itself, histograms of its gradients' orientations and two numbers of
// its contrast. A model whose header says Input "grey" reads them
// (vision/pyramids' faces: en-pyrg).

const (
	// InputGrey is the ModelHeader.Input of a model that reads
	// GreyFeatures.
	InputGrey = "grey"

	greySide  = 20 // the patch's side
	greyCells = 4  // HOG cells a side
	greyBins  = 12 // signed orientations
	// greyWin is the share of the crop's side the patch covers, centred.
	greyWin = 5.0 / 6
	// greyMinSD is the least contrast (grey levels) normalised by: a flat
	// crop's noise is not blown up into a letter.
	greyMinSD = 2.0

	// NumGreyFeatures is the length of GreyFeatures' vector.
	NumGreyFeatures = greySide*greySide + greyCells*greyCells*greyBins + 2
)

// GreyFeatures is the grey feature vector of a crop (any size of at least
// 8x8 pixels; the vision/pyramids face crops are 48x48).
func GreyFeatures(img image.Image) ([]float32, error) {
	if err := checkGrey(img); err != nil {
		return nil, err
	}
	dst := make([]float32, NumGreyFeatures)
	greyFeatures(img, dst)
	return dst, nil
}

// checkGrey is checkImage, and a crop of at least 8x8 pixels.
func checkGrey(img image.Image) error {
	if err := checkImage(img); err != nil {
		return err
	}
	if b := img.Bounds(); b.Dx() < 8 || b.Dy() < 8 {
		return fmt.Errorf("ocr: a %dx%d crop is too small for grey features (at least 8x8)", b.Dx(), b.Dy())
	}
	return nil
}

// Luma is the grey level of one pixel as GreyFeatures takes it (8-bit
// R, G, B): (299 R + 587 G + 114 B) / 1000, rounded. A crop stored grey
// with it gives the same features as the colour crop.
func Luma(r, g, b uint8) uint8 {
	return uint8((299*uint32(r) + 587*uint32(g) + 114*uint32(b) + 500) / 1000)
}

// greyPatch box-averages the crop's central window (greyWin of its side)
// to side x side grey levels in p, normalises their mean and contrast
// and turns them so the ink (the minority of the centre) is dark. It
// gives the patch's contrast before normalising and the polarity (-1 when
// turned).
func greyPatch(img image.Image, side int, p []float32) (sd float64, flip float32) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	at := func(x, y int) uint8 {
		switch m := img.(type) {
		case *image.Gray:
			return m.Pix[y*m.Stride+x]
		case *image.RGBA:
			o := y*m.Stride + 4*x
			return Luma(m.Pix[o], m.Pix[o+1], m.Pix[o+2])
		}
		r, g, bb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
		return Luma(uint8(r>>8), uint8(g>>8), uint8(bb>>8))
	}
	if g, ok := img.(*image.Gray); ok && g.Rect.Min != (image.Point{}) {
		at = func(x, y int) uint8 { return g.GrayAt(b.Min.X+x, b.Min.Y+y).Y }
	}
	if r, ok := img.(*image.RGBA); ok && r.Rect.Min != (image.Point{}) {
		at = func(x, y int) uint8 {
			c := r.RGBAAt(b.Min.X+x, b.Min.Y+y)
			return Luma(c.R, c.G, c.B)
		}
	}
	// box is the sum of the grey levels over [x0, x1) x [y0, y1): at's
	// pixel by pixel, or, for an RGBA crop at the origin (vision/pyramids'
	// faces), its rows read directly (the same integers summed)
	box := func(x0, x1, y0, y1 int) int {
		s := 0
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				s += int(at(x, y))
			}
		}
		return s
	}
	if m, ok := img.(*image.RGBA); ok && m.Rect.Min == (image.Point{}) {
		box = func(x0, x1, y0, y1 int) int {
			s := 0
			for y := y0; y < y1; y++ {
				row := m.Pix[y*m.Stride+4*x0 : y*m.Stride+4*x1]
				for o := 0; o+2 < len(row); o += 4 {
					s += int(Luma(row[o], row[o+1], row[o+2]))
				}
			}
			return s
		}
	}
	// box-average the central window to side x side
	span := func(n, i int) (int, int) {
		x0 := float64(n) * (1 - greyWin) / 2
		step := float64(n) * greyWin / float64(side)
		a, z := int(x0+step*float64(i)), int(x0+step*float64(i+1))
		if z <= a {
			z = a + 1
		}
		return a, min(z, n)
	}
	var mean float64
	for py := 0; py < side; py++ {
		y0, y1 := span(h, py)
		for px := 0; px < side; px++ {
			x0, x1 := span(w, px)
			s := box(x0, x1, y0, y1)
			v := float32(s) / float32((y1-y0)*(x1-x0))
			p[py*side+px] = v
			mean += float64(v)
		}
	}
	mean /= float64(side * side)
	var vr float64
	for _, v := range p {
		d := float64(v) - mean
		vr += d * d
	}
	sd = math.Sqrt(vr / float64(side*side))
	inv := float32(1 / math.Max(sd, greyMinSD))
	for i := range p {
		p[i] = (p[i] - float32(mean)) * inv
	}
	// polarity: the ink is the minority of the centre, the tail of its
	// grey levels; turned so that it is dark
	var skew float64
	c0, c1 := side/4, side-side/4
	for y := c0; y < c1; y++ {
		for x := c0; x < c1; x++ {
			v := float64(p[y*side+x])
			skew += v * v * v
		}
	}
	flip = 1
	if skew > 0 {
		flip = -1
		for i := range p {
			p[i] = -p[i]
		}
	}
	return sd, flip
}

func greyFeatures(img image.Image, dst []float32) {
	var p [greySide * greySide]float32
	sd, flip := greyPatch(img, greySide, p[:])
	copy(dst, p[:])
	off := greySide * greySide
	hog(p[:], greySide, greyCells, greyBins, true, dst[off:off+greyCells*greyCells*greyBins])
	off += greyCells * greyCells * greyBins
	dst[off] = float32(math.Log1p(sd) / 5)
	dst[off+1] = flip
}
