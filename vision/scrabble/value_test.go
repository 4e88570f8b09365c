package scrabble

import (
	"image"
	"path/filepath"
	"testing"
)

// TestClearValue paints synthetic 64-pixel upright crops: a face of grey
// 225, dark boxes for a letter and the marks beside it, each with a grey
// halo as a photo's ink has; it checks which marks clearValue paints out
// (their ink and their halo lighter than the ink) and which it leaves.
func TestClearValue(t *testing.T) {
	const s = 64
	type box struct{ x0, y0, x1, y1 int }
	var (
		stem      = box{28, 14, 33, 50} // an I
		highValue = box{36, 35, 39, 47} // its 1, its top above the crop's value corner (0.6)
		lowValue  = box{40, 42, 44, 52} // a value in the crop's corner
		footGap   = box{33, 46, 42, 50} // an L's foot the whitening broke off its stem (light gap)
		bigJaw    = box{34, 32, 44, 50} // a G's jaw: more ink than a value, beside its arc
		arc       = box{14, 14, 30, 50}
		lowBar    = box{24, 46, 40, 50} // an E's bottom bar broken off, starting left of the stem's side
		speck     = box{35, 45, 37, 48} // a blurred digit's dot (or a faint foot's end) beside an I
	)
	type mark struct {
		b     box
		joint bool // joined to the letter by light grey (a stroke broken by the whitening)
	}
	for _, tc := range []struct {
		name   string
		letter box
		marks  []mark
		dark   []box // boxes whose middle must stay dark
		light  []box // boxes whose middle and halo must be painted out
	}{
		{"value in the crop's corner", stem, []mark{{lowValue, false}}, []box{stem}, []box{lowValue}},
		{"value above the crop's corner, beside its letter", stem, []mark{{highValue, false}}, []box{stem}, []box{highValue}},
		{"a letter's foot broken off", stem, []mark{{footGap, true}}, []box{stem, footGap}, nil},
		{"a jaw with more ink than a value", arc, []mark{{bigJaw, false}}, []box{arc, bigJaw}, nil},
		{"a bar starting left of the letter's side", box{24, 14, 29, 44}, []mark{{lowBar, false}}, []box{{24, 14, 29, 44}, lowBar}, nil},
		{"a speck beside the letter's foot", stem, []mark{{speck, false}}, []box{stem, speck}, nil},
		{"no letter", box{}, nil, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := image.NewRGBA(image.Rect(0, 0, s, s))
			for i := range m.Pix {
				m.Pix[i] = 225
			}
			paint := func(b box, grey uint8) {
				for y := max(b.y0, 0); y < min(b.y1, s); y++ {
					for x := max(b.x0, 0); x < min(b.x1, s); x++ {
						o := y*m.Stride + 4*x
						m.Pix[o], m.Pix[o+1], m.Pix[o+2] = grey, grey, grey
					}
				}
			}
			grow := func(b box, d int) box { return box{b.x0 - d, b.y0 - d, b.x1 + d, b.y1 + d} }
			// each box's halo first (grey 160: lighter than ink), then
			// its ink; a joint mark's halo touches the letter's
			boxes := []box{}
			if tc.letter != (box{}) {
				boxes = append(boxes, tc.letter)
			}
			for _, mk := range tc.marks {
				boxes = append(boxes, mk.b)
			}
			for _, b := range boxes {
				paint(grow(b, 1), 160)
			}
			for _, mk := range tc.marks {
				if mk.joint {
					paint(box{tc.letter.x1, mk.b.y0, mk.b.x0, mk.b.y1}, 160)
				}
			}
			for _, b := range boxes {
				paint(b, 20)
			}
			got := clearValue(m)
			at := func(x, y int) uint8 { return got.Pix[y*got.Stride+4*x] }
			for _, b := range tc.dark {
				if at((b.x0+b.x1)/2, (b.y0+b.y1)/2) >= inkLevel {
					t.Errorf("box %v painted out, want it kept", b)
				}
			}
			for _, b := range tc.light {
				if v := at((b.x0+b.x1)/2, (b.y0+b.y1)/2); v < 200 {
					t.Errorf("box %v left at grey %d, want it painted out", b, v)
				}
				if v := at(b.x1, (b.y0+b.y1)/2); v < 200 {
					t.Errorf("the halo right of box %v left at grey %d, want it painted out", b, v)
				}
			}
			if len(tc.marks) == 0 && tc.letter == (box{}) {
				for i := range m.Pix {
					if got.Pix[i] != m.Pix[i] {
						t.Fatal("a crop with no ink changed")
					}
				}
			}
		})
	}
}

// TestValueNumberNotALetter: tiles of the committed 2014 photos whose
// value number stands close beside the letter, above the crop's value
// corner or with a grey halo round it (an I and its 1, a P and its 3),
// are read right and sure; with the value number left in (dropValue)
// they were read unsure (0.54 and 0.73).
func TestValueNumberNotALetter(t *testing.T) {
	rd := reader(t)
	for _, tc := range []struct {
		name     string
		photo    string
		row, col int
		letter   string
	}{
		{"P and its 3, 164052", "IMG_20141025_164052", 6, 11, "P"},
		{"I and its 1, 164052 at 1640x1232", "IMG_20141025_164052_1640x1232", 7, 5, "I"},
		// the first read, its 3 left in, names another letter: the
		// value read says P (TestReadValue; 0.60 without it)
		{"P and its 3, 164052 at 1640x1232", "IMG_20141025_164052_1640x1232", 6, 11, "P"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Scan(loadImage(t, filepath.Join("testdata/photos", tc.photo+".jpg")), Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			cell := r.Cells[tc.row][tc.col]
			if cell == nil || cell.Letter != tc.letter || cell.Conf < unsureConf {
				t.Errorf("square %d,%d: %+v, want %s read sure (conf %.1f or more)", tc.row, tc.col, cell, tc.letter, unsureConf)
			}
		})
	}
}
