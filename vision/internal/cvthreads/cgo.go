//go:build !customenv

package cvthreads

// OpenCV found by pkg-config, as gocv finds it without the customenv tag.

// #cgo pkg-config: opencv4
// #cgo CXXFLAGS: --std=c++11
import "C"
