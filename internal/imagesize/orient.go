package imagesize

import (
	"image"
	"image/draw"

	"github.com/tilescope/tilescope/internal/exif"
)

// Upright turns img by EXIF orientation o (internal/exif) so that it
// stands as the photographer saw it, and as a browser shows it; an
// orientation that turns nothing gives img itself. A photo from Go's JPEG
// decoder (*image.YCbCr) is turned plane by plane, keeping its chroma
// subsampling where the turn allows it (4:2:0 and 4:4:4 always; 4:2:2
// and 4:4:0 swap in a quarter turn), so a turned 12 MP photo costs no more
// memory than the photo; a grey picture stays grey; anything else comes
// back as RGBA. The result's bounds start at (0, 0).
func Upright(img image.Image, o int) image.Image {
	if exif.Upright(o) {
		return img
	}
	switch m := img.(type) {
	case *image.YCbCr:
		if out := uprightYCbCr(m, o); out != nil {
			return out
		}
	case *image.Gray:
		b := m.Bounds()
		w, h := exif.Size(o, b.Dx(), b.Dy())
		out := image.NewGray(image.Rect(0, 0, w, h))
		turnPlane(out.Pix, out.Stride, m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride, b.Dx(), b.Dy(), o)
		return out
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	w, h := exif.Size(o, b.Dx(), b.Dy())
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sx, sy := exif.Source(o, b.Dx(), b.Dy(), x, y)
			copy(out.Pix[out.PixOffset(x, y):][:4], rgba.Pix[rgba.PixOffset(sx, sy):][:4])
		}
	}
	return out
}

// turnPlane writes the w by h plane of bytes src (stride ss) into dst
// (stride ds), turned by orientation o. The turn is linear: the stored
// index of upright pixel (x, y) is base + x*dx + y*dy. A quarter turn reads
// the stored plane down its columns, so the plane is turned in blocks
// that stay in the cache.
func turnPlane(dst []byte, ds int, src []byte, ss, w, h, o int) {
	ow, oh := exif.Size(o, w, h)
	at := func(x, y int) int { sx, sy := exif.Source(o, w, h, x, y); return sy*ss + sx }
	base := at(0, 0)
	dx, dy := 0, 0
	if ow > 1 {
		dx = at(1, 0) - base
	}
	if oh > 1 {
		dy = at(0, 1) - base
	}
	const block = 64
	for by := 0; by < oh; by += block {
		for bx := 0; bx < ow; bx += block {
			xe := min(bx+block, ow)
			for y := by; y < min(by+block, oh); y++ {
				row := dst[y*ds+bx : y*ds+xe]
				i := base + bx*dx + y*dy
				for x := range row {
					row[x] = src[i]
					i += dx
				}
			}
		}
	}
}

// subsampling is each chroma ratio's chroma sample size in luma pixels.
var subsampling = map[image.YCbCrSubsampleRatio][2]int{
	image.YCbCrSubsampleRatio444: {1, 1},
	image.YCbCrSubsampleRatio422: {2, 1},
	image.YCbCrSubsampleRatio420: {2, 2},
	image.YCbCrSubsampleRatio440: {1, 2},
	image.YCbCrSubsampleRatio411: {4, 1},
	image.YCbCrSubsampleRatio410: {4, 2},
}

// uprightYCbCr turns a YCbCr picture plane by plane, or gives nil when its
// chroma grid does not turn onto a chroma grid Go has (a side not a
// whole number of chroma samples, or 4:1:1 and 4:1:0 in a quarter turn).
func uprightYCbCr(m *image.YCbCr, o int) *image.YCbCr {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	sub, ok := subsampling[m.SubsampleRatio]
	if !ok || b.Min.X%sub[0] != 0 || b.Min.Y%sub[1] != 0 || w%sub[0] != 0 || h%sub[1] != 0 {
		return nil
	}
	osub := sub
	if o >= 5 {
		osub = [2]int{sub[1], sub[0]}
	}
	var ratio image.YCbCrSubsampleRatio
	found := false
	for r, s := range subsampling {
		if s == osub {
			ratio, found = r, true
		}
	}
	if !found {
		return nil
	}
	ow, oh := exif.Size(o, w, h)
	out := image.NewYCbCr(image.Rect(0, 0, ow, oh), ratio)
	turnPlane(out.Y, out.YStride, m.Y[m.YOffset(b.Min.X, b.Min.Y):], m.YStride, w, h, o)
	c := m.COffset(b.Min.X, b.Min.Y)
	cw, ch := w/sub[0], h/sub[1]
	turnPlane(out.Cb, out.CStride, m.Cb[c:], m.CStride, cw, ch, o)
	turnPlane(out.Cr, out.CStride, m.Cr[c:], m.CStride, cw, ch, o)
	return out
}
