// Package libjpeg decodes JPEG pictures with the system's libjpeg
// (Debian's libjpeg62-turbo, the library OpenCV's imgcodecs decodes JPEG
// with), scaling while it decodes, into blue-green-red bytes: the same
// library calls with the same settings as OpenCV's cv::imdecode with
// IMREAD_COLOR (or IMREAD_REDUCED_COLOR_2, 4, 8), so the same pixels, byte
// for byte. It exists so that the program need not link
// libopencv_imgcodecs, which brings about 139 shared libraries (GDAL and
// its formats) that the dynamic loader maps at every start, for the one
// JPEG decoder it uses (docs/pi.md, "A lean start").
//
// Not handled: CMYK and YCCK JPEGs (four components; no camera makes them)
// are refused with ErrCMYK. Warnings libjpeg gives while decoding (a
// picture cut short: the rest is grey, as OpenCV gives it) are not
// printed.
package libjpeg
