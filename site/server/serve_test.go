package server

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/sitetest"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site"
)

// writeArchive writes the builder's fixture archive to a temporary folder.
func writeArchive(t testing.TB) string {
	t.Helper()
	return writeFixture(t, "archive.txtar")
}

// writeFixture writes one of the builder's fixture archives (site/testdata/NAME.txtar) to a
// temporary folder.
func writeFixture(t testing.TB, txtar string) string {
	t.Helper()
	return sitetest.Write(t, filepath.Join("..", "testdata", txtar))
}

func newTestServer(t *testing.T) (*Server, string) {
	t.Helper()
	dir := writeArchive(t)
	sv := serverOf(t, dir, site.Options{Title: "Test site"})
	if _, err := sv.Refresh(t.Context()); err != nil { // the catalog, which Serve reads in the background
		t.Fatal(err)
	}
	return sv, dir
}

// serverOf is a Server of the archive at dir that has not read its catalog yet.
func serverOf(t *testing.T, dir string, o site.Options) *Server {
	t.Helper()
	s, err := site.New(o)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := New(t.Context(), s, dir)
	if err != nil {
		t.Fatal(err)
	}
	return sv
}

func get(t *testing.T, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, target, nil))
	return w
}

func TestServeFiles(t *testing.T) {
	sv, _ := newTestServer(t)
	cases := []struct {
		target string
		code   int
		ctype  string
		body   string
	}{
		{"/", 200, "text/html", "<h1>Test archive</h1>"},
		{"/club/", 200, "text/html", "<h1>The club</h1>"},
		{"/club", 200, "text/html", "<h1>The club</h1>"},
		{"/club/games/1.html", 200, "text/html", `id="bao-plies"`},
		{"/static/site.css", 200, "text/css", "svg.board"},
		{"/static/bao.js", 200, "javascript", "keydown"},
		{"/search.json", 200, "application/json", `"games"`},
		{"/nope.html", 404, "", ""},
	}
	for _, c := range cases {
		w := get(t, sv, c.target)
		if w.Code != c.code {
			t.Errorf("GET %s: %d, want %d", c.target, w.Code, c.code)
			continue
		}
		if !strings.Contains(w.Header().Get("Content-Type"), c.ctype) {
			t.Errorf("GET %s: Content-Type %q, want %q", c.target, w.Header().Get("Content-Type"), c.ctype)
		}
		if !strings.Contains(w.Body.String(), c.body) {
			t.Errorf("GET %s: body lacks %q", c.target, c.body)
		}
		if w.Header().Get("Content-Security-Policy") == "" {
			t.Errorf("GET %s: no Content-Security-Policy", c.target)
		}
	}
	// Only the embed pages may be framed by another site.
	for target, frame := range map[string]string{"/club/games/1.embed.html": "frame-ancestors *",
		"/club/games/1.html": "frame-ancestors 'none'", "/": "frame-ancestors 'none'", "/static/site.css": "frame-ancestors 'none'"} {
		w := get(t, sv, target)
		if csp := w.Header().Get("Content-Security-Policy"); w.Code != 200 || !strings.HasSuffix(csp, frame) {
			t.Errorf("GET %s: %d, Content-Security-Policy %q, want one ending %q", target, w.Code, csp, frame)
		}
	}
	if w := get(t, sv, "/club/games/1.embed.html"); !strings.Contains(w.Body.String(), `class="k-embed"`) {
		t.Errorf("the embed page is not one: %.300s", w.Body.String())
	}
	w := httptest.NewRecorder()
	sv.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/", nil))
	if w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d, want 405", w.Code)
	}
}

// TestServeTraversal sends raw requests, which no client would clean up first, for files
// outside the built site: the archive's own sources and the machine's.
func TestServeTraversal(t *testing.T) {
	sv, dir := newTestServer(t)
	ts := httptest.NewServer(sv)
	defer ts.Close()
	secret := filepath.Join(dir, "club", "games.bgn")
	for _, target := range []string{
		"/../../../../etc/passwd",
		"/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
		"/static/../../../../etc/passwd",
		"/..%2f..%2f..%2fetc%2fpasswd",
		"/README.md", // record files are served (for download), other files of the archive not
		"/club/../README.md",
		"/" + strings.TrimPrefix(filepath.ToSlash(secret), "/"),
		"//etc/passwd",
		"/.%2e/.%2e/etc/passwd",
	} {
		conn, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", target)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		conn.Close()
		if resp.StatusCode == 200 || strings.Contains(string(body), "root:") || strings.Contains(string(body), "[Event") {
			t.Errorf("GET %s: %d, %d bytes: served something outside the site", target, resp.StatusCode, len(body))
		}
	}
}

// TestServeRebuild changes the archive and checks that the site follows.
func TestServeRebuild(t *testing.T) {
	sv, dir := newTestServer(t)
	if rep, err := sv.Refresh(t.Context()); err != nil || rep != nil {
		t.Fatalf("refresh without a change rebuilt: %v %v", rep, err)
	}
	page := filepath.Join(dir, "club", "notes.md")
	if err := os.WriteFile(page, []byte("# Changed notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A file system with coarse timestamps may not see the change by mtime; its size changed.
	rep, err := sv.Refresh(t.Context())
	if err != nil || rep == nil {
		t.Fatalf("refresh after a change did not rebuild: %v %v", rep, err)
	}
	if body := get(t, sv, "/club/notes.html").Body.String(); !strings.Contains(body, "Changed notes") {
		t.Errorf("notes page not rebuilt:\n%s", body)
	}
	if err := os.WriteFile(filepath.Join(dir, "new.md"), []byte("# New page\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if rep, _ := sv.Refresh(t.Context()); rep == nil || get(t, sv, "/new.html").Code != 200 {
		t.Error("a new page was not picked up")
	}
}

// TestServeLoad sends a few thousand requests from many clients over loopback while the site
// rebuilds, and expects every one answered correctly.
func TestServeLoad(t *testing.T) {
	sv, dir := newTestServer(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- sv.Serve(ctx, ln, 20*time.Millisecond) }()
	base := "http://" + ln.Addr().String()
	paths := []string{"/", "/club/games/1.html", "/static/site.css", "/search.json", "/lists/index.html", "/missing"}
	requests, clients := 3000, 16
	if testing.Short() {
		requests = 600
	}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		failed []string
	)
	jobs := make(chan int)
	for range clients {
		wg.Go(func() {
			for i := range jobs {
				p := paths[i%len(paths)]
				resp, err := client.Get(base + p)
				if err != nil {
					mu.Lock()
					failed = append(failed, err.Error())
					mu.Unlock()
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				want := 200
				if p == "/missing" {
					want = 404
				}
				if resp.StatusCode != want {
					mu.Lock()
					failed = append(failed, fmt.Sprintf("%s: %d", p, resp.StatusCode))
					mu.Unlock()
				}
			}
		})
	}
	for i := range requests {
		if i == requests/2 { // rebuild mid-way: requests must not notice
			_ = os.WriteFile(filepath.Join(dir, "club", "notes.md"), []byte("# Notes, again\n"), 0o644)
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
			t.Fatal("load test timed out")
		}
	}
	close(jobs)
	wg.Wait()
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if len(failed) > 0 {
		t.Errorf("%d of %d requests failed, first: %s", len(failed), requests, failed[0])
	}
}

// TestServeBeforeCatalog asks a Server for pages before it has read the catalog: the pages of
// folders and games answer at once, the lists say to come back.
func TestServeBeforeCatalog(t *testing.T) {
	sv := serverOf(t, writeArchive(t), site.Options{Title: "Test site"})
	for target, code := range map[string]int{"/": 200, "/club/games/3.html": 200, "/club/notes.html": 200,
		"/static/site.css": 200, "/lists/index.html": 503, "/search.json": 503, "/club/games/": 503,
		"/club/games/4.html": 404} {
		if w := get(t, sv, target); w.Code != code {
			t.Errorf("GET %s before the catalog: %d, want %d", target, w.Code, code)
		}
	}
	if _, err := sv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	if w := get(t, sv, "/club/games/"); w.Code != 200 || !strings.Contains(w.Body.String(), `href="../../club/games/3.html"`) {
		t.Errorf("GET /club/games/ after the catalog: %d\n%s", w.Code, w.Body)
	}
}

// TestPageCacheBound fills the page cache beyond its size: the least recently used pages go.
func TestPageCacheBound(t *testing.T) {
	c := newPageCache(10)
	c.put("a", []byte("1234"))
	c.put("b", []byte("1234"))
	c.get("a") // a is now more recent than b
	c.put("c", []byte("1234"))
	if _, ok := c.get("b"); ok {
		t.Error("b, the least recently used, is still cached")
	}
	for _, k := range []string{"a", "c"} {
		if _, ok := c.get(k); !ok {
			t.Errorf("%s was dropped", k)
		}
	}
	c.put("big", make([]byte, 11))
	if _, ok := c.get("big"); ok || c.size != 8 {
		t.Errorf("a page larger than the cache was kept (size %d)", c.size)
	}
}

// indexedServer indexes the archive at dir and returns a Server with live search over it and
// its catalog read (which Serve would read in the background).
func indexedServer(t *testing.T, dir, title string) *Server {
	t.Helper()
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	sv := serverOf(t, dir, site.Options{Title: title, IndexDir: archive.DefaultIndexDir(dir)})
	if _, err := sv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	return sv
}

// countFS counts the bytes read from its files.
type countFS struct {
	fs.FS
	n atomic.Int64
}

type countFile struct {
	fs.File
	n *atomic.Int64
}

func (c *countFS) Open(name string) (fs.File, error) {
	f, err := c.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return countFile{f, &c.n}, nil
}

func (c *countFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(c.FS, name) }

func (c *countFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(c.FS, name) }

func (f countFile) Read(p []byte) (int, error) {
	k, err := f.File.Read(p)
	f.n.Add(int64(k))
	return k, err
}

func (f countFile) Seek(offset int64, whence int) (int64, error) {
	return f.File.(io.Seeker).Seek(offset, whence)
}

// writeGames writes n short games of Bao la Kimasai to file, game i in round i.
func writeGames(t *testing.T, file string, first, n int) {
	t.Helper()
	var recs []*notation.Record
	for i := first; i < first+n; i++ {
		g := engine.RandomGame(engine.Kimasai.Start(), engine.NewRand(7, uint64(i)), 30)
		recs = append(recs, notation.FromGame([]notation.Tag{{Name: "Event", Value: "Offsets"},
			{Name: "Round", Value: strconv.Itoa(i)}, {Name: "South", Value: "A"}, {Name: "North", Value: "B"}}, g))
	}
	var b strings.Builder
	if err := notation.Write(&b, recs...); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestServeGameAtOffset: bao serve reads a game of a large file from where the index says it
// starts, not the whole file up to it; once the file has changed, the record found there is
// not the one indexed, and the page is still the right game's, read from the file's start.
func TestServeGameAtOffset(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "many.bgn")
	writeGames(t, file, 1, 1200)
	info, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	sv := serverOf(t, dir, site.Options{Title: "Offsets", IndexDir: archive.DefaultIndexDir(dir)})
	src := &countFS{FS: sv.src}
	sv.src = src
	page := func(n int) (string, int64) {
		t.Helper()
		if _, err := sv.Refresh(t.Context()); err != nil { // a new snapshot: its cache is empty
			t.Fatal(err)
		}
		src.n.Store(0)
		w := get(t, sv, "/"+site.GameHref("many.bgn", n))
		if w.Code != 200 {
			t.Fatalf("game %d: %d", n, w.Code)
		}
		return w.Body.String(), src.n.Load()
	}
	for _, tc := range []struct {
		name   string
		change func() // the file, after it was indexed
		game   int    // asked for
		round  int    // the round the page must show
		seek   bool   // read from the game's offset
	}{
		{"last game", nil, 1200, 1200, true},
		{"a game mid-file", nil, 600, 600, true},
		{"a game in a thousands folder", nil, 1100, 1100, true},
		{"games added before", func() { // every offset moved: the scan finds game 1200 further on
			writeGames(t, file, 0, 1201)
		}, 1200, 1199, false},
		{"the game replaced in place", func() { // same offsets, other records
			writeGames(t, file, 5001, 1200)
		}, 1200, 6200, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.change != nil {
				tc.change()
			}
			body, read := page(tc.game)
			if want := "round " + strconv.Itoa(tc.round) + " "; !strings.Contains(body, want) {
				t.Errorf("game %d: the page lacks %q", tc.game, want)
			}
			if seek := read < info.Size()/4; seek != tc.seek {
				t.Errorf("game %d: read %d bytes of %d: from the offset %v, want %v", tc.game, read, info.Size(), seek, tc.seek)
			}
		})
	}
}

// TestServeUnopenableIndex: with an index that cannot be opened (bao index is writing it, or
// an older bao wrote it), pages are still served, without the index's links.
func TestServeUnopenableIndex(t *testing.T) {
	dir := writeArchive(t)
	ixDir := archive.DefaultIndexDir(dir)
	if err := os.MkdirAll(filepath.Join(ixDir, "shard-00"), 0o755); err != nil {
		t.Fatal(err)
	}
	sv := serverOf(t, dir, site.Options{Title: "Test site", IndexDir: ixDir})
	if _, err := sv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"/", "/club/games/1.html", "/lists/index.html"} {
		if w := get(t, sv, target); w.Code != 200 {
			t.Errorf("GET %s with an unopenable index: %d\n%s", target, w.Code, w.Body)
		}
	}
}

// lockedFileFS is an archive whose file name cannot be opened, as a file without read
// permission for the user who serves.
type lockedFileFS struct {
	fs.FS
	name string
}

func (l lockedFileFS) Open(name string) (fs.File, error) {
	if name == l.name {
		return nil, &fs.PathError{Op: "openat", Path: name, Err: fs.ErrPermission}
	}
	return l.FS.Open(name)
}

// Stat answers as the file system does: a file without read permission can be looked at.
func (l lockedFileFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(l.FS, name) }

// TestServeUnreadableFile: the catalog's message for a record file that cannot be opened names
// the file (bao serve once said only "openat locked.bgn: permission denied", bao site build
// "u/locked.bgn: …"; found serving an archive with a chmod 000 file as an ordinary user).
func TestServeUnreadableFile(t *testing.T) {
	dir := writeArchive(t)
	sv := serverOf(t, dir, site.Options{Title: "Locked", Source: "arch"})
	sv.src = lockedFileFS{FS: sv.src, name: "club/games.bgn"}
	rep, err := sv.Refresh(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if w := strings.Join(rep.Warnings, "\n"); !strings.Contains(w, "arch/club/games.bgn: openat club/games.bgn: permission denied") {
		t.Errorf("warnings:\n%s", w)
	}
}

// TestServeEvents serves the event and player pages on demand, as routes.
func TestServeEvents(t *testing.T) {
	s, err := site.New(site.Options{Title: "Test site"})
	if err != nil {
		t.Fatal(err)
	}
	sv, err := New(t.Context(), s, writeFixture(t, "events.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sv.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	for target, body := range map[string]string{
		"/cup/event.html":     `<a href="../cup/rounds/3.html" aria-label="½: Asha against Chiku: drew">½</a>`,
		"/players/chiku.html": "Chiku Mussa",
		"/cup/rounds/3.html":  `<a href="../../cup/event.html">Town Cup: standings, crosstable and rounds</a>`,
		"/cup/index.html":     `<a href="../cup/event.html">`,
	} {
		w := get(t, sv, target)
		if w.Code != 200 || !strings.Contains(w.Body.String(), body) {
			t.Errorf("GET %s: %d, body lacks %q", target, w.Code, body)
		}
	}
}

// TestServeFollowsBadRecord: a bad record that appears while serving no longer makes every
// rebuild fail; the new good games still appear.
func TestServeFollowsBadRecord(t *testing.T) {
	sv, dir := newTestServer(t)
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("bad.bgn", "[Event \"x\"]\n\n*\n" /* no variant */)
	write("new.bgn", "[Variant \"kiswahili\"]\n[South \"Newcomer\"]\n\n1. A6<* *\n")
	rep, err := sv.Refresh(t.Context())
	if err != nil || rep == nil {
		t.Fatalf("rebuild with a bad record: %v", err)
	}
	if get(t, sv, "/new/1.html").Code != 200 || get(t, sv, "/bad/1.html").Code != 200 {
		t.Error("the new game or the bad record's problem page is not served")
	}
}

// TestServeFailedBuildOnce: a build that fails (a page with a reserved name) is reported once,
// not at every poll, and the server keeps the last good build until the archive changes.
func TestServeFailedBuildOnce(t *testing.T) {
	sv, dir := newTestServer(t)
	clash := filepath.Join(dir, "search.md") // a name reserved for the site's own page
	if err := os.WriteFile(clash, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := sv.Refresh(t.Context()); err == nil {
		t.Fatal("a reserved name did not fail the build")
	}
	if rep, err := sv.Refresh(t.Context()); rep != nil || err != nil {
		t.Errorf("the failed build was run again: %v %v", rep, err)
	}
	if get(t, sv, "/").Code != 200 {
		t.Error("the last good build is not served")
	}
	if err := os.Rename(clash, filepath.Join(dir, "finding.md")); err != nil {
		t.Fatal(err)
	}
	if rep, err := sv.Refresh(t.Context()); rep == nil || err != nil || get(t, sv, "/finding.html").Code != 200 {
		t.Errorf("no rebuild after the fix: %v %v", rep, err)
	}
}

// TestServeLiveLinks: the pages bao serve renders with an index link to its live search and
// explorer themselves, for readers without JavaScript too; without an index, and in a static
// build, they link to the static search.html, and no page asks the server anything to decide.
func TestServeLiveLinks(t *testing.T) {
	plain, _ := newTestServer(t)
	live := indexedServer(t, writeArchive(t), "Test site")
	for _, c := range []struct {
		name     string
		h        http.Handler
		has, not []string
	}{
		{"indexed", live, []string{`<a href="search" id="nav-search">`, `<a href="explore" id="nav-explore">`},
			[]string{`search.html" id="nav-search"`, "data-live"}},
		{"no index", plain, []string{`<a href="search.html" id="nav-search">`}, []string{`id="nav-explore"`, "data-live"}},
	} {
		body := get(t, c.h, "/").Body.String()
		for _, s := range c.has {
			if !strings.Contains(body, s) {
				t.Errorf("%s: the home page lacks %s", c.name, s)
			}
		}
		for _, s := range c.not {
			if strings.Contains(body, s) {
				t.Errorf("%s: the home page holds %s", c.name, s)
			}
		}
	}
	// The analysis board of a served game page links to the explorer and the position search.
	if body := get(t, live, "/club/games/1.html").Body.String(); !strings.Contains(body, `data-explore="../../explore" data-search="../../search"`) {
		t.Errorf("the served game page gives its analysis board no explorer: %.200s", body[strings.Index(body, "analysis.js"):])
	}
}

// TestServeCompressedAndCached: text answers go gzipped to browsers that take it, the site's
// own files with a Cache-Control that lets a browser keep them, pages with one that has it ask
// again; every page names its icon, which is served.
func TestServeCompressedAndCached(t *testing.T) {
	sv, _ := newTestServer(t)
	for _, c := range []struct{ target, cache string }{
		{"/static/site.css", "max-age=3600"}, {"/static/bao.js", "max-age=3600"},
		{"/club/games/1.html", "no-cache"}, {"/", "no-cache"}, {"/lists/index.html", "no-cache"},
	} {
		plain := get(t, sv, c.target)
		r := httptest.NewRequest(http.MethodGet, c.target, nil)
		r.Header.Set("Accept-Encoding", "gzip, deflate, br")
		w := httptest.NewRecorder()
		sv.ServeHTTP(w, r)
		if w.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(strings.Join(w.Header().Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("GET %s: Content-Encoding %q, Vary %q, want gzip", c.target, w.Header().Get("Content-Encoding"), w.Header().Values("Vary"))
			continue
		}
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatalf("GET %s: %v", c.target, err)
		}
		body, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(body, plain.Body.Bytes()) {
			t.Errorf("GET %s: the gzipped answer (%v) is not the plain one", c.target, err)
		}
		if w.Body.Len() >= plain.Body.Len() {
			t.Errorf("GET %s: gzipped %d bytes, plain %d", c.target, w.Body.Len(), plain.Body.Len())
		}
		if cc := plain.Header().Get("Cache-Control"); !strings.Contains(cc, c.cache) {
			t.Errorf("GET %s: Cache-Control %q, want %q", c.target, cc, c.cache)
		}
		if plain.Header().Get("Content-Encoding") != "" {
			t.Errorf("GET %s without Accept-Encoding: Content-Encoding %q", c.target, plain.Header().Get("Content-Encoding"))
		}
	}
	if !strings.Contains(get(t, sv, "/").Body.String(), `<link rel="icon" href="static/favicon.svg"`) {
		t.Error("the home page names no icon")
	}
	if w := get(t, sv, "/static/favicon.svg"); w.Code != 200 || !strings.Contains(w.Header().Get("Content-Type"), "svg") {
		t.Errorf("GET /static/favicon.svg: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
	if csp := get(t, sv, "/").Header().Get("Content-Security-Policy"); strings.Contains(csp, "unsafe-inline") {
		t.Errorf("Content-Security-Policy %q allows inline styles", csp)
	}
}
