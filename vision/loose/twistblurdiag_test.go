package loose

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/render"
)

// TestTwistsDefocusDiag (opt-in: LOOSE_TWISTS_SET=DIR, a render-set put
// through augment's defocus family; LOOSE_TWISTS_ONLY=0003,0007 picks
// tables) logs, per Twists table (read with its set's reader, as
// eval-loose --set does), the blur measured, the tiles matched by the
// scan and by single looks (the plain search on the photo as taken, on
// the photo sharpened, and sharpened gently), and for each tile missed
// its cause (TestTwistsMissDiag's), and for each quad reported that
// matches no tile where its centre lies and how far off it is.
// docs/loose-tiles.md, "Defocused hard Twists tables".
func TestTwistsDefocusDiag(t *testing.T) {
	dir := os.Getenv("LOOSE_TWISTS_SET")
	if dir == "" {
		t.Skip("LOOSE_TWISTS_SET not set")
	}
	ru, err := ocr.Default(ocr.Russian)
	if err != nil {
		t.Skip(err)
	}
	en, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	only := map[string]bool{}
	for _, f := range strings.Split(os.Getenv("LOOSE_TWISTS_ONLY"), ",") {
		if f != "" {
			only[f] = true
		}
	}
	var mu sync.Mutex
	var lines []string
	old := debugf
	debugf = func(format string, a ...any) {
		if strings.HasPrefix(format, "blur") || strings.HasPrefix(format, "twists:") || strings.HasPrefix(format, "contrast") || strings.HasPrefix(format, "side ") || strings.HasPrefix(format, "letter size") {
			mu.Lock()
			lines = append(lines, fmt.Sprintf(format, a...))
			mu.Unlock()
		}
	}
	defer func() { debugf = old }()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
	sort.Strings(files)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".jpg")
		if len(only) > 0 && !only[name] {
			continue
		}
		tf, err := os.Open(strings.TrimSuffix(f, ".jpg") + ".json")
		if err != nil {
			continue
		}
		scene, err := render.ReadTruth(tf, f)
		tf.Close()
		if err != nil {
			t.Fatal(err)
		}
		imf, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := image.Decode(imf)
		imf.Close()
		if err != nil {
			t.Fatal(err)
		}
		truth := TruthFromRender(scene)
		var rd Reader = ru
		for _, tt := range truth {
			if len(tt.Letter) == 1 && tt.Letter[0] >= 'A' && tt.Letter[0] <= 'Z' {
				rd = diagActionsToo{en, ru}
				break
			}
		}
		lines = nil
		opt := Options{Reader: rd, Lattice: true, Twists: true}
		r, err := Scan(img, opt)
		var tiles []Tile
		if err == nil {
			tiles = r.Tiles
		}
		ms := MatchTiles(tiles, truth, 0.5)
		matched, used := map[int]int{}, map[int]bool{}
		for _, m := range ms {
			matched[m.Truth] = m.Found
			used[m.Found] = true
		}
		var trueSides, sides []float64
		for _, tt := range truth {
			trueSides = append(trueSides, quadSide(tt.Outline))
		}
		for _, ft := range tiles {
			sides = append(sides, ft.Side)
		}
		t.Logf("%s blur %.2f: %d tiles, %d reported, %d matched, %d false; side %.0f (truth %.0f), err %v",
			name, workingBlur(img, opt), len(truth), len(tiles), len(ms), len(tiles)-len(ms), median(sides), median(trueSides), err)
		for _, l := range lines {
			t.Logf("  search: %s", l)
		}
		if os.Getenv("LOOSE_TWISTS_DUMP") != "" {
			for _, ft := range tiles {
				t.Logf("  tile %q %.2f at (%.0f, %.0f) side %.1f byLetter %v", ft.Letter, ft.Conf, ft.Center.X, ft.Center.Y, ft.Side, ft.byLetter)
			}
			for _, tt := range truth {
				c := polyCentroid(tt.Outline)
				t.Logf("  truth %q at (%.0f, %.0f) side %.1f", tt.Letter, c.X, c.Y, quadSide(tt.Outline))
			}
		}
		taken := toRGB(img)
		sharp, ok := deblurredOf(img, Options{})
		gentle, _ := deblurredOf(img, Options{ownBlur: ownBlur})
		for _, v := range []struct {
			name string
			pic  rgbImage
			set  func(o *Options)
		}{
			{"as taken", taken, func(o *Options) {}},
			{"sharpened", sharp, func(o *Options) { o.asTaken = &taken }},
			{"gently", gentle, func(o *Options) { o.asTaken = &taken }},
			{"sharpened, lace", sharp, func(o *Options) { o.asTaken = &taken; o.lace = true }},
		} {
			if !ok && v.name != "as taken" {
				continue
			}
			o := Options{Reader: rd, Lattice: true, Twists: true}
			p := v.pic
			p.sc = &scaleCache{}
			o.photo = packedOf(img, p)
			v.set(&o)
			vr, verr := scanLoose(img, o)
			if verr != nil {
				t.Logf("  look %-16s: %v", v.name, verr)
				continue
			}
			vm := MatchTiles(vr.Tiles, truth, 0.5)
			right := 0
			for _, m := range vm {
				if SameShape(vr.Tiles[m.Found].Letter, truth[m.Truth].Letter) {
					right++
				}
			}
			t.Logf("  look %-16s: %2d matched, %2d right of %2d reported, %2d sure, cover %.2f", v.name, len(vm), right, len(vr.Tiles), sureCount(vr.Tiles), mutualCover(vr.Tiles))
		}
		for i, tt := range truth {
			var q [4]Point
			copy(q[:], tt.Outline)
			got, _ := rd.Read(rectify(taken, q, 64, 1.3))
			onTrue := fmt.Sprintf("true outline reads %q %.2f as taken", got.Letter, got.Conf)
			if ok {
				g2, _ := rd.Read(rectify(sharp, q, 64, 1.3))
				onTrue += fmt.Sprintf(", %q %.2f sharpened", g2.Letter, g2.Conf)
			}
			side := quadSide(tt.Outline)
			if fi, ok := matched[i]; ok {
				ft := tiles[fi]
				if !SameShape(ft.Letter, tt.Letter) {
					t.Logf("  misread %s as %q %.2f: IoU %.2f; %s", tt.Letter, ft.Letter, ft.Conf, IoU(ft.Corners, tt.Outline), onTrue)
				}
				continue
			}
			cause, bi, best := missCause(tiles, tt, scene.Tiles[i].Occluded)
			quad := ""
			if bi >= 0 {
				ft := tiles[bi]
				quad = fmt.Sprintf(" (quad %q %.2f IoU %.2f side x%.2f, %.2f sides off, byLetter %v)",
					ft.Letter, ft.Conf, best, ft.Side/side, dist(ft.Center, polyCentroid(tt.Outline))/side, ft.byLetter)
			}
			t.Logf("  miss %s side %.0f: %s%s; %s", tt.Letter, side, cause, quad, onTrue)
		}
		for j, ft := range tiles {
			if used[j] {
				continue
			}
			where := "on no tile"
			for i, tt := range truth {
				var q [4]Point
				copy(q[:], tt.Outline)
				if insideConvex(q, ft.Center) {
					_, m := matched[i]
					where = fmt.Sprintf("in %s (matched by another quad: %v), IoU %.2f, side x%.2f, %.2f sides off", tt.Letter, m, IoU(ft.Corners, tt.Outline), ft.Side/quadSide(tt.Outline), dist(ft.Center, polyCentroid(tt.Outline))/quadSide(tt.Outline))
					break
				}
			}
			t.Logf("  false %q %.2f byLetter %v: %s", ft.Letter, ft.Conf, ft.byLetter, where)
		}
	}
}

// diagActionsToo reads an English Twists table as the game does
// (games/twists.SetReader): the letters in English, the action tiles by
// the Russian reader where it is surer of one. A copy: games/twists
// imports this package, so its test cannot import games/twists.
type diagActionsToo struct{ letters, actions Reader }

func (a diagActionsToo) Read(tile image.Image) (ocr.Reading, error) {
	l, err := a.letters.Read(tile)
	if err != nil {
		return l, err
	}
	x, err := a.actions.Read(tile)
	if err != nil {
		return l, nil
	}
	switch x.Letter {
	case "skip", "reverse", "give2", "give3":
		if x.Conf > l.Conf {
			return x, nil
		}
	}
	return l, nil
}
