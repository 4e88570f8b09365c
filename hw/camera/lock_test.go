package camera

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
)

// fakeRpicamMeta plays rpicam-vid asked for its metadata: it appends its
// command line to $FAKE_ARGS, then writes a frame to standard output and
// that frame's metadata, in rpicam's txt format, to the file --metadata
// names (/dev/fd/3), every 10 ms until killed. The Camera Module 3 reports
// a lens position; the HQ camera (meta-hq) has none.
func fakeRpicamMeta(mode string, args []string, frame func(int) []byte) int {
	if p := os.Getenv("FAKE_ARGS"); p != "" {
		f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return 4
		}
		fmt.Fprintln(f, strings.Join(args, " "))
		f.Close()
	}
	i := slices.Index(args, "--metadata")
	if i < 0 || i+1 >= len(args) {
		fmt.Fprintln(os.Stderr, "no --metadata")
		return 5
	}
	meta, err := os.OpenFile(args[i+1], os.O_WRONLY, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 6
	}
	for n := 0; ; n++ {
		if _, err := os.Stdout.Write(frame(n)); err != nil {
			return 1
		}
		fmt.Fprintf(meta, "SensorTimestamp=%d\nScalerCrop=(0, 0)/4608x2592\nExposureTime=11998\nAnalogueGain=1.828571\nDigitalGain=1.003\nColourGains=[ 1.864329, 1.623474 ]\nColourTemperature=4123\n", 1000+n)
		if mode == "meta" {
			fmt.Fprintf(meta, "LensPosition=2.450000\nAfState=2\nAfPauseState=0\n")
		}
		fmt.Fprintln(meta)
		time.Sleep(10 * time.Millisecond)
	}
}

func TestReadMetadata(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []Settings
	}{
		{"Camera Module 3, two frames",
			"ExposureTime=11998\nAnalogueGain=1.828571\nColourGains=[ 1.864329, 1.623474 ]\nLensPosition=2.45\nAfState=2\n\nExposureTime=12001\nAnalogueGain=2\nLensPosition=2.5\n\n",
			[]Settings{
				{ExposureTime: 11998, AnalogueGain: 1.828571, ColourGains: [2]float64{1.864329, 1.623474}, LensPosition: 2.45, HasLens: true, AfState: "2"},
				{ExposureTime: 12001, AnalogueGain: 2, LensPosition: 2.5, HasLens: true},
			}},
		{"HQ camera: no lens, last frame without its blank line",
			"SensorTimestamp=99\nExposureTime=20000\nAnalogueGain=1.0\nColourGains=[ 2.1, 1.4 ]\n",
			[]Settings{{ExposureTime: 20000, AnalogueGain: 1, ColourGains: [2]float64{2.1, 1.4}}}},
		{"a frame without an exposure is skipped",
			"AnalogueGain=1.5\n\nExposureTime=5000\n\n",
			[]Settings{{ExposureTime: 5000}}},
		{"unreadable values are left out",
			"ExposureTime=lots\nAnalogueGain=[ 1, 2 ]\nColourGains=1.5\n\nExposureTime=7000\nAnalogueGain=x\n\n",
			[]Settings{{ExposureTime: 7000}}},
		{"nothing", "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []Settings
			readMetadata(strings.NewReader(tc.in), func(s Settings) { got = append(got, s) })
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestLockArgs(t *testing.T) {
	m3 := Settings{ExposureTime: 11998, AnalogueGain: 1.828571, ColourGains: [2]float64{1.864329, 1.623474}, LensPosition: 2.45, HasLens: true}
	hq := Settings{ExposureTime: 20000, AnalogueGain: 1, ColourGains: [2]float64{2.1, 1.4}}
	cases := []struct {
		name  string
		st    Settings
		extra []string
		want  []string
	}{
		{"Camera Module 3", m3, nil, []string{"--shutter", "11998", "--gain", "1.829", "--awbgains", "1.864,1.623", "--autofocus-mode", "manual", "--lens-position", "2.450"}},
		{"HQ camera: no focus options", hq, nil, []string{"--shutter", "20000", "--gain", "1.000", "--awbgains", "2.100,1.400"}},
		{"the user's shutter and lens stay", m3, []string{"--shutter", "8000", "--lens-position=3"}, []string{"--gain", "1.829", "--awbgains", "1.864,1.623"}},
		{"the user's white balance mode stays", hq, []string{"--awb", "daylight", "--analoggain", "2"}, []string{"--shutter", "20000"}},
		{"colour gains not reported", Settings{ExposureTime: 100}, nil, []string{"--shutter", "100"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := lockArgs(tc.st, tc.extra); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestStreamLock runs a fake rpicam-vid that reports its metadata: Lock
// starts it again at once (the restart delay is an hour) with focus,
// exposure and white balance fixed at what it reported, frames keep
// coming, and Unlock starts it again without them. The HQ camera gets no
// focus options.
func TestStreamLock(t *testing.T) {
	cases := []struct {
		mode, spec string
		wantHeld   string
	}{
		{"meta", "rpicam", "--shutter 11998 --gain 1.829 --awbgains 1.864,1.623 --autofocus-mode manual --lens-position 2.450 -o -"},
		{"meta-hq", "rpicam:--rotation 180", "--rotation 180 --shutter 11998 --gain 1.829 --awbgains 1.864,1.623 -o -"},
	}
	for _, tc := range cases {
		t.Run(tc.mode, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			argsLog := filepath.Join(t.TempDir(), "args")
			opt, _ := quietOptions(tc.mode)
			opt.RestartDelay = time.Hour
			fake := opt.Command
			opt.Command = func(ctx context.Context, name string, args ...string) *exec.Cmd {
				cmd := fake(ctx, name, args...)
				cmd.Env = append(cmd.Env, "FAKE_ARGS="+argsLog)
				return cmd
			}
			src, err := Open(tc.spec, opt)
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			lk, ok := src.(Locker)
			if !ok {
				t.Fatalf("%T is not a Locker", src)
			}
			var st Settings
			for {
				if _, err := src.Next(ctx); err != nil {
					t.Fatal(err)
				}
				st, err = lk.Lock(ctx)
				if err == nil {
					break
				}
				if !errors.Is(err, ErrNotSettled) {
					t.Fatal(err)
				}
			}
			if st.ExposureTime != 11998 || st.HasLens != (tc.mode == "meta") {
				t.Errorf("locked at %+v", st)
			}
			prog := strings.Join(src.(interface{ Program() []string }).Program(), " ")
			if !strings.HasSuffix(prog, tc.wantHeld) {
				t.Errorf("command line after Lock\n %s\nwant it to end %s", prog, tc.wantHeld)
			}
			lines := waitStarts(ctx, t, src, argsLog, 2)
			if !strings.HasSuffix(lines[1], tc.wantHeld) || strings.Contains(lines[0], "--shutter") {
				t.Errorf("started as\n %s\nthen\n %s\nwant the second to end %s", lines[0], lines[1], tc.wantHeld)
			}
			if err := lk.Unlock(ctx); err != nil {
				t.Fatal(err)
			}
			lines = waitStarts(ctx, t, src, argsLog, 3)
			if lines[2] != lines[0] {
				t.Errorf("after Unlock started as\n %s\nwant as at first\n %s", lines[2], lines[0])
			}
		})
	}
}

// waitStarts reads frames until the fake camera has been started n times
// and has given a frame since, and returns its command lines.
func waitStarts(ctx context.Context, t *testing.T, src Source, argsLog string, n int) []string {
	t.Helper()
	for {
		b, _ := os.ReadFile(argsLog)
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		if _, err := src.Next(ctx); err != nil {
			t.Fatalf("waiting for start %d: %v", n, err)
		}
		if len(lines) >= n {
			return lines
		}
	}
}

// fakeRpicamStillMeta plays rpicam-still asked for its metadata: it notes
// its command line in $FAKE_ARGS, writes one photo and that photo's
// metadata (a Camera Module 3's) and exits.
func fakeRpicamStillMeta(args []string, frame func(int) []byte) int {
	if p := os.Getenv("FAKE_ARGS"); p != "" {
		f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return 4
		}
		fmt.Fprintln(f, strings.Join(args, " "))
		f.Close()
	}
	i := slices.Index(args, "--metadata")
	if i < 0 || i+1 >= len(args) {
		return 5
	}
	meta, err := os.OpenFile(args[i+1], os.O_WRONLY, 0)
	if err != nil {
		return 6
	}
	os.Stdout.Write(frame(1))
	fmt.Fprintf(meta, "ExposureTime=11998\nAnalogueGain=1.828571\nColourGains=[ 1.864329, 1.623474 ]\nLensPosition=2.450000\n\n")
	return 0
}

// TestStillSettlesThenHolds: the first rpicam-still photo lets the camera
// settle (-t 1500); the photos of the next 10 minutes are taken at once
// (-t 1 --immediate) with what it settled on held; after that it settles
// again. A timing the user gave is left alone.
func TestStillSettlesThenHolds(t *testing.T) {
	held := "--shutter 11998 --gain 1.829 --awbgains 1.864,1.623 --autofocus-mode manual --lens-position 2.450 -o -"
	cases := []struct {
		name, spec string
		advance    []time.Duration // before each photo
		want       []string        // a part of each photo's command line
		notWant    []string
	}{
		{"settle, hold, settle again", "rpicam-still",
			[]time.Duration{0, time.Minute, 5 * time.Minute, 5 * time.Minute},
			[]string{"rpicam-still -n -t 1500 --encoding", "-t 1 --immediate --encoding", "-t 1 --immediate --encoding", "rpicam-still -n -t 1500 --encoding"},
			[]string{"--shutter", "", "", "--shutter"}},
		{"the user's timing", "rpicam-still:-t 200",
			[]time.Duration{0, time.Minute},
			[]string{"-q 90 --metadata /dev/fd/3 --metadata-format txt -t 200 -o -", "-t 200 " + held},
			[]string{"--immediate", "--immediate"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			argsLog := filepath.Join(t.TempDir(), "args")
			clock := clockwork.NewFakeClock()
			opt, _ := quietOptions("still-meta")
			opt.Clock = clock
			fake := opt.Command
			opt.Command = func(ctx context.Context, name string, args ...string) *exec.Cmd {
				cmd := fake(ctx, name, args...)
				cmd.Env = append(cmd.Env, "FAKE_ARGS="+argsLog)
				return cmd
			}
			src, err := Open(tc.spec, opt)
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			for i, d := range tc.advance {
				clock.Advance(d)
				if _, err := src.Next(context.Background()); err != nil {
					t.Fatalf("photo %d: %v", i+1, err)
				}
			}
			b, _ := os.ReadFile(argsLog)
			lines := strings.Split(strings.TrimSpace(string(b)), "\n")
			if len(lines) != len(tc.want) {
				t.Fatalf("%d photos taken, want %d", len(lines), len(tc.want))
			}
			for i, l := range lines {
				l = "rpicam-still " + l
				if !strings.Contains(l, tc.want[i]) {
					t.Errorf("photo %d: %s\nwant it to contain %s", i+1, l, tc.want[i])
				}
				if tc.notWant[i] != "" && strings.Contains(l, tc.notWant[i]) {
					t.Errorf("photo %d: %s\nwant no %s", i+1, l, tc.notWant[i])
				}
				if strings.Contains(l, "--immediate") && !strings.HasSuffix(l, held) {
					t.Errorf("photo %d taken at once without the held values: %s", i+1, l)
				}
			}
		})
	}
}
