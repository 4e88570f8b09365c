// Command scancmp compares two readings of the same photo, `tilescope
// scan --json` on amd64 and on arm64, within the tolerance that OpenCV's
// rounding on each architecture calls for (make pi-check's compare step;
// docs/pi.md, "Tested for arm64 under emulation"). Debian's arm64 OpenCV
// does not give amd64's pixels: its resize rounds a few pixels of a
// picture one grey level apart and its HoughLinesP finds other segments
// in the same edges, so a corner moves a pixel or two, and with it a
// stack's measured height or a tile's angle.
//
// Allowed: points ("center", "corners") within 3 pixels, "angle" within 2
// degrees, "height" within 1, "conf" within 0.25, and a "letter" that
// differs where either reading is not sure of it (conf below 0.9). Every
// other field the same, and the same shape. It prints each allowed
// difference and exits 0 when the readings agree so, 1 when not (naming
// the first field beyond the tolerance), 2 on bad input.
//
//	go run ./hw/pi/internal/scancmp amd64.json arm64.json
package main
