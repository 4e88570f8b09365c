//go:build !lean

package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"time"

	"github.com/tilescope/tilescope/hw/camera"
	"github.com/tilescope/tilescope/hw/gpio"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/vision"
)

// heldCode is the camera notice the table gets while a turn is held back
// because something lies over the board (game.CameraNotice.Code).
const heldCode = "held"

// tableNotices is where the watcher tells the table why a turn waits
// (*game.Session).
type tableNotices interface {
	CameraTrouble(ctx context.Context, frame, code, msg string) error
	ClearCameraNotice(ctx context.Context, code string) error
}

// turnSource is what the service's pipeline reads turns from when a camera
// (not the phones) takes the photos: with a shutter button, the photo
// taken at each press (a deliberate photo, as an upload is: no turn
// detection); otherwise every frame goes through a turnWatcher, which
// passes on the frames that end a turn.
func turnSource(ctx context.Context, hf *hwFlags, src camera.Source, btn gpio.Button, w *turnWatcher) game.FrameSource {
	if hf.hasButton() {
		return cameraFrames{camera.Shutter(src, btn.Presses(ctx))}
	}
	w.src = src
	return w
}

// turnOptions are the detector's options for a camera: a live camera's
// time is the wall clock (still for still, --still, 1.5 s by default, and
// 3 frames ends a turn); a replayed one (the demo, a dir: folder) shows
// one frame every period, so its turns end after three identical frames
// whatever the pace.
func turnOptions(src camera.Source, size int, period, hold, still time.Duration) vision.TurnOptions {
	opt := vision.TurnOptions{Size: size, HoldFor: hold, StillFor: still}
	switch src.(type) {
	case *camera.Demo, *camera.Dir:
		opt.StillFor = 2 * period
	}
	return opt
}

// framePace is the time each frame of a replayed camera (the demo, a
// dir: folder: one photo every period) stands for, 0 for a live camera,
// whose frames' own times are the clock. A replay read slowly (a loaded
// machine) is the same recording: a hand resting over the board for so
// many photos is held, not taken for part of the table once the wall
// clock has passed the hold.
func framePace(src camera.Source, period time.Duration) time.Duration {
	switch src.(type) {
	case *camera.Demo, *camera.Dir:
		return period
	}
	return 0
}

// turnWatcher decides when a turn is over: it decodes each camera frame at
// half size (vision.DecodeForTurns: less than half the CPU of a full
// decode), offers it to a vision.TurnDetector (the board still, nothing
// over its rim, and different from the last state read) and returns only
// the frames that end a turn, which the reader then decodes whole. It is
// the service's one place for "is the turn over?".
//
// When a still board has been held back by something over its rim for
// twice StillFor, the table is told once (a "held" camera notice: on every
// phone, in the log, not repeated); the notice comes down once the hold is
// over and the board has settled: the reading of the turn takes it down,
// or the watcher does when there is nothing new to read.
type turnWatcher struct {
	src camera.Source
	det *vision.TurnDetector // nil: the game has no Locate: every frame is passed on
	// rules, when set, is the game being played (the session's): the
	// detector watches its board (game.Watcher), made again when a new
	// game of another kind starts; base is the options it is made from.
	rules  func() game.Rules
	cur    game.Rules
	base   vision.TurnOptions
	table  tableNotices // nil: tell no one
	logf   func(format string, a ...any)
	notice time.Duration    // a hold this long is told: twice StillFor
	now    func() time.Time // for frames with no time stamp
	// pace, for a replayed camera (framePace), is the time each frame
	// stands for: the detector's clock (still, held) counts frames, not
	// the machine's speed at reading them. 0: the frames' own time.
	pace   time.Duration
	frames int       // frames offered so far (pace)
	start  time.Time // the first one's time (pace)
	told   bool      // a held notice is up
	locked bool      // the camera's focus and exposure are held (or cannot be)
}

func newTurnWatcher(opt vision.TurnOptions, table tableNotices, logf func(string, ...any)) *turnWatcher {
	det := vision.NewTurnDetector(opt)
	if logf == nil {
		logf = func(string, ...any) {}
	}
	return &turnWatcher{det: det, base: opt, table: table, logf: logf, notice: 2 * det.Options().StillFor, now: time.Now}
}

// follow makes the watcher watch the board of the game rules gives (the
// session's Rules), whatever the game: its Locate (game.Watcher) finds
// the board, its position's size is the lattice watched. A game without a
// Locate, or whose lattice is not square, has every frame passed on.
func (w *turnWatcher) follow(rules func() game.Rules) {
	w.rules = rules
	w.check()
}

// check makes the detector again when the game's rules changed (a new
// game of another kind, or with other settings).
func (w *turnWatcher) check() {
	if w.rules == nil {
		return
	}
	r := w.rules()
	if r == w.cur {
		return
	}
	w.cur, w.det, w.told = r, nil, false
	wt, ok := r.(game.Watcher)
	rows, cols := r.Empty().Size()
	if !ok || rows != cols || rows < 2 {
		w.logf("camera: the game has no board for the turn detector: every frame is read")
		return
	}
	opt := w.base
	opt.Size = rows
	opt.Locate = func(img image.Image) (vision.Quad, bool) {
		c, ok := wt.Locate(img)
		var q vision.Quad
		for i, p := range c {
			q[i] = vision.Point{X: p[0], Y: p[1]}
		}
		return q, ok
	}
	w.det = vision.NewTurnDetector(opt)
	w.notice = 2 * w.det.Options().StillFor
}

// turnPhotos is where the watcher finds the photos of the turns read
// before a restart (*game.Session).
type turnPhotos interface {
	State() *game.State
	Photo(ctx context.Context, n int) ([]byte, error)
}

// resume starts the detector from the photo of the last turn read, if the
// game has one: after a restart (a crash, a pulled plug) the board on the
// table is compared with that turn, as it would have been without the
// restart, instead of the first still frame being read as it is, a hand
// resting over the board included. Without a usable photo the watcher
// starts afresh and says so.
func (w *turnWatcher) resume(ctx context.Context, photos turnPhotos) {
	if w.det == nil {
		return
	}
	h := photos.State().History
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Photo == "" {
			continue
		}
		n := h[i].N
		jpg, err := photos.Photo(ctx, n)
		if err == nil {
			var img image.Image
			if img, err = vision.DecodeForTurns(jpg); err == nil {
				if w.det.Resume(img) {
					w.logf("camera: resuming from the photo of turn %d", n)
					return
				}
				err = errors.New("no board in it")
			}
		}
		w.logf("camera: the photo of turn %d: %v; the first still frame is read as it is", n, err)
		return
	}
}

// Next returns the next frame that ends a turn.
func (w *turnWatcher) Next(ctx context.Context) (game.Frame, error) {
	for {
		f, err := w.src.Next(ctx)
		if err != nil {
			return game.Frame{}, err
		}
		w.check()
		if w.det == nil {
			return game.Frame{ID: f.Name, JPEG: f.JPEG, At: f.At}, nil
		}
		img, err := vision.DecodeForTurns(f.JPEG)
		if err != nil {
			w.logf("camera: skipping %s: %v", f.Name, err)
			continue
		}
		at := f.At
		if at.IsZero() {
			at = w.now()
		}
		if w.pace > 0 {
			if w.frames == 0 {
				w.start = at
			}
			at = w.start.Add(time.Duration(w.frames) * w.pace)
			w.frames++
		}
		st := w.det.Offer(img, at)
		w.tell(ctx, f.Name, st)
		w.lock(ctx, st)
		if st.Ready {
			return game.Frame{ID: f.Name, JPEG: f.JPEG, At: at}, nil
		}
	}
}

// lock holds the camera's focus and exposure (camera.Locker: rpicam) the
// first time the detector passes on a frame with the board in it (still
// for StillFor, nothing over its rim), so that a hand over the board later
// does not pull them away (hw/camera/lock.go).
func (w *turnWatcher) lock(ctx context.Context, st vision.TurnState) {
	if w.locked || !st.Ready || !st.Board {
		return
	}
	lk, ok := w.src.(camera.Locker)
	if !ok {
		w.locked = true
		return
	}
	set, err := lk.Lock(ctx)
	switch {
	case errors.Is(err, camera.ErrNotSettled):
		return // try again with the next still frame
	case err != nil:
		w.locked = true
		w.logf("camera: holding focus and exposure: %v", err)
		return
	}
	w.locked = true
	lens := "fixed focus"
	if set.HasLens {
		lens = fmt.Sprintf("lens at %.2f dioptres", set.LensPosition)
	}
	w.logf("camera: board found: focus and exposure held (%s, shutter %d us, gain %.2f, colour gains %.2f,%.2f)",
		lens, set.ExposureTime, set.AnalogueGain, set.ColourGains[0], set.ColourGains[1])
}

// tell keeps the table's held notice in step with the detector.
func (w *turnWatcher) tell(ctx context.Context, frame string, st vision.TurnState) {
	if st.RimTaken {
		w.logf("camera: %s: what lay still over the board's rim is taken as part of the table", frame)
	}
	switch {
	case st.Hand && !w.told && st.Held >= w.notice:
		w.told = true
		opt := w.det.Options()
		msg := fmt.Sprintf("Something lies on the board's edge: the turn is read once it is gone, or once it has lain there %v.", opt.HoldFor.Round(time.Second))
		if st.Reaching {
			msg = "A hand or an arm is over the board: the turn is read once it is gone."
		}
		w.logf("camera: %s: turn held: %s", frame, st.Reason)
		if w.table != nil {
			if err := w.table.CameraTrouble(ctx, frame, heldCode, msg); err != nil {
				w.logf("camera: telling the table: %v", err)
			}
		}
	case !st.Hand && w.told && (st.Ready || (!st.Changed && st.Still >= w.det.Options().StillFor)):
		// The hold is over and the board has settled.
		w.told = false
		if st.Ready {
			return // reading the frame takes the notice down (or replaces it)
		}
		if w.table != nil {
			if err := w.table.ClearCameraNotice(ctx, heldCode); err != nil {
				w.logf("camera: telling the table: %v", err)
			}
		}
	}
}
