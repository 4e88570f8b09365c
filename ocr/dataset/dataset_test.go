package dataset

import (
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"
)

func TestMinRect(t *testing.T) {
	tests := []struct {
		name  string
		angle float64 // degrees, image coordinates
		side  float64
	}{
		{"upright", 0, 20},
		{"turned 30", 30, 40},
		{"turned 75", 75, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.angle * math.Pi / 180
			var poly [][2]float64
			// a square with many points along each side, centred at 50,60
			for k := 0; k < 4; k++ {
				for s := 0.0; s < 1; s += 0.25 {
					u, v := [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}[k], [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}[(k+1)%4]
					x := (u[0] + (v[0]-u[0])*s) * tt.side / 2
					y := (u[1] + (v[1]-u[1])*s) * tt.side / 2
					poly = append(poly, [2]float64{50 + x*math.Cos(r) - y*math.Sin(r), 60 + x*math.Sin(r) + y*math.Cos(r)})
				}
			}
			got := MinRect(poly)
			if math.Abs(got.Side-tt.side) > 1e-6 || math.Hypot(got.Center[0]-50, got.Center[1]-60) > 1e-6 {
				t.Errorf("side %v centre %v, want %v at 50,60", got.Side, got.Center, tt.side)
			}
			d := math.Mod(math.Abs(got.Angle-math.Mod(tt.angle, 90)), 90)
			if math.Min(d, 90-d) > 1e-6 {
				t.Errorf("angle %v, want %v mod 90", got.Angle, tt.angle)
			}
		})
	}
}

func TestLetter(t *testing.T) {
	for class, want := range map[string]string{"a": "A", "y": "Y", "a_dot": "", "o_dot": "", "": ""} {
		got, ok := Letter(class)
		if got != want || ok != (want != "") {
			t.Errorf("Letter(%q) = %q, %v", class, got, ok)
		}
	}
}

func TestNamesAndSplit(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "data.yaml"), []byte("train: x\nnc: 3\nnames: ['a', 'a_dot', 'k']\n"), 0o644)
	names, err := Names(filepath.Join(dir, "data.yaml"))
	if err != nil || len(names) != 3 || names[2] != "k" {
		t.Fatalf("names %v, %v", names, err)
	}
	split := filepath.Join(dir, "valid")
	os.MkdirAll(filepath.Join(split, "images"), 0o755)
	os.MkdirAll(filepath.Join(split, "labels"), 0o755)
	img := image.NewRGBA(image.Rect(0, 0, 100, 100))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	f, _ := os.Create(filepath.Join(split, "images", "p1.png"))
	encodePNG(f, img)
	f.Close()
	os.WriteFile(filepath.Join(split, "labels", "p1.txt"), []byte("2 0.1 0.1 0.3 0.1 0.3 0.3 0.1 0.3\n1 0.5 0.5 0.7 0.5 0.7 0.7 0.5 0.7\n"), 0o644)
	crops, err := PhotoCrops(split, ModeWarp)
	if err != nil {
		t.Fatal(err)
	}
	if len(crops) != 1 || crops[0].Letter != "K" {
		t.Fatalf("crops %+v (want the K only; ä is not ours)", crops)
	}
	if b := crops[0].Image.Bounds(); b.Dx() != b.Dy() || b.Dx() < 16 {
		t.Errorf("warp crop %v", b)
	}
	os.WriteFile(filepath.Join(split, "labels", "p1.txt"), []byte("7 0.1 0.1\n"), 0o644)
	if _, err := PhotoCrops(split, ModeBox); err == nil {
		t.Error("bad label line accepted")
	}
}

func TestBoxTurns(t *testing.T) {
	// A photo with one dark pixel block to the right of the centre: turned
	// a quarter turn counter-clockwise, it must end up above the centre.
	img := image.NewRGBA(image.Rect(0, 0, 100, 100))
	for y := 0; y < 100; y++ {
		for x := 0; x < 100; x++ {
			c := color.RGBA{255, 255, 255, 255}
			if x >= 56 && x < 74 && y >= 45 && y < 55 {
				c = color.RGBA{0, 0, 0, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	r := Rect{Corners: [4][2]float64{{30, 30}, {70, 30}, {70, 70}, {30, 70}}, Center: [2]float64{50, 50}, Side: 40}
	out := Box(img, r, 1, 90)
	n := out.Bounds().Dx()
	if out.RGBAAt(n/2, n/4).R > 100 || out.RGBAAt(3*n/4, n/2).R < 100 {
		t.Errorf("quarter turn counter-clockwise did not move the block from the right to the top")
	}
}
