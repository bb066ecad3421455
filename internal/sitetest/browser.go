package sitetest

import (
	"context"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// SkipWithoutBrowser skips a browser test in -short mode and where no Chromium is found.
func SkipWithoutBrowser(tb testing.TB) {
	tb.Helper()
	if testing.Short() {
		tb.Skip("browser test skipped in -short mode")
	}
	if ChromiumPath() == "" {
		tb.Skip("browser test skipped: no Chromium found (Debian: apt-get install chromium)")
	}
}

// ChromiumPath is the Chromium (or Chrome) the browser tests drive; "" where there is none.
func ChromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Browser starts headless Chromium for the test and returns a context for its first tab; the
// test is skipped where there is no Chromium.
func Browser(t testing.TB) context.Context {
	t.Helper()
	path := ChromiumPath()
	if path == "" {
		t.Skip("browser test skipped: no Chromium found (Debian: apt-get install chromium)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900))
	alloc, cancel := chromedp.NewExecAllocator(t.Context(), opts...)
	t.Cleanup(cancel)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	t.Cleanup(cancelCtx)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}
