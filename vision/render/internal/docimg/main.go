// Command docimg draws the pictures of docs/render.md: rendered scenes of
// the five games, a sheet of tile crops, and small copies of real photos
// from ../shared/data/photos to compare them with. Run it from the
// repository root: make render-docs.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"log"
	"os"
	"path/filepath"

	xdraw "golang.org/x/image/draw"

	"github.com/tilescope/tilescope/vision/render"
)

func main() {
	out := flag.String("out", "docs/img", "folder for the pictures")
	photos := flag.String("photos", "../shared/data/photos", "the real photos (data/README.md)")
	width := flag.Int("width", 560, "width of the pictures in the docs")
	flag.Parse()
	if err := run(*out, *photos, *width); err != nil {
		log.Fatal("docimg: ", err)
	}
}

type scene struct {
	name, game string
	seed       int64
	difficulty string
	set        func(o *render.Options)
}

var scenes = []scene{
	{name: "render-upwords-easy", game: "upwords", seed: 3, difficulty: "easy"},
	{name: "render-upwords-normal", game: "upwords", seed: 12, difficulty: "normal", set: func(o *render.Options) { o.TiltDeg = 22; o.Table = "cloth" }},
	{name: "render-upwords-hard", game: "upwords", seed: 4, difficulty: "hard", set: func(o *render.Options) { o.Hand = true; o.TiltDeg = 35 }},
	{name: "render-lexicon", game: "lexicon", seed: 5, difficulty: "normal", set: func(o *render.Options) {
		o.Table, o.TiltDeg, o.YawDeg, o.HeightMM, o.Clutter, o.Warmth = "felt", 25, 20, 170, 0, 0.1
	}},
	{name: "render-twists", game: "twists", seed: 6, difficulty: "normal", set: func(o *render.Options) { o.TiltDeg, o.HeightMM, o.Clutter = 15, 250, 0 }},
	{name: "render-pyramids", game: "pyramids", seed: 7, difficulty: "normal", set: func(o *render.Options) { o.TiltDeg, o.HeightMM = 28, 330 }},
	{name: "render-scrabble", game: "scrabble", seed: 8, difficulty: "normal", set: func(o *render.Options) {
		o.FitGame("scrabble")
		o.Edition, o.TiltDeg, o.Table = "red", 24, "wood"
	}},
	{name: "render-scrabble-wooden", game: "scrabble", seed: 9, difficulty: "hard", set: func(o *render.Options) {
		o.FitGame("scrabble")
		o.Edition, o.TiltDeg, o.Hand = "wooden", 38, true
	}},
}

var realPhotos = []struct{ src, name string }{
	{"scrabble-board/IMG_20141025_163920.jpg", "real-scrabble-board.jpg"},
	{"scrabble-board/IMG_20151016_165308.jpg", "real-scrabble-board-2.jpg"},
	{"bananagrams-fi/train/images/1770633536907_jpg.rf.da1b7b52606b578250c33f6a4689bc78.jpg", "real-bananagrams.jpg"},
}

func run(out, photos string, width int) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, s := range scenes {
		state, err := render.RandomState(s.game, s.seed)
		if err != nil {
			return err
		}
		o, err := render.RandomOptions(s.seed, s.difficulty)
		if err != nil {
			return err
		}
		if s.set != nil {
			s.set(&o)
		}
		sc, err := render.Render(s.game, state, o)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		img, err := sc.Photo()
		if err != nil {
			return err
		}
		if err := save(filepath.Join(out, s.name+".jpg"), img, width); err != nil {
			return err
		}
	}
	// a sheet of tile crops
	sheet := image.NewRGBA(image.Rect(0, 0, 64*10, 64*3))
	letters := [][2]string{{"upwords", "A"}, {"upwords", "Qu"}, {"upwords", "M"}, {"upwords", ""}, {"lexicon", "K"},
		{"lexicon", "W"}, {"twists", "Ж"}, {"twists", "Я"}, {"twists", "skip"}, {"twists", "reverse"}}
	for i := 0; i < 30; i++ {
		l := letters[i%10]
		img, _, err := render.TileCrop(render.CropOptions{Game: l[0], Letter: l[1], Seed: int64(100 + i),
			Difficulty: []string{"easy", "normal", "hard"}[i/10], Height: 1 + i%3})
		if err != nil {
			return err
		}
		xdraw.Draw(sheet, image.Rect(64*(i%10), 64*(i/10), 64*(i%10)+64, 64*(i/10)+64), img, image.Point{}, xdraw.Src)
	}
	if err := save(filepath.Join(out, "render-crops.jpg"), sheet, 640); err != nil {
		return err
	}
	for _, p := range realPhotos {
		f, err := os.Open(filepath.Join(photos, p.src))
		if err != nil {
			return err
		}
		img, err := jpeg.Decode(f)
		f.Close()
		if err != nil {
			return err
		}
		if err := save(filepath.Join(out, p.name), img, width); err != nil {
			return err
		}
	}
	return nil
}

func save(path string, img image.Image, width int) error {
	b := img.Bounds()
	h := b.Dy() * width / b.Dx()
	dst := image.NewRGBA(image.Rect(0, 0, width, h))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, b, xdraw.Src, nil)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := jpeg.Encode(f, dst, &jpeg.Options{Quality: 82}); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
