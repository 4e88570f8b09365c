package ocr

import (
	"image"
	"image/color"
)

// rgbImage is a small float RGB image, values 0..1, row-major.
type rgbImage struct {
	W, H    int
	R, G, B []float32
}

// grayImage is a small float grey image, values nominally 0..1.
type grayImage struct {
	W, H int
	Pix  []float32
}

// bilinear samples g at (x, y) in pixel-centre coordinates; outside the
// image it returns fill.
func (g *grayImage) bilinear(x, y float64, fill float32) float32 {
	x -= 0.5
	y -= 0.5
	if x < -0.5 || y < -0.5 || x > float64(g.W)-0.5 || y > float64(g.H)-0.5 {
		return fill
	}
	x0 := int(x)
	if x < 0 {
		x0 = -1
	}
	y0 := int(y)
	if y < 0 {
		y0 = -1
	}
	fx := float32(x - float64(x0))
	fy := float32(y - float64(y0))
	p := func(xx, yy int) float32 {
		if xx < 0 {
			xx = 0
		}
		if yy < 0 {
			yy = 0
		}
		if xx >= g.W {
			xx = g.W - 1
		}
		if yy >= g.H {
			yy = g.H - 1
		}
		return g.Pix[yy*g.W+xx]
	}
	a := p(x0, y0)*(1-fx) + p(x0+1, y0)*fx
	b := p(x0, y0+1)*(1-fx) + p(x0+1, y0+1)*fx
	return a*(1-fy) + b*fy
}

// byteUnit is each byte's value as a share of 255, as toRGB scales a
// pixel kept at its own size: float32(v) * (1/255 in float32).
var byteUnit = func() (t [256]float32) {
	const s = float32(1) / 255
	for v := range t {
		t[v] = float32(v) * s
	}
	return t
}()

// toRGB converts img to a float RGB image whose longer side is at most
// maxSide, averaging the source pixels that fall in each target pixel.
// Small images are kept at their own size. Common concrete image types are
// read directly; others go through the color.Model.
func toRGB(img image.Image, maxSide int, ar *arena) *rgbImage {
	b := img.Bounds()
	sw, sh := b.Dx(), b.Dy()
	tw, th := sw, sh
	if sw > maxSide || sh > maxSide {
		if sw >= sh {
			tw = maxSide
			th = max(1, (sh*maxSide+sw/2)/sw)
		} else {
			th = maxSide
			tw = max(1, (sw*maxSide+sh/2)/sh)
		}
	}
	n := tw * th
	out := &rgbImage{W: tw, H: th, R: ar.floats(n), G: ar.floats(n), B: ar.floats(n)}
	if m, ok := img.(*image.RGBA); ok && tw == sw && th == sh {
		// Kept at its own size (vision/pyramids' face crops): each target
		// pixel is one source pixel, scaled as below (a count of 1), by
		// a table load rather than a conversion and a multiplication
		// (the same values: byteUnit).
		for y := 0; y < sh; y++ {
			row := m.Pix[(y+b.Min.Y-m.Rect.Min.Y)*m.Stride+(b.Min.X-m.Rect.Min.X)*4:]
			row = row[:4*sw]
			R, G, B := out.R[y*tw:(y+1)*tw], out.G[y*tw:(y+1)*tw], out.B[y*tw:(y+1)*tw]
			for x := range R {
				R[x] = byteUnit[row[4*x]]
				G[x] = byteUnit[row[4*x+1]]
				B[x] = byteUnit[row[4*x+2]]
			}
		}
		return out
	}
	cnt := ar.floats(n)
	// Column and row of the target pixel for each source column and row.
	xmap := ar.ints(sw)
	for x := range xmap {
		xmap[x] = int32(x * tw / sw)
	}
	ymap := ar.ints(sh)
	for y := range ymap {
		ymap[y] = int32(y * th / sh)
	}
	add := func(x, y int, r, g, bl uint8) {
		i := int(ymap[y])*tw + int(xmap[x])
		out.R[i] += float32(r)
		out.G[i] += float32(g)
		out.B[i] += float32(bl)
		cnt[i]++
	}
	switch m := img.(type) {
	case *image.RGBA:
		// The common case, without the per-pixel call: integer sums (exact,
		// as the float sums of whole numbers are) and the pixel counts from
		// the row and column maps.
		if sw*sh <= 1<<16 {
			sums := ar.ints(3 * n)
			// 3*xmap, each source column's target sums' offset
			x3 := ar.ints(sw)
			for x, t := range xmap {
				x3[x] = 3 * t
			}
			for y := 0; y < sh; y++ {
				row := m.Pix[(y+b.Min.Y-m.Rect.Min.Y)*m.Stride+(b.Min.X-m.Rect.Min.X)*4:]
				row = row[:4*sw]
				base := int(ymap[y]) * tw
				S := sums[3*base : 3*(base+tw)]
				for x, t := range x3 {
					px := row[4*x : 4*x+3 : 4*x+3]
					s := S[t : t+3 : t+3]
					s[0] += int32(px[0])
					s[1] += int32(px[1])
					s[2] += int32(px[2])
				}
			}
			colN := ar.ints(tw)
			for x := range xmap {
				colN[xmap[x]]++
			}
			rowN := ar.ints(th)
			for y := range ymap {
				rowN[ymap[y]]++
			}
			// each sum scaled by its count as the last loop below
			// scales it (the same float32 product, the same run of
			// counts), in one pass
			lastC, s := float32(0), float32(0)
			for y := 0; y < th; y++ {
				R, G, B := out.R[y*tw:(y+1)*tw], out.G[y*tw:(y+1)*tw], out.B[y*tw:(y+1)*tw]
				S := sums[3*y*tw : 3*(y+1)*tw]
				for x := range R {
					if c := float32(colN[x] * rowN[y]); c != lastC {
						lastC, s = c, 1/(255*c)
					}
					px := S[3*x : 3*x+3 : 3*x+3]
					R[x] = float32(px[0]) * s
					G[x] = float32(px[1]) * s
					B[x] = float32(px[2]) * s
				}
			}
			return out
		}
		for y := 0; y < sh; y++ {
			row := m.Pix[(y+b.Min.Y-m.Rect.Min.Y)*m.Stride+(b.Min.X-m.Rect.Min.X)*4:]
			row = row[:4*sw]
			base := int(ymap[y]) * tw
			R, G, B, C := out.R[base:base+tw], out.G[base:base+tw], out.B[base:base+tw], cnt[base:base+tw]
			for x := 0; x < sw; x++ {
				i := xmap[x]
				R[i] += float32(row[4*x])
				G[i] += float32(row[4*x+1])
				B[i] += float32(row[4*x+2])
				C[i]++
			}
		}
	case *image.NRGBA:
		for y := 0; y < sh; y++ {
			row := m.Pix[(y+b.Min.Y-m.Rect.Min.Y)*m.Stride+(b.Min.X-m.Rect.Min.X)*4:]
			for x := 0; x < sw; x++ {
				a := uint16(row[4*x+3])
				add(x, y, uint8(uint16(row[4*x])*a/255), uint8(uint16(row[4*x+1])*a/255), uint8(uint16(row[4*x+2])*a/255))
			}
		}
	case *image.Gray:
		for y := 0; y < sh; y++ {
			row := m.Pix[(y+b.Min.Y-m.Rect.Min.Y)*m.Stride+(b.Min.X-m.Rect.Min.X):]
			for x := 0; x < sw; x++ {
				v := row[x]
				add(x, y, v, v, v)
			}
		}
	case *image.YCbCr:
		for y := 0; y < sh; y++ {
			for x := 0; x < sw; x++ {
				yi := m.YOffset(x+b.Min.X, y+b.Min.Y)
				ci := m.COffset(x+b.Min.X, y+b.Min.Y)
				r, g, bl := color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
				add(x, y, r, g, bl)
			}
		}
	default:
		for y := 0; y < sh; y++ {
			for x := 0; x < sw; x++ {
				r, g, bl, _ := img.At(x+b.Min.X, y+b.Min.Y).RGBA()
				add(x, y, uint8(r>>8), uint8(g>>8), uint8(bl>>8))
			}
		}
	}
	lastC, s := float32(0), float32(0)
	for i := range cnt {
		if cnt[i] != lastC { // few distinct counts: divide once for each run
			lastC, s = cnt[i], 1/(255*cnt[i])
		}
		out.R[i] *= s
		out.G[i] *= s
		out.B[i] *= s
	}
	return out
}

// gray returns the luma of the image.
func (im *rgbImage) gray(ar *arena) *grayImage {
	g := &grayImage{W: im.W, H: im.H, Pix: ar.floats(im.W * im.H)}
	// The channels cut to the grey's length: no bounds check a pixel.
	R, G, B := im.R[:len(g.Pix)], im.G[:len(g.Pix)], im.B[:len(g.Pix)]
	for i := range g.Pix {
		g.Pix[i] = 0.299*R[i] + 0.587*G[i] + 0.114*B[i]
	}
	return g
}

// smoothed is im averaged over each pixel's 3x3 neighbourhood (the
// neighbours inside the image), every channel alike: the sensor's noise
// and the JPEG blocks of a dim or shaken face lessened before its ink
// is told from its face (the Upwords reader, Classifier.smooth).
func (im *rgbImage) smoothed(ar *arena) *rgbImage {
	W, H := im.W, im.H
	out := &rgbImage{W: W, H: H, R: ar.floats(W * H), G: ar.floats(W * H), B: ar.floats(W * H)}
	if W < 2 || H < 2 {
		copy(out.R, im.R)
		copy(out.G, im.G)
		copy(out.B, im.B)
		return out
	}
	row := ar.floats(W * H)
	for _, ch := range [3][2][]float32{{im.R, out.R}, {im.G, out.G}, {im.B, out.B}} {
		src, dst := ch[0], ch[1]
		// along x: the mean of each pixel and its neighbours in the row
		for y := range H {
			s, r := src[y*W:y*W+W], row[y*W:y*W+W]
			r[0] = (s[0] + s[1]) / 2
			for x := 1; x < W-1; x++ {
				r[x] = (s[x-1] + s[x] + s[x+1]) / 3
			}
			r[W-1] = (s[W-2] + s[W-1]) / 2
		}
		// then along y
		for x := range W {
			dst[x] = (row[x] + row[W+x]) / 2
			dst[(H-1)*W+x] = (row[(H-2)*W+x] + row[(H-1)*W+x]) / 2
		}
		for y := 1; y < H-1; y++ {
			a, b, c, d := row[(y-1)*W:y*W], row[y*W:y*W+W], row[(y+1)*W:(y+1)*W+W], dst[y*W:y*W+W]
			for x := range d {
				d[x] = (a[x] + b[x] + c[x]) / 3
			}
		}
	}
	return out
}

// Exposure: a crop whose bright parts stay below darkTop (the grey level
// that 5% of its pixels reach) was taken in dim light; it is brightened
// so that they reach exposeTo, by at most maxGain.
const (
	darkTop  = 0.45
	exposeTo = 0.6
	maxGain  = 4
)

// expose brightens a dim crop (the working image and its luma, in place)
// as a camera's exposure would: every channel times one gain, so the
// letter's contrast grows with the face's brightness. Dim, unevenly lit
// boards otherwise give letters so faint that they pass for an empty
// square. Crops in ordinary light are left as they are. It reports
// whether it brightened the crop.
func expose(im *rgbImage, g *grayImage) bool {
	var hist [64]int
	for _, v := range g.Pix {
		hist[min(max(int(v*64), 0), 63)]++
	}
	want, acc, p := len(g.Pix)/20, 0, 63
	for ; p > 0; p-- {
		acc += hist[p]
		if acc >= want {
			break
		}
	}
	top := (float32(p) + 0.5) / 64
	if top >= darkTop {
		return false
	}
	gain := min(exposeTo/top, maxGain)
	for i := range g.Pix {
		g.Pix[i] = min(g.Pix[i]*gain, 1)
		im.R[i] = min(im.R[i]*gain, 1)
		im.G[i] = min(im.G[i]*gain, 1)
		im.B[i] = min(im.B[i]*gain, 1)
	}
	return true
}
