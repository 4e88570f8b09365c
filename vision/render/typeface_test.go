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

// TestTypefaceOf: TypefaceOf names the typeface the scene's world
// draws its letters in, by seed and by name, and the seeds draw more
// than one.
func TestTypefaceOf(t *testing.T) {
	more := MoreTypefaces()
	cases := []struct {
		name string
		opt  Options
		want string // "" for the world's own choice only
	}{
		{"seed 1", Options{Seed: 1}, ""},
		{"seed 21", Options{Seed: 21}, ""},
		{"seed 9693000003", Options{Seed: 9693000003}, ""},
		{"named from Typefaces", Options{Seed: 5, Typeface: Typefaces()[0].Name}, Typefaces()[0].Name},
		{"unknown name", Options{Seed: 7, Typeface: "no such typeface"}, ""},
	}
	if len(more) > 0 {
		cases = append(cases, struct {
			name string
			opt  Options
			want string
		}{"named from MoreTypefaces", Options{Seed: 5, Typeface: more[0].Name}, more[0].Name})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := TypefaceOf(tc.opt).Name
			if w := newWorld(tc.opt).font.Name; got != w {
				t.Errorf("TypefaceOf %s, the world draws %s", got, w)
			}
			if tc.want != "" && got != tc.want {
				t.Errorf("TypefaceOf %s, want %s", got, tc.want)
			}
		})
	}
	seen := map[string]bool{}
	for s := int64(0); s < 40; s++ {
		seen[TypefaceOf(Options{Seed: s}).Name] = true
	}
	if len(seen) < 2 {
		t.Errorf("40 seeds drew %d typeface(s)", len(seen))
	}
}
