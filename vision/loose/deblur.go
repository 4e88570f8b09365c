package loose

import (
	"cmp"
	"image"
	"math"
	"slices"
	"strings"
	"sync"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
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

// gray is the picture's luma, one byte a pixel, rounded as ocr.Luma
// rounds it.
func (m rgbImage) gray() []byte {
	g := make([]byte, m.w*m.h)
	for i := range g {
		p := m.pix[3*i : 3*i+3 : 3*i+3]
		g[i] = ocr.Luma(p[0], p[1], p[2])
	}
	return g
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
	// Each pixel's gradient (the central differences of its grey
	// levels, halved) is taken as the code of its magnitude in magTable:
	// the differences are whole levels, so a table holds every magnitude
	// math.Hypot gives, to the bit.
	tab := magTable()
	codeAt := func(i int) uint16 {
		return magCode(int(gray[i+1])-int(gray[i-1]), int(gray[i+w])-int(gray[i-w]))
	}
	// The strongest edges: over blurEdgeLevel levels a pixel and in the
	// picture's top share of gradients (the quantile of the samples,
	// counted by code and taken in the order of their magnitudes).
	hist := make([]int32, 1<<16)
	n := 0
	for y := 2; y < h-2; y += 2 {
		for x := 2; x < w-2; x += 2 {
			hist[codeAt(y*w+x)]++
			n++
		}
	}
	if n == 0 {
		return 0
	}
	rank, q95 := int32(int(0.95*float64(n-1))), 0.0
	for _, c := range magOrder() {
		if rank -= hist[c]; rank < 0 {
			q95 = tab[c]
			break
		}
	}
	lo := math.Max(blurEdgeLevel, q95)
	// The picture blurred again, to deconv.ConvolveSep's bits: the rows'
	// pass on the rows near an edge only, kept in a ring of rows, the
	// columns' only at the pixels whose gradient is wanted.
	k := vision.GaussianKernel(blurProbe, 3)
	kr := len(k) / 2
	nr := 2*kr + 3
	ring, row := make([]float64, nr*w), make([]float64, w)
	next := 0 // the next row of the rows' pass
	rowsTo := func(y1 int) {
		for ; next <= y1; next++ {
			for x, v := range gray[next*w : (next+1)*w] {
				row[x] = float64(v)
			}
			o := next % nr * w
			deconv.ConvolveRow(row, ring[o:o+w], k)
		}
	}
	// offs: where in ring the rows y-1-kr to y+1+kr (the ends
	// repeated) of the row y looked at are; reblur is the picture blurred
	// again at x on its row y+d (d -1 to 1).
	offs, offsOf := make([]int, nr), -1
	reblur := func(x, d int) float64 {
		var s float64
		for j, o := range offs[1+d : 1+d+len(k)] {
			s += float64(k[j] * ring[o+x])
		}
		return s
	}
	// The codes of three rows about the one looked at (ring of 3).
	codes := make([]uint16, 3*w)
	codeRow := func(y int) {
		c := codes[y%3*w : y%3*w+w]
		for x := 1; x < w-1; x++ {
			c[x] = codeAt(y*w + x)
		}
	}
	magAt := func(x, y int) float64 { return tab[codes[y%3*w+x]] }
	codeRow(2)
	codeRow(3)
	var sig []float64
	for y := 3; y < h-3; y++ {
		codeRow(y + 1)
		c := codes[y%3*w : y%3*w+w]
		for x := 3; x < w-3; x++ {
			m := tab[c[x]]
			if m < lo {
				continue
			}
			i := y*w + x
			gx := float64(int(gray[i+1])-int(gray[i-1])) / 2
			gy := float64(int(gray[i+w])-int(gray[i-w])) / 2
			// The neighbours across the edge (the gradient's direction
			// rounded to a multiple of 45 degrees).
			dx, dy := int(math.Round(gx/m)), int(math.Round(gy/m))
			if magAt(x+dx, y+dy) > m || magAt(x-dx, y-dy) >= m {
				continue
			}
			if next < y-1-kr {
				next = y - 1 - kr
			}
			rowsTo(min(h-1, y+1+kr))
			if offsOf != y {
				for j := range offs {
					offs[j] = min(h-1, max(0, y-1-kr+j)) % nr * w
				}
				offsOf = y
			}
			rx := (reblur(x+1, 0) - reblur(x-1, 0)) / 2
			ry := (reblur(x, 1) - reblur(x, -1)) / 2
			if s, ok := edgeSigma(m, math.Hypot(rx, ry)); ok {
				sig = append(sig, s)
			}
		}
	}
	if len(sig) < 50 {
		return 0
	}
	return median(sig)
}

// edgeSigma is the blur at an edge whose gradient is m in the picture
// and rm in the picture blurred again by blurProbe: for a Gaussian edge
// the ratio q = m/rm gives sigma = blurProbe/sqrt(q*q-1), capped at 7
// blurProbe (a ratio near 1: the edge already far wider than the
// probe). ok is false where the blurred gradient is nil.
func edgeSigma(m, rm float64) (sigma float64, ok bool) {
	if rm <= 0 {
		return 0, false
	}
	q := m / rm
	if q <= 1.02 {
		return 7 * blurProbe, true
	}
	return math.Min(7*blurProbe, blurProbe/math.Sqrt(q*q-1)), true
}

// magCode is the code in magTable of the gradient whose central
// differences (whole grey levels, -255 to 255) are dx and dy.
func magCode(dx, dy int) uint16 {
	sx, sy := dx>>63, dy>>63 // -1 where negative
	return uint16((dx^sx-sx)<<8 | (dy ^ sy - sy))
}

var (
	magOnce  sync.Once
	magTab   []float64
	magCodes []uint16
)

// magTable is the magnitude math.Hypot(dx/2, dy/2) of each gradient
// code (magCode); magOrder the codes in the order of their magnitudes.
func magTable() []float64 {
	magOnce.Do(func() {
		magTab = make([]float64, 1<<16)
		magCodes = make([]uint16, 1<<16)
		for dx := 0; dx < 256; dx++ {
			for dy := 0; dy < 256; dy++ {
				c := magCode(dx, dy)
				magTab[c] = math.Hypot(float64(dx)/2, float64(dy)/2)
				magCodes[c] = c
			}
		}
		// By magnitude, equal ones by code: the order a stable sort by
		// magnitude gives the codes listed in order (magCode(dx, dy)
		// is dx<<8 | dy, every code once), in under half its
		// instructions (about 100 M to 45 M, once a process).
		slices.SortFunc(magCodes, func(a, b uint16) int {
			if c := cmp.Compare(magTab[a], magTab[b]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
	})
	return magTab
}

// magOrder is the gradient codes in the order of their magnitudes
// (magTable's).
func magOrder() []uint16 {
	magTable()
	return magCodes
}

// blurProbe is the Gaussian (pixels) blurSigma blurs a picture again by;
// blurEdgeLevel the least gradient (grey levels a pixel) of an edge it
// measures.
const (
	blurProbe     = 1.5
	blurEdgeLevel = 8
)

// workingPicture is the photo in RGB (src) and the picture the search
// reduces it to (small, opt.WorkSide on its longer side).
func workingPicture(img image.Image, opt Options) (src, small rgbImage) {
	ws := opt.WorkSide
	if ws <= 0 {
		ws = 800
	}
	src = opt.rgbOf(img)
	small = src
	if m := max(src.w, src.h); m > ws {
		small = src.scaled(float64(ws) / float64(m))
	}
	return src, small
}

// workingBlur is the photo's blur, blurSigma of its working picture
// (workingPicture), in its pixels: measured once a scan (kept with
// opt.photo where Scan set it).
func workingBlur(img image.Image, opt Options) float64 {
	measure := func() float64 {
		_, small := workingPicture(img, opt)
		return blurSigma(small.gray(), small.w, small.h)
	}
	p := opt.photo
	if p == nil {
		return measure()
	}
	p.blurOnce.Do(func() { p.blur = measure() })
	return p.blur
}

// deblurredOf is the photo of a table (Lexicon, or Twists in
// scanStretched) sharpened where it is out of focus: its blur measured
// at the working size (workingBlur), and where that is minBlur working
// pixels or more, that picture
// deconvolved by deblurShare of it, less opt.ownBlur in quadrature
// (deblurred), and brought back to the photo's size, so that every
// search and every crop the reader reads sees it sharpened, in the
// photo's own pixels. ok is false for a photo in focus.
func deblurredOf(img image.Image, opt Options) (rgbImage, bool) {
	s := workingBlur(img, opt)
	if s < minBlur {
		return rgbImage{}, false
	}
	src, small := workingPicture(img, opt)
	ds := deblurShare * s
	if opt.ownBlur > 0 {
		ds = deblurShare * math.Sqrt(math.Max(0, s*s-opt.ownBlur*opt.ownBlur))
	}
	debugf("blur: sigma %.2f working pixels, deconvolved by %.2f", s, ds)
	d := small.deblurred(ds, deblurIters)
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

// gentlerLook scans a defocused photo (workingBlur minBlur or more)
// again, deconvolved gently: the measured blur less the camera's own
// (ownBlur, in quadrature). A sharp photo's own blur deconvolved rings
// round every stroke and edge, and where the defocus is small the rings
// are much of what the deconvolution adds: a thin letter's ring splits
// it, a tile's edge ring shifts the face colour. scan is the scan as
// Scan made it (r, err) with opt.ownBlur set; the gentle reading stands
// where it reads more tiles sure, or as many and more tiles, or where
// the first found none.
func gentlerLook(img image.Image, opt Options, r *Reading, err error, scan func(Options) (*Reading, error)) (*Reading, error) {
	if workingBlur(img, opt) < minBlur {
		return r, err
	}
	g := opt
	g.ownBlur = ownBlur
	r2, err2 := scan(g)
	if err2 != nil {
		return r, err
	}
	if err != nil {
		return r2, nil
	}
	if gentlerStands(r.Tiles, r2.Tiles) {
		debugf("blur: the gentler deconvolution's reading stands (%d tiles sure)", sureCount(r2.Tiles))
		sureInBoth(r2.Tiles, r.Tiles)
		return r2, nil
	}
	return r, err
}

// sureInBoth makes unsure (Conf at most deblurConf) each tile read sure
// in gentle that the first reading has a tile at (its centre inside
// the first's quad) read as another letter or not sure: both
// deconvolutions of a blurred B can read O, the first unsure of it.
func sureInBoth(gentle, first []Tile) {
	for i := range gentle {
		t := &gentle[i]
		if t.Conf < SureConf {
			continue
		}
		for _, u := range first {
			if insideConvex(u.Corners, t.Center) {
				if u.Conf < SureConf || !strings.EqualFold(u.Letter, t.Letter) {
					t.Conf = min(t.Conf, deblurConf)
				}
				break
			}
		}
	}
}

// gentlerStands says whether the reading of the photo deconvolved
// gently (gentle) stands against the first (first): more tiles sure, or
// as many and more tiles.
func gentlerStands(first, gentle []Tile) bool {
	a, b := sureCount(first), sureCount(gentle)
	return b > a || (b == a && len(gentle) > len(first))
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
	// ownBlur is the blur (sigma, working pixels) of a photo in focus,
	// taken off the measured one in quadrature by gentlerLook's
	// deconvolution: ban-seg train as taken measures 0.1-0.93 (median
	// 0.74); 0.75, 1.0 and 1.25 were tried on the tuning sets alone,
	// 1.0 kept.
	ownBlur = 1.0
)

// confirmAsTaken reads each tile read sure on the sharpened photo again
// on the photo as taken (the same quad): where the reader names another
// letter there, the sharpening may have made the letter (a ring round a
// stroke that turns a B into a D), and the tile is reported unsure
// (Conf at most deblurConf).
func confirmAsTaken(taken rgbImage, tiles []Tile, opt Options) {
	readAgainAsTaken(taken, tiles, opt, func(t *Tile) bool {
		return t.Conf >= SureConf && t.Letter != "" && t.Letter != "?"
	}, func(t *Tile, got ocr.Reading, err error) {
		if err != nil || !strings.EqualFold(got.Letter, t.Letter) {
			debugf("blur: %q at (%.0f, %.0f) reads %q as taken: unsure", t.Letter, t.Center.X, t.Center.Y, got.Letter)
			t.Conf = min(t.Conf, deblurConf)
		}
	})
}

// deblurConf is the most confidence a tile read sure on the sharpened
// photo and otherwise as taken is given (under SureConf).
const deblurConf = 0.85
