package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"unicode"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/lexicon"
	"github.com/tilescope/tilescope/scoring/tileset"
	"github.com/tilescope/tilescope/scoring/twists"
)

// looseTile is one tile lying on the table at a lattice cell.
type looseTile struct {
	row, col int
	letter   string // a letter, or an action name (twists)
	value    int
}

// looseGeom is the size of loose tiles and how neatly they lie (mm, degrees).
type looseGeom struct {
	kind      string     // face texture kind: "lexicon" or "twists"
	size      float64    // tile side
	thick     float64    // tile thickness
	pitch     float64    // lattice spacing
	offset    float64    // how far a tile lies off its lattice point
	angle     float64    // how far it is turned off the lattice
	quarter   bool       // letters face any of four ways (players all round)
	colour    [3]float64 // tint of the face
	gloss     float64
	sideColor [3]float64
}

// buildLexicon lays out a Lexicon Crossing crossword of loose Scrabble
// tiles (DESIGN.md layout: one character per cell).
func (w *world) buildLexicon(state []byte, name string) error {
	l, err := lexicon.Parse(bytes.NewReader(state), name)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadState, err)
	}
	var tiles []looseTile
	for r := 0; r < l.Rows; r++ {
		for c := 0; c < l.Cols; c++ {
			if ch := l.At(grid.Pos{Row: r, Col: c}); ch != 0 {
				tiles = append(tiles, looseTile{r, c, string(ch), tileset.ScrabbleValue(string(ch))})
			}
		}
	}
	if len(tiles) == 0 {
		return fmt.Errorf("%w: %s: no tiles in the layout", ErrBadState, name)
	}
	// Wooden Scrabble tiles: light maple to honey.
	honey := float64(w.rng.Float64())
	g := looseGeom{kind: "lexicon", size: 19, thick: 4, pitch: 19.6 + float64(0.8*float64(w.rng.Float64())),
		offset: 0.6 + float64(0.8*float64(w.rng.Float64())), angle: 2 + float64(5*float64(w.rng.Float64())), gloss: 0.15,
		colour:    [3]float64{1.0, 0.9 - float64(0.12*honey), 0.72 - float64(0.22*honey)},
		sideColor: [3]float64{200, 175 - float64(25*honey), 130 - float64(40*honey)}}
	w.drawLoose(tiles, l.Rows, l.Cols, g)
	return nil
}

// buildTwists lays out Twists & Turns tiles: notched square tiles joined
// edge to edge, letters (Cyrillic by default, Latin when the state is
// written in Latin letters) and action tiles ('!' skip, '@' reverse, '2'
// give 2, '3' give 3), in scoring/twists' text format.
func (w *world) buildTwists(state []byte, name string) error {
	alpha := twists.Russian
	if isLatin(state) {
		alpha = twists.English
	}
	b, err := twists.Parse(bytes.NewReader(state), name, alpha)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadState, err)
	}
	var tiles []looseTile
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			ch := b.At(grid.Pos{Row: r, Col: c})
			if ch == 0 {
				continue
			}
			s := string(ch)
			if a := twists.Action(ch).Name(); a != "" {
				s = a
			}
			tiles = append(tiles, looseTile{row: r, col: c, letter: s})
		}
	}
	if len(tiles) == 0 {
		return fmt.Errorf("%w: %s: no tiles on the table", ErrBadState, name)
	}
	// Ivory plastic tiles.
	g := looseGeom{kind: "twists", size: 22, thick: 3.5, pitch: 22.2, offset: 0.4, angle: 1.5, quarter: true,
		gloss: 0.5, colour: [3]float64{1.0, 0.97, 0.88}, sideColor: [3]float64{215, 208, 185}}
	w.drawLoose(tiles, b.Rows, b.Cols, g)
	return nil
}

// isLatin reports whether the text's letters are Latin (outside comments).
func isLatin(b []byte) bool {
	for _, line := range strings.Split(string(b), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		for _, r := range line {
			if r < unicode.MaxASCII && unicode.IsLetter(r) {
				return true
			}
			if unicode.Is(unicode.Cyrillic, r) {
				return false
			}
		}
	}
	return false
}

func (w *world) drawLoose(tiles []looseTile, rows, cols int, g looseGeom) {
	// The layout is centred on the table's origin. The camera backs off
	// when the layout is larger than an Upwords board, so that it fits.
	ext := float64(math.Max(float64(rows), float64(cols)) * g.pitch)
	if ext > 240 {
		f := ext / 240
		o := w.opt
		o.HeightMM *= f
		*w = *newWorldKeep(w, o)
	}
	w.extent, w.surfaceZ = float64(ext/2)+g.pitch, 0
	x0 := float64(-float64(cols) * g.pitch / 2)
	y0 := float64(float64(rows) * g.pitch / 2)
	side := sideTexture()
	tf := w.typeface("A")
	for _, t := range tiles {
		pr := w.pieceRand(t.row, t.col, 0)
		cx := x0 + float64((float64(t.col)+0.5)*g.pitch) + float64((float64(float64(pr.Float64())*2)-1)*g.offset)
		cy := y0 - float64((float64(t.row)+0.5)*g.pitch) + float64((float64(float64(pr.Float64())*2)-1)*g.offset)
		ang := (float64(float64(pr.Float64())*2) - 1) * g.angle * math.Pi / 180
		if g.quarter {
			ang += float64(float64(pr.IntN(4)) * math.Pi / 2)
		}
		bx := box{cx, cy, ang, g.size, g.size, 0, g.thick}
		f := tf
		if !f.has(t.letter) && len([]rune(t.letter)) == 1 {
			f = w.typeface(t.letter)
		}
		v := 0.94 + float64(0.12*float64(pr.Float64()))
		tc := [3]float64{float64(g.colour[0] * v), float64(g.colour[1] * v), float64(g.colour[2] * v)}
		sc := [3]float64{float64(g.sideColor[0] / 200 * v), float64(g.sideColor[1] / 200 * v), float64(g.sideColor[2] / 200 * v)}
		faces := bx.bevelled(0.6, tc, sc, tileFaceTexture(g.kind, t.letter, f, t.value), side)
		faces[len(faces)-1].gloss = g.gloss
		printOffset(&faces[len(faces)-1], pr)
		w.addSolid(solid{faces: faces, shadow: bx.all8(), shZ: 0}, vec3{cx, cy, 0})
		c := w.pxCorners(bx.corners(g.thick))
		dx, dy := c[1][0]-c[0][0], c[1][1]-c[0][1]
		w.truth.Tiles = append(w.truth.Tiles, Tile{Letter: t.letter, Value: t.value,
			Angle: round3(math.Atan2(-dy, dx) * 180 / math.Pi), Row: t.row, Col: t.col,
			Corners: c, Center: w.px(vec3{cx, cy, g.thick})})
	}
}

// newWorldKeep rebuilds the camera (and canvas) for new options, keeping
// what was already laid out and the random stream.
func newWorldKeep(old *world, o Options) *world {
	n := newWorld(o)
	n.rng = old.rng
	n.font = old.font
	n.board, n.solids, n.tableCasters = old.board, old.solids, old.tableCasters
	n.truth.Board, n.truth.Cells, n.truth.Tiles = old.truth.Board, old.truth.Cells, old.truth.Tiles
	return n
}

// actionIcons draw the Twists & Turns action tiles' faces: simple,
// distinct pictures in dark red ink.
var actionIcons = map[string]func(img *image.RGBA, n int){
	"skip": func(img *image.RGBA, n int) {
		// a ring with a bar across: "no entry"
		shapeInk(img, n, func(x, y float64) float64 {
			r := math.Hypot(x, y)
			ring := math.Abs(r-0.3) - 0.055
			bar := math.Max(math.Abs((x+y)/math.Sqrt2)-0.05, math.Abs((x-y)/math.Sqrt2)-0.3)
			return math.Min(ring, bar)
		})
	},
	"reverse": func(img *image.RGBA, n int) {
		// two arrows, one each way
		shapeInk(img, n, func(x, y float64) float64 {
			arrow := func(x, y float64) float64 {
				shaft := math.Max(math.Abs(y)-0.045, math.Max(-0.3-x, x-0.12))
				head := math.Max(math.Max(-x+0.05, x-0.32), math.Abs(y)-float64((0.32-x)*0.75))
				return math.Min(shaft, head)
			}
			return math.Min(arrow(x, y+0.16), arrow(-x, y-0.16))
		})
	},
	"give2": func(img *image.RGBA, n int) { giveIcon(img, n, "+2") },
	"give3": func(img *image.RGBA, n int) { giveIcon(img, n, "+3") },
}

var actionInk = color.RGBA{150, 25, 30, 255}

func giveIcon(img *image.RGBA, n int, s string) {
	tfs := Typefaces()
	drawText(img, tfs[min(1, len(tfs)-1)], s, float64(float64(n)*0.42), float64(float64(n)*0.5), float64(float64(n)*0.5), actionInk)
}

// shapeInk paints where the signed distance d(x, y) (x, y in -0.5..0.5
// across the face) is negative, anti-aliased.
func shapeInk(img *image.RGBA, n int, d func(x, y float64) float64) {
	for py := 0; py < n; py++ {
		for px := 0; px < n; px++ {
			x, y := (float64(px)+0.5)/float64(n)-0.5, (float64(py)+0.5)/float64(n)-0.5
			a := math.Max(0, math.Min(1, 0.5-float64(d(x, y)*float64(n))))
			if a == 0 {
				continue
			}
			o := img.PixOffset(px, py)
			for ch, v := range []uint8{actionInk.R, actionInk.G, actionInk.B} {
				img.Pix[o+ch] = uint8(float64(float64(img.Pix[o+ch])*(1-a)) + float64(float64(v)*a))
			}
		}
	}
}

// cutNotches cuts the Twists & Turns notches out of a face: a rounded
// notch in the middle of each edge where the neighbouring tile's tab
// locks in.
func cutNotches(img *image.RGBA, n int) {
	for py := 0; py < n; py++ {
		for px := 0; px < n; px++ {
			x, y := (float64(px)+0.5)/float64(n)-0.5, (float64(py)+0.5)/float64(n)-0.5
			d := 1.0
			for _, c := range [][2]float64{{0, -0.5}, {0.5, 0}, {0, 0.5}, {-0.5, 0}} {
				d = math.Min(d, math.Hypot(x-c[0], y-c[1])-0.085)
			}
			a := math.Max(0, math.Min(1, float64(d*float64(n))+0.5))
			o := img.PixOffset(px, py)
			img.Pix[o+3] = uint8(float64(float64(img.Pix[o+3]) * a))
		}
	}
}
