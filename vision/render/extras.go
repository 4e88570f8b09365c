package render

import (
	"fmt"
	"image"
	"math"
)

// skinTones are a few skin colours, light to dark (0..255).
var skinTones = [][3]float64{{228, 178, 146}, {205, 145, 110}, {170, 112, 78}, {120, 76, 50}, {86, 56, 38}}

// addHand puts a hand and forearm over part of the layout, as when a
// player reaches in to place a tile: flat pieces (sleeve, forearm, palm,
// fingers, thumb) a hand's height above the board, coming in from an edge
// of the picture, casting a soft shadow. The cells and tiles whose centre
// it hides are marked Occluded in the truth.
func (w *world) addHand() {
	rng := w.rng
	ext := w.extent
	if ext <= 0 {
		ext = 120
	}
	// Where the fingertips point, and the direction the arm comes from:
	// mostly from the player's (south) side.
	tx, ty := float64((float64(float64(rng.Float64())*2)-1)*ext*0.6), float64((float64(float64(rng.Float64())*2)-1)*ext*0.6)
	from := -math.Pi/2 + float64((float64(float64(rng.Float64())*2)-1)*math.Pi*0.45)
	if rng.IntN(4) == 0 {
		from = float64(float64(rng.Float64()) * 2 * math.Pi)
	}
	dir := vec3{-math.Cos(from), -math.Sin(from), 0} // towards the fingertips
	side := vec3{-dir.Y, dir.X, 0}
	z := w.surfaceZ + 45 + float64(60*float64(rng.Float64()))
	tip := vec3{tx, ty, z}.sub(dir.scale(70))
	skin := skinTones[rng.IntN(len(skinTones))]
	sleeve := [3]float64{40 + float64(180*float64(rng.Float64())), 40 + float64(160*float64(rng.Float64())), 40 + float64(180*float64(rng.Float64()))}
	// local (along, across, up) -> world, with the arm rising away from
	// the hand
	at := func(a, c, up float64) vec3 {
		return tip.add(dir.scale(a)).add(side.scale(c)).add(vec3{0, 0, up})
	}
	var pieces []face
	// piece is a flat part a-b-c-d (a-b across at the fingertip end),
	// textured with rounded ends and shading across, like a limb.
	piece := func(col [3]float64, tex *texture, a, b, c, d vec3) {
		f := face{pts: []vec3{a, b, c, d}, n: vec3{0, 0, 1}, col: [3]float64{col[0] / 235, col[1] / 235, col[2] / 235}}
		f.tex, f.o, f.u, f.v = tex, a, b.sub(a), d.sub(a)
		pieces = append(pieces, f)
	}
	finger, palm, arm := limbTexture(0.4), limbTexture(0.22), limbTexture(0)
	// forearm and sleeve first, rising towards the edge of the picture;
	// then the palm, the thumb and the fingers on top
	piece(sleeve, arm, at(-250, -44, 38), at(-250, 44, 38), at(-700, 50, 220), at(-700, -50, 220))
	piece(skin, arm, at(-150, -34, 8), at(-150, 34, 8), at(-262, 36, 42), at(-262, -36, 42))
	piece(skin, palm, at(-58, -42, 4), at(-58, 42, 4), at(-168, 38, 10), at(-168, -38, 10))
	ts := 1.0
	if rng.IntN(2) == 0 {
		ts = -1
	}
	piece(skin, finger, at(-58, float64(ts*58), 6), at(-70, float64(ts*76), 6), at(-125, float64(ts*44), 8), at(-113, float64(ts*26), 8))
	for i := 0; i < 4; i++ {
		c := float64((float64(i) - 1.5) * 19)
		l := []float64{56, 66, 62, 50}[i] + float64(6*float64(rng.Float64()))
		spread := float64((float64(i) - 1.5) * 0.08)
		piece(skin, finger, at(-78+l, c-8+float64(spread*l), 2), at(-78+l, c+8+float64(spread*l), 2), at(-80, c+8.5, 4), at(-80, c-8.5, 4))
	}
	w.hand = pieces
}

// drawHand draws the hand's shadow and the hand, then marks what it hides.
func (w *world) drawHand() {
	if len(w.hand) == 0 {
		return
	}
	var casters []shadowCaster
	for _, f := range w.hand {
		casters = append(casters, shadowCaster{pts: f.pts, z: w.surfaceZ})
	}
	saved := w.opt.ShadowSoft
	w.opt.ShadowSoft = math.Max(saved, 6) // a hand high up throws a soft shadow
	w.drawShadowsOf(casters)
	w.opt.ShadowSoft = saved
	// A cell or tile is hidden when the hand is drawn over its centre:
	// look at those canvas pixels before and after drawing it.
	cv := w.cv
	at := func(c [2]float64) int {
		q := w.cam.undistort(pt{c[0], c[1]})
		x, y := int(q.X+cv.ox), int(q.Y+cv.oy)
		if x < 0 || y < 0 || x >= cv.w || y >= cv.h {
			return -1
		}
		return 4 * (y*cv.w + x)
	}
	var spots []int
	for _, c := range w.truth.Cells {
		spots = append(spots, at(c.Center))
	}
	for _, t := range w.truth.Tiles {
		spots = append(spots, at(t.Center))
	}
	// Each cell's quad is sampled on a lattice too, for the share of it
	// the hand hides (Cell.Hidden).
	nc := len(w.truth.Cells) + len(w.truth.Tiles)
	for _, c := range w.truth.Cells {
		for _, q := range latticeOf(c.Corners) {
			spots = append(spots, at(q))
		}
	}
	seen := make([][3]uint8, len(spots))
	for i, o := range spots {
		if o >= 0 {
			seen[i] = [3]uint8{cv.pix[o], cv.pix[o+1], cv.pix[o+2]}
		}
	}
	for _, f := range w.hand {
		w.drawFace(f)
	}
	changed := func(i int) bool {
		o := spots[i]
		if o < 0 {
			return false
		}
		d := 0
		for ch := 0; ch < 3; ch++ {
			d += absInt(int(cv.pix[o+ch]) - int(seen[i][ch]))
		}
		return d > 6
	}
	for i := range w.truth.Cells {
		w.truth.Cells[i].Occluded = changed(i)
		hid, k := 0, 0
		for j := 0; j < handLattice*handLattice; j++ {
			s := nc + i*handLattice*handLattice + j
			if spots[s] < 0 {
				continue
			}
			k++
			if changed(s) {
				hid++
			}
		}
		if k > 0 && hid > 0 {
			w.truth.Cells[i].Hidden = math.Round(1000*float64(hid)/float64(k)) / 1000
		}
	}
	for i := range w.truth.Tiles {
		w.truth.Tiles[i].Occluded = changed(len(w.truth.Cells) + i)
	}
}

// handLattice is the side of the lattice of points a cell's quad is
// sampled on for the share the hand hides (Cell.Hidden).
const handLattice = 8

// latticeOf returns handLattice x handLattice points spread over quad q
// (bilinear, the points at the middles of the lattice's cells).
func latticeOf(q [4][2]float64) [][2]float64 {
	out := make([][2]float64, 0, handLattice*handLattice)
	for i := 0; i < handLattice; i++ {
		v := (float64(i) + 0.5) / handLattice
		for j := 0; j < handLattice; j++ {
			u := (float64(j) + 0.5) / handLattice
			var p [2]float64
			for k := 0; k < 2; k++ {
				top := q[0][k] + float64(u*(q[1][k]-q[0][k]))
				bot := q[3][k] + float64(u*(q[2][k]-q[3][k]))
				p[k] = top + float64(v*(bot-top))
			}
			out = append(out, p)
		}
	}
	return out
}

func absInt(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// addClutter puts everyday objects on the table beside the layout: a pen,
// a mug, a phone, a tile rack, a notepad.
func (w *world) addClutter(n int) {
	rng := w.rng
	ext := w.extent
	if ext <= 0 {
		ext = 120
	}
	type disc struct{ x, y, r float64 }
	var placed []disc
	radius := [5]float64{72, 50, 84, 97, 92} // half the longest side of each object
	for i := 0; i < n; i++ {
		// somewhere around the layout, clear of it and of the others
		kind := rng.IntN(5)
		var cx, cy float64
		ok := false
		for try := 0; try < 20 && !ok; try++ {
			ang := float64(float64(rng.Float64()) * 2 * math.Pi)
			r := float64(ext*1.15) + float64(radius[kind]*0.6) + float64(150*float64(rng.Float64()))
			cx, cy = float64(r*math.Cos(ang)), float64(r*math.Sin(ang))
			ok = true
			for _, d := range placed {
				if math.Hypot(cx-d.x, cy-d.y) < d.r+radius[kind]+5 {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		placed = append(placed, disc{cx, cy, radius[kind]})
		turn := float64(float64(rng.Float64()) * math.Pi)
		switch kind {
		case 0: // pen
			col := [][3]float64{{30, 60, 160}, {20, 20, 20}, {180, 30, 30}, {230, 230, 225}}[rng.IntN(4)]
			b := box{cx, cy, turn, 140, 9, 0, 9}
			w.addSolid(solid{faces: append(b.sides(col, nil), b.top(col, nil)), shadow: b.all8()}, vec3{cx, cy, 0})
		case 1: // mug seen from above: a cylinder, dark coffee inside
			col := [3]float64{60 + float64(190*float64(rng.Float64())), 60 + float64(190*float64(rng.Float64())), 60 + float64(190*float64(rng.Float64()))}
			w.addCylinder(cx, cy, 42, 95, col)
		case 2: // phone
			b := box{cx, cy, turn, 72, 150, 0, 8}
			w.addSolid(solid{faces: append(b.sides([3]float64{40, 40, 45}, nil), b.top([3]float64{18, 20, 26}, nil)), shadow: b.all8()}, vec3{cx, cy, 0})
		case 3: // a tile rack, wooden or plastic
			col := [3]float64{150, 110, 70}
			if rng.IntN(2) == 0 {
				col = [3]float64{70, 62, 56}
			}
			b := box{cx, cy, turn, 190, 24, 0, 18}
			w.addSolid(solid{faces: append(b.sides(col, nil), b.top(col, nil)), shadow: b.all8()}, vec3{cx, cy, 0})
		default: // notepad
			b := box{cx, cy, turn, 100, 150, 0, 6}
			w.addSolid(solid{faces: append(b.sides([3]float64{235, 232, 220}, nil), b.top([3]float64{245, 240, 200}, nil)), shadow: b.all8()}, vec3{cx, cy, 0})
		}
	}
}

// addCylinder adds an upright cylinder (a mug) of radius r and height h.
func (w *world) addCylinder(cx, cy, r, h float64, col [3]float64) {
	const n = 16
	var top, bot []vec3
	for i := 0; i < n; i++ {
		a := float64(float64(i) * 2 * math.Pi / n)
		top = append(top, vec3{cx + float64(r*math.Cos(a)), cy + float64(r*math.Sin(a)), h})
		bot = append(bot, vec3{cx + float64(r*math.Cos(a)), cy + float64(r*math.Sin(a)), 0})
	}
	in := vec3{cx, cy, float64(h / 2)}
	var faces []face
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		faces = append(faces, quad(top[i], top[j], bot[j], bot[i], in, col))
	}
	faces = append(faces, face{pts: top, n: vec3{0, 0, 1}, col: col})
	var inner []vec3
	for _, p := range top {
		inner = append(inner, vec3{cx + float64((p.X-cx)*0.85), cy + float64((p.Y-cy)*0.85), h + 0.01})
	}
	faces = append(faces, face{pts: inner, n: vec3{0, 0, 1}, col: [3]float64{60, 38, 24}})
	w.addSolid(solid{faces: faces, shadow: append(top, bot...)}, vec3{cx, cy, 0})
}

// limbTexture is a skin-coloured strip, shaded across like a cylinder and
// rounded at its ends by round (a fraction of its width; 0 square).
func limbTexture(round float64) *texture {
	return cachedTexture(fmt.Sprintf("limb-%.2f", round), func() *texture {
		const w, h = 48, 96
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				u := (float64(x) + 0.5) / w // across
				v := (float64(y) + 0.5) / h // along
				k := float64(235 * (0.7 + float64(0.3*math.Sin(float64(math.Pi*u)))) * (1 + float64(0.04*(hash2(x, y, 3)-0.5))))
				a := 1.0
				if round > 0 {
					// ellipse-capped ends
					r := round
					dv := math.Max(0, math.Max(r-v, v-(1-r))) / r
					du := float64((u - 0.5) * 2)
					a = math.Max(0, math.Min(1, float64((1-math.Hypot(du, dv))*w/2)+0.5))
				}
				o := img.PixOffset(x, y)
				img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = clamp255(k), clamp255(k), clamp255(k), uint8(float64(a*255)+0.5)
			}
		}
		return newTexture(img, false)
	})
}
