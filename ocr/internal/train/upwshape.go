package main

import (
	"image"
	"image/draw"
	"math"
	"math/rand/v2"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr/dataset"
)

// glyphShape is how reshapeGlyph changes a face's letter, as another
// typeface would draw it: slant (x moved by slant times the height above
// the crop's middle, a fraction of it), width (the letter's width over
// its own, about the middle) and weight (+1 bolder strokes: each pixel
// the darkest of its 3x3 neighbourhood; -1 lighter: the lightest; 0 as
// drawn).
type glyphShape struct {
	slant, width float64
	weight       int
}

// drawShape draws a glyphShape from rng: slant within +-0.25 (about 14
// degrees either way), width 0.82-1.18, weight bolder, lighter or as
// drawn, a third each.
func drawShape(rng *rand.Rand) glyphShape {
	return glyphShape{
		slant:  -0.25 + 0.5*rng.Float64(),
		width:  0.82 + 0.36*rng.Float64(),
		weight: rng.IntN(3) - 1,
	}
}

// reshapeGlyph returns the crop img with its letter reshaped by s (see
// glyphShape), as a new RGBA crop of img's size at the origin: the crop
// is sampled bilinearly at the inverse of the slant and width about its
// middle (points beyond its edge take the nearest edge pixel), then its
// strokes thickened or thinned. sideways says the letter lies on its
// side in the crop (turned a quarter or three quarters): its width and
// slant are then along the crop's height. The whole crop moves, the
// tile's edges in its margin too: a few pixels at the sides, as the
// board reader's own crops move when a stack's height is a little off.
func reshapeGlyph(img image.Image, s glyphShape, sideways bool) *image.RGBA {
	b := img.Bounds()
	src, ok := img.(*image.RGBA)
	if !ok || b.Min != (image.Point{}) {
		src = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(src, src.Bounds(), img, b.Min, draw.Src)
	}
	w, h := b.Dx(), b.Dy()
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	cx, cy := float64(w)/2, float64(h)/2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			// across is the letter's width axis, along its height's:
			// out(across, along) = src(across', along) with
			// across - c = width*(across'-c) - slant*(along-c).
			px, py := float64(x)+0.5-cx, float64(y)+0.5-cy
			sx, sy := (px+s.slant*py)/s.width, py
			if sideways {
				sx, sy = px, (py+s.slant*px)/s.width
			}
			o := out.PixOffset(x, y)
			sampleRGBA(src, sx+cx-0.5, sy+cy-0.5, out.Pix[o:o+4])
		}
	}
	if s.weight != 0 {
		out = strokeWeight(out, s.weight > 0)
	}
	return out
}

// sampleRGBA writes into px the bilinear sample of src at (x, y) in
// pixel-centre coordinates, clamped to the picture's edge.
func sampleRGBA(src *image.RGBA, x, y float64, px []uint8) {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	x = math.Max(0, math.Min(float64(w-1), x))
	y = math.Max(0, math.Min(float64(h-1), y))
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
	ax, ay := x-float64(x0), y-float64(y0)
	for c := 0; c < 3; c++ {
		v := (1-ax)*(1-ay)*float64(src.Pix[src.PixOffset(x0, y0)+c]) +
			ax*(1-ay)*float64(src.Pix[src.PixOffset(x1, y0)+c]) +
			(1-ax)*ay*float64(src.Pix[src.PixOffset(x0, y1)+c]) +
			ax*ay*float64(src.Pix[src.PixOffset(x1, y1)+c])
		px[c] = uint8(v + 0.5)
	}
	px[3] = 255
}

// strokeWeight returns img with each pixel replaced by the darkest
// (bolder: dark ink spreads) or the lightest of its 3x3 neighbourhood,
// by luminance, the whole pixel taken.
func strokeWeight(img *image.RGBA, bolder bool) *image.RGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	out := image.NewRGBA(img.Rect)
	luma := func(o int) int {
		return 299*int(img.Pix[o]) + 587*int(img.Pix[o+1]) + 114*int(img.Pix[o+2])
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			best := img.PixOffset(x, y)
			bl := luma(best)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= w || yy >= h {
						continue
					}
					o := img.PixOffset(xx, yy)
					if l := luma(o); (bolder && l < bl) || (!bolder && l > bl) {
						best, bl = o, l
					}
				}
			}
			d := out.PixOffset(x, y)
			copy(out.Pix[d:d+4], img.Pix[best:best+4])
		}
	}
	return out
}

// reshapedCrops returns crops with, after each lettered crop, a copy of
// it reshaped (reshapeGlyph) by a shape drawn from a stream of its own
// (the seed and the crop's index: the same every run whatever the
// workers). Empty squares are kept once, as cut.
func reshapedCrops(crops []dataset.Crop, seed uint64) []dataset.Crop {
	shaped := make([]*dataset.Crop, len(crops))
	parallel.ForN(*workers, len(crops), func(_, i int) {
		c := crops[i]
		if c.Letter == "" {
			return
		}
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		r := c
		sideways := int(math.Round(c.Angle/90))%2 != 0
		r.Image = reshapeGlyph(c.Image, drawShape(rng), sideways)
		r.Name = c.Name + "#shaped"
		shaped[i] = &r
	})
	out := make([]dataset.Crop, 0, 2*len(crops))
	for i, c := range crops {
		out = append(out, c)
		if shaped[i] != nil {
			out = append(out, *shaped[i])
		}
	}
	return out
}
