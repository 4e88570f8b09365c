package dataset

import (
	"image"
	"image/color"
	"math"
)

// Box cuts the axis-aligned square around the tile's rectangle, its side
// the rectangle's extent times margin, turned by extra degrees
// (counter-clockwise on screen) about the tile's centre. extra = 0 is the
// tile as photographed.
func Box(img image.Image, r Rect, margin, extra float64) *image.RGBA {
	rad := extra * math.Pi / 180
	// The tile's own extent after turning by extra.
	var minX, maxX, minY, maxY = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	ca, sa := math.Cos(rad), math.Sin(rad)
	for _, c := range r.Corners {
		dx, dy := c[0]-r.Center[0], c[1]-r.Center[1]
		x := dx*ca + dy*sa
		y := -dx*sa + dy*ca
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	side := math.Max(maxX-minX, maxY-minY) * margin
	n := max(8, int(math.Round(side)))
	out := image.NewRGBA(image.Rect(0, 0, n, n))
	scale := side / float64(n)
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			// output pixel -> offset from the centre in the turned frame
			u := (float64(i)+0.5-float64(n)/2)*scale + (minX+maxX)/2
			v := (float64(j)+0.5-float64(n)/2)*scale + (minY+maxY)/2
			// turned frame -> photo (inverse of the turn above)
			x := r.Center[0] + u*ca - v*sa
			y := r.Center[1] + u*sa + v*ca
			out.SetRGBA(i, j, bilinear(img, x, y))
		}
	}
	return out
}

// Warp rectifies the tile's rectangle (corners in order) to an n x n
// square, the tile face filling 1/margin of it.
func Warp(img image.Image, r Rect, margin float64, n int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, n, n))
	c := r.Corners
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			s := ((float64(i)+0.5)/float64(n)-0.5)*margin + 0.5
			t := ((float64(j)+0.5)/float64(n)-0.5)*margin + 0.5
			// bilinear interpolation of the corners (a rectangle: exact)
			x := (1-s)*(1-t)*c[0][0] + s*(1-t)*c[1][0] + s*t*c[2][0] + (1-s)*t*c[3][0]
			y := (1-s)*(1-t)*c[0][1] + s*(1-t)*c[1][1] + s*t*c[2][1] + (1-s)*t*c[3][1]
			out.SetRGBA(i, j, bilinear(img, x, y))
		}
	}
	return out
}

func bilinear(img image.Image, x, y float64) color.RGBA {
	b := img.Bounds()
	x -= 0.5
	y -= 0.5
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	var acc [3]float64
	for dy := 0; dy < 2; dy++ {
		for dx := 0; dx < 2; dx++ {
			xx := min(max(x0+dx+b.Min.X, b.Min.X), b.Max.X-1)
			yy := min(max(y0+dy+b.Min.Y, b.Min.Y), b.Max.Y-1)
			w := (1 - fx) * (1 - fy)
			switch {
			case dx == 1 && dy == 0:
				w = fx * (1 - fy)
			case dx == 0 && dy == 1:
				w = (1 - fx) * fy
			case dx == 1 && dy == 1:
				w = fx * fy
			}
			r, g, bl, _ := img.At(xx, yy).RGBA()
			acc[0] += w * float64(r>>8)
			acc[1] += w * float64(g>>8)
			acc[2] += w * float64(bl>>8)
		}
	}
	return color.RGBA{uint8(acc[0] + 0.5), uint8(acc[1] + 0.5), uint8(acc[2] + 0.5), 255}
}
