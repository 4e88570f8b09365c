package exif

// FirstAPP1 is the data of a JPEG's first APP1 segment (the bytes after
// its length), the segment libjpeg keeps for the EXIF reader, or nil when
// the picture has none before its first scan. The markers are walked as
// libjpeg reads the header: fill bytes (0xFF) before a marker are
// skipped, and so is anything else between segments; the walk stops at
// the first scan (SOS), at the end of the picture (EOI), or where a
// segment's length runs past the bytes given.
func FirstAPP1(jpeg []byte) []byte {
	if len(jpeg) < 2 || jpeg[0] != 0xFF || jpeg[1] != 0xD8 {
		return nil
	}
	i := 2
	for i < len(jpeg) {
		if jpeg[i] != 0xFF { // not a marker: libjpeg skips to the next one
			i++
			continue
		}
		for i < len(jpeg) && jpeg[i] == 0xFF {
			i++
		}
		if i >= len(jpeg) {
			return nil
		}
		m := jpeg[i]
		i++
		switch {
		case m == 0xDA || m == 0xD9: // start of scan, end of picture
			return nil
		case m == 0x00 || m == 0x01 || m == 0xD8 || (m >= 0xD0 && m <= 0xD7):
			continue // no length follows
		}
		if i+2 > len(jpeg) {
			return nil
		}
		n := int(jpeg[i])<<8 | int(jpeg[i+1])
		if n < 2 || i+n > len(jpeg) {
			return nil
		}
		if m == 0xE1 {
			return jpeg[i+2 : i+n]
		}
		i += n
	}
	return nil
}

// JPEGOrientation is a JPEG's EXIF orientation as OpenCV reads it (the
// first APP1 segment's, by Orientation), or 0 when it has none.
func JPEGOrientation(jpeg []byte) int {
	app1 := FirstAPP1(jpeg)
	if app1 == nil {
		return 0
	}
	return Orientation(app1)
}
