package ocr

import "sync"

// arena hands out zeroed scratch slices for one reading and is reused
// through arenas, so that a reading allocates next to nothing. Slices
// stay valid until reset.
type arena struct {
	f32 []float32
	n32 int
	i32 []int32
	ni  int
	b   []bool
	nb  int
	u8  []uint8
	nu  int
	// norm is the normalised crop of the reading in progress.
	norm normalized
}

var arenas = sync.Pool{New: func() any { return &arena{} }}

func (a *arena) reset() { a.n32, a.ni, a.nb, a.nu = 0, 0, 0, 0 }

func (a *arena) floats(n int) []float32 {
	if a == nil {
		return make([]float32, n)
	}
	if a.n32+n > len(a.f32) {
		a.f32 = make([]float32, max(2*len(a.f32), a.n32+n, 1<<15))
		a.n32 = 0
	}
	s := a.f32[a.n32 : a.n32+n : a.n32+n]
	a.n32 += n
	clear(s)
	return s
}

func (a *arena) ints(n int) []int32 {
	if a == nil {
		return make([]int32, n)
	}
	if a.ni+n > len(a.i32) {
		a.i32 = make([]int32, max(2*len(a.i32), a.ni+n, 1<<13))
		a.ni = 0
	}
	s := a.i32[a.ni : a.ni+n : a.ni+n]
	a.ni += n
	clear(s)
	return s
}

func (a *arena) bools(n int) []bool {
	if a == nil {
		return make([]bool, n)
	}
	if a.nb+n > len(a.b) {
		a.b = make([]bool, max(2*len(a.b), a.nb+n, 1<<13))
		a.nb = 0
	}
	s := a.b[a.nb : a.nb+n : a.nb+n]
	a.nb += n
	clear(s)
	return s
}

func (a *arena) bytes(n int) []uint8 {
	if a == nil {
		return make([]uint8, n)
	}
	if a.nu+n > len(a.u8) {
		a.u8 = make([]uint8, max(2*len(a.u8), a.nu+n, 1<<13))
		a.nu = 0
	}
	s := a.u8[a.nu : a.nu+n : a.nu+n]
	a.nu += n
	clear(s)
	return s
}
