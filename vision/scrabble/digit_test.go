package scrabble

import (
	"image"
	"image/color"
	"image/draw"
	"path/filepath"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// valueCrop paints a 64-pixel upright whitened crop as a tile's: a face
// of grey 225, a letter (a dark box, its stem) and, at its lower right,
// the value number text in the typeface ttf, its digits px pixels tall
// (none for ""), and the extra boxes (dark ink) given.
func valueCrop(t *testing.T, ttf []byte, text string, px float64, extra ...image.Rectangle) *image.RGBA {
	t.Helper()
	const s = 64
	m := image.NewRGBA(image.Rect(0, 0, s, s))
	draw.Draw(m, m.Bounds(), image.NewUniform(color.Gray{225}), image.Point{}, draw.Src)
	ink := image.NewUniform(color.Gray{20})
	draw.Draw(m, image.Rect(22, 14, 30, 48), ink, image.Point{}, draw.Src)
	for _, r := range extra {
		draw.Draw(m, r, ink, image.Point{}, draw.Src)
	}
	if text == "" {
		return m
	}
	f, err := opentype.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	// the size at which a digit's ink is px tall: a digit stands about
	// 0.72 of the em
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px / 0.72, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	d := font.Drawer{Dst: m, Src: ink, Face: face, Dot: fixed.P(34, 50)}
	d.DrawString(text)
	return m
}

// TestReadValue reads the value number of synthetic tiles: digits drawn
// in Go's typefaces (which the digit model was not trained on) beside a
// letter's foot are read; a crop with no value, a speck, or a value
// joined to its letter reads nothing.
func TestReadValue(t *testing.T) {
	for _, tc := range []struct {
		name  string
		ttf   []byte
		text  string
		px    float64
		extra []image.Rectangle
		want  int
		ok    bool
	}{
		{"a P's 3, bold", gobold.TTF, "3", 12, nil, 3, true},
		{"a V's 4, bold", gobold.TTF, "4", 12, nil, 4, true},
		{"an E's 1, regular", goregular.TTF, "1", 12, nil, 1, true},
		{"a G's 2, regular", goregular.TTF, "2", 12, nil, 2, true},
		{"a J's 8, bold", gobold.TTF, "8", 11, nil, 8, true},
		{"a K's 5, bold", gobold.TTF, "5", 12, nil, 5, true},
		{"a Q's 10, bold", gobold.TTF, "10", 11, nil, 10, true},
		{"no value", gobold.TTF, "", 0, nil, 0, false},
		{"a speck beside the foot", gobold.TTF, "", 0, []image.Rectangle{image.Rect(38, 44, 40, 46)}, 0, false},
		{"a value joined to its letter", gobold.TTF, "3", 12, []image.Rectangle{image.Rect(30, 44, 36, 46)}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := readValue(valueCrop(t, tc.ttf, tc.text, tc.px, tc.extra...))
			if ok != tc.ok || (ok && v != tc.want) {
				t.Errorf("read %d (read %v), want %d (read %v)", v, ok, tc.want, tc.ok)
			}
		})
	}
}

// TestReadValueReal reads the value numbers of the committed real crops
// (ocr/testdata/scrabble: squares of the 2014 photos as the scan cuts
// them), whitened: a value read is the letter's, and the clear ones are
// read.
func TestReadValueReal(t *testing.T) {
	for _, tc := range []struct {
		file string
		want int
		read bool // the value must be read (a clear one); else it may be left unread
	}{
		{"P_IMG_20141025_164052_r06c11_0tight.png", 3, true},
		{"V_IMG_20141025_164052_r11c04_0tight.png", 4, true},
		{"I_IMG_20141025_164052_r07c05_0tight.png", 1, false},
		{"R_IMG_20141025_164052_r07c04_0tight.png", 1, false},
		{"N_IMG_20141025_164052_r07c13_0tight.png", 1, false},
		{"E_IMG_20141025_164052_r07c06_0tight.png", 1, false},
		{"D_IMG_20141025_164052_r12c04_0tight.png", 2, false},
		{"H_IMG_20141025_164052_r11c13_0tight.png", 4, false},
		{"A_IMG_20141025_164052_r07c07_0tight.png", 1, false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			img := loadImage(t, filepath.Join("../../ocr/testdata/scrabble", tc.file))
			rgba := image.NewRGBA(img.Bounds())
			draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
			v, ok := readValue(whiten(rgba))
			if ok && v != tc.want {
				t.Errorf("value read %d, want %d or none", v, tc.want)
			}
			if tc.read && !ok {
				t.Errorf("value not read, want %d", tc.want)
			}
		})
	}
}

// TestValueSays: a value read sure settles only the pairs of letters it
// tells apart (their English values differ); a value neither or both
// have, one not read, or a pair the value does not settle says nothing.
func TestValueSays(t *testing.T) {
	for _, tc := range []struct {
		name          string
		value         int
		ok            bool
		letter, rival string
		want          int
	}{
		{"P's 3 against R", 3, true, "P", "R", 1},
		{"R's 1 against P", 1, true, "P", "R", -1},
		{"V's 4 against M", 4, true, "V", "M", 1},
		{"M's 3 against V", 3, true, "V", "M", -1},
		{"K's 5 against V", 5, true, "K", "V", 1},
		{"Q's 10 against O", 10, true, "Q", "O", 1},
		{"J's 8 against I", 8, true, "I", "J", -1},
		{"G's 2 against C", 2, true, "G", "C", 1},
		{"F's 4 against E", 4, true, "E", "F", -1},
		{"N's 1 against M", 1, true, "N", "M", 1},
		{"I and L both 1", 1, true, "I", "L", 0},
		{"a value neither has", 7, true, "P", "R", 0},
		{"a value not read", 3, false, "P", "R", 0},
		{"D's 2 against O", 2, true, "D", "O", 1},
		{"two letters of the same value", 1, true, "T", "S", 0},
		{"no letter", 1, true, "", "S", 0},
		{"no English letter", 1, true, "Qu", "O", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := valueSays(tc.value, tc.ok, tc.letter, tc.rival); got != tc.want {
				t.Errorf("valueSays(%d, %v, %s, %s) = %d, want %d", tc.value, tc.ok, tc.letter, tc.rival, got, tc.want)
			}
		})
	}
}

// TestDoubtConf: a letter two reads disagree on stays as read where its
// value names it, is not sure otherwise, and is trusted less where the
// value names the other letter.
func TestDoubtConf(t *testing.T) {
	for _, tc := range []struct {
		name string
		conf float64
		says int
		sure bool
	}{
		{"the value names it", 0.98, 1, true},
		{"the value says nothing", 0.98, 0, false},
		{"the value names the other", 0.98, -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := doubtConf(tc.conf, tc.says)
			if (got >= unsureConf) != tc.sure || got > tc.conf {
				t.Errorf("doubtConf(%.2f, %d) = %.2f, want sure %v and no more than read", tc.conf, tc.says, got, tc.sure)
			}
			if tc.says < 0 && got >= doubtConf(tc.conf, 0) {
				t.Errorf("a value naming the other letter left %.2f, want less than when it says nothing (%.2f)", got, doubtConf(tc.conf, 0))
			}
		})
	}
}
