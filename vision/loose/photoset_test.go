package loose

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestPhotoSetPhotos: a set's photos come in name order with their
// labels read as ReadYOLO reads them (boxes and polygons, a class outside
// the list unlettered), and a set that cannot be read says which file and
// line.
func TestPhotoSetPhotos(t *testing.T) {
	const classes = "names: ['a', 'a_dot', 'b']\n"
	box := []Point{{14.5, 4.5}, {24.5, 4.5}, {24.5, 14.5}, {14.5, 14.5}}
	poly := []Point{{3.5, 1.5}, {7.5, 1.5}, {7.5, 3.5}, {3.5, 3.5}}
	tile := func(letter string, outline []Point) TruthTile {
		return TruthTile{Letter: letter, Outline: outline, Row: -1, Col: -1}
	}
	for _, tc := range []struct {
		name    string
		images  []string          // 40 x 20 photos in images/
		labels  map[string]string // labels/NAME: text
		want    map[string][]TruthTile
		order   []string // the photos' names as yielded
		wantErr string   // in the error, when one is wanted
	}{
		{
			name:   "box",
			images: []string{"p.png"},
			labels: map[string]string{"p.txt": "0 0.5 0.5 0.25 0.5\n"},
			want:   map[string][]TruthTile{"p.png": {tile("A", box)}},
			order:  []string{"p.png"},
		},
		{
			name:   "polygon, closed, and a letter we do not read",
			images: []string{"p.png"},
			labels: map[string]string{"p.txt": "2 0.1 0.1 0.2 0.1 0.2 0.2 0.1 0.2 0.1 0.1\n\n1 0.5 0.5 0.25 0.5\n"},
			want:   map[string][]TruthTile{"p.png": {tile("B", poly), tile("", box)}},
			order:  []string{"p.png"},
		},
		{
			name:   "an empty label file, and the photos in name order",
			images: []string{"b.png", "a.png", "notes.txt"},
			labels: map[string]string{"a.txt": "", "b.txt": "7 0.5 0.5 0.25 0.5\n"},
			want:   map[string][]TruthTile{"a.png": nil, "b.png": {tile("", box)}},
			order:  []string{"a.png", "b.png"},
		},
		{
			name:    "a missing label file",
			images:  []string{"a.png", "b.png"},
			labels:  map[string]string{"a.txt": ""},
			order:   []string{"a.png"},
			wantErr: "b.png: no label file",
		},
		{
			name:    "a bad line",
			images:  []string{"a.png"},
			labels:  map[string]string{"a.txt": "0 0.5 0.5 0.25 0.5\n0 0.5 0.5\n"},
			wantErr: filepath.Join("labels", "a.txt") + ":2: want CLASS cx cy w h",
		},
		{
			name:    "no images",
			images:  []string{"notes.txt"},
			wantErr: "no .jpg, .jpeg or .png images",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, d := range []string{"images", "labels"} {
				if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, n := range tc.images {
				writeTestFile(t, filepath.Join(dir, "images", n), pngBytes(t, 40, 20))
			}
			for n, text := range tc.labels {
				writeTestFile(t, filepath.Join(dir, "labels", n), []byte(text))
			}
			writeTestFile(t, filepath.Join(dir, "data.yaml"), []byte(classes))
			set, err := ResolvePhotoSet(dir, "", "", "")
			if err != nil {
				t.Fatal(err)
			}
			var order []string
			var gotErr error
			for p, err := range set.Photos(nil) {
				if err != nil {
					gotErr = err
					break
				}
				name := filepath.Base(p.Path)
				order = append(order, name)
				if b := p.Image.Bounds(); b.Dx() != 40 || b.Dy() != 20 {
					t.Errorf("%s: a %v image, want 40 x 20", name, b)
				}
				if !reflect.DeepEqual(p.Truth, tc.want[name]) {
					t.Errorf("%s: truth %+v, want %+v", name, p.Truth, tc.want[name])
				}
			}
			if !reflect.DeepEqual(order, tc.order) {
				t.Errorf("photos %q, want %q", order, tc.order)
			}
			switch {
			case tc.wantErr == "" && gotErr != nil:
				t.Errorf("error %v, want none", gotErr)
			case tc.wantErr != "" && (gotErr == nil || !strings.Contains(gotErr.Error(), tc.wantErr)):
				t.Errorf("error %v, want one saying %q", gotErr, tc.wantErr)
			}
		})
	}
}

// TestResolvePhotoSet: the class list is found in the set's folder before
// its parent, data.yaml before classes.txt; what is given stays; a set
// with no class list anywhere is refused, naming the folder.
func TestResolvePhotoSet(t *testing.T) {
	root := t.TempDir()
	mk := func(rel string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, p, []byte("a\n"))
		return p
	}
	parentYAML := mk("data.yaml")
	ownTxt := mk("own/classes.txt")
	for _, tc := range []struct {
		name, dir, classes, want, wantErr string
	}{
		{name: "the parent's", dir: filepath.Join(root, "split"), want: parentYAML},
		{name: "its own before the parent's", dir: filepath.Join(root, "own"), want: ownTxt},
		{name: "given", dir: filepath.Join(root, "split"), classes: "x.txt", want: "x.txt"},
		{name: "none", dir: "/", wantErr: "/: no class list"},
		{name: "no folder, nothing given", wantErr: "a photo set wants"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ResolvePhotoSet(tc.dir, "", "", tc.classes)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("error %v, want one saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := PhotoSet{filepath.Join(tc.dir, "images"), filepath.Join(tc.dir, "labels"), tc.want}
			if s != want {
				t.Errorf("%+v, want %+v", s, want)
			}
		})
	}
}

func TestReadClassList(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name, file, text string
		want             []string
	}{
		{"yaml inline", "data.yaml", "nc: 3\nnames: ['a', 'a_dot', \"b\"]\n", []string{"A", "", "B"}},
		{"yaml list", "data.yaml", "names:\n  - a\n  - blank\nnc: 2\n", []string{"A", ""}},
		{"yaml map", "data.yaml", "names:\n  0: e\n  1: skip\n", []string{"E", "skip"}},
		{"plain", "classes.txt", "A\nb\n\nблэнк\nж\nQu\n", []string{"A", "B", "", "Ж", "Qu"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name+"-"+c.file)
			writeTestFile(t, p, []byte(c.text))
			got, err := ReadClassList(p)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("names %q, want %q", got, c.want)
			}
		})
	}
	p := filepath.Join(dir, "none.yaml")
	writeTestFile(t, p, []byte("nc: 0\n"))
	if _, err := ReadClassList(p); err == nil || !strings.Contains(err.Error(), "no names") {
		t.Errorf("a data.yaml without names: err %v", err)
	}
}

func writeTestFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// pngBytes is a w x h grey PNG.
func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(100 + i%50)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(fmt.Errorf("encoding a test PNG: %w", err))
	}
	return b.Bytes()
}
