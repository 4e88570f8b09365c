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
