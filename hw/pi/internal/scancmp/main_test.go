package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const amd64Reading = `{"game":"upwords","cells":[[{"letter":"M","height":3,"conf":0.881},null],[{"letter":"S","height":5,"conf":1},{"letter":"W","height":4,"conf":0.91}]],"corners":[[360.8,282.1],[1100.4,196.2]],"tiles":[{"angle":359.5}]}`

func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		name, other string
		ok          bool
		allowed     int
	}{
		{"the same", amd64Reading, true, 0},
		// arm64's upwords-0000, in part: a corner 2 px off, a height one
		// less, an unsure letter read otherwise, a conf 0.12 lower.
		{"within tolerance", `{"game":"upwords","cells":[[{"letter":"N","height":3,"conf":0.999},null],[{"letter":"S","height":4,"conf":1},{"letter":"W","height":4,"conf":0.79}]],"corners":[[360.5,281.8],[1100.4,194.2]],"tiles":[{"angle":0.5}]}`, true, 6},
		{"a sure letter differs", strings.Replace(amd64Reading, `"S"`, `"T"`, 1), false, 0},
		{"a height two apart", strings.Replace(amd64Reading, `"height":5`, `"height":3`, 1), false, 0},
		{"a corner 4 px off", strings.Replace(amd64Reading, `196.2`, `192.2`, 1), false, 0},
		{"an angle 3 degrees off", strings.Replace(amd64Reading, `359.5`, `2.5`, 1), false, 0},
		{"a conf far off", strings.Replace(amd64Reading, `"conf":0.91`, `"conf":0.5`, 1), false, 0},
		{"a square empty", strings.Replace(amd64Reading, `{"letter":"M","height":3,"conf":0.881}`, `null`, 1), false, 0},
		{"another game", strings.Replace(amd64Reading, `upwords`, `lexicon`, 1), false, 0},
		{"a field missing", strings.Replace(amd64Reading, `"game":"upwords",`, ``, 1), false, 0},
		{"a stack more", strings.Replace(amd64Reading, `null]`, `null,null]`, 1), false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var a, b any
			if err := json.Unmarshal([]byte(amd64Reading), &a); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tc.other), &b); err != nil {
				t.Fatal(err)
			}
			allowed, err := compare(a, b)
			if (err == nil) != tc.ok {
				t.Fatalf("compare: %v (allowed %v); want ok %v", err, allowed, tc.ok)
			}
			if tc.ok && len(allowed) != tc.allowed {
				t.Errorf("allowed %d differences, want %d: %v", len(allowed), tc.allowed, allowed)
			}
		})
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.json", amd64Reading)
	far := write("b.json", strings.Replace(amd64Reading, `"S"`, `"T"`, 1))
	bad := write("c.json", "scan: no board")
	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"the same", []string{a, a}, 0, ""},
		{"beyond tolerance", []string{a, far}, 1, "beyond tolerance: .cells[1][0].letter: S and T"},
		{"not JSON", []string{a, bad}, 2, "not JSON"},
		{"missing file", []string{a, filepath.Join(dir, "none.json")}, 2, "none.json"},
		{"one argument", []string{a}, 2, "usage"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := run(tc.args, &out, &errOut); code != tc.code {
				t.Fatalf("exit %d, want %d (%s%s)", code, tc.code, &out, &errOut)
			}
			if !strings.Contains(out.String()+errOut.String(), tc.out) {
				t.Errorf("output %q%q lacks %q", &out, &errOut, tc.out)
			}
		})
	}
}
