//go:build customenv

package chamfer

// With the customenv tag (the Makefile's CV_ENV), the include path comes
// from CGO_CPPFLAGS, as for gocv; the libraries are named here.

// #cgo LDFLAGS: -lopencv_imgproc -lopencv_core
import "C"
