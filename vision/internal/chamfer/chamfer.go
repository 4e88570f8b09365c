package chamfer

// #include "chamfer.h"
import "C"

import (
	"fmt"
	"unsafe"
)

// L2Mask5 is the distance of each pixel of the w x h 8-bit mask (row by
// row) to its nearest zero pixel, as OpenCV's distanceTransform with
// DIST_L2 and DIST_MASK_5 gives it (the 5x5 chamfer approximation of the
// Euclidean distance), row by row.
func L2Mask5(mask []byte, w, h int) ([]float32, error) {
	if w <= 0 || h <= 0 || len(mask) != w*h {
		return nil, fmt.Errorf("chamfer: a %dx%d mask of %d bytes", w, h, len(mask))
	}
	d := make([]float32, w*h)
	C.chamferL2Mask5((*C.uchar)(unsafe.Pointer(&mask[0])), C.int(w), C.int(h), (*C.float)(unsafe.Pointer(&d[0])))
	return d, nil
}
