package site_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/sitetest"
	"github.com/bao-archive/bao/site"
)

// notFoundSite builds a site in English and Kiswahili of an archive with a game in a folder.
func notFoundSite(t *testing.T) (src, out string) {
	t.Helper()
	src, out = t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, "club"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "club", "evals.bgn"), []byte(evalsRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := site.Build(t.Context(), os.DirFS(src), out, site.Options{Title: "Lost", Langs: []string{"en", "sw"}}); err != nil {
		t.Fatal(err)
	}
	return src, out
}

// between is the text of page between the first from and the to after it.
func between(page, from, to string) string {
	i := strings.Index(page, from)
	if i < 0 {
		return ""
	}
	j := strings.Index(page[i+len(from):], to)
	if j < 0 {
		return ""
	}
	return page[i+len(from) : i+len(from)+j]
}

// TestNotFoundPage checks the 404.html of each language of a built site: the page bao serve
// answers for an address it does not have, in the manifest, its style and script in the page
// and allowed by its Content-Security-Policy.
func TestNotFoundPage(t *testing.T) {
	src, out := notFoundSite(t)
	s, err := site.New(site.Options{Title: "Lost", Langs: []string{"en", "sw"}})
	if err != nil {
		t.Fatal(err)
	}
	cat, _, err := s.ReadCatalog(t.Context(), os.DirFS(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"en", "sw"} {
		dir := out
		if code != "en" {
			dir = filepath.Join(out, code)
		}
		data, err := os.ReadFile(filepath.Join(dir, "404.html"))
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		page := string(data)
		served, err := cat.NotFoundPage("404.html", lang.Must(code)) // at the site's top, where the links are the same
		if err != nil {
			t.Fatal(err)
		}
		if got, want := between(page, "<main>", "</main>"), between(string(served), "<main>", "</main>"); got == "" || got != want {
			t.Errorf("%s: 404.html says\n%s\nbao serve says\n%s", code, got, want)
		}
		if !strings.Contains(page, `<html lang="`+code+`">`) {
			t.Errorf("%s: 404.html is not marked lang=%q", code, code)
		}
		// Nothing is fetched from where the page does not know: its style and script are in it.
		if strings.Contains(page, `rel="stylesheet"`) || strings.Contains(page, "<script src=") {
			t.Errorf("%s: 404.html loads a file relative to an address it cannot know", code)
		}
		csp := between(page, `http-equiv="Content-Security-Policy" content="`, `"`)
		for _, inline := range []string{between(page, "<style>", "</style>"), between(page, "<script>", "</script>")} {
			sum := sha256.Sum256([]byte(inline))
			if h := "&#39;sha256-" + strings.ReplaceAll(base64.StdEncoding.EncodeToString(sum[:]), "+", "&#43;") + "&#39;"; inline == "" || !strings.Contains(csp, h) {
				t.Errorf("%s: the policy %q does not allow the inline %.40q… (%s)", code, csp, inline, h)
			}
		}
		var m struct {
			Lists []string `json:"lists"`
		}
		data, err = os.ReadFile(filepath.Join(dir, ".bao-site.json"))
		if err != nil || json.Unmarshal(data, &m) != nil || !slices.Contains(m.Lists, "404.html") {
			t.Errorf("%s: 404.html is not in the manifest's pages (%v)", code, err)
		}
	}
}

// TestBrowserNotFound serves a built site below a folder of the host's (/project/, as GitHub
// Pages serves a project's site), answering every missing address with the site's 404.html
// as such hosts do, and follows the page's links from addresses at several depths.
func TestBrowserNotFound(t *testing.T) {
	sitetest.SkipWithoutBrowser(t)
	_, out := notFoundSite(t)
	notFound, err := os.ReadFile(filepath.Join(out, "404.html"))
	if err != nil {
		t.Fatal(err)
	}
	files := http.StripPrefix("/project", http.FileServer(http.Dir(out)))
	sv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/project/")
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(name))); err != nil || !strings.HasPrefix(r.URL.Path, "/project/") {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			w.Write(notFound)
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(sv.Close)
	ctx, dialogs := browser(t)
	for _, c := range []struct{ path, root, home string }{
		{"/project/gone.html", "/project/", "/project/index.html"},
		{"/project/club/evals/gone/9.html", "/project/", "/project/index.html"},
		{"/project/sw/club/gone.html", "/project/", "/project/index.html"}, // the English page: its root is the English site's
		{"/gone/deep/er.html", "", "/gone/deep/index.html"},                // outside the site: the links stay as written
	} {
		t.Run(c.path, func(t *testing.T) {
			tc := tab(t, ctx, dialogs)
			do(t, tc, chromedp.Navigate(sv.URL+c.path))
			if c.root != "" {
				settle(t, tc, `document.documentElement.getAttribute('data-root') === `+jsQuote(c.root))
			} else {
				settle(t, tc, `document.readyState === 'complete'`)
			}
			got := eval[[]string](t, tc, `[new URL(document.querySelector('a.brand').href).pathname, new URL(document.querySelector('a[hreflang=sw]').href).pathname,
				getComputedStyle(document.querySelector('header.top')).display]`)
			if got[0] != c.home {
				t.Errorf("the home link goes to %s, want %s", got[0], c.home)
			}
			if c.root != "" && got[1] != c.root+"sw/404.html" {
				t.Errorf("the Kiswahili link goes to %s, want %ssw/404.html", got[1], c.root)
			}
			if got[2] == "block" || got[2] == "inline" { // the site's style holds: the header is laid out
				t.Errorf("the header's display is %s: the page's style did not apply", got[2])
			}
		})
	}
	if n := dialogs.Load(); n > 0 {
		t.Errorf("%d JavaScript dialogs opened", n)
	}
}

// jsQuote is s as a JavaScript string.
func jsQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
