// Package exif reads the one EXIF fact the program needs, a photo's
// orientation: which way up the camera was held. A phone stores its
// pixels as the sensor sees them and writes in the file how to turn them
// (EXIF tag 0x0112, 1 to 8); every browser and photo viewer turns the
// picture before showing it, so a player's photo, the tiles' centres the
// readers report and the page that draws them must all be in the turned
// picture's pixels.
//
// The reading follows OpenCV's (imgcodecs' ExifReader, 4.6) byte for
// byte, so that a photo decoded by the program's libjpeg path (as
// cv::imdecode decodes it) and one decoded by Go's image/jpeg come out the
// same way up. Source and Size give the turn itself for any pixel layout.
// Pure Go, no cgo.
package exif
