package emulation

import (
	"bufio"
	"io"
	"os"
	"runtime"
	"strings"
	"time"
)

// Env names the variable that says, when set, under what the program is
// emulated (make pi-check sets it to "qemu-user"): it overrides the
// look at /proc/cpuinfo.
const Env = "TILESCOPE_EMULATION"

// Reason says under what the program runs emulated, or "" when it runs
// natively (or nothing says otherwise).
func Reason() string {
	if v := os.Getenv(Env); v != "" {
		return v
	}
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	return fromCPUInfo(runtime.GOARCH, f)
}

// fromCPUInfo compares the architecture the program was built for with
// the processor /proc/cpuinfo describes. qemu-user passes the host's
// /proc/cpuinfo through: an arm64 program that reads an x86 processor's
// ("vendor_id", no "CPU implementer") is emulated; the reverse too.
func fromCPUInfo(goarch string, cpuinfo io.Reader) string {
	var x86, arm bool
	sc := bufio.NewScanner(cpuinfo)
	for sc.Scan() {
		key, _, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "vendor_id":
			x86 = true
		case "CPU implementer":
			arm = true
		}
	}
	switch {
	case (goarch == "arm64" || goarch == "arm") && x86 && !arm:
		return "qemu-user (" + goarch + " on an x86 processor)"
	case (goarch == "amd64" || goarch == "386") && arm && !x86:
		return "qemu-user (" + goarch + " on an Arm processor)"
	}
	return ""
}

// SlowFactor is how many times longer a test waits under emulation:
// qemu-user runs this program's Go about 14 times slower than the
// machine under it (docs/pi.md), more on a loaded machine.
const SlowFactor = 10

// Patient is how long a test should wait for what takes d natively: d,
// or SlowFactor times d under emulation. For a test's own deadlines
// only; the program's own timeouts are a Pi's and stay.
func Patient(d time.Duration) time.Duration {
	if Reason() != "" {
		return SlowFactor * d
	}
	return d
}
