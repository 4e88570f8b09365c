package pyramids

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision/render"
)

// shadowHue tells a coloured pyramid in shadow from a black one by the
// hue and chroma of its dark samples' mean, not by their lightness.
func TestShadowHue(t *testing.T) {
	for _, tc := range []struct {
		name     string
		mean     [3]float64 // white-balanced
		want     int
		coloured bool
	}{
		{"red in deep shadow (the demo's north row)", [3]float64{0.045, 0.013, 0.016}, clsRed, true},
		{"blue in deep shadow", [3]float64{0.012, 0.02, 0.06}, clsBlue, true},
		{"black pyramid, slightly blue grey", [3]float64{0.10, 0.095, 0.107}, 0, false},
		{"black pyramid, darker", [3]float64{0.04, 0.037, 0.041}, 0, false},
		{"near nothing, noisy hue", [3]float64{0.012, 0.002, 0.004}, 0, false},
		{"black pyramid, warm cast", [3]float64{0.12, 0.10, 0.09}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n = 40
			sum := [3]float64{tc.mean[0] * n, tc.mean[1] * n, tc.mean[2] * n}
			h, ok := shadowHue(sum, n)
			if ok != tc.coloured || (ok && h != tc.want) {
				t.Errorf("shadowHue(%v) = %d, %v; want %d, %v", tc.mean, h, ok, tc.want, tc.coloured)
			}
		})
	}
	if _, ok := shadowHue([3]float64{}, 0); ok {
		t.Error("no dark samples: want not coloured")
	}
}

// vote reads black only in the house area: outside it dark samples
// (a stack's cast shadow over the runway) count towards a pyramid but
// never make one black.
func TestVote(t *testing.T) {
	for _, tc := range []struct {
		name     string
		light    float64 // samples of each class, of 100
		dark     float64
		red      float64
		blue     float64
		house    bool
		want     pyramids.Colour
		wantConf float64
	}{
		{"black pyramid in the house", 20, 75, 5, 0, true, pyramids.Black, 0.75},
		{"runway in a stack's shadow", 20, 70, 10, 0, false, pyramids.NoColour, 0.20},
		{"player space in shadow, a little red", 45, 37, 18, 0, false, pyramids.NoColour, 0.45},
		{"red pyramid half in shadow on the runway", 20, 45, 35, 0, false, pyramids.Red, 0.35},
		{"red pyramid half in shadow in the house", 20, 45, 35, 0, true, pyramids.Black, 0.45},
		{"blue pyramid on a player space", 10, 5, 0, 85, false, pyramids.Blue, 0.85},
		{"blank runway", 95, 5, 0, 0, false, pyramids.NoColour, 0.95},
		{"house square, printed letter showing", 88, 12, 0, 0, true, pyramids.NoColour, 0.88},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var n [nClasses]float64
			n[clsLight], n[clsDark], n[clsRed], n[clsBlue] = tc.light, tc.dark, tc.red, tc.blue
			col, conf := vote(&n, 100, tc.house)
			if col != tc.want || math.Abs(conf-tc.wantConf) > 1e-9 {
				t.Errorf("vote = %v %.2f; want %v %.2f", col, conf, tc.want, tc.wantConf)
			}
		})
	}
}

// TestScanCastShadowNotBlack renders boards lit from low down, so that
// the player stacks cast long dark shadows over the runway, and checks
// that no square outside the house area is read black (before vote kept
// black to the house, the runway's shadowed squares read black).
func TestScanCastShadowNotBlack(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	for _, tc := range []struct {
		name  string
		seed  int64
		az    float64
		elev  float64
		light float64 // ambient
	}{
		{"light from the north-east, low", 31, 45, 18, 0.22},
		{"light from the south-west, low", 32, 225, 20, 0.25},
		{"light from the west, very low", 33, 270, 15, 0.2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state, err := render.RandomState("pyramids", tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			opt, err := render.RandomOptions(tc.seed, "normal")
			if err != nil {
				t.Fatal(err)
			}
			opt.Width, opt.Height = 1280, 960
			opt.Clutter, opt.Hand, opt.Glare = 0, false, 0
			opt.LightElevDeg, opt.LightAzDeg, opt.Ambient, opt.Shadow = tc.elev, tc.az, tc.light, 0.65
			sc, err := render.Render("pyramids", state, opt)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Scan(sc.Image, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, sq := range r.Squares {
				if sq.Colour == pyramids.Black && !pyramids.InHouse(sq.Pos) {
					t.Errorf("row %d col %d read black outside the house (conf %.2f)", sq.Pos.Row, sq.Pos.Col, sq.ColourConf)
				}
			}
		})
	}
}

// TestHeight: the count a single photo assumes is the game's likeliest:
// a player's own stack on its space, a pyramid of another player's
// colour on that stack, a coloured pyramid on a house pyramid, anything
// else alone.
func TestHeight(t *testing.T) {
	seats := pyramids.DefaultSetup().Seats
	north := pyramids.Pos{Row: 1, Col: 3} // red's space in the default seats
	if side, ok := pyramids.SpaceSide(north); !ok || seats[side] != pyramids.Red {
		t.Fatalf("row 1 col 3 is not red's space in the default seats %v", seats)
	}
	house, runway, corner := pyramids.Pos{Row: 4, Col: 4}, pyramids.Pos{Row: 0, Col: 3}, pyramids.Pos{Row: 1, Col: 1}
	for _, tc := range []struct {
		name  string
		pos   pyramids.Pos
		col   pyramids.Colour
		stack int
		want  int
	}{
		{"red on red's space", north, pyramids.Red, 5, 5},
		{"red on red's space, stacks of four", north, pyramids.Red, 4, 4},
		{"green on red's space: on red's stack", north, pyramids.Green, 5, 6},
		{"green on red's space, stacks of four", north, pyramids.Green, 4, 5},
		{"black on red's space (a shadow): alone", north, pyramids.Black, 5, 1},
		{"red on a house pyramid", house, pyramids.Red, 5, 2},
		{"a black house pyramid", house, pyramids.Black, 5, 1},
		{"green on the runway", runway, pyramids.Green, 5, 1},
		{"green on ring 1's corner", corner, pyramids.Green, 5, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := height(tc.pos, tc.col, seats, tc.stack); got != tc.want {
				t.Errorf("height %d, want %d", got, tc.want)
			}
		})
	}
}
