//go:build !lean

package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	scrabblegame "github.com/tilescope/tilescope/internal/games/scrabble"
	upwordsgame "github.com/tilescope/tilescope/internal/games/upwords"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tilescope/tilescope/hw/camera"
	"github.com/tilescope/tilescope/hw/gpio"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/upwords"
	"github.com/tilescope/tilescope/vision"
)

// frameList is a camera that plays a fixed list of frames, then io.EOF;
// before frame i it calls at(i), if set (the test looks at the game then).
type frameList struct {
	frames []camera.Frame
	i      int
	at     func(i int)
}

func (l *frameList) Next(ctx context.Context) (camera.Frame, error) {
	if l.at != nil {
		l.at(l.i)
	}
	if l.i >= len(l.frames) {
		return camera.Frame{}, io.EOF
	}
	l.i++
	return l.frames[l.i-1], nil
}
func (l *frameList) Close() error { return nil }

// TestTurnOptions: a live camera's turn ends after --still of stillness;
// a replayed one's (the demo, a dir: folder) after two frame periods,
// whatever --still says.
func TestTurnOptions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   camera.Source
		still time.Duration
		want  time.Duration
	}{
		{"live camera, the default", &frameList{}, vision.DefaultStillFor, 1500 * time.Millisecond},
		{"live camera, --still 700ms", &frameList{}, 700 * time.Millisecond, 700 * time.Millisecond},
		{"demo", &camera.Demo{}, 700 * time.Millisecond, 2 * 150 * time.Millisecond},
		{"dir", &camera.Dir{}, 700 * time.Millisecond, 2 * 150 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := turnOptions(tc.src, 10, 150*time.Millisecond, 10*time.Second, tc.still)
			if opt.StillFor != tc.want || opt.HoldFor != 10*time.Second || opt.Size != 10 {
				t.Errorf("turnOptions = still %v, hold %v, size %d; want still %v", opt.StillFor, opt.HoldFor, opt.Size, tc.want)
			}
		})
	}
}

func demoPhoto(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../hw/camera/demodata/frames/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// withArm paints a forearm and hand over a demo photo: in from the
// picture's bottom edge, across the board's rim and three rows into the
// grid, as a player resting a hand over the board.
func withArm(t testing.TB, photo []byte) []byte {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(photo))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	w, h := out.Rect.Dx(), out.Rect.Dy()
	skin := color.RGBA{205, 145, 110, 255}
	for y := h * 55 / 100; y < h; y++ {
		// from 0.44-0.52 of the width at the fingertips to 0.40-0.56 at the edge
		f := float64(y-h*55/100) / float64(h-h*55/100)
		x0, x1 := int((0.44-0.04*f)*float64(w)), int((0.52+0.04*f)*float64(w))
		for x := x0; x < x1; x++ {
			out.Set(x, y, skin)
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, out, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// notices records what the watcher told the table.
type notices struct {
	mu   sync.Mutex
	log  []string
	code string
}

func (n *notices) CameraTrouble(ctx context.Context, frame, code, msg string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.log = append(n.log, "trouble "+code)
	n.code = code
	return nil
}

func (n *notices) ClearCameraNotice(ctx context.Context, code string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.code == code {
		n.log = append(n.log, "clear "+code)
		n.code = ""
	}
	return nil
}

// TestTurnWatcher runs the watcher over sequences of real demo photos with
// frame times 400 ms apart (the detector's clock) and the live camera's
// options: which frames it passes on, and what the table is told.
func TestTurnWatcher(t *testing.T) {
	empty, heart := demoPhoto(t, "turn-00.jpg"), demoPhoto(t, "turn-01.jpg")
	hand := withArm(t, heart)
	type shown struct {
		name   string
		photo  []byte
		frames int
	}
	tests := []struct {
		name    string
		hold    time.Duration
		shows   []shown
		want    string // the frames passed on
		notices string
	}{
		{"a hand resting 6 s over the board, then gone", 10 * time.Second, []shown{
			{"empty", empty, 5}, {"hand", hand, 15}, {"heart", heart, 5},
		}, "empty-5 heart-5", "trouble held"},
		{"a hand that comes and goes without playing", 10 * time.Second, []shown{
			{"heart", heart, 5}, {"hand", hand, 15}, {"heart again", heart, 5},
		}, "heart-5", "trouble held, clear held"},
		{"a hand resting beyond the hold for a hand", 2 * time.Second, []shown{
			{"empty", empty, 5}, {"hand", hand, 20},
		}, "empty-5 hand-16", "trouble held"},
		{"a quick turn: no notice", 10 * time.Second, []shown{
			{"empty", empty, 5}, {"hand", hand, 2}, {"heart", heart, 5},
		}, "empty-5 heart-5", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := &frameList{}
			clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
			for _, s := range tc.shows {
				for i := 1; i <= s.frames; i++ {
					clock = clock.Add(400 * time.Millisecond)
					src.frames = append(src.frames, camera.Frame{JPEG: s.photo, At: clock, Name: fmt.Sprintf("%s-%d", s.name, i)})
				}
			}
			table := &notices{}
			w := newTurnWatcher(vision.TurnOptions{HoldFor: tc.hold}, table, t.Logf)
			w.src = src
			if g := passedOn(t, w); g != tc.want {
				t.Errorf("passed on %q, want %q", g, tc.want)
			}
			if g := strings.Join(table.log, ", "); g != tc.notices {
				t.Errorf("told the table %q, want %q", g, tc.notices)
			}
		})
	}
}

// passedOn runs the watcher to the end of its frames and gives the names
// of those it passed on, space-separated (each must carry its photo).
func passedOn(t *testing.T, w *turnWatcher) string {
	t.Helper()
	var got []string
	for {
		f, err := w.Next(context.Background())
		if errors.Is(err, io.EOF) {
			return strings.Join(got, " ")
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(f.JPEG) == 0 {
			t.Errorf("%s passed on without its photo", f.ID)
		}
		got = append(got, f.ID)
	}
}

// TestTurnWatcherSlowReplay: a replayed camera (framePace: one photo every
// 100 ms) read slowly, as on a loaded machine (a frame a second by the
// wall clock): a hand resting over the board for 40 photos (4 s of the
// recording, 40 s of wall clock, past the 30 s hold of a reaching hand) is
// held, not taken for part of the table, and the turn is read once it is
// gone. Read by the wall clock, the rim with the arm was taken and a photo
// with the arm passed on.
func TestTurnWatcherSlowReplay(t *testing.T) {
	empty, heart := demoPhoto(t, "turn-00.jpg"), demoPhoto(t, "turn-01.jpg")
	hand := withArm(t, heart)
	src := &frameList{}
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, s := range []struct {
		name   string
		photo  []byte
		frames int
	}{{"empty", empty, 5}, {"hand", hand, 40}, {"heart", heart, 5}} {
		for i := 1; i <= s.frames; i++ {
			clock = clock.Add(time.Second)
			src.frames = append(src.frames, camera.Frame{JPEG: s.photo, At: clock, Name: fmt.Sprintf("%s-%d", s.name, i)})
		}
	}
	for _, tc := range []struct {
		name string
		pace time.Duration
		want string
	}{
		{"paced by the recording", 100 * time.Millisecond, "empty-3 heart-3"},
		// A live camera's hold is the wall clock's: the arm lay there 30 s.
		{"a live camera's wall clock", 0, "empty-3 hand-31 heart-3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src.i = 0
			table := &notices{}
			w := newTurnWatcher(vision.TurnOptions{HoldFor: 10 * time.Second, StillFor: 200 * time.Millisecond}, table, t.Logf)
			w.src, w.pace = src, tc.pace
			if g := passedOn(t, w); g != tc.want {
				t.Errorf("passed on %q, want %q", g, tc.want)
			}
			if g := strings.Join(table.log, ", "); !strings.HasPrefix(g, "trouble held") {
				t.Errorf("told the table %q, want the hand held", g)
			}
		})
	}
}

// TestServePipelineHoldsAHand is the service's camera path end to end: the
// watcher, the real vision and tile reader, the rules and a session. A
// hand resting over the board while the board is still is not taken as a
// turn (the phones are told why the turn waits); the still board after it
// is, and the notice comes down.
func TestServePipelineHoldsAHand(t *testing.T) {
	ctx := context.Background()
	rules := upwords.Rules{Edition: upwords.Edition(10)}
	sess, err := game.Open(ctx, game.NewMemStore(), game.Config{
		Kind: "upwords", Players: []string{"Ann", "Ben"}, Rows: 10, Cols: 10, Scorer: upwordsgame.Scorer{Rules: rules},
	})
	if err != nil {
		t.Fatal(err)
	}
	reader, closeReader, err := upwordsgame.NewReader(10, t.TempDir(), t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	defer closeReader()
	reader.Board = sess.Board
	pipe := &game.Pipeline{Reader: reader, Session: sess, Logf: t.Logf, Reconcile: game.ReconcileUpwordsJudged(upwordsgame.Scorer{Rules: rules})}

	empty, heart := demoPhoto(t, "turn-00.jpg"), demoPhoto(t, "turn-01.jpg")
	hand := withArm(t, heart)
	src := &frameList{}
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	add := func(name string, photo []byte, n int) {
		for i := 1; i <= n; i++ {
			clock = clock.Add(400 * time.Millisecond)
			src.frames = append(src.frames, camera.Frame{JPEG: photo, At: clock, Name: fmt.Sprintf("%s %d", name, i)})
		}
	}
	add("empty board", empty, 5)
	handFrom := len(src.frames)
	add("HEART under a resting hand", hand, 20) // 8 s, still
	handTo := len(src.frames)
	add("HEART", heart, 5)
	var during *game.State
	src.at = func(i int) {
		if i == handTo { // every hand frame seen
			during = sess.State()
		}
	}
	w := newTurnWatcher(vision.TurnOptions{Size: 10}, sess, t.Logf)
	w.src = src
	if err := pipe.Run(ctx, w); err != nil {
		t.Fatal(err)
	}
	if during == nil || len(during.Turns) != 0 {
		t.Fatalf("while the hand rested (frames %d-%d): %+v, want no turn", handFrom+1, handTo, during)
	}
	if during.Camera == nil || during.Camera.Code != heldCode {
		t.Errorf("while the hand rested the table was told %+v, want a %q notice", during.Camera, heldCode)
	}
	st := sess.State()
	if len(st.Turns) != 1 || st.Turns[0].Frame != "HEART 5" || st.Turns[0].Score != 10 {
		t.Fatalf("turns %+v, want one: HEART for 10 from the still board's fifth frame", st.Turns)
	}
	if st.Camera != nil {
		t.Errorf("after the turn was read the notice is still up: %+v", st.Camera)
	}
}

// TestTurnWatcherDemo runs the service's turn detection over the real
// demo game (frames as fast as they decode): it must pass on every turn's
// still board exactly once, in order, and never a photo with a hand.
func TestTurnWatcherDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 58 camera-sized photos")
	}
	d, err := camera.NewDemo(camera.Options{FramePeriod: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	w := newTurnWatcher(turnOptions(d, 10, time.Nanosecond, 10*time.Second, vision.DefaultStillFor), nil, t.Logf)
	w.src = d
	passesEveryTurnOnce(t, w, d, 300*time.Millisecond)
}

// passesEveryTurnOnce: the watcher passes on every demo turn's still board
// exactly once, in order, and then, the board staying as it is, nothing
// more for wait.
func passesEveryTurnOnce(t *testing.T, w *turnWatcher, d *camera.Demo, wait time.Duration) {
	t.Helper()
	for turn := 0; turn <= d.Turns(); turn++ {
		f, err := w.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("demo turn %d", turn); f.ID != want {
			t.Fatalf("passed on %q, want %q", f.ID, want)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if f, err := w.Next(ctx); err == nil {
		t.Errorf("passed on %q after the game ended", f.ID)
	}
}

// TestTurnSource: a shutter button's photos are deliberate and bypass the
// turn detection; without a button the camera is watched.
func TestTurnSource(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, tc := range []struct {
		name    string
		args    []string
		watched bool
	}{
		{"no button", nil, true},
		{"a button", []string{"--button", "GPIO17"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("x", flag.ContinueOnError)
			hf := addHardwareFlags(fs, "demo")
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			src := &frameList{}
			w := newTurnWatcher(vision.TurnOptions{}, nil, nil)
			_, watched := turnSource(ctx, hf, src, gpio.NoButton{}, w).(*turnWatcher)
			if watched != tc.watched {
				t.Errorf("watched %v, want %v", watched, tc.watched)
			}
		})
	}
}

// BenchmarkTurnWatcherFrame is the service's cost per camera frame while
// it waits for a turn (a 1640x1232 JPEG: decoded at half size, then the
// turn detector): it bounds the frame rate a Pi can watch.
func BenchmarkTurnWatcherFrame(b *testing.B) {
	photo := demoPhoto(b, "turn-05.jpg")
	w := newTurnWatcher(vision.TurnOptions{}, nil, nil)
	at := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	frames := func(n int) *frameList {
		l := &frameList{}
		for i := 0; i < n; i++ {
			at = at.Add(200 * time.Millisecond)
			l.frames = append(l.frames, camera.Frame{JPEG: photo, At: at, Name: "turn 5"})
		}
		return l
	}
	// The first frames find the board and accept its state: every later
	// frame is a still board with nothing new.
	w.src = frames(20)
	if _, err := w.Next(context.Background()); err != nil {
		b.Fatal(err)
	}
	w.src = frames(b.N)
	b.ReportAllocs()
	b.ResetTimer()
	if f, err := w.Next(context.Background()); !errors.Is(err, io.EOF) {
		b.Fatalf("passed on %q (%v)", f.ID, err)
	}
}

// TestServeResumesAfterARestart: after a restart the watcher starts from
// the last turn's photo on disk, so a hand resting over the board is held
// as it would have been without the restart, and the next turn is read
// once the hand is gone. Without resume the first still frame is passed
// on, hand and all.
func TestServeResumesAfterARestart(t *testing.T) {
	ctx := context.Background()
	rules := upwords.Rules{Edition: upwords.Edition(10)}
	store := game.NewMemStore()
	open := func() *game.Session {
		sess, err := game.Open(ctx, store, game.Config{
			Kind: "upwords", Players: []string{"Ann", "Ben"}, Rows: 10, Cols: 10, Scorer: upwordsgame.Scorer{Rules: rules},
		})
		if err != nil {
			t.Fatal(err)
		}
		return sess
	}
	reader, closeReader, err := upwordsgame.NewReader(10, t.TempDir(), t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	defer closeReader()
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	frames := func(src *frameList, name string, photo []byte, n int) {
		for i := 1; i <= n; i++ {
			clock = clock.Add(400 * time.Millisecond)
			src.frames = append(src.frames, camera.Frame{JPEG: photo, At: clock, Name: fmt.Sprintf("%s %d", name, i)})
		}
	}
	run := func(sess *game.Session, w *turnWatcher, src *frameList) {
		t.Helper()
		reader.Board = sess.Board
		pipe := &game.Pipeline{Reader: reader, Session: sess, Logf: t.Logf, Reconcile: game.ReconcileUpwordsJudged(upwordsgame.Scorer{Rules: rules})}
		w.src = src
		if err := pipe.Run(ctx, w); err != nil {
			t.Fatal(err)
		}
	}

	// Before the restart: the opening board and HEART are read.
	first := open()
	src := &frameList{}
	frames(src, "empty board", demoPhoto(t, "turn-00.jpg"), 5)
	frames(src, "HEART", demoPhoto(t, "turn-01.jpg"), 5)
	run(first, newTurnWatcher(vision.TurnOptions{Size: 10}, first, t.Logf), src)
	if n := len(first.State().Turns); n != 1 {
		t.Fatalf("before the restart: %d turns, want 1", n)
	}

	// After it: the next turn's tiles are down, a hand still resting over
	// them, then the hand goes.
	next := demoPhoto(t, "turn-02.jpg")
	after := func() *frameList {
		src := &frameList{}
		frames(src, "hand", withArm(t, next), 8)
		frames(src, "turn 2", next, 5)
		return src
	}

	// Without resume, the hand's still frame is taken for the turn.
	w := newTurnWatcher(vision.TurnOptions{Size: 10}, nil, t.Logf)
	w.src = after()
	f, err := w.Next(ctx)
	if err != nil || !strings.HasPrefix(f.ID, "hand") {
		t.Fatalf("without resume the watcher passed on %q (%v), want a hand frame", f.ID, err)
	}

	second := open()
	w = newTurnWatcher(vision.TurnOptions{Size: 10}, second, t.Logf)
	w.resume(ctx, second)
	run(second, w, after())
	st := second.State()
	if len(st.Turns) != 2 || st.Turns[1].Frame != "turn 2 5" {
		var got []string
		for _, tu := range st.Turns {
			got = append(got, tu.Frame)
		}
		t.Fatalf("after the restart the turns came from %q, want the first and %q", got, "turn 2 5")
	}
}

// lockingCamera is a frame list that can hold its focus and exposure; it
// notes which frame it was asked to after.
type lockingCamera struct {
	frameList
	lockedAfter string
	calls       int
}

func (c *lockingCamera) Lock(ctx context.Context) (camera.Settings, error) {
	c.calls++
	c.lockedAfter = c.frames[c.i-1].Name
	return camera.Settings{ExposureTime: 12000, AnalogueGain: 1.5, LensPosition: 2.4, HasLens: true}, nil
}
func (c *lockingCamera) Unlock(ctx context.Context) error { return nil }

// TestTurnWatcherLocksTheCamera: the watcher holds the camera's focus and
// exposure once, at the first frame it passes on with the board in it
// (still, nothing over the rim), not while a hand moves over the board.
func TestTurnWatcherLocksTheCamera(t *testing.T) {
	heart := demoPhoto(t, "turn-01.jpg")
	hand := withArm(t, heart)
	cam := &lockingCamera{}
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	add := func(name string, photo []byte, n int) {
		for i := 1; i <= n; i++ {
			clock = clock.Add(400 * time.Millisecond)
			cam.frames = append(cam.frames, camera.Frame{JPEG: photo, At: clock, Name: fmt.Sprintf("%s %d", name, i)})
		}
	}
	add("hand", hand, 1)
	add("HEART", heart, 1)
	add("hand", hand, 1)
	add("HEART", heart, 8)
	var log []string
	w := newTurnWatcher(vision.TurnOptions{Size: 10}, nil, func(f string, a ...any) { log = append(log, fmt.Sprintf(f, a...)) })
	w.src = cam
	var passed []string
	for {
		f, err := w.Next(context.Background())
		if err != nil {
			break
		}
		passed = append(passed, f.ID)
	}
	if len(passed) != 1 || !strings.HasPrefix(passed[0], "HEART") {
		t.Fatalf("passed on %q, want one still HEART frame", passed)
	}
	if cam.calls != 1 || cam.lockedAfter != passed[0] {
		t.Errorf("Lock called %d times, last after %q; want once, after %q, the frame passed on", cam.calls, cam.lockedAfter, passed[0])
	}
	if !slices.ContainsFunc(log, func(l string) bool {
		return strings.Contains(l, "focus and exposure held (lens at 2.40 dioptres, shutter 12000 us")
	}) {
		t.Errorf("log %q does not say what was held", log)
	}
}

// TestTurnWatcherFollowsTheGame: the watcher watches the board of the game
// being played, through the game's own Locate (game.Watcher): Scrabble's
// demo (real photos) is passed on once per turn, the still frames after
// it not at all; a game without a Locate has every frame passed on; and a
// new game of another kind is followed from the next frame.
func TestTurnWatcherFollowsTheGame(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes the Scrabble demo's photos")
	}
	demo, err := scrabblegame.Game{}.Demo()
	if err != nil {
		t.Fatal(err)
	}
	var turns []camera.DemoTurn
	for _, ph := range demo.Photos {
		turns = append(turns, camera.DemoTurn{Still: ph.Still, Placing: ph.Placing})
	}
	d, err := camera.NewReplay(turns, camera.Options{FramePeriod: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	scrabble, err := scrabblegame.Game{}.New(nil, game.Env{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := scrabble.(game.Watcher); !ok {
		t.Fatal("Scrabble's rules have no Locate")
	}
	var cur game.Rules = scrabble
	w := newTurnWatcher(turnOptions(d, 10, time.Nanosecond, 10*time.Second, vision.DefaultStillFor), nil, t.Logf)
	w.src = d
	w.follow(func() game.Rules { return cur })
	passesEveryTurnOnce(t, w, d, 2*time.Second)
	// A game the detector cannot watch: every frame.
	cur = game.UpwordsGridRules(9, 7, nil)
	w.src = &frameList{frames: []camera.Frame{{Name: "a"}, {Name: "b"}}}
	for _, want := range []string{"a", "b"} {
		if f, err := w.Next(context.Background()); err != nil || f.ID != want {
			t.Errorf("a game with no Locate: passed on %q (%v), want %q", f.ID, err, want)
		}
	}
}
