package dataset

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/internal/imagesize"
)

// Crop is one labelled tile crop.
type Crop struct {
	Name   string // where it came from: file, or photo#tile
	Image  image.Image
	Letter string // "" for no tile
	// Angle is the tile's true rotation (degrees, counter-clockwise) when
	// HasAngle.
	Angle    float64
	HasAngle bool
}

// Mode is how tiles are cut out of a photo.
type Mode string

const (
	ModeBox  Mode = "box"  // axis-aligned box, rotation as photographed
	ModeWarp Mode = "warp" // rectified square, rotation a multiple of 90
)

// PhotoCrops cuts every tile with one of our letters out of a YOLO split
// directory (DIR/images, DIR/labels, class names in DIR/../data.yaml or
// DIR/data.yaml). Tiles whose class is not one of our letters (ä, ö) are
// left out.
func PhotoCrops(dir string, mode Mode) ([]Crop, error) {
	yaml := filepath.Join(dir, "data.yaml")
	if _, err := os.Stat(yaml); err != nil {
		yaml = filepath.Join(dir, "..", "data.yaml")
	}
	names, err := Names(yaml)
	if err != nil {
		return nil, err
	}
	photos, err := LoadSplit(dir, names)
	if err != nil {
		return nil, err
	}
	var out []Crop
	for _, p := range photos {
		for i, t := range p.Tiles {
			l, ok := Letter(t.Class)
			if !ok {
				continue
			}
			r := MinRect(t.Poly)
			var img image.Image
			switch mode {
			case ModeWarp:
				img = Warp(p.Image, r, 1.25, max(16, int(r.Side*1.25+0.5)))
			default:
				img = Box(p.Image, r, 1.25, 0)
			}
			out = append(out, Crop{Name: fmt.Sprintf("%s#%d", filepath.Base(p.Path), i), Image: img, Letter: l})
		}
	}
	return out, nil
}

// IsPhotoSplit reports whether dir looks like a YOLO split (images/ and
// labels/ inside).
func IsPhotoSplit(dir string) bool {
	a, err1 := os.Stat(filepath.Join(dir, "images"))
	b, err2 := os.Stat(filepath.Join(dir, "labels"))
	return err1 == nil && err2 == nil && a.IsDir() && b.IsDir()
}

// FolderCrops reads DIR/LETTER/*.{png,jpg,jpeg}: one sub-folder per letter
// ("A", "Qu", "Ж", "skip", ...); the sub-folder "empty" (or "_" or ".")
// holds crops with no tile.
func FolderCrops(dir string) ([]Crop, error) {
	subs, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	var out []Crop
	for _, s := range subs {
		if !s.IsDir() {
			continue
		}
		letter := s.Name()
		switch strings.ToLower(letter) {
		case "empty", "_", ".":
			letter = ""
		}
		files, _ := filepath.Glob(filepath.Join(dir, s.Name(), "*"))
		sort.Strings(files)
		for _, f := range files {
			ext := strings.ToLower(filepath.Ext(f))
			if ext != ".png" && ext != ".jpg" && ext != ".jpeg" {
				continue
			}
			img, err := readImage(f)
			if err != nil {
				return nil, err
			}
			out = append(out, Crop{Name: f, Image: img, Letter: letter})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("dataset: %s: no crops (want one sub-folder per letter)", dir)
	}
	return out, nil
}

func readImage(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	defer f.Close()
	img, _, err := imagesize.DecodeReader(f)
	if err != nil {
		return nil, fmt.Errorf("dataset: %s: %w", path, err)
	}
	return img, nil
}
