package main

import (
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	_ "image/png"
	"math"
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
	shake := flag.Bool("shake", false, "smear along a bent path at an uneven pace (a hand's shake) instead of a straight line at an even pace")
	flag.Parse()
	if *out == "" || flag.NArg() == 0 || *hi < *lo {
		fmt.Fprintln(os.Stderr, "usage: smear -out DIR [-seed N] [-min PX] [-max PX] PHOTO...")
		os.Exit(2)
	}
	if err := run(*seed, *lo, *hi, *shake, *out, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "smear:", err)
		os.Exit(1)
	}
}

func run(seed int64, lo, hi float64, shake bool, out string, photos []string) error {
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
		bend, pace := 0.0, 0.0
		if shake {
			bend, pace = 0.6*rng.Float64()-0.3, 1.4*rng.Float64()-0.7
			img = shaken(img, px, deg, bend, pace)
		} else {
			render.MotionBlur(img, px, deg)
		}
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
		if shake {
			fmt.Fprintf(&log, "%s %.1f %.1f bend %.2f pace %.2f\n", name, px, deg, bend, pace)
		} else {
			fmt.Fprintf(&log, "%s %.1f %.1f\n", name, px, deg)
		}
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

// shaken is img smeared along a bent path of length px (the chord at deg
// degrees; the middle bowed out by bend times the length, sideways) at
// an uneven pace: the path's points weighted 1 + pace*(4t^2-1), t from
// -1/2 to 1/2 along it (pace over 0: the hand slower at the ends, as
// it starts and stops; under 0: slower in the middle).
func shaken(img *image.RGBA, px, deg, bend, pace float64) *image.RGBA {
	n := int(math.Ceil(px))*2 + 1
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	type pt struct{ x, y, w float64 }
	pts := make([]pt, n)
	var sum float64
	for i := range pts {
		t := float64(i)/float64(n-1) - 0.5
		off := bend * px * (0.25 - t*t) * 4
		pts[i] = pt{t*px*c - off*s, t*px*s + off*c, 1 + pace*(4*t*t-1)}
		sum += pts[i].w
	}
	W, H := img.Rect.Dx(), img.Rect.Dy()
	acc := make([]float64, 3*W*H)
	for _, p := range pts {
		fx, fy := math.Floor(p.x), math.Floor(p.y)
		ax, ay := p.x-fx, p.y-fy
		for _, q := range [4]struct {
			dx, dy int
			w      float64
		}{{0, 0, (1 - ax) * (1 - ay)}, {1, 0, ax * (1 - ay)}, {0, 1, (1 - ax) * ay}, {1, 1, ax * ay}} {
			w := p.w * q.w / sum
			if w == 0 {
				continue
			}
			ox, oy := int(fx)+q.dx, int(fy)+q.dy
			for y := 0; y < H; y++ {
				sy := min(H-1, max(0, y+oy))
				for x := 0; x < W; x++ {
					sx := min(W-1, max(0, x+ox))
					o, i := 3*(y*W+x), sy*img.Stride+4*sx
					acc[o] += w * float64(img.Pix[i])
					acc[o+1] += w * float64(img.Pix[i+1])
					acc[o+2] += w * float64(img.Pix[i+2])
				}
			}
		}
	}
	out := image.NewRGBA(img.Rect)
	for i := 0; i < W*H; i++ {
		out.Pix[4*i] = uint8(math.Min(255, acc[3*i]+0.5))
		out.Pix[4*i+1] = uint8(math.Min(255, acc[3*i+1]+0.5))
		out.Pix[4*i+2] = uint8(math.Min(255, acc[3*i+2]+0.5))
		out.Pix[4*i+3] = 255
	}
	return out
}
