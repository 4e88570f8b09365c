package loose

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGlyphSeededPhotos: ban-seg valid photos as taken (held out by
// loosephase, scored there: these two changed), where tiles touching at
// an angle were cut across by the watershed grown from the distance
// transform's peaks (an N read U from a piece over two tiles). Grown from
// the letters, the pieces hold one tile each: every A-Z tile read right,
// none sure and wrong. Without the seeds (LOOSE_NO_GLYPHSEEDS=1) each
// reads one tile fewer.
func TestGlyphSeededPhotos(t *testing.T) {
	if os.Getenv("LOOSE_NO_GLYPHSEEDS") != "" {
		glyphSeeded = false
		defer func() { glyphSeeded = true }()
	}
	rd := realPhotoReader(t)
	dir := filepath.Join(photosDir(t), "bananagrams-fi", "valid")
	names := augmentNames(t, filepath.Join(photosDir(t), "bananagrams-fi"))
	for _, tc := range []struct {
		name, photo string
		want        int // read right at least
	}{
		{"14 tiles, an N beside its neighbour", "1770633538168_jpg.rf.d392fba3b906c9b8b54b531ad6609ad0", 13},
		{"22 tiles, a D beside its neighbour", "1770647431741_jpg.rf.8dfa678f1468b9250a2de340838b0ffb", 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, truth := realPhoto(t, filepath.Join(dir, "images", tc.photo+".jpg"), filepath.Join(dir, "labels", tc.photo+".txt"), names)
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreCentres(r.Tiles, truth, strings.EqualFold)
			t.Logf("%d labelled, %d found, %d of %d A-Z read right, %d sure and wrong", s.Truth, s.Found, s.AZRight, s.AZ, s.WrongSure)
			if s.AZRight < tc.want || s.WrongSure > 0 {
				t.Errorf("%d read right, %d sure and wrong; want %d at least, none", s.AZRight, s.WrongSure, tc.want)
			}
		})
	}
}

// TestGlyphSeeds: the watershed's markers. A peak within half
// a side of a letter on the face is dropped and the letter's disc
// takes its place; a peak far from every letter stays (a tile whose
// letter was not found); a letter off the face marks nothing.
func TestGlyphSeeds(t *testing.T) {
	const w, h, side = 60, 30, 20.0
	face := make([]byte, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < 50; x++ {
			face[y*w+x] = 255
		}
	}
	for _, tc := range []struct {
		name      string
		peaks     []image.Point // peak i has label i+1
		letters   []blob
		wantN     int
		wantPeaks []bool // each peak still marked
		wantDisc  []bool // each letter's centre marked with a new label
	}{
		{"a peak beside a letter gives way to it", []image.Point{{10, 12}}, []blob{{x: 13, y: 15, size: 8}}, 3, []bool{false}, []bool{true}},
		{"a peak far from every letter stays", []image.Point{{40, 15}}, []blob{{x: 10, y: 15, size: 8}}, 3, []bool{true}, []bool{true}},
		{"two tiles, two letters, one peak between them", []image.Point{{20, 15}}, []blob{{x: 12, y: 15, size: 8}, {x: 28, y: 15, size: 8}}, 4, []bool{false}, []bool{true, true}},
		{"a letter off the face marks nothing", []image.Point{{10, 15}}, []blob{{x: 55, y: 15, size: 8}}, 2, []bool{true}, []bool{false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mk := make([]int32, w*h)
			for i, p := range tc.peaks {
				mk[p.Y*w+p.X] = int32(i + 1)
			}
			n := glyphSeeds(mk, len(tc.peaks)+1, face, w, h, side, tc.letters)
			if n != tc.wantN {
				t.Errorf("labels %d, want %d", n, tc.wantN)
			}
			for i, p := range tc.peaks {
				if got := mk[p.Y*w+p.X] == int32(i+1); got != tc.wantPeaks[i] {
					t.Errorf("peak %d marked %v, want %v", i, got, tc.wantPeaks[i])
				}
			}
			for i, l := range tc.letters {
				got := false
				if x, y := int(l.x), int(l.y); x < w && y < h {
					got = mk[y*w+x] > int32(len(tc.peaks))
				}
				if got != tc.wantDisc[i] {
					t.Errorf("letter %d marked %v, want %v", i, got, tc.wantDisc[i])
				}
			}
		})
	}
}
