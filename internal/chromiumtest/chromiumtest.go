package chromiumtest

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/emulation"
)

// Path is Debian's Chromium, which make test installs.
const Path = "/usr/bin/chromium"

// Need skips the test under user-mode emulation, where Chromium aborts,
// and where Chromium is missing off CI; in CI (CI set) a missing Chromium
// fails the test, for there the page tests must run.
func Need(t *testing.T) {
	t.Helper()
	if r := emulation.Reason(); r != "" {
		t.Skipf("emulated under %s, where Chromium aborts (an emulation limit; a Pi runs it natively)", r)
	}
	if _, err := os.Stat(Path); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("no %s (in CI this test must run: make test installs chromium)", Path)
		}
		t.Fatalf("CI without %s: %v", Path, err)
	}
}

// Options are the allocator's options for a test's browser: Chromium at
// Path with the flags DESIGN.md names, a fresh profile in the test's
// temporary directory, and its own temporary files in a short directory
// removed when the test ends.
func Options(t *testing.T) []chromedp.ExecAllocatorOption {
	t.Helper()
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Env("TMPDIR=" + tempDir(t)),
	}
}

// Start starts the browser with Options and the extra options (a
// language, say) and gives its context, which times out after timeout on
// an idle machine and later on a loaded one (emulation.Context), and the
// function that closes it; the caller defers that, or leaves it to the
// test's end.
func Start(t *testing.T, ctx context.Context, timeout time.Duration, extra ...chromedp.ExecAllocatorOption) (context.Context, func()) {
	t.Helper()
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, append(Options(t), extra...)...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	bctx, cancelTimeout := emulation.Context(bctx, t, timeout)
	return bctx, func() { cancelTimeout(); cancelBrowser(); cancelAlloc() }
}

// tempDir is a short temporary directory, removed with what is left in it
// when the test ends (after the browser: the test's cleanups run last
// first, and the browser is closed before its cleanup at the latest).
func tempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "chr")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}
