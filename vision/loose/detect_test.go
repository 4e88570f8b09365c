package loose

import (
	"math"
	"testing"
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
