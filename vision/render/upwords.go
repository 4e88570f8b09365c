package render

import (
	"bytes"
	"fmt"
	"math"

	"github.com/tilescope/tilescope/scoring/grid"
)

// upwordsGeom is the physical size of an Upwords board and its tiles (mm).
type upwordsGeom struct {
	pitch  float64 // square to square
	border float64 // plastic around the playing grid
	slab   float64 // board thickness up to the floor of the squares
	wallW  float64 // raised wall between squares
	wallH  float64 // its height above the floor
	tile   float64 // tile side
	bevel  float64 // the rounded top edge of a tile
	level  float64 // one tile's thickness
	jitter float64 // how far a tile may sit off centre
	angleJ float64 // and turn (degrees)
	stackJ float64 // how far a tile sits off the one below
}

var upwordsDefault = upwordsGeom{pitch: 21, border: 14, slab: 6, wallW: 1.6, wallH: 2.4,
	tile: 18.8, bevel: 0.7, level: 3.8, jitter: 0.5, angleJ: 2.5, stackJ: 0.35}

// UpwordsDims are the physical dimensions of an Upwords board and its
// tiles, in millimetres: editions and makers differ (Options.UpwordsDims).
// A zero field keeps the project's board's value.
type UpwordsDims struct {
	PitchMM     float64 `json:"pitch_mm"`      // square to square; 21
	TileMM      float64 `json:"tile_mm"`       // side of a tile; 18.8
	LevelMM     float64 `json:"level_mm"`      // one tile's thickness; 3.8
	WallMM      float64 `json:"wall_mm"`       // the raised grid's height over the squares' floor; 2.4
	WallWidthMM float64 `json:"wall_width_mm"` // the raised grid's width; 1.6
}

// DefaultUpwordsDims are the project's board (the renderer's default).
var DefaultUpwordsDims = UpwordsDims{PitchMM: 21, TileMM: 18.8, LevelMM: 3.8, WallMM: 2.4, WallWidthMM: 1.6}

// withDefaults fills the zero fields from the project's board.
func (d UpwordsDims) withDefaults() UpwordsDims {
	def := DefaultUpwordsDims
	if d.PitchMM == 0 {
		d.PitchMM = def.PitchMM
	}
	if d.TileMM == 0 {
		d.TileMM = def.TileMM
	}
	if d.LevelMM == 0 {
		d.LevelMM = def.LevelMM
	}
	if d.WallMM == 0 {
		d.WallMM = def.WallMM
	}
	if d.WallWidthMM == 0 {
		d.WallWidthMM = def.WallWidthMM
	}
	return d
}

// Check says whether the dimensions make a board: a tile must fit inside
// its square's walls with room to sit a little off centre.
func (d UpwordsDims) Check() error {
	d = d.withDefaults()
	switch {
	case d.PitchMM < 10 || d.PitchMM > 40:
		return fmt.Errorf("%w: Upwords square pitch %g mm (want 10..40)", ErrBadOptions, d.PitchMM)
	case d.LevelMM < 1 || d.LevelMM > 10:
		return fmt.Errorf("%w: Upwords tile thickness %g mm (want 1..10)", ErrBadOptions, d.LevelMM)
	case d.WallMM < 0.2 || d.WallMM > 8:
		return fmt.Errorf("%w: Upwords grid wall height %g mm (want 0.2..8)", ErrBadOptions, d.WallMM)
	case d.WallWidthMM < 0.5 || d.WallWidthMM > 4:
		return fmt.Errorf("%w: Upwords grid wall width %g mm (want 0.5..4)", ErrBadOptions, d.WallWidthMM)
	case d.TileMM < float64(0.5*d.PitchMM) || d.TileMM > d.PitchMM-d.WallWidthMM-0.4:
		return fmt.Errorf("%w: Upwords tile %g mm on a %g mm pitch with %g mm walls (want %.1f..%.1f)", ErrBadOptions,
			d.TileMM, d.PitchMM, d.WallWidthMM, float64(0.5*d.PitchMM), d.PitchMM-d.WallWidthMM-0.4)
	}
	return nil
}

// VariedUpwordsDims draws the dimensions of another maker's board from
// seed: pitch 17-25 mm, tiles filling 80-92% of it, 2.6-5.2 mm thick,
// grid walls 0.6-4 mm high (a flat board to a Deluxe raised grid) and
// 1-2.4 mm wide. The draws are apart from every other choice of a scene.
func VariedUpwordsDims(seed int64) UpwordsDims {
	r := newRand(seed, 0x64696d73)
	u := func(a, b float64) float64 {
		return math.Round(float64((a+float64((b-a)*float64(r.Float64())))*10)) / 10
	}
	d := UpwordsDims{PitchMM: u(17, 25), LevelMM: u(2.6, 5.2), WallMM: u(0.6, 4), WallWidthMM: u(1, 2.4)}
	d.TileMM = math.Min(math.Round(float64(d.PitchMM*(0.8+float64(0.12*float64(r.Float64())))*10))/10, math.Floor(float64((d.PitchMM-d.WallWidthMM-0.6)*10))/10)
	return d
}

// buildUpwords lays out the board and the stacks of an Upwords position in
// the grid text format.
func (w *world) buildUpwords(state []byte, name string) error {
	b, err := grid.Parse(bytes.NewReader(state), name)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadState, err)
	}
	if b.Rows < 2 || b.Cols < 2 {
		return fmt.Errorf("%w: %s: a board of %dx%d squares (want at least 2x2)", ErrBadState, name, b.Rows, b.Cols)
	}
	w.drawUpwords(b)
	return nil
}

func (w *world) drawUpwords(b *grid.Board) {
	g := upwordsDefault
	if d := w.opt.UpwordsDims; d != (UpwordsDims{}) {
		d = d.withDefaults()
		g.pitch, g.tile, g.level, g.wallH, g.wallW = d.PitchMM, d.TileMM, d.LevelMM, d.WallMM, d.WallWidthMM
		g.bevel = math.Min(g.bevel, float64(g.level/4))
	}
	if w.opt.TileJitterMM > 0 {
		g.jitter = w.opt.TileJitterMM
	}
	rng := w.rng
	gw, gh := float64(float64(b.Cols)*g.pitch), float64(float64(b.Rows)*g.pitch)
	bw, bh := gw+float64(2*g.border), gh+float64(2*g.border)

	// The board slab.
	// Dark grey to dark brown plastic.
	warm, bright := float64(rng.Float64()), 0.8+float64(0.4*float64(rng.Float64()))
	tint := [3]float64{float64(bright * (0.92 + float64(0.12*warm))), float64(bright * (0.95 + float64(0.03*warm))), float64(bright * (1.02 - float64(0.1*warm)))}
	slab := box{0, 0, 0, bw, bh, 0, g.slab}
	tex := upwordsBoardTexture(b.Rows, b.Cols, g, w.opt.UpwordsCentre)
	if w.opt.UpwordsDims != (UpwordsDims{}) {
		d := w.opt.UpwordsDims.withDefaults()
		w.truth.UpwordsDims = &d
	}
	plastic := [3]float64{float64(70 * tint[0]), float64(62 * tint[1]), float64(55 * tint[2])}
	w.board = append(w.board, slab.sides(plastic, nil)...)
	w.board = append(w.board, slab.top(tint, tex))
	w.tableCasters = append(w.tableCasters, shadowCaster{pts: slab.all8()})

	w.extent, w.surfaceZ = float64(math.Max(bw, bh)/2), g.slab
	x0, y0 := float64(-gw/2), float64(gh/2) // top-left of the playing grid
	floor := g.slab
	w.truth.Board = &BoardInfo{Rows: b.Rows, Cols: b.Cols, Corners: [4][2]float64{
		w.px(vec3{x0, y0, floor}), w.px(vec3{x0 + gw, y0, floor}),
		w.px(vec3{x0 + gw, y0 - gh, floor}), w.px(vec3{x0, y0 - gh, floor})}}

	// The raised walls, one short segment per square edge, so that they
	// sort with the tiles.
	wallCol := [3]float64{float64(plastic[0] * 1.25), float64(plastic[1] * 1.25), float64(plastic[2] * 1.25)}
	for i := 0; i <= b.Rows; i++ {
		for j := 0; j < b.Cols; j++ {
			seg := box{x0 + float64((float64(j)+0.5)*g.pitch), y0 - float64(float64(i)*g.pitch), 0,
				g.pitch + g.wallW, g.wallW, floor, floor + g.wallH}
			w.addSolid(solid{faces: append(seg.sides(plastic, nil), seg.top(wallCol, nil))}, vec3{seg.cx, seg.cy, 0})
		}
	}
	for j := 0; j <= b.Cols; j++ {
		for i := 0; i < b.Rows; i++ {
			seg := box{x0 + float64(float64(j)*g.pitch), y0 - float64((float64(i)+0.5)*g.pitch), 0,
				g.wallW, g.pitch + g.wallW, floor, floor + g.wallH}
			w.addSolid(solid{faces: append(seg.sides(plastic, nil), seg.top(wallCol, nil))}, vec3{seg.cx, seg.cy, 0})
		}
	}

	// Tile colour: tan to light brown plastic.
	base := [3]float64{0.96, 0.84, 0.64}
	shift := 0.78 + float64(0.27*float64(rng.Float64())) // light tan to brown
	tp := w.opt.UpwordsPrint
	if tp != nil {
		// another maker's plastic: the face texture is 236 grey
		base, shift = [3]float64{tp.Face[0] / 236, tp.Face[1] / 236, tp.Face[2] / 236}, 1
		p := *tp
		w.truth.UpwordsPrint = &p
	}
	side := sideTexture()
	for r := 0; r < b.Rows; r++ {
		for c := 0; c < b.Cols; c++ {
			s := b.At(grid.Pos{Row: r, Col: c})
			cx := x0 + float64((float64(c)+0.5)*g.pitch)
			cy := y0 - float64((float64(r)+0.5)*g.pitch)
			cell := Cell{Row: r, Col: c, Letter: s.Letter, Height: s.Height}
			if s.Empty() {
				sq := box{cx, cy, 0, g.pitch, g.pitch, floor, floor}
				cell.Corners = w.pxCorners(sq.corners(floor))
				cell.Center = w.px(vec3{cx, cy, floor})
				w.truth.Cells = append(w.truth.Cells, cell)
				continue
			}
			var faces []face
			var top box
			var ang, ox, oy float64
			for k := 0; k < s.Height; k++ {
				// Each level lies a little off the one below; its own
				// random source keeps it so when more tiles come.
				pr := w.pieceRand(r, c, k)
				if k == 0 {
					ang = (float64(float64(pr.Float64())*2) - 1) * g.angleJ * math.Pi / 180
					ox, oy = float64((float64(float64(pr.Float64())*2)-1)*g.jitter), float64((float64(float64(pr.Float64())*2)-1)*g.jitter)
				} else {
					ox += float64((float64(float64(pr.Float64())*2) - 1) * g.stackJ)
					oy += float64((float64(float64(pr.Float64())*2) - 1) * g.stackJ)
					ang += (float64(float64(pr.Float64())*2) - 1) * 0.8 * math.Pi / 180
				}
				lv := box{cx + ox, cy + oy, ang, g.tile, g.tile,
					floor + float64(float64(k)*g.level), floor + float64(float64(k+1)*g.level)}
				tc := [3]float64{float64(base[0] * shift), float64(base[1] * shift), float64(base[2] * shift)}
				v := 0.95 + float64(0.1*float64(pr.Float64()))
				for i := range tc {
					tc[i] *= v
				}
				if k < s.Height-1 {
					faces = append(faces, lv.sides(tc, side)...)
				} else {
					tf := w.typeface(s.Letter)
					ftex := tileFaceTexture("upwords", s.Letter, tf, 0)
					if tp != nil {
						ftex = printedFaceTexture("upwords", s.Letter, tf, 0, printInk(tp, [3]float64{base[0] * shift, base[1] * shift, base[2] * shift}), tp.Size)
					}
					bf := lv.bevelled(g.bevel, tc, tc, ftex, side)
					bf[len(bf)-1].gloss = 0.6
					printOffset(&bf[len(bf)-1], pr)
					faces = append(faces, bf...)
					top = lv
				}
			}
			first := box{cx, cy, 0, g.tile, g.tile, floor, top.z1}
			w.addSolid(solid{faces: faces, shadow: first.all8(), shZ: floor, top: top}, vec3{cx, cy, 0})
			cell.Corners = w.pxCorners(top.corners(top.z1))
			cell.Center = w.px(vec3{top.cx, top.cy, top.z1})
			w.truth.Cells = append(w.truth.Cells, cell)
		}
	}
}

func (w *world) pxCorners(c [4]vec3) [4][2]float64 {
	return [4][2]float64{w.px(c[0]), w.px(c[1]), w.px(c[2]), w.px(c[3])}
}

// VariedUpwordsGame is the camera and conditions of one Upwords game as
// eval-game draws them with --dims varied --print varied --centres
// varied (game g of --seed S has seed S*1000+g): RandomOptions for the
// difficulty without a hand, another maker's board, print and centre
// squares drawn from the seed, the camera moved to fit the board.
func VariedUpwordsGame(seed int64, difficulty string) (Options, error) {
	o, err := RandomOptions(seed, difficulty)
	if err != nil {
		return o, err
	}
	o.FitGame("upwords")
	o.Hand = false
	o.UpwordsDims = VariedUpwordsDims(seed)
	p := RandomUpwordsPrint(seed)
	o.UpwordsPrint = &p
	o.UpwordsCentre = UpwordsCentres[int(uint64(seed)*0x9e3779b97f4a7c15>>59)%len(UpwordsCentres)]
	o.FitUpwords(10)
	return o, nil
}
