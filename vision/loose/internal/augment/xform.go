package main

import (
	"fmt"
	"math"
	"math/rand"
	"sort"

	"github.com/tilescope/tilescope/vision/loose"
)

// families are the transforms, in the order -family all runs them.
var families = []string{"rot90", "rotate", "scale", "crop", "wb", "dark", "bright", "jpeg", "noise", "defocus", "tilt", "steep"}

// warp is a map of the photo's pixels onto the output picture: a
// homography in pixel coordinates (pixel centres at whole numbers) and
// the output's size. A resize is drawn by area where it shrinks.
type warp struct {
	m      [3][3]float64
	w, h   int
	resize bool
}

func identity(w, h int) warp {
	return warp{m: [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, w: w, h: h}
}

// apply maps a point through the warp.
func (g warp) apply(p loose.Point) loose.Point {
	m := g.m
	x := m[0][0]*p.X + m[0][1]*p.Y + m[0][2]
	y := m[1][0]*p.X + m[1][1]*p.Y + m[1][2]
	z := m[2][0]*p.X + m[2][1]*p.Y + m[2][2]
	return loose.Point{X: x / z, Y: y / z}
}

// quarterTurn turns a w x h photo by k quarter turns counter-clockwise as
// seen (k = 1: the top-right corner goes to the top-left).
func quarterTurn(k, w, h int) warp {
	W, H := float64(w-1), float64(h-1)
	switch ((k % 4) + 4) % 4 {
	case 1:
		return warp{m: [3][3]float64{{0, 1, 0}, {-1, 0, W}, {0, 0, 1}}, w: h, h: w}
	case 2:
		return warp{m: [3][3]float64{{-1, 0, W}, {0, -1, H}, {0, 0, 1}}, w: w, h: h}
	case 3:
		return warp{m: [3][3]float64{{0, -1, H}, {1, 0, 0}, {0, 0, 1}}, w: h, h: w}
	}
	return identity(w, h)
}

// turn turns the photo by deg degrees counter-clockwise as seen about its
// centre, the output grown to hold the whole turned photo.
func turn(deg float64, w, h int) warp {
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	ow := int(math.Ceil(math.Abs(float64(w)*c) + math.Abs(float64(h)*s) - 1e-9))
	oh := int(math.Ceil(math.Abs(float64(w)*s) + math.Abs(float64(h)*c) - 1e-9))
	cx, cy := float64(w-1)/2, float64(h-1)/2
	ox, oy := float64(ow-1)/2, float64(oh-1)/2
	return warp{m: [3][3]float64{
		{c, s, ox - c*cx - s*cy},
		{-s, c, oy + s*cx - c*cy},
		{0, 0, 1},
	}, w: ow, h: oh}
}

// resize scales the photo to ow x oh (the pixel grid's edges kept).
func resize(w, h, ow, oh int) warp {
	sx, sy := float64(ow)/float64(w), float64(oh)/float64(h)
	return warp{m: [3][3]float64{{sx, 0, 0.5*sx - 0.5}, {0, sy, 0.5*sy - 0.5}, {0, 0, 1}}, w: ow, h: oh, resize: true}
}

// crop keeps the ow x oh window whose top-left pixel is (x0, y0).
func crop(x0, y0, ow, oh int) warp {
	return warp{m: [3][3]float64{{1, 0, -float64(x0)}, {0, 1, -float64(y0)}, {0, 0, 1}}, w: ow, h: oh}
}

// tilt is the photo as seen by the camera turned by deg degrees about an
// axis through the picture's centre lying in the picture at dir degrees
// (focal length f pixels): K R K^-1, then scaled and moved so that the
// whole tilted photo fits with its longer side as the photo's.
func tilt(deg, dir, f float64, w, h int) warp {
	cx, cy := float64(w-1)/2, float64(h-1)/2
	ux, uy := math.Cos(dir*math.Pi/180), math.Sin(dir*math.Pi/180)
	t := deg * math.Pi / 180
	c, s := math.Cos(t), math.Sin(t)
	// Rodrigues' rotation about (ux, uy, 0).
	r := [3][3]float64{
		{c + ux*ux*(1-c), ux * uy * (1 - c), uy * s},
		{ux * uy * (1 - c), c + uy*uy*(1-c), -ux * s},
		{-uy * s, ux * s, c},
	}
	k := [3][3]float64{{f, 0, cx}, {0, f, cy}, {0, 0, 1}}
	kinv := [3][3]float64{{1 / f, 0, -cx / f}, {0, 1 / f, -cy / f}, {0, 0, 1}}
	g := warp{m: mul(k, mul(r, kinv))}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range []loose.Point{{X: -0.5, Y: -0.5}, {X: float64(w) - 0.5, Y: -0.5}, {X: float64(w) - 0.5, Y: float64(h) - 0.5}, {X: -0.5, Y: float64(h) - 0.5}} {
		q := g.apply(p)
		x0, y0, x1, y1 = math.Min(x0, q.X), math.Min(y0, q.Y), math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	sc := float64(max(w, h)) / math.Max(x1-x0, y1-y0)
	g.w, g.h = int(math.Round((x1-x0)*sc)), int(math.Round((y1-y0)*sc))
	fit := [3][3]float64{{sc, 0, -x0*sc - 0.5}, {0, sc, -y0*sc - 0.5}, {0, 0, 1}}
	g.m = mul(fit, g.m)
	return g
}

func mul(a, b [3][3]float64) [3][3]float64 {
	var c [3][3]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				c[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return c
}

// label is one labelled tile: its class number and outline in pixels.
type label struct {
	class   int
	outline []loose.Point
}

// moveLabels carries the labels through the warp: each outline mapped and
// clipped to the output, kept when at least half of its mapped area is
// in view.
func moveLabels(ls []label, g warp) []label {
	var out []label
	for _, l := range ls {
		p := make([]loose.Point, len(l.outline))
		for i, q := range l.outline {
			p[i] = g.apply(q)
		}
		in, share := loose.ClipToFrame(p, g.w, g.h)
		if share < 0.5 {
			continue
		}
		out = append(out, label{l.class, in})
	}
	return out
}

// drawn is one photo's transform: its warp, its change of tones and
// how it is saved, and a line saying what was drawn.
type drawn struct {
	warp    warp
	tones   func(p *picture, rng *rand.Rand)
	blur    float64 // Gaussian sigma, pixels
	quality int
	what    string
}

// drawFor draws family's transform for a w x h photo whose labels' median
// side is side pixels.
func drawFor(family string, rng *rand.Rand, w, h int, side float64) (drawn, error) {
	d := drawn{warp: identity(w, h), quality: 95}
	u := func(lo, hi float64) float64 { return lo + (hi-lo)*rng.Float64() }
	switch family {
	case "rot90":
		k := 1 + rng.Intn(3)
		d.warp, d.what = quarterTurn(k, w, h), fmt.Sprintf("%d degrees", 90*k)
	case "rotate":
		a := u(-180, 180)
		d.warp, d.what = turn(a, w, h), fmt.Sprintf("%.1f degrees", a)
	case "scale":
		long := math.Exp(u(math.Log(640), math.Log(4032)))
		sc := long / float64(max(w, h))
		ow, oh := max(1, int(math.Round(float64(w)*sc))), max(1, int(math.Round(float64(h)*sc)))
		d.warp, d.what = resize(w, h, ow, oh), fmt.Sprintf("%dx%d", ow, oh)
	case "crop":
		ow, oh := int(float64(w)*u(0.55, 0.85)), int(float64(h)*u(0.55, 0.85))
		x0, y0 := rng.Intn(w-ow+1), rng.Intn(h-oh+1)
		d.warp, d.what = crop(x0, y0, ow, oh), fmt.Sprintf("%dx%d at %d,%d", ow, oh, x0, y0)
	case "wb":
		var g [3]float64
		switch rng.Intn(3) {
		case 0:
			g, d.what = [3]float64{u(1.2, 1.45), 1, u(0.55, 0.75)}, "tungsten"
		case 1:
			g, d.what = [3]float64{u(0.75, 0.88), 1, u(1.15, 1.35)}, "daylight"
		default:
			g, d.what = [3]float64{u(0.8, 0.92), u(1.15, 1.3), u(0.85, 0.95)}, "fluorescent"
		}
		d.what += fmt.Sprintf(" gains %.2f %.2f %.2f", g[0], g[1], g[2])
		d.tones = func(p *picture, _ *rand.Rand) { p.gains(g) }
	case "dark", "bright":
		ev := -u(1, 2.5)
		if family == "bright" {
			ev = u(0.7, 1.7)
		}
		k := math.Exp2(ev)
		d.what = fmt.Sprintf("%+.2f stops", ev)
		d.tones = func(p *picture, _ *rand.Rand) { p.gains([3]float64{k, k, k}) }
	case "jpeg":
		d.quality = 30 + rng.Intn(66)
		d.what = fmt.Sprintf("quality %d", d.quality)
	case "noise":
		sigma := u(4, 12)
		d.what = fmt.Sprintf("sigma %.1f", sigma)
		d.tones = func(p *picture, r *rand.Rand) { p.noise(sigma, r) }
	case "defocus":
		d.blur = side * u(0.02, 0.05)
		d.what = fmt.Sprintf("sigma %.2f px", d.blur)
	case "tilt", "steep":
		lo, hi := 10.0, 30.0
		if family == "steep" {
			lo, hi = 30, 45
		}
		a, dir := u(lo, hi), u(0, 180)
		d.warp, d.what = tilt(a, dir, 0.8*float64(max(w, h)), w, h), fmt.Sprintf("%.1f degrees about %.0f", a, dir)
	default:
		return d, fmt.Errorf("unknown family %q (want one of %v or all)", family, families)
	}
	return d, nil
}

// medianSide is the median of the labels' sides (the square root of each
// outline's bounding box area), 0 without labels.
func medianSide(ls []label) float64 {
	var s []float64
	for _, l := range ls {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range l.outline {
			x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
		}
		s = append(s, math.Sqrt((x1-x0)*(y1-y0)))
	}
	if len(s) == 0 {
		return 0
	}
	sort.Float64s(s)
	return s[len(s)/2]
}
