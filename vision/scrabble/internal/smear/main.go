package main

import (
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	_ "image/png"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/vision/render"
)

func main() {
	seed := flag.Int64("seed", 99000, "seed of the smears")
	lo := flag.Float64("min", 12, "shortest line, pixels")
	hi := flag.Float64("max", 24, "longest line, pixels")
	out := flag.String("out", "", "folder to write the smeared copies into")
	flag.Parse()
	if *out == "" || flag.NArg() == 0 || *hi < *lo {
		fmt.Fprintln(os.Stderr, "usage: smear -out DIR [-seed N] [-min PX] [-max PX] PHOTO...")
		os.Exit(2)
	}
	if err := run(*seed, *lo, *hi, *out, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "smear:", err)
		os.Exit(1)
	}
}

func run(seed int64, lo, hi float64, out string, photos []string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	sort.Strings(photos)
	var log strings.Builder
	for i, path := range photos {
		rng := rand.New(rand.NewSource(seed*1000 + int64(i)))
		px, deg := lo+(hi-lo)*rng.Float64(), 180*rng.Float64()
		img, err := load(path)
		if err != nil {
			return err
		}
		render.MotionBlur(img, px, deg)
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ".jpg"
		f, err := os.Create(filepath.Join(out, name))
		if err != nil {
			return err
		}
		if err := jpeg.Encode(f, img, &jpeg.Options{Quality: 92}); err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := f.Close(); err != nil {
			return err
		}
		fmt.Fprintf(&log, "%s %.1f %.1f\n", name, px, deg)
	}
	return os.WriteFile(filepath.Join(out, "smear.txt"), []byte(log.String()), 0o644)
}

func load(path string) (*image.RGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(m, m.Rect, img, img.Bounds().Min, draw.Src)
	return m, nil
}
