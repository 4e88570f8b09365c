package render

import (
	"image"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// flatFace is an opentype face whose glyphs' curves are flattened here,
// in arithmetic that rounds alike on every architecture (doc.go), before
// golang.org/x/image/vector fills them: vector's own curve flattening
// fuses multiply-adds on arm64 and draws letters a few grey levels off
// amd64's. Advances, kerning and bounds stay the face's (integers).
type flatFace struct {
	font.Face
	f    *sfnt.Font
	ppem fixed.Int26_6
	buf  sfnt.Buffer
	rast vector.Rasterizer
}

// newFlatFace wraps face, made by opentype.NewFace from f at size points
// and 72 DPI, so at the same pixels per em as the face.
func newFlatFace(face font.Face, f *sfnt.Font, size float64) *flatFace {
	return &flatFace{Face: face, f: f, ppem: fixed.Int26_6(0.5 + float64(float64(size*72)*64)/72)}
}

// Glyph draws r's outline with its origin at dot into an alpha mask
// covering its pixels, as font.Face asks.
func (ff *flatFace) Glyph(dot fixed.Point26_6, r rune) (dr image.Rectangle, mask image.Image, maskp image.Point, advance fixed.Int26_6, ok bool) {
	idx, err := ff.f.GlyphIndex(&ff.buf, r)
	if err != nil {
		return image.Rectangle{}, nil, image.Point{}, 0, false
	}
	advance, err = ff.f.GlyphAdvance(&ff.buf, idx, ff.ppem, font.HintingNone)
	if err != nil {
		return image.Rectangle{}, nil, image.Point{}, 0, false
	}
	segs, err := ff.f.LoadGlyph(&ff.buf, idx, ff.ppem, nil)
	if err != nil {
		return image.Rectangle{}, nil, image.Point{}, 0, false
	}
	b := segs.Bounds().Add(dot)
	dr = image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())
	if dr.Dx() <= 0 || dr.Dy() <= 0 {
		return dr, image.NewAlpha(image.Rectangle{}), image.Point{}, advance, true
	}
	// the outline in the mask's pixels, as float32 (a 26.6 integer over 64)
	px := func(p fixed.Point26_6) (float32, float32) {
		return float32(p.X+dot.X-fixed.Int26_6(dr.Min.X<<6)) / 64, float32(p.Y+dot.Y-fixed.Int26_6(dr.Min.Y<<6)) / 64
	}
	z := &ff.rast
	z.Reset(dr.Dx(), dr.Dy())
	z.DrawOp = draw.Src
	var pen [2]float32
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			pen[0], pen[1] = px(s.Args[0])
			z.MoveTo(pen[0], pen[1])
		case sfnt.SegmentOpLineTo:
			pen[0], pen[1] = px(s.Args[0])
			z.LineTo(pen[0], pen[1])
		case sfnt.SegmentOpQuadTo, sfnt.SegmentOpCubeTo:
			pts := [][2]float32{pen}
			for _, a := range s.Args[:map[sfnt.SegmentOp]int{sfnt.SegmentOpQuadTo: 2, sfnt.SegmentOpCubeTo: 3}[s.Op]] {
				x, y := px(a)
				pts = append(pts, [2]float32{x, y})
			}
			pen = chords(z, pts)
		}
	}
	a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
	z.Draw(a, a.Bounds(), image.Opaque, image.Point{})
	return dr, a, image.Point{}, advance, idx != 0
}

// chords adds the Bezier curve through the control points pts (3 for a
// quadratic, 4 for a cubic; pts[0] is the pen) to z as straight chords
// and returns its end. The curve is cut as golang.org/x/image/vector's
// QuadTo and CubeTo cut it, in the same float32 steps, so that amd64's
// letters are drawn as before: as many chords as 1 + the fourth root of
// 3 times the squared deviation of the control polygon from straight
// (the larger of its two bends for a cubic), none for a deviation under
// 0.333, and each chord's end found by repeated linear interpolation at
// t, t advancing by 1/n. Every product is rounded before it is summed.
func chords(z *vector.Rasterizer, pts [][2]float32) [2]float32 {
	a, end := pts[0], pts[len(pts)-1]
	var dev float32
	for _, b := range pts[1 : len(pts)-1] {
		// the bend at b: a - 2b + end
		dx := a[0] - float32(2*b[0]) + end[0]
		dy := a[1] - float32(2*b[1]) + end[1]
		dev = max(dev, float32(dx*dx)+float32(dy*dy))
	}
	if dev >= 0.333 {
		n := 1 + int(math.Sqrt(math.Sqrt(float64(3*float64(dev)))))
		t, step := float32(0), 1/float32(n)
		var q [4][2]float32
		for i := 0; i < n-1; i++ {
			t += step
			m := copy(q[:], pts)
			for ; m > 1; m-- {
				for j := 0; j+1 < m; j++ {
					q[j] = [2]float32{q[j][0] + float32(t*(q[j+1][0]-q[j][0])), q[j][1] + float32(t*(q[j+1][1]-q[j][1]))}
				}
			}
			z.LineTo(q[0][0], q[0][1])
		}
	}
	z.LineTo(end[0], end[1])
	return end
}
