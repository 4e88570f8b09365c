//go:build !lean

package main

import (
	"context"
	"path/filepath"
	"sync"
	"time"

	"github.com/tilescope/tilescope/hw/camera"
	"github.com/tilescope/tilescope/internal/democache"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/vision/render"
)

// demoCacheDir is the folder of the data directory where the demos'
// drawn photos are kept between starts.
const demoCacheDir = "demo-cache"

// preparingCode is the camera notice shown while a demo's photos are
// being drawn.
const preparingCode = "preparing"

// drawDemo draws a game's demo photos (tests put a slow or blocked one
// in its place).
var drawDemo = func(d game.Demoer) (*game.Demo, error) { return d.Demo() }

// loadDemo gives the demo camera its recorded game: the photos kept in
// the data directory's cache under the record's key (and the renderer's
// version), or else drawn now (the table is told, and the log says how
// long it took) and kept for the next start. It runs in the background
// while the service already answers.
func loadDemo(ctx context.Context, kind string, dm game.Demoer, rec game.DemoRecord, data string, sess *game.Session, words *wordList, logf func(string, ...any)) ([]camera.DemoTurn, error) {
	start := time.Now()
	cache := democache.Cache{Dir: filepath.Join(data, demoCacheDir)}
	drew := false
	d, _, err := cache.Get(kind, "render "+render.Version+"\n"+rec.Key, func() (*game.Demo, error) {
		drew = true
		logf("demo: preparing the %s demo: drawing its photos (once; they are kept in %s)", kind, cache.Dir)
		if err := sess.CameraTrouble(ctx, "", preparingCode, "the demo's photos are being drawn: its first turn comes when they are ready"); err != nil {
			logf("demo: %v", err)
		}
		return drawDemo(dm)
	}, logf)
	// Down in any case: a service killed while drawing left it up.
	if err := sess.ClearCameraNotice(ctx, preparingCode); err != nil {
		logf("demo: %v", err)
	}
	if err != nil {
		logf("demo: the %s demo: %v", kind, err)
		return nil, err
	}
	how := "read from the cache"
	if drew {
		how = "drawn"
	}
	logf("demo: the %s demo is ready: %d photos %s in %v", kind, len(d.Photos), how, time.Since(start).Round(time.Millisecond))
	return demoFrames(d, words), nil
}

// demoFrames are the demo camera's turns of a recorded game; words gets
// the word announced with each.
func demoFrames(d *game.Demo, words *wordList) []camera.DemoTurn {
	var turns []camera.DemoTurn
	var said []string
	for _, ph := range d.Photos {
		turns = append(turns, camera.DemoTurn{Still: ph.Still, Placing: ph.Placing, Note: ph.Note})
		said = append(said, ph.Word)
	}
	words.set(said)
	return turns
}

// wordList is the words announced with the demo's photos, set once they
// are drawn (in the background) and read with each turn.
type wordList struct {
	mu    sync.Mutex
	words []string
}

func (w *wordList) set(words []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.words = words
}

func (w *wordList) get() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.words
}
