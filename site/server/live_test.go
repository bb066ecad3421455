package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bao-archive/bao/archive"
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
		{"/search?variant=kingulu&after=A3", 200, []string{"1 game.", `href="club/games/1.html#p1">ply 1</a>`, `class="board w6"`, "explore?"}},
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
