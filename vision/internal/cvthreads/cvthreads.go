// Package cvthreads sets how many threads OpenCV's own parallel loops
// (its parallel_for_, TBB in Debian's build) may use, which gocv does
// not offer.
package cvthreads

// #include "cvthreads.h"
import "C"

// Set asks OpenCV to run its parallel loops on n threads: 1 (or 0) runs
// each loop on the calling thread alone, a negative n restores OpenCV's
// default (one a processor, or $OPENCV_FOR_THREADS_NUM).
func Set(n int) { C.cvthreadsSet(C.int(n)) }

// Get is the number of threads OpenCV's parallel loops may use.
func Get() int { return int(C.cvthreadsGet()) }
