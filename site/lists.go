package site

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// Facets group the games for the lists and the search page.
var facetKinds = []struct{ kind, name string }{
	{"variant", "Variants"}, {"event", "Events"}, {"player", "Players"}, {"year", "Years"},
}

// facetValue is one value of a facet (a player, a year) and its games.
type facetValue struct {
	label, slug string
	games       []*game
}

// facets maps kind -> value key -> games; keys are variant ids, event names, player names
// and years.
type facets map[string]map[string]*facetValue

// collectFacets groups the games and gives every value a unique file name.
func (b *build) collectFacets() {
	f := facets{}
	add := func(kind, key, label string, g *game) {
		if key == "" {
			return
		}
		if f[kind] == nil {
			f[kind] = map[string]*facetValue{}
		}
		fv := f[kind][key]
		if fv == nil {
			fv = &facetValue{label: label}
			f[kind][key] = fv
		}
		if n := len(fv.games); n == 0 || fv.games[n-1] != g {
			fv.games = append(fv.games, g)
		}
	}
	for _, g := range b.games {
		if v := g.variant(); v != nil {
			add("variant", v.ID, v.Name, g)
		}
		add("event", g.tag("Event"), g.tag("Event"), g)
		s, n := g.players()
		add("player", s, s, g)
		add("player", n, n, g)
		add("year", g.year(), g.year(), g)
	}
	for _, values := range f {
		used := map[string]bool{}
		for _, key := range sortedKeys(values) {
			slug := notation.Slug(key)
			for i := 2; used[slug]; i++ {
				slug = fmt.Sprintf("%s-%d", notation.Slug(key), i)
			}
			used[slug] = true
			values[key].slug = slug
		}
	}
	b.facets = f
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// facetHref is the list page of one facet value, "" if there is none.
func (b *build) facetHref(kind, key string) string {
	fv := b.facets[kind][key]
	if fv == nil {
		return ""
	}
	return "lists/" + kind + "/" + fv.slug + ".html"
}

// gameRow is a game in a table of games.
type gameRow struct {
	Href, Date, South, North, Result, Event, Variant string
	Plies                                            int
}

func newGameRow(g *game) gameRow {
	s, n := g.players()
	r := gameRow{Href: g.href, Date: g.tag("Date"), South: orUnknown(s), North: orUnknown(n),
		Result: g.rec.Result, Event: g.tag("Event"), Plies: g.plies}
	if r.Result == "" {
		r.Result = "*"
	}
	if v := g.variant(); v != nil {
		r.Variant = v.Name
	}
	return r
}

// listPage is the lists' index (Facets) or one facet value's games (Games).
type listPage struct {
	pageData
	Facets []facetView
	Games  []gameRow
}

type facetView struct {
	Name  string
	Items []link
}

// writeLists writes lists/index.html and a page per facet value.
func (b *build) writeLists() error {
	idx := listPage{pageData: b.newPage("lists/index.html", "list", "Browse the games")}
	for _, fk := range facetKinds {
		values := b.facets[fk.kind]
		fview := facetView{Name: fk.name}
		for _, key := range b.facetOrder(fk.kind) {
			fv := values[key]
			href := b.facetHref(fk.kind, key)
			fview.Items = append(fview.Items, link{Href: href, Text: fv.label, Note: plural(len(fv.games), "game")})
			pg := listPage{pageData: b.newPage(href, "list", fk.name[:len(fk.name)-1]+": "+fv.label)}
			pg.Crumbs = append(pg.Crumbs, link{Href: "lists/index.html", Text: "Browse"})
			for _, g := range fv.games {
				pg.Games = append(pg.Games, newGameRow(g))
			}
			if err := b.write(href, "list", pg); err != nil {
				return err
			}
		}
		idx.Facets = append(idx.Facets, fview)
	}
	return b.write("lists/index.html", "list", idx)
}

// facetOrder lists a facet's keys: variants in the engine's order, years newest first, the
// rest alphabetically.
func (b *build) facetOrder(kind string) []string {
	keys := sortedKeys(b.facets[kind])
	switch kind {
	case "variant":
		var out []string
		for _, v := range engine.Variants() {
			if _, ok := b.facets[kind][v.ID]; ok {
				out = append(out, v.ID)
			}
		}
		return out
	case "year":
		slices.Reverse(keys)
	}
	return keys
}

// searchEntry is a game in search.json, with short keys: the file is loaded by every search.
type searchEntry struct {
	URL     string `json:"u"`
	Date    string `json:"d"`
	South   string `json:"s"`
	North   string `json:"n"`
	Result  string `json:"r"`
	Event   string `json:"e"`
	Variant string `json:"v"`
	Year    string `json:"y"`
}

type searchPage struct {
	pageData
	Variants, Years, Events []string
}

// writeSearch writes the search page and its index.
func (b *build) writeSearch() error {
	entries := make([]searchEntry, len(b.games))
	for i, g := range b.games {
		r := newGameRow(g)
		entries[i] = searchEntry{URL: r.Href, Date: r.Date, South: r.South, North: r.North,
			Result: r.Result, Event: r.Event, Variant: r.Variant, Year: g.year()}
	}
	data, err := json.Marshal(struct {
		Games []searchEntry `json:"games"`
	}{entries})
	if err != nil {
		return err
	}
	if err := b.out.write("search.json", data); err != nil {
		return err
	}
	pg := searchPage{pageData: b.newPage("search.html", "search", "Search")}
	for _, key := range b.facetOrder("variant") {
		pg.Variants = append(pg.Variants, b.facets["variant"][key].label)
	}
	pg.Years = b.facetOrder("year")
	pg.Events = b.facetOrder("event")
	return b.write("search.html", "search", pg)
}
