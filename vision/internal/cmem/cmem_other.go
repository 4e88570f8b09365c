//go:build !(linux && cgo)

package cmem

// KeepFreed does nothing where the C library is not glibc's (false).
func KeepFreed() bool { return false }
