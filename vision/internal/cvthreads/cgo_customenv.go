//go:build customenv

package cvthreads

// With the customenv tag (the Makefile's CV_ENV), the include path comes
// from CGO_CPPFLAGS, as for gocv; the library is named here.

// #cgo LDFLAGS: -lopencv_core
import "C"
