package pyramids

import (
	"image"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
)

// TestShiftedRead: a shifted read of a face is the mean of the reads of
// its crop and of the crop moved cropShift each way, averaged with the
// read of the crop deconvolved (with the faces' model), and the moved
// crops are the face's picture moved (not the same crop again); the
// face's own read is kept for the unshifted look.
func TestShiftedRead(t *testing.T) {
	_, l := normalScene(t)
	const r, c, k = 2, 3, 1 // a black house pyramid of the stored scene
	fr := l.f.faceReads(r, c, reader(t), 48, true)
	if len(fr.heads) != 4 || !fr.model || greyHeadWeight(fr.heads) != greyWeight {
		t.Fatalf("%d heads (the faces' model among them: %v, the grey one weighing %v), want 4 with both", len(fr.heads), fr.model, greyHeadWeight(fr.heads))
	}
	i := l.f.bestFace(r, c, k)
	own := fr.face(k, i)
	ownH := fr.hmemo[faceKey{k, i, false}]
	fr.shifted = true
	shifted := fr.face(k, i)
	shiftedH := fr.hmemo[faceKey{k, i, true}]
	want := map[string]float64{}
	for l, v := range own {
		want[l] += v
	}
	wantH := slices.Clone(ownH)
	for _, d := range cropShifts {
		uprightVotes(fr.heads, l.f.faceCropAt(r, c, k, i, 48, d[0], d[1]), want, wantH)
	}
	dec := map[string]float64{}
	decH := make([]float64, len(wantH))
	uprightVotes(fr.heads, deconvolve(l.f.faceCrop(r, c, k, i, 48)), dec, decH)
	for l := range want {
		want[l] = (want[l]/float64(len(cropShifts)+1) + dec[l]) / 2
		if math.Abs(shifted[l]-want[l]) > 1e-9 {
			t.Errorf("%s: shifted %.4f, want the mean %.4f", l, shifted[l], want[l])
		}
	}
	// each head's own probabilities (the grey head's for the reading
	// without it, en-pyr's and en-pyrg's for the sure rule) are averaged
	// alike
	g := len(fr.glyphs())
	if len(wantH) != len(fr.heads)*g || len(shiftedH) != len(wantH) {
		t.Fatalf("heads' own probabilities kept: %d and %d, want %d", len(ownH), len(shiftedH), len(fr.heads)*g)
	}
	grey := 0.0
	for x := range wantH {
		wantH[x] = (wantH[x]/float64(len(cropShifts)+1) + decH[x]) / 2
		if math.Abs(shiftedH[x]-wantH[x]) > 1e-9 {
			t.Errorf("head %d, %s: shifted %.4f, want the mean %.4f", x/g, fr.glyphs()[x%g], shiftedH[x], wantH[x])
		}
		if x/g == greyHeadIndex(fr.heads) {
			grey += wantH[x]
		}
	}
	if grey == 0 {
		t.Error("no grey head's probabilities kept")
	}
	fr.shifted = false
	if again := fr.face(k, i); len(again) != len(own) || again["A"] != own["A"] {
		t.Errorf("the unshifted read changed after the shifted one")
	}
	centre := l.f.faceCrop(r, c, k, i, 48)
	for _, d := range cropShifts {
		if same(centre, l.f.faceCropAt(r, c, k, i, 48, d[0], d[1])) {
			t.Errorf("crop moved by %v is the centre crop", d)
		}
	}
	if !same(centre, l.f.faceCropAt(r, c, k, i, 48, 0, 0)) {
		t.Error("faceCropAt(0, 0) is not faceCrop")
	}
}

func same(a, b *image.RGBA) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			return false
		}
	}
	return true
}

// TestSecondLook: the second look (the moved crops) is taken only on a
// square whose reading is neither settled nor clear after the height
// search, and moves only the faces of weight shiftMinWeight or more;
// a lighter face keeps its own read. Both kinds of square occur on the
// stored normal scene slightly out of focus, read by the heads before
// the grey one (en, en-pyr): with it, or in focus since en-pyr learnt
// more typefaces (2026-12-03), every pyramid there is settled at once,
// and the second look's workings do not depend on the heads.
func TestSecondLook(t *testing.T) {
	sharp, _ := normalScene(t)
	img := blurPicture(toPicture(sharp), secondLookBlur).RGBA
	l, err := locate(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Scan(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rd := reader(t)
	looked, kept := 0, 0
	for _, sq := range sc.Squares {
		if sq.Colour == 0 {
			continue
		}
		fr := withoutGrey(l.f.faceReads(sq.Pos.Row, sq.Pos.Col, rd, 48, true))
		lr := l.f.readSquare(fr, sq.Height, false)
		var moved []faceKey
		for key := range fr.memo {
			if key.shifted {
				moved = append(moved, key)
			}
		}
		if !fr.shifted {
			if len(moved) > 0 {
				t.Errorf("%v: moved crops read without the second look", sq.Pos)
			}
			if !settled(lr) && !clearEnough(lr) {
				t.Errorf("%v: neither settled nor clear, and no second look", sq.Pos)
			}
			if !settled(lr) {
				kept++
			}
			continue
		}
		looked++
		// the look before the second: the same square read afresh,
		// without it
		// (at the nesting step the reading took: nestSearch)
		first := withoutGrey(fr.f.faceReads(sq.Pos.Row, sq.Pos.Col, rd, 48, true))
		first.shifted = false
		for _, key := range moved {
			if key.k != lr.k {
				t.Errorf("%v: moved crops at count %d, reading at %d", sq.Pos, key.k, lr.k)
			}
		}
		ws := fr.f.faceWeights(sq.Pos.Row, sq.Pos.Col, lr.k)
		for i, w := range ws {
			switch {
			case w == 0:
				if lr.faceP[i] != nil {
					t.Errorf("%v face %d: weight 0 read", sq.Pos, i)
				}
			case w < shiftMinWeight:
				own := first.faceRead(lr.k, i, false)
				for l, v := range lr.faceP[i] {
					if math.Abs(v-own[l]) > 1e-12 {
						t.Errorf("%v face %d (weight %.2f): %s %.4f, want its own read %.4f", sq.Pos, i, w, l, v, own[l])
					}
				}
			default:
				if _, ok := fr.memo[faceKey{lr.k, i, true}]; !ok {
					t.Errorf("%v face %d (weight %.2f): not moved", sq.Pos, i, w)
				}
			}
		}
	}
	if looked == 0 || kept == 0 {
		t.Errorf("second looks %d, clear readings kept without one %d: want both on the normal scene out of focus", looked, kept)
	} else {
		t.Logf("second looks %d, clear readings kept without one %d", looked, kept)
	}
}

// secondLookBlur is how far out of focus TestSecondLook reads the normal
// scene (pixels).
const secondLookBlur = 1.5

// withoutGrey is fr with the grey head left out, the others weighted
// as they were before it.
func withoutGrey(fr *faceReads) *faceReads {
	gw := greyHeadWeight(fr.heads)
	var hs []faceHead
	for _, h := range fr.heads {
		if h.c.Model().Input != ocr.InputGrey {
			hs = append(hs, faceHead{h.c, h.w / (1 - gw), h.name})
		}
	}
	fr.heads = hs
	return fr
}

// TestFaceCropInto: a crop drawn into a used image is the crop drawn
// into a new one (every pixel written, black off the picture).
func TestFaceCropInto(t *testing.T) {
	_, l := normalScene(t)
	buf := image.NewRGBA(image.Rect(0, 0, 48, 48))
	for i := range buf.Pix {
		buf.Pix[i] = 200
	}
	// a square by the board's edge, its crops moved far enough that part
	// falls off the picture, and one in the middle
	for _, tc := range []struct {
		name       string
		r, c, k, i int
		dS, dT     float64
	}{
		{"middle", 4, 5, 1, 0, 0, 0},
		{"middle, moved", 4, 5, 2, 1, cropShift, -cropShift},
		{"far off the picture", 0, 0, 1, 2, -40, -40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := l.f.faceCropInto(buf, tc.r, tc.c, tc.k, tc.i, tc.dS, tc.dT)
			if !same(got, l.f.faceCropAt(tc.r, tc.c, tc.k, tc.i, 48, tc.dS, tc.dT)) {
				t.Error("differs from a crop drawn afresh")
			}
		})
	}
}

// normalScene is the stored normal scene and its board found.
func normalScene(t *testing.T) (image.Image, *located) {
	t.Helper()
	img, err := loadImage(filepath.Join("testdata", "scenes", "normal.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := locate(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return img, l
}

// faceCropPerPixel is faceCropInto with each pixel's camera point summed
// afresh (p0 + s ds + t dt), as it was before the columns' sums were
// kept: the reference TestFaceCropColumns compares against.
func faceCropPerPixel(f *frame, size, r, c, k, i int, dS, dT float64) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	base, tip := f.model(r, c, k)
	s0, t0 := 0.5-cropWindow/2+dS, letterT-cropWindow/2+dT
	p0 := f.camera(facePoint(base, tip, i, 0, 0))
	ps := f.camera(facePoint(base, tip, i, 1, 0))
	pt := f.camera(facePoint(base, tip, i, 0, 1))
	step := cropWindow / float64(size)
	lens := f.lensK(f.k1)
	for y := 0; y < size; y++ {
		t := t0 + step*(float64(y)+0.5)
		for x := 0; x < size; x++ {
			s := s0 + step*(float64(x)+0.5)
			var q [3]float64
			for j := range q {
				q[j] = p0[j] + s*(ps[j]-p0[j]) + t*(pt[j]-p0[j])
			}
			q[2] = math.Max(q[2], 1e-9)
			p := vision.Point{X: f.pose.Fx*q[0]/q[2] + f.pose.Cx, Y: f.pose.Fy*q[1]/q[2] + f.pose.Cy}
			if lens.K != 0 {
				p = lens.Distort(p)
			}
			px, py := p.X-0.5, p.Y-0.5
			o := y*img.Stride + 4*x
			img.Pix[o+3] = 255
			if px < 0 || py < 0 || px > float64(f.p.W-1) || py > float64(f.p.H-1) {
				continue
			}
			x0, y0 := int(px), int(py)
			x1, y1 := min(x0+1, f.p.W-1), min(y0+1, f.p.H-1)
			fx, fy := px-float64(x0), py-float64(y0)
			for ch := 0; ch < 3; ch++ {
				at := func(xx, yy int) float64 { return float64(f.p.Pix[yy*f.p.Stride+4*xx+ch]) }
				v := at(x0, y0)*((1-fx)*(1-fy)) + at(x1, y0)*(fx*(1-fy)) + at(x0, y1)*((1-fx)*fy) + at(x1, y1)*(fx*fy)
				img.Pix[o+ch] = uint8(v + 0.5)
			}
		}
	}
	return img
}

// TestFaceCropColumns: faceCropInto, which sums each column's part of
// the camera point once a crop, draws the crop the per-pixel sums draw,
// byte for byte, with and without a lens, at sizes under and over its
// columns' fixed buffer.
func TestFaceCropColumns(t *testing.T) {
	_, l := normalScene(t)
	for _, tc := range []struct {
		name       string
		size       int
		k1         float64
		r, c, k, i int
		dS, dT     float64
	}{
		{"middle", 48, 0, 4, 5, 1, 0, 0, 0},
		{"moved, on a stack", 48, 0, 4, 5, 2, 1, cropShift, -cropShift},
		{"by the edge, barrel lens", 48, -0.12, 0, 0, 1, 3, 0, 0},
		{"pincushion lens, moved", 32, 0.05, 6, 2, 1, 2, -cropShift, 0},
		{"larger than the column buffer", 80, -0.05, 3, 3, 1, 1, 0, cropShift},
		{"far off the picture", 48, 0, 0, 0, 1, 2, -40, -40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := *l.f
			f.k1 = tc.k1
			got := f.faceCropInto(image.NewRGBA(image.Rect(0, 0, tc.size, tc.size)), tc.r, tc.c, tc.k, tc.i, tc.dS, tc.dT)
			want := faceCropPerPixel(&f, tc.size, tc.r, tc.c, tc.k, tc.i, tc.dS, tc.dT)
			diff := 0
			for j := range want.Pix {
				if got.Pix[j] != want.Pix[j] {
					diff++
				}
			}
			if diff > 0 {
				t.Errorf("%d of %d bytes differ from the per-pixel sums", diff, len(want.Pix))
			}
		})
	}
}

// BenchmarkFaceCropInto: one 48 x 48 face crop of the normal scene
// drawn into a used image, as a square's face reads draw theirs.
func BenchmarkFaceCropInto(b *testing.B) {
	img, err := loadImage(filepath.Join("testdata", "scenes", "normal.jpg"))
	if err != nil {
		b.Fatal(err)
	}
	l, err := locate(img, Options{})
	if err != nil {
		b.Fatal(err)
	}
	buf := image.NewRGBA(image.Rect(0, 0, 48, 48))
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		l.f.faceCropInto(buf, 4, 5, 1, n%4, 0, 0)
	}
}
