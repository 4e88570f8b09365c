package render

import "math"

// quad is a planar face a-b-c-d (in order around it) whose outward normal
// points away from inside.
func quad(a, b, c, d vec3, inside vec3, col [3]float64) face {
	n := b.sub(a).cross(d.sub(a)).unit()
	if n.dot(a.sub(inside)) < 0 {
		n = n.scale(-1)
	}
	return face{pts: []vec3{a, b, c, d}, n: n, col: col}
}

// box is an axis-free rectangular block: centre (cx, cy), turned by ang
// (radians, counter-clockwise seen from above), w along its own x, d along
// its own y, from z0 to z1.
type box struct {
	cx, cy, ang, w, d, z0, z1 float64
}

// corners returns the block's top (z1) or bottom (z0) corners in reading
// order: top-left, top-right, bottom-right, bottom-left as seen from above
// with +Y up (the far side of the table).
func (b box) corners(z float64) [4]vec3 {
	s, c := math.Sincos(b.ang)
	hw, hd := float64(b.w/2), float64(b.d/2)
	loc := [4][2]float64{{-hw, hd}, {hw, hd}, {hw, -hd}, {-hw, -hd}}
	var out [4]vec3
	for i, l := range loc {
		out[i] = vec3{b.cx + float64(c*l[0]) - float64(s*l[1]), b.cy + float64(s*l[0]) + float64(c*l[1]), z}
	}
	return out
}

// sides returns the four side faces of the block, flat or with tex mapped
// so that texture t runs from the top edge (t=0) to the bottom (t=1).
func (b box) sides(col [3]float64, tex *texture) []face {
	t, u := b.corners(b.z1), b.corners(b.z0)
	in := vec3{b.cx, b.cy, float64((b.z0 + b.z1) / 2)}
	out := make([]face, 0, 4)
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		f := quad(t[i], t[j], u[j], u[i], in, col)
		if tex != nil {
			f.tex, f.o, f.u, f.v = tex, t[i], t[j].sub(t[i]), u[i].sub(t[i])
		}
		out = append(out, f)
	}
	return out
}

// top returns the block's top face, textured with tex (s to the right,
// t downwards as read) when tex is set.
func (b box) top(col [3]float64, tex *texture) face {
	c := b.corners(b.z1)
	f := face{pts: c[:], n: vec3{0, 0, 1}, col: col}
	if tex != nil {
		f.tex, f.o, f.u, f.v = tex, c[0], c[1].sub(c[0]), c[3].sub(c[0])
	}
	return f
}

// all8 returns the eight corners (for shadows).
func (b box) all8() []vec3 {
	t, u := b.corners(b.z1), b.corners(b.z0)
	return []vec3{t[0], t[1], t[2], t[3], u[0], u[1], u[2], u[3]}
}

// bevelled returns the faces of a block whose top edges are chamfered by
// b: the four sides up to z1-b, four sloping strips that catch the light
// (or turn from it) like a real tile's rounded edge, and the top face
// inset by b, textured with tex.
func (b box) bevelled(bev float64, col, sideCol [3]float64, tex, sideTex *texture) []face {
	lower := b
	lower.z1 = b.z1 - bev
	faces := lower.sides(sideCol, sideTex)
	inner := b
	inner.w, inner.d = b.w-float64(2*bev), b.d-float64(2*bev)
	in := inner.corners(b.z1)
	out := lower.corners(lower.z1)
	centre := vec3{b.cx, b.cy, b.z0}
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		f := quad(in[i], in[j], out[j], out[i], centre, [3]float64{float64(col[0] * 235), float64(col[1] * 235), float64(col[2] * 235)})
		faces = append(faces, f)
	}
	return append(faces, inner.top(col, tex))
}

// printOffset moves a face's print a little (up to 3% of the face each
// way), as the print on real tiles is never exactly centred.
func printOffset(f *face, rng interface{ Float64() float64 }) {
	dx, dy := float64((float64(rng.Float64()*2)-1)*0.03), float64((float64(rng.Float64()*2)-1)*0.03)
	f.o = f.o.add(f.u.scale(dx)).add(f.v.scale(dy))
}
