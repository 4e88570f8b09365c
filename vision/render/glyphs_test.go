package render

import (
	"image"
	"image/color"
	"runtime"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// TestFlatFaceDrawsAsOpentype: the letters drawn through flatFace are
// those opentype's face draws, byte for byte, in every typeface from 7 to
// 300 pixels, at a dot off the pixel grid; so cutting the curves here
// changed no picture. On amd64 only: there x/image/vector's float32
// arithmetic is not fused; on arm64 it is, which is why flatFace exists
// (there TestProbeMatchesVersion shows flatFace's letters are amd64's).
func TestFlatFaceDrawsAsOpentype(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skipf("x/image/vector fuses multiply-adds on %s: its letters differ from amd64's there", runtime.GOARCH)
	}
	const text = "QRSWagy@&8ЯДОМ!2"
	for _, tf := range Typefaces() {
		for _, size := range []float64{7, 12, 40, 120, 300} {
			face, err := opentype.NewFace(tf.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
			if err != nil {
				t.Fatal(err)
			}
			want := image.NewRGBA(image.Rect(0, 0, 3000, 400))
			got := image.NewRGBA(want.Rect)
			dot := fixed.Point26_6{X: 10*64 + 17, Y: 330*64 + 5}
			(&font.Drawer{Dst: want, Src: image.NewUniform(color.White), Face: face, Dot: dot}).DrawString(text)
			(&font.Drawer{Dst: got, Src: image.NewUniform(color.White), Face: newFlatFace(face, tf.font, size), Dot: dot}).DrawString(text)
			ink, diff := 0, 0
			for i := range want.Pix {
				if want.Pix[i] != 0 {
					ink++
				}
				if want.Pix[i] != got.Pix[i] {
					diff++
				}
			}
			if ink == 0 || diff != 0 {
				t.Errorf("%s at %g px: %d of %d bytes of ink differ", tf.Name, size, diff, ink)
			}
			face.Close()
		}
	}
}
