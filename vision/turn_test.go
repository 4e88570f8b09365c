package vision

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/tilescope/tilescope/scoring/grid"
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
			if inQuad(arm, Point{float64(x) + 0.5, float64(y) + 0.5}) {
				out.Set(x, y, color.RGBA{224, 172, 140, 255})
			}
		}
	}
	return out
}

func TestTurnDetector(t *testing.T) {
	scene := func(state string) *image.RGBA {
		s := synthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12, Board: grid.MustParse(state)}
		img, _ := s.draw()
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
		s := synthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12, ShiftX: shift, Board: grid.MustParse(cat)}
		img, _ := s.draw()
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
		s := synthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 12, ShiftX: 1.5, Board: grid.MustParse(state)}
		img, _ := s.draw()
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

func repeat(s string, n int) string {
	out := ""
	for i := 0; i < n; i++ {
		out += s
	}
	return out
}
