package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records how a check ended.
type recorder struct {
	testing.TB
	skipped, failed bool
}

func (r *recorder) Helper()           {}
func (r *recorder) Skip(args ...any)  { r.skipped = true }
func (r *recorder) Fatal(args ...any) { r.failed = true }

func TestFind(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "data", "photos"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, env, sub string
		want           string
	}{
		{"from the variable", dir, "data/photos", filepath.Join(dir, "data", "photos")},
		{"a folder not there", dir, "data/nothing-here", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("TILESCOPE_SHARED", tc.env)
			if got := Find(tc.sub); got != tc.want {
				t.Errorf("Find(%q) = %q, want %q", tc.sub, got, tc.want)
			}
		})
	}
}

func TestDirMissing(t *testing.T) {
	for _, tc := range []struct {
		name            string
		require         string
		skipped, failed bool
	}{
		{"skips when not required", "", true, false},
		{"fails when make test requires it", "1", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(RequireEnv, tc.require)
			t.Setenv("TILESCOPE_SHARED", t.TempDir())
			r := &recorder{TB: t}
			Dir(r, "data/no-such-folder-in-any-shared")
			if r.skipped != tc.skipped || r.failed != tc.failed {
				t.Errorf("skipped %v, failed %v; want %v, %v", r.skipped, r.failed, tc.skipped, tc.failed)
			}
		})
	}
}

func TestModuleRoot(t *testing.T) {
	root := moduleRoot()
	if root == "" {
		t.Fatal("no go.mod above the package's folder")
	}
	if _, err := os.Stat(filepath.Join(root, "internal", "sharedtest", "doc.go")); err != nil {
		t.Errorf("module root %q does not hold this package: %v", root, err)
	}
}
