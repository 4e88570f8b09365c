// Package imagesize refuses an image too large to decode before it is
// decoded. A photo's header says how many pixels it has; decoding makes
// room for all of them at once, so a small file can claim 30000x30000
// pixels and take gigabytes (a 1.1 KB JPEG, a 3.5 MB PNG). Every image the
// program reads from outside, a phone's upload, a camera's frame, a file
// named on the command line, goes through Check (or Decode, which checks
// first): the header is read with image.DecodeConfig and anything over
// MaxPixels (50 megapixels, more than any camera at a table makes; a PNG
// 24) is refused with ErrTooLarge. Shrink scales a photo over WorkPixels
// down before the vision reads it, so that no image takes the program
// over 300 MB (cmd/tilescope decodes a large JPEG at half size with
// libjpeg, which never holds the whole picture). A JPEG is decoded upright:
// turned by its EXIF orientation (Upright), as a browser shows it and as
// the libjpeg path turns it. Pure Go, no cgo: the vision's libjpeg decoder is guarded by
// the same check on the same bytes.
package imagesize
