package main

import (
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	_ "image/png"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/vision/loose"
)

func main() {
	photos := flag.String("photos", "", "a folder of labelled photos: DIR/images, DIR/labels, the class list in DIR or its parent")
	images := flag.String("images", "", "the photos (overrides -photos)")
	labels := flag.String("labels", "", "their YOLO labels, one NAME.txt a photo (overrides -photos)")
	classes := flag.String("classes", "", "the class list (overrides -photos)")
	family := flag.String("family", "", "the transform: "+strings.Join(families, ", ")+", or all")
	seed := flag.Int64("seed", 104000, "seed of the draws")
	out := flag.String("out", "", "folder to write OUT/images, OUT/labels and the class list into (with -family all, OUT/FAMILY each)")
	grids := flag.String("grids", "", "board labels (vision/scrabble's grid text with a \"# corners:\" line, NAME.txt a photo) carried through the warp into OUT/grids, for `tilescope eval-scan --game scrabble --photos OUT/images --labels OUT/grids`")
	set := flag.String("set", "", "rendered scenes instead (tilescope render-set: each image with its truth JSON beside it), written with their JSON into OUT; photometric families only")
	flag.Parse()
	if *set != "" {
		if *family == "" || *family == "all" || *out == "" {
			fmt.Fprintln(os.Stderr, "usage: augment -set DIR -family F -seed N -out DIR")
			os.Exit(2)
		}
		if err := runSet(*set, *family, *seed, *out); err != nil {
			fmt.Fprintln(os.Stderr, "augment:", err)
			os.Exit(1)
		}
		return
	}
	if *photos != "" {
		if *images == "" {
			*images = filepath.Join(*photos, "images")
		}
		if *labels == "" {
			*labels = filepath.Join(*photos, "labels")
		}
		if *classes == "" {
			*classes = loose.FindClassList(*photos)
		}
	}
	if *images == "" || *labels == "" || *classes == "" || *family == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: augment (-photos DIR | -images DIR -labels DIR -classes FILE) -family F -seed N -out DIR")
		os.Exit(2)
	}
	fams := []string{*family}
	if *family == "all" {
		fams = families
	}
	for _, f := range fams {
		dir := *out
		if *family == "all" {
			dir = filepath.Join(*out, f)
		}
		if err := run(*images, *labels, *classes, *grids, f, *seed, dir); err != nil {
			fmt.Fprintln(os.Stderr, "augment:", err)
			os.Exit(1)
		}
	}
}

func run(images, labels, classes, grids, family string, seed int64, out string) error {
	paths, err := loose.PhotoSet{Images: images}.ImagePaths()
	if err != nil {
		return err
	}
	var names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
	}
	dirs := []string{filepath.Join(out, "images"), filepath.Join(out, "labels")}
	if grids != "" {
		dirs = append(dirs, filepath.Join(out, "grids"))
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	cl, err := os.ReadFile(classes)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, filepath.Base(classes)), cl, 0o644); err != nil {
		return err
	}
	var log strings.Builder
	for i, name := range names {
		base := strings.TrimSuffix(name, filepath.Ext(name))
		rng := drawRand(seed, family, i)
		what, g, err := one(filepath.Join(images, name), filepath.Join(labels, base+".txt"), family, rng,
			filepath.Join(out, "images", base+".jpg"), filepath.Join(out, "labels", base+".txt"))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if grids != "" {
			if err := oneGrid(filepath.Join(grids, base+".txt"), g, filepath.Join(out, "grids", base+".txt")); err != nil {
				return err
			}
		}
		fmt.Fprintf(&log, "%s %s %s\n", base, family, what)
	}
	return os.WriteFile(filepath.Join(out, "augment.txt"), []byte(log.String()), 0o644)
}

// drawRand is the draws' source of the i-th photo (in sorted order)
// through family with seed: the same photo, family and seed always draw
// alike, and each family draws apart from the others.
func drawRand(seed int64, family string, i int) *rand.Rand {
	salt := int64(0)
	for _, c := range family {
		salt = salt*31 + int64(c)
	}
	return rand.New(rand.NewSource(seed*1000 + int64(i) + salt*1000003))
}

// one writes one photo's transformed copy and its labels; it returns
// what was drawn and the warp.
func one(imgPath, labPath, family string, rng *rand.Rand, outImg, outLab string) (string, warp, error) {
	d, ls, err := transformed(imgPath, family, rng, outImg, func(w, h int) ([]label, error) { return readLabels(labPath, w, h) })
	if err != nil {
		return "", warp{}, err
	}
	moved := moveLabels(ls, d.warp)
	return d.what + fmt.Sprintf(" (%d of %d labels)", len(moved), len(ls)), d.warp,
		os.WriteFile(outLab, []byte(yoloText(moved, d.warp.w, d.warp.h)), 0o644)
}

// oneGrid writes the board label at path carried through the warp to
// out; a photo without a board label has none written.
func oneGrid(path string, g warp, out string) error {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	s, err := moveGrid(string(b), g, path)
	if err != nil {
		return err
	}
	return os.WriteFile(out, []byte(s), 0o644)
}

// transformed writes the photo at imgPath through family's draw to
// outImg (JPEG): labelsOf gives its labels (from its size), whose median
// side the draw needs. It returns the draw and the labels as read.
func transformed(imgPath, family string, rng *rand.Rand, outImg string, labelsOf func(w, h int) ([]label, error)) (drawn, []label, error) {
	f, err := os.Open(imgPath)
	if err != nil {
		return drawn{}, nil, err
	}
	img, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		return drawn{}, nil, err
	}
	p := fromImage(img)
	ls, err := labelsOf(p.w, p.h)
	if err != nil {
		return drawn{}, nil, err
	}
	d, err := drawFor(family, rng, p.w, p.h, medianSide(ls))
	if err != nil {
		return drawn{}, nil, err
	}
	if p, err = p.warped(d.warp); err != nil {
		return drawn{}, nil, err
	}
	if p, err = p.blurred(d.blur); err != nil {
		return drawn{}, nil, err
	}
	if d.tones != nil {
		d.tones(p, rng)
	}
	o, err := os.Create(outImg)
	if err != nil {
		return drawn{}, nil, err
	}
	if err := jpeg.Encode(o, p.image(), &jpeg.Options{Quality: d.quality}); err != nil {
		o.Close()
		return drawn{}, nil, err
	}
	return d, ls, o.Close()
}

// readLabels reads a photo's YOLO labels (boxes or polygons) as outlines
// in pixels with their class numbers; a photo without a label file has
// no tiles.
func readLabels(path string, w, h int) ([]label, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Class numbers as names, so that each tile's class comes back.
	num := make([]string, 1000)
	for i := range num {
		num[i] = strconv.Itoa(i)
	}
	ts, err := loose.ReadYOLO(f, path, w, h, num)
	if err != nil {
		return nil, err
	}
	out := make([]label, len(ts))
	for i, t := range ts {
		c, err := strconv.Atoi(t.Letter)
		if err != nil {
			return nil, fmt.Errorf("%s: tile %d: class out of 0-999", path, i+1)
		}
		out[i] = label{c, t.Outline}
	}
	return out, nil
}

// yoloText writes labels as YOLO polygons normalised to a w x h photo.
func yoloText(ls []label, w, h int) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "%d", l.class)
		for _, p := range l.outline {
			fmt.Fprintf(&b, " %.6f %.6f", (p.X+0.5)/float64(w), (p.Y+0.5)/float64(h))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
