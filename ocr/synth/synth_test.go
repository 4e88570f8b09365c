package synth

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestTileDeterministic(t *testing.T) {
	g, err := NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	for _, glyph := range []string{"A", "Qu", "Ж", "skip", "reverse", "give2", ""} {
		t.Run(glyph, func(t *testing.T) {
			a := g.Tile(rand.New(rand.NewPCG(7, 8)), glyph)
			b := g.Tile(rand.New(rand.NewPCG(7, 8)), glyph)
			if !bytes.Equal(a.Image.Pix, b.Image.Pix) || a.Angle != b.Angle {
				t.Fatal("same seed, different sample")
			}
			if a.Glyph != glyph || a.Angle < 0 || a.Angle >= 360 {
				t.Errorf("sample %q angle %v", a.Glyph, a.Angle)
			}
			bd := a.Image.Bounds()
			if bd.Dx() < 12 || bd.Dy() < 12 {
				t.Errorf("crop %v too small", bd)
			}
		})
	}
}

func TestMasks(t *testing.T) {
	g, err := NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"skip", "reverse"} {
		m := IconMask(name, 64)
		if m == nil || m.Bounds().Dx() < 30 {
			t.Errorf("icon %s: %v", name, m)
		}
	}
	if IconMask("juggle", 64) != nil {
		t.Error("unknown icon drawn")
	}
	// The Go fonts are always there and cover Latin and Cyrillic.
	if len(g.Fonts) < 4 {
		t.Fatalf("%d fonts", len(g.Fonts))
	}
	for _, s := range []string{"W", "Щ", "+3"} {
		if m := g.Fonts[0].Mask(s); m == nil || m.Bounds().Dy() < 20 {
			t.Errorf("mask %q: %v", s, m)
		}
	}
}
