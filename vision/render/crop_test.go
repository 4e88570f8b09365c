package render

import (
	"bytes"
	"errors"
	"math"
	"testing"
)

func TestTileCrop(t *testing.T) {
	cases := []struct {
		name   string
		o      CropOptions
		letter string
	}{
		{"upwords", CropOptions{Letter: "A", Seed: 1}, "A"},
		{"upwords Qu stacked", CropOptions{Letter: "Qu", Height: 3, Seed: 2, Difficulty: "hard"}, "Qu"},
		{"upwords empty square", CropOptions{Letter: "", Seed: 3}, ""},
		{"lexicon", CropOptions{Game: "lexicon", Letter: "K", Seed: 4, Size: 96}, "K"},
		{"twists cyrillic", CropOptions{Game: "twists", Letter: "Ж", Seed: 5}, "Ж"},
		{"twists action", CropOptions{Game: "twists", Letter: "give3", Seed: 6}, "give3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img, tile, err := TileCrop(tc.o)
			if err != nil {
				t.Fatal(err)
			}
			size := tc.o.Size
			if size == 0 {
				size = 64
			}
			if img.Bounds().Dx() != size || img.Bounds().Dy() != size {
				t.Fatalf("crop is %v, want %dx%d", img.Bounds(), size, size)
			}
			if tile.Letter != tc.letter {
				t.Errorf("truth letter %q, want %q", tile.Letter, tc.letter)
			}
			// The tile is in the middle and fills about 60% of the crop.
			c := float64(size) / 2
			if d := math.Hypot(tile.Center[0]-c, tile.Center[1]-c); d > 0.12*float64(size) {
				t.Errorf("tile centre %v is %.1f px off the crop's centre", tile.Center, d)
			}
			side := math.Hypot(tile.Corners[1][0]-tile.Corners[0][0], tile.Corners[1][1]-tile.Corners[0][1])
			if f := side / float64(size); f < 0.45 || f > 0.8 {
				t.Errorf("tile side is %.2f of the crop, want about 0.6", f)
			}
			again, _, _ := TileCrop(tc.o)
			if !bytes.Equal(img.Pix, again.Pix) {
				t.Error("the same seed gave a different crop")
			}
		})
	}
	if _, _, err := TileCrop(CropOptions{Game: "pyramids", Letter: "A"}); !errors.Is(err, ErrUnknownGame) {
		t.Errorf("pyramids crop: err = %v, want ErrUnknownGame", err)
	}
	for _, bad := range []CropOptions{{Letter: "AB"}, {Game: "lexicon", Letter: "skip"}, {Letter: "☃"}} {
		if _, _, err := TileCrop(bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	if _, _, err := TileCrop(CropOptions{Letter: "A", Size: 3}); !errors.Is(err, ErrBadOptions) {
		t.Errorf("size 3: err = %v, want ErrBadOptions", err)
	}
}

func BenchmarkTileCrop(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, _, err := TileCrop(CropOptions{Letter: "A", Seed: int64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}
