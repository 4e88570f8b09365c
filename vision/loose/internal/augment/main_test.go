package main

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision/loose"
)

// box is a label's outline from its pixel edges (x0, y0)-(x1, y1), as
// ReadYOLO gives a box: pixel centres at whole numbers.
func box(class int, x0, y0, x1, y1 float64) label {
	return label{class, []loose.Point{{X: x0 - 0.5, Y: y0 - 0.5}, {X: x1 - 0.5, Y: y0 - 0.5}, {X: x1 - 0.5, Y: y1 - 0.5}, {X: x0 - 0.5, Y: y1 - 0.5}}}
}

// edges are an outline's bounds as pixel edges.
func edges(l label) [4]float64 {
	b := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range l.outline {
		b[0], b[1] = math.Min(b[0], p.X+0.5), math.Min(b[1], p.Y+0.5)
		b[2], b[3] = math.Max(b[2], p.X+0.5), math.Max(b[3], p.Y+0.5)
	}
	return b
}

func near(a, b [4]float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-6 {
			return false
		}
	}
	return true
}

func TestLabelsThroughWarps(t *testing.T) {
	// A 100 x 60 photo with one tile near its top-right corner.
	tile := box(3, 70, 10, 90, 30)
	for _, tc := range []struct {
		name string
		g    warp
		w, h int
		want [4]float64 // the tile's edges after
	}{
		{"a quarter turn counter-clockwise takes the top right to the top left", quarterTurn(1, 100, 60), 60, 100, [4]float64{10, 10, 30, 30}},
		{"a half turn takes it to the bottom left", quarterTurn(2, 100, 60), 100, 60, [4]float64{10, 30, 30, 50}},
		{"three quarters take it to the bottom right", quarterTurn(3, 100, 60), 60, 100, [4]float64{30, 70, 50, 90}},
		{"a turn of 90 degrees is a quarter turn", turn(90, 100, 60), 60, 100, [4]float64{10, 10, 30, 30}},
		{"no turn leaves it", turn(0, 100, 60), 100, 60, [4]float64{70, 10, 90, 30}},
		{"twice the size doubles its edges", resize(100, 60, 200, 120), 200, 120, [4]float64{140, 20, 180, 60}},
		{"a crop moves it by the window's corner", crop(50, 5, 50, 50), 50, 50, [4]float64{20, 5, 40, 25}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.g.w != tc.w || tc.g.h != tc.h {
				t.Fatalf("output %dx%d, want %dx%d", tc.g.w, tc.g.h, tc.w, tc.h)
			}
			got := moveLabels([]label{tile}, tc.g)
			if len(got) != 1 || got[0].class != 3 {
				t.Fatalf("labels %v, want the one tile of class 3", got)
			}
			if e := edges(got[0]); !near(e, tc.want) {
				t.Errorf("edges %v, want %v", e, tc.want)
			}
		})
	}
}

func TestCropKeepsTilesHalfInView(t *testing.T) {
	ls := []label{
		box(0, 10, 10, 30, 30),  // wholly inside
		box(1, 45, 10, 65, 30),  // three quarters inside
		box(2, 55, 40, 75, 60),  // a quarter inside
		box(3, 80, 80, 100, 99), // wholly outside
	}
	got := moveLabels(ls, crop(0, 0, 60, 60))
	var classes []int
	for _, l := range got {
		classes = append(classes, l.class)
	}
	if len(classes) != 2 || classes[0] != 0 || classes[1] != 1 {
		t.Fatalf("kept classes %v, want [0 1]", classes)
	}
	if e := edges(got[1]); !near(e, [4]float64{45, 10, 60, 30}) {
		t.Errorf("the tile cut by the edge has edges %v, want it clipped to 45,10-60,30", e)
	}
}

func TestTiltKeepsLongerSideAndLabelsInside(t *testing.T) {
	for _, deg := range []float64{10, 20, 30, 45} {
		g := tilt(deg, 40, 800, 1000, 750)
		if max(g.w, g.h) != 1000 {
			t.Errorf("tilt %.0f: output %dx%d, want the longer side 1000", deg, g.w, g.h)
		}
		// The photo's corners land on the output's frame, not beyond it.
		whole := moveLabels([]label{box(0, 0, 0, 1000, 750)}, g)
		if len(whole) != 1 {
			t.Fatalf("tilt %.0f: the whole photo's outline is not in view", deg)
		}
		if e := edges(whole[0]); e[0] < -1e-6 || e[1] < -1e-6 || e[2] > float64(g.w)+1e-6 || e[3] > float64(g.h)+1e-6 {
			t.Errorf("tilt %.0f: the photo's outline %v leaves the %dx%d output", deg, e, g.w, g.h)
		}
	}
}

// TestPictureFollowsLabels warps a white photo with a black tile and
// checks that the tile's moved label lies on black pixels and its
// surroundings stay white, family by family.
func TestPictureFollowsLabels(t *testing.T) {
	const w, h = 160, 120
	tile := box(0, 100, 20, 130, 50)
	for _, fam := range []string{"rot90", "rotate", "scale", "crop", "tilt", "steep"} {
		t.Run(fam, func(t *testing.T) {
			for seed := int64(0); seed < 6; seed++ {
				p := &picture{w: w, h: h, pix: make([]uint8, 3*w*h)}
				for y := 0; y < h; y++ {
					for x := 0; x < w; x++ {
						v := uint8(255)
						if x >= 100 && x < 130 && y >= 20 && y < 50 {
							v = 0
						}
						p.pix[3*(y*w+x)], p.pix[3*(y*w+x)+1], p.pix[3*(y*w+x)+2] = v, v, v
					}
				}
				d, err := drawFor(fam, rand.New(rand.NewSource(seed)), w, h, 30)
				if err != nil {
					t.Fatal(err)
				}
				q, err := p.warped(d.warp)
				if err != nil {
					t.Fatal(err)
				}
				if q.w != d.warp.w || q.h != d.warp.h {
					t.Fatalf("%s: picture %dx%d, warp says %dx%d", d.what, q.w, q.h, d.warp.w, d.warp.h)
				}
				moved := moveLabels([]label{tile}, d.warp)
				if len(moved) == 0 {
					continue // a crop that leaves the tile out
				}
				var c loose.Point
				for _, pt := range moved[0].outline {
					c.X += pt.X / float64(len(moved[0].outline))
					c.Y += pt.Y / float64(len(moved[0].outline))
				}
				if v := q.pix[3*(int(math.Round(c.Y))*q.w+int(math.Round(c.X)))]; v > 60 {
					t.Errorf("%s: the moved label's centre (%.1f, %.1f) is on a pixel of %d, want the black tile", d.what, c.X, c.Y, v)
				}
				// Just outside each corner of the moved label, away from the
				// centre, the photo is white (or the fill, the rim's white).
				for _, pt := range moved[0].outline {
					dx, dy := pt.X-c.X, pt.Y-c.Y
					n := math.Hypot(dx, dy)
					x, y := int(math.Round(pt.X+4*dx/n)), int(math.Round(pt.Y+4*dy/n))
					if x < 0 || y < 0 || x >= q.w || y >= q.h {
						continue
					}
					if v := q.pix[3*(y*q.w+x)]; v < 200 {
						t.Errorf("%s: just outside the label's corner (%d, %d) a pixel of %d, want white", d.what, x, y, v)
					}
				}
			}
		})
	}
}

func TestDrawsRepeatAndVary(t *testing.T) {
	for _, fam := range families {
		t.Run(fam, func(t *testing.T) {
			seen := map[string]bool{}
			for seed := int64(0); seed < 5; seed++ {
				a, err := drawFor(fam, rand.New(rand.NewSource(seed)), 640, 480, 40)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := drawFor(fam, rand.New(rand.NewSource(seed)), 640, 480, 40)
				if a.what != b.what || a.warp != b.warp {
					t.Fatalf("seed %d: %q then %q", seed, a.what, b.what)
				}
				seen[a.what] = true
			}
			if len(seen) < 2 {
				t.Errorf("five seeds drew only %v", seen)
			}
		})
	}
	if _, err := drawFor("sepia", rand.New(rand.NewSource(1)), 10, 10, 1); err == nil || !strings.Contains(err.Error(), "unknown family") {
		t.Errorf("an unknown family: err %v", err)
	}
}

func TestTonesAndYOLOText(t *testing.T) {
	p := &picture{w: 2, h: 1, pix: []uint8{128, 128, 128, 250, 250, 250}}
	p.gains([3]float64{2, 1, 0.5})
	if !(p.pix[0] > 128 && p.pix[1] == 128 && p.pix[2] < 128 && p.pix[3] == 255) {
		t.Errorf("gains 2, 1, 0.5 (and a clipped highlight): %v", p.pix)
	}
	txt := yoloText([]label{box(7, 0, 0, 50, 25)}, 100, 50)
	if txt != "7 0.000000 0.000000 0.500000 0.000000 0.500000 0.500000 0.000000 0.500000\n" {
		t.Errorf("yoloText %q", txt)
	}
}
