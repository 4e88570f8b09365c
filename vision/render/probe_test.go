package render

import (
	"crypto/sha256"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pyramidsProbe is a few stacks of pyramids in a row.
var pyramidsProbe = strings.Repeat(". . . . . . . . . .\n", 4) + ". . . rA5 kC yB5 gD5 bE . .\n" + strings.Repeat(". . . . . . . . . .\n", 5)

// probes are one small fixed scene per game: what the demo cache's photos
// are drawn with (a table, a board or loose tiles, fonts, light, noise);
// and one scene as large as a demo photo, in the Pyramids demo's light
// and camera (its seed), whose large letters the small scenes lack (on
// arm64 they once came out otherwise; doc.go).
var probes = []struct {
	name, game, state string
	full              bool // 1640x1232 with the Pyramids demo's seed, not a small random scene
}{
	{"upwords", "upwords", sampleBoard, false},
	{"scrabble", "scrabble", scrabbleSample, false},
	{"pyramids", "pyramids", pyramidsProbe, false},
	{"lexicon", "lexicon", "..C.\nKEYS\n..T.\n", false},
	{"twists", "twists", "..Я\nДОМ!\n.@2\n", false},
	{"pyramids-demo", "pyramids", pyramidsProbe, true},
}

// probeFile is the probes' pictures' hashes with the Version they were
// drawn at.
var probeFile = filepath.Join("testdata", "probe.txt")

// TestProbeMatchesVersion: the renderer's pictures are those recorded
// beside Version. A change that draws any probe differently fails here
// until Version is bumped (the demo cache, internal/democache, keys its
// photos by it and would keep serving the old ones) and the record
// rewritten with -update; -update refuses to record new pictures under
// the old Version. The hashes are every architecture's (the package
// forbids fused multiply-adds, doc.go; make pi-check runs this test on
// arm64) with the fonts recorded (a scene picks among the fonts
// installed): with other fonts the test skips.
func TestProbeMatchesVersion(t *testing.T) {
	var names []string
	for _, tf := range Typefaces() {
		names = append(names, tf.Name)
	}
	fonts := "fonts " + strings.Join(names, ",")
	var got strings.Builder
	fmt.Fprintf(&got, "version %s\n%s\n", Version, fonts)
	for _, p := range probes {
		o, err := RandomOptions(3, "normal")
		if err != nil {
			t.Fatal(err)
		}
		o.Width, o.Height = 320, 240
		o.FitGame(p.game)
		if p.full {
			o = Options{Seed: 20261201, Width: 1640, Height: 1232} // internal/games/pyramids' demo scene
		}
		sc, err := Render(p.game, []byte(p.state), o)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		fmt.Fprintf(&got, "%s %x\n", p.name, sha256.Sum256(sc.Image.(*image.RGBA).Pix))
	}
	raw, err := os.ReadFile(probeFile)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	was := string(raw)
	head := strings.SplitN(was, "\n", 3)
	recorded := strings.TrimPrefix(head[0], "version ")
	if len(head) > 1 && head[1] != fonts && !*update {
		// Scenes choose among the fonts installed: other fonts, other
		// pictures (make deps installs the recorded ones).
		t.Skipf("the probes were drawn with %s; this machine has %s", head[1], fonts)
	}
	if was == got.String() {
		return
	}
	if *update {
		if was != "" && recorded == Version {
			t.Fatalf("the renderer's pictures changed under render.Version %q: bump Version (vision/render/version.go) first, then -update", Version)
		}
		if err := os.WriteFile(probeFile, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if recorded != Version {
		t.Fatalf("render.Version is %q, the probes were recorded at %q: run go test ./vision/render -run TestProbeMatchesVersion -update", Version, recorded)
	}
	t.Fatalf("the renderer's pictures changed (%s has\n%s\nthey are now\n%s): bump render.Version in vision/render/version.go (or serve's demo cache keeps the old photos) and run go test ./vision/render -run TestProbeMatchesVersion -update", probeFile, was, got.String())
}
