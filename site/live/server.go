package live

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/server"
)

//go:embed assets
var assets embed.FS

// Server records and broadcasts the event in one folder. Mount it on the site's server
// (site.Server.Handle) for the prefixes event.LinkPrefix and LivePrefix.
type Server struct {
	dir string
	// Logf, if set, is told of every change written (never of a link's secret).
	Logf func(format string, args ...any)
	// Refresh, if set, brings the site's pages up to date with the files; it is called after
	// each change, in the background, before the pages that show the change are told to
	// reload.
	Refresh func(ctx context.Context)
	// Language, if set, chooses a page's language as the site's other pages do (?lang=, the
	// cookie, Accept-Language); ok is false when it answered the request itself.
	Language func(w http.ResponseWriter, r *http.Request) (l *lang.Lang, ok bool)
	// NotFound, if set, answers an address the broadcast does not have, in language l, as
	// the site answers its own (site/server.Server.NotFound).
	NotFound func(w http.ResponseWriter, r *http.Request, l *lang.Lang)

	cfg    *event.Config
	keys   keyring
	mu     sync.Mutex // boards and names
	boards map[key]*board
	hub    *hub
	limits limits
	pages  map[string]*template.Template // per language code
	dirty  chan struct{}                 // a change waits for Refresh
}

// LivePrefix begins the addresses of the broadcast: the round and game pages, the stream.
const LivePrefix = "/live/"

// New reads the event in dir: its settings, the hashes of its links, and every board's game.
func New(dir string) (*Server, error) {
	cfg, err := event.Load(dir)
	if err != nil {
		return nil, err
	}
	pages, err := parsePages()
	if err != nil {
		return nil, err
	}
	sv := &Server{dir: dir, cfg: cfg, boards: map[key]*board{}, hub: newHub(), pages: pages,
		limits: newLimits(), dirty: make(chan struct{}, 1)}
	sv.keys.dir = dir
	if err := sv.reload(); err != nil {
		return nil, err
	}
	return sv, nil
}

// Run refreshes the site's pages after changes until ctx ends, at most once a quarter second.
func (sv *Server) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-sv.dirty:
		}
		if sv.Refresh != nil {
			sv.Refresh(ctx)
		}
		sv.hub.pagesChanged()
		select {
		case <-ctx.Done():
			return
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// board is one board of a round: its state as broadcast and, once written, its recorder.
type board struct {
	mu    sync.Mutex // one write at a time
	k     key
	ses   *session
	state *state // guarded by Server.mu
}

// reload reads every board's game from the event's files: at the start, and when a round was
// paired while serving.
func (sv *Server) reload() error {
	games, _, err := event.Games(sv.dir, sv.cfg)
	if err != nil {
		return err
	}
	files := map[string][]*notation.Record{}
	found := map[key]event.Game{}
	for _, g := range games {
		if g.Bye() {
			continue
		}
		k := key{g.Round, max(g.Board, 1)}
		if old, ok := found[k]; ok && !old.Decided() {
			continue // the first game without a result is the board's, as event.Board opens it
		}
		found[k] = g
	}
	states := map[key]*state{}
	for k, g := range found {
		recs, ok := files[g.File]
		if !ok {
			path := filepath.Join(sv.dir, g.File)
			_, _ = notation.RemoveTemp(path) // left by a save that a kill interrupted
			recs, _ = notation.ReadFile(path)
			files[g.File] = recs
		}
		if g.Number-1 < len(recs) {
			states[k] = stateOf(k, recs[g.Number-1], site.GameHref(filepath.ToSlash(g.File), g.Number))
		}
	}
	sv.mu.Lock()
	defer sv.mu.Unlock()
	for k, st := range states {
		b := sv.boards[k]
		if b == nil {
			b = &board{k: k}
			sv.boards[k] = b
		}
		if b.state == nil || b.ses == nil {
			b.state = st
		}
	}
	return nil
}

// boardOf returns board k, reading the event again if it is not known yet (paired since).
func (sv *Server) boardOf(k key) *board {
	sv.mu.Lock()
	b := sv.boards[k]
	sv.mu.Unlock()
	if b != nil {
		return b
	}
	if err := sv.reload(); err != nil {
		sv.logf("reading the event: %v", err)
		return nil
	}
	sv.mu.Lock()
	defer sv.mu.Unlock()
	return sv.boards[k]
}

// states lists the boards of round (every round for 0), by board.
func (sv *Server) states(round int) []*state {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	var out []*state
	for k, b := range sv.boards {
		if (round == 0 || k.round == round) && b.state != nil {
			out = append(out, b.state)
		}
	}
	slices.SortFunc(out, func(a, b *state) int {
		if a.Round != b.Round {
			return a.Round - b.Round
		}
		return a.Board - b.Board
	})
	return out
}

// rounds lists the event's rounds that have boards.
func (sv *Server) rounds() []int {
	var rs []int
	for _, st := range sv.states(0) {
		if len(rs) == 0 || rs[len(rs)-1] != st.Round {
			rs = append(rs, st.Round)
		}
	}
	return rs
}

// setState stores and broadcasts board b's new state.
func (sv *Server) setState(b *board, st *state) {
	sv.mu.Lock()
	old := b.state
	b.state = st
	sv.mu.Unlock()
	changed := old == nil || old.Result != st.Result || old.Termination != st.Termination
	sv.hub.publish(st, changed)
	select {
	case sv.dirty <- struct{}{}:
	default:
	}
}

// ServeHTTP answers the recording links and the broadcast.
func (sv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			sv.logf("internal error serving %s %s: %v", r.Method, redact(r.URL.Path), p)
			http.Error(w, lang.Match(r.Header.Get("Accept-Language")).T("error.internal"), http.StatusInternalServerError)
		}
	}()
	w.Header().Set("Content-Security-Policy", pagePolicy)
	switch p := r.URL.Path; {
	case strings.HasPrefix(p, event.LinkPrefix):
		sv.record(w, r, strings.TrimPrefix(p, event.LinkPrefix))
	case strings.HasPrefix(p, LivePrefix):
		sv.broadcast(w, r, strings.TrimPrefix(p, LivePrefix))
	default:
		sv.notFound(w, r, lang.Match(r.Header.Get("Accept-Language")))
	}
}

// notFound answers an address the live server does not have, in language l.
func (sv *Server) notFound(w http.ResponseWriter, r *http.Request, l *lang.Lang) {
	if sv.NotFound != nil {
		sv.NotFound(w, r, l)
		return
	}
	http.Error(w, l.T("error.notfound"), http.StatusNotFound)
}

// pagePolicy keeps the live pages to the server's own scripts and styles; recordPolicy lets
// the recording page run the engine as well (WebAssembly, in a Web Worker).
const (
	pagePolicy   = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
	recordPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
)

// redact hides a link's secret in a path written to a log.
func redact(p string) string {
	rest, ok := strings.CutPrefix(p, event.LinkPrefix)
	if !ok {
		return p
	}
	_, tail, _ := strings.Cut(rest, "/")
	return event.LinkPrefix + "…/" + tail
}

func (sv *Server) logf(format string, args ...any) {
	if sv.Logf != nil {
		sv.Logf(format, args...)
	}
}

// broadcast serves the public pages under /live/.
func (sv *Server) broadcast(w http.ResponseWriter, r *http.Request, name string) {
	l, ok := sv.language(w, r)
	if !ok {
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, l.T("error.method"), http.StatusMethodNotAllowed)
		return
	}
	switch {
	case name == "stream":
		sv.stream(w, r, l)
	case name == "game":
		sv.gameOf(w, r, l)
	case name == "" || name == "index.html":
		rs := sv.rounds()
		if len(rs) == 0 {
			sv.render(w, "empty", sv.page(l, l.T("live.title"), nil))
			return
		}
		http.Redirect(w, r, fmt.Sprintf("%sround-%d.html", LivePrefix, rs[len(rs)-1]), http.StatusFound)
	case strings.HasPrefix(name, "msgs.") && strings.HasSuffix(name, ".js"):
		ml, err := lang.Get(strings.TrimSuffix(strings.TrimPrefix(name, "msgs."), ".js"))
		if err != nil {
			sv.notFound(w, r, l)
			return
		}
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(site.MsgsScript(ml))
	case serveEngine(w, r, name):
	case path.Ext(name) == ".js" || path.Ext(name) == ".css":
		data, err := fs.ReadFile(assets, "assets/"+path.Base(name))
		if err != nil || strings.Contains(name, "/") {
			sv.notFound(w, r, l)
			return
		}
		w.Header().Set("Content-Type", map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}[path.Ext(name)])
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(data)
	default:
		var rd, bd int
		if n, err := fmt.Sscanf(name, "round-%d.html", &rd); err == nil && n == 1 && name == fmt.Sprintf("round-%d.html", rd) {
			sv.roundPage(w, r, l, rd)
			return
		}
		if k, ok := parseKey(strings.TrimSuffix(name, ".html")); ok && strings.HasSuffix(name, ".html") {
			rd, bd = k.round, k.board
			sv.gamePage(w, r, l, key{rd, bd})
			return
		}
		sv.notFound(w, r, l)
	}
}

// parseKey reads "3.2", round 3 board 2.
func parseKey(s string) (key, bool) {
	a, b, ok := strings.Cut(s, ".")
	r, err1 := strconv.Atoi(a)
	bd, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || r < 1 || bd < 1 || s != strconv.Itoa(r)+"."+strconv.Itoa(bd) {
		return key{}, false
	}
	return key{r, bd}, true
}

// gameOf tells the live script of a site page which board its game is: ?page=PATH answers
// {"round":R,"board":B} for a game of the event, 404 otherwise.
func (sv *Server) gameOf(w http.ResponseWriter, r *http.Request, l *lang.Lang) {
	page := strings.TrimPrefix(r.URL.Query().Get("page"), "/")
	for _, st := range sv.states(0) {
		if st.Game == page {
			writeJSON(w, http.StatusOK, map[string]int{"round": st.Round, "board": st.Board})
			return
		}
	}
	http.Error(w, l.T("error.notfound"), http.StatusNotFound)
}

// errGone is a board whose record left the files.
var errGone = errors.New("no such board")

// fileStamp tells whether a file changed.
type fileStamp struct {
	size  int64
	mtime time.Time
}

func stampOf(path string) fileStamp {
	st, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{st.Size(), st.ModTime()}
}

// Mount serves the event in dir on sv, the archive's server, until ctx ends: every board's
// recording page at its secret link (event.LinkPrefix) and the broadcast (LivePrefix). A
// recorded move refreshes sv's pages.
func Mount(ctx context.Context, sv *server.Server, dir string) error {
	lv, err := New(dir)
	if err != nil {
		return err
	}
	lv.Logf = sv.Logf
	lv.Language = sv.Language
	lv.NotFound = sv.NotFound
	lv.Refresh = func(ctx context.Context) { _, _ = sv.Refresh(ctx) }
	sv.Handle(event.LinkPrefix, lv)
	sv.Handle(LivePrefix, lv)
	go lv.Run(ctx)
	return nil
}
