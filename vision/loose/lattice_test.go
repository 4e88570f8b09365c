package loose

import (
	"math"
	"strings"
	"testing"
)

// layoutTiles lays out the letters of a layout text on a lattice of pitch
// px, turned by deg, each letter turned a further letterDeg; the returned
// tiles are as Scan gives them before fitLattice (letters read, corners in
// the letters' order).
func layoutTiles(text string, pitch, deg, letterDeg float64, persp float64) []Tile {
	a := deg * math.Pi / 180
	ux, uy := math.Cos(a), -math.Sin(a)
	vx, vy := math.Sin(a), math.Cos(a)
	var tiles []Tile
	for r, line := range strings.Split(strings.TrimSpace(text), "\n") {
		for c, ch := range line {
			if ch == '.' {
				continue
			}
			u, v := float64(c)*pitch, float64(r)*pitch
			// A mild perspective: rows further down are wider apart.
			s := 1 + persp*float64(r)
			ctr := Point{400 + s*(u*ux+v*vx), 300 + s*(u*uy+v*vy)}
			q := square(ctr, pitch*0.97*s, deg+letterDeg)
			tiles = append(tiles, Tile{Letter: string(ch), Conf: 0.9, Corners: q, Center: ctr,
				Side: meanSide(q), Angle: normDeg(deg + letterDeg), Row: -1, Col: -1})
		}
	}
	return tiles
}

func TestFitLattice(t *testing.T) {
	const layout = `
..C....
CAKE...
..E.BED
..Y..A.
..B..T.
`
	cases := []struct {
		name                 string
		deg, letterDeg, pers float64
		upright              bool
		want                 string
	}{
		{"square to the photo", 0, 0, 0, true, layout},
		{"turned 20 degrees", 20, 0, 0, true, layout},
		{"turned 40 degrees", -40, 0, 0, true, layout},
		{"upside down, letters tell", 180, 0, 0, true, layout},
		{"perspective", 10, 0, 0.03, true, layout},
		{"letters every way, photo's up", 15, 90, 0, false, layout},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Reading{Tiles: layoutTiles(layout, 40, c.deg, c.letterDeg, c.pers)}
			fitLattice(r, c.upright)
			if r.OffLattice != 0 {
				t.Fatalf("%d tiles off the lattice", r.OffLattice)
			}
			sortTiles(r.Tiles)
			got, err := LayoutText(r, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.TrimSpace(c.want) + "\n"
			if got != want {
				t.Errorf("layout:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestFitLatticeUpsideDownWithoutLetters(t *testing.T) {
	// Without the letters, a layout turned half round is read as the
	// photo shows it: turned.
	r := &Reading{Tiles: layoutTiles("AB\nC.", 40, 180, 0, 0)}
	fitLattice(r, false)
	sortTiles(r.Tiles)
	got, err := LayoutText(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got != ".C\nBA\n" {
		t.Errorf("layout:\n%s", got)
	}
}

func TestLayoutText(t *testing.T) {
	base := func() *Reading {
		r := &Reading{Tiles: layoutTiles("AB\n.C", 40, 0, 0, 0)}
		fitLattice(r, true)
		return r
	}
	cases := []struct {
		name   string
		change func(r *Reading)
		symbol func(string) (rune, bool)
		want   string
		err    string
	}{
		{"plain", func(r *Reading) {}, nil, "AB\n.C\n", ""},
		{"unread", func(r *Reading) { r.Tiles[0].Letter = "?" }, nil, "", "could not be read"},
		{"off lattice", func(r *Reading) { r.Tiles[1].Row = -1 }, nil, "", "off the lattice"},
		{"stray far away", func(r *Reading) {
			r.Tiles = append(r.Tiles, Tile{Letter: "Z", Row: -1, Col: -1, Center: Point{2000, 2000}, Side: 40})
		}, nil, "AB\n.C\n", ""},
		{"two letters", func(r *Reading) { r.Tiles[2].Letter = "Qu" }, nil, "", `reads "Qu"`},
		{"symbols", func(r *Reading) { r.Tiles[0].Letter = "skip" }, func(s string) (rune, bool) {
			if s == "skip" {
				return '!', true
			}
			return rune(s[0]), len(s) == 1
		}, "!B\n.C\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := base()
			sortTiles(r.Tiles)
			c.change(r)
			got, err := LayoutText(r, c.symbol)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestDropOffLattice(t *testing.T) {
	r := &Reading{Tiles: []Tile{
		{Letter: "А", Conf: 0.9, Row: 0, Col: 0},
		{Letter: "О", Conf: 0.3, Row: -1, Col: -1},  // unsure, apart: a mark
		{Letter: "Т", Conf: 0.95, Row: -1, Col: -1}, // sure, apart: kept
		{Letter: "С", Conf: 0.2, Row: 0, Col: 1},    // unsure, on its cell: kept
	}, OffLattice: 2}
	dropOffLattice(r)
	var got []string
	for _, x := range r.Tiles {
		got = append(got, x.Letter)
	}
	if strings.Join(got, "") != "АТС" || r.OffLattice != 1 {
		t.Errorf("kept %v, %d off the lattice; want А Т С, 1", got, r.OffLattice)
	}
}
