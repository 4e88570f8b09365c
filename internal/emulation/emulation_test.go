package emulation

import (
	"strings"
	"testing"
	"time"
)

const (
	x86Info = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\nflags\t\t: fpu vme sse2\n"
	armInfo = "processor\t: 0\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32\nCPU implementer\t: 0x41\nCPU part\t: 0xd08\n"
)

func TestFromCPUInfo(t *testing.T) {
	for _, tc := range []struct {
		name, goarch, info string
		emulated           bool
	}{
		{"arm64 on x86 (make pi-check)", "arm64", x86Info, true},
		{"arm64 on a Pi", "arm64", armInfo, false},
		{"amd64 natively", "amd64", x86Info, false},
		{"amd64 on Arm", "amd64", armInfo, true},
		{"32-bit arm on x86", "arm", x86Info, true},
		{"empty cpuinfo", "arm64", "", false},
		{"riscv64 says nothing", "riscv64", x86Info, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := fromCPUInfo(tc.goarch, strings.NewReader(tc.info))
			if (got != "") != tc.emulated {
				t.Fatalf("fromCPUInfo(%s) = %q, emulated %v", tc.goarch, got, tc.emulated)
			}
			if got != "" && !strings.Contains(got, "qemu-user") {
				t.Errorf("reason %q does not name qemu-user", got)
			}
		})
	}
}

func TestReasonEnv(t *testing.T) {
	t.Setenv(Env, "qemu-user")
	if got := Reason(); got != "qemu-user" {
		t.Fatalf("Reason() with %s set = %q", Env, got)
	}
	t.Setenv(Env, "")
	// Natively (this machine, the test's own build) nothing is emulated,
	// unless the test itself runs under qemu.
	if got := Reason(); got != "" {
		t.Logf("running emulated: %s", got)
	}
}

func TestPatient(t *testing.T) {
	t.Setenv(Env, "qemu-user")
	if got := Patient(time.Minute); got != SlowFactor*time.Minute {
		t.Errorf("emulated: Patient(1m) = %v, want %v", got, SlowFactor*time.Minute)
	}
	if Reason() == "" {
		t.Fatal("the variable did not count")
	}
}

func TestLoadFactor(t *testing.T) {
	for _, tc := range []struct {
		name    string
		loadavg string
		cpus    int
		want    float64
	}{
		{"idle", "0.10 0.20 0.30 1/100 123\n", 2, 1},
		{"busy as the processors", "2.00 1.00 1.00 3/100 123\n", 2, 1},
		{"load 30 on 2 processors", "30.00 20.00 10.00 31/100 123\n", 2, 15},
		{"beyond the bound", "500.0 1 1 1/1 1\n", 2, MaxLoadFactor},
		{"unreadable", "load?\n", 2, 1},
		{"empty", "", 2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := loadFactor(tc.loadavg, tc.cpus); got != tc.want {
				t.Errorf("loadFactor(%q, %d) = %v, want %v", tc.loadavg, tc.cpus, got, tc.want)
			}
		})
	}
}

type deadline struct {
	at time.Time
	ok bool
}

func (d deadline) Deadline() (time.Time, bool) { return d.at, d.ok }

func TestWaitScalesWithLoad(t *testing.T) {
	t.Setenv(Env, "") // natively, whatever runs the test
	if Reason() != "" {
		t.Skip("under emulation every wait is longer")
	}
	t0 := time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name     string
		loads    []float64 // the load factor at the start, then at each look
		after    time.Duration
		deadline deadline
		wantOver bool
	}{
		{"idle, within the limit", []float64{1, 1}, 29 * time.Second, deadline{}, false},
		{"idle, past the limit", []float64{1, 1}, 31 * time.Second, deadline{}, true},
		{"loaded from the start", []float64{10, 10}, 200 * time.Second, deadline{}, false},
		{"loaded from the start, past ten times", []float64{10, 10}, 301 * time.Second, deadline{}, true},
		{"load that rose during the wait", []float64{1, 20}, 500 * time.Second, deadline{}, false},
		{"loaded, but the test's deadline is near", []float64{20, 20}, 100 * time.Second, deadline{t0.Add(2 * time.Minute), true}, true},
		{"loaded, far from the test's deadline", []float64{20, 20}, 100 * time.Second, deadline{t0.Add(time.Hour), true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			now, loads := t0, tc.loads
			w := &Wait{Limit: 30 * time.Second, nowFunc: func() time.Time { return now },
				load: func() float64 { l := loads[0]; loads = loads[1:]; return l }}
			if tc.deadline.ok {
				w.cap = tc.deadline.at.Add(-deadlineMargin)
			}
			w.start, w.factor = now, w.load()
			now = now.Add(tc.after)
			if got := w.Over(); got != tc.wantOver {
				t.Errorf("after %v: over %v, want %v (%s)", tc.after, got, tc.wantOver, w)
			}
		})
	}
}

func TestAllowance(t *testing.T) {
	if got := Allowance(deadline{time.Now().Add(10 * time.Minute), true}, 30*time.Second); got < 9*time.Minute || got > 10*time.Minute {
		t.Errorf("10 minutes left: allowance %v, want the rest less the margin", got)
	}
	if got := Allowance(deadline{time.Now().Add(time.Second), true}, 30*time.Second); got != 30*time.Second {
		t.Errorf("a second left: allowance %v, want at least the 30s asked", got)
	}
	if got := Allowance(deadline{}, 30*time.Second); got < 30*time.Second {
		t.Errorf("no deadline: allowance %v, want at least 30s", got)
	}
}
