package pyramids

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// TestEdgeSigma: a step blurred by a Gaussian gives back its sigma; a
// faint step, or one whose sides are not flat, is not measured.
func TestEdgeSigma(t *testing.T) {
	step := func(sigma, h float64, bump bool) []float64 {
		var p []float64
		for x := -12.0; x <= 12; x += 0.5 {
			v := 60 + h*0.5*(1+math.Erf(x/(sigma*math.Sqrt2)))
			if bump && x > 8 {
				v -= h * 0.6 // a dark thing on the light side
			}
			p = append(p, v)
		}
		return p
	}
	tests := []struct {
		name   string
		prof   []float64
		want   float64 // 0: not measured
		within float64
	}{
		{"sharp step", step(0.6, 120, false), 0.6, 0.15},
		{"sigma 1.5", step(1.5, 120, false), 1.5, 0.1},
		{"sigma 3", step(3, 120, false), 3, 0.15},
		{"sigma 3, low contrast", step(3, 40, false), 3, 0.15},
		{"faint step", step(2, 10, false), 0, 0},
		{"light side not flat", step(2, 120, true), 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := edgeSigma(tc.prof, 0.5, 20)
			if tc.want == 0 {
				if ok {
					t.Fatalf("measured %.2f, want no measure", got)
				}
				return
			}
			if !ok || math.Abs(got-tc.want) > tc.within {
				t.Fatalf("sigma %.2f (ok %v), want %.2f within %.2f", got, ok, tc.want, tc.within)
			}
		})
	}
}

// TestSceneBlur: a rendered board blurred further by a known amount
// measures that much more blur on its edge (in quadrature with the
// picture's own), and more blur always measures more.
func TestSceneBlur(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and locates four scenes")
	}
	const seed = 99590
	state, err := render.RandomState("pyramids", seed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "normal")
	if err != nil {
		t.Fatal(err)
	}
	opt.Width, opt.Height = 1640, 1232
	opt.Clutter = 0
	sc, err := render.Render("pyramids", state, opt)
	if err != nil {
		t.Fatal(err)
	}
	base := toPicture(sc.Image)
	measure := func(p picture) (float64, float64) {
		loc, err := locate(p.RGBA, Options{})
		if err != nil {
			t.Fatal(err)
		}
		px, at50, ok := sceneBlur(loc.f)
		if !ok {
			t.Fatal("blur not measured")
		}
		return px, at50
	}
	own, own50 := measure(base)
	if own50 > 1.6 {
		t.Fatalf("a normal scene measures %.2f px at a 50 px square, want it sharp (under 1.6)", own50)
	}
	prev := own
	// blurPicture's three box passes of radius r: a sigma of sqrt(r(r+1))
	tests := []struct {
		name string
		r    float64
	}{
		{"radius 1", 1},
		{"radius 2", 2},
		{"radius 3", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			added := math.Sqrt(tc.r * (tc.r + 1))
			got, _ := measure(blurPicture(base, tc.r))
			t.Logf("own %.2f px, blurred by %.2f more: %.2f", own, added, got)
			if got <= prev {
				t.Fatalf("measured %.2f px, no more than the lesser blur's %.2f", got, prev)
			}
			prev = got
			extra := math.Sqrt(math.Max(0, got*got-own*own))
			if math.Abs(extra-added) > 0.3*added {
				t.Fatalf("measured %.2f px over the picture's own %.2f: %.2f added, want %.2f within 30%%", got, own, extra, added)
			}
		})
	}
}
