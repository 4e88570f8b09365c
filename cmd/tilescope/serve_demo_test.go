//go:build !lean

package main

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tilescope/tilescope/internal/emulation"
	"github.com/tilescope/tilescope/internal/game"
)

// drawDemoEnv tells a serve child (TestServeChild) how to draw its demo's
// photos instead of the game's renderer: "block" never finishes, "fake"
// gives three plain photos at once, "forbid" fails (the cache must serve).
const drawDemoEnv = "TILESCOPE_TEST_DRAW_DEMO"

func init() {
	if os.Getenv(childArgsEnv) == "" {
		return
	}
	switch os.Getenv(drawDemoEnv) {
	case "block":
		drawDemo = func(game.Demoer) (*game.Demo, error) { select {} }
	case "fake":
		drawDemo = func(game.Demoer) (*game.Demo, error) { return fakeDemo() }
	case "forbid":
		drawDemo = func(game.Demoer) (*game.Demo, error) {
			return nil, errors.New("the photos were drawn again: the cache was not used")
		}
	}
}

// fakeDemo is a recorded game of three plain grey photos.
func fakeDemo() (*game.Demo, error) {
	d := &game.Demo{}
	for i := range 3 {
		img := image.NewGray(image.Rect(0, 0, 32, 24))
		for p := range img.Pix {
			img.Pix[p] = uint8(40 * i)
		}
		img.Set(0, 0, color.Gray{Y: 255})
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, nil); err != nil {
			return nil, err
		}
		ph := game.DemoPhoto{Still: b.Bytes(), Note: "photo"}
		if i > 0 {
			ph.Placing = [][]byte{b.Bytes()}
		}
		d.Photos = append(d.Photos, ph)
	}
	return d, nil
}

func demoArgs(data string) []string {
	return []string{"--game", "scrabble", "--players", "Ann,Bob", "--addr", "127.0.0.1:0", "--data", data,
		"--camera", "demo", "--frame-period", "50ms", "--pin", "1357", "--demo-restart", "0"}
}

// waitLog waits until the child's log says want.
func (c *child) waitLog(t *testing.T, want string, limit time.Duration) {
	t.Helper()
	wait := emulation.NewWait(t, limit)
	for !strings.Contains(c.stderr.String(), want) {
		if wait.Over() {
			t.Fatalf("the log does not say %q within %v:\n%s", want, wait, c.stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestServeAnswersWhileDemoIsDrawn: with a renderer that never finishes,
// the service still listens, answers /healthz and the game, and tells the
// table (its log, the camera notice on the page) that the demo is being
// prepared.
func TestServeAnswersWhileDemoIsDrawn(t *testing.T) {
	t.Setenv(drawDemoEnv, "block")
	c := startServe(t, demoArgs(t.TempDir())...)
	resp, err := http.Get(c.url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz while the demo is drawn: %s", resp.Status)
	}
	c.waitLog(t, "preparing the scrabble demo", 30*time.Second)
	st := c.waitFor(t, "the preparing notice", 30*time.Second, func(st game.State) bool { return st.Camera != nil })
	if st.Camera.Code != preparingCode || len(st.Turns) != 0 {
		t.Errorf("while the demo is drawn: camera notice %+v, %d turns; want %q and none", st.Camera, len(st.Turns), preparingCode)
	}
}

// TestServeDemoCache: the first start draws the demo's photos and keeps
// them; the second reads them back without drawing; a damaged cache file
// is drawn again, never served.
func TestServeDemoCache(t *testing.T) {
	data := t.TempDir()
	steps := []struct {
		name, draw, want string
		damage           bool
	}{
		{"first start draws", "fake", "photos drawn in", false},
		{"second start reads the cache", "forbid", "photos read from the cache in", false},
		{"a damaged cache file is drawn again", "fake", "photos drawn in", true},
		{"and kept again", "forbid", "photos read from the cache in", false},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if s.damage {
				files, err := filepath.Glob(filepath.Join(data, demoCacheDir, "scrabble-*.demo"))
				if err != nil || len(files) != 1 {
					t.Fatalf("cache files %v, %v; want one", files, err)
				}
				b, err := os.ReadFile(files[0])
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(files[0], b[:len(b)-100], 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Setenv(drawDemoEnv, s.draw)
			c := startServe(t, demoArgs(data)...)
			c.waitLog(t, "the scrabble demo is ready: 3 "+s.want, 60*time.Second)
			if log := c.stderr.String(); s.damage != strings.Contains(log, "corrupt") {
				t.Errorf("damaged %v, yet the log says:\n%s", s.damage, log)
			}
			c.waitFor(t, "the notice taken down", 30*time.Second, func(st game.State) bool {
				return st.Camera == nil || st.Camera.Code != preparingCode
			})
			c.cmd.Process.Kill()
			<-c.done
		})
	}
}
