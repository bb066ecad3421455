package site

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site/board"
)

// Live search: a server with the archive's index answers /search?… (games by words, players,
// event, years, result or position) and /explore?… (the moves played from a position across the
// archive) with pages built on demand. The static site has its own search.html, which needs no
// server.

// searchParams are the query parameters of /search, as archive.Query names them.
var searchParams = []string{"q", "variant", "player", "event", "opening", "since", "until", "result", "position", "after", "pattern", "played"}

type resultsPage struct {
	pageData
	Form     map[string]string
	Variants []*engine.Variant
	eventChoices
	Error string
	// Warnings name what in the query cannot match, such as a field the index does not have.
	Warnings []string
	Total    int
	Hits     []hitRow
	Board    *board.Board // the position searched for, if any
	Reached  bool         // the hits list the plies where what was searched for stood
	Prev     string
	Next     string
	Explore  string
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
	Board    *board.Board
	Moves    []exploreMove
	Games    string // the games that reached the position
	// Line is the way to the position: where it starts (the start, or the position given),
	// then each move played from there, each a link to the position after it.
	Line []lineStep
}

// lineStep is one step of the explorer's line; the last (Current) is the position shown.
type lineStep struct {
	Href, Text    string
	Move, Current bool
}

type exploreMove struct {
	archive.MoveStats
	Href string // explore the position after the move
	// Percentages: the move's share of the games that reached the position, and its results'
	// shares of its games.
	Share, SouthPct, NorthPct, DrawPct, UnknownPct int
}

// exploreFilters are the parameters of /explore that choose the games counted; the links of
// an exploration keep them.
var exploreFilters = []string{"since", "until", "player"}

const hitsPerPage = 50

// ErrNoIndex answers a live search of an archive that has no index.
var ErrNoIndex = errors.New("live search needs the archive's index: run 'bao index ARCHIVE'")

// LivePage renders the page of a live search (kind "search") or of the explorer ("explore")
// for the query q, asking the archive's index. It returns the index's error when the index
// cannot be opened (archive.ErrBusy while bao index writes it), and ErrNoIndex when there is
// none. A query the index refuses (archive.ErrBadQuery) still has its page, which shows the
// error beside the form; page is nil for any other error.
func (c *Catalog) LivePage(ctx context.Context, kind string, q url.Values, l *lang.Lang) (page []byte, open, err error) {
	open, _ = c.b.s.ix.use(ctx, func(ctx context.Context, ix *archive.Index) error {
		page, err = c.b.view(ctx, ix, nil, l).livePage(ctx, ix, c, kind, q)
		return nil
	})
	return page, open, err
}

// livePage renders a live search's or the explorer's page from the catalogue and the index
// (nil: none).
func (v *catalogue) livePage(ctx context.Context, ix *archive.Index, c *Catalog, kind string, q url.Values) ([]byte, error) {
	if ix == nil {
		return nil, ErrNoIndex
	}
	form := map[string]string{}
	for _, k := range append(searchParams, "offset") {
		form[k] = strings.TrimSpace(q.Get(k))
	}
	var data any
	var err error
	if kind == "explore" {
		data, err = v.exploreMoves(ctx, ix, form)
	} else {
		kind = "results"
		data, err = v.searchResults(ctx, c, ix, form)
	}
	if err != nil && !errors.Is(err, archive.ErrBadQuery) {
		return nil, err
	}
	page, rerr := v.render(kind, data)
	if rerr != nil {
		return nil, rerr
	}
	return page, err
}

func (v *catalogue) searchResults(ctx context.Context, c *Catalog, ix *archive.Index, form map[string]string) (*resultsPage, error) {
	l := v.l
	pg := &resultsPage{pageData: v.newPage("search", "results", l.T("results.title")), Form: form,
		Variants: engine.Variants(), eventChoices: c.events}
	offset, err := offsetParam(form["offset"])
	if err != nil {
		pg.Error = queryError(l, err)
		return pg, err
	}
	query := archive.Query{Text: form["q"], Variant: form["variant"], Player: form["player"], Aliases: v.aliases,
		Event: form["event"], Opening: form["opening"], Since: form["since"], Until: form["until"], Result: form["result"],
		Position: form["position"], After: strings.Fields(form["after"]), Pattern: form["pattern"],
		Played: strings.Fields(form["played"]), Limit: hitsPerPage, Offset: offset}
	res, err := ix.Search(ctx, query)
	if err != nil {
		pg.Error = queryError(l, err)
		return pg, err
	}
	pg.Total, pg.Warnings = res.Total, res.Warnings
	pg.Reached = res.Position != (engine.Position{}) || res.Pattern != "" || len(res.Played) > 0
	for _, h := range res.Hits {
		row := hitRow{gameRow: gameRow{Title: hitTitle(l, h), Date: h.Date, South: h.South, North: h.North, Result: h.Result,
			Event: h.Event, Plies: h.Plies, Variant: variantName(h.Variant)}}
		row.Href = GameHref(h.File, h.Game)
		for _, ply := range h.Reached {
			if row.Href != "" {
				row.Reached = append(row.Reached, link{Href: row.Href + plyAnchor(ply), Text: l.T("game.ply", "Ply", ply)})
			}
		}
		pg.Hits = append(pg.Hits, row)
	}
	if p := res.Position; p != (engine.Position{}) {
		pg.Board = board.New(l, p, nil)
		pg.Explore = exploreHref(p.Variant().ID(), p.String())
	}
	page := func(off int) string {
		v := url.Values{}
		for _, k := range searchParams {
			if form[k] != "" {
				v.Set(k, form[k])
			}
		}
		v.Set("offset", strconv.Itoa(off))
		return liveSearchHref(v)
	}
	if offset > 0 {
		pg.Prev = page(max(offset-hitsPerPage, 0))
	}
	if offset+hitsPerPage < res.Total {
		pg.Next = page(offset + hitsPerPage)
	}
	return pg, nil
}

func (v *catalogue) exploreMoves(ctx context.Context, ix *archive.Index, form map[string]string) (*explorePage, error) {
	l := v.l
	pg := &explorePage{pageData: v.newPage("explore", "explore", l.T("explore.title")), Form: form,
		Variants: engine.Variants()}
	if form["variant"] == "" {
		return pg, nil // the form alone
	}
	tree, err := ix.Explore(ctx, archive.ExploreQuery{Variant: form["variant"],
		Position: form["position"], After: strings.Fields(form["after"]), Since: form["since"], Until: form["until"],
		Player: form["player"], Aliases: v.aliases, Openings: v.openings})
	if err != nil {
		pg.Error = queryError(l, err)
		return pg, err
	}
	pg.Tree = tree
	variant, line := tree.Position.Variant(), tree.Line
	played := make([]string, len(line.Moves()))
	for i, m := range line.Moves() {
		played[i] = variant.FormatMove(m)
	}
	// at is the explorer (or search) at the position after the first n moves of the line and
	// then the moves more: the line kept, so that each step can be taken back.
	at := func(href func(url.Values) string, n int, more ...string) string {
		q := url.Values{"variant": {tree.Variant}}
		if form["position"] != "" {
			q.Set("position", line.Start().String())
		}
		if after := append(played[:n:n], more...); len(after) > 0 {
			q.Set("after", strings.Join(after, " "))
		}
		for _, k := range exploreFilters {
			if form[k] != "" {
				q.Set(k, form[k])
			}
		}
		return href(q)
	}
	from := l.T("explore.from.start")
	if form["position"] != "" {
		from = l.T("explore.from.position")
	}
	pg.Line = append(pg.Line, lineStep{Href: at(exploreQueryHref, 0), Text: from})
	for i, m := range played {
		pg.Line = append(pg.Line, lineStep{Href: at(exploreQueryHref, i+1), Text: m, Move: true})
	}
	pg.Line[len(pg.Line)-1].Current = true
	var marks board.Highlight
	if n := len(played); n > 0 {
		if _, t, err := line.Positions()[n-1].Trace(line.Moves()[n-1]); err == nil {
			marks = board.Trace(variant, t)
		}
	}
	pg.Board = board.New(l, tree.Position, marks)
	for _, m := range tree.Moves {
		pg.Moves = append(pg.Moves, exploreMove{MoveStats: m, Href: at(exploreQueryHref, len(played), m.Move),
			Share: archive.Percent(m.Games, tree.Games), SouthPct: archive.Percent(m.SouthWins, m.Games),
			NorthPct: archive.Percent(m.NorthWins, m.Games), DrawPct: archive.Percent(m.Draws, m.Games),
			UnknownPct: archive.Percent(m.Unknown, m.Games)})
	}
	pg.Games = at(liveSearchHref, len(played))
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
		return 0, archive.BadQuery(archive.QueryOffset, s, err, "offset %.40q is not a number", s)
	}
	return n, nil
}

// queryError is a refused query's error as the page's language says it, from the catalogue: a
// bound of the archive's (archive.BoundError), a part of the query it cannot run
// (archive.QueryError); another refusal in its own words in English, and as one that could
// not be run in another language.
func queryError(l *lang.Lang, err error) string {
	var be *archive.BoundError
	var qe *archive.QueryError
	switch {
	case errors.As(err, &be) && l.Has("search.bound."+be.Bound):
		return l.T("search.bound."+be.Bound, "Got", be.Got, "Max", be.Max, "Part", be.Part)
	case errors.As(err, &qe) && l.Has("search.bad."+qe.Part):
		return l.T("search.bad."+qe.Part, "Value", qe.Value)
	case l.Code() == lang.Codes[0]:
		return err.Error()
	}
	return l.T("search.bad")
}
