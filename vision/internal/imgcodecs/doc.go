// Package imgcodecs links OpenCV's imgcodecs module (libopencv_imgcodecs)
// into the program that imports it, so that gocv's image codecs
// (IMDecode, IMRead, IMWrite, IMEncode) link under the build of make
// (gocv's tag customenv with CV_ENV's link flags, which leave imgcodecs
// out). Nothing in the program imports it: imgcodecs brings about 139
// shared libraries (GDAL and its formats) that the dynamic loader maps at
// every start, and the program decodes JPEG with libjpeg itself
// (internal/libjpeg, docs/pi.md "A lean start"). vision's tests import it
// for OpenCV's own decoder, the reference decodeHalfBGR is checked
// against, pixel for pixel.
package imgcodecs
