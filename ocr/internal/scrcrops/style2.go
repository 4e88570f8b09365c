package main

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/tilescope/tilescope/vision"
)

// look is how a crop of the second style is lit and spoilt after it is
// cut: a gain and a gamma on every channel, a colour cast (a gain per
// channel), a shadow darkening one side (down to shadow of the light at
// the far edge, along angle), a Gaussian blur (sigma in pixels of the
// crop; 0 none), noise (standard deviation in grey levels) and a JPEG
// round trip (quality; 0 none).
type look struct {
	gain, gamma   float64
	cast          [3]float64
	shadow, angle float64
	blur, noise   float64
	quality       int
}

// cuts2 are the second style's cuts: other sizes, wider margins, shifts
// and turns than the first's.
var cuts2 = cutRanges{
	sizes:  []int{20, 28, 36, 44, 56, 72, 100, 144, 192},
	margin: [2]float64{0.0, 0.12}, tight: [2]float64{-0.08, 0.08}, wide: [2]float64{0.15, 0.2},
	off: [2]float64{0.08, 0.1}, turn: [2]float64{8, 12},
	mixMargin: [2]float64{-0.06, 0.36}, mixShift: 0.12, mixTurn: 30,
}

// pickCut2 draws the k-th cut of a square in the second style (its look
// is drawn apart, pickLook).
func pickCut2(rng *rand.Rand, k int) cut { return cuts2.pick(rng, k) }

// pickLook draws a crop's look: lit 0.5-1.3 with a gamma of 0.7-1.5,
// a cast of up to 15% per channel; in one of three a shadow to 0.55-0.85
// of the light; in one of three a blur of 0.5-1.6 pixels (of a 64-pixel
// crop, scaled to the crop's size); noise of 0-6 levels; in one of two a
// JPEG of quality 25-85.
func pickLook(rng *rand.Rand, size int) look {
	l := look{gain: 0.5 + 0.8*rng.Float64(), gamma: 0.7 + 0.8*rng.Float64(), noise: 6 * rng.Float64()}
	for i := range l.cast {
		l.cast[i] = 0.85 + 0.3*rng.Float64()
	}
	if rng.IntN(3) == 0 {
		l.shadow, l.angle = 0.55+0.3*rng.Float64(), 2*math.Pi*rng.Float64()
	}
	if rng.IntN(3) == 0 {
		l.blur = (0.5 + 1.1*rng.Float64()) * float64(size) / 64
	}
	if rng.IntN(2) == 0 {
		l.quality = 25 + rng.IntN(61)
	}
	return l
}

// apply2 cuts square (r, col) as apply does, then gives it a look drawn
// from rng.
func (c cut) apply2(img image.Image, h vision.Homography, r, col int, rng *rand.Rand) (image.Image, error) {
	m := c.apply(img, h, r, col)
	return pickLook(rng, c.size).apply(m, rng)
}

func (l look) apply(m *image.RGBA, rng *rand.Rand) (image.Image, error) {
	n := m.Rect.Dx()
	if l.blur > 0 {
		m = gaussBlur(m, l.blur)
	}
	ca, sa := math.Cos(l.angle), math.Sin(l.angle)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := m.RGBAAt(x, y)
			light := l.gain
			if l.shadow > 0 {
				// t runs 0..1 across the crop along the shadow's direction
				t := 0.5 + ((float64(x)/float64(n)-0.5)*ca+(float64(y)/float64(n)-0.5)*sa)/math.Sqrt2
				light *= 1 - (1-l.shadow)*min(max(t, 0), 1)
			}
			v := [3]uint8{p.R, p.G, p.B}
			for i := range v {
				f := math.Pow(float64(v[i])/255, l.gamma) * 255 * light * l.cast[i]
				f += l.noise * rng.NormFloat64()
				v[i] = uint8(min(max(math.Round(f), 0), 255))
			}
			m.SetRGBA(x, y, color.RGBA{v[0], v[1], v[2], 255})
		}
	}
	if l.quality == 0 {
		return m, nil
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: l.quality}); err != nil {
		return nil, err
	}
	return jpeg.Decode(&buf)
}

// gaussBlur blurs m with a Gaussian of standard deviation sigma pixels
// (separable, edges clamped).
func gaussBlur(m *image.RGBA, sigma float64) *image.RGBA {
	k := vision.GaussianKernel(sigma, 3)
	rad := len(k) / 2
	w, h := m.Rect.Dx(), m.Rect.Dy()
	pass := func(src *image.RGBA, dx, dy int) *image.RGBA {
		out := image.NewRGBA(src.Rect)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				var acc [3]float64
				for i, kv := range k {
					px := min(max(x+(i-rad)*dx, 0), w-1)
					py := min(max(y+(i-rad)*dy, 0), h-1)
					p := src.RGBAAt(px, py)
					acc[0] += kv * float64(p.R)
					acc[1] += kv * float64(p.G)
					acc[2] += kv * float64(p.B)
				}
				out.SetRGBA(x, y, color.RGBA{uint8(acc[0] + 0.5), uint8(acc[1] + 0.5), uint8(acc[2] + 0.5), 255})
			}
		}
		return out
	}
	return pass(pass(m, 1, 0), 0, 1)
}
