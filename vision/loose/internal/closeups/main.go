package main

import (
	"bufio"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/internal/imagesize"
)

// box is a labelled tile: its class and its box in the photo's pixels.
type box struct {
	cls            string
	x0, y0, x1, y1 float64
}

func main() {
	imgDir := flag.String("images", "", "the photos (NAME.jpg)")
	lblDir := flag.String("labels", "", "their YOLO box labels (NAME.txt)")
	out := flag.String("out", "", "where the crops go (images/, labels/)")
	margins := flag.String("margins", "1,3", "margins round the tiles, in tiles' sides, comma-separated")
	names := flag.String("names", "", "the photos' names without .jpg, comma-separated")
	flag.Parse()
	if *imgDir == "" || *lblDir == "" || *out == "" || *names == "" {
		fmt.Fprintln(os.Stderr, "closeups: -images, -labels, -out and -names are needed")
		os.Exit(2)
	}
	for _, d := range []string{"images", "labels"} {
		if err := os.MkdirAll(filepath.Join(*out, d), 0o755); err != nil {
			fail(err)
		}
	}
	for _, stem := range strings.Split(*names, ",") {
		img, _, err := imagesize.DecodeFile(filepath.Join(*imgDir, stem+".jpg"))
		if err != nil {
			fail(err)
		}
		W, H := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
		f, err := os.Open(filepath.Join(*lblDir, stem+".txt"))
		if err != nil {
			fail(err)
		}
		var bs []box
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Fields(sc.Text())
			if len(fs) != 5 {
				continue
			}
			v := make([]float64, 4)
			for i := range v {
				v[i], _ = strconv.ParseFloat(fs[i+1], 64)
			}
			bs = append(bs, box{fs[0], (v[0] - v[2]/2) * W, (v[1] - v[3]/2) * H, (v[0] + v[2]/2) * W, (v[1] + v[3]/2) * H})
		}
		f.Close()
		if len(bs) == 0 {
			continue
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		side := 0.0
		for _, b := range bs {
			x0, y0, x1, y1 = math.Min(x0, b.x0), math.Min(y0, b.y0), math.Max(x1, b.x1), math.Max(y1, b.y1)
			side += math.Sqrt((b.x1 - b.x0) * (b.y1 - b.y0))
		}
		side /= float64(len(bs))
		for _, ms := range strings.Split(*margins, ",") {
			m, err := strconv.ParseFloat(ms, 64)
			if err != nil {
				fail(fmt.Errorf("-margins: %w", err))
			}
			r := image.Rect(int(math.Max(0, x0-m*side)), int(math.Max(0, y0-m*side)), int(math.Min(W, x1+m*side)), int(math.Min(H, y1+m*side)))
			dst := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
			draw.Draw(dst, dst.Bounds(), img, r.Min, draw.Src)
			name := fmt.Sprintf("%s_m%s", stem, ms)
			of, err := os.Create(filepath.Join(*out, "images", name+".png"))
			if err != nil {
				fail(err)
			}
			if err := png.Encode(of, dst); err != nil {
				fail(err)
			}
			if err := of.Close(); err != nil {
				fail(err)
			}
			lf, err := os.Create(filepath.Join(*out, "labels", name+".txt"))
			if err != nil {
				fail(err)
			}
			cw, ch := float64(r.Dx()), float64(r.Dy())
			for _, b := range bs {
				bx0, by0 := math.Max(b.x0, float64(r.Min.X))-float64(r.Min.X), math.Max(b.y0, float64(r.Min.Y))-float64(r.Min.Y)
				bx1, by1 := math.Min(b.x1, float64(r.Max.X))-float64(r.Min.X), math.Min(b.y1, float64(r.Max.Y))-float64(r.Min.Y)
				fmt.Fprintf(lf, "%s %.6f %.6f %.6f %.6f\n", b.cls, (bx0+bx1)/2/cw, (by0+by1)/2/ch, (bx1-bx0)/cw, (by1-by0)/ch)
			}
			if err := lf.Close(); err != nil {
				fail(err)
			}
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "closeups:", err)
	os.Exit(1)
}
