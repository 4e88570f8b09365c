package ocr

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr/synth"
)

func defaultReader(t testing.TB, alphabet string) Reader {
	t.Helper()
	rd, err := Default(alphabet)
	if err != nil {
		t.Fatalf("Default(%q): %v", alphabet, err)
	}
	return rd
}

// fixture names: LETTER_... .png, "empty..." for no tile.
func fixtureLetter(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), ".png")
	l, _, _ := strings.Cut(base, "_")
	if strings.HasPrefix(l, "empty") {
		return ""
	}
	return l
}

func angleDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 360)
	return math.Min(d, 360-d)
}

// TestReadRealCrops reads tiles cut from the photos held out from training
// (the valid split) and table crops with no tile.
func TestReadRealCrops(t *testing.T) {
	rd := defaultReader(t, English)
	files, _ := filepath.Glob("testdata/real/*.png")
	if len(files) < 10 {
		t.Fatalf("only %d fixtures", len(files))
	}
	imgs := loadPNGs(t, "testdata/real/*.png")
	for i, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want := fixtureLetter(f)
			got, err := rd.Read(imgs[i])
			if err != nil {
				t.Fatal(err)
			}
			if got.Letter != want {
				t.Errorf("read %q (conf %.2f), want %q", got.Letter, got.Conf, want)
			}
			if got.Conf < 0 || got.Conf > 1 || got.Angle < 0 || got.Angle >= 360 {
				t.Errorf("reading out of range: %+v", got)
			}
		})
	}
}

// TestReadSynthetic reads font-drawn crops at known angles (fixtures and
// freshly drawn ones, fixed seeds): most letters right, and on the
// letters that do not look the same turned half way (A, F, G, R, Я...), the
// rotation within 12 degrees.
func TestReadSynthetic(t *testing.T) {
	type sample struct {
		name   string
		img    image.Image
		letter string
		angle  float64
	}
	var samples []sample
	files, _ := filepath.Glob("testdata/synth/*.png")
	imgs := loadPNGs(t, "testdata/synth/*.png")
	for i, f := range files {
		_, a, _ := strings.Cut(strings.TrimSuffix(filepath.Base(f), ".png"), "_")
		angle, _ := strconv.ParseFloat(a, 64)
		samples = append(samples, sample{filepath.Base(f), imgs[i], fixtureLetter(f), angle})
	}
	g, err := synth.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	letters := []string{"A", "F", "G", "R", "K", "P", "Qu", "Y", "Ж", "Я", "Б", "Г", "Ч", "give2", "reverse"}
	for i := 0; i < 60; i++ {
		l := letters[i%len(letters)]
		s := g.Tile(rand.New(rand.NewPCG(2024, uint64(i))), l)
		samples = append(samples, sample{fmt.Sprintf("drawn %d %s", i, l), s.Image, l, s.Angle})
	}
	turnable := map[string]bool{"": true, "skip": true, "reverse": true, "H": true, "I": true, "N": true, "O": true, "S": true, "X": true, "Z": true, "Ж": true}
	right, angled, angleRight := 0, 0, 0
	for _, sm := range samples {
		alphabet := English
		if sm.letter != "" && (sm.letter[0] >= 0x80 || strings.ToLower(sm.letter) == sm.letter) {
			alphabet = Russian
		}
		got, err := defaultReader(t, alphabet).Read(sm.img)
		if err != nil {
			t.Fatal(err)
		}
		if got.Letter != sm.letter {
			t.Logf("%s: read %q (conf %.2f)", sm.name, got.Letter, got.Conf)
			continue
		}
		right++
		if turnable[sm.letter] {
			continue
		}
		angled++
		if angleDiff(got.Angle, sm.angle) <= 12 {
			angleRight++
		} else {
			t.Logf("%s: angle %.1f, want %.0f", sm.name, got.Angle, sm.angle)
		}
	}
	t.Logf("letters %d/%d, angles %d/%d", right, len(samples), angleRight, angled)
	if right < len(samples)*9/10 {
		t.Errorf("only %d of %d letters right", right, len(samples))
	}
	if angleRight < angled*9/10 {
		t.Errorf("only %d of %d angles within 12 degrees", angleRight, angled)
	}
}

func TestReadErrors(t *testing.T) {
	rd := defaultReader(t, English)
	tests := []struct {
		name string
		img  image.Image
	}{
		{"nil", nil},
		{"empty", image.NewRGBA(image.Rect(0, 0, 0, 0))},
		{"zero width", image.NewGray(image.Rect(5, 5, 5, 40))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := rd.Read(tt.img); !errors.Is(err, ErrEmptyImage) {
				t.Errorf("err %v, want ErrEmptyImage", err)
			}
		})
	}
}

// TestReadOddCrops: tiny, thin and uniform crops must not panic and a
// uniform crop holds no tile.
func TestReadOddCrops(t *testing.T) {
	rd := defaultReader(t, English)
	for _, r := range []image.Rectangle{image.Rect(0, 0, 1, 1), image.Rect(0, 0, 1, 50), image.Rect(-3, 7, 40, 9), image.Rect(0, 0, 500, 300)} {
		img := image.NewGray(r)
		for i := range img.Pix {
			img.Pix[i] = 200
		}
		got, err := rd.Read(img)
		if err != nil {
			t.Fatalf("%v: %v", r, err)
		}
		if r.Dx() > 8 && r.Dy() > 8 && got.Letter != "" {
			t.Errorf("%v uniform grey read as %q", r, got.Letter)
		}
	}
}

func TestDefaultAlphabets(t *testing.T) {
	for _, a := range []string{English, Russian, All} {
		if _, err := Default(a); err != nil {
			t.Errorf("Default(%q): %v", a, err)
		}
	}
	if _, err := Default("fi"); !errors.Is(err, ErrAlphabet) {
		t.Errorf("Default(fi): %v, want ErrAlphabet", err)
	}
}

func TestModelRoundTrip(t *testing.T) {
	m, err := LoadModel(English)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	m2, err := DecodeModel(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(m2.W) != len(m.W) || m2.Glyphs[1] != m.Glyphs[1] {
		t.Fatal("round trip changed the model")
	}
	for i := range m.W {
		if m.W[i] != m2.W[i] {
			t.Fatalf("weight %d: %v != %v", i, m.W[i], m2.W[i])
		}
	}
}

func TestCorruptModel(t *testing.T) {
	m, err := LoadModel(English)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	flip := append([]byte(nil), good...)
	flip[len(flip)/2] ^= 0x40
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"bad magic", append([]byte("PK\x03\x04"), good[4:]...)},
		{"flipped byte", flip},
		{"truncated", good[:len(good)-100]},
		{"header only", good[:40]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := DecodeModel(tt.data); !errors.Is(err, ErrBadModel) {
				t.Errorf("err %v, want ErrBadModel", err)
			}
		})
	}
}

func TestHalf(t *testing.T) {
	tests := []struct {
		name string
		in   float32
		want float32
	}{
		{"zero", 0, 0},
		{"one", 1, 1},
		{"minus", -2.5, -2.5},
		{"small", 0.0001, 0.00010001659},
		{"rounds", 1.0004883, 1.0009766},
		{"huge", 1e6, float32(math.Inf(1))},
		{"subnormal", 3e-6, 2.9802322e-06},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fromHalf(toHalf(tt.in))
			if math.Abs(float64(got-tt.want)) > 1e-9*math.Max(1, math.Abs(float64(tt.want))) && got != tt.want {
				t.Errorf("half(%v) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// FuzzDecodeModel: any bytes give a model or ErrBadModel, never a panic.
func FuzzDecodeModel(f *testing.F) {
	m, err := LoadModel(English)
	if err == nil {
		var buf bytes.Buffer
		m.Encode(&buf)
		f.Add(buf.Bytes()[:200])
	}
	f.Add([]byte(modelMagic + "\x05\x00\x00\x00{}xyz1234"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := DecodeModel(data); err != nil && !errors.Is(err, ErrBadModel) {
			t.Fatalf("error %v is not ErrBadModel", err)
		}
	})
}

// TestReadAll: the "all" reader keeps the more confident model's reading.
func TestReadAll(t *testing.T) {
	rd := defaultReader(t, All)
	for _, c := range []struct{ file, want string }{
		{"testdata/real/K_0_9.png", "K"},
		{"testdata/synth/Ж_099.png", "Ж"},
		{"testdata/real/empty_0.png", ""},
	} {
		img := loadPNGs(t, c.file)[0]
		got, err := rd.Read(img)
		if err != nil {
			t.Fatal(err)
		}
		if got.Letter != c.want {
			t.Errorf("%s: read %q (conf %.2f), want %q", c.file, got.Letter, got.Conf, c.want)
		}
	}
}

// FuzzRead: any small image reads without a panic, and the reading is in
// range.
func FuzzRead(f *testing.F) {
	f.Add(uint8(3), uint8(2), []byte{0, 255, 0, 255, 128, 7})
	f.Add(uint8(1), uint8(1), []byte{9})
	f.Add(uint8(20), uint8(1), []byte("a tile that is one pixel high"))
	rd, err := Default(English)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, w, h uint8, pix []byte) {
		if w == 0 || h == 0 || len(pix) == 0 {
			return
		}
		img := image.NewGray(image.Rect(0, 0, int(w)%90+1, int(h)%90+1))
		for i := range img.Pix {
			img.Pix[i] = pix[i%len(pix)]
		}
		got, err := rd.Read(img)
		if err != nil {
			t.Fatal(err)
		}
		if got.Conf < 0 || got.Conf > 1.0001 || got.Angle < 0 || got.Angle >= 360 || math.IsNaN(got.Conf) {
			t.Fatalf("reading out of range: %+v", got)
		}
	})
}

// TestConcurrentReads: readers share the model and scratch pools; readings
// in parallel equal the sequential ones.
func TestConcurrentReads(t *testing.T) {
	rd := defaultReader(t, English)
	imgs := loadPNGs(t, "testdata/real/*.png")
	want := make([]Reading, len(imgs))
	for i, img := range imgs {
		want[i], _ = rd.Read(img)
	}
	errs := make(chan string, 4*len(imgs))
	done := make(chan struct{})
	for w := 0; w < 4; w++ {
		go func(w int) {
			defer func() { done <- struct{}{} }()
			for k := range imgs {
				i := (k + w*5) % len(imgs)
				got, err := rd.Read(imgs[i])
				if err != nil || got != want[i] {
					errs <- fmt.Sprintf("crop %d: %+v, %v; want %+v", i, got, err, want[i])
				}
			}
		}(w)
	}
	for w := 0; w < 4; w++ {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
