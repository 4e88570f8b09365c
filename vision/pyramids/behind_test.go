package pyramids

import (
	"bytes"
	"image/jpeg"
	"math"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// TestClearBehind puts, on the normal test scene's reading, a pyramid
// of a neighbouring stack's colour on a square and makes the stack lean
// over it: a square whose floor shows the runway is read empty (never
// sure), one where a pyramid stands keeps it, or takes the colour its
// faces show outside the stack's outline (never sure), and a stack that
// does not lean far enough, or is not taller, leaves the square as it
// is.
func TestClearBehind(t *testing.T) {
	_, l := normalScene(t)
	f := l.f
	centre := func(r, c int) vision.Point {
		return f.project([3]float64{float64(c) + 0.5, float64(r) + 0.5, 0})
	}
	for _, tc := range []struct {
		name        string
		here, stack grid.Pos
		colour      pyramids.Colour // of the stack, and the square as read
		stackHeight int
		lean        float64 // the stack's tip, the share of the way to the square's centre
		want        pyramids.Colour
		wantCleared bool
		wantDoubt   bool // the colour taken aside, or too few samples there
	}{
		{"the runway beside a yellow stack leaning over it", grid.Pos{Row: 3, Col: 0}, grid.Pos{Row: 3, Col: 1}, pyramids.Yellow, 5, 1.2, pyramids.NoColour, true, false},
		{"the runway beside a blue stack leaning over it", grid.Pos{Row: 5, Col: 9}, grid.Pos{Row: 5, Col: 8}, pyramids.Blue, 5, 1.0, pyramids.NoColour, true, false},
		{"a black pyramid beside a stack leaning over it", grid.Pos{Row: 2, Col: 2}, grid.Pos{Row: 2, Col: 1}, pyramids.Black, 5, 1.2, pyramids.Black, false, false},
		{"a black pyramid read yellow beside a yellow stack", grid.Pos{Row: 2, Col: 2}, grid.Pos{Row: 2, Col: 1}, pyramids.Yellow, 5, 1.2, pyramids.Black, false, true},
		{"a black pyramid read red beside a red stack", grid.Pos{Row: 2, Col: 3}, grid.Pos{Row: 1, Col: 3}, pyramids.Red, 5, 1.2, pyramids.Black, false, true},
		{"a black pyramid at the stack's count", grid.Pos{Row: 4, Col: 3}, grid.Pos{Row: 3, Col: 3}, pyramids.Black, 2, 1.2, pyramids.Black, false, false},
		{"the stack short of the bar", grid.Pos{Row: 3, Col: 0}, grid.Pos{Row: 3, Col: 1}, pyramids.Yellow, 5, behindLean - 0.05, pyramids.Yellow, false, false},
		{"the stack leaning away", grid.Pos{Row: 3, Col: 0}, grid.Pos{Row: 3, Col: 1}, pyramids.Yellow, 5, -1, pyramids.Yellow, false, false},
		{"the stack no taller", grid.Pos{Row: 3, Col: 0}, grid.Pos{Row: 3, Col: 1}, pyramids.Yellow, 1, 1.2, pyramids.Yellow, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sqs := make([]Square, pyramids.Size*pyramids.Size)
			for i := range sqs {
				sqs[i].Pos = grid.Pos{Row: i / pyramids.Size, Col: i % pyramids.Size}
			}
			here := &sqs[tc.here.Row*pyramids.Size+tc.here.Col]
			n := &sqs[tc.stack.Row*pyramids.Size+tc.stack.Col]
			here.Colour, here.Height, here.ColourConf = tc.colour, 1, 0.9
			a, b := centre(tc.stack.Row, tc.stack.Col), centre(tc.here.Row, tc.here.Col)
			n.Colour, n.Height = tc.colour, tc.stackHeight
			n.Apex = vision.Point{X: a.X + tc.lean*(b.X-a.X), Y: a.Y + tc.lean*(b.Y-a.Y)}
			clearBehind(f, sqs, func(grid.Pos, pyramids.Colour) int { return 1 })
			if here.cleared != tc.wantCleared {
				t.Fatalf("cleared %v (floor %.2f light of %d samples, lean %.2f), want %v", here.cleared, here.floorLight, here.floorSeen, here.leant, tc.wantCleared)
			}
			if tc.wantCleared && (here.Colour != pyramids.NoColour || here.Height != 0 || sureColourOf(*here)) {
				t.Errorf("cleared square reads %v, height %d, sure %v: want empty, 0, not sure", here.Colour, here.Height, sureColourOf(*here))
			}
			if !tc.wantCleared && here.Colour != tc.want {
				t.Errorf("square kept reads %v (aside %v %.2f of %d), want %v", here.Colour, here.aside.colour, here.aside.conf, here.asideSeen, tc.want)
			}
			if here.asideDoubt != tc.wantDoubt {
				t.Errorf("doubt %v (aside %v %.2f of %d), want %v", here.asideDoubt, here.aside.colour, here.aside.conf, here.asideSeen, tc.wantDoubt)
			}
			if tc.wantDoubt && sureColourOf(*here) {
				t.Error("a square read aside is sure")
			}
			if n.cleared || n.Colour != tc.colour {
				t.Error("the leaning stack itself was cleared")
			}
		})
	}
}

// TestBackOnGrid: the line of sight through a point above the board,
// continued down to it, meets the playing grid or the border beyond.
func TestBackOnGrid(t *testing.T) {
	overhead := [3]float64{5, 5, 20}
	for _, tc := range []struct {
		name string
		eye  [3]float64
		p    [3]float64
		want bool
	}{
		{"the board's own point, inside", overhead, [3]float64{3, 4, 0}, true},
		{"the board's own point, on the border", overhead, [3]float64{-0.5, 4, 0}, false},
		{"a tip over the centre, seen from above", overhead, [3]float64{5, 5, 1}, true},
		{"a tip over the outer row, its line of sight meeting the runway", overhead, [3]float64{9.5, 5, 0.5}, true},
		{"a tip over the outer row's edge, its line of sight meeting the border", overhead, [3]float64{9.9, 5, 1}, false},
		{"the same tip seen from beyond the border: meets the grid", [3]float64{15, 5, 8}, [3]float64{9.9, 5, 1}, true},
		{"a tip over the north row seen from the south, low", [3]float64{5, 14, 4}, [3]float64{5, 0.5, 1}, false},
		{"a point above the eye", overhead, [3]float64{5, 5, 21}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := backOnGrid(tc.eye, tc.p); got != tc.want {
				t.Errorf("backOnGrid(%v, %v) = %v, want %v", tc.eye, tc.p, got, tc.want)
			}
		})
	}
}

// TestEye: every point on the line from the camera's centre through a
// board point is drawn on the same pixel.
func TestEye(t *testing.T) {
	_, l := normalScene(t)
	f := l.f
	pose := f.pose
	pose.Correct = nil
	e := f.eye()
	for _, tc := range []struct {
		name string
		p    [3]float64
	}{
		{"a corner of the grid", [3]float64{0, 0, 0}},
		{"the centre", [3]float64{5, 5, 0}},
		{"a tip over the outer row", [3]float64{9.5, 2.5, 1.2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := pose.Project(tc.p[0], tc.p[1], tc.p[2])
			for _, s := range []float64{0.3, 0.7, 1.5} {
				var q [3]float64
				for k := range q {
					q[k] = e[k] + s*(tc.p[k]-e[k])
				}
				b := pose.Project(q[0], q[1], q[2])
				if d := math.Hypot(a.X-b.X, a.Y-b.Y); d > 1e-6 {
					t.Errorf("the point %.1f of the way from the eye is %.2g px off", s, d)
				}
			}
		})
	}
}

// TestClearBehindEdge: squares on the board's outer row behind tall
// stacks leaning over them in a steep view, where the faces of a pyramid
// modelled there reach past the grid onto the board's blue border: a
// runway square is read empty (and not sure), a pyramid of another
// colour than the stacks', its floor hidden, keeps its own; and no
// pyramid of the scene is read empty. Scenes as render-set writes them
// (JPEG at the scene's quality).
func TestClearBehindEdge(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	for _, tc := range []struct {
		name string
		seed int64
		want map[pyramids.Pos]pyramids.Colour
	}{
		{"the runway behind a row of green stacks (hard seed 97500, scene 1)", 97500*100000 + 1, map[pyramids.Pos]pyramids.Colour{
			{Row: 9, Col: 3}: pyramids.NoColour, {Row: 9, Col: 4}: pyramids.NoColour, {Row: 9, Col: 5}: pyramids.NoColour,
			{Row: 9, Col: 6}: pyramids.NoColour, {Row: 9, Col: 7}: pyramids.NoColour, {Row: 8, Col: 5}: pyramids.Green}},
		{"the runway behind a red stack, blue ones beside (hard seed 97500, scene 3)", 97500*100000 + 3, map[pyramids.Pos]pyramids.Colour{
			{Row: 0, Col: 7}: pyramids.NoColour}},
		{"the runway behind a red stack, a yellow pyramid behind the next (hard seed 97502, scene 10)", 97502*100000 + 10, map[pyramids.Pos]pyramids.Colour{
			{Row: 0, Col: 7}: pyramids.NoColour, {Row: 0, Col: 5}: pyramids.Yellow}},
		{"the runway wholly behind a row of green stacks (hard seed 98550, scene 15)", 98550*100000 + 15, map[pyramids.Pos]pyramids.Colour{
			{Row: 9, Col: 2}: pyramids.NoColour, {Row: 9, Col: 3}: pyramids.NoColour, {Row: 9, Col: 4}: pyramids.NoColour,
			{Row: 9, Col: 5}: pyramids.NoColour}},
		{"the runway behind blue stacks, the border blue (hard seed 98550, scene 12)", 98550*100000 + 12, map[pyramids.Pos]pyramids.Colour{
			{Row: 4, Col: 9}: pyramids.NoColour, {Row: 5, Col: 9}: pyramids.NoColour, {Row: 6, Col: 9}: pyramids.NoColour}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, truth := scanRendered(t, tc.seed)
			for p, want := range tc.want {
				sq := r.Square(p)
				if sq.Colour != want {
					t.Errorf("%v reads %v (aside %v %.2f of %d), want %v", p, sq.Colour, sq.aside.colour, sq.aside.conf, sq.asideSeen, want)
				} else if (sq.cleared || sq.asideDoubt) && sq.ColourSure {
					t.Errorf("%v read aside behind the stacks is sure", p)
				}
			}
			for _, c := range truth.Cells {
				if c.Height > 0 && !c.Occluded && r.Square(pyramids.Pos{Row: c.Row, Col: c.Col}).Colour == pyramids.NoColour {
					t.Errorf("the pyramid on row %d col %d read empty", c.Row, c.Col)
				}
			}
		})
	}
}

// TestClearBehindTaller: runway squares behind rows of another maker's
// stacks, taller than the default's proportion (the photo does not tell
// the height): read empty, not sure, their outlines modelled with
// pyramids as tall as they are wide (hideTall); at main they read in the
// stacks' colours. No pyramid of the scenes is read empty. Scenes of the
// tuning sets T-mhard 100200 and 100203 as render-set --maker varied
// writes them.
func TestClearBehindTaller(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	for _, tc := range []struct {
		name  string
		seed  int64
		empty []pyramids.Pos
	}{
		{"behind red and blue stacks of base 0.87, height 0.76 (hard varied seed 100200, scene 8)", 100200*100000 + 8,
			[]pyramids.Pos{{Row: 0, Col: 2}, {Row: 1, Col: 8}}},
		{"behind green and red stacks (hard varied seed 100203, scene 8)", 100203*100000 + 8,
			[]pyramids.Pos{{Row: 9, Col: 3}, {Row: 9, Col: 6}, {Row: 9, Col: 7}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, truth := scanRenderedMaker(t, tc.seed)
			for _, p := range tc.empty {
				sq := r.Square(p)
				if sq.Colour != pyramids.NoColour {
					t.Errorf("%v reads %v (floor %.2f of %d, aside %v %.2f of %d), want empty", p, sq.Colour, sq.floorLight, sq.floorSeen, sq.aside.colour, sq.aside.conf, sq.asideSeen)
				} else if sq.Sure {
					t.Errorf("%v read empty behind the stacks is sure", p)
				}
			}
			for _, c := range truth.Cells {
				if c.Height > 0 && !c.Occluded && r.Square(pyramids.Pos{Row: c.Row, Col: c.Col}).Colour == pyramids.NoColour {
					t.Errorf("the pyramid on row %d col %d read empty", c.Row, c.Col)
				}
			}
		})
	}
}

// scanRenderedMaker renders the hard scene of seed with another maker's
// set, as render-set --maker varied draws it (through JPEG at its
// quality), and scans it.
func scanRenderedMaker(t *testing.T, seed int64) (*Reading, render.Truth) {
	t.Helper()
	set := render.RandomPyramidsSet(seed)
	return scanRenderedSet(t, seed, &set, Options{})
}

// scanRendered renders a hard scene as render-set draws it (through JPEG
// at its quality) and scans it.
func scanRendered(t *testing.T, seed int64) (*Reading, render.Truth) {
	t.Helper()
	return scanRenderedWith(t, seed, Options{})
}

// scanRenderedWith is scanRendered with the scan's options.
func scanRenderedWith(t *testing.T, seed int64, o Options) (*Reading, render.Truth) {
	t.Helper()
	return scanRenderedSet(t, seed, nil, o)
}

// scanRenderedSet is scanRenderedWith with a maker's set (nil: the
// project's).
func scanRenderedSet(t *testing.T, seed int64, set *render.PyramidsSet, o Options) (*Reading, render.Truth) {
	t.Helper()
	state, err := render.RandomState("pyramids", seed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "hard")
	if err != nil {
		t.Fatal(err)
	}
	if set != nil {
		opt.Pyramids = set
		opt.FitGame("pyramids")
	}
	opt.Width, opt.Height = 1640, 1232
	sc, err := render.Render("pyramids", state, opt)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, sc.Image, &jpeg.Options{Quality: opt.Quality}); err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Scan(img, o)
	if err != nil {
		t.Fatal(err)
	}
	return r, sc.Truth
}

// TestTakeTop: a square of a player's space read in the seat's colour
// takes the colour its top pyramid's faces show, at the count its
// letter was read at or at the count the game holds, the surer of the
// two deciding (never sure); any other square, a top of the same
// colour or none, or one under the bar keeps its reading.
func TestTakeTop(t *testing.T) {
	seats := pyramids.DefaultSetup().Seats
	west, ok := grid.Pos{Row: 4, Col: 1}, false
	if side, in := pyramids.SpaceSide(west); in {
		ok = seats[side] == pyramids.Yellow
	}
	if !ok {
		t.Fatalf("row 4 col 1 is not yellow's space in the default seats %v", seats)
	}
	house := grid.Pos{Row: 4, Col: 4}
	type look struct {
		colour pyramids.Colour
		conf   float64
	}
	none := look{}
	for _, tc := range []struct {
		name      string
		pos       grid.Pos
		colour    pyramids.Colour
		top, held look
		want      pyramids.Colour
		wantTook  bool
	}{
		{"a green pyramid on yellow's stack", west, pyramids.Yellow, look{pyramids.Green, 0.88}, none, pyramids.Green, true},
		{"the top at the bar", west, pyramids.Yellow, look{pyramids.Green, sureTopOther}, none, pyramids.Green, true},
		{"the top under the bar", west, pyramids.Yellow, look{pyramids.Green, sureTopOther - 0.01}, none, pyramids.Yellow, false},
		{"the top in the seat's colour", west, pyramids.Yellow, look{pyramids.Yellow, 0.9}, none, pyramids.Yellow, false},
		{"the top empty", west, pyramids.Yellow, look{pyramids.NoColour, 0.9}, none, pyramids.Yellow, false},
		{"another colour already read on the space", west, pyramids.Blue, look{pyramids.Green, 0.9}, none, pyramids.Blue, false},
		{"a black house pyramid, a stack's red beside it", house, pyramids.Black, look{pyramids.Red, 0.87}, none, pyramids.Black, false},
		// a blue A six high on yellow's stack, its letter read at three
		// (114906/0006 (4,1)): at five its top shows blue
		{"the letter's count shows the seat, the game's another colour", west, pyramids.Yellow, look{pyramids.Yellow, 0.71}, look{pyramids.Blue, 0.67}, pyramids.Blue, true},
		{"the game's count under the bar", west, pyramids.Yellow, look{pyramids.Yellow, 0.71}, look{pyramids.Blue, sureTopOther - 0.01}, pyramids.Yellow, false},
		{"the game's count in the seat's colour", west, pyramids.Yellow, look{pyramids.Green, 0.6}, look{pyramids.Yellow, 0.9}, pyramids.Green, true},
		{"both other, the game's count surer", west, pyramids.Yellow, look{pyramids.Green, 0.55}, look{pyramids.Blue, 0.8}, pyramids.Blue, true},
		{"both other, the letter's count surer", west, pyramids.Yellow, look{pyramids.Green, 0.8}, look{pyramids.Blue, 0.55}, pyramids.Green, true},
		{"the game's count other in a house square", house, pyramids.Black, none, look{pyramids.Red, 0.9}, pyramids.Black, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sq := Square{Pos: tc.pos, Colour: tc.colour, ColourConf: 0.9, top: cellLook{colour: tc.top.colour, conf: tc.top.conf},
				topHeld: cellLook{colour: tc.held.colour, conf: tc.held.conf}}
			sq.read.k = 5
			took := takeTop(&sq, seats)
			if sq.Colour != tc.want || sq.topTaken != tc.wantTook || took != tc.wantTook {
				t.Errorf("reads %v (taken %v, told %v), want %v (taken %v)", sq.Colour, sq.topTaken, took, tc.want, tc.wantTook)
			}
			if sq.topTaken && sureColourOf(sq) {
				t.Error("a colour taken from the top is sure")
			}
		})
	}
}

// TestTakeTopRendered: pyramids of another colour put on a player's
// stack in hard scenes as render-set draws them read in their own
// colour, not sure.
func TestTakeTopRendered(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd, err := ocr.Default("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		seed int64
		want map[pyramids.Pos]pyramids.Colour
	}{
		{"green on yellow's and on blue's stacks (hard seed 99400, scene 1)", 99400*100000 + 1, map[pyramids.Pos]pyramids.Colour{
			{Row: 4, Col: 1}: pyramids.Green, {Row: 3, Col: 8}: pyramids.Green}},
		{"blue on yellow's stack (hard seed 99400, scene 2)", 99400*100000 + 2, map[pyramids.Pos]pyramids.Colour{
			{Row: 6, Col: 1}: pyramids.Blue}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := scanRenderedWith(t, tc.seed, Options{Reader: rd, FaceModel: true})
			for p, want := range tc.want {
				sq := r.Square(p)
				if sq.Colour != want {
					t.Errorf("%v reads %v (top %v %.2f at %d), want %v", p, sq.Colour, sq.top.colour, sq.top.conf, sq.read.k, want)
				} else if sq.ColourSure {
					t.Errorf("%v, its colour taken from the top, is sure", p)
				}
			}
		})
	}
}

// TestBehindMeasured: a square beside a leaning stack is read empty by
// what the stacks, as measured, leave of it in view: a light floor, a
// light aside look, or nothing in view under a stack of its colour; a
// pyramid's own colour on its floor or faces keeps it.
func TestBehindMeasured(t *testing.T) {
	for _, tc := range []struct {
		name      string
		floor     float64
		floorSeen int
		aside     cellLook
		asideSeen int
		ofStack   bool
		empty     bool
	}{
		{"floor light on three quarters", 0.78, 8, cellLook{colour: pyramids.Green, conf: 0.6}, 30, true, true},
		{"floor light on half (a small black pyramid)", 0.55, 80, cellLook{colour: pyramids.Black, conf: 0.5}, 107, false, false},
		{"floor light under the bar", 0.35, 55, cellLook{colour: pyramids.Black, conf: 0.9}, 90, false, false},
		{"floor light on too few samples", 1, 2, cellLook{colour: pyramids.Red, conf: 0.9}, 40, true, false},
		{"aside light", 0.2, 10, cellLook{colour: pyramids.NoColour, conf: 0.9}, 20, true, true},
		{"aside light under the bar", 0.2, 10, cellLook{colour: pyramids.NoColour, conf: 0.6}, 20, true, false},
		{"aside in a pyramid's colour", 0.1, 60, cellLook{colour: pyramids.Yellow, conf: 0.9}, 100, true, false},
		{"hidden under a stack of its colour", 0, 0, cellLook{}, 2, true, true},
		{"hidden under a stack of another colour", 0, 0, cellLook{}, 2, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sq := Square{floorMeasLight: tc.floor, floorMeasSeen: tc.floorSeen, asideMeas: tc.aside, asideMeasSeen: tc.asideSeen}
			if _, empty := behindMeasured(&sq, tc.ofStack); empty != tc.empty {
				t.Errorf("empty = %v, want %v", empty, tc.empty)
			}
		})
	}
}

// TestClearBehindMeasured: other makers' taller pyramids, nested higher,
// reach past the scan's model of them over the runway behind: their
// reach is measured from the picture (within 0.1 of the set's against
// the learnt geometry, for a stack of five), and the false pyramids
// behind them are read empty, never sure; no pyramid is read empty by
// it. A classic set's scene is not judged by a measured reach.
func TestClearBehindMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	for _, tc := range []struct {
		name    string
		seed    int64
		classic bool
		empty   []pyramids.Pos
	}{
		{"behind green, blue and yellow stacks of height 0.88 (hard varied seed 110651, scene 20)", 110651*100000 + 20, false,
			[]pyramids.Pos{{Row: 8, Col: 1}, {Row: 8, Col: 8}, {Row: 9, Col: 2}, {Row: 9, Col: 3}, {Row: 9, Col: 4}, {Row: 9, Col: 5}, {Row: 9, Col: 6}, {Row: 9, Col: 7}}},
		{"behind yellow stacks of height 0.78 (hard varied seed 110650, scene 20)", 110650*100000 + 20, false,
			[]pyramids.Pos{{Row: 2, Col: 0}, {Row: 3, Col: 0}, {Row: 6, Col: 0}}},
		{"the classic set, the runway behind green stacks (hard seed 97500, scene 1)", 97500*100000 + 1, true, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r *Reading
			var truth render.Truth
			if tc.classic {
				r, truth = scanRendered(t, tc.seed)
			} else {
				r, truth = scanRenderedMaker(t, tc.seed)
			}
			reach := 0.0
			for _, sq := range r.Squares {
				reach = math.Max(reach, sq.reach)
			}
			if set := truth.Conditions.Pyramids; !tc.classic && set != nil {
				g := r.Geometry
				want := (4*set.NestMM + set.TallMM) / set.PitchMM / ((4*g.NestMM + g.TallMM) / g.SquareMM)
				if math.Abs(reach-want) > 0.1 {
					t.Errorf("reach %.2f, the set's %.2f", reach, want)
				}
			}
			if tc.classic && reach != 0 {
				t.Errorf("the classic set judged by a measured reach %.2f", reach)
			}
			for _, p := range tc.empty {
				sq := r.Square(p)
				if sq.Colour != pyramids.NoColour {
					t.Errorf("%v reads %v (measured floor %.2f of %d, aside %v %.2f of %d), want empty", p, sq.Colour, sq.floorMeasLight, sq.floorMeasSeen, sq.asideMeas.colour, sq.asideMeas.conf, sq.asideMeasSeen)
				} else if sq.Sure {
					t.Errorf("%v read empty behind the stacks is sure", p)
				}
			}
			for _, c := range truth.Cells {
				if sq := r.Square(pyramids.Pos{Row: c.Row, Col: c.Col}); c.Height > 0 && !c.Occluded && sq.cleared {
					t.Errorf("the pyramid on row %d col %d read empty behind the stacks", c.Row, c.Col)
				}
			}
		})
	}
}
