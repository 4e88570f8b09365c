package upwords

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/dataset"
	"github.com/tilescope/tilescope/vision/render"
)

// TestUpwordsFaceConditions is a diagnostic, not a check: with
// TILESCOPE_UPW_FACES=DIR[=FACE,FACE...][;DIR...] (render-set
// directories, each with the --typefaces it was drawn with, if any) it
// cuts every stack's true top face (dataset.SceneCrops: the reader's own
// share of the letters, apart from where the board reader places its
// crops; a random quarter turn, read at the board's known direction)
// and reads it as the Upwords reader reads a stack's first letter
// (ocr.ForUpwords, the blurred faces' cascade: on a blurred crop a
// reading under CascadeUnsure replaced by the specialist's, a surer one
// overruled at CascadeOverrule), by the pool alone and by the
// specialist alone; with TILESCOPE_UPWB_MODEL=FILE also by the cascade
// with that model in en-upwb's place. It prints, for each condition the
// scene or the crop shows (blurred or shaken, dim, low contrast, under
// part of a hand, a deep shadow, the typeface), the letters each reads
// right and its calibration: how many it reads at SureConf or more and
// how many of those are wrong.
func TestUpwordsFaceConditions(t *testing.T) {
	spec := os.Getenv("TILESCOPE_UPW_FACES")
	if spec == "" {
		t.Skip("set TILESCOPE_UPW_FACES to render-set directories")
	}
	rd := upwordsReader(t)
	sp, ok, err := rd.SpecialistFor(blurredCrop)
	if err != nil || !ok {
		t.Fatalf("the Upwords reader has no specialist for blurred crops (%v)", err)
	}
	cand, _ := candidateBlurReader(t, os.Getenv("TILESCOPE_UPWB_MODEL"))
	type reader struct {
		name string
		read func(img faceCrop) ocr.Reading
	}
	cascade := func(s *ocr.Classifier) func(f faceCrop) ocr.Reading {
		return func(f faceCrop) ocr.Reading {
			first := f.first
			if !f.blurred || s == nil {
				return first
			}
			r, err := s.ReadKnown(f.img, f.kn)
			if err != nil {
				t.Fatal(err)
			}
			if first.Conf < ocr.CascadeUnsure || (r.Letter != first.Letter && r.Conf >= ocr.CascadeOverrule) {
				return r
			}
			return first
		}
	}
	readers := []reader{
		{"pool", func(f faceCrop) ocr.Reading { return f.first }},
		{"cascade", cascade(sp)},
		{"specialist", func(f faceCrop) ocr.Reading {
			r, err := sp.ReadKnown(f.img, f.kn)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}},
	}
	if os.Getenv("TILESCOPE_UPW_STRETCH") != "" {
		// the crop's contrast stretched to its own ink and face, or
		// smoothed, before the cascade reads it
		for _, v := range []struct {
			name string
			fn   func(image.Image) image.Image
		}{{"stretched", stretchFace}, {"smoothed", smoothFace}} {
			readers = append(readers, reader{v.name, func(f faceCrop) ocr.Reading {
				g := faceCrop{img: v.fn(f.img), kn: f.kn, blurred: f.blurred}
				var err error
				if g.first, err = rd.ReadKnown(g.img, g.kn); err != nil {
					t.Fatal(err)
				}
				return cascade(sp)(g)
			}})
		}
	}
	if cand != nil {
		readers = append(readers, reader{"cand cascade", cascade(cand)}, reader{"cand specialist", func(f faceCrop) ocr.Reading {
			r, err := cand.ReadKnown(f.img, f.kn)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}})
	}
	type tally struct{ n, right, sure, sureWrong, blurred int }
	cond := map[string][]tally{}
	var order []string
	add := func(c string, k int, right, sure, blurred bool) {
		if _, ok := cond[c]; !ok {
			cond[c] = make([]tally, len(readers))
			order = append(order, c)
		}
		tl := &cond[c][k]
		tl.n++
		if right {
			tl.right++
		}
		if sure {
			tl.sure++
			if !right {
				tl.sureWrong++
			}
		}
		if blurred {
			tl.blurred++
		}
	}
	for _, ds := range strings.Split(spec, ";") {
		dir, faces, _ := strings.Cut(ds, "=")
		var names []string
		if faces != "" {
			names = strings.Split(faces, ",")
		}
		truths := map[string]*render.Truth{}
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var tr render.Truth
			if err := json.Unmarshal(b, &tr); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			truths[strings.TrimSuffix(filepath.Base(f), ".json")] = &tr
		}
		crops, err := dataset.SceneCrops(dir, "", dataset.ModeWarp)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range crops {
			if c.Letter == "" {
				continue
			}
			scene, pos, _ := strings.Cut(c.Name, "#")
			tr := truths[scene]
			var row, col int
			if _, err := fmt.Sscanf(pos, "%d,%d", &row, &col); err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			hidden := 0.0
			for _, tc := range tr.Cells {
				if tc.Row == row && tc.Col == col {
					hidden = tc.Hidden
				}
			}
			f := faceCrop{img: c.Image, kn: ocr.Known{Tile: true, HasAngle: true, Angle: c.Angle}}
			if f.first, err = rd.ReadKnown(c.Image, f.kn); err != nil {
				t.Fatal(err)
			}
			spread, err := ocr.EdgeSpread(c.Image)
			if err != nil {
				t.Fatal(err)
			}
			f.blurred = spread >= ocr.BlurSpread
			lo, hi := faceLevels(c.Image)
			cs := tr.Conditions
			var conds []string
			shaken := cs.Blur >= 2 || cs.MotionPx >= 3
			if shaken {
				conds = append(conds, "scene blurred/shaken")
			}
			if f.blurred {
				conds = append(conds, "crop blurred (gate)")
			}
			if hi < 0.45 {
				conds = append(conds, "dim face (p95<0.45)")
			}
			if hi-lo < 0.2 {
				conds = append(conds, "low contrast (<0.2)")
			}
			if (hi < 0.45 || hi-lo < 0.2) && shaken {
				conds = append(conds, "dim or faint AND shaken")
			}
			if hidden > 0 {
				conds = append(conds, "part under a hand")
			}
			if cs.Shadow >= 0.5 {
				conds = append(conds, "scene shadow >= 0.5")
			}
			if len(conds) == 0 {
				conds = append(conds, "none of these")
			}
			conds = append(conds, "all")
			if tf := render.SceneTypeface(names, tr.Seed); tf != "" {
				conds = append(conds, "face "+tf)
			}
			for k, r := range readers {
				got := r.read(f)
				right := got.Letter == c.Letter
				for _, cn := range conds {
					add(cn, k, right, got.Conf >= SureConf, f.blurred)
				}
			}
		}
	}
	slices.Sort(order)
	for _, c := range order {
		line := fmt.Sprintf("%-26s n %4d (blurred %4d):", c, cond[c][0].n, cond[c][0].blurred)
		for k, r := range readers {
			tl := cond[c][k]
			line += fmt.Sprintf("  %s %d (%.1f%%) sure %d wrong %d;", r.name, tl.right, 100*float64(tl.right)/float64(max(1, tl.n)), tl.sure, tl.sureWrong)
		}
		fmt.Println("FACES", line)
	}
}

// faceCrop is one stack's true face as the diagnosis reads it: the
// crop, what the reader knows of it, its first reading and whether it is
// blurred (ocr.BlurSpread).
type faceCrop struct {
	img     image.Image
	kn      ocr.Known
	first   ocr.Reading
	blurred bool
}

// faceLevels are the 5th and 95th percentiles of the grey levels (0-1)
// of a crop's centre half: its ink and its face, as lit.
func faceLevels(img image.Image) (lo, hi float64) {
	b := img.Bounds()
	var v []float64
	for y := b.Min.Y + b.Dy()/4; y < b.Max.Y-b.Dy()/4; y++ {
		for x := b.Min.X + b.Dx()/4; x < b.Max.X-b.Dx()/4; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			v = append(v, (0.299*float64(r)+0.587*float64(g)+0.114*float64(bl))/65535)
		}
	}
	if len(v) == 0 {
		return 0, 0
	}
	slices.Sort(v)
	return v[len(v)*5/100], v[len(v)*95/100]
}

// stretchFace is the crop with its grey levels stretched, every channel
// alike, so that its centre's 5th percentile (the ink) is black and its
// 95th (the face) white.
func stretchFace(img image.Image) image.Image {
	lo, hi := faceLevels(img)
	if hi-lo < 0.02 {
		return img
	}
	b := img.Bounds()
	out := image.NewRGBA(b)
	k := 1 / (hi - lo)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := func(v uint32) uint8 { return uint8(255 * min(1, max(0, (float64(v)/65535-lo)*k))) }
			out.SetRGBA(x, y, color.RGBA{c(r), c(g), c(bl), 255})
		}
	}
	return out
}

// smoothFace is the crop averaged over 3x3 pixels (the sensor's noise
// of a dim face lessened).
func smoothFace(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			var s [3]uint32
			n := uint32(0)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					p := image.Pt(x+dx, y+dy)
					if !p.In(b) {
						continue
					}
					r, g, bl, _ := img.At(p.X, p.Y).RGBA()
					s[0], s[1], s[2] = s[0]+r>>8, s[1]+g>>8, s[2]+bl>>8
					n++
				}
			}
			out.SetRGBA(x, y, color.RGBA{uint8(s[0] / n), uint8(s[1] / n), uint8(s[2] / n), 255})
		}
	}
	return out
}
