package upwords

import (
	"fmt"
	"image"
	imgdraw "image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestCropTrace is a diagnostic, not a check: with TILESCOPE_CROPTRACE=DIR
// (a render-set directory) it scans every scene as eval-scan does and,
// for every stack whose letter is misread (or not read) at the right
// height, prints where the scan's face lies against the true face: the
// centres apart in the face's side, split along the square's parallax
// line (in levels: towards the camera is +), across it, and along the
// photo's shake; whether the true face's crop reads right (the scan's
// reader, the specialist on a blurred crop), and what crops moved along
// the face's axes and grown read. Over all the stacks it tallies what
// each candidate second read (cropRules) would mend and break. With
// TILESCOPE_CROPTRACE_SAVE=DIR it writes the scan's crop beside the true
// face's.
func TestCropTrace(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_CROPTRACE")
	save := os.Getenv("TILESCOPE_CROPTRACE_SAVE")
	rd := upwordsReader(t)
	geo := UpwordsGeometry
	type tally struct{ mended, broken, asked int }
	rules := cropRules()
	if os.Getenv("TILESCOPE_CROPTRACE_RULES") == "" {
		rules = nil
	}
	tl := make([]tally, len(rules))
	causes := map[string]int{}
	eachFound(t, dir, rd, func(path string, tr *vision.Truth, img image.Image, r *UpwordsReading, turned int) {
		n := tr.Board.Rows
		name := strings.TrimSuffix(filepath.Base(path), ".jpg")
		kn := ocr.Known{Tile: true, HasAngle: true, Angle: float64(90 * r.Turned)}
		mdeg := num(tr.Conditions["motion_deg"])
		mpx := num(tr.Conditions["motion_px"])
		for _, tc := range tr.Cells {
			if tc.Height == 0 {
				continue
			}
			p := ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n)
			c := r.Cell(p)
			if c.Height == 0 {
				continue
			}
			cam := turnPos(c.Pos, n, (4-r.Turned)%4)
			reader := func(face image.Image) faceReader {
				sp, blurred, err := rd.SpecialistFor(face)
				if err != nil {
					t.Fatal(err)
				}
				if blurred {
					return blurredFaceReader(sp, r.TurnSure)
				}
				return rd
			}
			read := func(q vision.Quad) ocr.Reading {
				f := letterCrop(img, q, 64)
				got, err := reader(f).ReadKnown(f, kn)
				if err != nil {
					t.Fatal(err)
				}
				return got
			}
			// every candidate rule on this stack, its crops read once
			cache := map[vision.Quad]ocr.Reading{}
			cread := func(q vision.Quad) ocr.Reading {
				if got, ok := cache[q]; ok {
					return got
				}
				got := read(q)
				cache[q] = got
				return got
			}
			own := letterCrop(img, c.Face, 64)
			_, blurred, err := rd.SpecialistFor(own)
			if err != nil {
				t.Fatal(err)
			}
			vote := func(qs []vision.Quad) ocr.Reading {
				crops := make([]image.Image, len(qs))
				for i, q := range qs {
					crops[i] = letterCrop(img, q, 64)
				}
				var vr ocr.VoteReader = rd
				if blurred {
					sp, _, _ := rd.SpecialistFor(own)
					vr = blurredFaceReader(sp, r.TurnSure).(ocr.VoteReader)
				}
				got, err := vr.ReadVote(crops, kn)
				if err != nil {
					t.Fatal(err)
				}
				return got
			}
			for k, rule := range rules {
				got, asked := rule.fn(c, cread, vote, blurred)
				if !asked {
					continue
				}
				tl[k].asked++
				if got.Letter == "" || got.Letter == c.Letter {
					continue
				}
				switch {
				case got.Letter == tc.Letter:
					tl[k].mended++
				case c.Letter == tc.Letter:
					tl[k].broken++
				}
				if os.Getenv("TILESCOPE_CROPTRACE_RULE") == rule.name {
					qs := cropMoves(c.Face, 0.1, true)
					v := vote(append([]vision.Quad{c.Face}, qs...))
					var each []string
					for _, q := range qs {
						g := cread(q)
						each = append(each, fmt.Sprintf("%s%.2f", g.Letter, g.Conf))
					}
					fmt.Printf("CHANGE %s %v %s%d read %s%d %.2f -> %s %.2f | vote %s %.2f | crops %s\n", name, grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, tc.Height, c.Letter, c.Height, c.Conf, got.Letter, got.Conf, v.Letter, v.Conf, strings.Join(each, " "))
				}
			}
			if c.Letter == tc.Letter || c.Height != tc.Height {
				continue
			}
			tq := trueFace(tc.Corners, c.Face)
			side := 0.0
			for k := range 4 {
				side += math.Hypot(tq[k].X-tq[(k+1)%4].X, tq[k].Y-tq[(k+1)%4].Y) / 4
			}
			sc, tcn := c.Face.Centre(), tq.Centre()
			dx, dy := tcn.X-sc.X, tcn.Y-sc.Y
			// the parallax line: a level up moves the face by lv
			a := faceCentre(&r.Pose, cam.Row, cam.Col, float64(c.Height), geo)
			b := faceCentre(&r.Pose, cam.Row, cam.Col, float64(c.Height+1), geo)
			lx, ly := b.X-a.X, b.Y-a.Y
			ll := math.Hypot(lx, ly)
			along, across := 0.0, 0.0
			if ll > 0 {
				along = (dx*lx + dy*ly) / (ll * ll)
				across = (-dx*ly + dy*lx) / ll / side
			}
			shake := math.Abs(dx*math.Cos(mdeg*math.Pi/180)+dy*math.Sin(mdeg*math.Pi/180)) / side
			off := math.Hypot(dx, dy) / side
			trueRead := read(tq)
			// crops moved along the face's axes, and grown
			best, bestAt := ocr.Reading{}, ""
			rights := []string{}
			for _, du := range []float64{-0.2, -0.1, 0, 0.1, 0.2} {
				for _, dv := range []float64{-0.2, -0.1, 0, 0.1, 0.2} {
					for _, s := range []float64{1, 1.25} {
						if du == 0 && dv == 0 && s == 1 {
							continue
						}
						got := read(jitterQuad(c.Face, du, dv, s))
						at := fmt.Sprintf("%+.1f,%+.1f,x%.2f", du, dv, s)
						if got.Letter == tc.Letter {
							rights = append(rights, fmt.Sprintf("%s:%.2f", at, got.Conf))
						}
						if got.Conf > best.Conf {
							best, bestAt = got, at
						}
					}
				}
			}
			cause := "crop on the face (<0.1)"
			switch {
			case off >= 0.1 && math.Abs(along) >= 0.5:
				cause = "a level or more off along the parallax"
			case off >= 0.1 && mpx >= 3 && shake >= 0.7*off:
				cause = "off along the shake"
			case off >= 0.1:
				cause = "off 0.1+ (other)"
			}
			if trueRead.Letter == tc.Letter {
				cause += "; true face reads right"
			} else {
				cause += "; true face reads wrong"
			}
			causes[cause]++
			sort.Strings(rights)
			fmt.Printf("TRACE %s %v %s%d read %s %.2f | off %.2f of %.0f px (along %+.2f levels, across %+.2f, shake %.2f of %.1f px at %.0f) | true face %s %.2f | surest moved %s %.2f at %s | right at %d: %s | blur %.1f noise %.1f\n",
				name, grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, tc.Height, c.Letter, c.Conf, off, side, along, across, shake, mpx, mdeg,
				trueRead.Letter, trueRead.Conf, best.Letter, best.Conf, bestAt, len(rights), strings.Join(rights, " "),
				num(tr.Conditions["blur_px"]), num(tr.Conditions["noise"]))
			if save != "" {
				face := letterCrop(img, c.Face, 64)
				tf := letterCrop(img, tq, 64)
				both := image.NewRGBA(image.Rect(0, 0, 128, 64))
				imgdraw.Draw(both, image.Rect(0, 0, 64, 64), face, face.Bounds().Min, imgdraw.Src)
				imgdraw.Draw(both, image.Rect(64, 0, 128, 64), tf, tf.Bounds().Min, imgdraw.Src)
				f, err := os.Create(filepath.Join(save, fmt.Sprintf("%s-%s-r%dc%d-%s-read-%s.png", filepath.Base(dir), name, tc.Row, tc.Col, tc.Letter, c.Letter)))
				if err != nil {
					t.Fatal(err)
				}
				if err := png.Encode(f, both); err != nil {
					t.Fatal(err)
				}
				f.Close()
			}
		}
	})
	keys := make([]string, 0, len(causes))
	for k := range causes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("CAUSE %3d %s\n", causes[k], k)
	}
	for k, rule := range rules {
		fmt.Printf("RULE %-40s asked %4d mended %3d broken %3d\n", rule.name, tl[k].asked, tl[k].mended, tl[k].broken)
	}
}

// cropRule is a candidate second read of a stack's letter, for
// TestCropTrace: the letter it would give the stack (none to leave it),
// and whether it was asked at all. read reads one crop (the specialist
// on a blurred one), vote pools crops as the face's reader pools them,
// blurred says whether the stack's own crop is blurred.
type cropRule struct {
	name string
	fn   func(c Cell, read func(vision.Quad) ocr.Reading, vote func([]vision.Quad) ocr.Reading, blurred bool) (ocr.Reading, bool)
}

// cropMoves are the crops the rules read: moved by s of the side along
// either axis both ways, and grown.
func cropMoves(q vision.Quad, s float64, grow bool) []vision.Quad {
	out := []vision.Quad{jitterQuad(q, -s, 0, 1), jitterQuad(q, s, 0, 1), jitterQuad(q, 0, -s, 1), jitterQuad(q, 0, s, 1)}
	if grow {
		out = append(out, jitterQuad(q, 0, 0, 1.25))
	}
	return out
}

// cropRules are the candidates TestCropTrace tallies: a letter other
// than the stack's read on at least need of the moved crops (cropMoves),
// under a gate on the stack's confidence.
func cropRules() []cropRule {
	var rules []cropRule
	for _, gate := range []float64{0.95, 0.99, 1.01} {
		for _, shift := range []float64{0.1, 0.15, 0.2} {
			for _, need := range []int{4, 5} {
				for _, blurOnly := range []bool{false, true} {
					gate, shift, need, blurOnly := gate, shift, need, blurOnly
					tag := fmt.Sprintf("most%d gate %.2f shift %.2f blur %-5v", need, gate, shift, blurOnly)
					rules = append(rules, cropRule{name: tag, fn: func(c Cell, read func(vision.Quad) ocr.Reading, vote func([]vision.Quad) ocr.Reading, blurred bool) (ocr.Reading, bool) {
						if c.Letter == "" || c.Conf >= gate || blurOnly && !blurred {
							return ocr.Reading{}, false
						}
						count := map[string]int{}
						var best ocr.Reading
						for _, q := range cropMoves(c.Face, shift, true) {
							got := read(q)
							count[got.Letter]++
							if got.Letter != c.Letter && got.Letter != "" && count[got.Letter] >= need && got.Conf > best.Conf {
								best = got
							}
						}
						return best, true
					}})
				}
			}
		}
	}
	// upwletter's candidates: the production rule (most4, 0.95, 0.1,
	// blurred crops), without I taken from the moved crops, with an
	// agreeing crop at floor or more; and a second read of a stack first
	// read I (the stem any crop of a T, L or F can show).
	for _, noI := range []bool{false, true} {
		for _, floor := range []float64{0, 0.7} {
			noI, floor := noI, floor
			rules = append(rules, cropRule{name: fmt.Sprintf("prod noI %v floor %.1f", noI, floor), fn: func(c Cell, read func(vision.Quad) ocr.Reading, vote func([]vision.Quad) ocr.Reading, blurred bool) (ocr.Reading, bool) {
				if c.Letter == "" || c.Conf >= 0.95 || !blurred {
					return ocr.Reading{}, false
				}
				count := map[string]int{}
				surest := map[string]ocr.Reading{}
				for _, q := range cropMoves(c.Face, 0.1, true) {
					got := read(q)
					count[got.Letter]++
					if got.Conf >= surest[got.Letter].Conf {
						surest[got.Letter] = got
					}
				}
				var best ocr.Reading
				for l, n := range count {
					if l != "" && l != c.Letter && n >= 4 && !(noI && l == "I") && surest[l].Conf >= floor {
						best = surest[l]
					}
				}
				return best, true
			}})
		}
	}
	for _, gate := range []float64{0.95, 0.99} {
		for _, shift := range []float64{0.1, 0.2} {
			for _, need := range []int{2, 3, 4} {
				for _, floor := range []float64{0.5, 0.7} {
					gate, shift, need, floor := gate, shift, need, floor
					rules = append(rules, cropRule{name: fmt.Sprintf("I gate %.2f shift %.1f need %d floor %.1f", gate, shift, need, floor), fn: func(c Cell, read func(vision.Quad) ocr.Reading, vote func([]vision.Quad) ocr.Reading, blurred bool) (ocr.Reading, bool) {
						if c.Letter != "I" || c.Conf >= gate {
							return ocr.Reading{}, false
						}
						count := map[string]int{}
						surest := map[string]ocr.Reading{}
						for _, q := range cropMoves(c.Face, shift, true) {
							got := read(q)
							count[got.Letter]++
							if got.Conf >= surest[got.Letter].Conf {
								surest[got.Letter] = got
							}
						}
						var best ocr.Reading
						for l, n := range count {
							if l != "" && l != "I" && n >= need && surest[l].Conf >= floor && (best.Letter == "" || n > count[best.Letter]) {
								best = surest[l]
							}
						}
						return best, true
					}})
				}
			}
		}
	}
	return rules
}
