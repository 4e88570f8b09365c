package upwords

import (
	"encoding/json"
	"fmt"
	"image"
	imgdraw "image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// TestUpwordsLetterDiagnosis is a diagnostic, not a check: with
// TILESCOPE_UPW_DIAG=DIR (a render-set directory) it scans every scene
// with the Upwords reader (ocr.ForUpwords, as eval-scan reads) and
// prints every stack whose letter is wrong or taken for empty: the
// scan's reading, and what the main model, en-upw and their pool read
// on the scan's own crop at the board's angle, what the pool and the
// specialist read on the true face's crop, with the crop's edge
// spread (ocr.EdgeSpread, and along each direction: ocr.EdgeSpreads)
// and, when the crop is blurred (ocr.BlurSpread), what the
// reader's specialist for blurred crops reads. Over the set it prints,
// for the stacks whose crop is blurred or nearly (nearGate), how many
// the scan read right and how many the specialist alone reads right on
// the scan's crop and on the true face's.
//
// With TILESCOPE_UPWB_MODEL=FILE (a model file, such as one written by
// make train's -specialist upwords-blur line into another directory) it
// also reads every stack whose crop is blurred with en-blur pooled with
// that model, as ocr.ForUpwords would pool it in place of en-upwb, and
// prints, over the set, how many of those stacks each specialist reads
// right on the scan's own crop, and how many it reads sure (at
// SureConf) and wrong: a candidate model compared before the binary is
// built with it (the scan's other steps, which the specialist's readings
// steer, are not run again).
func TestUpwordsLetterDiagnosis(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_UPW_DIAG")
	rd := upwordsReader(t)
	en, err := ocr.Default("en")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ocr.LoadModel(ocr.SpecialistUpwords)
	if err != nil {
		t.Fatal(err)
	}
	up, err := ocr.NewClassifier(m)
	if err != nil {
		t.Fatal(err)
	}
	spec, ok, err := rd.SpecialistFor(blurredCrop)
	if err != nil || !ok {
		t.Fatalf("the Upwords reader has no specialist for blurred crops (%v)", err)
	}
	cand, candAlone := candidateBlurReader(t, os.Getenv("TILESCOPE_UPWB_MODEL"))
	bm, err := ocr.LoadModel(ocr.SpecialistUpwordsBlur)
	if err != nil {
		t.Fatal(err)
	}
	upwb, err := ocr.NewClassifier(bm)
	if err != nil {
		t.Fatal(err)
	}
	// the readers tallied on blurred crops: the shipped specialist, then
	// the candidate pooled as it would ship and alone
	readers := []*ocr.Classifier{spec}
	tally := blurTally{names: []string{"shipped specialist (en-blur + en-upwb)"}}
	if cand != nil {
		readers = append(readers, cand, candAlone)
		tally.names = append(tally.names, "candidate pooled with en-blur", "candidate alone")
	}
	if os.Getenv("TILESCOPE_UPW_POOLS") != "" {
		// the blurred faces' readers pooled with the main ones
		cls := func(name string) *ocr.Classifier {
			m, err := ocr.LoadModel(name)
			if err != nil {
				t.Fatal(err)
			}
			c, err := ocr.NewClassifier(m)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		eb, ub, e, u := cls(ocr.SpecialistBlur), cls(ocr.SpecialistUpwordsBlur), cls(ocr.English), cls(ocr.SpecialistUpwords)
		for _, set := range []struct {
			name string
			cs   []*ocr.Classifier
		}{
			{"en-blur+en-upwb+en-upw", []*ocr.Classifier{eb, ub, u}},
			{"en-blur+en-upwb+en+en-upw", []*ocr.Classifier{eb, ub, e, u}},
			{"en-upwb+en-upw", []*ocr.Classifier{ub, u}},
			{"en-upwb alone", []*ocr.Classifier{ub}},
		} {
			p, err := ocr.NewPooled(set.cs[0], set.cs[1:]...)
			if err != nil {
				t.Fatal(err)
			}
			readers = append(readers, p)
			tally.names = append(tally.names, set.name)
		}
	}
	tally.right = make([][2]int, len(readers))
	tally.sureWrong = make([][2]int, len(readers))
	tally.trueRight = make([][2]int, len(readers))
	eachFound(t, dir, rd, func(path string, tr *vision.Truth, img image.Image, r *UpwordsReading, turned int) {
		n := tr.Board.Rows
		name := filepath.Base(path)
		kn := ocr.Known{Tile: true, HasAngle: true, Angle: float64(90 * r.Turned)}
		for _, tc := range tr.Cells {
			c := r.Cell(ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n))
			if tc.Height == 0 {
				if c.Height == 0 && c.faint != nil {
					fmt.Printf("DIAG %s %v empty: faint (tile %.2f)\n", name, grid.Pos{Row: tc.Row, Col: tc.Col}, c.Tile)
				}
				continue
			}
			if c.Height == 0 {
				if c.Letter != tc.Letter {
					fmt.Printf("DIAG %s %v %s: empty (tile %.2f, covered %v, faint %v)\n", name, grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, c.Tile, c.Covered, c.faint != nil)
				}
				continue
			}
			face := letterCrop(img, c.Face, 64)
			spreads, err := ocr.EdgeSpreads(face)
			if err != nil {
				t.Fatal(err)
			}
			spread := max(spreads[0], spreads[1]) // ocr.EdgeSpread
			band := tally.band(spread)
			got := make([]ocr.Reading, len(readers))
			if band >= 0 {
				// the specialist of a blurred crop, or the one it would
				// be under a gate lowered to nearGate
				tally.n[band]++
				if c.Letter == tc.Letter {
					tally.scanRight[band]++
				}
				for k, rk := range readers {
					if got[k], err = rk.ReadKnown(face, kn); err != nil {
						t.Fatal(err)
					}
					tally.add(band, k, got[k], tc.Letter)
				}
				// each on the true face: the reader's share of its
				// misses, apart from where the crop lands
				tf := letterCrop(img, trueFace(tc.Corners, c.Face), 64)
				for k, rk := range readers {
					tr, err := rk.ReadKnown(tf, kn)
					if err != nil {
						t.Fatal(err)
					}
					if tr.Letter == tc.Letter {
						tally.trueRight[k][band]++
					}
				}
			} else {
				tally.sharp++
				if c.Letter != tc.Letter {
					tally.sharpWrong++
				}
			}
			if c.Letter == tc.Letter {
				continue
			}
			a, _ := en.(ocr.KnownReader).ReadKnown(face, kn)
			u, _ := up.ReadKnown(face, kn)
			p, _ := rd.ReadKnown(face, kn)
			b, _ := upwb.ReadKnown(face, kn)
			blur := "sharp crop"
			if band >= 0 {
				blur = fmt.Sprintf("%s crop: specialist %s %.2f", bandNames[band], got[0].Letter, got[0].Conf)
				if cand != nil {
					blur += fmt.Sprintf(", candidate %s %.2f, alone %s %.2f", got[1].Letter, got[1].Conf, got[2].Letter, got[2].Conf)
				}
			}
			// the true face's crop, read by the pool and the specialist:
			// what a crop in the right place would read
			tf := letterCrop(img, trueFace(tc.Corners, c.Face), 64)
			tp, _ := rd.ReadKnown(tf, kn)
			ts, _ := spec.ReadKnown(tf, kn)
			tq := trueFace(tc.Corners, c.Face)
			off, side := 0.0, 0.0
			for k := range 4 {
				off += math.Hypot(tq[k].X-c.Face[k].X, tq[k].Y-c.Face[k].Y) / 4
				side += math.Hypot(tq[k].X-tq[(k+1)%4].X, tq[k].Y-tq[(k+1)%4].Y) / 4
			}
			loc := "no located face"
			if c.located != nil {
				lr, _ := spec.ReadKnown(letterCrop(img, c.located.face, 64), kn)
				lo := 0.0
				for k := range 4 {
					lo += math.Hypot(tq[k].X-c.located.face[k].X, tq[k].Y-c.located.face[k].Y) / 4
				}
				loc = fmt.Sprintf("located off %.2f: specialist %s %.2f", lo/side, lr.Letter, lr.Conf)
			}
			if dir := os.Getenv("TILESCOPE_UPW_SAVE"); dir != "" {
				// the scan's crop and the true face's, side by side
				both := image.NewRGBA(image.Rect(0, 0, 128, 64))
				imgdraw.Draw(both, image.Rect(0, 0, 64, 64), face, face.Bounds().Min, imgdraw.Src)
				imgdraw.Draw(both, image.Rect(64, 0, 128, 64), tf, tf.Bounds().Min, imgdraw.Src)
				f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s-r%dc%d-%s-read-%s.png", strings.TrimSuffix(name, ".jpg"), tc.Row, tc.Col, tc.Letter, c.Letter)))
				if err != nil {
					t.Fatal(err)
				}
				if err := png.Encode(f, both); err != nil {
					t.Fatal(err)
				}
				f.Close()
			}
			fmt.Printf("DIAGOFF %s %v %s: face off %.2f of %.0f px side; %s\n", name, grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, off/side, side, loc)
			fmt.Printf("DIAG %s %v %s: read %s %.2f sure %v height %d/%d | en %s %.2f upw %s %.2f pool %s %.2f upwb %s %.2f | true face: pool %s %.2f, specialist %s %.2f | spread %.3f (x, y, diagonals %.3f), %s | %s blur %.1f motion %.1f at %.0f noise %.1f glare %.2f exposure %.2f ambient %.2f | %s\n",
				name, grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, c.Letter, c.Conf, c.Sure, c.Height, tc.Height, a.Letter, a.Conf, u.Letter, u.Conf, p.Letter, p.Conf, b.Letter, b.Conf,
				tp.Letter, tp.Conf, ts.Letter, ts.Conf, spread, spreads, blur, tr.Conditions["difficulty"], num(tr.Conditions["blur_px"]), num(tr.Conditions["motion_px"]), num(tr.Conditions["motion_deg"]),
				num(tr.Conditions["noise"]), num(tr.Conditions["glare"]), num(tr.Conditions["exposure"]), num(tr.Conditions["ambient"]), sceneTypeface(t, path))
		}
	})
	fmt.Print(tally.String())
}

// sceneTypeface is the typeface the scene at path (a render-set
// image) was drawn in: the seed its truth records, drawn from the list
// TILESCOPE_UPW_TYPEFACES (the set's --typefaces) when given, else from
// render.Typefaces as render-set draws it.
func sceneTypeface(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(strings.TrimSuffix(path, filepath.Ext(path)) + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var head struct {
		Seed int64 `json:"seed"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	opt := render.Options{Seed: head.Seed}
	if names := os.Getenv("TILESCOPE_UPW_TYPEFACES"); names != "" {
		opt.Typeface = render.SceneTypeface(strings.Split(names, ","), head.Seed)
	}
	return render.TypefaceOf(opt).Name
}

// candidateBlurReader is en-blur pooled with the model in file, as
// ocr.ForUpwords pools en-upwb for blurred crops, and that model alone;
// nil when file is "".
func candidateBlurReader(t *testing.T, file string) (pooled, alone *ocr.Classifier) {
	t.Helper()
	if file == "" {
		return nil, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cm, err := ocr.DecodeModel(b)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	bm, err := ocr.LoadModel(ocr.SpecialistBlur)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := ocr.NewClassifier(bm)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ocr.NewClassifier(cm)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := ocr.NewPooled(eb, c)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return pool, c
}

// nearGate is the low end of the band of crops just under the blur
// gate (ocr.BlurSpread) whose readings the diagnosis also tallies: what
// a gate lowered that far would hand the specialist.
const nearGate = 0.06

var bandNames = [2]string{"blurred", "nearly blurred"}

// blurredCrop is a crop blurred enough to pass any gate (a smear): its
// SpecialistFor is the reader's specialist.
var blurredCrop = func() image.Image {
	m := image.NewGray(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			m.Pix[y*64+x] = uint8(60 + x + y)
		}
	}
	return m
}()

// blurTally counts, over the stacks a scan found whose crop is blurred
// (band 0: at least ocr.BlurSpread) or nearly (band 1: nearGate to
// BlurSpread), what each reader named reads on the scan's own crop,
// beside the scan's own letters, and on the true face's crop.
type blurTally struct {
	names             []string
	sharp, sharpWrong int
	n, scanRight      [2]int
	// by reader, by band: right and sure and wrong on the scan's crop,
	// right on the true face's
	right, sureWrong, trueRight [][2]int
}

// band is the band of a crop of edge spread s, or -1 for a sharp one.
func (b *blurTally) band(s float64) int {
	switch {
	case s >= ocr.BlurSpread:
		return 0
	case s >= nearGate:
		return 1
	}
	return -1
}

func (b *blurTally) add(band, k int, r ocr.Reading, truth string) {
	switch {
	case r.Letter == truth:
		b.right[k][band]++
	case r.Conf >= SureConf:
		b.sureWrong[k][band]++
	}
}

func (b *blurTally) String() string {
	s := fmt.Sprintf("DIAG stacks found %d: %d on sharp crops (spread under %.3f; the scan read %d wrong)\n",
		b.sharp+b.n[0]+b.n[1], b.sharp, nearGate, b.sharpWrong)
	for band := range 2 {
		s += fmt.Sprintf("DIAG %s crops (%s): %d, the scan read %d right\n", bandNames[band],
			[]string{"spread at least ocr.BlurSpread", "spread from nearGate to ocr.BlurSpread"}[band], b.n[band], b.scanRight[band])
		for k, name := range b.names {
			s += fmt.Sprintf("DIAG   %s on the scan's crop: right %d, sure (>= %.2f) and wrong %d; on the true face's: right %d\n",
				name, b.right[k][band], SureConf, b.sureWrong[k][band], b.trueRight[k][band])
		}
	}
	return s
}
