package loose

import (
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// TestBlurDiag (opt-in: LOOSE_DIAG_SEEDS=98600,98601; LOOSE_DIAG_DEBUG=1
// for the search's debug lines; LOOSE_DIAG_SAVE=DIR writes each photo)
// logs, per rendered hard Lexicon table, why each tile is missed: the
// best IoU of a reported quad, whether the scan without the verifier
// finds it, and its reading on its true outline (docs/loose-tiles.md,
// "Lexicon blurred tables: lace, wood with hands, cloth").
func TestBlurDiag(t *testing.T) {
	seeds, rd := diagSeeds(t, "LOOSE_DIAG_SEEDS")
	if os.Getenv("LOOSE_DIAG_DEBUG") != "" {
		debugf = func(format string, a ...any) { t.Logf("  debug: "+format, a...) }
		defer func() { debugf = func(string, ...any) {} }()
	}
	for _, seed := range seeds {
		img, sceneTruth := renderScene(t, "lexicon", "hard", seed)
		o, _ := render.RandomOptions(seed, "hard")
		if dir := os.Getenv("LOOSE_DIAG_SAVE"); dir != "" {
			if f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%d.jpg", seed))); err == nil {
				_ = jpeg.Encode(f, img, &jpeg.Options{Quality: 95})
				f.Close()
			}
		}
		truth := TruthFromRender(sceneTruth)
		opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true}
		tiles, tiles2, err, err2 := scanBothWays(img, opt)
		m := MatchTiles(tiles, truth, 0.5)
		m2 := MatchTiles(tiles2, truth, 0.5)
		hit := map[int]bool{}
		for _, x := range m {
			hit[x.Truth] = true
		}
		hit2 := map[int]bool{}
		for _, x := range m2 {
			hit2[x.Truth] = true
		}
		t.Logf("seed %d %s blur %.2f motion %.1f exp %.2f hand %v: %d tiles, found %d (no verifier %d), err %v / %v", seed, o.Table, o.Blur, o.MotionPx, o.Exposure, o.Hand, len(truth), len(m), len(m2), err, err2)
		src := toRGB(img)
		for i, tt := range truth {
			if hit[i] {
				continue
			}
			best := 0.0
			var bt Tile
			for _, ft := range tiles {
				if v := IoU(ft.Corners, tt.Outline); v > best {
					best, bt = v, ft
				}
			}
			var q [4]Point
			copy(q[:], tt.Outline)
			got, _ := rd.Read(rectify(src, q, 64, 1.3))
			c := polyCentroid(tt.Outline)
			side := dist(tt.Outline[0], tt.Outline[1])
			t.Logf("  miss %s at (%.0f,%.0f) side %.0f: best IoU %.2f (side %.0f, %q %.2f), no-verifier found %v, true outline reads %q %.2f", tt.Letter, c.X, c.Y, side, best, bt.Side, bt.Letter, bt.Conf, hit2[i], got.Letter, got.Conf)
		}
	}
}

// TestBlurProbe (opt-in: LOOSE_PROBE_SEEDS=98602,98621) logs, per
// rendered hard Lexicon table, what each of the loose searches finds
// alone (plain, at the blurred ink level, with each face colour's
// letters; at 600-1640 px): tiles matched (IoU >= 0.5), reported, read
// sure, and sure and matched.
func TestBlurProbe(t *testing.T) {
	seeds, rd := diagSeeds(t, "LOOSE_PROBE_SEEDS")
	type variant struct {
		name string
		set  func(o *Options)
	}
	var vs []variant
	for _, ws := range []int{600, 800, 1200, 1640} {
		vs = append(vs,
			variant{fmt.Sprintf("plain %d", ws), func(o *Options) { o.WorkSide = ws }},
			variant{fmt.Sprintf("blurred %d", ws), func(o *Options) { o.WorkSide = ws; o.blurred = true }},
			variant{fmt.Sprintf("lace %d", ws), func(o *Options) { o.WorkSide = ws; o.lace = true }},
		)
	}
	for _, seed := range seeds {
		img, sceneTruth := renderScene(t, "lexicon", "hard", seed)
		truth := TruthFromRender(sceneTruth)
		t.Logf("seed %d: %d tiles", seed, len(truth))
		for _, v := range vs {
			opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true}
			opt.photo = &packedPhoto{img: img}
			v.set(&opt)
			ft, err := findTiles(img, opt)
			m := MatchTiles(ft.tiles, truth, 0.5)
			sureM := 0
			for _, x := range m {
				if ft.tiles[x.Found].Conf >= SureConf {
					sureM++
				}
			}
			t.Logf("  %-13s matched %2d of %2d reported, sure %2d (matched %2d) faint %v cloth %v err %v", v.name, len(m), len(ft.tiles), sureCount(ft.tiles), sureM, ft.faint, ft.onCloth, err)
		}
	}
}

// scanBothWays scans img with opt and with the verifier off: the tiles
// of each (none where it fails) and its error.
func scanBothWays(img image.Image, opt Options) (tiles, noVerify []Tile, err, errNoVerify error) {
	r, err := Scan(img, opt)
	if err == nil {
		tiles = r.Tiles
	}
	nv := opt
	nv.NoVerify = true
	r2, errNoVerify := Scan(img, nv)
	if errNoVerify == nil {
		noVerify = r2.Tiles
	}
	return tiles, noVerify, err, errNoVerify
}
