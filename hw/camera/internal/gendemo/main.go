// Command gendemo renders the photos of the built-in demo game
// (hw/camera/demodata/frames) from its boards (hw/camera/demodata/game.txt)
// with vision/render. Run it from the repository root: make demo-frames.
//
// Every photo is taken by the same fixed camera under the same light, as a
// camera clamped over a table would: only the tiles change. For each turn t
// it writes turn-TT.jpg, the board after the turn, and for t >= 1
// turn-TT-placing-1.jpg, the board with the first half of the turn's tiles
// (rounded down) put down and a hand over the board, and turn-TT-placing-2.jpg, all the
// tiles down and the hand still there.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"log"
	"os"
	"path/filepath"

	"github.com/tilescope/tilescope/hw/camera"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision/render"
)

func main() {
	dir := flag.String("dir", "hw/camera/demodata", "the demo data folder")
	seed := flag.Int64("seed", 7, "the scene seed (camera, light, table)")
	flag.Parse()
	if err := run(*dir, *seed); err != nil {
		log.Fatal("gendemo: ", err)
	}
}

// sceneOptions is the fixed camera and light of the demo: a Pi camera
// module 420 mm over the board, slightly off-axis, daylight from a window.
func sceneOptions(seed int64) render.Options {
	return render.Options{
		Seed: seed, Width: 1640, Height: 1232, Quality: 80,
		HeightMM: 430, TiltDeg: 9, YawDeg: 3, RollDeg: 0.5, ShiftX: 8, ShiftY: -6, K1: -0.04,
		LightElevDeg: 62, LightAzDeg: 135, Ambient: 0.5, Exposure: 1, Warmth: 0.1,
		Gradient: 0.12, GradientDeg: 30, Vignette: 0.18, ShadowSoft: 2.5, Shadow: 0.3,
		Table: "wood", Clutter: 0, Noise: 0.8, ShotNoise: 0.1, Blur: 0.5, TileJitterMM: 0.4,
	}
}

func run(dir string, seed int64) error {
	text, err := os.ReadFile(filepath.Join(dir, "game.txt"))
	if err != nil {
		return err
	}
	boards, _, err := camera.ParseGame(text, "game.txt")
	if err != nil {
		return err
	}
	out := filepath.Join(dir, "frames")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// The table as the camera sees it in every photo: the one around the
	// empty board.
	ref, err := render.Render("upwords", []byte(boards[0].String()), sceneOptions(seed))
	if err != nil {
		return err
	}
	g := &shooter{table: ref.Image}
	total := 0
	for t, b := range boards {
		n, err := g.shoot(b, false, sceneOptions(seed), filepath.Join(out, fmt.Sprintf("turn-%02d.jpg", t)))
		if err != nil {
			return fmt.Errorf("turn %d: %w", t, err)
		}
		total += n
		if t == 0 {
			continue
		}
		for k, placing := range []*grid.Board{halfway(boards[t-1], b), b} {
			// Photos with a hand are only there to be recognised as a turn
			// in progress and skipped: a lower JPEG quality keeps the
			// binary small.
			opt := sceneOptions(seed)
			opt.Quality = 60
			n, err = g.shoot(placing, true, opt, filepath.Join(out, fmt.Sprintf("turn-%02d-placing-%d.jpg", t, k+1)))
			if err != nil {
				return fmt.Errorf("turn %d placing: %w", t, err)
			}
			total += n
		}
	}
	fmt.Printf("gendemo: %d turns, %d photos, %d KB in %s\n", len(boards)-1, 3*len(boards)-2, total>>10, out)
	return nil
}

// halfway is the board while a turn is being played: before, with the
// first half (rounded down: none of a one-tile turn) of the squares that
// change put down.
func halfway(before, after *grid.Board) *grid.Board {
	var changed []grid.Pos
	after.Each(func(p grid.Pos, s grid.Stack) {
		if s != before.At(p) {
			changed = append(changed, p)
		}
	})
	b := before.Clone()
	for _, p := range changed[:len(changed)/2] {
		b.Set(p, after.At(p))
	}
	return b
}

// shooter renders the photos over one fixed table top.
//
// The renderer draws the table from the same random stream as the tiles,
// so the table's grain and tint change with what is on the board; a camera
// clamped over a real table sees the same table in every photo. So each
// photo is rendered three times, on wood, felt and cloth, with the same
// seed: the three differ only where the table shows (same camera, light,
// tiles, hand and noise), which gives the table's mask, and there the
// pixels of the reference table are put instead. A hand's shadow on the
// table outside the board is lost that way; inside the board it stays.
type shooter struct {
	table image.Image // the reference photo whose table every photo shows
}

func (g *shooter) shoot(b *grid.Board, hand bool, opt render.Options, path string) (int, error) {
	opt.Hand = hand
	opt.Name = path
	state := []byte(b.String())
	var imgs [3]*image.RGBA
	for i, kind := range []string{"wood", "felt", "cloth"} {
		o := opt
		o.Table = kind
		sc, err := render.Render("upwords", state, o)
		if err != nil {
			return 0, err
		}
		rgba, ok := sc.Image.(*image.RGBA)
		if !ok {
			return 0, fmt.Errorf("render gave a %T, want *image.RGBA", sc.Image)
		}
		imgs[i] = rgba
	}
	out := image.NewRGBA(imgs[0].Rect)
	draw.Draw(out, out.Rect, imgs[0], imgs[0].Rect.Min, draw.Src)
	const thr = 10 // grey levels: the tables differ by far more, noise by none
	for y := out.Rect.Min.Y; y < out.Rect.Max.Y; y++ {
		for x := out.Rect.Min.X; x < out.Rect.Max.X; x++ {
			i := out.PixOffset(x, y)
			table := false
			for _, pair := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
				a, c := imgs[pair[0]].Pix[i:i+3], imgs[pair[1]].Pix[i:i+3]
				for ch := 0; ch < 3; ch++ {
					if d := int(a[ch]) - int(c[ch]); d > thr || d < -thr {
						table = true
					}
				}
			}
			if table {
				r, gg, bb, _ := g.table.At(x, y).RGBA()
				out.Pix[i], out.Pix[i+1], out.Pix[i+2] = uint8(r>>8), uint8(gg>>8), uint8(bb>>8)
			}
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: opt.Quality}); err != nil {
		return 0, err
	}
	return buf.Len(), os.WriteFile(path, buf.Bytes(), 0o644)
}
