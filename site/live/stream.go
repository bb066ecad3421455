package live

import (
	"net/http"
	"strconv"
	"time"

	"github.com/bao-archive/bao/internal/lang"
)

// keepAlive is how often an idle stream sends a comment, so that proxies and phones keep it.
const keepAlive = 25 * time.Second

// pace is the least time between two writes to a spectator: the states that come meanwhile
// go out together, in one write, which keeps a round of many boards with many spectators
// from costing a write per move per spectator.
const pace = 100 * time.Millisecond

// maxSpectators bounds the streams open at once: each holds a connection and a goroutine.
const maxSpectators = 20000

// stream sends a spectator the boards it follows as Server-Sent Events: ?round=N (every board
// of round N, without the move lists), ?round=N&board=B (that board, with its moves), and
// &results=1 (a "result" event when any result changes, and a "pages" event once the site's
// pages show a change). It begins with the state of every board followed, so that a
// spectator who joins late, or comes back after a lost connection, has them as they stand.
func (sv *Server) stream(w http.ResponseWriter, r *http.Request, l *lang.Lang) {
	q := r.URL.Query()
	s := &sub{results: q.Get("results") == "1"}
	s.round, _ = strconv.Atoi(q.Get("round"))
	s.board, _ = strconv.Atoi(q.Get("board"))
	if s.round < 0 || s.board < 0 || s.board > 0 && s.round == 0 {
		http.Error(w, l.T("live.err.stream"), http.StatusBadRequest)
		return
	}
	if sv.hub.count() >= maxSpectators {
		w.Header().Set("Retry-After", "10")
		http.Error(w, l.T("live.err.spectators"), http.StatusServiceUnavailable)
		return
	}
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{}) // a stream lasts as long as the spectator watches
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // a proxy must pass each event on at once
	sv.hub.subscribe(s)
	defer sv.hub.unsubscribe(s)
	frames := [][]byte{retryFrame}
	if s.round > 0 {
		for _, st := range sv.states(s.round) {
			if s.wants(key{st.Round, st.Board}) {
				frames = append(frames, s.frameOf(st))
			}
		}
	}
	w.WriteHeader(http.StatusOK)
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	var last time.Time
	for {
		for _, f := range frames {
			if _, err := w.Write(f); err != nil {
				return
			}
		}
		if len(frames) > 0 {
			if err := rc.Flush(); err != nil {
				return
			}
			last = time.Now()
		}
		clear(frames) // the frames are shared: hold none of them while waiting
		frames = frames[:0]
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			frames = append(frames, pingFrame)
		case <-s.wake:
			if wait := pace - time.Since(last); wait > 0 {
				select {
				case <-r.Context().Done():
					return
				case <-time.After(wait):
				}
			}
			frames = s.take(frames)
		}
	}
}

var (
	retryFrame = []byte("retry: 2000\n\n") // how soon a spectator's browser reconnects
	pingFrame  = []byte(": ping\n\n")
)

var pagesFrame = frame("pages", []byte("{}"))

// pagesChanged tells the spectators of the site's pages that the pages show the latest change.
func (h *hub) pagesChanged() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if s.results {
			s.put("pages", pagesFrame)
		}
	}
}
