package site_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/sitetest"
	"github.com/bao-archive/bao/site"
)

// TestBrowserEngineFailures makes the engine fail in the ways a reader meets (a position it
// cannot read, an engine file the host does not serve, a worker script missing) on the pages
// of both languages, and checks that the analysis board says so in the page's language, from
// the catalogues: the worker's and the browser's own words are English.
func TestBrowserEngineFailures(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "evals.bgn"), []byte(evalsRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := site.Build(t.Context(), os.DirFS(dir), out, site.Options{Title: "Failures", Langs: []string{"en", "sw"}}); err != nil {
		t.Fatal(err)
	}
	// broken serves the site as a static host would, answering 404 for the files named.
	broken := func(missing string) string {
		files := http.FileServer(http.Dir(out))
		sv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if missing != "" && strings.Contains(r.URL.Path, missing) {
				http.NotFound(w, r)
				return
			}
			files.ServeHTTP(w, r)
		}))
		t.Cleanup(sv.Close)
		return sv.URL
	}
	ctx, dialogs := browser(t)
	for _, code := range []string{"en", "sw"} {
		l := lang.Must(code)
		prefix := "/"
		if code != "en" {
			prefix = "/" + code + "/"
		}
		t.Run("position-"+code, func(t *testing.T) {
			c := tab(t, ctx, dialogs)
			do(t, c, chromedp.Navigate(broken("")+prefix+"evals/1.html"))
			settle(t, c, `typeof window.bao === 'object' && typeof window.bao.tapMove === 'function'`)
			// The input the analysis board and the recording page share, given a position
			// that is not one.
			got := await[string](t, c, `new Promise(res => {
				const svg = document.getElementById('board').cloneNode(true);
				svg.removeAttribute('id');
				document.body.appendChild(svg);
				bao.tapMove(svg, { variant: svg.getAttribute('data-variant'), bpn: '1,2,3', onSay: (t, refused) => res((refused ? '!' : '') + t) });
			})`)
			want := "!" + l.T("js.a.badpos", "Position", "1,2,3")
			if code == "en" { // English pages add the engine's reason
				want += " ("
			}
			if !strings.HasPrefix(got, want) || code != "en" && strings.Contains(got, "fields") {
				t.Errorf("a bad position: %q, want %q…", got, want)
			}
		})
		for _, missing := range []string{".wasm", "engine-worker.js"} {
			t.Run("missing-"+strings.TrimPrefix(missing, ".")+"-"+code, func(t *testing.T) {
				c := tab(t, ctx, dialogs)
				do(t, c, chromedp.Navigate(broken(missing)+prefix+"evals/1.html"))
				settle(t, c, `!!document.querySelector('button.analyse')`)
				do(t, c, chromedp.Click(`button.analyse`))
				want := l.T("js.a.noload")
				says(t, c, "section.analysis .say", want)
				do(t, c, chromedp.Click(`section.analysis [data-a="engine"]`))
				says(t, c, "section.analysis .best", want)
			})
		}
	}
	if n := dialogs.Load(); n > 0 {
		t.Errorf("%d JavaScript dialogs opened", n)
	}
}

// says waits until the element of the selector reads want, and fails saying what it read.
func says(t *testing.T, ctx context.Context, selector, want string) {
	t.Helper()
	js := `(document.querySelector(` + strconv.Quote(selector) + `) || {}).textContent || ''`
	var got string
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got = eval[string](t, ctx, js); got == want {
			return
		}
	}
	t.Fatalf("%s reads %q, want %q", selector, got, want)
}
