package server

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/sitetest"
	"github.com/bao-archive/bao/site"
)

// TestLiveSearch indexes the fixture archive and asks the Server's live search and explorer.
func TestLiveSearch(t *testing.T) {
	sv := indexedServer(t, writeArchive(t), "") // its catalog read: the form suggests its events
	cases := []struct {
		target string
		code   int
		want   []string
	}{
		{"/search?player=asha", 200, []string{"2 games.", `href="club/games/1.html"`, `href="club/games/2.html"`,
			`list="events"`, `<datalist id="events"><option value="Club Cup">`}},
		{"/search?variant=kingulu&after=A3", 200, []string{"1 game.", `href="club/games/1.html#p1">ply 1</a>`, `class="board w6"`, "explore?",
			"<td>Bao Kingulu</td>"}}, // the index's variant id, named
		{"/search?q=%22unclosed", 400, []string{`class="bao-error"`}},
		// queries bleve spent 9-27 s of CPU on, then answered 400 or 500
		{"/search?q=" + url.QueryEscape(`/.{0,1000}x.{0,1000}/`), 400, []string{`class="bao-error"`}},
		{"/search?q=" + strings.Repeat("a*", 1020), 400, []string{`class="bao-error"`}},
		{"/search?q=" + url.QueryEscape(strings.Repeat("*a ", 300)), 400, []string{`class="bao-error"`}},
		{"/search?q=" + url.QueryEscape(strings.Repeat("a~2 ", 500)), 400, []string{`class="bao-error"`}},
		{"/search?q=" + url.QueryEscape(strings.Repeat("?", 1000)), 400, []string{`class="bao-error"`}},
		{"/explore", 200, []string{"<h1>Explore the moves played</h1>"}},
		{"/explore?variant=kingulu", 200, []string{"<code>A3</code>", "reached this position", `class="board w6"`}},
	}
	for _, c := range cases {
		w := get(t, sv, c.target)
		if w.Code != c.code {
			t.Errorf("GET %s: %d, want %d\n%s", c.target, w.Code, c.code, w.Body)
			continue
		}
		for _, s := range c.want {
			if !strings.Contains(w.Body.String(), s) {
				t.Errorf("GET %s: no %q in\n%s", c.target, s, w.Body)
			}
		}
	}
	// A search whose time ran out (here: whose client left) is a 503 to retry, not a 500.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	w := httptest.NewRecorder()
	sv.ServeHTTP(w, httptest.NewRequestWithContext(ctx, "GET", "http://localhost/search?player=asha", nil))
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
		t.Errorf("a search out of time: %d %v %s", w.Code, w.Header(), w.Body)
	}
	// Without an index there is no live search, and the static site says so.
	plain, _ := newTestServer(t)
	if w := get(t, plain, "/search?q=x"); w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "bao index") {
		t.Errorf("live search without an index: %d %s", w.Code, w.Body)
	}
}

// TestExploreKeepsLine follows the explorer's links two moves deep: each step keeps the line
// (after=, from the start or from the position given), lists the moves so far, each a link
// back, and marks the last move on the board.
func TestExploreKeepsLine(t *testing.T) {
	sv := indexedServer(t, writeArchive(t), "")
	moveLink := regexp.MustCompile(`<tr><td><a href="([^"]+)"><code>([^<]+)</code>`)
	marked := regexp.MustCompile(`class="[^"]*\bfrom\b`)
	follow := func(target string) (body, href, move string) {
		t.Helper()
		w := get(t, sv, target)
		if w.Code != 200 {
			t.Fatalf("GET %s: %d\n%s", target, w.Code, w.Body)
		}
		m := moveLink.FindStringSubmatch(w.Body.String())
		if m == nil {
			t.Fatalf("GET %s: no move played from the position\n%s", target, w.Body)
		}
		return w.Body.String(), "/" + html.UnescapeString(m[1]), m[2]
	}
	start := engine.Kingulu.Start().String()
	for _, c := range []struct {
		first string
		from  url.Values // what every link keeps beside the line
		text  string     // the line's first step
	}{
		{"/explore?variant=kingulu", url.Values{"variant": {"kingulu"}}, "Start"},
		{"/explore?variant=kingulu&position=" + url.QueryEscape(start), url.Values{"variant": {"kingulu"}, "position": {start}}, "The position given"},
	} {
		body, href, m1 := follow(c.first)
		if marked.MatchString(body) {
			t.Errorf("%s: a move marked before any was played", c.first)
		}
		body, href2, m2 := follow(href)
		step := func(after ...string) string {
			q := url.Values{}
			for k, v := range c.from {
				q[k] = v
			}
			if len(after) > 0 {
				q.Set("after", strings.Join(after, " "))
			}
			return "/explore?" + q.Encode()
		}
		if href != step(m1) || href2 != step(m1, m2) {
			t.Errorf("%s: links %s then %s, want %s then %s", c.first, href, href2, step(m1), step(m1, m2))
		}
		body, _, _ = follow(href2)
		body = html.UnescapeString(body) // the links as a browser follows them
		for _, want := range []string{
			`<nav class="explore-line" aria-label="Moves so far:"><p>Moves so far:`,
			`<a href="` + step()[1:] + `">` + c.text + `</a>`,
			`<a href="` + step(m1)[1:] + `"><code>` + m1 + `</code></a>`,
			`<strong aria-current="page"><code>` + m2 + `</code></strong></p></nav>`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("after %s %s: no %s in\n%s", m1, m2, want, body)
			}
		}
		if !marked.MatchString(body) {
			t.Errorf("after %s %s: the last move is not marked on the board", m1, m2)
		}
	}
}

// TestLiveSearchFollowsIndex: a Server given the index directory opens it for each search, so
// bao index can run meanwhile (an open index would hold its file lock) and live search sees
// its work at once.
func TestLiveSearchFollowsIndex(t *testing.T) {
	dir := writeArchive(t)
	sv := serverOf(t, dir, site.Options{IndexDir: archive.DefaultIndexDir(dir)})
	if w := get(t, sv, "/search?player=asha"); w.Code != http.StatusNotFound {
		t.Fatalf("before bao index: %d, want 404", w.Code)
	}
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if w := get(t, sv, "/search?player=asha"); w.Code != 200 || !strings.Contains(w.Body.String(), "2 games.") {
		t.Fatalf("after bao index: %d\n%s", w.Code, w.Body)
	}
	// The server holds no lock between searches: the index can be updated again.
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{Rebuild: true}); err != nil {
		t.Fatalf("bao index while serving: %v", err)
	}
}

// TestServeBoundsInFlight: past its renders and searches in flight, a request waits briefly,
// then is answered 503 with Retry-After; a page from the cache needs no slot.
func TestServeBoundsInFlight(t *testing.T) {
	sv := indexedServer(t, writeArchive(t), "")
	if w := get(t, sv, "/club/games/1.html"); w.Code != 200 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	sv.slotWait = 10 * time.Millisecond
	for range cap(sv.slots) { // every slot taken
		sv.slots <- struct{}{}
	}
	for _, target := range []string{"/search?player=asha", "/club/games/2.html"} {
		if w := get(t, sv, target); w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
			t.Errorf("GET %s with every slot taken: %d %v", target, w.Code, w.Header())
		}
	}
	if w := get(t, sv, "/club/games/1.html"); w.Code != 200 {
		t.Errorf("a cached page with every slot taken: %d", w.Code)
	}
	// A mounted handler (the live recording's event streams, open as long as a spectator
	// watches) takes no slot.
	sv.Handle("/live/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	if w := get(t, sv, "/live/stream/x"); w.Code != http.StatusNoContent {
		t.Errorf("a mounted path with every slot taken: %d", w.Code)
	}
	<-sv.slots
	if w := get(t, sv, "/search?player=asha"); w.Code != 200 {
		t.Errorf("with a slot free again: %d", w.Code)
	}
}

// TestLivePlayerIdentity: the live search finds a player as bao search and the static search
// do (sitetest.PlayerQueries), by ?player= and by q=player:"…", and warns about a field the
// index does not have instead of answering "0 games".
func TestLivePlayerIdentity(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"names.bgn": sitetest.PlayerRecords(), "players.toml": sitetest.PlayersTOML} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sv := indexedServer(t, dir, "")
	game := regexp.MustCompile(`href="names/(\d+)\.html"`)
	games := func(target string) []int {
		t.Helper()
		w := get(t, sv, target)
		if w.Code != 200 {
			t.Fatalf("GET %s: %d\n%s", target, w.Code, w.Body)
		}
		var got []int
		for _, m := range game.FindAllStringSubmatch(w.Body.String(), -1) {
			n, _ := strconv.Atoi(m[1])
			got = append(got, n)
		}
		slices.Sort(got)
		return got
	}
	for _, c := range sitetest.PlayerQueries {
		if got := games("/search?player=" + url.QueryEscape(c.Query)); !slices.Equal(got, c.Games) {
			t.Errorf("?player=%s: games %v, want %v", c.Query, got, c.Games)
		}
		if got := games("/search?q=" + url.QueryEscape(fmt.Sprintf("player:%q", c.Query))); !slices.Equal(got, c.Games) {
			t.Errorf("?q=player:%q: games %v, want %v", c.Query, got, c.Games)
		}
	}
	// the explorer counts the games of one player, or of some years, with shares
	for _, c := range []struct{ target, want string }{
		{"/explore?variant=kingulu&player=Haji", `4 games</a> reached this position.`},
		{"/explore?variant=kingulu&player=Haji", `<td>100%</td>`},
		{"/explore?variant=kingulu&player=Haji", `&amp;player=Haji&amp;variant=kingulu"><code>`},
		{"/explore?variant=kingulu&player=Said%2C+Bakari", `1 game</a> reached this position.`},
		{"/explore?variant=kingulu&since=2000", `0 games</a> reached this position.`},
	} {
		if w := get(t, sv, c.target); !strings.Contains(w.Body.String(), c.want) {
			t.Errorf("GET %s: no %s in\n%s", c.target, c.want, w.Body)
		}
	}
	if w := get(t, sv, "/search?q="+url.QueryEscape(`plyer:"Mzee Haji"`)); !strings.Contains(w.Body.String(), "did you mean player?") {
		t.Errorf("plyer: no warning in\n%s", w.Body)
	}
}
