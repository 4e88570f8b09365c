//go:build !lean

package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tilescope/tilescope/vision/loose"
)

// evalPhotos runs the scan of game (as `tilescope scan --game G` does) on
// every photo of the set and prints, per photo with -v and in total:
// tiles found (a labelled tile is found when a reported tile's centre lies
// inside its label), read right (of the labelled A-Z tiles), false tiles
// (reported tiles whose centre lies in no label), photos answered, time.
func evalPhotos(ctx context.Context, set loose.PhotoSet, game string, readers map[bool]loose.Reader, alt loose.Reader, verbose bool, drawDir string, stdout io.Writer) error {
	twistsGame := game == "twists"
	var tot loose.CentreScore
	var photos, answered int
	var times []float64
	for p, err := range set.Photos(readEvalPhoto) {
		if err != nil {
			return usageErrorf("eval-loose: %v", err)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		photos++
		f, img, truth := p.Path, p.Image, p.Truth
		opt := loose.Options{Lattice: true, UprightFromLetters: !twistsGame, OnBoard: !twistsGame, Twists: twistsGame}
		if readers != nil {
			opt.Reader = readers[twistsGame]
			if twistsGame {
				opt.Alternatives = []loose.Reader{alt}
			}
		}
		start := time.Now()
		r, err := loose.Scan(img, opt)
		el := time.Since(start)
		var tiles []loose.Tile
		status := "answered"
		switch {
		case err == nil:
			tiles = r.Tiles
			answered++
		case errors.Is(err, loose.ErrNoTiles), errors.Is(err, loose.ErrTooDark), errors.Is(err, loose.ErrTooBlurred):
			status = strings.TrimPrefix(err.Error(), "loose: ")
			if len(truth) == 0 {
				// Right: there is nothing to read.
				answered++
			}
		default:
			return fmt.Errorf("eval-loose: %s: %w", f, err)
		}
		sc := loose.ScoreCentres(tiles, truth, sameLetter)
		if drawDir != "" {
			if err := drawEval(filepath.Join(drawDir, strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))+".png"), img, tiles, truth); err != nil {
				return fmt.Errorf("eval-loose: %w", err)
			}
		}
		tot.Truth += sc.Truth
		tot.Reported += sc.Reported
		tot.Found += sc.Found
		tot.False += sc.False
		tot.Doubles += sc.Doubles
		tot.AZ += sc.AZ
		tot.AZRight += sc.AZRight
		tot.Lettered += sc.Lettered
		tot.Right += sc.Right
		tot.WrongSure += sc.WrongSure
		tot.UnsureRight += sc.UnsureRight
		tot.FalseSure += sc.FalseSure
		times = append(times, el.Seconds()*1000)
		if verbose {
			fmt.Fprintf(stdout, "%s\tlabelled %d\tfound %d\tread right %d/%d\tfalse %d (%d doubles)\t%.0f ms\t%s\n",
				filepath.Base(f), sc.Truth, sc.Found, sc.AZRight, sc.AZ, sc.False, sc.Doubles, el.Seconds()*1000, status)
			for _, m := range sc.Misread {
				fmt.Fprintf(stdout, "\tmisread %s as %s (conf %.2f) at (%.0f, %.0f)\n", m.Label, m.Read, m.Conf, m.At.X, m.At.Y)
			}
		}
	}
	pct := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	fmt.Fprintf(stdout, "photos            %d (%d answered: a reading, or no tiles where none are labelled)\n", photos, answered)
	fmt.Fprintf(stdout, "tiles labelled    %d\n", tot.Truth)
	fmt.Fprintf(stdout, "tiles found       %.1f%% (%d of %d: a reported centre inside the label)\n", pct(tot.Found, tot.Truth), tot.Found, tot.Truth)
	if readers != nil {
		fmt.Fprintf(stdout, "read right        %.1f%% (%d of %d labelled A-Z tiles)\n", pct(tot.AZRight, tot.AZ), tot.AZRight, tot.AZ)
	} else {
		fmt.Fprintf(stdout, "read right        not read (--reader none)\n")
	}
	fmt.Fprintf(stdout, "false tiles       %.1f%% (%d reported tiles in no label or a label found already (%d), of %d labelled)\n", pct(tot.False, tot.Truth), tot.False, tot.Doubles, tot.Truth)
	if readers != nil {
		fmt.Fprintf(stdout, "sure (conf>=%.1f)  %d of %d found tiles read wrong, %d of %d false tiles, %d of %d read right\n",
			loose.SureConf, tot.WrongSure, tot.Lettered-tot.Right, tot.FalseSure, tot.False, tot.Right-tot.UnsureRight, tot.Right)
	}
	sort.Float64s(times)
	fmt.Fprintf(stdout, "time per photo    median %.0f ms, max %.0f ms\n", times[len(times)/2], times[len(times)-1])
	return nil
}

// readEvalPhoto decodes a photo of a set as scan decodes a photo file
// (decodePhoto: its memory bounded).
func readEvalPhoto(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return decodePhoto(f)
}

// drawEval writes the photo with the labels (red) and the reported tiles
// (green, their letter's first pixel row marked) drawn over it.
func drawEval(path string, img image.Image, tiles []loose.Tile, truth []loose.TruthTile) error {
	b := img.Bounds()
	out := image.NewRGBA(b)
	draw.Draw(out, b, img, b.Min, draw.Src)
	line := func(a, c loose.Point, col color.RGBA) {
		n := int(math.Hypot(c.X-a.X, c.Y-a.Y)) + 1
		for i := 0; i <= n; i++ {
			t := float64(i) / float64(n)
			x, y := int(a.X+t*(c.X-a.X)), int(a.Y+t*(c.Y-a.Y))
			for dx := -1; dx <= 1; dx++ {
				out.Set(x+dx, y, col)
				out.Set(x, y+dx, col)
			}
		}
	}
	for _, t := range truth {
		for i := range t.Outline {
			line(t.Outline[i], t.Outline[(i+1)%len(t.Outline)], color.RGBA{255, 0, 0, 255})
		}
	}
	for _, t := range tiles {
		col := color.RGBA{0, 220, 0, 255}
		if t.Letter == "?" {
			col = color.RGBA{0, 0, 255, 255}
		}
		for i := range t.Corners {
			line(t.Corners[i], t.Corners[(i+1)%4], col)
		}
		line(t.Center, t.Center, color.RGBA{255, 255, 0, 255})
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, out); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
