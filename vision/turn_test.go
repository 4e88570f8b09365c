package vision

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision/render"
)

// withHand draws a skin-coloured arm from the picture's bottom edge over
// part of the board.
func withHand(img *image.RGBA) *image.RGBA {
	out := image.NewRGBA(img.Rect)
	copy(out.Pix, img.Pix)
	w, h := float64(img.Rect.Dx()), float64(img.Rect.Dy())
	arm := Quad{{0.45 * w, 0.45 * h}, {0.6 * w, 0.45 * h}, {0.62 * w, h}, {0.4 * w, h}}
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			if InQuad(arm, Point{float64(x) + 0.5, float64(y) + 0.5}) {
				out.Set(x, y, color.RGBA{224, 172, 140, 255})
			}
		}
	}
	return out
}

func TestTurnDetector(t *testing.T) {
	scene := func(state string) *image.RGBA {
		s := SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12, Board: grid.MustParse(state)}
		img, _ := s.Draw()
		return img
	}
	empty := scene(". . . . . . . . . .\n" + repeat(". . . . . . . . . .\n", 9))
	cat := scene(". . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . C A T . . .\n" + repeat(". . . . . . . . . .\n", 5))
	hand := withHand(cat)

	d := NewTurnDetector(TurnOptions{StillFor: time.Second, StillFrames: 3})
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	tick := func() time.Time { clock = clock.Add(400 * time.Millisecond); return clock }
	steps := []struct {
		name  string
		frame image.Image
		ready bool
		hand  bool
	}{
		{"first frame", empty, false, false},
		{"still", empty, false, false},
		{"still", empty, false, false},
		{"still a second: the opening state", empty, true, false},
		{"nothing new", empty, false, false},
		{"a hand places tiles", hand, false, false},
		{"hand still there", hand, false, true},
		{"hand still there", hand, false, true},
		{"hand still there", hand, false, true},
		{"hand gone", cat, false, false},
		{"still", cat, false, false},
		{"still", cat, false, false},
		{"still a second: the turn is over", cat, true, false},
		{"read once only", cat, false, false},
	}
	for i, st := range steps {
		got := d.Offer(st.frame, tick())
		if !got.Board {
			t.Fatalf("step %d (%s): no board: %s", i, st.name, got.Reason)
		}
		if got.Ready != st.ready {
			t.Errorf("step %d (%s): ready %v, want %v (%s, still %v)", i, st.name, got.Ready, st.ready, got.Reason, got.Still)
		}
		if st.hand && !got.Hand {
			t.Errorf("step %d (%s): no hand seen", i, st.name)
		}
	}
	// Time, not frames alone: many frames in a short time are not enough.
	d2 := NewTurnDetector(TurnOptions{StillFor: 2 * time.Second})
	at := clock
	for i := 0; i < 10; i++ {
		at = at.Add(50 * time.Millisecond)
		if d2.Offer(empty, at).Ready {
			t.Fatalf("ready after %v", at.Sub(clock))
		}
	}
	_ = math.Abs
}

func TestTurnDetectorFollowsABumpedBoard(t *testing.T) {
	cat := ". . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . C A T . . .\n" + repeat(". . . . . . . . . .\n", 5)
	scene := func(shift float64, hand bool) image.Image {
		s := SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12, ShiftX: shift, Board: grid.MustParse(cat)}
		img, _ := s.Draw()
		if hand {
			return withHand(img)
		}
		return img
	}
	d := NewTurnDetector(TurnOptions{StillFor: time.Second, StillFrames: 3})
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	offer := func(img image.Image, n int) TurnState {
		var st TurnState
		for i := 0; i < n; i++ {
			clock = clock.Add(400 * time.Millisecond)
			st = d.Offer(img, clock)
		}
		return st
	}
	if st := offer(scene(0, false), 4); !st.Ready {
		t.Fatalf("the opening state: %+v", st)
	}
	// A hand resting still over the rim is a hand, whatever how long.
	if st := offer(scene(0, true), 8); st.Ready || !st.Hand {
		t.Errorf("a still hand: %+v, want not ready, hand", st)
	}
	offer(scene(0, false), 4)
	// The board knocked a square and a half sideways: once still, not a
	// hand, and no turn either (nothing was played).
	bumped := func(state string) image.Image {
		s := SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12, ShiftX: 1.5, Board: grid.MustParse(state)}
		img, _ := s.Draw()
		return img
	}
	offer(bumped(cat), 1) // moving
	for i := 0; i < 6; i++ {
		if st := offer(bumped(cat), 1); st.Hand || st.Ready {
			t.Errorf("frame %d after the bump: %+v, want no hand, not ready", i+1, st)
		}
	}
	// A tile played on the board in its new place is a turn.
	cats := strings.Replace(cat, ". . . . C A T . . .", ". . . . C A T S . .", 1)
	ready := false
	for i := 0; i < 4; i++ {
		ready = offer(bumped(cats), 1).Ready || ready
	}
	if !ready {
		t.Error("CATS on the bumped board: never ready")
	}
	// And a hand over it is a hand again.
	if st := offer(withHand(bumped(cats).(*image.RGBA)), 4); st.Ready || !st.Hand {
		t.Errorf("a hand over the bumped board: %+v", st)
	}
}

// turnScene is a synthetic table for the turn detector's sequences: the
// board with the given tiles, a camera 12 degrees off vertical, and what
// lies on or around the board.
type turnScene struct {
	state string
	shift float64                    // the board knocked sideways, squares
	paint []turnPaint                // things over the board or beside it
	light func(x, y float64) float64 // brightness factor at (x, y) in the picture, 0..1 each; nil: 1
}

// turnPaint is a flat thing drawn in board coordinates (squares; the grid
// is 0..10, the board's frame reaches 0.7 beyond it): a quad, or a disc
// when r > 0 (centre q[0]).
type turnPaint struct {
	q   Quad
	r   float64
	col color.RGBA
}

var (
	skin = color.RGBA{224, 172, 140, 255}
	// armOver comes in from the picture's bottom edge, over the rim and
	// three rows into the grid: a hand reaching in.
	armOver = turnPaint{q: Quad{{4, 6.5}, {5.5, 6.5}, {6, 20}, {3.5, 20}}, col: skin}
	// darkArm is armOver in a skin as dark as the board's frame: the
	// same grey, told apart by its colour only.
	darkArm = turnPaint{q: armOver.q, col: color.RGBA{100, 30, 20, 255}}
	// armBeside lies on the table right of the board, clear of its frame.
	armBeside = turnPaint{q: Quad{{11.3, 4}, {12.6, 4}, {13, 20}, {11.6, 20}}, col: skin}
	// pencil lies along the top of the board's frame, over the rim.
	pencil = turnPaint{q: Quad{{2, -0.45}, {8, -0.45}, {8, -0.1}, {2, -0.1}}, col: color.RGBA{235, 190, 40, 255}}
	// cup stands on the table left of the board, its foot over the frame.
	cup = turnPaint{q: Quad{{-2.05, 5}}, r: 2, col: color.RGBA{240, 240, 235, 255}}
)

func (s turnScene) draw() image.Image {
	sc := SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12, ShiftX: s.shift, Board: grid.MustParse(s.state)}
	img, pose := sc.Draw()
	for _, p := range s.paint {
		q := p.q
		if p.r > 0 {
			c := p.q[0]
			q = Quad{{c.X - p.r, c.Y - p.r}, {c.X + p.r, c.Y - p.r}, {c.X + p.r, c.Y + p.r}, {c.X - p.r, c.Y + p.r}}
		}
		var pix Quad
		for i, v := range q {
			pix[i] = pose.Project(v.X+s.shift, v.Y, 0)
		}
		inv := homographyFromQuads(pix)
		for y := 0; y < sc.H; y++ {
			for x := 0; x < sc.W; x++ {
				pt := Point{float64(x) + 0.5, float64(y) + 0.5}
				if !InQuad(pix, pt) {
					continue
				}
				if p.r > 0 {
					b := inv.Apply(pt) // 0..1 across the disc's square
					if math.Hypot(b.X-0.5, b.Y-0.5) > 0.5 {
						continue
					}
				}
				img.Set(x, y, p.col)
			}
		}
	}
	if s.light != nil {
		for y := 0; y < sc.H; y++ {
			for x := 0; x < sc.W; x++ {
				f := s.light(float64(x)/float64(sc.W), float64(y)/float64(sc.H))
				o := img.PixOffset(x, y)
				for c := 0; c < 3; c++ {
					img.Pix[o+c] = uint8(math.Min(255, float64(img.Pix[o+c])*f))
				}
			}
		}
	}
	return img
}

// homographyFromQuads maps picture points into the unit square whose
// corners q are (top-left first, clockwise).
func homographyFromQuads(q Quad) Homography {
	h, err := QuadHomography(1, 1, q)
	if err != nil {
		return Homography{1, 0, 0, 0, 1, 0, 0, 0, 1}
	}
	return h.Inverse()
}

// TestTurnSequences drives the detector with a fake clock (a frame every
// 400 ms) through what happens at a table: each step is a picture shown
// for some frames, with how many of them must be read as a turn and what
// the last of them must show.
func TestTurnSequences(t *testing.T) {
	const (
		cat  = ". . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . C A T . . .\n"
		rest = ". . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n"
	)
	catB := cat + rest
	catsB := strings.Replace(catB, "C A T . . .", "C A T S . .", 1)
	cartsB := strings.Replace(catsB, "C A T S . .", "C A R T S .", 1)
	emptyB := rest + rest
	lamp := func(x, y float64) float64 { return 1.3 + 0.1*x }
	type step struct {
		name     string
		scene    turnScene
		noBoard  bool // draw only the table
		frames   int
		ready    int  // frames of the step read as a turn
		hand     bool // the last frame sees something over the rim
		reaching bool
		rimTaken bool // some frame of the step took the rim as the table's
	}
	opening := step{name: "the opening state", scene: turnScene{state: catB}, frames: 4, ready: 1}
	tests := []struct {
		name  string
		steps []step
	}{
		{"a hand rests over the board, then leaves", []step{
			opening,
			{name: "hand puts S down and stays, still, 8 s", scene: turnScene{state: catsB, paint: []turnPaint{armOver}}, frames: 20, hand: true, reaching: true},
			{name: "hand gone", scene: turnScene{state: catsB}, frames: 4, ready: 1},
			{name: "nothing new", scene: turnScene{state: catsB}, frames: 4},
		}},
		{"a dark hand, as grey as the board's frame, rests over it", []step{
			opening,
			{name: "dark hand puts S down and stays", scene: turnScene{state: catsB, paint: []turnPaint{darkArm}}, frames: 20, hand: true, reaching: true},
			{name: "hand gone", scene: turnScene{state: catsB}, frames: 4, ready: 1},
		}},
		{"a hand resting past the reaching hold", []step{
			opening,
			{name: "hand over CATS, still, 9.6 s", scene: turnScene{state: catsB, paint: []turnPaint{armOver}}, frames: 24, hand: true, reaching: true},
			{name: "still there: taken, the turn read", scene: turnScene{state: catsB, paint: []turnPaint{armOver}}, frames: 10, ready: 1, rimTaken: true},
			{name: "the hand leaves: no second wait, the squares it hid read again", scene: turnScene{state: catsB}, frames: 4, ready: 1},
			{name: "R played", scene: turnScene{state: cartsB}, frames: 4, ready: 1},
		}},
		{"a hand on the table beside the board", []step{
			opening,
			{name: "arm beside, S played", scene: turnScene{state: catsB, paint: []turnPaint{armBeside}}, frames: 4, ready: 1},
			{name: "arm moves away", scene: turnScene{state: catsB}, frames: 4},
		}},
		{"a hand moving near the board is not still", []step{
			opening,
			{name: "arm over", scene: turnScene{state: catsB, paint: []turnPaint{armOver}}, frames: 1, hand: true, reaching: true},
			{name: "arm beside", scene: turnScene{state: catsB, paint: []turnPaint{armBeside}}, frames: 1},
			{name: "arm over", scene: turnScene{state: catsB, paint: []turnPaint{armOver}}, frames: 1, hand: true, reaching: true},
			{name: "arm beside", scene: turnScene{state: catsB, paint: []turnPaint{armBeside}}, frames: 1},
			{name: "gone", scene: turnScene{state: catsB}, frames: 4, ready: 1},
		}},
		{"a pencil left on the rim", []step{
			opening,
			{name: "pencil put down, nothing played", scene: turnScene{state: catB, paint: []turnPaint{pencil}}, frames: 9, hand: true},
			{name: "held 4 s: the pencil is part of the table", scene: turnScene{state: catB, paint: []turnPaint{pencil}}, frames: 2, rimTaken: true},
			{name: "S played beside the pencil", scene: turnScene{state: catsB, paint: []turnPaint{pencil}}, frames: 4, ready: 1},
			{name: "pencil picked up: the rim is bare again, no wait", scene: turnScene{state: catsB}, frames: 4},
			{name: "R played", scene: turnScene{state: cartsB}, frames: 4, ready: 1},
		}},
		{"a pencil dropped while playing", []step{
			opening,
			{name: "S played, pencil on the rim", scene: turnScene{state: catsB, paint: []turnPaint{pencil}}, frames: 10, hand: true},
			{name: "held 4 s, then read", scene: turnScene{state: catsB, paint: []turnPaint{pencil}}, frames: 2, ready: 1, rimTaken: true},
		}},
		{"a cup put down on the rim", []step{
			opening,
			{name: "cup, S played", scene: turnScene{state: catsB, paint: []turnPaint{cup}}, frames: 10, hand: true},
			{name: "held 4 s, then read", scene: turnScene{state: catsB, paint: []turnPaint{cup}}, frames: 2, ready: 1, rimTaken: true},
			{name: "R played, the cup still there", scene: turnScene{state: cartsB, paint: []turnPaint{cup}}, frames: 4, ready: 1},
		}},
		{"a lamp goes on", []step{
			opening,
			{name: "lamp on, nothing played", scene: turnScene{state: catB, light: lamp}, frames: 6},
			{name: "S played under the lamp", scene: turnScene{state: catsB, light: lamp}, frames: 4, ready: 1},
			{name: "lamp off", scene: turnScene{state: catsB}, frames: 4},
		}},
		{"a bumped board", []step{
			opening,
			{name: "knocked 1.5 squares sideways", scene: turnScene{state: catB, shift: 1.5}, frames: 6},
			{name: "S played where it now lies", scene: turnScene{state: catsB, shift: 1.5}, frames: 4, ready: 1},
			{name: "a hand over it is a hand", scene: turnScene{state: catsB, shift: 1.5, paint: []turnPaint{armOver}}, frames: 4, hand: true, reaching: true},
		}},
		{"no board in view, then the board", []step{
			{name: "only the table: read once so the scan can say why", noBoard: true, frames: 6, ready: 1},
			{name: "the board put down: found once still", scene: turnScene{state: emptyB}, frames: 6, ready: 1},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := NewTurnDetector(TurnOptions{StillFor: time.Second, StillFrames: 3, HoldFor: 4 * time.Second, HoldReachingFor: 12 * time.Second})
			clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
			for _, st := range tc.steps {
				var img image.Image
				if st.noBoard {
					img, _ = SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12, NoBoard: true}.Draw()
				} else {
					img = st.scene.draw()
				}
				ready, taken := 0, false
				var last TurnState
				for i := 0; i < st.frames; i++ {
					clock = clock.Add(400 * time.Millisecond)
					last = d.Offer(img, clock)
					if last.Ready {
						ready++
					}
					taken = taken || last.RimTaken
				}
				if last.Board == st.noBoard {
					t.Fatalf("%s: board found %v", st.name, last.Board)
				}
				if ready != st.ready || last.Hand != st.hand || last.Reaching != st.reaching || taken != st.rimTaken {
					t.Errorf("%s: %d frames read, hand %v, reaching %v, rim taken %v; want %d, %v, %v, %v (last: %+v)",
						st.name, ready, last.Hand, last.Reaching, taken, st.ready, st.hand, st.reaching, st.rimTaken, last)
				}
			}
		})
	}
}

// TestTurnHandsRendered (opt-in: TILESCOPE_TURN_HANDS=N scenes) measures
// the hand check on the renderer's hands: for each of N random positions
// under mixed conditions, the photo without a hand is accepted, then the
// same photo with a hand (random place, skin, sleeve, height; the truth
// says which squares it hides) rests still for 5 s at the live camera's
// pace (200 ms a frame, default options, frames decoded as the service
// does: DecodeForTurns). A hand that hides a square and
// is read as a turn is a miss; one that hides nothing and holds the board
// is a needless wait.
func TestTurnHandsRendered(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TILESCOPE_TURN_HANDS"))
	if n <= 0 {
		t.Skip("set TILESCOPE_TURN_HANDS to a number of scenes (TILESCOPE_TURN_HANDS_FROM: the first seed, default 1)")
	}
	from, _ := strconv.ParseInt(os.Getenv("TILESCOPE_TURN_HANDS_FROM"), 10, 64)
	from = max(from, 1)
	type tally struct{ scenes, hiding, read, held, clearHeld, noBoard, noiseHeld int }
	by := map[string]*tally{}
	for seed := from; seed < from+int64(n); seed++ {
		state, err := render.RandomUpwords(seed, 10)
		if err != nil {
			t.Fatal(err)
		}
		opt, err := render.RandomOptions(seed, "mixed")
		if err != nil {
			t.Fatal(err)
		}
		photo := func(hand bool) (image.Image, *render.Scene) {
			o := opt
			o.Hand = hand
			sc, err := render.Render("upwords", state, o)
			if err != nil {
				t.Fatal(err)
			}
			img, err := DecodeForTurns(sc.JPEG) // as the service does
			if err != nil {
				t.Fatal(err)
			}
			return img, sc
		}
		before, bsc := photo(false)
		with, sc := photo(true)
		// The photo without a hand again, twice, with fresh sensor noise
		// (a camera's frames of a still table are never identical).
		var again [2]image.Image
		for k := range again {
			src := bsc.Image.(*image.RGBA)
			noisy := image.NewRGBA(src.Rect)
			rng := rand.New(rand.NewPCG(uint64(seed), uint64(k)))
			sigma := 2 + opt.Noise
			for i := range src.Pix {
				if i%4 == 3 {
					noisy.Pix[i] = 255
					continue
				}
				noisy.Pix[i] = uint8(max(0, min(255, float64(src.Pix[i])+rng.NormFloat64()*sigma+0.5)))
			}
			var b bytes.Buffer
			if err := jpeg.Encode(&b, noisy, &jpeg.Options{Quality: max(opt.Quality, 50)}); err != nil {
				t.Fatal(err)
			}
			if again[k], err = DecodeForTurns(b.Bytes()); err != nil {
				t.Fatal(err)
			}
		}
		ty := by[opt.Difficulty]
		if ty == nil {
			ty = &tally{}
			by[opt.Difficulty] = ty
		}
		ty.scenes++
		d := NewTurnDetector(TurnOptions{})
		at := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
		ready := 0
		for i := 0; i < 10; i++ {
			at = at.Add(200 * time.Millisecond)
			if d.Offer(before, at).Ready {
				ready++
			}
		}
		if ready != 1 {
			ty.noBoard++
			continue
		}
		for i := 0; i < 10; i++ {
			at = at.Add(200 * time.Millisecond)
			if st := d.Offer(again[i%2], at); st.Hand || st.Ready {
				ty.noiseHeld++
				t.Logf("seed %d (%s): the still table, with fresh noise: %+v", seed, opt.Difficulty, st)
				break
			}
		}
		hides := 0
		for _, c := range sc.Truth.Cells {
			if c.Occluded {
				hides++
			}
		}
		read, held := false, false
		for i := 0; i < 25; i++ {
			at = at.Add(200 * time.Millisecond)
			st := d.Offer(with, at)
			read = read || st.Ready
			held = held || st.Hand
		}
		switch {
		case hides > 0:
			ty.hiding++
			if read {
				ty.read++
				t.Logf("seed %d (%s): a hand hiding %d squares was read as a turn", seed, opt.Difficulty, hides)
			}
			if held {
				ty.held++
			}
		case held:
			ty.clearHeld++
		}
	}
	for _, k := range []string{"easy", "normal", "hard"} {
		if ty := by[k]; ty != nil {
			t.Logf("%-6s %3d scenes (%d board not found): %3d hands hide squares: %d read as a turn, %d held; %d hands hiding nothing held; no hand, fresh noise: %d held or read",
				k, ty.scenes, ty.noBoard, ty.hiding, ty.read, ty.held, ty.clearHeld, ty.noiseHeld)
		}
	}
}

// TestDecodeForTurns: a camera frame comes back at half size, its grey and
// colour those of the whole picture averaged 2x2 (within JPEG's rounding);
// bytes that are no picture are an error, not a panic.
func TestDecodeForTurns(t *testing.T) {
	photo, err := os.ReadFile("../hw/camera/demodata/frames/turn-03.jpg")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
		ok   bool
	}{
		{"a demo photo", photo, true},
		{"text", []byte("not a picture"), false},
		{"nothing", nil, false},
		{"a cut-off JPEG header", photo[:20], false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img, err := DecodeForTurns(tc.data)
			if (err == nil) != tc.ok {
				t.Fatalf("error %v, want ok %v", err, tc.ok)
			}
			if !tc.ok {
				return
			}
			full, err := jpeg.Decode(bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			fb := full.Bounds()
			if img.Rect.Dx() != fb.Dx()/2 || img.Rect.Dy() != fb.Dy()/2 {
				t.Fatalf("size %v, want half of %v", img.Rect.Size(), fb.Size())
			}
			f := full.(*image.YCbCr)
			var dy, dc float64
			n := 0
			for y := 0; y < img.Rect.Dy(); y += 7 {
				for x := 0; x < img.Rect.Dx(); x += 7 {
					var sy, sb, sr float64
					for _, o := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
						px, py := 2*x+o[0], 2*y+o[1]
						sy += float64(f.Y[f.YOffset(px, py)])
						sb += float64(f.Cb[f.COffset(px, py)])
						sr += float64(f.Cr[f.COffset(px, py)])
					}
					i := img.YOffset(x, y)
					dy += math.Abs(float64(img.Y[i]) - sy/4)
					dc += math.Abs(float64(img.Cb[i])-sb/4) + math.Abs(float64(img.Cr[i])-sr/4)
					n++
				}
			}
			if dy/float64(n) > 3 || dc/float64(n) > 4 {
				t.Errorf("mean difference from the whole picture 2x2: grey %.2f, colour %.2f", dy/float64(n), dc/float64(n))
			}
		})
	}
}

// BenchmarkTurnOffer is the detector's cost per camera frame once the
// board is found (a 1640x1232 photo as DecodeForTurns gives it; decoding
// is the caller's, BenchmarkTurnDecode): it runs on every frame on a Pi.
func BenchmarkTurnOffer(b *testing.B) {
	data, err := os.ReadFile("../hw/camera/demodata/frames/turn-05.jpg")
	if err != nil {
		b.Fatal(err)
	}
	img, err := DecodeForTurns(data)
	if err != nil {
		b.Fatal(err)
	}
	d := NewTurnDetector(TurnOptions{})
	at := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	if st := d.Offer(img, at); !st.Board {
		b.Fatalf("no board: %s", st.Reason)
	}
	b.ReportAllocs()
	for b.Loop() {
		at = at.Add(200 * time.Millisecond)
		d.Offer(img, at)
	}
}

func repeat(s string, n int) string {
	out := ""
	for i := 0; i < n; i++ {
		out += s
	}
	return out
}

// BenchmarkTurnDecode is what a camera frame costs before the detector
// sees it (1640x1232 JPEG): DecodeForTurns (half size, colour), against
// Go's image/jpeg, which decodes the whole picture.
func BenchmarkTurnDecode(b *testing.B) {
	data, err := os.ReadFile("../hw/camera/demodata/frames/turn-05.jpg")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("DecodeForTurns", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := DecodeForTurns(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("image/jpeg", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// After a restart the detector is resumed from the last turn's photo: the
// same board is not a turn again, a hand resting over it is seen as one,
// and the next turn is read as usual.
func TestTurnDetectorResume(t *testing.T) {
	sceneAt := func(w, h int, state string) *image.RGBA {
		s := SynthScene{W: w, H: h, HFOV: 62.2, Dist: 24, Tilt: 12, Board: grid.MustParse(state)}
		img, _ := s.Draw()
		return img
	}
	blank := repeat(". . . . . . . . . .\n", 4)
	catText := blank + ". . . . C A T . . .\n" + repeat(". . . . . . . . . .\n", 5)
	cat := sceneAt(640, 480, catText)
	cats := sceneAt(640, 480, blank+". . . . C A T S . .\n"+repeat(". . . . . . . . . .\n", 5))

	tests := []struct {
		name   string
		resume image.Image // the last turn's photo; nil: no resume
		found  bool        // Resume finds the board in it
		frames []image.Image
		ready  []bool
		hand   bool // a hand is reported on the still frames
	}{
		{"unchanged board is not read again", cat, true, []image.Image{cat, cat, cat, cat, cat}, []bool{false, false, false, false, false}, false},
		{"a hand over the board waits", cat, true, []image.Image{withHand(cats), withHand(cats), withHand(cats), withHand(cats)}, []bool{false, false, false, false}, true},
		{"the next turn is read once", cat, true, []image.Image{cats, cats, cats, cats, cats}, []bool{false, false, false, true, false}, false},
		{"without a resume a hand is read as is", nil, false, []image.Image{withHand(cats), withHand(cats), withHand(cats), withHand(cats)}, []bool{false, false, false, true}, false},
		{"a photo of another size is forgotten", sceneAt(1280, 960, catText), true, []image.Image{withHand(cats), withHand(cats), withHand(cats), withHand(cats)}, []bool{false, false, false, true}, false},
		{"a photo without the board is no help", image.NewRGBA(image.Rect(0, 0, 320, 240)), false, []image.Image{cats, cats, cats, cats}, []bool{false, false, false, true}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := NewTurnDetector(TurnOptions{StillFor: time.Second, StillFrames: 3})
			if tc.resume != nil {
				if found := d.Resume(tc.resume); found != tc.found {
					t.Fatalf("Resume found the board %v, want %v", found, tc.found)
				}
			}
			clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
			for i, f := range tc.frames {
				clock = clock.Add(400 * time.Millisecond)
				got := d.Offer(f, clock)
				if got.Ready != tc.ready[i] {
					t.Errorf("frame %d: ready %v, want %v (%s)", i, got.Ready, tc.ready[i], got.Reason)
				}
				if i >= 3 && got.Hand != tc.hand {
					t.Errorf("frame %d: hand %v, want %v (%s)", i, got.Hand, tc.hand, got.Reason)
				}
			}
		})
	}
}

// TestTurnDetectorLocate: the detector watches the board a game's Locate
// finds (TurnOptions.Locate) as it watches the grid it finds itself: the
// same turns over, the hand seen; a Locate that finds nothing leaves the
// detector without a board, whatever the frames show.
func TestTurnDetectorLocate(t *testing.T) {
	scene := func(state string) *image.RGBA {
		s := SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12, Board: grid.MustParse(state)}
		img, _ := s.Draw()
		return img
	}
	empty := scene(repeat(". . . . . . . . . .\n", 10))
	cat := scene(repeat(". . . . . . . . . .\n", 4) + ". . . . C A T . . .\n" + repeat(". . . . . . . . . .\n", 5))
	frames := []image.Image{empty, empty, empty, empty, withHand(cat), withHand(cat), withHand(cat), cat, cat, cat, cat, cat}
	calls := 0
	cases := []struct {
		name   string
		locate func(image.Image) (Quad, bool)
		board  bool
		ready  []int // the frames that end a turn
	}{
		{"the grid finder (nil)", nil, true, []int{3, 10}},
		{"the game's own", func(img image.Image) (Quad, bool) { calls++; return LocateGrid(img, 10) }, true, []int{3, 10}},
		{"the game's, turned a quarter", func(img image.Image) (Quad, bool) {
			q, ok := LocateGrid(img, 10)
			return Quad{q[1], q[2], q[3], q[0]}, ok
		}, true, []int{3, 10}},
		{"nothing in view", func(image.Image) (Quad, bool) { return Quad{}, false }, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := NewTurnDetector(TurnOptions{StillFor: time.Second, StillFrames: 3, Locate: c.locate})
			clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
			var ready []int
			hand := false
			for i, f := range frames {
				clock = clock.Add(400 * time.Millisecond)
				st := d.Offer(f, clock)
				if st.Board != c.board {
					t.Fatalf("frame %d: board %v, want %v (%s)", i, st.Board, c.board, st.Reason)
				}
				if st.Ready && st.Board {
					ready = append(ready, i)
				}
				hand = hand || st.Hand
			}
			if c.board && !hand {
				t.Errorf("the hand over the board was not seen")
			}
			if !slices.Equal(ready, c.ready) {
				t.Errorf("turns over at frames %v, want %v", ready, c.ready)
			}
		})
	}
	if calls == 0 {
		t.Errorf("the game's Locate was never asked")
	}
}

// TestTurnDetectorColourOnly: a piece put on a square in another colour of
// about the same brightness (a red pyramid on a black one) ends a turn;
// the whole picture turning warmer (a lamp, the white balance) does not.
func TestTurnDetectorColourOnly(t *testing.T) {
	s := SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12,
		Board: grid.MustParse(repeat(". . . . . . . . . .\n", 4) + ". . . . C A T . . .\n" + repeat(". . . . . . . . . .\n", 5))}
	base, _ := s.Draw()
	q, ok := LocateGrid(base, 10)
	if !ok {
		t.Fatal("no grid in the scene")
	}
	h, err := QuadHomography(10, 10, q)
	if err != nil {
		t.Fatal(err)
	}
	// recolour shifts Cr (and Cb) of the pixels inside the board squares
	// keep says, the brightness (Y) kept.
	recolour := func(dcb, dcr float64, keep func(p Point) bool) *image.RGBA {
		inv := h.Inverse()
		out := image.NewRGBA(base.Rect)
		copy(out.Pix, base.Pix)
		for y := 0; y < out.Rect.Dy(); y++ {
			for x := 0; x < out.Rect.Dx(); x++ {
				if !keep(inv.Apply(Point{float64(x) + 0.5, float64(y) + 0.5})) {
					continue
				}
				o := out.PixOffset(x, y)
				yy, cb, cr := color.RGBToYCbCr(out.Pix[o], out.Pix[o+1], out.Pix[o+2])
				r, g, b := color.YCbCrToRGB(yy, uint8(math.Max(0, math.Min(255, float64(cb)+dcb))), uint8(math.Max(0, math.Min(255, float64(cr)+dcr))))
				out.Pix[o], out.Pix[o+1], out.Pix[o+2] = r, g, b
			}
		}
		return out
	}
	square := func(p Point) bool { return p.X > 5.1 && p.X < 5.9 && p.Y > 4.1 && p.Y < 4.9 } // the A
	cases := []struct {
		name  string
		after image.Image
		turn  bool
	}{
		{"the A's square redder", recolour(-20, 45, square), true},
		{"the whole picture warmer", recolour(-12, 14, func(Point) bool { return true }), false},
		{"nothing", base, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := NewTurnDetector(TurnOptions{StillFor: time.Second, StillFrames: 3})
			clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
			turns := 0
			for i := 0; i < 12; i++ {
				f := image.Image(base)
				if i >= 5 {
					f = c.after
				}
				clock = clock.Add(400 * time.Millisecond)
				if st := d.Offer(f, clock); st.Ready {
					turns++
				}
			}
			if want := map[bool]int{true: 2, false: 1}[c.turn]; turns != want {
				t.Errorf("%d frames read, want %d (the opening state and %v)", turns, want, c.turn)
			}
		})
	}
}
