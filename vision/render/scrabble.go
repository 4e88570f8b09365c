package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/tilescope/tilescope/scoring/scrabble"
	"github.com/tilescope/tilescope/scoring/upwords"
)

// ScrabbleEditions are the Scrabble boards the renderer draws: the classic
// red-bordered board with cream squares, a white modern one, an old beige
// one, and a wooden deluxe board.
var ScrabbleEditions = []string{"red", "white", "beige", "wooden"}

// scrabbleGeom is the physical size of a Scrabble board and its tiles (mm).
const (
	scrPitch  = 19.0 // square to square
	scrBorder = 21.0 // border round the playing grid
	scrSlab   = 3.2  // folding board's thickness
	scrTile   = 17.6 // tile side
	scrLevel  = 4.2  // tile thickness
	scrBevel  = 0.6
	scrLine   = 1.3 // the light line between squares
)

// scrabbleLook is an edition's colours (0..255).
type scrabbleLook struct {
	square, line, border, borderInk [3]float64
	tw, dw, tl, dl                  [3]float64
	ink                             [3]float64 // the premium squares' print
	lightInk                        [3]float64 // print on the dark premiums
	wood                            bool
}

var scrabbleLooks = map[string]scrabbleLook{
	"red": {square: [3]float64{214, 204, 172}, line: [3]float64{238, 232, 214}, border: [3]float64{150, 28, 32},
		borderInk: [3]float64{240, 230, 200},
		tw:        [3]float64{206, 46, 42}, dw: [3]float64{236, 168, 162}, tl: [3]float64{44, 96, 168}, dl: [3]float64{168, 204, 222},
		ink: [3]float64{40, 34, 30}, lightInk: [3]float64{246, 240, 226}},
	"white": {square: [3]float64{236, 234, 226}, line: [3]float64{250, 250, 246}, border: [3]float64{28, 86, 76},
		borderInk: [3]float64{236, 236, 230},
		tw:        [3]float64{226, 80, 48}, dw: [3]float64{246, 176, 142}, tl: [3]float64{58, 122, 198}, dl: [3]float64{172, 212, 236},
		ink: [3]float64{50, 48, 46}, lightInk: [3]float64{250, 250, 246}},
	"beige": {square: [3]float64{200, 184, 142}, line: [3]float64{226, 214, 182}, border: [3]float64{112, 74, 44},
		borderInk: [3]float64{226, 206, 160},
		tw:        [3]float64{178, 62, 46}, dw: [3]float64{214, 150, 128}, tl: [3]float64{58, 92, 132}, dl: [3]float64{150, 178, 182},
		ink: [3]float64{56, 44, 34}, lightInk: [3]float64{236, 226, 204}},
	"wooden": {square: [3]float64{176, 128, 80}, line: [3]float64{120, 82, 50}, border: [3]float64{118, 76, 44},
		borderInk: [3]float64{214, 180, 120},
		tw:        [3]float64{170, 48, 36}, dw: [3]float64{200, 120, 96}, tl: [3]float64{40, 76, 128}, dl: [3]float64{112, 150, 170},
		ink: [3]float64{40, 28, 20}, lightInk: [3]float64{236, 220, 190}, wood: true},
}

// premiumPrint is what an edition prints on a premium square.
var premiumPrint = map[scrabble.Premium][]string{
	scrabble.TripleWord:   {"TRIPLE", "WORD", "SCORE"},
	scrabble.DoubleWord:   {"DOUBLE", "WORD", "SCORE"},
	scrabble.TripleLetter: {"TRIPLE", "LETTER", "SCORE"},
	scrabble.DoubleLetter: {"DOUBLE", "LETTER", "SCORE"},
}

// buildScrabble lays out a Scrabble board in the grid text format (a blank
// tile in lower case), with the racks and the spare tiles beside it.
func (w *world) buildScrabble(state []byte, name string) error {
	b, err := scrabble.Parse(bytes.NewReader(state), name)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadState, err)
	}
	ed := w.opt.Edition
	if ed == "" {
		ed = ScrabbleEditions[w.rng.IntN(len(ScrabbleEditions))]
	}
	look, ok := scrabbleLooks[ed]
	if !ok {
		return fmt.Errorf("%w: Scrabble edition %q (want one of %s)", ErrBadOptions, ed, strings.Join(ScrabbleEditions, ", "))
	}
	w.truth.Conditions.Edition = ed
	pr, err := scrabblePrintFor(w.opt.Seed, w.opt.ScrabblePrint, look)
	if err != nil {
		return err
	}
	w.truth.Conditions.ScrabblePrint = "classic"
	if pr != nil {
		w.truth.Conditions.ScrabblePrint = pr.style
	}
	w.drawScrabble(b, ed, look, pr)
	return nil
}

func (w *world) drawScrabble(b *scrabble.Board, ed string, look scrabbleLook, pr *scrabblePrint) {
	rng := w.rng
	n := float64(scrabble.Size)
	gw := float64(n * scrPitch)
	bw := gw + 2*scrBorder
	slab := box{0, 0, 0, bw, bw, 0, scrSlab}
	edge := [3]float64{float64(look.border[0] * 0.7), float64(look.border[1] * 0.7), float64(look.border[2] * 0.7)}
	w.board = append(w.board, slab.sides(edge, nil)...)
	w.board = append(w.board, slab.top([3]float64{1, 1, 1}, scrabbleBoardTexture(ed, look, pr)))
	w.tableCasters = append(w.tableCasters, shadowCaster{pts: slab.all8()})
	w.extent, w.surfaceZ = float64(bw/2), scrSlab
	x0, y0 := float64(-gw/2), float64(gw/2)
	floor := scrSlab
	w.truth.Board = &BoardInfo{Rows: scrabble.Size, Cols: scrabble.Size, Corners: [4][2]float64{
		w.px(vec3{x0, y0, floor}), w.px(vec3{x0 + gw, y0, floor}),
		w.px(vec3{x0 + gw, y0 - gw, floor}), w.px(vec3{x0, y0 - gw, floor})}}

	// The set's tiles: ivory plastic or wood, one colour per set.
	tileCols := [][3]float64{{1.04, 0.99, 0.88}, {1.0, 0.88, 0.66}, {0.98, 0.84, 0.6}, {1.05, 1.02, 0.95}}
	tc := tileCols[rng.IntN(len(tileCols))]
	if w.opt.ScrabbleTile != [3]float64{} {
		tc = w.opt.ScrabbleTile
	}
	side := sideTexture()
	tile := func(cx, cy, ang, z float64, letter string, value int, up bool, pr interface{ Float64() float64 }) (solid, box) {
		lv := box{cx, cy, ang, scrTile, scrTile, z, z + scrLevel}
		col := tc
		v := 0.96 + float64(0.08*pr.Float64())
		for i := range col {
			col[i] *= v
		}
		face := "scrabble"
		if !up {
			face, letter, value = "scrabble-back", "", 0
		}
		f := lv.bevelled(scrBevel, col, col, tileFaceTexture(face, letter, w.typeface(letter), value), side)
		f[len(f)-1].gloss = 0.25
		printOffset(&f[len(f)-1], pr)
		return solid{faces: f, shadow: lv.all8(), shZ: z, top: lv}, lv
	}
	for r := 0; r < scrabble.Size; r++ {
		for c := 0; c < scrabble.Size; c++ {
			t := b[r][c]
			cx := x0 + float64((float64(c)+0.5)*scrPitch)
			cy := y0 - float64((float64(r)+0.5)*scrPitch)
			cell := Cell{Row: r, Col: c, Printed: scrabble.PremiumAt(scrabble.Pos{Row: r, Col: c}).String()}
			if t.Empty() {
				sq := box{cx, cy, 0, scrPitch, scrPitch, floor, floor}
				cell.Corners = w.pxCorners(sq.corners(floor))
				cell.Center = w.px(vec3{cx, cy, floor})
				w.truth.Cells = append(w.truth.Cells, cell)
				continue
			}
			pr := w.pieceRand(r, c, 0)
			ang := (float64(float64(pr.Float64())*2) - 1) * 3 * math.Pi / 180
			j := w.opt.TileJitterMM
			if j == 0 {
				j = 0.5
			}
			ox, oy := float64((float64(float64(pr.Float64())*2)-1)*j), float64((float64(float64(pr.Float64())*2)-1)*j)
			letter, value := string(t.Letter), t.Value()
			if t.Blank {
				letter, value = "", 0
			}
			s, top := tile(cx+ox, cy+oy, ang, floor, letter, value, true, pr)
			w.addSolid(s, vec3{cx, cy, 0})
			cell.Letter, cell.Height, cell.Value = t.String(), 1, value
			cell.Corners = w.pxCorners(top.corners(top.z1))
			cell.Center = w.px(vec3{top.cx, top.cy, top.z1})
			w.truth.Cells = append(w.truth.Cells, cell)
		}
	}
	w.scrabbleSpares(tile)
}

// scrabbleSpares puts what lies round a board in play on the table: a rack
// or two at the board's edge with their tiles, and a few spare tiles,
// some face down, some in little stacks, beside it.
func (w *world) scrabbleSpares(tile func(cx, cy, ang, z float64, letter string, value int, up bool, pr interface{ Float64() float64 }) (solid, box)) {
	rng := w.rng
	half := w.extent
	letters := "AEIOULNRSTDGBCMPFHVWYKJXQZ"
	randLetter := func() string {
		return string(letters[min(len(letters)-1, int(float64(math.Pow(float64(rng.Float64()), 1.8)*float64(len(letters)))))])
	}
	racks := rng.IntN(3)
	for k := 0; k < racks; k++ {
		// along one side of the board, just off it, its tiles facing the
		// player (lying on the rack's shelf)
		sideAng := float64(float64(rng.IntN(4)) * math.Pi / 2)
		along := float64((float64(float64(rng.Float64())*2) - 1) * half * 0.4)
		off := half + 18 + float64(14*float64(rng.Float64()))
		s, c := math.Sincos(sideAng)
		// the south side turned by sideAng
		cx, cy := float64(along*c)+float64(off*s), float64(along*s)-float64(off*c)
		ang := sideAng + float64((float64(float64(rng.Float64())*2)-1)*0.08)
		rack := box{cx, cy, ang, 190, 26, 0, 14}
		col := [3]float64{150, 108, 66}
		if rng.IntN(2) == 0 {
			col = [3]float64{60, 56, 52}
		}
		w.addSolid(solid{faces: append(rack.sides(col, nil), rack.top(col, nil)), shadow: rack.all8()}, vec3{cx, cy, 0})
		sa, ca := math.Sincos(ang)
		tiles := 3 + rng.IntN(5)
		for i := 0; i < tiles; i++ {
			u := float64((float64(i) - float64(float64(tiles-1)/2)) * (scrTile + 1.5))
			tx, ty := cx+float64(u*ca), cy+float64(u*sa)
			l := randLetter()
			s, _ := tile(tx, ty, ang, 14, l, scrabble.LetterValue(l[0]), true, rng)
			w.addSolid(s, vec3{tx, ty, 0})
		}
	}
	// Spare tiles: the bag's spill or a player's next tiles, loose and in
	// small stacks, off the board.
	spares := rng.IntN(9)
	for i := 0; i < spares; i++ {
		a := float64(float64(rng.Float64()) * 2 * math.Pi)
		r := half + 20 + float64(60*float64(rng.Float64()))
		cx, cy := float64(r*math.Cos(a)), float64(r*math.Sin(a))
		if math.Max(math.Abs(cx), math.Abs(cy)) < half+12 {
			continue
		}
		height := 1
		if rng.IntN(3) == 0 {
			height = 2 + rng.IntN(3)
		}
		ang := float64(float64(rng.Float64()) * 2 * math.Pi)
		for k := 0; k < height; k++ {
			l := randLetter()
			up := rng.IntN(3) > 0
			jx, jy := float64((float64(float64(rng.Float64())*2)-1)*1.2), float64((float64(float64(rng.Float64())*2)-1)*1.2)
			s, _ := tile(cx+jx, cy+jy, ang+float64((float64(float64(rng.Float64())*2)-1)*0.15), float64(float64(k)*scrLevel), l, scrabble.LetterValue(l[0]), up, rng)
			w.addSolid(s, vec3{cx, cy, float64(k)})
		}
	}
}

// scrabbleBoardTexture is an edition's board top: the squares with the
// standard premium layout and its print, the lines between them, the
// centre star and the border with the game's name, 4 texels per mm.
//
// pr is the board's print of its premium squares; nil is the classic
// print (that board is drawn once per edition and kept), any other is
// drawn for its scene alone.
func scrabbleBoardTexture(ed string, look scrabbleLook, pr *scrabblePrint) *texture {
	if pr != nil {
		return drawScrabbleBoard(pr.premiumColours(look), pr)
	}
	return cachedTexture("scrabble-board-"+ed, func() *texture { return drawScrabbleBoard(look, nil) })
}

// drawScrabbleBoard draws a board top in look's colours, its premium
// squares printed as pr prints them (nil: the classic print).
func drawScrabbleBoard(look scrabbleLook, pr *scrabblePrint) *texture {
	const tpm = 4.0
	n := scrabble.Size
	side := float64(float64(n)*scrPitch) + 2*scrBorder
	W := int(math.Round(float64(side * tpm)))
	img := image.NewRGBA(image.Rect(0, 0, W, W))
	grain := scrabbleGrain(W, tpm, look.wood)
	for y := 0; y < W; y++ {
		for x := 0; x < W; x++ {
			mx, my := float64(float64(x)/tpm)-scrBorder, float64(float64(y)/tpm)-scrBorder
			k := grain[y*W+x]
			col := look.border
			row, cc := int(math.Floor(my/scrPitch)), int(math.Floor(mx/scrPitch))
			if mx >= 0 && my >= 0 && row < n && cc < n {
				lx := mx - float64(float64(cc)*scrPitch)
				ly := my - float64(float64(row)*scrPitch)
				if lx < scrLine/2 || lx > scrPitch-scrLine/2 || ly < scrLine/2 || ly > scrPitch-scrLine/2 {
					col = look.line
				} else {
					switch scrabble.PremiumAt(scrabble.Pos{Row: row, Col: cc}) {
					case scrabble.TripleWord:
						col = look.tw
					case scrabble.DoubleWord:
						col = look.dw
					case scrabble.TripleLetter:
						col = look.tl
					case scrabble.DoubleLetter:
						col = look.dl
					default:
						col = look.square
					}
				}
			} else if d := math.Max(math.Max(-mx, mx-float64(float64(n)*scrPitch)), math.Max(-my, my-float64(float64(n)*scrPitch))); d < 1.2 {
				col = look.line // the rim round the grid
			}
			setRGB(img, x, y, float64(col[0]*k), float64(col[1]*k), float64(col[2]*k))
		}
	}
	// The print on the premium squares and the star in the centre.
	tfs := Typefaces()
	tf := tfs[min(1, len(tfs)-1)]
	if pr != nil {
		pr.drawPremiums(img, look, tpm)
	}
	for r := 0; r < n && pr == nil; r++ {
		for c := 0; c < n; c++ {
			p := scrabble.PremiumAt(scrabble.Pos{Row: r, Col: c})
			cx := float64((scrBorder + float64((float64(c)+0.5)*scrPitch)) * tpm)
			cy := float64((scrBorder + float64((float64(r)+0.5)*scrPitch)) * tpm)
			ink := look.ink
			if p == scrabble.TripleWord || p == scrabble.TripleLetter {
				ink = look.lightInk
			}
			ic := color.RGBA{uint8(ink[0]), uint8(ink[1]), uint8(ink[2]), 255}
			if r == 7 && c == 7 {
				drawStar(img, cx, cy, scrPitch*0.36*tpm, ic)
				continue
			}
			lines := premiumPrint[p]
			for i, l := range lines {
				drawText(img, tf, l, scrPitch*0.12*tpm, cx, cy+float64((float64(i)-1)*scrPitch*0.24*tpm), ic)
			}
		}
	}
	name := color.RGBA{uint8(look.borderInk[0]), uint8(look.borderInk[1]), uint8(look.borderInk[2]), 255}
	drawText(img, tf, "SCRABBLE", scrBorder*0.42*tpm, float64(side*tpm/2), float64((side-scrBorder*0.5)*tpm), name)
	drawText(img, tf, "SCRABBLE", scrBorder*0.42*tpm, float64(side*tpm/2), scrBorder*0.5*tpm, name)
	return newTexture(img, false)
}

// scrabbleGrain is a board top's shading texel by texel (W x W at tpm
// texels a mm; the wood's grain too when wood), computed once and kept:
// every board of a kind shares it, whatever its print.
func scrabbleGrain(W int, tpm float64, wood bool) []float64 {
	grainMu.Lock()
	defer grainMu.Unlock()
	key := fmt.Sprint(W, tpm, wood)
	if g, ok := grains[key]; ok {
		return g
	}
	g := make([]float64, W*W)
	for y := 0; y < W; y++ {
		for x := 0; x < W; x++ {
			my := float64(float64(y)/tpm) - scrBorder
			k := 1 + float64(0.04*(hash2(x, y, 61)-0.5)) + float64(0.04*(fbm(float64(x), float64(y), 256, 8, 2, 62)-0.5))
			if wood {
				// grain along the board, rings wandering across it
				r := math.Mod((my+float64(6*vnoise(float64(x)/90, float64(y)/300, 16, 63)))/3.1, 1)
				k *= 1 - float64(0.12*math.Exp(float64(-r*r*30))) + float64(0.06*(vnoise(float64(x)/7, float64(y)/160, 64, 64)-0.5))
			}
			g[y*W+x] = k
		}
	}
	grains[key] = g
	return g
}

var (
	grainMu sync.Mutex
	grains  = map[string][]float64{}
)

// drawStar fills a five-pointed star of outer radius r centred on (cx, cy).
func drawStar(img *image.RGBA, cx, cy, r float64, c color.RGBA) {
	var pts [10][2]float64
	for i := range pts {
		rad := r
		if i%2 == 1 {
			rad = float64(r * 0.42)
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = [2]float64{cx + float64(rad*math.Cos(a)), cy + float64(rad*math.Sin(a))}
	}
	inside := func(x, y float64) bool { // even-odd rule
		in := false
		for i := range pts {
			a, b := pts[i], pts[(i+1)%len(pts)]
			if (a[1] > y) != (b[1] > y) && x < a[0]+(y-a[1])*(b[0]-a[0])/(b[1]-a[1]) {
				in = !in
			}
		}
		return in
	}
	for y := int(cy - r - 1); y <= int(cy+r+1); y++ {
		for x := int(cx - r - 1); x <= int(cx+r+1); x++ {
			// 4 samples a pixel for a soft edge
			cov := 0.0
			for _, d := range [4][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}} {
				if inside(float64(x)+d[0], float64(y)+d[1]) {
					cov += 0.25
				}
			}
			if cov == 0 || !(image.Point{x, y}.In(img.Bounds())) {
				continue
			}
			o := img.PixOffset(x, y)
			for i, v := range [3]uint8{c.R, c.G, c.B} {
				img.Pix[o+i] = uint8(float64(float64(img.Pix[o+i])*(1-cov)) + float64(float64(v)*cov) + 0.5)
			}
		}
	}
}

// ScrabbleLabel is a rendered Scrabble scene's truth as a hand label of a
// real photo is written (vision/scrabble.ParseLabel): the 15x15 grid text
// (a blank in lower case) and a "# corners:" line with the playing grid's
// corners in the picture's pixels.
func ScrabbleLabel(t *Truth) ([]byte, error) {
	if t.Game != "scrabble" || t.Board == nil || t.Board.Rows != scrabble.Size {
		return nil, fmt.Errorf("%w: not a rendered Scrabble scene", ErrBadState)
	}
	var grid [scrabble.Size][scrabble.Size]string
	for _, c := range t.Cells {
		if c.Letter != "" {
			grid[c.Row][c.Col] = c.Letter
		}
	}
	var s strings.Builder
	fmt.Fprintf(&s, "# rendered: seed %d, edition %s, tilt %.1f, yaw %.1f\n", t.Seed, t.Conditions.Edition, t.Camera.TiltDeg, t.Camera.YawDeg)
	s.WriteString("# corners:")
	for _, p := range t.Board.Corners {
		fmt.Fprintf(&s, " %.1f,%.1f", p[0], p[1])
	}
	s.WriteByte('\n')
	for r := range grid {
		for c, v := range grid[r] {
			if c > 0 {
				s.WriteByte(' ')
			}
			if v == "" {
				v = "."
			}
			s.WriteString(v)
		}
		s.WriteByte('\n')
	}
	return []byte(s.String()), nil
}

// RandomScrabbleGame plays turns words of scoring/upwords' common words on
// an empty Scrabble board, as a game would: the first across or down
// through the centre, each later one through a letter already down, with
// nothing beside its new tiles (so each turn forms one word, the one
// played), never more of a letter than the set holds (a blank, in lower
// case, stands in for a missing letter; the set has two). It returns the
// board after each turn in the grid text format; fewer when no word fits.
func RandomScrabbleGame(seed int64, turns int) []string {
	rng := newRand(seed, 17)
	words := upwords.CommonWords()
	const n = scrabble.Size
	var cells [n][n]byte
	at := func(r, c int) byte {
		if r < 0 || c < 0 || r >= n || c >= n {
			return 0
		}
		return cells[r][c]
	}
	used := map[byte]int{}
	blanks := 2
	var out []string
	text := func() string {
		var s strings.Builder
		for r := range cells {
			for c, v := range cells[r] {
				if c > 0 {
					s.WriteByte(' ')
				}
				if v == 0 {
					v = '.'
				}
				s.WriteByte(v)
			}
			s.WriteByte('\n')
		}
		return s.String()
	}
	// fits: w can be played from (r0, c0) in direction (dr, dc).
	fits := func(w string, r0, c0, dr, dc int, first bool) bool {
		if r0 < 0 || c0 < 0 || r0+(len(w)-1)*dr >= n || c0+(len(w)-1)*dc >= n {
			return false
		}
		if at(r0-dr, c0-dc) != 0 || at(r0+len(w)*dr, c0+len(w)*dc) != 0 {
			return false
		}
		crosses := 0
		need := map[byte]int{}
		for i := 0; i < len(w); i++ {
			rr, cc := r0+i*dr, c0+i*dc
			switch v := cells[rr][cc]; {
			case v == 0:
				if at(rr+dc, cc+dr) != 0 || at(rr-dc, cc-dr) != 0 {
					return false
				}
				need[w[i]]++
			case upper(v) == w[i]:
				crosses++
			default:
				return false
			}
		}
		placed := len(w) - crosses
		if placed == 0 || placed > 7 || (!first && crosses == 0) {
			return false
		}
		short := 0
		for l, k := range need {
			short += max(0, used[l]+k-scrabble.LetterCount(l))
		}
		return short <= blanks
	}
	for tries := 0; len(out) < turns && tries < 3000; tries++ {
		w := strings.ToUpper(words[rng.IntN(len(words))])
		if len(w) < 2 || len(w) > 8 {
			continue
		}
		type spot struct{ r0, c0, dr, dc int }
		var spots []spot
		if len(out) == 0 {
			for k := range w {
				spots = append(spots, spot{7, 7 - k, 0, 1}, spot{7 - k, 7, 1, 0})
			}
		} else {
			for r := 0; r < n; r++ {
				for c := 0; c < n; c++ {
					if cells[r][c] == 0 {
						continue
					}
					for k := 0; k < len(w); k++ {
						if w[k] == upper(cells[r][c]) {
							spots = append(spots, spot{r - k, c, 1, 0}, spot{r, c - k, 0, 1})
						}
					}
				}
			}
		}
		rng.Shuffle(len(spots), func(i, j int) { spots[i], spots[j] = spots[j], spots[i] })
		found := false
		var r0, c0, dr, dc int
		for _, sp := range spots {
			if ok := fits(w, sp.r0, sp.c0, sp.dr, sp.dc, len(out) == 0); ok {
				r0, c0, dr, dc, found = sp.r0, sp.c0, sp.dr, sp.dc, true
				break
			}
		}
		if !found {
			continue
		}
		for i := 0; i < len(w); i++ {
			rr, cc := r0+i*dr, c0+i*dc
			if cells[rr][cc] != 0 {
				continue
			}
			l := w[i]
			if used[l] >= scrabble.LetterCount(l) {
				cells[rr][cc] = l - 'A' + 'a' // a blank
				blanks--
				continue
			}
			used[l]++
			cells[rr][cc] = l
		}
		out = append(out, text())
	}
	return out
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// randomScrabble is a Scrabble board after 0 to 24 turns of
// RandomScrabbleGame, with now and then a blank played for a letter the
// set still has.
func randomScrabble(seed int64) []byte {
	rng := newRand(seed, 18)
	turns := rng.IntN(25)
	if turns == 0 {
		return []byte(strings.Repeat(strings.TrimSpace(strings.Repeat(". ", scrabble.Size))+"\n", scrabble.Size))
	}
	g := RandomScrabbleGame(seed, turns)
	b := []byte(g[len(g)-1])
	if rng.IntN(3) == 0 {
		// a blank for one of the letters down, if the set has one left
		var at []int
		blanks := 0
		for i, v := range b {
			switch {
			case v >= 'A' && v <= 'Z':
				at = append(at, i)
			case v >= 'a' && v <= 'z':
				blanks++
			}
		}
		if len(at) > 0 && blanks < 2 {
			i := at[rng.IntN(len(at))]
			b[i] = b[i] - 'A' + 'a'
		}
	}
	return b
}
