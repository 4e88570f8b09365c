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
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tilescope/tilescope/scoring/twists"
	"github.com/tilescope/tilescope/vision/loose"
)

// photoSet names a folder of real photos with YOLO labels: the images,
// the labels (one IMAGE-BASENAME.txt each) and the class list.
type photoSet struct{ images, labels, classes string }

// resolvePhotoSet fills in the layout of --photos DIR: DIR/images,
// DIR/labels and the class list (data.yaml, classes.txt or obj.names in
// DIR or its parent), each of which --images, --labels, --classes
// overrides.
func resolvePhotoSet(dir, images, labels, classes string) (photoSet, error) {
	s := photoSet{images, labels, classes}
	if dir != "" {
		if s.images == "" {
			s.images = filepath.Join(dir, "images")
		}
		if s.labels == "" {
			s.labels = filepath.Join(dir, "labels")
		}
		if s.classes == "" {
			for _, d := range []string{dir, filepath.Join(dir, "..")} {
				for _, n := range []string{"data.yaml", "classes.txt", "obj.names"} {
					if _, err := os.Stat(filepath.Join(d, n)); err == nil && s.classes == "" {
						s.classes = filepath.Join(d, n)
					}
				}
			}
			if s.classes == "" {
				return s, fmt.Errorf("%s: no class list (data.yaml, classes.txt or obj.names) in it or its parent; give --classes FILE", dir)
			}
		}
	}
	if s.images == "" || s.labels == "" || s.classes == "" {
		return s, errors.New("give --photos DIR, or --images DIR with --labels DIR and --classes FILE")
	}
	return s, nil
}

// readClassList reads a class list: a YOLO data.yaml ("names: [a, b]",
// or "names:" followed by "- a" or "0: a" lines) or a plain list, one name
// a line. A name that is one letter becomes that letter in upper case;
// a Twists action name stays; anything else ("a_dot", "blank") is a tile
// whose letter is not measured ("").
func readClassList(path string) ([]string, error) {
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

// evalPhotos runs the scan of game (as `tilescope scan --game G` does) on
// every photo of the set and prints, per photo with -v and in total:
// tiles found (a labelled tile is found when a reported tile's centre lies
// inside its label), read right (of the labelled A-Z tiles), false tiles
// (reported tiles whose centre lies in no label), photos answered, time.
func evalPhotos(ctx context.Context, set photoSet, game string, readers map[bool]loose.Reader, alt loose.Reader, verbose bool, drawDir string, stdout io.Writer) error {
	names, err := readClassList(set.classes)
	if err != nil {
		return usageErrorf("eval-loose: %v", err)
	}
	var imgs []string
	ents, err := os.ReadDir(set.images)
	if err != nil {
		return usageErrorf("eval-loose: %v", err)
	}
	for _, e := range ents {
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".jpg", ".jpeg", ".png":
			imgs = append(imgs, filepath.Join(set.images, e.Name()))
		}
	}
	if len(imgs) == 0 {
		return usageErrorf("eval-loose: %s: no .jpg, .jpeg or .png images", set.images)
	}
	sort.Strings(imgs)
	twistsGame := game == "twists"
	var tot loose.CentreScore
	var answered int
	var times []float64
	for _, f := range imgs {
		if err := ctx.Err(); err != nil {
			return err
		}
		img, err := scanReadImage(f)
		if err != nil {
			return err
		}
		lab := filepath.Join(set.labels, strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))+".txt")
		lf, err := os.Open(lab)
		if err != nil {
			return usageErrorf("eval-loose: %s: no label file: %v", f, err)
		}
		b := img.Bounds()
		truth, err := loose.ReadYOLO(lf, lab, b.Dx(), b.Dy(), names)
		lf.Close()
		if err != nil {
			return usageErrorf("eval-loose: %v", err)
		}
		for i := range truth {
			for j := range truth[i].Outline {
				truth[i].Outline[j].X += float64(b.Min.X)
				truth[i].Outline[j].Y += float64(b.Min.Y)
			}
		}
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
	fmt.Fprintf(stdout, "photos            %d (%d answered: a reading, or no tiles where none are labelled)\n", len(imgs), answered)
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
