package loose

import (
	"image"
	"math"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// turnedSquare is a quad of side s centred on c, turned by deg degrees.
func turnedSquare(c Point, s, deg float64) [4]Point {
	a := deg * math.Pi / 180
	ux, uy := math.Cos(a)*s/2, math.Sin(a)*s/2
	vx, vy := -uy, ux
	return [4]Point{{c.X - ux - vx, c.Y - uy - vy}, {c.X + ux - vx, c.Y + uy - vy}, {c.X + ux + vx, c.Y + uy + vy}, {c.X - ux + vx, c.Y - uy + vy}}
}

func TestSnapToLattice(t *testing.T) {
	quads := [][4]Point{turnedSquare(Point{100, 100}, 40, 10)}
	a := 10 * math.Pi / 180
	// The cell one step along the quad's first edge and one down.
	cell := Point{100 + 40*math.Cos(a) - 40*math.Sin(a), 100 + 40*math.Sin(a) + 40*math.Cos(a)}
	cases := []struct {
		name  string
		c     Point
		moved bool
		want  Point
	}{
		{"a glyph at its cell's centre stays", cell, false, cell},
		{"a glyph a quarter tile off moves to its cell", Point{cell.X + 10, cell.Y - 4}, true, cell},
		{"nothing near", Point{400, 400}, false, Point{400, 400}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, moved := snapToLattice(c.c, quads)
			if moved != c.moved || dist(got, c.want) > 0.01 {
				t.Errorf("snapToLattice(%v) = %v, %v; want %v, %v", c.c, got, moved, c.want, c.moved)
			}
		})
	}
}

func TestNeighbourAxis(t *testing.T) {
	var agree []axis
	for i := 0; i < 6; i++ {
		// 20 degrees and its quarter turns are one direction modulo 90.
		agree = append(agree, axis{Point{float64(40 * i), 0}, (20 + 90*float64(i%2)) * math.Pi / 180, 1})
	}
	var vague []axis
	for i := 0; i < 6; i++ {
		vague = append(vague, axis{Point{float64(40 * i), 0}, float64(15*i) * math.Pi / 180, 1})
	}
	faint := append([]axis(nil), agree...)
	for i := range faint {
		faint[i].wt = 0.05
	}
	cases := []struct {
		name string
		axes []axis
		ok   bool
	}{
		{"neighbours agree", agree, true},
		{"neighbours disagree", vague, false},
		{"neighbours too faint", faint, false},
		{"too few", agree[:3], false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := neighbourAxis(Point{100, 5}, c.axes)
			if ok != c.ok {
				t.Fatalf("ok = %v, want %v", ok, c.ok)
			}
			if ok && math.Abs(got*180/math.Pi-20) > 0.5 {
				t.Errorf("axis %.1f degrees, want 20", got*180/math.Pi)
			}
		})
	}
}

func TestOffTable(t *testing.T) {
	table := [3]float64{200, 120, 146}
	var L, A, B []float64
	// Most of the ring is the cloth's colour; a fifth is cream faces.
	for i := 0; i < 400; i++ {
		if i%5 == 0 {
			L, A, B = append(L, 220), append(A, 128), append(B, 138)
		} else {
			L, A, B = append(L, 199+float64(i%3)), append(A, 120), append(B, 147)
		}
	}
	groups := [][3][]float64{{L, A, B}}
	g, ok := offTable(groups, L, A, B, table, 0.35)
	if !ok || len(g) != 1 {
		t.Fatalf("offTable: %d groups, %v; want one group", len(g), ok)
	}
	if m := median(g[0][0]); m != 220 {
		t.Errorf("face lightness %.0f, want 220", m)
	}
	// A ring unlike the table already: nothing to add.
	face := [][3][]float64{{{220, 221}, {128, 128}, {138, 138}}}
	if _, ok := offTable(face, L, A, B, table, 0.35); ok {
		t.Error("offTable added a group where the ring is the faces'")
	}
}

func TestGapCandidates(t *testing.T) {
	// A light picture, a tile found at (100, 100) of side 40, ink in the
	// cell to its right and in the cell below, nothing elsewhere.
	const w, h = 300, 300
	img := rgbImage{w: w, h: h, pix: make([]byte, 3*w*h)}
	for i := range img.pix {
		img.pix[i] = 220
	}
	ink := func(cx, cy int) {
		for y := cy - 6; y <= cy+6; y++ {
			for x := cx - 3; x <= cx+3; x++ {
				o := 3 * (y*w + x)
				img.pix[o], img.pix[o+1], img.pix[o+2] = 20, 20, 20
			}
		}
	}
	ink(140, 100)
	ink(100, 140)
	tile := func(c Point) Tile {
		q := turnedSquare(c, 40, 0)
		return Tile{Corners: q, Center: c, Side: 40}
	}
	cases := []struct {
		name  string
		tiles []Tile
		want  []Point
	}{
		{"ink right and below", []Tile{tile(Point{100, 100})}, []Point{{140, 100}, {100, 140}}},
		{"the cell below is a tile already", []Tile{tile(Point{100, 100}), tile(Point{101, 139})}, []Point{{140, 100}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := gapCandidates(img, c.tiles)
			if len(got) != len(c.want) {
				t.Fatalf("%d candidates, want %d: %v", len(got), len(c.want), got)
			}
			for _, p := range c.want {
				ok := false
				for _, g := range got {
					ok = ok || dist(g.Center, p) < 1
				}
				if !ok {
					t.Errorf("no candidate at %v", p)
				}
			}
		})
	}
}

func TestFitSides(t *testing.T) {
	// A row of interlocked tiles 50 apart, one of them found too small:
	// it grows to the spacing; the others stay.
	var tiles []Tile
	for i := 0; i < 5; i++ {
		s := 50.0
		if i == 2 {
			s = 34
		}
		c := Point{100 + 50*float64(i), 100}
		tiles = append(tiles, Tile{Corners: turnedSquare(c, s, 0), Center: c, Side: s})
	}
	fitSides(tiles)
	for i, x := range tiles {
		if math.Abs(x.Side-50) > 0.5 {
			t.Errorf("tile %d: side %.1f, want 50", i, x.Side)
		}
	}
	// A tile larger than the spacing is shrunk to it, about its centre;
	// a little larger (within shrinkOff) stays, and so does one so much
	// larger that the spacing must be a false tile's (over shrinkMax).
	cases := []struct {
		name       string
		side, want float64
	}{
		{"40 % larger: shrunk", 70, 50},
		{"20 % larger: kept", 60, 60},
		{"twice the spacing: kept", 100, 100},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			big := []Tile{
				{Corners: turnedSquare(Point{100, 100}, c.side, 0), Center: Point{100, 100}, Side: c.side},
				{Corners: turnedSquare(Point{150, 100}, 50, 0), Center: Point{150, 100}, Side: 50},
				{Corners: turnedSquare(Point{200, 100}, 50, 0), Center: Point{200, 100}, Side: 50},
				{Corners: turnedSquare(Point{250, 100}, 50, 0), Center: Point{250, 100}, Side: 50},
			}
			fitSides(big)
			if math.Abs(big[0].Side-c.want) > 0.5 || dist(centroid(big[0].Corners), Point{100, 100}) > 0.5 {
				t.Errorf("side %.1f at %v, want %.1f at (100, 100)", big[0].Side, centroid(big[0].Corners), c.want)
			}
			for i, x := range big[1:] {
				if math.Abs(x.Side-50) > 0.5 {
					t.Errorf("tile %d: side %.1f, want 50", i+1, x.Side)
				}
			}
		})
	}
}

// A Twists tile's letter is at its centre: a quad a third of a tile off
// its letter, and off the lattice of its neighbours (or with none to
// ask), is moved onto the letter; one a little off stays, one whose
// letter lies off the neighbours' lattice (a letter merged with a shadow)
// stays, and so does one whose letter lies at another tile's centre.
func TestCentreOnGlyphs(t *testing.T) {
	tile := func(c, glyph Point) Tile {
		return Tile{Corners: turnedSquare(c, 50, 0), Center: c, Side: 50, glyph: glyph, hasGlyph: true}
	}
	// Two tiles 50 apart left and right of (100, 100), letters centred.
	row := func(mid Tile) []Tile {
		return []Tile{mid, tile(Point{50, 100}, Point{50, 100}), tile(Point{150, 100}, Point{150, 100})}
	}
	cases := []struct {
		name  string
		tiles []Tile
		want  Point // the first tile's centre after
	}{
		{"a third off the lattice: moved", row(tile(Point{100, 83}, Point{100, 100})), Point{100, 100}},
		{"a tenth off: kept", row(tile(Point{100, 95}, Point{100, 100})), Point{100, 95}},
		{"the letter off the lattice: kept", row(tile(Point{100, 100}, Point{100, 117})), Point{100, 100}},
		{"no neighbours to ask: moved", []Tile{tile(Point{100, 83}, Point{100, 100})}, Point{100, 100}},
		{"the neighbour's letter: kept", append(row(tile(Point{100, 83}, Point{100, 100})), tile(Point{100, 110}, Point{100, 110})), Point{100, 83}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			centreOnGlyphs(c.tiles)
			got := c.tiles[0]
			if dist(got.Center, c.want) > 0.01 || dist(centroid(got.Corners), c.want) > 0.01 || math.Abs(meanSide(got.Corners)-50) > 0.01 {
				t.Errorf("centre %v (corners' %v), side %.2f; want %v, 50", got.Center, centroid(got.Corners), meanSide(got.Corners), c.want)
			}
		})
	}
}

// rectify samples as bilinear does, byte for byte.
func TestRectifyMatchesBilinear(t *testing.T) {
	const w, h = 97, 61
	img := rgbImage{w: w, h: h, pix: make([]byte, 3*w*h)}
	for i := range img.pix {
		img.pix[i] = byte((i*37 + i/7) % 251)
	}
	cases := []struct {
		name string
		q    [4]Point
		grow float64
	}{
		{"inside, turned", turnedSquare(Point{48, 30}, 30, 17), 1.3},
		{"over the edges", turnedSquare(Point{5, 58}, 40, -40), 1.5},
		{"slanted quad", [4]Point{{10, 10}, {60, 14}, {70, 50}, {8, 44}}, 1.15},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			const n = 32
			got := rectify(img, c.q, n, c.grow)
			ctr := centroid(c.q)
			var g [4]Point
			for i, p := range c.q {
				g[i] = Point{ctr.X + c.grow*(p.X-ctr.X), ctr.Y + c.grow*(p.Y-ctr.Y)}
			}
			hm := homography([4]Point{{0, 0}, {n, 0}, {n, n}, {0, n}}, g)
			for y := 0; y < n; y++ {
				for x := 0; x < n; x++ {
					p := hm.apply(Point{float64(x) + 0.5, float64(y) + 0.5})
					r, gg, b := img.bilinear(p.X, p.Y)
					o := got.PixOffset(x, y)
					if got.Pix[o] != r || got.Pix[o+1] != gg || got.Pix[o+2] != b || got.Pix[o+3] != 255 {
						t.Fatalf("pixel (%d, %d): %v, want %d %d %d 255", x, y, got.Pix[o:o+4], r, gg, b)
					}
				}
			}
		})
	}
}

// inkReader names a crop by its share of dark pixels: mostly ink is a
// piece of a letter (Ж, unsure), a dark middle on a light face is an О
// read sure; it counts its calls.
type inkReader struct{ calls int }

func (r *inkReader) Read(img image.Image) (ocr.Reading, error) {
	r.calls++
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if g, _, _, _ := img.At(x, y).RGBA(); g < 0x8000 {
				dark++
			}
		}
	}
	if float64(dark) > 0.5*float64(b.Dx()*b.Dy()) {
		return ocr.Reading{Letter: "Ж", Conf: 0.3}, nil
	}
	return ocr.Reading{Letter: "О", Conf: 0.99}, nil
}

// A tile fitSides grew is read again, and the new reading replaces the
// first when the verifier trusts it more; a tile not grown is not read.
func TestRereadGrown(t *testing.T) {
	const w, h = 200, 200
	src := rgbImage{w: w, h: h, pix: make([]byte, 3*w*h)}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := byte(235)
			if x >= 80 && x < 120 && y >= 80 && y < 120 {
				v = 20 // the letter's ink
			}
			src.pix[3*(y*w+x)], src.pix[3*(y*w+x)+1], src.pix[3*(y*w+x)+2] = v, v, v
		}
	}
	c := Point{100, 100}
	cases := []struct {
		name       string
		before     float64 // the side before fitSides
		conf       float64 // the first reading's Conf
		wantLetter string
		wantCalls  int
	}{
		{"grown, surer", 20, 0.3, "О", 2},
		{"grown, the first surer", 20, 0.9999, "Ж", 2},
		{"not grown", 80, 0.3, "Ж", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tile := Tile{Letter: "Ж", Conf: tc.conf, Corners: turnedSquare(c, 80, 0), Center: c, Side: 80,
				hasGlyph: true, glyph: c, hasCues: true, Row: -1, Col: -1}
			rd := &inkReader{}
			tiles := []Tile{tile}
			if err := rereadGrown(src, tiles, []float64{tc.before}, Options{Reader: rd, Twists: true, Lattice: true}); err != nil {
				t.Fatal(err)
			}
			if tiles[0].Letter != tc.wantLetter || rd.calls != tc.wantCalls {
				t.Errorf("letter %q after %d reads, want %q after %d", tiles[0].Letter, rd.calls, tc.wantLetter, tc.wantCalls)
			}
			if tiles[0].Letter == "О" && (tiles[0].Conf <= tc.conf || tiles[0].Conf > 1) {
				t.Errorf("conf %.3f, want the verifier's, above %.3f", tiles[0].Conf, tc.conf)
			}
		})
	}
}

// TestTileLetterSize: the letters of printed words (a board's "DOUBLE
// LETTER SCORE") stand closer than their own size and do not set the
// typical letter; the letters of tiles, a tile apart, do, even when the
// print has more ink.
func TestTileLetterSize(t *testing.T) {
	// word is n letters of size s, 0.75 s apart, from (x, y).
	word := func(x, y, s float64, n int) []blob {
		var bs []blob
		for i := range n {
			bs = append(bs, blob{x: x + 0.75*s*float64(i), y: y, size: s})
		}
		return bs
	}
	// tiles is n letters of size s on touching tiles of side 1.4 s, each
	// with its value digit (a third of the letter) at its corner.
	tiles := func(x, y, s float64, n int, digits bool) []blob {
		var bs []blob
		for i := range n {
			c := x + 1.4*s*float64(i)
			bs = append(bs, blob{x: c, y: y, size: s})
			if digits {
				bs = append(bs, blob{x: c + 0.45*s, y: y + 0.45*s, size: s / 3})
			}
		}
		return bs
	}
	cases := []struct {
		name  string
		blobs []blob
		want  float64
	}{
		{"tiles alone", tiles(100, 100, 30, 6, true), 30},
		{"print outweighing the tiles", append(append(word(0, 0, 10, 6), append(word(0, 300, 10, 6), word(300, 300, 10, 8)...)...), tiles(100, 100, 20, 4, true)...), 20},
		{"print alone: all of it", append(word(0, 0, 10, 6), word(0, 50, 10, 6)...), 10},
		{"too few apart: all the blobs", append(append(word(0, 0, 10, 6), word(0, 50, 10, 6)...), tiles(100, 100, 20, 2, false)...), 10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wt := make([]float64, len(c.blobs))
			for i, b := range c.blobs {
				wt[i] = b.size * b.size / 4 // ink grows with the letter's area
			}
			all := weightedMedian(c.blobs, wt)
			if got := tileLetterSize(c.blobs, wt, all); got != c.want {
				t.Errorf("typical letter %.1f, want %.1f (all the blobs' %.1f)", got, c.want, all)
			}
		})
	}
}

// TestPrintText: letters closer than their size are print; letters a
// tile apart, a letter beside its small digit, and letters of unlike
// sizes are not.
func TestPrintText(t *testing.T) {
	cases := []struct {
		name string
		bs   []blob
		want []bool
	}{
		{"a word's letters", []blob{{x: 0, y: 0, size: 10}, {x: 7.5, y: 0, size: 10}, {x: 15, y: 0, size: 11}}, []bool{true, true, true}},
		{"touching tiles' letters", []blob{{x: 0, y: 0, size: 20}, {x: 28, y: 0, size: 20}, {x: 0, y: 28, size: 22}}, []bool{false, false, false}},
		{"a letter turned 45 degrees beside a tile", []blob{{x: 0, y: 0, size: 28}, {x: 28, y: 0, size: 28}}, []bool{false, false}},
		{"a letter and its digit", []blob{{x: 0, y: 0, size: 20}, {x: 9, y: 9, size: 7}}, []bool{false, false}},
		{"a word of lines", []blob{{x: 0, y: 0, size: 10}, {x: 0, y: 9, size: 10}}, []bool{true, true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := printText(c.bs)
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("blob %d: print %v, want %v", i, got[i], c.want[i])
				}
			}
		})
	}
}

// TestGlyphPitch: the dark lines between touching tiles (bars half a
// pitch from the letters either side) halve the spacing of all the
// blobs, not that of the glyphs that are no bar; with no bar, or too
// few other glyphs, there is no glyph pitch of its own.
func TestGlyphPitch(t *testing.T) {
	const pitch, size = 50.0, 24.0
	// row is n round letters a pitch apart from (x, y); with gaps, a bar
	// (elongation 7) between each two.
	row := func(x, y float64, n int, gaps bool) []blob {
		var bs []blob
		for i := range n {
			c := x + pitch*float64(i)
			bs = append(bs, blob{x: c, y: y, size: size, elong: 1.3})
			if gaps && i+1 < n {
				bs = append(bs, blob{x: c + pitch/2, y: y, size: size, elong: 7})
			}
		}
		return bs
	}
	cases := []struct {
		name      string
		blobs     []blob
		wantAll   float64 // letterPitch, within 1 px
		wantGlyph float64 // glyphPitch, within 1 px
	}{
		{"touching tiles, lines between", row(0, 0, 6, true), pitch / 2, pitch},
		{"tiles apart, no bar", row(0, 0, 6, false), pitch, 0},
		{"bars among three glyphs", row(0, 0, 3, true), pitch / 2, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := letterPitch(c.blobs); math.Abs(got-c.wantAll) > 1 {
				t.Errorf("letterPitch %.1f, want %.1f", got, c.wantAll)
			}
			if got := glyphPitch(c.blobs); math.Abs(got-c.wantGlyph) > 1 {
				t.Errorf("glyphPitch %.1f, want %.1f", got, c.wantGlyph)
			}
		})
	}
}

// TestFewLarge: where a few large dark blobs (the dark table between
// touching tiles) outweigh the letters by area, the letters' own size
// (by count) is offered; where they do not (the letters large among
// many specks of grain), or too few blobs would be letters, not.
func TestFewLarge(t *testing.T) {
	// blobs is n blobs of size s (elongation 1.3, round letters).
	blobs := func(n int, s float64) []blob {
		bs := make([]blob, n)
		for i := range bs {
			bs[i] = blob{x: float64(40 * i), size: s, elong: 1.3}
		}
		return bs
	}
	join := func(parts ...[]blob) []blob {
		var bs []blob
		for _, p := range parts {
			bs = append(bs, p...)
		}
		return bs
	}
	cases := []struct {
		name     string
		blobs    []blob
		weighted float64 // the size weighted by area
		want     float64
		wantOK   bool
	}{
		{"letters only", blobs(12, 16), 16, 16, false},
		{"three large pockets outweigh fifteen letters", join(blobs(15, 16), blobs(3, 60)), 60, 16, true},
		{"small specks among the letters", join(blobs(10, 16), blobs(6, 6)), 16, 16, false},
		{"too few letters", join(blobs(3, 16), blobs(1, 60)), 60, 60, false},
		{"half the blobs large", join(blobs(6, 16), blobs(6, 30)), 30, 30, false},
		{"large letters among many specks", join(blobs(14, 50), blobs(40, 10)), 50, 50, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			nw := len(inLetterBand(c.blobs, c.weighted, true))
			got, ok := fewLarge(c.blobs, c.weighted, nw, true)
			if math.Abs(got-c.want) > 0.5 || ok != c.wantOK {
				t.Errorf("fewLarge %.1f, %v; want %.1f, %v", got, ok, c.want, c.wantOK)
			}
		})
	}
}

// TestFaceRing: a dark blob in the middle of a light face has the face
// all round it; the dark table in the pocket between touching tiles, a
// dark blob on the table, and a blob at a face's edge have not.
func TestFaceRing(t *testing.T) {
	const w, h = 120, 120
	// img: a dark table (grey 40) with light squares (grey 190) where
	// faces holds their top left corners, side 24.
	img := func(faces ...[2]int) []byte {
		g := make([]byte, w*h)
		for i := range g {
			g[i] = 40
		}
		for _, f := range faces {
			for y := f[1]; y < f[1]+24; y++ {
				for x := f[0]; x < f[0]+24; x++ {
					g[y*w+x] = 190
				}
			}
		}
		return g
	}
	cases := []struct {
		name    string
		gray    []byte
		b       blob
		inkGray float64
		want    bool
	}{
		{"a letter in the middle of its face", img([2]int{40, 40}), blob{x: 52, y: 52, size: 11}, 50, true},
		{"a turned letter's larger box", img([2]int{40, 40}), blob{x: 52, y: 52, size: 14}, 50, true},
		{"a letter near the picture's edge, its ring partly outside", img([2]int{0, 40}), blob{x: 3, y: 52, size: 11}, 50, false},
		{"the table in the pocket of an L of three tiles", img([2]int{40, 40}, [2]int{64, 40}, [2]int{40, 64}), blob{x: 70, y: 70, size: 12}, 40, false},
		{"a dark mark on the table", img([2]int{40, 40}), blob{x: 100, y: 100, size: 11}, 40, false},
		{"a letter off its face's middle, at its edge", img([2]int{40, 40}), blob{x: 60, y: 52, size: 11}, 50, false},
		{"a faint letter on a face barely lighter", img([2]int{40, 40}), blob{x: 52, y: 52, size: 11}, 170, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := faceRing(c.b, c.inkGray, c.gray, w, h); got != c.want {
				t.Errorf("faceRing = %v, want %v", got, c.want)
			}
		})
	}
}

// TestOnFaceSize: where the blobs of the size by area are mostly blobs
// no face surrounds (pockets of dark table), the size is that of the
// blobs faces surround; where the letters of that size are on faces, or
// too few blobs are, it stays.
func TestOnFaceSize(t *testing.T) {
	blobs := func(n int, s float64, faced bool) []blob {
		bs := make([]blob, n)
		for i := range bs {
			bs[i] = blob{x: float64(40 * i), size: s, elong: 1.3, faced: faced}
		}
		return bs
	}
	cases := []struct {
		name   string
		blobs  []blob
		want   float64
		wantOK bool
	}{
		{"letters on faces only", blobs(12, 16, true), 16, false},
		{"six pockets outweigh eleven letters", append(blobs(11, 13, true), blobs(6, 50, false)...), 13, true},
		{"pockets and too few letters", append(blobs(3, 13, true), blobs(6, 50, false)...), 50, false},
		{"letters on faces outweigh a few pockets", append(blobs(12, 16, true), blobs(2, 30, false)...), 16, false},
		{"marks on no face and no letters", blobs(10, 20, false), 20, false},
		{"a board's print: many blobs on no face outnumber the letters", append(blobs(12, 14, true), blobs(40, 20, false)...), 20, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wt := make([]float64, len(c.blobs))
			for i, b := range c.blobs {
				wt[i] = b.size * b.size
			}
			typical := weightedMedian(c.blobs, wt)
			got, ok := onFaceSize(c.blobs, wt, inLetterBand(c.blobs, typical, true), typical, true)
			if math.Abs(got-c.want) > 0.5 || ok != c.wantOK {
				t.Errorf("onFaceSize %.1f, %v; want %.1f, %v", got, ok, c.want, c.wantOK)
			}
		})
	}
}
