package imgcodecs

// #cgo LDFLAGS: -lopencv_imgcodecs
import "C"
