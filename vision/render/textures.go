package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"
)

// Textures are made procedurally once and cached: their content depends
// only on the cache key, never on the scene's seed, so caching cannot change
// a scene's bytes.
var (
	texMu    sync.Mutex
	texCache = map[string]*texture{}
)

func cachedTexture(key string, make func() *texture) *texture {
	texMu.Lock()
	t, ok := texCache[key]
	texMu.Unlock()
	if ok {
		return t
	}
	t = make()
	texMu.Lock()
	if old, ok := texCache[key]; ok {
		t = old
	} else {
		texCache[key] = t
	}
	texMu.Unlock()
	return t
}

// hash2 is a fast integer hash to [0,1).
func hash2(x, y int, seed uint32) float64 {
	h := uint32(x)*0x8da6b343 ^ uint32(y)*0xd8163841 ^ seed*0xcb1ab31f
	h ^= h >> 13
	h *= 0x5bd1e995
	h ^= h >> 15
	return float64(float64(h&0xffffff) / float64(1<<24))
}

// vnoise is smooth value noise that repeats every period lattice cells.
func vnoise(x, y float64, period int, seed uint32) float64 {
	fx, fy := math.Floor(x), math.Floor(y)
	ix, iy := int(fx), int(fy)
	ax, ay := x-fx, y-fy
	ax = float64(ax * ax * (3 - float64(2*ax)))
	ay = float64(ay * ay * (3 - float64(2*ay)))
	m := func(i int) int { return mod(i, period) }
	v00 := hash2(m(ix), m(iy), seed)
	v10 := hash2(m(ix+1), m(iy), seed)
	v01 := hash2(m(ix), m(iy+1), seed)
	v11 := hash2(m(ix+1), m(iy+1), seed)
	return float64((float64(v00*(1-ax))+float64(v10*ax))*(1-ay)) + float64((float64(v01*(1-ax))+float64(v11*ax))*ay)
}

// fbm sums octaves of value noise over a square of size texels that tiles.
func fbm(x, y float64, size, basePeriod, octaves int, seed uint32) float64 {
	s, amp, tot := 0.0, 1.0, 0.0
	p := basePeriod
	for o := 0; o < octaves; o++ {
		k := float64(p) / float64(size)
		s += float64(amp * vnoise(float64(x*k), float64(y*k), p, seed+uint32(o)*7919))
		tot += amp
		amp *= 0.5
		p *= 2
	}
	return s / tot
}

func setRGB(img *image.RGBA, x, y int, r, g, b float64) {
	o := img.PixOffset(x, y)
	img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = clamp255(r), clamp255(g), clamp255(b), 255
}

// tableTexture is a repeating table top: 512 texels over 700 mm.
func tableTexture(kind string) (*texture, [3]float64) {
	const n = 512
	tex := cachedTexture("table-"+kind, func() *texture {
		img := image.NewRGBA(image.Rect(0, 0, n, n))
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				fx, fy := float64(x), float64(y)
				switch kind {
				case "wood":
					// planks along x; grain lines that wander along them
					plank := y / 128
					phase := float64(10 * vnoise(float64(fx/64), float64(float64(plank)*3.1), 8, 11))
					v := fy + phase + float64(40*hash2(plank, 1, 13))
					ring := math.Mod(v/13, 1)
					line := math.Exp(float64(-ring * ring * 60)) // a thin late-wood line
					fibre := fbm(fx, fy, n, 64, 2, 12) - 0.5
					tone := 0.85 + float64(0.3*hash2(plank, 0, 5))
					k := float64(tone * (1 - float64(0.1*line) + float64(0.06*fibre) + float64(0.05*(vnoise(float64(fx/32), float64(fy/4), 16, 14)-0.5))))
					if y%128 < 2 {
						k *= 0.5 // seam between planks
					}
					setRGB(img, x, y, float64(158*k), float64(112*k), float64(74*k))
				case "felt":
					k := 1 + float64(0.25*(hash2(x, y, 21)-0.5)) + float64(0.15*(fbm(fx, fy, n, 16, 3, 22)-0.5))
					setRGB(img, x, y, float64(62*k), float64(62*k), float64(66*k))
				case "cloth":
					weave := float64(0.04 * math.Sin(float64(fx*math.Pi/2)) * math.Sin(float64(fy*math.Pi/2)))
					check := 0.0
					if (x/64+y/64)%2 == 0 {
						check = 0.05
					}
					k := 1 + weave + check + float64(0.06*(fbm(fx, fy, n, 8, 3, 31)-0.5))
					if x%64 < 2 || y%64 < 2 {
						k *= 0.93
					}
					setRGB(img, x, y, float64(226*k), float64(220*k), float64(204*k))
				case "lace":
					// a white tablecloth with embroidered rosettes and
					// small cut-outs that show the dark table beneath
					u, v := float64(x%128)-64, float64(y%128)-64
					r, th := math.Hypot(u, v), math.Atan2(v, u)
					l1 := math.Exp(-math.Pow(r-40-float64(8*math.Cos(float64(6*th))), 2) / 5)
					l2 := math.Exp(-math.Pow(r-18-float64(4*math.Cos(float64(6*th)+math.Pi/6)), 2) / 3)
					l3 := math.Exp(float64(-math.Pow(math.Abs(u)+math.Abs(v)-100, 2) / 4))
					line := math.Min(1, l1+l2+float64(0.7*l3))
					k := 1 + float64(0.03*math.Sin(fx*math.Pi/1.5)*math.Sin(fy*math.Pi/1.5))
					cr, cg, cb := float64(236*k), float64(232*k), float64(222*k)
					cr, cg, cb = cr+float64((196-cr)*line), cg+float64((176-cg)*line), cb+float64((146-cb)*line)
					if math.Abs(u)+math.Abs(v) > 116 || (r > 49 && r < 53 && math.Mod(th*6/math.Pi+12, 1) < 0.35) {
						cr, cg, cb = 70, 62, 58 // a hole in the lace
					}
					setRGB(img, x, y, cr, cg, cb)
				default: // laminate
					k := 1 + float64(0.08*(fbm(fx, fy, n, 8, 4, 41)-0.5))
					if hash2(x, y, 42) > 0.985 {
						k *= 0.85
					}
					setRGB(img, x, y, float64(188*k), float64(182*k), float64(172*k))
				}
			}
		}
		return newTexture(img, true)
	})
	return tex, [3]float64{1, 1, 1}
}

// upwordsBoardTexture is the board's top: the dark plastic, the floors of
// the squares, the marked centre squares and the border, 4 texels per mm.
func upwordsBoardTexture(rows, cols int, g upwordsGeom, centre string) *texture {
	key := fmt.Sprintf("upwords-board-%dx%d", rows, cols)
	if g.pitch != upwordsDefault.pitch {
		key += fmt.Sprintf("-%gmm", g.pitch)
	}
	if centre != "" && centre != "classic" {
		key += "-" + centre
	}
	// The centre squares' ground and their mark (drawn within the
	// diamond or the star), per print (UpwordsCentres).
	ground, mark, star := [3]float64{150, 128, 86}, [3]float64{178, 60, 48}, false
	switch centre {
	case "plain":
		ground, mark = [3]float64{196, 182, 150}, [3]float64{196, 182, 150}
	case "blue":
		ground, mark, star = [3]float64{58, 96, 160}, [3]float64{205, 210, 220}, true
	case "green":
		ground, mark, star = [3]float64{56, 122, 78}, [3]float64{200, 210, 190}, true
	case "white":
		ground, mark = [3]float64{226, 222, 210}, [3]float64{128, 126, 122}
	}
	return cachedTexture(key, func() *texture {
		// 4 texels per mm, fewer on big boards (at most 1200 texels a side)
		tpm := math.Min(4, 1200/(float64(math.Max(float64(rows), float64(cols))*g.pitch)+float64(2*g.border)))
		W := int(math.Round(float64((float64(float64(cols)*g.pitch) + float64(2*g.border)) * tpm)))
		H := int(math.Round(float64((float64(float64(rows)*g.pitch) + float64(2*g.border)) * tpm)))
		img := image.NewRGBA(image.Rect(0, 0, W, H))
		cr0, cr1 := rows/2-1, rows/2
		cc0, cc1 := cols/2-1, cols/2
		for y := 0; y < H; y++ {
			for x := 0; x < W; x++ {
				mx, my := float64(x)/tpm-g.border, float64(y)/tpm-g.border
				n := float64(0.06 * (hash2(x, y, 77) - 0.5))
				k := 1 + n + float64(0.05*(fbm(float64(x), float64(y), 256, 8, 2, 78)-0.5))
				r, gg, b := 74.0, 66.0, 58.0
				col, row := int(math.Floor(mx/g.pitch)), int(math.Floor(my/g.pitch))
				in := mx >= 0 && my >= 0 && row < rows && col < cols
				if in {
					// floor of a square: a little darker, with a faint
					// dimple ring where the tile's feet rest.
					r, gg, b = 64, 57, 50
					lx := mx - float64((float64(col)+0.5)*g.pitch)
					ly := my - float64((float64(row)+0.5)*g.pitch)
					if math.Max(math.Abs(lx), math.Abs(ly)) > float64(g.pitch/2)-2.2 {
						k *= 0.85
					}
					if (row == cr0 || row == cr1) && (col == cc0 || col == cc1) {
						// centre squares: their own ground, with a
						// diamond (or a four-pointed star) in the middle
						r, gg, b = ground[0], ground[1], ground[2]
						ax, ay := math.Abs(lx), math.Abs(ly)
						in := ax+ay < float64(g.pitch*0.36)
						if star {
							in = math.Sqrt(ax)+math.Sqrt(ay) < math.Sqrt(float64(g.pitch*0.38))
						}
						if in {
							r, gg, b = mark[0], mark[1], mark[2]
						}
					}
				} else {
					// border: a raised rim line near the playing grid
					d := math.Max(math.Max(-mx, mx-float64(float64(cols)*g.pitch)), math.Max(-my, my-float64(float64(rows)*g.pitch)))
					if d > 4 && d < 5.2 {
						k *= 1.35
					}
				}
				setRGB(img, x, y, float64(r*k), float64(gg*k), float64(b*k))
			}
		}
		// The name on the border, as on real boards.
		tfs := Typefaces()
		if len(tfs) > 1 {
			drawText(img, tfs[1], "UPWORDS", float64(g.border*0.45*tpm), float64(float64(W)/2), float64(g.border*0.5*tpm), color.RGBA{190, 170, 120, 255})
		}
		return newTexture(img, false)
	})
}

// tileFaceTexture is a tile's top face: a light face darkening at the
// rounded, bevelled edge, the letter in the typeface, and for Scrabble-like
// tiles the value in the corner. The face is grey-white; the tile's colour
// comes from the tint when drawn.
func tileFaceTexture(kind, letter string, tf *Typeface, value int) *texture {
	return printedFaceTexture(kind, letter, tf, value, color.RGBA{22, 20, 18, 255}, 0)
}

// printedFaceTexture is tileFaceTexture with the letter's ink and, for
// Upwords, its height over the face's side (0: the project's set's).
func printedFaceTexture(kind, letter string, tf *Typeface, value int, ink color.RGBA, size float64) *texture {
	key := fmt.Sprintf("face-%s-%s-%s-%d", kind, letter, tf.Name, value)
	if ink != (color.RGBA{22, 20, 18, 255}) || size != 0 {
		key += fmt.Sprintf("-%v-%.3f", ink, size)
	}
	return cachedTexture(key, func() *texture {
		const n = 96
		img := image.NewRGBA(image.Rect(0, 0, n, n))
		radius, bevel := 9.0, 7.0
		if kind == "twists" {
			radius = 5
		}
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				fx, fy := float64(x)+0.5, float64(y)+0.5
				// distance inside the rounded square
				dx := math.Max(radius-fx, fx-(n-radius))
				dy := math.Max(radius-fy, fy-(n-radius))
				var d float64
				if dx > 0 && dy > 0 {
					d = radius - math.Hypot(dx, dy)
				} else {
					d = math.Min(math.Min(fx, n-fx), math.Min(fy, n-fy))
				}
				a := math.Max(0, math.Min(1, d+0.5))
				k := 236.0
				if d < bevel {
					k *= 0.78 + float64(0.22*(d/bevel))
				}
				k += float64(6 * (hash2(x, y, 91) - 0.5))
				o := img.PixOffset(x, y)
				img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = clamp255(k), clamp255(k), clamp255(k), uint8(float64(a*255)+0.5)
			}
		}
		switch kind {
		case "lexicon":
			drawText(img, tf, letter, n*0.5, n*0.46, n*0.47, ink)
			if value > 0 {
				drawText(img, tf, fmt.Sprint(value), n*0.17, n*0.8, n*0.8, ink)
			}
		case "scrabble":
			// the letter a little up and left of the middle, its value
			// small in the bottom right corner
			if letter != "" {
				drawText(img, tf, letter, n*0.5, n*0.45, n*0.46, ink)
			}
			if value > 0 {
				drawText(img, tf, fmt.Sprint(value), n*0.15, n*0.8, n*0.8, ink)
			}
		case "scrabble-back":
			// a tile face down: the bare face
		case "twists":
			if icon, ok := actionIcons[letter]; ok {
				icon(img, n)
			} else {
				drawText(img, tf, letter, n*0.5, n*0.5, n*0.5, ink)
			}
			cutNotches(img, n)
		default:
			if size == 0 {
				size = 0.56
			}
			px := n * size
			if letter == "Qu" {
				px *= 0.5 / 0.56
			}
			drawText(img, tf, letter, px, n*0.5, n*0.5, ink)
		}
		return newTexture(img, false)
	})
}

// sideTexture is a tile's edge: lighter at the top bevel, a dark groove
// at the bottom where it meets the tile below.
func sideTexture() *texture {
	return cachedTexture("side", func() *texture {
		const n = 16
		img := image.NewRGBA(image.Rect(0, 0, n, n))
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				k := 200.0
				switch {
				case y < 2:
					k = 225
				case y >= n-2:
					k = 110
				}
				setRGB(img, x, y, k, k, k)
			}
		}
		return newTexture(img, false)
	})
}
