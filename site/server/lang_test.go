package server

import (
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site"
)

// TestRefusalsInLanguage asks bao serve, in Kiswahili and in English (Accept-Language), for
// what it refuses: an address it does not have, a method it does not take, and each part of
// a live search or exploration it cannot run. Each answer is the reader's catalogue's message,
// and the Kiswahili one holds none of the English text of the same message.
func TestRefusalsInLanguage(t *testing.T) {
	dir := writeArchive(t)
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	sv := serverOf(t, dir, site.Options{Title: "Test site", IndexDir: archive.DefaultIndexDir(dir), Langs: lang.Codes})
	if _, err := sv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	q := func(kv ...string) string {
		v := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v.Encode()
	}
	bad := func(part, value string) func(l *lang.Lang) string {
		return func(l *lang.Lang) string { return l.T("search.bad."+part, "Value", value) }
	}
	cases := []struct {
		name, method, target string
		status               int
		want                 func(l *lang.Lang) string
	}{
		{"no such page", "GET", "/no/such/page.html", 404, func(l *lang.Lang) string { return l.T("error.notfound") }},
		{"no such page's title", "GET", "/nothing-here", 404, func(l *lang.Lang) string { return l.T("error.title") }},
		{"a page asked with POST", "POST", "/index.html", 405, func(l *lang.Lang) string { return l.T("error.method") }},
		{"an offset that is not a number", "GET", "/search?" + q("player", "asha", "offset", "ten"), 400, bad(archive.QueryOffset, "ten")},
		{"a year that is not one", "GET", "/search?" + q("since", "19x8"), 400, bad(archive.QueryYear, "19x8")},
		{"a day that is not one", "GET", "/search?" + q("until", "1998-13"), 400, bad(archive.QueryDate, "1998-13")},
		{"a result that is not one", "GET", "/search?" + q("result", "won"), 400, bad(archive.QueryResult, "won")},
		{"a name without letters", "GET", "/search?" + q("player", "!!!"), 400, bad(archive.QueryPlayer, "!!!")},
		{"no such variant", "GET", "/search?" + q("variant", "chess"), 400, bad(archive.QueryVariant, "chess")},
		{"a pattern without its variant", "GET", "/search?" + q("pattern", "x"), 400, bad(archive.QueryNeedsOne, "")},
		{"a pattern that cannot be read", "GET", "/search?" + q("variant", "kingulu", "pattern", "1,2,3"), 400, bad(archive.QueryPattern, "1,2,3")},
		{"a position that is not one", "GET", "/search?" + q("variant", "kingulu", "position", "4,4 S"), 400, bad(archive.QueryPosition, "4,4 S")},
		{"moves that cannot be played", "GET", "/search?" + q("variant", "kingulu", "after", "A1 A1"), 400, bad(archive.QueryMoves, "A1 A1")},
		{"words that cannot be read", "GET", "/search?" + q("q", `"unclosed`), 400, bad(archive.QueryText, `"unclosed`)},
	}
	sw, en := lang.Must("sw"), lang.Must("en")
	for _, c := range cases {
		for _, l := range []*lang.Lang{sw, en} {
			r := httptest.NewRequest(c.method, c.target, nil)
			r.Header.Set("Accept-Language", l.Code())
			w := httptest.NewRecorder()
			sv.ServeHTTP(w, r)
			body := html.UnescapeString(w.Body.String())
			want := c.want(l)
			if w.Code != c.status || !strings.Contains(body, want) {
				t.Errorf("%s, in %s: %d, want %d with %q:\n%.400s", c.name, l.Code(), w.Code, c.status, want, body)
			}
			if l == sw && strings.Contains(body, c.want(en)) {
				t.Errorf("%s, in Kiswahili: the English %q", c.name, c.want(en))
			}
		}
	}
	// The page of an address not found is the site's, in the reader's language, with its way home.
	r := httptest.NewRequest("GET", "/a/b/gone.html", nil)
	r.Header.Set("Accept-Language", "sw")
	w := httptest.NewRecorder()
	sv.ServeHTTP(w, r)
	if b := w.Body.String(); w.Code != http.StatusNotFound || !strings.Contains(b, `<html lang="sw">`) ||
		!strings.Contains(b, `href="../../index.html">`+html.EscapeString(sw.T("error.home"))) {
		t.Errorf("the page not found in Kiswahili: %d\n%.600s", w.Code, b)
	}
}

// TestUntitledSiteInLanguage: a site without a title of its own is named in each page's
// language, in the header, the page's title and the crumbs of the pages below its home.
func TestUntitledSiteInLanguage(t *testing.T) {
	dir := t.TempDir() // no index.md: the home page has no heading of its own
	if err := os.Mkdir(filepath.Join(dir, "club"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeGames(t, filepath.Join(dir, "club", "games.bgn"), 1, 2)
	sv := serverOf(t, dir, site.Options{Langs: lang.Codes})
	if _, err := sv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	sw, en := lang.Must("sw"), lang.Must("en")
	for _, target := range []string{"/", "/" + site.GameHref("club/games.bgn", 2)} {
		r := httptest.NewRequest("GET", target, nil)
		r.Header.Set("Accept-Language", "sw")
		w := httptest.NewRecorder()
		sv.ServeHTTP(w, r)
		body := html.UnescapeString(w.Body.String())
		if w.Code != http.StatusOK || strings.Contains(body, en.T("layout.title")) || strings.Count(body, sw.T("layout.title")) < 2 {
			t.Errorf("%s in Kiswahili: %d, want the site named %q (not %q) in its header and its title or crumbs:\n%.1200s",
				target, w.Code, sw.T("layout.title"), en.T("layout.title"), body)
		}
	}
}
