package main

// Checks of the systemd unit that `make install` puts on a Raspberry Pi
// (hw/systemd/tilescope.service, owned with hw/): that it is a valid unit,
// and that every flag it gives `tilescope serve` is one serve has.

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const unitPath = "../../hw/systemd/tilescope.service"

// readUnit parses a unit file into section -> key -> values.
func readUnit(t *testing.T, path string) map[string]map[string][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	unit := map[string]map[string][]string{}
	section := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = strings.Trim(line, "[]")
			unit[section] = map[string][]string{}
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok || section == "" {
				t.Fatalf("%s:%d: not a key=value line in a section: %q", path, n, line)
			}
			unit[section][strings.TrimSpace(k)] = append(unit[section][strings.TrimSpace(k)], strings.TrimSpace(v))
		}
	}
	return unit
}

func TestServiceUnit(t *testing.T) {
	unit := readUnit(t, unitPath)
	want := []struct{ section, key, value string }{
		{"Unit", "After", "network-online.target"},
		{"Unit", "Wants", "network-online.target"},
		{"Service", "User", "tilescope"},
		{"Service", "Restart", "always"},
		{"Service", "StateDirectory", "tilescope"},
		{"Install", "WantedBy", "multi-user.target"},
	}
	for _, w := range want {
		if got := unit[w.section][w.key]; len(got) != 1 || got[0] != w.value {
			t.Errorf("[%s] %s = %q, want %q", w.section, w.key, got, w.value)
		}
	}
	exec := unit["Service"]["ExecStart"]
	if len(exec) != 1 {
		t.Fatalf("ExecStart = %q, want one", exec)
	}
	args := strings.Fields(exec[0])
	if len(args) < 2 || args[0] != "/usr/local/bin/tilescope" || args[1] != "serve" {
		t.Fatalf("ExecStart %q does not run /usr/local/bin/tilescope serve", exec[0])
	}
	// The service runs with the Pi camera, the button, the LED, and its
	// data where StateDirectory puts it.
	for flag, value := range map[string]string{"--camera": "rpicam", "--data": "/var/lib/tilescope", "--button": "GPIO17", "--led": "GPIO27"} {
		i := indexOf(args, flag)
		if i < 0 || i+1 >= len(args) || args[i+1] != value {
			t.Errorf("ExecStart does not give %s %s: %q", flag, value, exec[0])
		}
	}
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// TestServiceUnitFlagsExist runs `tilescope serve -h` and checks that
// every flag of the unit's ExecStart is one of serve's flags: a flag serve
// does not know would make the service fail at every boot.
func TestServiceUnitFlagsExist(t *testing.T) {
	if _, ok := commands["serve"]; !ok {
		t.Skip("no serve command in this build yet")
	}
	var out, errb bytes.Buffer
	run(context.Background(), []string{"serve", "-h"}, &out, &errb)
	help := out.String() + errb.String()
	known := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+--?([a-zA-Z0-9][-a-zA-Z0-9]*)`).FindAllStringSubmatch(help, -1) {
		known[m[1]] = true
	}
	if len(known) == 0 {
		t.Fatalf("no flags found in serve -h:\n%s", help)
	}
	exec := readUnit(t, unitPath)["Service"]["ExecStart"][0]
	for _, a := range strings.Fields(exec)[2:] {
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name := strings.TrimLeft(a, "-")
		name, _, _ = strings.Cut(name, "=")
		if !known[name] {
			t.Errorf("the unit runs serve with %s, which serve -h does not list (flags: %v)", a, keys(known))
		}
	}
}

func keys(m map[string]bool) []string {
	var s []string
	for k := range m {
		s = append(s, k)
	}
	return s
}

// TestServiceUnitVerifies has systemd check the unit, when systemd-analyze
// is installed. The binary is not installed here, so the unit is checked
// with this test binary in its place.
func TestServiceUnitVerifies(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze not installed")
	}
	text, err := os.ReadFile(unitPath)
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	unit := filepath.Join(t.TempDir(), "tilescope.service")
	os.WriteFile(unit, bytes.ReplaceAll(text, []byte("/usr/local/bin/tilescope"), []byte(self)), 0o644)
	out, err := exec.Command(analyze, "verify", unit).CombinedOutput()
	// verify exits 0 on some mistakes (unknown keys, bad values) but says
	// so: any output is a finding.
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}
