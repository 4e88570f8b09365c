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
	cs  []component
	nc  int
	// norm is the normalised crop of the reading in progress.
	norm normalized
}

var arenas = sync.Pool{New: func() any { return &arena{} }}

func (a *arena) reset() { a.n32, a.ni, a.nb, a.nu, a.nc = 0, 0, 0, 0, 0 }

// take hands out the next n zeroed elements of buf, starting a larger
// buffer (at least least elements) when the current one is used up; the
// slices handed out before stay valid, as they keep the old buffer.
func take[T any](buf *[]T, used *int, n, least int) []T {
	if *used+n > len(*buf) {
		*buf = make([]T, max(2*len(*buf), *used+n, least))
		*used = 0
	}
	s := (*buf)[*used : *used+n : *used+n]
	*used += n
	clear(s)
	return s
}

func (a *arena) floats(n int) []float32 {
	if a == nil {
		return make([]float32, n)
	}
	return take(&a.f32, &a.n32, n, 1<<15)
}

func (a *arena) ints(n int) []int32 {
	if a == nil {
		return make([]int32, n)
	}
	return take(&a.i32, &a.ni, n, 1<<13)
}

func (a *arena) bools(n int) []bool {
	if a == nil {
		return make([]bool, n)
	}
	return take(&a.b, &a.nb, n, 1<<13)
}

func (a *arena) bytes(n int) []uint8 {
	if a == nil {
		return make([]uint8, n)
	}
	return take(&a.u8, &a.nu, n, 1<<13)
}

// components is an empty list of a crop's ink components with room for
// n (appending more moves it to the heap, as append does).
func (a *arena) components(n int) []component {
	if a == nil {
		return make([]component, 0, n)
	}
	return take(&a.cs, &a.nc, n, 1<<10)[:0]
}
