package server

import (
	"context"
	"errors"
	"net/http"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/site"
)

// live answers a live search (/search?…) or the explorer (/explore?…) from the archive's
// index, within liveTimeout.
func (sv *Server) live(w http.ResponseWriter, r *http.Request, snap *snapshot, kind string) {
	ctx, cancel := context.WithTimeout(r.Context(), liveTimeout)
	defer cancel()
	if err := sv.acquire(ctx); err != nil {
		unavailable(w, err.Error())
		return
	}
	defer sv.release()
	page, open, err := snap.cat.LivePage(ctx, kind, r.URL.Query())
	switch {
	case errors.Is(open, archive.ErrBusy) || errors.Is(err, archive.ErrBusy):
		unavailable(w, "the index is being updated (bao index); try again in a moment")
		return
	case open != nil:
		http.Error(w, "the index cannot be opened: "+open.Error()+" (run bao index again)", http.StatusInternalServerError)
		return
	case errors.Is(err, site.ErrNoIndex):
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		// not the server's fault, nor the query's once bounded: too much asked at once
		unavailable(w, "the search took longer than "+liveTimeout.String()+" and was stopped; narrow it, or try again in a moment")
		return
	case page == nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
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
