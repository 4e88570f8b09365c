package ocr

import (
	"fmt"
	"image"
	"math"
	"sync"
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

// greyWindow is a crop's grey levels (Luma) over the rows and columns
// its patches read (the central window, greyWin of each side, as the
// patches' boxes round it), worked out once and summed: GreyFeatures'
// patch and CNNInput's box-average the same pixels, so a crop read for
// both (GreyCrop) converts them once, and each box's sum is four
// look-ups. The sums are the integers the boxes summed pixel by pixel.
type greyWindow struct {
	w, h   int // the crop's size
	x0, y0 int // the window's first column and row in the crop
	stride int // the window's width plus one
	// sum[(y+1)*stride+x+1] is the grey levels summed over the window's
	// columns 0..x and rows 0..y (row 0 and column 0 of sum are 0),
	// modulo 2^32: a box's sum taken from four of them is exact while
	// the box holds fewer than 2^32/255 pixels (a crop of fewer than
	// about 16 million pixels a box)
	sum []uint32
	buf *[]uint32 // sum's buffer, from greySums
}

// patchSpan is the pixels [a, z) of a side of n pixels that a patch of
// side boxes averages into its box i.
func patchSpan(n, side, i int) (int, int) {
	x0 := float64(n) * (1 - greyWin) / 2
	step := float64(n) * greyWin / float64(side)
	a, z := int(x0+step*float64(i)), int(x0+step*float64(i+1))
	if z <= a {
		z = a + 1
	}
	return a, min(z, n)
}

// windowSpan is the pixels [lo, hi) of a side of n pixels that patches
// of the given sides read: the first box's start to the last's end.
func windowSpan(n int, sides []int) (lo, hi int) {
	lo, hi = n, 0
	for _, side := range sides {
		a, _ := patchSpan(n, side, 0)
		_, z := patchSpan(n, side, side-1)
		lo, hi = min(lo, a), max(hi, z)
	}
	return lo, hi
}

// greySums holds the windows' sums between crops (a *[]uint32).
var greySums sync.Pool

// newGreyWindow is img's grey levels summed over the window that patches
// of the given sides read: an RGBA or Grey crop's pixels from its rows,
// any other's by At (the same integers). done gives its sums back.
func newGreyWindow(img image.Image, sides ...int) greyWindow {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	x0, x1 := windowSpan(w, sides)
	y0, y1 := windowSpan(h, sides)
	ww := x1 - x0
	n := (ww + 1) * (y1 - y0 + 1)
	buf, _ := greySums.Get().(*[]uint32)
	if buf == nil {
		buf = new([]uint32)
	}
	if cap(*buf) < n {
		*buf = make([]uint32, n)
	}
	sum := (*buf)[:n]
	g := greyWindow{w: w, h: h, x0: x0, y0: y0, stride: ww + 1, sum: sum, buf: buf}
	clear(sum[:g.stride])
	for y := y0; y < y1; y++ {
		// each row's running sum added to the sums of the row above
		up := sum[(y-y0)*g.stride : (y-y0+1)*g.stride]
		cur := sum[(y-y0+1)*g.stride : (y-y0+2)*g.stride]
		cur[0] = 0
		var run uint32
		switch m := img.(type) {
		case *image.RGBA:
			o := m.PixOffset(b.Min.X+x0, b.Min.Y+y)
			src := m.Pix[o : o+4*ww]
			for i := 1; i <= ww; i++ {
				px := src[4*i-4 : 4*i-1 : 4*i-1]
				run += uint32(Luma(px[0], px[1], px[2]))
				cur[i] = up[i] + run
			}
		case *image.Gray:
			o := m.PixOffset(b.Min.X+x0, b.Min.Y+y)
			for i, v := range m.Pix[o : o+ww] {
				run += uint32(v)
				cur[i+1] = up[i+1] + run
			}
		default:
			for i := 1; i <= ww; i++ {
				r, gg, bb, _ := img.At(b.Min.X+x0+i-1, b.Min.Y+y).RGBA()
				run += uint32(Luma(uint8(r>>8), uint8(gg>>8), uint8(bb>>8)))
				cur[i] = up[i] + run
			}
		}
	}
	return g
}

// done gives the window's sums back for another crop's.
func (g *greyWindow) done() {
	g.sum = nil
	greySums.Put(g.buf)
}

// greyPatch box-averages the crop's central window (greyWin of its side)
// to side x side grey levels in p, normalises their mean and contrast
// and turns them so the ink (the minority of the centre) is dark. It
// gives the patch's contrast before normalising and the polarity (-1 when
// turned).
func greyPatch(img image.Image, side int, p []float32) (sd float64, flip float32) {
	g := newGreyWindow(img, side)
	defer g.done()
	return g.patch(side, p)
}

// patch is greyPatch of the window's crop; the window must have been
// made for side.
func (g *greyWindow) patch(side int, p []float32) (sd float64, flip float32) {
	// each box's columns [xs[2i], xs[2i+1]) and rows (ys alike) in the
	// window's sums
	var buf [4 * 32]int
	spans := buf[:0]
	if 4*side > len(buf) {
		spans = make([]int, 0, 4*side)
	}
	for i := range side {
		a, z := patchSpan(g.w, side, i)
		spans = append(spans, a-g.x0, z-g.x0)
	}
	for i := range side {
		a, z := patchSpan(g.h, side, i)
		spans = append(spans, a-g.y0, z-g.y0)
	}
	xs, ys := spans[:2*side], spans[2*side:]
	// box-average the central window to side x side
	var mean float64
	for py := 0; py < side; py++ {
		y0, y1 := ys[2*py], ys[2*py+1]
		top, bottom := g.sum[y0*g.stride:(y0+1)*g.stride], g.sum[y1*g.stride:(y1+1)*g.stride]
		for px := 0; px < side; px++ {
			x0, x1 := xs[2*px], xs[2*px+1]
			s := bottom[x1] - bottom[x0] - top[x1] + top[x0]
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
	g := newGreyWindow(img, greySide)
	defer g.done()
	g.greyFeatures(dst)
}

// greyFeatures is GreyFeatures' vector of the window's crop; the window
// must have been made for greySide.
func (g *greyWindow) greyFeatures(dst []float32) {
	var p [greySide * greySide]float32
	sd, flip := g.patch(greySide, p[:])
	copy(dst, p[:])
	off := greySide * greySide
	hog(p[:], greySide, greyCells, greyBins, true, dst[off:off+greyCells*greyCells*greyBins])
	off += greyCells * greyCells * greyBins
	dst[off] = float32(math.Log1p(sd) / 5)
	dst[off+1] = flip
}

// GreyInputs is a crop's GreyFeatures and CNNInput, bit for bit, its
// grey levels worked out once for both: a reader that gives one crop to
// a grey model and to a convolutional one (vision/pyramids' faces,
// en-pyrg and en-pyrc) converts its pixels once (a crop of at least 8x8
// pixels).
func GreyInputs(img image.Image) (grey, cnn []float32, err error) {
	if err := checkGrey(img); err != nil {
		return nil, nil, err
	}
	g := newGreyWindow(img, greySide, cnnSide)
	defer g.done()
	grey, cnn = make([]float32, NumGreyFeatures), make([]float32, NumCNNFeatures)
	g.greyFeatures(grey)
	g.patch(cnnSide, cnn)
	return grey, cnn, nil
}
