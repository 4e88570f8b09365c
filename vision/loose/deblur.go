package loose

import (
	"image"
	"math"
	"strings"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/internal/deconv"
)

// deblurred is the picture sharpened by Richardson-Lucy deconvolution of
// a Gaussian of sigma pixels, iters steps, each colour channel alone.
func (m rgbImage) deblurred(sigma float64, iters int) rgbImage {
	w, h := m.w, m.h
	k := vision.GaussianKernel(sigma, 3)
	out := rgbImage{w: w, h: h, pix: make([]byte, len(m.pix))}
	parallel.For(3, func(c int) {
		obs := make([]float64, w*h)
		for i := range obs {
			obs[i] = float64(m.pix[3*i+c]) + 1
		}
		est := append([]float64(nil), obs...)
		w1, w2, tmp := make([]float64, w*h), make([]float64, w*h), make([]float64, w*h)
		g := func(src, dst []float64) { deconv.ConvolveSep(src, dst, tmp, w, h, k) }
		deconv.RichardsonLucy(obs, est, w1, w2, iters, g, g)
		for i, v := range est {
			out.pix[3*i+c] = uint8(math.Max(0, math.Min(255, v-1+0.5)))
		}
	})
	return out
}

// rgba is the picture as an image.RGBA.
func (m rgbImage) rgba() *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, m.w, m.h))
	for i := 0; i < m.w*m.h; i++ {
		copy(out.Pix[4*i:4*i+3], m.pix[3*i:3*i+3])
		out.Pix[4*i+3] = 255
	}
	return out
}

// blurSigma is how blurred the grey w x h picture gray is: the sigma, in
// its pixels, of the Gaussian that would blur sharp edges into its own
// (a defocused photo's), 0 where it has too few edges to tell. It
// blurs the picture again by blurProbe and compares the gradients at
// the edges (the pixels whose gradient is the largest across the edge
// and among the picture's strongest): an edge already blurred by s
// loses little to it, its gradient falling by sqrt(s^2+p^2)/s, a sharp
// one much (Zhuo and Sim's re-blur ratio, "Defocus map estimation from
// a single image", 2011). The median over the edges is the answer.
func blurSigma(gray []byte, w, h int) float64 {
	if w < 8 || h < 8 {
		return 0
	}
	g := make([]float64, w*h)
	for i, v := range gray {
		g[i] = float64(v)
	}
	r, tmp := make([]float64, w*h), make([]float64, w*h)
	deconv.ConvolveSep(g, r, tmp, w, h, vision.GaussianKernel(blurProbe, 3))
	grad := func(p []float64, x, y int) (float64, float64) {
		i := y*w + x
		return (p[i+1] - p[i-1]) / 2, (p[i+w] - p[i-w]) / 2
	}
	mag := make([]float64, w*h)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			gx, gy := grad(g, x, y)
			mag[y*w+x] = math.Hypot(gx, gy)
		}
	}
	// The strongest edges: over blurEdgeLevel levels a pixel and in the
	// picture's top share of gradients.
	var ms []float64
	for y := 2; y < h-2; y += 2 {
		for x := 2; x < w-2; x += 2 {
			ms = append(ms, mag[y*w+x])
		}
	}
	if len(ms) == 0 {
		return 0
	}
	lo := math.Max(blurEdgeLevel, quantile(ms, 0.95))
	var sig []float64
	for y := 3; y < h-3; y++ {
		for x := 3; x < w-3; x++ {
			i := y*w + x
			m := mag[i]
			if m < lo {
				continue
			}
			gx, gy := grad(g, x, y)
			// The neighbours across the edge (the gradient's direction
			// rounded to a multiple of 45 degrees).
			dx, dy := int(math.Round(gx/m)), int(math.Round(gy/m))
			if mag[i+dy*w+dx] > m || mag[i-dy*w-dx] >= m {
				continue
			}
			rx, ry := grad(r, x, y)
			rm := math.Hypot(rx, ry)
			if rm <= 0 {
				continue
			}
			q := m / rm
			if q <= 1.02 {
				sig = append(sig, 7*blurProbe)
				continue
			}
			sig = append(sig, math.Min(7*blurProbe, blurProbe/math.Sqrt(q*q-1)))
		}
	}
	if len(sig) < 50 {
		return 0
	}
	return median(sig)
}

// blurProbe is the Gaussian (pixels) blurSigma blurs a picture again by;
// blurEdgeLevel the least gradient (grey levels a pixel) of an edge it
// measures.
const (
	blurProbe     = 1.5
	blurEdgeLevel = 8
)

// deblurredOf is the photo of a Lexicon table sharpened where it is out
// of focus: its blur measured at the working size (blurSigma of the
// picture the search reduces it to), and where that is minBlur working
// pixels or more, that picture deconvolved by deblurShare of it
// (deblurred) and brought back to the photo's size, so that every
// search and every crop the reader reads sees it sharpened, in the
// photo's own pixels. ok is false for a photo in focus.
func deblurredOf(img image.Image, opt Options) (rgbImage, bool) {
	ws := opt.WorkSide
	if ws <= 0 {
		ws = 800
	}
	src := opt.rgbOf(img)
	small := src
	if m := max(src.w, src.h); m > ws {
		small = src.scaled(float64(ws) / float64(m))
	}
	gray := make([]byte, small.w*small.h)
	for i := range gray {
		p := small.pix[3*i : 3*i+3 : 3*i+3]
		gray[i] = byte((299*int(p[0]) + 587*int(p[1]) + 114*int(p[2]) + 500) / 1000)
	}
	s := blurSigma(gray, small.w, small.h)
	if s < minBlur {
		return rgbImage{}, false
	}
	debugf("blur: sigma %.2f working pixels, deconvolved", s)
	d := small.deblurred(deblurShare*s, deblurIters)
	if d.w != src.w || d.h != src.h {
		up, err := d.resized(src.w, src.h)
		if err != nil {
			return rgbImage{}, false
		}
		d = up
	}
	d.sc = &scaleCache{}
	return d, true
}

// sharpened is opt with its photo sharpened where opt.sharpen asks for
// it and the photo is defocused (deblurredOf), the photo as taken kept
// for confirmAsTaken; opt as it is otherwise.
func sharpened(img image.Image, opt Options) Options {
	if !opt.sharpen {
		return opt
	}
	opt.sharpen = false
	if d, ok := deblurredOf(img, opt); ok {
		taken := opt.rgbOf(img)
		opt.photo, opt.asTaken = packedOf(img, d), &taken
	}
	return opt
}

// resized is the picture brought to w x h (bilinear).
func (m rgbImage) resized(w, h int) (rgbImage, error) {
	fm, err := gocv.NewMatFromBytes(m.h, m.w, gocv.MatTypeCV8UC3, m.pix)
	if err != nil {
		return rgbImage{}, err
	}
	defer fm.Close()
	out := gocv.NewMat()
	defer out.Close()
	gocv.Resize(fm, &out, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
	return rgbImage{w: w, h: h, pix: out.ToBytes()}, nil
}

const (
	// minBlur is the least blur (sigma, working pixels) of a photo
	// deconvolved: the photos of ban-seg train as taken measure 0.1-0.93.
	minBlur = 1.2
	// deblurShare is the share of the blur measured that is deconvolved,
	// deblurIters the Richardson-Lucy steps.
	deblurShare = 1.0
	deblurIters = 10
)

// confirmAsTaken reads each tile read sure on the sharpened photo again
// on the photo as taken (the same quad): where the reader names another
// letter there, the sharpening may have made the letter (a ring round a
// stroke that turns a B into a D), and the tile is reported unsure
// (Conf at most deblurConf).
func confirmAsTaken(taken rgbImage, tiles []Tile, opt Options) {
	n := opt.CropSide
	if n <= 0 {
		n = 64
	}
	rd := letterReader(opt)
	parallel.For(len(tiles), func(i int) {
		t := &tiles[i]
		if t.Conf < SureConf || t.Letter == "" || t.Letter == "?" {
			return
		}
		got, err := rd.Read(rectify(taken, t.Corners, n, 1.3))
		if err != nil || !strings.EqualFold(got.Letter, t.Letter) {
			debugf("blur: %q at (%.0f, %.0f) reads %q as taken: unsure", t.Letter, t.Center.X, t.Center.Y, got.Letter)
			t.Conf = min(t.Conf, deblurConf)
		}
	})
}

// deblurConf is the most confidence a tile read sure on the sharpened
// photo and otherwise as taken is given (under SureConf).
const deblurConf = 0.85
