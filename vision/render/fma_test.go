package render

import (
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/emulation"
)

// fusedSite is a line of the compiler's fmahash report: the positions of
// one multiply-add it would fuse, inlined ones first, "; " between.
var fusedSite = regexp.MustCompile(`^(\S+\.go:\d+:\d+(?:; \S+\.go:\d+:\d+)*) \[DISABLED\]`)

// TestNoFusedMultiplyAdd builds the package for arm64 with the compiler
// reporting every multiply-add it would fuse (-d=fmahash=vn reports each
// one and fuses none) and fails on any in the package: there a fused
// x*y+z rounds once where amd64 rounds twice, and the pictures differ
// (doc.go). A cross-compilation on the host: no arm64 machine needed.
func TestNoFusedMultiplyAdd(t *testing.T) {
	if r := emulation.Reason(); r != "" {
		t.Skipf("under emulation (%s) the probes' hashes show it (TestProbeMatchesVersion)", r)
	}
	goBin := filepath.Join(build.Default.GOROOT, "bin", "go")
	if _, err := os.Stat(goBin); err != nil {
		if goBin, err = exec.LookPath("go"); err != nil {
			t.Skipf("no go command: %v", err)
		}
	}
	cmd := exec.Command(goBin, "build", "-gcflags=-d=fmahash=vn", "-o", os.DevNull, ".")
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("building the package for arm64: %v\n%s", err, out)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if m := fusedSite.FindStringSubmatch(line); m != nil {
			seen[m[1]] = true
		}
	}
	if len(seen) == 0 {
		return
	}
	var sites []string
	for s := range seen {
		sites = append(sites, s)
	}
	sort.Strings(sites)
	t.Fatalf("on arm64 the compiler fuses a product into a sum at %d places, which draws other pixels than amd64 "+
		"(round the product first, float64(x*y) + z; a rand Float64 and a division by a power of two are products too; doc.go):\n%s",
		len(sites), strings.Join(sites, "\n"))
}
