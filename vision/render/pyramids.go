package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// pyramidsGeom is the size of the Crossword Pyramids board and pyramids
// (mm).
type pyramidsGeom struct {
	pitch, border, slab float64
	base, height        float64 // a pyramid's base side and height
	nest                float64 // how much higher each pyramid of a stack sits
}

var pyramidsDefault = pyramidsGeom{pitch: 22, border: 16, slab: 4, base: 19, height: 15, nest: 4}

// pyramidColours are the plastic colours (0..255) and ink of each colour.
var pyramidColours = map[pyramids.Colour]struct {
	body [3]float64
	ink  color.RGBA
}{
	pyramids.Red:    {[3]float64{196, 40, 38}, color.RGBA{250, 245, 235, 255}},
	pyramids.Blue:   {[3]float64{38, 78, 186}, color.RGBA{250, 245, 235, 255}},
	pyramids.Green:  {[3]float64{36, 146, 66}, color.RGBA{250, 245, 235, 255}},
	pyramids.Yellow: {[3]float64{232, 196, 40}, color.RGBA{30, 25, 20, 255}},
	pyramids.Black:  {[3]float64{34, 32, 32}, color.RGBA{240, 236, 225, 255}},
}

// buildPyramids lays out a Crossword Pyramids board in scoring/pyramids'
// text format: the board with its printed letters, runway and coloured
// player spaces, and the stacks of nested pyramids.
func (w *world) buildPyramids(state []byte, name string) error {
	b, err := pyramids.Parse(bytes.NewReader(state), name)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadState, err)
	}
	setup := pyramids.DefaultSetup()
	g := pyramidsDefault
	rng := w.rng
	n := pyramids.Size
	gw := float64(n) * g.pitch
	bw := gw + 2*g.border
	slab := box{0, 0, 0, bw, bw, 0, g.slab}
	tex := pyramidsBoardTexture(setup, g)
	v := 0.9 + 0.2*rng.Float64()
	w.board = append(w.board, slab.sides([3]float64{200 * v, 190 * v, 170 * v}, nil)...)
	w.board = append(w.board, slab.top([3]float64{v, v, v}, tex))
	w.tableCasters = append(w.tableCasters, shadowCaster{pts: slab.all8()})
	w.extent, w.surfaceZ = bw/2, g.slab
	x0, y0 := -gw/2, gw/2
	z := g.slab
	w.truth.Board = &BoardInfo{Rows: n, Cols: n, Corners: [4][2]float64{
		w.px(vec3{x0, y0, z}), w.px(vec3{x0 + gw, y0, z}), w.px(vec3{x0 + gw, y0 - gw, z}), w.px(vec3{x0, y0 - gw, z})}}
	tf := w.typeface("A")
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			p := grid.Pos{Row: r, Col: c}
			st := b.At(p)
			cx := x0 + (float64(c)+0.5)*g.pitch
			cy := y0 - (float64(r)+0.5)*g.pitch
			cell := Cell{Row: r, Col: c, Height: st.Height, Printed: setup.Printed[r*n+c]}
			if st.Empty() {
				sq := box{cx, cy, 0, g.pitch, g.pitch, z, z}
				cell.Corners = w.pxCorners(sq.corners(z))
				cell.Center = w.px(vec3{cx, cy, z})
				w.truth.Cells = append(w.truth.Cells, cell)
				continue
			}
			// Layers bottom first; unknown lower layers take the colour a
			// square of that kind starts with.
			layers := make([]pyramids.Pyramid, st.Height)
			for k := 0; k < st.Height; k++ {
				top := st.Height - 1 - k // index from the top
				if top < len(st.Layers) {
					layers[k] = st.Layers[top]
					continue
				}
				col := pyramids.Black
				if side, ok := pyramids.SpaceSide(p); ok {
					col = setup.Seats[side]
				} else if len(st.Layers) > 0 {
					col = st.Layers[len(st.Layers)-1].Colour
				}
				layers[k] = pyramids.Pyramid{Colour: col, Letter: "E"}
			}
			var faces []face
			pr := w.pieceRand(r, c, 0)
			ang := (pr.Float64()*2 - 1) * 4 * math.Pi / 180
			ox, oy := (pr.Float64()*2-1)*0.8, (pr.Float64()*2-1)*0.8
			var topBase [4]vec3
			var apex vec3
			for k, py := range layers {
				bz := z + float64(k)*g.nest
				bx := box{cx + ox, cy + oy, ang, g.base, g.base, bz, bz}
				cs := bx.corners(bz)
				ap := vec3{bx.cx, bx.cy, bz + g.height}
				pc := pyramidColours[py.Colour]
				val := setup.PlayerSet.Value(py.Letter)
				if py.Colour == pyramids.Black {
					val = setup.HouseSet.Value(py.Letter)
				}
				ftex := pyramidFaceTexture(py.Letter, val, tf, pc.body, pc.ink)
				body := [3]float64{1, 1, 1}
				in := vec3{bx.cx, bx.cy, bz + g.height/3}
				for i := 0; i < 4; i++ {
					// the base edge's left and right ends as seen from
					// outside that side: north, east, south, west
					a, b2 := cs[(i+1)%4], cs[i]
					f := triFace(a, b2, ap, in, body)
					u := b2.sub(a)
					m := a.add(b2).scale(0.5)
					f.tex, f.o, f.u, f.v = ftex, ap.sub(u.scale(0.5)), u, m.sub(ap)
					f.gloss = 0.5
					faces = append(faces, f)
				}
				topBase, apex = cs, ap
				lr := w.pieceRand(r, c, k+1)
				ox += (lr.Float64()*2 - 1) * 0.3
				oy += (lr.Float64()*2 - 1) * 0.3
			}
			top := layers[len(layers)-1]
			cell.Letter, cell.Colour = top.Letter, top.Colour.String()
			cell.Value = setup.PlayerSet.Value(top.Letter)
			if top.Colour == pyramids.Black {
				cell.Value = setup.HouseSet.Value(top.Letter)
			}
			shadow := append(topBase[:], apex, vec3{topBase[0].X, topBase[0].Y, z})
			w.addSolid(solid{faces: faces, shadow: shadow, shZ: z}, vec3{cx, cy, 0})
			cell.Corners = w.pxCorners(topBase)
			cell.Center = w.px(apex)
			w.truth.Cells = append(w.truth.Cells, cell)
		}
	}
	return nil
}

// triFace is a triangle a-b-apex with its normal pointing away from
// inside.
func triFace(a, b, apex, inside vec3, col [3]float64) face {
	n := b.sub(a).cross(apex.sub(a)).unit()
	if n.dot(a.sub(inside)) < 0 {
		n = n.scale(-1)
	}
	return face{pts: []vec3{a, b, apex}, n: n, col: col}
}

// pyramidFaceTexture is one face of a pyramid: the letter near the base,
// the value small near the tip, on plastic that the tint colours.
func pyramidFaceTexture(letter string, value int, tf *Typeface, body [3]float64, ink color.RGBA) *texture {
	key := fmt.Sprintf("pyr-%s-%d-%s-%v-%v", letter, value, tf.Name, body, ink)
	return cachedTexture(key, func() *texture {
		const n = 96
		img := image.NewRGBA(image.Rect(0, 0, n, n))
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				// lighter towards the tip (a moulded ridge), darker at
				// the base edge
				k := 1.05 - 0.1*float64(y)/n
				if y > n-5 {
					k *= 0.8
				}
				setRGB(img, x, y, body[0]*k, body[1]*k, body[2]*k)
			}
		}
		drawText(img, tf, letter, n*0.3, n*0.5, n*0.68, ink)
		if value > 0 {
			drawText(img, tf, fmt.Sprint(value), n*0.12, n*0.5, n*0.24, ink)
		}
		return newTexture(img, false)
	})
}

// pyramidsBoardTexture is the board: the blank runway ring, the player
// spaces in their side's colour, the house area, the printed letters.
func pyramidsBoardTexture(setup pyramids.Setup, g pyramidsGeom) *texture {
	return cachedTexture("pyramids-board", func() *texture {
		const tpm = 4.0
		n := pyramids.Size
		W := int(math.Round((float64(n)*g.pitch + 2*g.border) * tpm))
		img := image.NewRGBA(image.Rect(0, 0, W, W))
		for y := 0; y < W; y++ {
			for x := 0; x < W; x++ {
				mx, my := float64(x)/tpm-g.border, float64(y)/tpm-g.border
				k := 1 + 0.04*(hash2(x, y, 55)-0.5)
				r, gg, b := 40.0, 70.0, 120.0 // navy border
				col, row := int(math.Floor(mx/g.pitch)), int(math.Floor(my/g.pitch))
				if mx >= 0 && my >= 0 && row < n && col < n {
					lx := mx - float64(col)*g.pitch
					ly := my - float64(row)*g.pitch
					p := grid.Pos{Row: row, Col: col}
					switch {
					case pyramids.OnRunway(p):
						r, gg, b = 205, 200, 188
					case pyramids.InHouse(p):
						r, gg, b = 236, 232, 220
					default:
						r, gg, b = 225, 222, 210
						if side, ok := pyramids.SpaceSide(p); ok {
							c := pyramidColours[setup.Seats[side]].body
							r, gg, b = 0.45*c[0]+0.55*240, 0.45*c[1]+0.55*240, 0.45*c[2]+0.55*240
						}
					}
					if lx < 0.8 || ly < 0.8 || lx > g.pitch-0.8 || ly > g.pitch-0.8 {
						r, gg, b = r*0.55, gg*0.55, b*0.55 // printed grid line
					}
				}
				setRGB(img, x, y, r*k, gg*k, b*k)
			}
		}
		tfs := Typefaces()
		tf := tfs[0]
		for i, l := range setup.Printed {
			if l == "" {
				continue
			}
			row, col := i/n, i%n
			cx := (g.border + (float64(col)+0.5)*g.pitch) * tpm
			cy := (g.border + (float64(row)+0.5)*g.pitch) * tpm
			drawText(img, tf, l, g.pitch*0.4*tpm, cx, cy, color.RGBA{70, 70, 80, 255})
		}
		return newTexture(img, false)
	})
}
