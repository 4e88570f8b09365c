package ocr

//go:noescape
func dot4Lanes(a0, a1, a2, a3, x *float32, n int, lanes *[16]float32)

//go:noescape
func dot8Lanes(rows *float32, stride int, x *float32, n int, lanes *[32]float32)

// dot4 is dot(a0, x) .. dot(a3, x), the four rows in one pass over x with
// SSE (see dot_amd64.s); the results have the same bits as dot's.
func dot4(a0, a1, a2, a3, x []float32) (d [4]float32) {
	n := len(x)
	a0, a1, a2, a3 = a0[:n], a1[:n], a2[:n], a3[:n]
	if n == 0 {
		return d
	}
	var l [16]float32
	dot4Lanes(&a0[0], &a1[0], &a2[0], &a3[0], &x[0], n, &l)
	rows := [4][]float32{a0, a1, a2, a3}
	for k, a := range rows {
		s0, s1, s2, s3 := l[4*k], l[4*k+1], l[4*k+2], l[4*k+3]
		for i := n &^ 3; i < n; i++ {
			s0 += a[i] * x[i]
		}
		d[k] = s0 + s1 + s2 + s3
	}
	return d
}

// dot8 is dot(w[k*stride:k*stride+len(x)], x) for the eight rows k =
// 0..7 of w, in one pass over x (dot8Lanes): each row's four partial
// sums are dot's, added in dot's order, so the results have dot's bits;
// eight sums in flight at once rather than dot4's four.
func dot8(w []float32, stride int, x []float32) (d [8]float32) {
	n := len(x)
	if n == 0 {
		return d
	}
	_ = w[7*stride+n-1]
	var l [32]float32
	dot8Lanes(&w[0], stride, &x[0], n, &l)
	return lanes8(&l, w, stride, x)
}

// lanes8 finishes eight rows' dots from their lanes (dot8Lanes' or
// dot8PackedAVX's): each row's first partial sum takes the products of
// the last len(x)%4 floats, then the four are added in dot's order.
func lanes8(l *[32]float32, w []float32, stride int, x []float32) (d [8]float32) {
	n := len(x)
	for k := range d {
		a := w[k*stride : k*stride+n]
		s0, s1, s2, s3 := l[4*k], l[4*k+1], l[4*k+2], l[4*k+3]
		for i := n &^ 3; i < n; i++ {
			s0 += float32(a[i] * x[i])
		}
		d[k] = s0 + s1 + s2 + s3
	}
	return d
}
