package chromiumtest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestStart starts the real browser, reads a page it was given, and
// checks that its temporary directory is short enough for Chromium's
// singleton socket and is gone once the test that made it has ended.
func TestStart(t *testing.T) {
	Need(t)
	var dir string
	t.Run("browser", func(t *testing.T) {
		dir = tempDir(t)
		if n := len(filepath.Join(dir, "org.chromium.Chromium.XXXXXX", "SingletonSocket")); n >= 108 {
			t.Errorf("Chromium's socket path would be %d bytes, over a Unix socket's 108", n)
		}
		bctx, closeBrowser := Start(t, context.Background(), 60*time.Second)
		defer closeBrowser()
		if err := chromedp.Do(bctx, chromedp.Navigate(`data:text/html,<p id="p">tile</p>`)); err != nil {
			t.Fatalf("Chromium: %v", err)
		}
		got, err := chromedp.Run(bctx, chromedp.Evaluate[string](`document.getElementById("p").textContent`))
		if err != nil {
			t.Fatalf("Chromium: %v", err)
		}
		if got != "tile" {
			t.Errorf("the page's text is %q, want %q", got, "tile")
		}
	})
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s is still there after its test ended (stat: %v)", dir, err)
	}
}
