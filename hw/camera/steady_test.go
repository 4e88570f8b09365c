package camera

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// listSource plays a fixed list of frames, then io.EOF.
type listSource struct{ frames []Frame }

func (l *listSource) Next(ctx context.Context) (Frame, error) {
	if len(l.frames) == 0 {
		return Frame{}, io.EOF
	}
	f := l.frames[0]
	l.frames = l.frames[1:]
	return f, nil
}
func (l *listSource) Close() error { return nil }

// scene draws a 320x240 table photo: a board, tiles at the given squares,
// optionally a hand (a large blob) and sensor noise.
func scene(t *testing.T, tiles []image.Point, hand bool, noise int, seed uint64) []byte {
	return sceneGlyph(t, tiles, hand, false, noise, seed)
}

// sceneGlyph can add a small dark mark (a letter's stroke changing when a
// tile is stacked) that straddles the corners of the comparison blocks.
func sceneGlyph(t *testing.T, tiles []image.Point, hand, glyph bool, noise int, seed uint64) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 320, 240))
	rng := rand.New(rand.NewPCG(seed, 1))
	for y := 0; y < 240; y++ {
		for x := 0; x < 320; x++ {
			v := 150
			if x >= 80 && x < 240 && y >= 40 && y < 200 {
				v = 60 // the board
			}
			for _, p := range tiles {
				if x >= 80+p.X*16+2 && x < 80+p.X*16+14 && y >= 40+p.Y*16+2 && y < 40+p.Y*16+14 {
					v = 220
				}
			}
			if glyph && x >= 169 && x < 172 && y >= 109 && y < 112 {
				v = 40
			}
			if hand && (x-200)*(x-200)+(y-150)*(y-150) < 60*60 {
				v = 180
			}
			if noise > 0 {
				v += rng.IntN(2*noise+1) - noise
			}
			img.Set(x, y, color.RGBA{uint8(v), uint8(v), uint8(v), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestSteady(t *testing.T) {
	one := []image.Point{{4, 4}}
	two := []image.Point{{4, 4}, {5, 4}}
	frames := []struct {
		name string
		jpeg []byte
	}{
		{"empty-1", scene(t, nil, false, 2, 1)},
		{"empty-2", scene(t, nil, false, 2, 2)},
		{"empty-3", scene(t, nil, false, 2, 3)}, // still 3 frames: passed on
		{"empty-4", scene(t, nil, false, 2, 4)}, // nothing new
		{"hand-1", scene(t, one, true, 2, 5)},
		{"one-1", scene(t, one, false, 2, 6)},
		{"one-2", scene(t, one, false, 2, 7)},
		{"hand-2", scene(t, two, true, 2, 8)}, // the hand came back: not still
		{"two-1", scene(t, two, false, 2, 9)},
		{"two-2", scene(t, two, false, 2, 10)},
		{"two-3", scene(t, two, false, 2, 11)}, // passed on
		{"two-4", scene(t, two, false, 2, 12)},
		{"broken", []byte("not a jpeg")}, // skipped and logged
		{"hand-3", scene(t, two, true, 2, 13)},
		{"two-5", scene(t, two, false, 2, 14)},
		{"two-6", scene(t, two, false, 2, 15)},
		{"two-7", scene(t, two, false, 2, 16)}, // still, but the same board as two-3
		{"hand-4", sceneGlyph(t, two, true, true, 2, 17)},
		{"stacked-1", sceneGlyph(t, two, false, true, 2, 18)},
		{"stacked-2", sceneGlyph(t, two, false, true, 2, 19)},
		{"stacked-3", sceneGlyph(t, two, false, true, 2, 20)}, // a small change: passed on
	}
	src := &listSource{}
	for _, f := range frames {
		src.frames = append(src.frames, Frame{JPEG: f.jpeg, Name: f.name})
	}
	var log logBuffer
	s := Steady(src, SteadyOptions{Logf: log.Printf})
	var got []string
	for {
		f, err := s.Next(context.Background())
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, f.Name)
	}
	if g, want := strings.Join(got, " "), "empty-3 two-3 stacked-3"; g != want {
		t.Errorf("passed on %q, want %q", g, want)
	}
	if l := log.Lines(); len(l) != 1 || !strings.Contains(l[0], "broken") {
		t.Errorf("log %q, want the broken frame named", l)
	}
}

// TestSteadyDemo runs the detector over the real demo game: it must pass
// on every turn's still board exactly once, in order, and never a photo
// with a hand over the board.
func TestSteadyDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 58 camera-sized photos")
	}
	d, err := NewDemo(Options{FramePeriod: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	s := Steady(d, SteadyOptions{})
	defer s.Close()
	for turn := 0; turn <= d.Turns(); turn++ {
		f, err := s.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("demo turn %d", turn); f.Name != want {
			t.Fatalf("passed on %q, want %q", f.Name, want)
		}
	}
	// After the last turn the board stays: nothing more is passed on.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if f, err := s.Next(ctx); err == nil {
		t.Errorf("passed on %q after the game ended", f.Name)
	}
}

// BenchmarkSteadyFrame is the detector's cost per camera frame (1640x1232
// JPEG: decode, shrink, compare): it bounds the frame rate a Pi can watch.
func BenchmarkSteadyFrame(b *testing.B) {
	still, err := demoFS.ReadFile("demodata/frames/turn-05.jpg")
	if err != nil {
		b.Fatal(err)
	}
	src := &repeatSource{f: Frame{JPEG: still, Name: "turn 5"}}
	s := Steady(src, SteadyOptions{Frames: 1 << 30}).(*steady)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	src.limit = b.N
	b.ResetTimer()
	s.Next(ctx) // consumes b.N frames, never passes one on
}

// repeatSource gives the same frame limit times, then io.EOF.
type repeatSource struct {
	f     Frame
	limit int
}

func (r *repeatSource) Next(ctx context.Context) (Frame, error) {
	if r.limit <= 0 {
		return Frame{}, io.EOF
	}
	r.limit--
	return r.f, nil
}
func (r *repeatSource) Close() error { return nil }
