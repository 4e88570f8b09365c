package main

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// TestScrDegraded: a scene drawn again degraded (-scr-degrade) is the
// same scene (camera, board, light, seed) with its optics made worse:
// never less blur, noise or compression than drawn, motion blur or a
// smaller picture only within their ranges, and the same draw for the
// same stream.
func TestScrDegraded(t *testing.T) {
	var motion, smaller int
	for s := int64(1); s <= 60; s++ {
		opt, err := render.RandomOptions(60000+s, "mixed")
		if err != nil {
			t.Fatal(err)
		}
		opt.FitGame("scrabble")
		opt.Width, opt.Height = 1640, 1232
		d := scrDegraded(opt, rand.New(rand.NewPCG(1, uint64(s))))
		again := scrDegraded(opt, rand.New(rand.NewPCG(1, uint64(s))))
		if d != again {
			t.Fatalf("seed %d: two draws from the same stream differ: %+v, %+v", s, d, again)
		}
		k := float64(d.Width) / 1640
		if d.Width != 1640 {
			smaller++
			if k < 0.55-1e-9 || k > 0.8+1e-3 || math.Abs(float64(d.Height)/1232-k) > 2e-3 {
				t.Errorf("seed %d: picture %dx%d, want 0.55-0.8 of 1640x1232", s, d.Width, d.Height)
			}
		}
		if d.Blur < math.Min(opt.Blur, 0.8)*k-1e-9 || d.Blur > math.Max(opt.Blur, 3)*k+1e-9 {
			t.Errorf("seed %d: blur %g from %g (scale %g)", s, d.Blur, opt.Blur, k)
		}
		if d.MotionPx != opt.MotionPx*k {
			motion++
			if d.MotionPx > math.Max(opt.MotionPx, 9)*k+1e-9 || d.MotionPx < 2*k-1e-9 {
				t.Errorf("seed %d: motion %g px (scale %g)", s, d.MotionPx, k)
			}
		}
		if d.Noise < opt.Noise || d.Quality > opt.Quality || d.Quality < 50 {
			t.Errorf("seed %d: noise %g from %g, quality %d from %d", s, d.Noise, opt.Noise, d.Quality, opt.Quality)
		}
		if d.Seed != opt.Seed || d.TiltDeg != opt.TiltDeg || d.YawDeg != opt.YawDeg || d.HeightMM != opt.HeightMM || d.Table != opt.Table || d.Hand != opt.Hand {
			t.Errorf("seed %d: the scene changed, not only its optics: %+v from %+v", s, d, opt)
		}
	}
	if motion < 20 || smaller < 10 {
		t.Errorf("over 60 scenes %d drew motion blur and %d a smaller picture, want about 40 and 20", motion, smaller)
	}
}

// TestScrDegradedSameScene: the degraded copy of a scene shows the same
// board where the first does (scaled with the picture), so its squares
// are cut where the truth says.
func TestScrDegradedSameScene(t *testing.T) {
	const sceneSeed = 60003
	state, err := render.RandomState("scrabble", sceneSeed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(sceneSeed, "mixed")
	if err != nil {
		t.Fatal(err)
	}
	opt.FitGame("scrabble")
	opt.Width, opt.Height = 1640, 1232
	var d render.Options
	for s := uint64(0); ; s++ {
		if d = scrDegraded(opt, rand.New(rand.NewPCG(1, s))); d.Width != 1640 {
			break
		}
	}
	a, err := render.Render("scrabble", state, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := render.Render("scrabble", state, d)
	if err != nil {
		t.Fatal(err)
	}
	k := float64(d.Width) / 1640
	for i := range a.Truth.Board.Corners {
		for j := 0; j < 2; j++ {
			// pixel centres: x' + 0.5 = k (x + 0.5)
			want := k*(a.Truth.Board.Corners[i][j]+0.5) - 0.5
			if got := b.Truth.Board.Corners[i][j]; math.Abs(got-want) > 2 {
				t.Errorf("corner %d: %g in the degraded picture, want %g (the first's scaled by %g)", i, got, want, k)
			}
		}
	}
}

// TestScrTypeface: -scr-typefaces draws a scene's typeface from
// render.MoreTypefaces, never one held out for measuring, for about the
// share of scenes asked, the same for the same scene, and none at 0.
func TestScrTypeface(t *testing.T) {
	more := map[string]bool{}
	for _, tf := range render.MoreTypefaces() {
		more[tf.Name] = true
	}
	if len(more) == 0 {
		t.Fatal("render.MoreTypefaces: none installed")
	}
	for _, tc := range []struct {
		name     string
		share    float64
		min, max int // scenes of 200 drawn in another typeface
	}{
		{"none", 0, 0, 0},
		{"half", 0.5, 70, 130},
		{"all", 1, 200, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 0
			for s := int64(60001); s <= 60200; s++ {
				name := scrTypeface(s, tc.share)
				if name != scrTypeface(s, tc.share) {
					t.Fatalf("scene %d: two draws differ", s)
				}
				if name == "" {
					continue
				}
				n++
				if !more[name] || scrHeldOutFaces[name] {
					t.Errorf("scene %d: typeface %q (installed beyond Typefaces: %v, held out: %v)", s, name, more[name], scrHeldOutFaces[name])
				}
			}
			if n < tc.min || n > tc.max {
				t.Errorf("%d of 200 scenes in another typeface, want %d-%d", n, tc.min, tc.max)
			}
		})
	}
}

// TestScrDarkTile: -scr-dark gives about the share of scenes asked a dark
// wooden tile colour (red-brown: red under 0.8, green under red, blue
// under green), the same for the same scene, and none at 0.
func TestScrDarkTile(t *testing.T) {
	for _, tc := range []struct {
		name     string
		share    float64
		min, max int // scenes of 200 with dark tiles
	}{
		{"none", 0, 0, 0},
		{"third", 0.3, 40, 80},
		{"all", 1, 200, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 0
			for s := int64(60001); s <= 60200; s++ {
				c := scrDarkTile(s, tc.share)
				if c != scrDarkTile(s, tc.share) {
					t.Fatalf("scene %d: two draws differ", s)
				}
				if c == [3]float64{} {
					continue
				}
				n++
				if c[0] < 0.45 || c[0] > 0.8 || c[1] >= c[0] || c[2] >= c[1] || c[2] <= 0 {
					t.Errorf("scene %d: tile colour %v is not dark wood", s, c)
				}
			}
			if n < tc.min || n > tc.max {
				t.Errorf("%d of 200 scenes with dark tiles, want %d-%d", n, tc.min, tc.max)
			}
		})
	}
}

// TestScrDarkScene: -scr-dark-look varies the dark scenes only (the same
// scenes scrDarkTile makes dark), within its ranges: wood from pale
// red-brown to dark walnut, exposure 0.75-1.05 of the drawn one, white
// balance -0.7..+0.8; the scenes not dark are as drawn, and the same
// scene gets the same look.
func TestScrDarkScene(t *testing.T) {
	for _, tc := range []struct {
		name     string
		share    float64
		min, max int // scenes of 200 varied
	}{
		{"none", 0, 0, 0},
		{"half", 0.5, 70, 130},
		{"all", 1, 200, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, dim, cool, warm, redder := 0, 0, 0, 0, 0
			for s := int64(60001); s <= 60200; s++ {
				opt, err := render.RandomOptions(s, "mixed")
				if err != nil {
					t.Fatal(err)
				}
				got := scrDarkScene(opt, s, tc.share)
				if got != scrDarkScene(opt, s, tc.share) {
					t.Fatalf("scene %d: two draws differ", s)
				}
				dark := scrDarkTile(s, tc.share) != [3]float64{}
				if !dark {
					if got != opt {
						t.Errorf("scene %d: not a dark scene, yet changed: %+v", s, got)
					}
					continue
				}
				n++
				c := got.ScrabbleTile
				if c[0] < 0.35 || c[0] > 0.85 || c[1] < 0.45*c[0]-1e-9 || c[1] > 0.72*c[0]+1e-9 || c[2] < 0.45*c[1]-1e-9 || c[2] > 0.85*c[1]+1e-9 {
					t.Errorf("scene %d: tile colour %v out of range", s, c)
				}
				if c[1] < 0.55*c[0] {
					redder++
				}
				e := opt.Exposure
				if e == 0 {
					e = 1
				}
				if k := got.Exposure / e; k < 0.75-1e-4 || k > 1.05+1e-4 {
					t.Errorf("scene %d: exposure %g of the drawn one, want 0.75-1.05", s, k)
				} else if k < 0.9 {
					dim++
				}
				switch w := got.Warmth; {
				case w < -0.7 || w > 0.8:
					t.Errorf("scene %d: warmth %g, want -0.7..0.8", s, w)
				case w < -0.3:
					cool++
				case w > 0.3:
					warm++
				}
				if got.Seed != opt.Seed || got.TiltDeg != opt.TiltDeg || got.Table != opt.Table || got.Blur != opt.Blur {
					t.Errorf("scene %d: more than its look changed", s)
				}
			}
			if n < tc.min || n > tc.max {
				t.Errorf("%d of 200 scenes varied, want %d-%d", n, tc.min, tc.max)
			}
			if n > 50 && (dim < n/6 || cool < n/8 || warm < n/8 || redder < n/8) {
				t.Errorf("of %d dark scenes %d dimmer, %d cooler, %d warmer, %d redder than scrDarkTile's: the ranges are not covered", n, dim, cool, warm, redder)
			}
		})
	}
}

// TestScrPrint: -scr-prints draws each scene's premium print from the
// list only, the same for the same scene, every print of the list for
// some scene, and none (the renderer's own draw) for an empty list; with
// -scr-prints-share below 1 about that share of the scenes take a print
// (the one the whole list would draw them), the others the classic "".
func TestScrPrint(t *testing.T) {
	const all = "classic,words,letters,numbers,german,spanish,plain"
	for _, tc := range []struct {
		name, list string
		share      float64
		want       []string
		// printed: the scenes of 200 drawn in a print of the list
		minPrinted, maxPrinted int
	}{
		{"renderer's draw", "", 1, []string{""}, 0, 0},
		{"one print", "classic", 1, []string{"classic"}, 200, 200},
		{"all but french", all, 1, []string{"classic", "words", "letters", "numbers", "german", "spanish", "plain"}, 200, 200},
		{"a third of the scenes", all, 0.34, []string{"", "classic", "words", "letters", "numbers", "german", "spanish", "plain"}, 50, 90},
		{"none", all, 0, []string{""}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen := map[string]int{}
			printed := 0
			for s := int64(60001); s <= 60200; s++ {
				p := scrPrint(s, tc.list, tc.share)
				if p != scrPrint(s, tc.list, tc.share) {
					t.Fatalf("scene %d: two draws differ", s)
				}
				if p != "" {
					printed++
					if whole := scrPrint(s, tc.list, 1); p != whole {
						t.Errorf("scene %d: drew %q, the whole list draws %q", s, p, whole)
					}
				}
				seen[p]++
			}
			for _, w := range tc.want {
				if seen[w] == 0 {
					t.Errorf("print %q never drawn (%v)", w, seen)
				}
			}
			if len(seen) != len(tc.want) {
				t.Errorf("drew %v, want only %v", seen, tc.want)
			}
			if printed < tc.minPrinted || printed > tc.maxPrinted {
				t.Errorf("%d of 200 scenes printed, want %d-%d", printed, tc.minPrinted, tc.maxPrinted)
			}
		})
	}
}

// TestThinEmpty: -scr-empty-keep keeps every lettered crop in its order
// and about its share of the empty ones, the same for the same seed.
func TestThinEmpty(t *testing.T) {
	var sq []scrSample
	for i := range 2000 {
		g := 0
		if i%3 == 0 {
			g = 1 + i%26
		}
		sq = append(sq, scrSample{glyph: g, angle: float64(i)})
	}
	for _, tc := range []struct {
		name               string
		keep               float64
		minEmpty, maxEmpty int
	}{
		{"all", 1, 1333, 1333},
		{"half", 0.5, 600, 733},
		{"none", 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := thinEmpty(sq, tc.keep, 3)
			again := thinEmpty(sq, tc.keep, 3)
			if len(out) != len(again) {
				t.Fatalf("two thinnings differ: %d and %d crops", len(out), len(again))
			}
			var tiles []float64
			empty := 0
			for i, s := range out {
				if s.glyph != again[i].glyph || s.angle != again[i].angle {
					t.Fatalf("crop %d differs between two thinnings", i)
				}
				if s.glyph == 0 {
					empty++
					continue
				}
				tiles = append(tiles, s.angle)
			}
			if len(tiles) != 667 {
				t.Errorf("%d lettered crops kept, want all 667", len(tiles))
			}
			for i := 1; i < len(tiles); i++ {
				if tiles[i] <= tiles[i-1] {
					t.Fatalf("lettered crops out of order at %d", i)
				}
			}
			if empty < tc.minEmpty || empty > tc.maxEmpty {
				t.Errorf("%d empty crops kept, want %d-%d", empty, tc.minEmpty, tc.maxEmpty)
			}
		})
	}
}
