package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site"
)

// live answers a live search (/search?…) or the explorer (/explore?…) from the archive's
// index, within liveTimeout.
func (sv *Server) live(w http.ResponseWriter, r *http.Request, snap *snapshot, kind string, l *lang.Lang) {
	ctx, cancel := context.WithTimeout(r.Context(), liveTimeout)
	defer cancel()
	var page []byte
	var open error
	err := sv.acquire(ctx)
	if err == nil {
		defer sv.release()
		page, open, err = snap.cat.LivePage(ctx, kind, r.URL.Query(), l)
	}
	switch {
	case errors.Is(err, errOverloaded):
		unavailable(w, l.T("error.busy"))
		return
	case errors.Is(open, archive.ErrBusy) || errors.Is(err, archive.ErrBusy):
		unavailable(w, l.T("error.indexbusy"))
		return
	case open != nil:
		http.Error(w, l.T("error.index", "Error", open.Error()), http.StatusInternalServerError)
		return
	case errors.Is(err, site.ErrNoIndex):
		http.Error(w, l.T("error.noindex"), http.StatusNotFound)
		return
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		// not the server's fault, nor the query's once bounded: too much asked at once
		unavailable(w, l.N("error.slowsearch", int(liveTimeout/time.Second)))
		return
	case page == nil:
		http.Error(w, l.T("error.failed", "Error", err.Error()), http.StatusInternalServerError)
		return
	}
	status := http.StatusOK
	if errors.Is(err, archive.ErrBadQuery) {
		status = http.StatusBadRequest
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(page)
}
