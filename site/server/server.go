// Package server serves the site of an archive folder live (bao serve): it renders each page
// when it is asked for, from the archive's files and its index, keeps the pages in a cache of
// bounded size, reads the catalog of the games in the background and again when the
// archive's files change, and, given the archive's index, answers live searches at /search?…
// and /explore?…. The pages are the builder's (package site): a served page is the page a
// build writes. On one file of 100,000 games, the last game's page took 0.015-0.036 s to its
// first request from its offset, and 1.9-5.4 s read up to it.
//
// Serve sets read, write and idle timeouts, answers only requests whose Host names the address
// it listens on, localhost or one of Server.AllowHosts (a defence against DNS rebinding),
// warns when the address is reachable from other machines, and turns a panic in one request
// into a 500. Only regular files inside the archive are read: links that leave it, FIFOs and
// devices are skipped with a warning.
package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/webengine"
)

// Server serves the site of an archive folder. It builds nothing up front: it renders each
// page when it is first asked for, from the archive's files and its index, and keeps the pages
// it rendered in a cache of bounded size. A background refresh reads the catalog of the games
// (their tags, for the lists and the search index) and reads it again when the archive's files
// change. A request names a page of the site, never a path on disk.
type Server struct {
	site *site.Site
	root string
	src  fs.FS
	cur  atomic.Pointer[snapshot]
	mu   sync.Mutex // one refresh at a time
	// failed is 1 + the stamp of the archive whose refresh failed, so that polling does not
	// read and report it again until a file changes; 0 for none
	failed atomic.Uint64
	// Logf, if set, is told about refreshes and their warnings.
	Logf func(format string, args ...any)
	// AllowHosts are the host names, besides the listening address and localhost, that
	// requests may name in their Host header (see Guard).
	AllowHosts []string
	// CacheBytes bounds the rendered pages kept in memory; 0 means 64 MiB.
	CacheBytes int
	// slots bounds the renders and searches running at once (a page from the cache takes
	// none): past it, a request waits up to slotWait for one, then is answered 503 with
	// Retry-After. Without a bound, 300 clients on cold pages took 5.9 GB.
	slots    chan struct{}
	slotWait time.Duration
	mounts   []mount
	gz       sync.Map // name -> the site's own file (static/), gzipped
}

// maxInFlight is how many renders and searches run at once per core: enough to keep the
// cores busy while one waits for the disk.
const maxInFlight = 8

// slotWait is how long a request waits for a render or search slot before a 503.
const defaultSlotWait = 5 * time.Second

// errOverloaded is the error of a request that found no slot in time (answered error.busy).
var errOverloaded = errors.New("no render or search slot free in time")

// acquire takes a slot for a render or search, waiting at most sv.slotWait.
func (sv *Server) acquire(ctx context.Context) error {
	select {
	case sv.slots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(sv.slotWait)
	defer t.Stop()
	select {
	case sv.slots <- struct{}{}:
		return nil
	case <-t.C:
		return errOverloaded
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

func (sv *Server) release() { <-sv.slots }

// unavailable answers 503 with a Retry-After, for a request to send again shortly.
func unavailable(w http.ResponseWriter, msg string) {
	w.Header().Set("Retry-After", "2")
	http.Error(w, msg, http.StatusServiceUnavailable)
}

// mount is a handler answering the requests under a path prefix, before the site's pages.
type mount struct {
	prefix string
	h      http.Handler
}

// Handle has h answer every request whose path begins with prefix (the live recording of an
// event), behind the same Host check, panic recovery and security headers as the pages. Call
// it before Serve.
func (sv *Server) Handle(prefix string, h http.Handler) {
	sv.mounts = append(sv.mounts, mount{prefix, h})
}

// snapshot is the archive as one refresh saw it.
type snapshot struct {
	cat   *site.Catalog
	stamp uint64
	built time.Time
	cache *pageCache
}

// New returns a Server of the archive folder root, whose pages s renders. It only walks the
// folder: the catalog is read by Refresh, which Serve calls in the background.
func New(ctx context.Context, s *site.Site, root string) (*Server, error) {
	src, err := tree.OpenRoot(root) // links leaving the archive are not served
	if err != nil {
		return nil, err
	}
	sv := &Server{site: s, root: root, src: src, slots: make(chan struct{}, maxInFlight*runtime.GOMAXPROCS(0)),
		slotWait: defaultSlotWait}
	stamp, err := tree.Stamp(sv.src)
	if err != nil {
		return nil, err
	}
	cat, err := s.Scan(ctx, sv.src)
	if err != nil {
		return nil, err
	}
	sv.cur.Store(sv.snapshot(cat, stamp))
	return sv, nil
}

func (sv *Server) snapshot(cat *site.Catalog, stamp uint64) *snapshot {
	max := sv.CacheBytes
	if max <= 0 {
		max = 64 << 20
	}
	return &snapshot{cat: cat, stamp: stamp, built: time.Now(), cache: newPageCache(max)}
}

// Refresh reads the archive's catalog again if its files changed since the last refresh (or
// if there was none): only the record files that changed are read, for their tags. It returns
// what the refresh found; nil, nil means nothing changed.
func (sv *Server) Refresh(ctx context.Context) (*site.Report, error) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	stamp, err := tree.Stamp(sv.src)
	if err != nil {
		return nil, err
	}
	old := sv.cur.Load()
	if old.cat.Complete() && old.stamp == stamp || sv.failed.Load() == stamp+1 {
		return nil, nil
	}
	cat, rep, err := sv.site.ReadCatalog(ctx, sv.src, old.cat)
	if err != nil {
		if ctx.Err() == nil {
			sv.failed.Store(stamp + 1) // not again until the archive changes
		}
		return nil, err
	}
	sv.cur.Store(sv.snapshot(cat, stamp))
	return rep, nil
}

// securityHeaders keep the pages from running anything but the site's own scripts, even if an
// annotation slipped something past the Markdown renderer, and from being shown in another
// site's frame, but for the embed pages (embedPolicy).
var securityHeaders = map[string]string{
	"Content-Security-Policy": policy + "frame-ancestors 'none'",
	"X-Content-Type-Options":  "nosniff",
	"Referrer-Policy":         "no-referrer",
}

// policy is the Content-Security-Policy of every answer but whom may frame it.
const policy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "

// embedPolicy is the Content-Security-Policy of an embed page (site.IsEmbed), which any site
// may show in a frame: what it is for.
const embedPolicy = policy + "frame-ancestors *"

// ServeHTTP serves one page, rendered now or from the cache.
func (sv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for k, v := range securityHeaders {
		w.Header().Set(k, v)
	}
	for _, m := range sv.mounts {
		if strings.HasPrefix(r.URL.Path, m.prefix) {
			m.h.ServeHTTP(w, r)
			return
		}
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, sv.choose(r).T("error.method"), http.StatusMethodNotAllowed)
		return
	}
	l, chosen := sv.Language(w, r)
	if !chosen {
		return
	}
	snap := sv.cur.Load()
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "search" || name == "explore" {
		sv.live(w, r, snap, name, l)
		return
	}
	if name == "" {
		name = site.FolderPage(name)
	}
	if site.IsEmbed(name) {
		w.Header().Set("Content-Security-Policy", embedPolicy)
	}
	data, found, err := sv.page(r.Context(), snap, name, l)
	if !found && err == nil {
		name = site.FolderPage(name)
		data, found, err = sv.page(r.Context(), snap, name, l)
	}
	switch {
	case errors.Is(err, site.ErrReading):
		unavailable(w, l.T("error.reading"))
		return
	case errors.Is(err, errOverloaded):
		unavailable(w, l.T("error.busy"))
		return
	case errors.Is(err, archive.ErrBusy):
		unavailable(w, l.T("error.indexbusy"))
		return
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		unavailable(w, l.T("error.unfinished"))
		return
	case err != nil:
		http.Error(w, l.T("error.failed", "Error", err.Error()), http.StatusInternalServerError)
		return
	case !found:
		sv.NotFound(w, r, l)
		return
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	gz := strings.Contains(r.Header.Get("Accept-Encoding"), "gzip")
	switch eng, _ := webengine.Load(); {
	case eng != nil && name == eng.Wasm:
		// Named by its contents: a browser may keep it for good.
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		w.Header().Add("Vary", "Accept-Encoding")
		if gz {
			w.Header().Set("Content-Encoding", "gzip")
			data = eng.WasmGzip
		}
	default:
		// The site's own files change only with bao itself: a browser keeps them an hour
		// before it asks again. Pages are asked again every time (Last-Modified answers 304
		// while the archive is unchanged).
		if site.IsStatic(name) {
			w.Header().Set("Cache-Control", "public, max-age=3600")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		if compressible(w.Header().Get("Content-Type")) && len(data) >= minGzip {
			w.Header().Add("Vary", "Accept-Encoding")
			if gz {
				w.Header().Set("Content-Encoding", "gzip")
				data = sv.gzipped(name, data)
			}
		}
	}
	http.ServeContent(w, r, name, snap.built, bytes.NewReader(data))
}

// minGzip is the size below which an answer is sent as it is: gzip would save a few bytes.
const minGzip = 1024

// compressible tells whether a content type is text, which gzip shrinks to a fraction.
func compressible(ct string) bool {
	for _, t := range []string{"text/", "javascript", "json", "svg", "xml"} {
		if strings.Contains(ct, t) {
			return true
		}
	}
	return false
}

// gzipped is data, the answer for name, compressed. The site's own files (static/) are
// compressed once, at the best ratio; pages, which change with the archive, at the fastest.
func (sv *Server) gzipped(name string, data []byte) []byte {
	static := site.IsStatic(name)
	if static {
		if z, ok := sv.gz.Load(name); ok {
			return z.([]byte)
		}
	}
	level := gzip.BestSpeed
	if static {
		level = gzip.BestCompression
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, level) // a valid level: no error
	zw.Write(data)                          // into memory: no error
	zw.Close()
	if static {
		sv.gz.Store(name, b.Bytes())
	}
	return b.Bytes()
}

// page renders the page name of snap, or takes it from the cache.
func (sv *Server) page(ctx context.Context, snap *snapshot, name string, l *lang.Lang) ([]byte, bool, error) {
	key := l.Code() + "\x00" + name
	if data, ok := snap.cache.get(key); ok {
		return data, true, nil
	}
	if err := sv.acquire(ctx); err != nil {
		return nil, false, err
	}
	defer sv.release()
	data, found, keep, err := snap.cat.Page(ctx, name, l)
	if err != nil || !found {
		return nil, found, err
	}
	if keep {
		snap.cache.put(key, data)
	}
	return data, true, nil
}

// Serve answers HTTP requests on ln until ctx is cancelled. It reads the catalog in the
// background at once, and again every interval if the archive changed.
func (sv *Server) Serve(ctx context.Context, ln net.Listener, interval time.Duration) error {
	hs := sv.httpServer(ln)
	if exposed(ln.Addr()) {
		sv.logf("warning: %s is reachable from other machines, which can read every page and search the index; serve on 127.0.0.1 unless that is meant", ln.Addr())
	}
	go sv.poll(ctx, interval)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// poll refreshes the catalog at once, then every interval.
func (sv *Server) poll(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		start := time.Now()
		rep, err := sv.Refresh(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			sv.logf("reading the archive failed, still serving the last catalog: %v", err)
		case rep != nil:
			sv.logf("read the catalog: %s in %s (%d record files unchanged), %s",
				english.Count(rep.Games, "game"), time.Since(start).Round(time.Millisecond), rep.Unchanged,
				english.Count(len(rep.Warnings), "problem"))
			for _, w := range rep.Warnings {
				sv.logf("%s", w)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (sv *Server) logf(format string, args ...any) {
	if sv.Logf != nil {
		sv.Logf(format, args...)
	}
}

// langCookie keeps the language a reader chose with a page's language switch (?lang=).
const langCookie = "bao-lang"

// Language chooses the language of a request's page among the site's: the one the reader
// chose (?lang=, which is kept in a cookie and answered with a redirect to the address
// without it; then the cookie), else the first of the browser's Accept-Language the site has,
// else the site's first. chosen is false when the answer is the redirect.
func (sv *Server) Language(w http.ResponseWriter, r *http.Request) (l *lang.Lang, chosen bool) {
	langs := sv.site.Langs()
	w.Header().Add("Vary", "Accept-Language, Cookie")
	offered := func(code string) *lang.Lang {
		for _, l := range langs {
			if strings.EqualFold(l.Code(), code) {
				return l
			}
		}
		return nil
	}
	q := r.URL.Query()
	if code := q.Get("lang"); offered(code) != nil {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: offered(code).Code(), Path: "/",
			MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode, HttpOnly: true})
		q.Del("lang")
		u := *r.URL
		u.RawQuery = q.Encode()
		http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
		return nil, false
	}
	l = sv.choose(r)
	w.Header().Set("Content-Language", l.Code())
	return l, true
}

// choose is the language of a request among the site's, as Language chooses it but for the
// reader's choice in the address: the cookie, else the browser's, else the site's first. The
// server's refusals are in it.
func (sv *Server) choose(r *http.Request) *lang.Lang {
	langs := sv.site.Langs()
	offered := func(code string) *lang.Lang {
		for _, l := range langs {
			if strings.EqualFold(l.Code(), code) {
				return l
			}
		}
		return nil
	}
	if c, err := r.Cookie(langCookie); err == nil && offered(c.Value) != nil {
		return offered(c.Value)
	}
	if accept := r.Header.Get("Accept-Language"); accept != "" && offered(lang.Match(accept).Code()) != nil {
		return offered(lang.Match(accept).Code())
	}
	return langs[0]
}

// NotFound answers 404 with the site's page for an address it does not have, in language l.
func (sv *Server) NotFound(w http.ResponseWriter, r *http.Request, l *lang.Lang) {
	page, err := sv.cur.Load().cat.NotFoundPage(strings.TrimPrefix(r.URL.Path, "/"), l)
	if err != nil {
		sv.logf("the page of an address not found: %v", err)
		http.Error(w, l.T("error.notfound"), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write(page)
}
