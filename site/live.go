package site

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
)

// Live search: a Server with the archive's index answers /search?… (games by words, players,
// event, years, result or position) and /explore?… (the moves played from a position across the
// archive) with pages built on demand. The static site has its own search.html, which needs no
// server.

// searchParams are the query parameters of /search, as archive.Query names them.
var searchParams = []string{"q", "variant", "player", "event", "since", "until", "result", "position", "after"}

type resultsPage struct {
	pageData
	Form     map[string]string
	Variants []*engine.Variant
	eventChoices
	Error   string
	Total   int
	Hits    []hitRow
	Board   *boardView // the position searched for, if any
	Prev    string
	Next    string
	Explore string
}

type hitRow struct {
	gameRow
	Reached []link
}

type explorePage struct {
	pageData
	Form     map[string]string
	Variants []*engine.Variant
	Error    string
	Tree     *archive.Tree
	Board    *boardView
	Moves    []exploreMove
	Games    string // the games that reached the position
}

type exploreMove struct {
	archive.MoveStats
	Href string // explore the position after the move
}

const hitsPerPage = 50

func (sv *Server) live(w http.ResponseWriter, r *http.Request, snap *snapshot, kind string, l *lang.Lang) {
	ctx, cancel := context.WithTimeout(r.Context(), liveTimeout)
	defer cancel()
	r = r.WithContext(ctx)
	open, _ := sv.site.ix.use(func(ix *archive.Index) error {
		sv.liveWith(ix, w, r, snap, kind, l)
		return nil
	})
	if errors.Is(open, archive.ErrBusy) {
		http.Error(w, "the index is being updated (bao index); try again in a moment", http.StatusServiceUnavailable)
	} else if open != nil {
		http.Error(w, "the index cannot be opened: "+open.Error()+" (run bao index again)", http.StatusInternalServerError)
	}
}

func (sv *Server) liveWith(ix *archive.Index, w http.ResponseWriter, r *http.Request, snap *snapshot, kind string, l *lang.Lang) {
	if ix == nil {
		http.Error(w, "live search needs the archive's index: run 'bao index ARCHIVE'", http.StatusNotFound)
		return
	}
	q := r.URL.Query()
	form := map[string]string{}
	for _, k := range append(searchParams, "offset") {
		form[k] = strings.TrimSpace(q.Get(k))
	}
	var data any
	var err error
	if kind == "explore" {
		data, err = sv.explore(ix, r, snap, form, l)
	} else {
		kind = "results"
		data, err = sv.search(ix, r, snap, form, l)
	}
	status := http.StatusOK
	if errors.Is(err, archive.ErrBadQuery) {
		status = http.StatusBadRequest
	} else if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	html, rerr := sv.site.tmpl[l.Code()].render(kind, data)
	if rerr != nil {
		http.Error(w, rerr.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(html)
}

func (sv *Server) search(ix *archive.Index, r *http.Request, snap *snapshot, form map[string]string, l *lang.Lang) (*resultsPage, error) {
	v := snap.b.view(r.Context(), ix, nil, l)
	pg := &resultsPage{pageData: v.newPage("search", "results", l.T("results.title")), Form: form,
		Variants: engine.Variants(), eventChoices: snap.events}
	offset, err := offsetParam(form["offset"])
	if err != nil {
		pg.Error = err.Error()
		return pg, err
	}
	query := archive.Query{Text: form["q"], Variant: form["variant"], PlayerPart: form["player"],
		Event: form["event"], Since: form["since"], Until: form["until"], Result: form["result"],
		Position: form["position"], After: strings.Fields(form["after"]), Limit: hitsPerPage, Offset: offset}
	res, err := ix.Search(r.Context(), query)
	if err != nil {
		pg.Error = err.Error()
		return pg, err
	}
	pg.Total = res.Total
	for _, h := range res.Hits {
		row := hitRow{gameRow: gameRow{Title: hitTitle(l, h), Date: h.Date, South: h.South, North: h.North, Result: h.Result,
			Event: h.Event, Plies: h.Plies, Variant: h.Variant}}
		row.Href = gameHref(h.File, h.Game)
		for _, ply := range h.Reached {
			if row.Href != "" {
				row.Reached = append(row.Reached, link{Href: row.Href + "#p" + strconv.Itoa(ply), Text: l.T("game.ply", "Ply", ply)})
			}
		}
		pg.Hits = append(pg.Hits, row)
	}
	if p := res.Position; p != (engine.Position{}) {
		pg.Board = newBoard(l, p, nil)
		pg.Explore = "explore?" + url.Values{"variant": {p.Variant().ID()}, "position": {p.String()}}.Encode()
	}
	page := func(off int) string {
		v := url.Values{}
		for _, k := range searchParams {
			if form[k] != "" {
				v.Set(k, form[k])
			}
		}
		v.Set("offset", strconv.Itoa(off))
		return "search?" + v.Encode()
	}
	if offset > 0 {
		pg.Prev = page(max(offset-hitsPerPage, 0))
	}
	if offset+hitsPerPage < res.Total {
		pg.Next = page(offset + hitsPerPage)
	}
	return pg, nil
}

func (sv *Server) explore(ix *archive.Index, r *http.Request, snap *snapshot, form map[string]string, l *lang.Lang) (*explorePage, error) {
	pg := &explorePage{pageData: snap.b.view(r.Context(), ix, nil, l).newPage("explore", "explore", l.T("explore.title")), Form: form,
		Variants: engine.Variants()}
	if form["variant"] == "" {
		return pg, nil // the form alone
	}
	tree, err := ix.Explore(r.Context(), archive.ExploreQuery{Variant: form["variant"],
		Position: form["position"], After: strings.Fields(form["after"])})
	if err != nil {
		pg.Error = err.Error()
		return pg, err
	}
	pg.Tree = tree
	pg.Board = newBoard(l, tree.Position, nil)
	for _, m := range tree.Moves {
		pg.Moves = append(pg.Moves, exploreMove{MoveStats: m,
			Href: "explore?" + url.Values{"variant": {tree.Variant}, "position": {m.Position.String()}}.Encode()})
	}
	pg.Games = "search?" + url.Values{"variant": {tree.Variant}, "position": {tree.Position.String()}}.Encode()
	return pg, nil
}

// offsetParam reads the offset of a results page; absent is 0, anything but a number is a bad
// query (the archive bounds its range).
func offsetParam(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%w: offset %.40q is not a number", archive.ErrBadQuery, s)
	}
	return n, nil
}
