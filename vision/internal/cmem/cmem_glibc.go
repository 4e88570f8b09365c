//go:build linux && cgo

package cmem

/*
#include <malloc.h>

// keep_freed raises glibc's thresholds; each mallopt returns 1 where
// the value was taken.
static int keep_freed(int mmap_max, int trim, int pad) {
	int ok = 1;
	ok &= mallopt(M_MMAP_THRESHOLD, mmap_max);
	ok &= mallopt(M_TRIM_THRESHOLD, trim);
	ok &= mallopt(M_TOP_PAD, pad);
	return ok;
}

// mapped_for says whether a block of size bytes is given a mapping of
// its own: glibc marks such a chunk in its size word, the word before
// the block (IS_MMAPPED, 2).
static int mapped_for(size_t size) {
	void *p = malloc(size);
	if (p == NULL) {
		return 0;
	}
	int mapped = (((size_t *)p)[-1] & 2) != 0;
	free(p);
	return mapped;
}
*/
import "C"

import "sync"

const (
	// mmapThreshold: blocks up to this size come from the heap, not a
	// mapping of their own (32 MB, the most mallopt(3) documents for
	// 64-bit systems; a 1640x1232 photo's float image is 8 MB).
	mmapThreshold = 32 << 20
	// trimThreshold: the free top of the heap is handed back to the
	// system past this size only.
	trimThreshold = 512 << 20
	// topPad: the heap grows by this much more than asked, so that a
	// scan's growing images do not move its top a page at a time.
	topPad = 64 << 20
)

var (
	once sync.Once
	ok   bool
)

// KeepFreed sets the C heap's thresholds (once a process) and says
// whether the C library took them.
func KeepFreed() bool {
	once.Do(func() { ok = C.keep_freed(mmapThreshold, trimThreshold, topPad) == 1 })
	return ok
}

// mappedFor says whether a block of size bytes, asked of malloc now, is
// given a mapping of its own (for the tests: KeepFreed's effect).
func mappedFor(size int) bool { return C.mapped_for(C.size_t(size)) == 1 }
