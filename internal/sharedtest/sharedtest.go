package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// RequireEnv is the variable that makes a missing shared folder a
// failure rather than a skip (`make test` sets it).
const RequireEnv = "TILESCOPE_REQUIRE_SHARED"

// Required reports whether the shared data must be present.
func Required() bool { return os.Getenv(RequireEnv) != "" }

// Find returns sub (a slash-separated path such as "data/photos") inside
// the shared folder, or "" when no shared folder holds it.
func Find(sub string) string {
	for _, root := range roots() {
		p := filepath.Join(root, filepath.FromSlash(sub))
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// Dir returns Find(sub). When sub is not there it skips t, or fails it
// when Required.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	p := Find(sub)
	if p == "" {
		Missing(t, sub)
	}
	return p
}

// Missing says that sub is not in any shared folder: it fails t when
// Required and skips it otherwise. A test that can go on without the
// data (checking less) calls it only when Required.
func Missing(t testing.TB, sub string) {
	t.Helper()
	msg := "shared data " + sub + " not found: ../shared beside the checkout, or $TILESCOPE_SHARED"
	if Required() {
		t.Fatal(msg + " ($" + RequireEnv + " is set: the real-photo tests must run)")
	} else {
		t.Skip(msg)
	}
}

// roots lists the candidate shared folders: $TILESCOPE_SHARED, then the
// module root's sibling "shared".
func roots() []string {
	var out []string
	if d := os.Getenv("TILESCOPE_SHARED"); d != "" {
		out = append(out, d)
	}
	if root := moduleRoot(); root != "" {
		out = append(out, filepath.Join(filepath.Dir(root), "shared"))
	}
	return out
}

// moduleRoot is the nearest folder at or above the working directory that
// holds go.mod, or "".
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}
