package loose

import (
	"errors"
	"fmt"
	"image"
	"iter"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tilescope/tilescope/scoring/twists"
	"github.com/tilescope/tilescope/vision"
)

// PhotoSet is a folder of real photos with YOLO labels: the images
// (.jpg, .jpeg or .png), the labels (IMAGE-BASENAME.txt each, boxes or
// polygons: ReadYOLO) and the class list (ReadClassList). eval-loose
// --photos and --bananagrams measure on one; trainverify trains on one.
type PhotoSet struct{ Images, Labels, Classes string }

// FindClassList is the class list in dir or its parent (data.yaml,
// classes.txt or obj.names, the first found in that order, dir before its
// parent), "" when there is none.
func FindClassList(dir string) string {
	for _, d := range []string{dir, filepath.Join(dir, "..")} {
		for _, n := range []string{"data.yaml", "classes.txt", "obj.names"} {
			if _, err := os.Stat(filepath.Join(d, n)); err == nil {
				return filepath.Join(d, n)
			}
		}
	}
	return ""
}

// ResolvePhotoSet fills in the layout of a set in dir: dir/images,
// dir/labels and FindClassList(dir), each only where images, labels or
// classes is "". With dir "" all three must be given.
func ResolvePhotoSet(dir, images, labels, classes string) (PhotoSet, error) {
	s := PhotoSet{images, labels, classes}
	if dir != "" {
		if s.Images == "" {
			s.Images = filepath.Join(dir, "images")
		}
		if s.Labels == "" {
			s.Labels = filepath.Join(dir, "labels")
		}
		if s.Classes == "" {
			if s.Classes = FindClassList(dir); s.Classes == "" {
				return s, fmt.Errorf("%s: no class list (data.yaml, classes.txt or obj.names) in it or its parent", dir)
			}
		}
	}
	if s.Images == "" || s.Labels == "" || s.Classes == "" {
		return s, errors.New("a photo set wants its images' folder, its labels' folder and its class list")
	}
	return s, nil
}

// ReadClassList reads a class list: a YOLO data.yaml ("names: [a, b]",
// or "names:" followed by "- a" or "0: a" lines) or a plain list, one name
// a line. A name that is one letter becomes that letter in upper case;
// "qu" becomes "Qu"; a Twists action name stays (in lower case); anything
// else ("a_dot", "blank") is a tile whose letter is not measured ("").
func ReadClassList(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw []string
	lines := strings.Split(strings.ReplaceAll(string(data), "\r", ""), "\n")
	if strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml") {
		for i, line := range lines {
			t := strings.TrimSpace(line)
			if !strings.HasPrefix(t, "names:") {
				continue
			}
			if rest := strings.TrimSpace(strings.TrimPrefix(t, "names:")); rest != "" {
				for _, n := range strings.Split(strings.Trim(rest, "[]"), ",") {
					raw = append(raw, strings.Trim(strings.TrimSpace(n), `'"`))
				}
				break
			}
			for _, l := range lines[i+1:] {
				t := strings.TrimSpace(l)
				if t == "" || !(strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "-")) {
					break
				}
				t = strings.TrimSpace(strings.TrimPrefix(t, "-"))
				if k, v, ok := strings.Cut(t, ":"); ok {
					if _, err := strconv.Atoi(strings.TrimSpace(k)); err == nil {
						t = strings.TrimSpace(v)
					}
				}
				raw = append(raw, strings.Trim(t, `'"`))
			}
			break
		}
		if raw == nil {
			return nil, fmt.Errorf("%s: no names: list", path)
		}
	} else {
		for _, l := range lines {
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				raw = append(raw, t)
			}
		}
		if raw == nil {
			return nil, fmt.Errorf("%s: no class names", path)
		}
	}
	names := make([]string, len(raw))
	for i, n := range raw {
		switch {
		case utf8.RuneCountInString(n) == 1:
			names[i] = strings.ToUpper(n)
		case strings.EqualFold(n, "qu"):
			names[i] = "Qu"
		default:
			if _, ok := twists.ActionByName(strings.ToLower(n)); ok {
				names[i] = strings.ToLower(n)
			}
		}
	}
	return names, nil
}

// ImagePaths are the set's images (.jpg, .jpeg or .png, in any case) in
// the order of their names.
func (s PhotoSet) ImagePaths() ([]string, error) {
	ents, err := os.ReadDir(s.Images)
	if err != nil {
		return nil, err
	}
	var imgs []string
	for _, e := range ents {
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".jpg", ".jpeg", ".png":
			imgs = append(imgs, filepath.Join(s.Images, e.Name()))
		}
	}
	sort.Strings(imgs)
	return imgs, nil
}

// LabelledPhoto is one photo of a PhotoSet with its labelled tiles (in
// the image's own coordinates: its bounds' corner added).
type LabelledPhoto struct {
	Path  string // the image file
	Image image.Image
	Truth []TruthTile
}

// Photos reads the set's photos in the order of their file names, each
// with its labels, decoded by decode (nil: vision.DecodePhoto of the
// file). It yields an error, and stops, where the class list, the images'
// folder or a photo cannot be read, where there are no images, where a
// photo has no label file or a label file a bad line (ReadYOLO:
// "FILE:LINE: ..."); each error names the file.
func (s PhotoSet) Photos(decode func(path string) (image.Image, error)) iter.Seq2[LabelledPhoto, error] {
	if decode == nil {
		decode = decodeFile
	}
	return func(yield func(LabelledPhoto, error) bool) {
		names, err := ReadClassList(s.Classes)
		if err != nil {
			yield(LabelledPhoto{}, err)
			return
		}
		imgs, err := s.ImagePaths()
		if err == nil && len(imgs) == 0 {
			err = fmt.Errorf("%s: no .jpg, .jpeg or .png images", s.Images)
		}
		if err != nil {
			yield(LabelledPhoto{}, err)
			return
		}
		for _, f := range imgs {
			p, err := s.read(f, names, decode)
			if !yield(p, err) || err != nil {
				return
			}
		}
	}
}

// read decodes the photo f and reads its labels.
func (s PhotoSet) read(f string, names []string, decode func(string) (image.Image, error)) (LabelledPhoto, error) {
	img, err := decode(f)
	if err != nil {
		return LabelledPhoto{}, fmt.Errorf("%s: %w", f, err)
	}
	lab := filepath.Join(s.Labels, strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))+".txt")
	lf, err := os.Open(lab)
	if err != nil {
		return LabelledPhoto{}, fmt.Errorf("%s: no label file: %w", f, err)
	}
	defer lf.Close()
	b := img.Bounds()
	truth, err := ReadYOLO(lf, lab, b.Dx(), b.Dy(), names)
	if err != nil {
		return LabelledPhoto{}, err
	}
	for i := range truth {
		for j := range truth[i].Outline {
			truth[i].Outline[j].X += float64(b.Min.X)
			truth[i].Outline[j].Y += float64(b.Min.Y)
		}
	}
	return LabelledPhoto{Path: f, Image: img, Truth: truth}, nil
}

// decodeFile decodes a photo file as the scan does (vision.DecodePhoto).
func decodeFile(path string) (image.Image, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return vision.DecodePhoto(b)
}
