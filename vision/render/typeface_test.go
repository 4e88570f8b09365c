package render

import (
	"bytes"
	"testing"
)

// TestTypefaceOption: Options.Typeface draws the letters in the named
// typeface and leaves every other choice of the seed as it was; an
// unknown name is the seed's own choice.
func TestTypefaceOption(t *testing.T) {
	o, _ := RandomOptions(21, "easy")
	o.Width, o.Height = 820, 616
	draw := func(tf string) *Scene {
		t.Helper()
		oo := o
		oo.Typeface = tf
		sc, err := Render("upwords", []byte(sampleBoard), oo)
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	seed := draw("")
	unknown := draw("no such typeface")
	if !bytes.Equal(seed.JPEG, unknown.JPEG) {
		t.Error("an unknown typeface name changed the picture")
	}
	all := Typefaces()
	if len(all) < 2 {
		t.Skip("one typeface only")
	}
	differ := 0
	for _, tf := range all[:2] {
		sc := draw(tf.Name)
		ja, _ := seed.Truth.MarshalIndent()
		jb, _ := sc.Truth.MarshalIndent()
		if !bytes.Equal(ja, jb) {
			t.Errorf("typeface %s changed the truth", tf.Name)
		}
		if !bytes.Equal(seed.JPEG, sc.JPEG) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("two typefaces drew the same picture as the seed's")
	}
}
