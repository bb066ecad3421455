package live

import (
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/server"
)

// readerText is what a page served as HTML tells a reader, without a browser: its text, the
// names and hints of its elements (aria-label, title, alt, placeholder), and the data its
// scripts show (the viewer's captions and the sowing's, in <script type="application/json">);
// what is marked as in another language than the page's (the language switch) is left out.
func readerText(page, code string) string {
	page = regexp.MustCompile(`(?s)<(a|span|option)\b[^>]*\blang="([a-z]+)"[^>]*>.*?</(?:a|span|option)>`).ReplaceAllStringFunc(page, func(m string) string {
		if strings.Contains(m, `lang="`+code+`"`) {
			return m
		}
		return " "
	})
	var out []string
	for _, m := range regexp.MustCompile(`\b(?:aria-label|title|alt|placeholder)="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		out = append(out, m[1])
	}
	for _, m := range regexp.MustCompile(`(?s)<script type="application/json"[^>]*>(.*?)</script>`).FindAllStringSubmatch(page, -1) {
		out = append(out, m[1])
	}
	page = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<[^>]*>`).ReplaceAllString(page, " ")
	out = append(out, page)
	return html.UnescapeString(strings.Join(out, "\n"))
}

// TestServedInKiswahili serves an event as bao serve does (its site, its index, its live
// pages) and reads, in Kiswahili, every page of the walk of the browser test and those it
// does not walk: the home page, the lists, a list, the live search and its results, the
// explorer, the event's and a player's page, a game page (the key to its board, its captions
// and those of the sowing, the accessible names), the round page and a board's live page, the
// arbiter's page, the pages of an address not found, and the scripts' messages; a game ended
// by resignation, which the pages say in words of their own. It fails on
// any sentence of the English catalogue in them; the same pages in English must hold some.
func TestServedInKiswahili(t *testing.T) {
	dir, links := kombe(t)
	arbiter, err := event.ArbiterLink(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := event.Record(dir, 1, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range append(testgame.Line(engine.Kiswahili, 12, 1, 3), "result 0-1 resignation") {
		if _, err := s.Exec(tok); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	st, err := site.New(site.Options{Title: "Kombe la Unguja", Source: dir, IndexDir: archive.DefaultIndexDir(dir), LiveScript: LivePrefix + "live.js", Langs: lang.Codes})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(t.Context(), st, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	lv, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	lv.Language, lv.NotFound = srv.Language, srv.NotFound
	srv.Handle(event.LinkPrefix, lv)
	srv.Handle(LivePrefix, lv)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	get := func(t *testing.T, code, target string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.URL+target, nil)
		req.Header.Set("Accept-Language", code)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	href := regexp.MustCompile(`href="([^"#?]+\.html)"`)
	// The pages to read: fixed ones, and the lists and the player pages the site links to.
	pages := []string{"/", "/" + site.EventHref("."), "/lists/index.html", "/search.html", "/search", "/search?player=Asha",
		"/search?q=kombe", "/search?since=19x8", "/explore", "/explore?variant=kiswahili",
		"/" + site.GameHref("round-01.bgn", 1), "/" + site.GameHref("round-01.bgn", 2),
		LivePrefix + "round-1.html", LivePrefix + "1.1.html", links.Boards[0].Link, arbiter,
		"/no/such/page.html", LivePrefix + "round-9.html"}
	_, lists := get(t, "sw", "/lists/index.html")
	_, ev := get(t, "sw", "/"+site.EventHref("."))
	for _, src := range []struct{ page, under string }{{lists, "/lists/"}, {ev, "/"}} {
		n := 0
		for _, m := range href.FindAllStringSubmatch(src.page, -1) {
			p := m[1]
			if strings.HasPrefix(p, "../") || p == "index.html" {
				continue
			}
			p = src.under + strings.TrimPrefix(p, "./")
			if (strings.Contains(p, "/players/") || strings.HasPrefix(p, "/lists/")) && !slices.Contains(pages, p) && n < 8 {
				pages = append(pages, p)
				n++
			}
		}
	}
	if !slices.ContainsFunc(pages, func(p string) bool { return strings.Contains(p, "/players/") }) {
		t.Fatalf("the event's page links to no player page:\n%.2000s", ev)
	}
	read := func(t *testing.T, code string) []string {
		var found []string
		for _, p := range pages {
			status, body := get(t, code, p)
			if status >= 500 || status == 404 && !strings.Contains(p, "no") && !strings.Contains(p, "round-9") {
				t.Errorf("%s in %s: %d", p, code, status)
			}
			if !strings.Contains(body, `lang="`+code+`"`) {
				t.Errorf("%s in %s: not marked lang=%q:\n%.300s", p, code, code, body)
			}
			for _, s := range englishIn(t, readerText(body, code)) {
				found = append(found, p+": "+s)
			}
		}
		// The scripts' messages (the viewer's buttons, the sowing's, the analysis board's and
		// the recording page's): their texts, without the names of their arguments.
		_, script := get(t, code, "/static/msgs."+code+".js")
		var msgs map[string]any
		if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(script, "window.baoMsgs = ")), ";")), &msgs); err != nil || len(msgs) == 0 {
			t.Fatalf("the scripts' messages in %s: %v\n%.200s", code, err, script)
		}
		var texts []string
		for _, m := range msgs {
			texts = append(texts, toString(m))
		}
		text := regexp.MustCompile(`{{[^}]*}}`).ReplaceAllString(strings.Join(texts, "\n"), " ")
		for _, s := range englishIn(t, html.UnescapeString(text)) {
			found = append(found, "the scripts' messages: "+s)
		}
		return found
	}
	if found := read(t, "sw"); len(found) > 0 {
		t.Errorf("English on the Kiswahili pages:\n%s", strings.Join(found, "\n"))
	}
	// The sowing's captions are among what was read: the game page's data holds them.
	_, game := get(t, "sw", "/"+site.GameHref("round-01.bgn", 1))
	if caption := lang.Must("sw").T("step.placed", "Seeds", 1); !strings.Contains(readerText(game, "sw"), strings.TrimSpace(strings.SplitN(caption, "1", 2)[1])) {
		t.Errorf("no sowing caption (%q) on the game page's data", caption)
	}
	if found := read(t, "en"); len(found) < len(pages) {
		t.Errorf("the same pages in English: %d sentences of the English catalogue found, want one a page at least: the check cannot fail", len(found))
	} else {
		t.Logf("%d pages and the scripts' messages read; in English, %d sentences of the catalogue found", len(pages), len(found))
	}
}
