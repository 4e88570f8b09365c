package loose

import (
	"testing"
)

// TestStretchContrast: a photo spanning few grey levels is stretched to
// the full range, one spanning most of them or almost none is left as it
// is, and the map keeps the levels' order.
func TestStretchContrast(t *testing.T) {
	// img is w*h pixels of grey levels from lo to hi in a ramp, with a
	// given colour cast (added to red, taken from blue).
	img := func(lo, hi, cast int) rgbImage {
		const w, h = 200, 100
		m := rgbImage{w: w, h: h, pix: make([]byte, 3*w*h)}
		for i := 0; i < w*h; i++ {
			v := lo + (hi-lo)*(i%w)/(w-1)
			m.pix[3*i] = byte(min(255, v+cast))
			m.pix[3*i+1] = byte(v)
			m.pix[3*i+2] = byte(max(0, v-cast))
		}
		return m
	}
	cases := []struct {
		name      string
		lo, hi    int
		cast      int
		stretched bool
	}{
		{"a dim grey table, levels 60-138", 60, 138, 0, true},
		{"a dark wooden table, levels 17-91, brown", 17, 91, 8, true},
		{"a hazy photo, levels 84-211", 84, 211, 0, true},
		{"a well lit photo, levels 10-245", 10, 245, 0, false},
		{"a lace cloth, levels 17-247", 17, 247, 4, false},
		{"nearly uniform, levels 120-130", 120, 130, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := img(c.lo, c.hi, c.cast)
			out, ok := stretchContrast(in)
			if ok != c.stretched {
				t.Fatalf("stretched %v, want %v", ok, c.stretched)
			}
			if !ok {
				if &out.pix[0] != &in.pix[0] {
					t.Error("a photo left as it is was copied")
				}
				return
			}
			// The green channel is the grey ramp: now nearly 0..255,
			// in order.
			g0, g1 := int(out.pix[1]), int(out.pix[3*(in.w-1)+1])
			if g0 > 8 || g1 < 247 {
				t.Errorf("the ramp spans %d..%d after, want about 0..255", g0, g1)
			}
			for x := 1; x < in.w; x++ {
				if out.pix[3*x+1] < out.pix[3*(x-1)+1] {
					t.Fatalf("levels out of order at x=%d", x)
				}
			}
			// The cast keeps its sign: red over blue.
			mid := 3 * (in.w / 2)
			if c.cast > 0 && out.pix[mid] <= out.pix[mid+2] {
				t.Errorf("the colour cast is lost: red %d, blue %d", out.pix[mid], out.pix[mid+2])
			}
		})
	}
}

// TestTwistsDarkTables: hard Twists tables in dim light (the grey levels
// span under 160 of 255; a tuning render, 6508, the used-up held-out
// table, and 16 of the reported renders of docs/loose-tiles.md), read as
// the Twists game reads them. Their letters are under the ink's contrast
// until the photo is stretched: at fdc5e8d the first two gave no tile
// and the third 10 of 17. Every scene keeps most of its tiles, and no
// tile read wrong is reported sure.
func TestTwistsDarkTables(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and reads them")
	}
	readTwistsScenes(t, "hard", []twistsScene{
		{"a dark wooden table, a hand, levels 16-96", 2020, 0.7},
		{"a dim grey table, motion blur, levels 60-138", 6508, 0.5},
		{"a dim table, levels 13-164", 16, 0.8},
	}, true)
}

// TestTwistsFinerLook: blurred hard Twists tables on dark felt (tuning
// renders of docs/loose-tiles.md, "Twists blurred tables: a finer
// look"), whose letters at 800 working px run into the seams between the
// joined tiles: at acb538f the first gave 1 tile of 21 and the second 8
// of 16, each read with no tile sure. The look at 1200 px keeps most of
// their tiles, and no tile read wrong is reported sure.
func TestTwistsFinerLook(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and reads them")
	}
	readTwistsScenes(t, "hard", []twistsScene{
		{"a dim felt table, a hand, blur 2.9 px and motion", 56036, 0.8},
		{"a felt table at a 31 degree tilt, blur 2.5 px and motion", 56037, 0.8},
	}, true)
}

func TestTwistsFinerLookStands(t *testing.T) {
	tile := func(conf float64) Tile { return Tile{Letter: "А", Conf: conf} }
	tiles := func(confs ...float64) *Reading {
		r := &Reading{}
		for _, c := range confs {
			r.Tiles = append(r.Tiles, tile(c))
		}
		return r
	}
	cases := []struct {
		name         string
		first, finer *Reading
		want         bool
	}{
		{"more tiles, as many sure", tiles(0.5), tiles(0.5, 0.4, 0.3), true},
		{"more sure, as many tiles", tiles(0.5, 0.5), tiles(0.95, 0.5), true},
		{"more sure but fewer tiles", tiles(0.5, 0.5, 0.5), tiles(0.95, 0.95), false},
		{"more tiles but fewer sure", tiles(0.95), tiles(0.5, 0.5, 0.5), false},
		{"the same", tiles(0.95, 0.5), tiles(0.95, 0.5), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := finerStands(c.first, c.finer); got != c.want {
				t.Errorf("finerStands = %v, want %v", got, c.want)
			}
		})
	}
}

// TestTwistsFaceLetters: a lace table whose holes and dashes, as dark as
// the letters, set the letter size and spacing (its quads come out
// larger than the tiles, 6 of 29 found with the first search) is read
// with each face colour's own letters (twistsFaceLetters: 20 of 29).
func TestTwistsFaceLetters(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and reads them")
	}
	readTwistsScenes(t, "hard", []twistsScene{
		{"a lace table, 29 tiles", 101705, 0.6},
	}, true)
}

// TestMutualCover: quads side by side cover each other not at all, quads
// larger than the tiles' spacing cover their neighbours, two quads on one
// tile cover each other whole.
func TestMutualCover(t *testing.T) {
	cases := []struct {
		name     string
		tiles    []Tile
		min, max float64
	}{
		{"none", nil, 0, 0},
		{"one tile", tileRow(1, 50, 40), 0, 0},
		{"side by side with gaps", tileRow(4, 50, 40), 0, 0},
		{"quads half again the spacing", tileRow(4, 50, 75), 0.3, 0.7},
		{"two quads on one tile", tileRow(2, 0, 40), 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := mutualCover(c.tiles); got < c.min || got > c.max {
				t.Errorf("mutualCover = %.3f, want %.2f..%.2f", got, c.min, c.max)
			}
		})
	}
}
