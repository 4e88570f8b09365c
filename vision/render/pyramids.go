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

// PyramidsSet is the size and print of a Crossword Pyramids set (board
// and pyramids, in mm and 0..255 colours). Makers differ: the zero value
// of Options.Pyramids (nil) is ClassicPyramids, what the renderer always
// drew; RandomPyramidsSet draws another maker's.
type PyramidsSet struct {
	PitchMM  float64 `json:"pitch_mm"`  // grid pitch
	BorderMM float64 `json:"border_mm"` // dark border around the playing area
	SlabMM   float64 `json:"slab_mm"`   // board thickness
	BaseMM   float64 `json:"base_mm"`   // a pyramid's base side
	TallMM   float64 `json:"tall_mm"`   // a pyramid's height, base to tip
	NestMM   float64 `json:"nest_mm"`   // how much higher each pyramid of a stack sits

	Border [3]float64 `json:"border"` // the border's print
	Runway [3]float64 `json:"runway"` // the blank runway ring
	House  [3]float64 `json:"house"`  // the house area
	Inner  [3]float64 `json:"inner"`  // the squares between (before a seat's tint)
	Tint   float64    `json:"tint"`   // share of the seat's colour on its player spaces
	Line   float64    `json:"line"`   // brightness kept on a printed grid line (0..1)
	Ink    [3]float64 `json:"ink"`    // the printed letters
	// Plastic is each pyramid colour's body, in pyramids.Colour order
	// (red, blue, green, yellow, black).
	Plastic [5][3]float64 `json:"plastic"`
}

// ClassicPyramids is the set the renderer draws by default.
var ClassicPyramids = PyramidsSet{PitchMM: 22, BorderMM: 16, SlabMM: 4, BaseMM: 19, TallMM: 15, NestMM: 4,
	Border: [3]float64{40, 70, 120}, Runway: [3]float64{205, 200, 188}, House: [3]float64{236, 232, 220},
	Inner: [3]float64{225, 222, 210}, Tint: 0.45, Line: 0.55, Ink: [3]float64{70, 70, 80},
	Plastic: [5][3]float64{{196, 40, 38}, {38, 78, 186}, {36, 146, 66}, {232, 196, 40}, {34, 32, 32}}}

// RandomPyramidsSet draws another maker's set from seed: the grid pitch
// 19-27 mm, the base 72-92% of it, the height 60-105% of the base, the
// nesting step 15-35% of the height, the border 10-24 mm in one of
// several dark prints, lighter or greyer runway and house prints, the
// plastic's shades moved up to about 12% of the classic ones (black
// lighter or darker, nearly grey). Values are
// rounded so that the truth shows exactly what was drawn.
func RandomPyramidsSet(seed int64) PyramidsSet {
	r := newRand(seed, 11)
	u := func(a, b float64) float64 {
		return math.Round(float64((a+float64((b-a)*float64(r.Float64())))*100)) / 100
	}
	s := ClassicPyramids
	s.PitchMM = u(19, 27)
	s.BaseMM = math.Round(float64(s.PitchMM*u(0.72, 0.92)*100)) / 100
	s.TallMM = math.Round(float64(s.BaseMM*u(0.6, 1.05)*100)) / 100
	s.NestMM = math.Round(float64(s.TallMM*u(0.15, 0.35)*100)) / 100
	s.BorderMM = u(10, 24)
	s.SlabMM = u(3, 6)
	borders := [][3]float64{{40, 70, 120}, {30, 30, 34}, {30, 75, 50}, {100, 30, 40}, {60, 60, 66}, {70, 48, 34}, {30, 40, 90}}
	b := borders[r.IntN(len(borders))]
	for i := range b {
		b[i] = math.Round(float64(b[i] * u(0.8, 1.2)))
	}
	s.Border = b
	shade := func(c [3]float64, k float64) [3]float64 {
		warm := u(-8, 8)
		return [3]float64{math.Round(min(250, float64(c[0]*k)+warm)), math.Round(min(250, float64(c[1]*k))), math.Round(min(250, float64(c[2]*k)-warm))}
	}
	s.Runway = shade(ClassicPyramids.Runway, u(0.9, 1.12))
	s.House = shade(ClassicPyramids.House, u(0.92, 1.05))
	s.Inner = shade(ClassicPyramids.Inner, u(0.92, 1.05))
	s.Tint = u(0.3, 0.6)
	s.Line = u(0.45, 0.75)
	s.Ink = shade(ClassicPyramids.Ink, u(0.6, 1.3))
	for i, c := range ClassicPyramids.Plastic {
		if i == 4 {
			// black plastic is lighter or darker, but stays nearly grey
			k := u(0.75, 1.4)
			for j := range c {
				c[j] = math.Round(float64(c[j]*k) + u(-3, 3))
			}
			s.Plastic[i] = c
			continue
		}
		for j := range c {
			c[j] = math.Round(min(250, max(10, float64(c[j]*u(0.88, 1.12))+u(-12, 12))))
		}
		s.Plastic[i] = c
	}
	return s
}

func (s PyramidsSet) body(c pyramids.Colour) [3]float64 {
	switch c {
	case pyramids.Red:
		return s.Plastic[0]
	case pyramids.Blue:
		return s.Plastic[1]
	case pyramids.Green:
		return s.Plastic[2]
	case pyramids.Yellow:
		return s.Plastic[3]
	}
	return s.Plastic[4]
}

// pyramidInk is the ink of the letters on each colour's pyramids.
var pyramidInk = map[pyramids.Colour]color.RGBA{
	pyramids.Red:    {250, 245, 235, 255},
	pyramids.Blue:   {250, 245, 235, 255},
	pyramids.Green:  {250, 245, 235, 255},
	pyramids.Yellow: {30, 25, 20, 255},
	pyramids.Black:  {240, 236, 225, 255},
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
	g := ClassicPyramids
	if w.opt.Pyramids != nil {
		g = *w.opt.Pyramids
	}
	rng := w.rng
	n := pyramids.Size
	gw := float64(float64(n) * g.PitchMM)
	bw := gw + float64(2*g.BorderMM)
	slab := box{0, 0, 0, bw, bw, 0, g.SlabMM}
	tex := pyramidsBoardTexture(setup, g)
	v := 0.9 + float64(0.2*float64(rng.Float64()))
	w.board = append(w.board, slab.sides([3]float64{float64(200 * v), float64(190 * v), float64(170 * v)}, nil)...)
	w.board = append(w.board, slab.top([3]float64{v, v, v}, tex))
	w.tableCasters = append(w.tableCasters, shadowCaster{pts: slab.all8()})
	w.extent, w.surfaceZ = float64(bw/2), g.SlabMM
	x0, y0 := float64(-gw/2), float64(gw/2)
	z := g.SlabMM
	w.truth.Board = &BoardInfo{Rows: n, Cols: n, Corners: [4][2]float64{
		w.px(vec3{x0, y0, z}), w.px(vec3{x0 + gw, y0, z}), w.px(vec3{x0 + gw, y0 - gw, z}), w.px(vec3{x0, y0 - gw, z})}}
	tf := w.typeface("A")
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			p := grid.Pos{Row: r, Col: c}
			st := b.At(p)
			cx := x0 + float64((float64(c)+0.5)*g.PitchMM)
			cy := y0 - float64((float64(r)+0.5)*g.PitchMM)
			cell := Cell{Row: r, Col: c, Height: st.Height, Printed: setup.Printed[r*n+c]}
			if st.Empty() {
				sq := box{cx, cy, 0, g.PitchMM, g.PitchMM, z, z}
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
			ang := (float64(float64(pr.Float64())*2) - 1) * 4 * math.Pi / 180
			ox, oy := float64((float64(float64(pr.Float64())*2)-1)*0.8), float64((float64(float64(pr.Float64())*2)-1)*0.8)
			var topBase [4]vec3
			var apex vec3
			for k, py := range layers {
				bz := z + float64(float64(k)*g.NestMM)
				bx := box{cx + ox, cy + oy, ang, g.BaseMM, g.BaseMM, bz, bz}
				cs := bx.corners(bz)
				ap := vec3{bx.cx, bx.cy, bz + g.TallMM}
				body, ink := g.body(py.Colour), pyramidInk[py.Colour]
				val := setup.PlayerSet.Value(py.Letter)
				if py.Colour == pyramids.Black {
					val = setup.HouseSet.Value(py.Letter)
				}
				ftex := pyramidFaceTexture(py.Letter, val, tf, body, ink)
				in := vec3{bx.cx, bx.cy, bz + g.TallMM/3}
				for i := 0; i < 4; i++ {
					// the base edge's left and right ends as seen from
					// outside that side: north, east, south, west
					a, b2 := cs[(i+1)%4], cs[i]
					f := triFace(a, b2, ap, in, [3]float64{1, 1, 1})
					u := b2.sub(a)
					m := a.add(b2).scale(0.5)
					f.tex, f.o, f.u, f.v = ftex, ap.sub(u.scale(0.5)), u, m.sub(ap)
					f.gloss = 0.5
					faces = append(faces, f)
				}
				topBase, apex = cs, ap
				lr := w.pieceRand(r, c, k+1)
				ox += float64((float64(float64(lr.Float64())*2) - 1) * 0.3)
				oy += float64((float64(float64(lr.Float64())*2) - 1) * 0.3)
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
				setRGB(img, x, y, float64(body[0]*k), float64(body[1]*k), float64(body[2]*k))
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
func pyramidsBoardTexture(setup pyramids.Setup, g PyramidsSet) *texture {
	return cachedTexture(fmt.Sprintf("pyramids-board-%v", g), func() *texture {
		const tpm = 4.0
		n := pyramids.Size
		W := int(math.Round(float64((float64(float64(n)*g.PitchMM) + float64(2*g.BorderMM)) * tpm)))
		img := image.NewRGBA(image.Rect(0, 0, W, W))
		for y := 0; y < W; y++ {
			for x := 0; x < W; x++ {
				mx, my := float64(float64(x)/tpm)-g.BorderMM, float64(float64(y)/tpm)-g.BorderMM
				k := 1 + float64(0.04*(hash2(x, y, 55)-0.5))
				r, gg, b := g.Border[0], g.Border[1], g.Border[2]
				col, row := int(math.Floor(mx/g.PitchMM)), int(math.Floor(my/g.PitchMM))
				if mx >= 0 && my >= 0 && row < n && col < n {
					lx := mx - float64(float64(col)*g.PitchMM)
					ly := my - float64(float64(row)*g.PitchMM)
					p := grid.Pos{Row: row, Col: col}
					switch {
					case pyramids.OnRunway(p):
						r, gg, b = g.Runway[0], g.Runway[1], g.Runway[2]
					case pyramids.InHouse(p):
						r, gg, b = g.House[0], g.House[1], g.House[2]
					default:
						r, gg, b = g.Inner[0], g.Inner[1], g.Inner[2]
						if side, ok := pyramids.SpaceSide(p); ok {
							c, k := g.body(setup.Seats[side]), g.Tint
							r, gg, b = float64(k*c[0])+float64((1-k)*240), float64(k*c[1])+float64((1-k)*240), float64(k*c[2])+float64((1-k)*240)
						}
					}
					if lx < 0.8 || ly < 0.8 || lx > g.PitchMM-0.8 || ly > g.PitchMM-0.8 {
						r, gg, b = float64(r*g.Line), float64(gg*g.Line), float64(b*g.Line) // printed grid line
					}
				}
				setRGB(img, x, y, float64(r*k), float64(gg*k), float64(b*k))
			}
		}
		tfs := Typefaces()
		tf := tfs[0]
		for i, l := range setup.Printed {
			if l == "" {
				continue
			}
			row, col := i/n, i%n
			cx := float64((g.BorderMM + float64((float64(col)+0.5)*g.PitchMM)) * tpm)
			cy := float64((g.BorderMM + float64((float64(row)+0.5)*g.PitchMM)) * tpm)
			drawText(img, tf, l, float64(g.PitchMM*0.4*tpm), cx, cy, color.RGBA{uint8(g.Ink[0]), uint8(g.Ink[1]), uint8(g.Ink[2]), 255})
		}
		return newTexture(img, false)
	})
}
