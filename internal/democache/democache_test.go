package democache

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
)

func sample(seed byte) *game.Demo {
	return &game.Demo{
		Options: game.Options{"colours": "blue,red"},
		Photos: []game.DemoPhoto{
			{Still: []byte{0xff, 0xd8, seed}, Note: "the empty board"},
			{Still: []byte{0xff, 0xd8, seed, 1}, Placing: [][]byte{{0xff, seed, 2}, {0xff, seed, 3}}, Note: "blue plays HOLD", Word: "HOLD"},
		},
	}
}

// counter is a renderer that counts its calls.
type counter struct {
	n    int
	demo *game.Demo
	err  error
}

func (c *counter) render() (*game.Demo, error) { c.n++; return c.demo, c.err }

func quiet(string, ...any) {}

func TestRoundTrip(t *testing.T) {
	c := Cache{Dir: filepath.Join(t.TempDir(), "cache")} // made on first store
	if _, err := c.Load("pyramids", "k1"); !errors.Is(err, ErrMiss) {
		t.Fatalf("Load before any Store: %v, want ErrMiss", err)
	}
	want := sample(7)
	if err := c.Store("pyramids", "k1", want); err != nil {
		t.Fatal(err)
	}
	got, err := c.Load("pyramids", "k1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Load = %+v, want %+v", got, want)
	}
	for _, other := range [][2]string{{"pyramids", "k2"}, {"twists", "k1"}} {
		if _, err := c.Load(other[0], other[1]); !errors.Is(err, ErrMiss) {
			t.Errorf("Load(%s, %s): %v, want ErrMiss (another key is another entry)", other[0], other[1], err)
		}
	}
	// Nothing but the entry is left behind (the temporary file is renamed).
	files, err := os.ReadDir(c.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Name() != filepath.Base(c.Path("pyramids", "k1")) {
		t.Errorf("cache folder holds %v, want only the entry", files)
	}
}

func TestGetDrawsOnceThenReads(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	r := &counter{demo: sample(1)}
	for i, wantCached := range []bool{false, true, true} {
		d, cached, err := c.Get("scrabble", "k", r.render, quiet)
		if err != nil {
			t.Fatal(err)
		}
		if cached != wantCached || !reflect.DeepEqual(d, r.demo) {
			t.Errorf("Get #%d: cached %v (want %v), same demo %v", i+1, cached, wantCached, reflect.DeepEqual(d, r.demo))
		}
	}
	if r.n != 1 {
		t.Errorf("drawn %d times, want once", r.n)
	}
	// A drawing that fails is not kept.
	bad := &counter{err: errors.New("no fonts")}
	if _, _, err := c.Get("lexicon", "k", bad.render, quiet); err == nil || bad.n != 1 {
		t.Errorf("Get with a failing renderer: %v after %d calls", err, bad.n)
	}
	if _, err := c.Load("lexicon", "k"); !errors.Is(err, ErrMiss) {
		t.Errorf("after a failed drawing Load = %v, want ErrMiss", err)
	}
}

// TestCorruptEntryIsDrawnAgain damages a stored entry in each way a file
// can be damaged: Load refuses it and Get draws the photos again over it.
func TestCorruptEntryIsDrawnAgain(t *testing.T) {
	cases := []struct {
		name   string
		damage func(data []byte) []byte
	}{
		{"cut short", func(d []byte) []byte { return d[:len(d)/2] }},
		{"cut in the header", func(d []byte) []byte { return d[:10] }},
		{"empty", func(d []byte) []byte { return nil }},
		{"a byte changed", func(d []byte) []byte { d[len(d)-5] ^= 0x40; return d }},
		{"checksum changed", func(d []byte) []byte { d[len(magic)] ^= 1; return d }},
		{"not ours", func(d []byte) []byte { return []byte("GIF89a...") }},
		{"another entry's file", func(d []byte) []byte {
			other := Cache{Dir: t.TempDir()}
			if err := other.Store("pyramids", "another key", sample(9)); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(other.Path("pyramids", "another key"))
			if err != nil {
				t.Fatal(err)
			}
			return data
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := Cache{Dir: t.TempDir()}
			if err := c.Store("pyramids", "k", sample(3)); err != nil {
				t.Fatal(err)
			}
			path := c.Path("pyramids", "k")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, tc.damage(data), 0o644); err != nil {
				t.Fatal(err)
			}
			if d, err := c.Load("pyramids", "k"); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Load of a damaged entry = %v, %v; want ErrCorrupt", d, err)
			}
			var logged []string
			logf := func(f string, a ...any) { logged = append(logged, f) }
			r := &counter{demo: sample(4)}
			d, cached, err := c.Get("pyramids", "k", r.render, logf)
			if err != nil || cached || r.n != 1 || !reflect.DeepEqual(d, r.demo) {
				t.Fatalf("Get over a damaged entry: cached %v, drawn %d times, err %v", cached, r.n, err)
			}
			if len(logged) == 0 {
				t.Error("the damaged entry was not logged")
			}
			// Drawn again and kept: the next Load has the new photos.
			if got, err := c.Load("pyramids", "k"); err != nil || !reflect.DeepEqual(got, r.demo) {
				t.Errorf("Load after the repair: %v", err)
			}
		})
	}
}

func TestStoreRefusesMissingPhotos(t *testing.T) {
	c := Cache{Dir: t.TempDir()}
	for name, d := range map[string]*game.Demo{
		"no photos":        {},
		"an empty still":   {Photos: []game.DemoPhoto{{Still: nil}}},
		"an empty placing": {Photos: []game.DemoPhoto{{Still: []byte{1}}, {Still: []byte{2}, Placing: [][]byte{nil}}}},
	} {
		if err := c.Store("twists", "k", d); err == nil {
			t.Errorf("Store(%s) = nil, want an error", name)
		}
	}
	if files, _ := os.ReadDir(c.Dir); len(files) != 0 {
		t.Errorf("refused stores left %v", files)
	}
}

// BenchmarkLoad is a second start's cost for the demo's photos.
func BenchmarkLoad(b *testing.B) {
	c := Cache{Dir: b.TempDir()}
	d := sample(1)
	for i := range d.Photos {
		d.Photos[i].Still = make([]byte, 400<<10) // a rendered JPEG's size
	}
	if err := c.Store("scrabble", "k", d); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := c.Load("scrabble", "k"); err != nil {
			b.Fatal(err)
		}
	}
}
