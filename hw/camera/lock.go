package camera

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Holding focus and exposure (docs/pi.md, "The camera"). Left to itself a
// Pi camera keeps adjusting: the Camera Module 3 refocuses continuously
// (its default autofocus mode), and on every camera the exposure, gain and
// white balance follow the scene, so a hand or an arm over the board
// changes the brightness and focus of the board around it, and the frames
// after it differ from those before even where nothing moved. The turn
// detector copes with a drift of brightness, but a board in focus and
// evenly exposed from turn to turn is read better. So rpicam-vid runs at
// first with its automatic controls and reports, frame by frame, what
// they chose (--metadata, written to a pipe on file descriptor 3, in its
// txt format: Name=value lines, a blank line after each frame); once the
// board has been found still, the service calls Lock, and the program is
// started again with those values fixed, with options rpicam-apps
// documents:
//
//	--shutter US --gain G        the exposure time (microseconds) and gain
//	--awbgains R,B               fixed red and blue gains: no AWB
//	--autofocus-mode manual --lens-position D
//	                             Camera Module 3 only: the lens held at D
//	                             dioptres (1/metres), where autofocus put it
//
// A camera without autofocus (Camera Module 2, the HQ camera, whose focus
// is the lens's own ring) reports no lens position and gets no focus
// options. An option the user gave in rpicam:ARGS is kept and not given
// again (rpicam refuses an option twice). Unlock starts it again with its
// automatic controls.

// Settings are the camera's automatic choices for the latest frame, as
// rpicam reported them.
type Settings struct {
	ExposureTime int        // microseconds (libcamera's ExposureTime)
	AnalogueGain float64    // AnalogueGain
	ColourGains  [2]float64 // red and blue (ColourGains); zero when not reported
	LensPosition float64    // dioptres (LensPosition); only with HasLens
	HasLens      bool       // the camera has autofocus (Camera Module 3)
	AfState      string     // AfState as reported (e.g. "2"), "" when none
}

// Locker is a camera whose focus and exposure can be held as they are.
type Locker interface {
	// Lock fixes focus, exposure and white balance at what the camera
	// chose for its latest frame, restarting the camera program with
	// them; it returns the values. ErrNotSettled when the camera has not
	// reported them yet.
	Lock(ctx context.Context) (Settings, error)
	// Unlock returns to the automatic controls.
	Unlock(ctx context.Context) error
}

// ErrNotSettled: the camera has reported no exposure yet, so there is
// nothing to hold.
var ErrNotSettled = errors.New("camera: no exposure reported yet")

// metadataFD is the file descriptor rpicam writes its metadata to: the
// first of exec.Cmd.ExtraFiles.
const metadataFD = 3

// metadataArgs ask rpicam for its per-frame metadata on metadataFD.
func metadataArgs() []string {
	return []string{"--metadata", fmt.Sprintf("/dev/fd/%d", metadataFD), "--metadata-format", "txt"}
}

// lockArgs are the options that hold st, leaving out any of them the user
// gave (extra).
func lockArgs(st Settings, extra []string) []string {
	given := func(names ...string) bool {
		for _, a := range extra {
			for _, n := range names {
				if a == n || strings.HasPrefix(a, n+"=") {
					return true
				}
			}
		}
		return false
	}
	var argv []string
	if st.ExposureTime > 0 && !given("--shutter") {
		argv = append(argv, "--shutter", strconv.Itoa(st.ExposureTime))
	}
	if st.AnalogueGain > 0 && !given("--gain", "--analoggain") {
		argv = append(argv, "--gain", strconv.FormatFloat(st.AnalogueGain, 'f', 3, 64))
	}
	if st.ColourGains[0] > 0 && st.ColourGains[1] > 0 && !given("--awbgains", "--awb") {
		argv = append(argv, "--awbgains", strconv.FormatFloat(st.ColourGains[0], 'f', 3, 64)+","+strconv.FormatFloat(st.ColourGains[1], 'f', 3, 64))
	}
	if st.HasLens && !given("--lens-position", "--autofocus-mode") {
		argv = append(argv, "--autofocus-mode", "manual", "--lens-position", strconv.FormatFloat(st.LensPosition, 'f', 3, 64))
	}
	return argv
}

// readMetadata reads rpicam's txt metadata (Name=value lines, a blank line
// after each frame) and calls set with each frame's settings; it returns
// when r ends. Values it cannot read are left out.
func readMetadata(r io.Reader, set func(Settings)) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var cur Settings
	have := false
	flush := func() {
		if have && cur.ExposureTime > 0 {
			set(cur)
		}
		cur, have = Settings{}, false
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			flush()
			continue
		}
		name, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		have = true
		nums := numbers(val)
		switch strings.TrimSpace(name) {
		case "ExposureTime":
			if len(nums) == 1 {
				cur.ExposureTime = int(nums[0])
			}
		case "AnalogueGain":
			if len(nums) == 1 {
				cur.AnalogueGain = nums[0]
			}
		case "ColourGains":
			if len(nums) == 2 {
				cur.ColourGains = [2]float64{nums[0], nums[1]}
			}
		case "LensPosition":
			if len(nums) == 1 {
				cur.LensPosition, cur.HasLens = nums[0], true
			}
		case "AfState":
			cur.AfState = strings.TrimSpace(val)
		}
	}
	flush()
}

// numbers are the numbers in a libcamera value: "12000", "1.5",
// "[ 1.8, 1.6 ]".
func numbers(s string) []float64 {
	var out []float64
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == '[' || r == ']' || r == ',' || r == ' ' || r == '\t' }) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}
