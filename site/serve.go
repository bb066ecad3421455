package site

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
)

// Server serves the site of an archive folder. It builds nothing up front: it renders each
// page when it is first asked for, from the archive's files and its index, and keeps the pages
// it rendered in a cache of bounded size. A background refresh reads the catalog of the games
// (their tags, for the lists and the search index) and reads it again when the archive's files
// change. A request names a page of the site, never a path on disk.
type Server struct {
	site *Site
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
	langs      []*lang.Lang // the languages offered, the default first
}

// newBuild is a build of the served archive, whose views render its pages in every language
// the server offers.
func (sv *Server) newBuild(ctx context.Context) *build {
	b := newBuild(ctx, sv.site, sv.src, nil)
	b.l = sv.langs[0]
	if len(sv.langs) > 1 {
		b.langs = sv.langs
	}
	return b
}

// langCookie keeps the language a reader chose with a page's language switch (?lang=).
const langCookie = "bao-lang"

// language chooses the language of a request's page: the one the reader chose (?lang=, which
// is kept in a cookie and answered with a redirect to the address without it; then the
// cookie), else the first of the browser's Accept-Language the server offers, else its
// default. chosen is false when the answer is the redirect.
func (sv *Server) language(w http.ResponseWriter, r *http.Request) (l *lang.Lang, chosen bool) {
	w.Header().Add("Vary", "Accept-Language, Cookie")
	offered := func(code string) *lang.Lang {
		for _, l := range sv.langs {
			if strings.EqualFold(l.Code(), code) {
				return l
			}
		}
		return nil
	}
	q := r.URL.Query()
	if code, set := q["lang"]; set && len(code) > 0 && offered(code[0]) != nil {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: offered(code[0]).Code(), Path: "/",
			MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode, HttpOnly: true})
		q.Del("lang")
		u := *r.URL
		u.RawQuery = q.Encode()
		http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
		return nil, false
	}
	l = sv.langs[0]
	if c, err := r.Cookie(langCookie); err == nil && offered(c.Value) != nil {
		l = offered(c.Value)
	} else if m := offered(lang.Match(r.Header.Get("Accept-Language")).Code()); m != nil && r.Header.Get("Accept-Language") != "" {
		l = m
	}
	w.Header().Set("Content-Language", l.Code())
	return l, true
}

// snapshot is the archive as one refresh saw it.
type snapshot struct {
	b        *build
	routes   map[string]pageFunc
	stems    map[string]string // a record file's folder in the site -> the file
	stamp    uint64
	stats    map[string]fileStat // of the record files whose catalog entries b holds
	complete bool                // the catalog holds every game: lists and search can be shown
	built    time.Time
	cache    *pageCache
	events   eventChoices // suggested by the live search's form
}

// fileStat tells whether a record file changed, as cheaply as the file system can.
type fileStat struct {
	size  int64
	mtime time.Time
}

// NewServer returns a Server of the archive folder root. It only walks the folder: the catalog
// is read by Refresh, which Serve calls in the background.
func (s *Site) NewServer(ctx context.Context, root string) (*Server, error) {
	src, err := archive.OpenRoot(root) // links leaving the archive are not served
	if err != nil {
		return nil, err
	}
	sv := &Server{site: s, root: root, src: src, langs: s.langs}
	if len(s.opts.Langs) == 0 {
		sv.langs = nil
		for _, code := range lang.Codes {
			sv.langs = append(sv.langs, lang.Must(code))
		}
	}
	stamp, err := archiveStamp(sv.src)
	if err != nil {
		return nil, err
	}
	b := sv.newBuild(ctx)
	if err := b.scan(); err != nil {
		return nil, err
	}
	snap, err := sv.snapshot(b, stamp, nil, false)
	if err != nil {
		return nil, err
	}
	sv.cur.Store(snap)
	return sv, nil
}

// snapshot makes the routes of a scanned build.
func (sv *Server) snapshot(b *build, stamp uint64, stats map[string]fileStat, complete bool) (*snapshot, error) {
	b.collectFacets()
	b.collectEventsAndPlayers()
	routes, err := b.routes()
	if err != nil {
		return nil, err
	}
	stems := map[string]string{}
	for _, r := range b.records {
		stems[outStem(r)] = r
	}
	max := sv.CacheBytes
	if max <= 0 {
		max = 64 << 20
	}
	return &snapshot{b: b, routes: routes, stems: stems, stamp: stamp, stats: stats,
		complete: complete, built: time.Now(), cache: newPageCache(max), events: b.eventChoices()}, nil
}

// Refresh reads the archive's catalog again if its files changed since the last refresh (or
// if there was none): only the record files that changed are read, for their tags. It returns
// what the refresh found; nil, nil means nothing changed.
func (sv *Server) Refresh(ctx context.Context) (*Report, error) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	stamp, err := archiveStamp(sv.src)
	if err != nil {
		return nil, err
	}
	old := sv.cur.Load()
	if old.complete && old.stamp == stamp || sv.failed.Load() == stamp+1 {
		return nil, nil
	}
	b := sv.newBuild(ctx)
	if err := b.scan(); err != nil {
		sv.failed.Store(stamp + 1) // not again until the archive changes
		return nil, err
	}
	stats := make(map[string]fileStat, len(b.records))
	var todo []string
	for _, name := range b.records {
		info, err := fs.Stat(sv.src, name)
		if err != nil {
			b.warn(fmt.Sprintf("%s: %v", b.where(name), err))
			continue
		}
		st := fileStat{info.Size(), info.ModTime()}
		stats[name] = st
		// An entry is kept while its file and the event.toml and players.toml files it was read
		// under are unchanged.
		if e := old.b.entries[name]; e != nil && old.stats[name] == st && old.b.stamp == b.stamp {
			b.entries[name] = e
			continue
		}
		todo = append(todo, name)
	}
	read := make([]*fileEntry, len(todo))
	if err := parallel(ctx, len(todo), func(i int) error {
		read[i] = b.readEntry(todo[i])
		return nil
	}); err != nil {
		return nil, err
	}
	for i, name := range todo {
		b.entries[name] = read[i]
	}
	for _, e := range b.entries {
		b.games += len(e.Games)
		for _, w := range e.Warnings {
			b.warn(w)
		}
	}
	snap, err := sv.snapshot(b, stamp, stats, true)
	if err != nil {
		return nil, err
	}
	sv.cur.Store(snap)
	b.unchanged = len(b.records) - len(todo)
	b.written = len(snap.routes)
	return b.report(), nil
}

// readEntry reads the catalog rows of a record file and its problems of syntax; the games'
// own problems show on their pages.
func (b *build) readEntry(name string) *fileEntry {
	e := &fileEntry{}
	err := scanGames(b.src, name, b.where(name), func(_ int, _ bool, rec *notation.Record, errs notation.ErrorList) error {
		e.Games = append(e.Games, b.catalogRow(name, rec))
		for _, x := range errs {
			e.Warnings = append(e.Warnings, x.Error())
		}
		return nil
	})
	if err != nil {
		if _, ok := err.(*notation.Error); !ok { // located already; a file that cannot be opened is not
			err = fmt.Errorf("%s: %w", b.where(name), err)
		}
		e.Warnings = append(e.Warnings, err.Error())
	}
	return e
}

// archiveStamp sums the names, sizes and modification times of the files a build reads: it
// changes when any of them is added, removed or written.
func archiveStamp(src fs.FS) (uint64, error) {
	h := fnv.New64a()
	err := fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
		if _, ok := archive.UnreadableFolder(name, d, err); ok {
			return fs.SkipDir // the build's scan reports it
		}
		if err != nil {
			return err
		}
		if skipName(name, d) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if ext := path.Ext(name); d.IsDir() || ext != ".md" && ext != ".bgn" {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", name, info.Size(), info.ModTime().UnixNano())
		return nil
	})
	return h.Sum64(), err
}

// securityHeaders keep the pages from running anything but the site's own scripts, even if an
// annotation slipped something past the Markdown renderer.
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
	"X-Content-Type-Options":  "nosniff",
	"Referrer-Policy":         "no-referrer",
}

// errReading answers for a page made from the whole catalog before the catalog is read.
var errReading = errors.New("the archive is still being read; this page is ready in a moment")

// ServeHTTP serves one page, rendered now or from the cache.
func (sv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for k, v := range securityHeaders {
		w.Header().Set(k, v)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	l, chosen := sv.language(w, r)
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
		name = "index.html"
	}
	data, found, err := sv.page(r.Context(), snap, name, l)
	if !found && err == nil {
		name = path.Join(name, "index.html")
		data, found, err = sv.page(r.Context(), snap, name, l)
	}
	switch {
	case errors.Is(err, errReading):
		w.Header().Set("Retry-After", "2")
		http.Error(w, l.T("error.reading"), http.StatusServiceUnavailable)
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	case !found:
		http.NotFound(w, r)
		return
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	http.ServeContent(w, r, name, snap.built, bytes.NewReader(data))
}

// page renders the page name of snap, or takes it from the cache.
func (sv *Server) page(ctx context.Context, snap *snapshot, name string, l *lang.Lang) ([]byte, bool, error) {
	key := l.Code() + "\x00" + name
	if data, ok := snap.cache.get(key); ok {
		return data, true, nil
	}
	route, isRoute := snap.routes[name]
	stem, n, isGame := parseGameHref(name)
	file := snap.stems[stem]
	switch {
	case isRoute && !snap.complete && (strings.HasPrefix(name, "lists/") || strings.HasPrefix(name, "search") ||
		snap.stems[path.Dir(name)] != ""):
		return nil, false, errReading
	case !isRoute && (!isGame || file == ""):
		return nil, false, nil
	}
	var (
		data  []byte
		found bool
		err   error
	)
	render := func(ix *archive.Index) error {
		v := snap.b.view(ctx, ix, &memOutput{files: map[string][]byte{}}, l)
		if isRoute {
			data, err = route(v)
			found = err == nil
		} else {
			data, found, err = v.gamePage(file, n)
		}
		return nil
	}
	open, _ := sv.site.ix.use(render)
	if open != nil { // bao index is writing the index, or it is another version's: without its links
		_ = render(nil)
	}
	if err != nil || !found {
		return nil, found, err
	}
	if open == nil {
		snap.cache.put(key, data)
	}
	return data, true, nil
}

// errFound stops a scan of a record file at the game asked for.
var errFound = errors.New("found")

// gamePage renders the page of game n of a record file. It seeks to where the index says the
// game's record starts (gameAt); when the index does not know the game, or the record there is
// not the one it read (the file changed since), it reads the file up to the game. Either way
// it reads one record beyond, to know whether the game is the file's only one.
func (b *build) gamePage(file string, n int) ([]byte, bool, error) {
	if data, ok, err := b.gameAt(file, n); ok || err != nil {
		return data, ok, err
	}
	var data []byte
	err := scanGames(b.src, file, b.where(file), func(k int, several bool, rec *notation.Record, errs notation.ErrorList) error {
		if k < n {
			return nil
		}
		var rerr error
		if data, rerr = b.renderGame(file, k, several, rec, errs); rerr != nil {
			return rerr
		}
		return errFound
	})
	if errors.Is(err, errFound) {
		return data, true, nil
	}
	if data == nil {
		return nil, false, nil // no such game: the file is shorter
	}
	return nil, false, err
}

// gameAt renders game n of a record file from where the index says its record starts
// (archive.Index.GameAt); ok is false, and the caller reads the file from its start, when there
// is no index, the index does not hold the game, or the record found there is not the one the
// index read.
func (b *build) gameAt(file string, n int) (data []byte, ok bool, err error) {
	if b.ix == nil {
		return nil, false, nil
	}
	f, err := b.src.Open(file)
	if err != nil {
		return nil, false, nil // reported by the scan
	}
	defer f.Close()
	rs, seekable := f.(io.ReadSeeker)
	if !seekable {
		return nil, false, nil
	}
	sc, found, err := b.ix.GameAt(b.ctx, rs, file, b.where(file), n)
	if err != nil || !found {
		return nil, false, nil // a damaged index is reported by the searches; the file still serves
	}
	rec, errs := sc.Record(), slices.Clone(sc.Errors())
	several := n > 1 || sc.Scan()
	data, err = b.renderGame(file, n, several, rec, errs)
	return data, err == nil, err
}

// renderGame replays and renders game n of a record file.
func (b *build) renderGame(file string, n int, several bool, rec *notation.Record, errs notation.ErrorList) ([]byte, error) {
	g := newGame(file, b.where(file), n, several, rec, errs)
	if err := b.writeGame(g); err != nil {
		return nil, err
	}
	return b.out.read(g.href)
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
