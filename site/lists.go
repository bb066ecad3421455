package site

import (
	"encoding/json"
	"slices"
	"strconv"
	"sync"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
)

// Facets group the games for the lists and the search page.
// name, their plural, names their messages (lists.variants, lists.all.variants …).
var facetKinds = []struct{ kind, name string }{
	{"variant", "variants"}, {"event", "events"}, {"player", "players"}, {"year", "years"},
}

// gamesPerPage bounds the rows of one page of a list of games.
const gamesPerPage = 100

// gameRef is a game of the catalog: its record file (an index into build.records) and its
// number in the file.
type gameRef struct{ file, n int32 }

// facetValue is one value of a facet (a player, a year) and its games. Values whose slugs are
// the same ("A. Ali" and "a-ali") share one list, so that a page's links need no other page.
type facetValue struct {
	label string
	games []gameRef
}

// facets maps kind -> slug -> value.
type facets map[string]map[string]*facetValue

// facetKeys are the values of a game's facets, by kind, with their labels; "" for none.
func (gi *gameInfo) facetKeys(yield func(kind, key, label string)) {
	if v, err := engine.LookupVariant(gi.Variant); gi.Variant != "" && err == nil {
		yield("variant", v.ID(), v.Name())
	}
	yield("event", gi.Event, gi.Event)
	// A player's list joins his spellings as his page does (playerHref).
	yield("player", event.Key(gi.South), gi.South)
	yield("player", event.Key(gi.North), gi.North)
	y := yearOf(gi.Date)
	yield("year", y, y)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// facetHref is the list page of one facet value, "" for an unknown value. It depends on the
// value alone, so a game's page needs no other game to link to its lists.
func (b *catalogue) facetHref(kind, key string) string {
	if key == "" {
		return ""
	}
	return listHref(kind, notation.Slug(key), 1)
}

// gameRow is a game in a table of games.
type gameRow struct {
	Href, Title, Date, South, North, Result, Event, Variant string
	Plies                                                   int
}

// newGameRow is the row of game n of a file of several games or of one.
func newGameRow(l *lang.Lang, file string, n int, gi *gameInfo, several bool) gameRow {
	r := gameRow{Href: GameHref(file, n), Date: gi.Date,
		Title: gameTitle(l, gi.South, gi.North, gi.Event, yearOf(gi.Date), gi.Round, n, several), South: orUnknown(gi.South),
		North: orUnknown(gi.North), Result: gi.Result, Event: gi.Event, Plies: gi.Plies}
	if r.Result == "" {
		r.Result = "*"
	}
	r.Variant = variantName(gi.Variant)
	return r
}

// variantName is how a page names the variant v (an id, name or alias, as a record's tag, an
// event's config or the index has it): by the name the game is known by ("Bao la Kiswahili"),
// in every language; one bao does not know, as written.
func variantName(v string) string {
	if vv, err := engine.LookupVariant(v); err == nil {
		return vv.Name()
	}
	return v
}

// row is the table row of a game of the catalog.
func (b *catalogue) row(ref gameRef) gameRow {
	file := b.records[ref.file]
	e := b.entries[file]
	return newGameRow(b.l, file, int(ref.n), &e.Games[ref.n-1], len(e.Games) > 1)
}

// pager links the pages of a paginated list.
type pager struct {
	Page, Pages, Total int
	Unit               string // what the list counts: games, or a facet's values (lists.counted.games …)
	Prev, Next         string
}

// listPage is the lists' index (Facets) or one page of a facet value's games (Games).
type listPage struct {
	pageData
	Facets []facetView
	Games  []gameRow
	Pager  *pager
}

type facetView struct {
	Name  string
	Items []link
	More  *link // the facet's own index, when the lists' index shows only its first values
}

// eachPage calls f with the number of each page of a list of total games; a list of no games
// has one page.
func eachPage(total int, f func(i int)) {
	for i := 1; i <= max((total+gamesPerPage-1)/gamesPerPage, 1); i++ {
		f(i)
	}
}

// pageRange is page i of a list of total games whose first page is first: its games [lo, hi) and
// its pager (nil for a list of one page).
func pageRange(first string, total, i int) (lo, hi int, pg *pager) {
	n := max((total+gamesPerPage-1)/gamesPerPage, 1)
	lo, hi = min((i-1)*gamesPerPage, total), min(i*gamesPerPage, total)
	if n == 1 {
		return lo, hi, nil
	}
	pg = &pager{Page: i, Pages: n, Total: total, Unit: "games"}
	if i > 1 {
		pg.Prev = pageHref(first, i-1)
	}
	if i < n {
		pg.Next = pageHref(first, i+1)
	}
	return lo, hi, pg
}

// listsIndexPage renders lists/index.html: the values of every facet, as many of each as a
// page of a list holds; a facet with more (the players of a large archive) links to its own
// index, paged as the lists are (facetIndexPage).
func (b *catalogue) listsIndexPage() ([]byte, error) {
	idx := listPage{pageData: b.newPage(listsIndexHref, "list", b.l.T("lists.title"))}
	for _, fk := range facetKinds {
		order := b.facetOrder(fk.kind)
		fview := facetView{Name: b.l.T("lists." + fk.name), Items: b.facetItems(fk.kind, order[:min(len(order), gamesPerPage)])}
		if len(order) > gamesPerPage {
			fview.More = &link{Href: facetIndexHref(fk.kind, 1), Text: b.l.N("lists.all."+fk.name, len(order))}
		}
		idx.Facets = append(idx.Facets, fview)
	}
	return b.render("list", idx)
}

// facetItems links the lists of some values of a facet.
func (b *catalogue) facetItems(kind string, slugs []string) []link {
	var items []link
	for _, slug := range slugs {
		fv := b.facets[kind][slug]
		items = append(items, link{Href: listHref(kind, slug, 1), Text: fv.label, Note: b.l.N("count.games", len(fv.games))})
	}
	return items
}

// facetIndexPage renders page i of the index of a facet's values; name is the facet's, in
// plural.
func (b *catalogue) facetIndexPage(kind, name string, i int) ([]byte, error) {
	order := b.facetOrder(kind)
	lo, hi, pgr := pageRange(facetIndexHref(kind, 1), len(order), i)
	if pgr != nil {
		pgr.Unit = name
	}
	title := b.l.T("lists." + name)
	pg := listPage{pageData: b.newPage(facetIndexHref(kind, i), "list", title), Pager: pgr,
		Facets: []facetView{{Name: title, Items: b.facetItems(kind, order[lo:hi])}}}
	pg.Crumbs = append(pg.Crumbs, link{Href: listsIndexHref, Text: b.l.T("nav.browse")})
	return b.render("list", pg)
}

// facetPage renders page i of the games of one facet value; name is the facet's, in plural.
func (b *catalogue) facetPage(kind, name, slug string, i int) ([]byte, error) {
	fv := b.facets[kind][slug]
	lo, hi, pgr := pageRange(listHref(kind, slug, 1), len(fv.games), i)
	pg := listPage{pageData: b.newPage(listHref(kind, slug, i), "list", b.l.T("lists.facet."+kind, "Value", fv.label)), Pager: pgr}
	pg.Crumbs = append(pg.Crumbs, link{Href: listsIndexHref, Text: b.l.T("nav.browse")})
	for _, ref := range fv.games[lo:hi] {
		pg.Games = append(pg.Games, b.row(ref))
	}
	return b.render("list", pg)
}

// facetOrder lists a facet's slugs: variants in the engine's order, years newest first, the
// rest alphabetically.
func (b *catalogue) facetOrder(kind string) []string {
	keys := sortedKeys(b.facets[kind])
	switch kind {
	case "variant":
		var out []string
		for _, v := range engine.Variants() {
			if _, ok := b.facets[kind][notation.Slug(v.ID())]; ok {
				out = append(out, notation.Slug(v.ID()))
			}
		}
		return out
	case "year":
		slices.Reverse(keys)
	}
	return keys
}

// searchChunk is the number of games in one chunk of the client-side search index: the search
// page loads the chunks one after another until it has enough hits, never more than it needs.
const searchChunk = 5000

// searchIndex is search.json: the tables the chunks refer to, and the chunks.
type searchIndex struct {
	Games   int      `json:"games"`
	Chunks  []string `json:"chunks"`
	Players []string `json:"players"`
	// Keys are, for each of Players, the keys (event.Key) of every spelling of that player
	// that players.toml joins: the script finds a player by whole words of any of them, as
	// event.Aliases.Names does.
	Keys     [][]string `json:"keys"`
	Events   []string   `json:"events"`
	Variants []string   `json:"variants"`
}

// searchRow is a game in a chunk, as a JSON array: [href, date, south, north, result, event,
// variant, year], the names, event and variant as indexes into search.json's tables (-1 for
// none). About 40 bytes a game.
type searchRow [8]any

type searchPage struct {
	pageData
	Variants []link // Note the variant's id, Text its name
	Years    []string
	eventChoices
}

// eventSuggestions is the number of events the search forms suggest: the most played. The
// event field takes any part of any event's name; an archive has tens of thousands of events.
const eventSuggestions = 50

// eventChoices are the events a search form suggests, and the list of all of them when it
// suggests only some.
type eventChoices struct {
	Events    []string
	AllEvents *link // the lists of every event; its Note is how many there are
}

// eventChoices are the most played events, at most eventSuggestions of them, ordered as the
// lists order them.
func (b *catalogue) eventChoices() eventChoices {
	order := b.facetOrder("event")
	if len(order) <= eventSuggestions {
		return eventChoices{Events: b.facetLabels("event", order)}
	}
	games := func(i int) int { return len(b.facets["event"][order[i]].games) }
	at := make([]int, len(order)) // places in order, the most played first
	for i := range at {
		at[i] = i
	}
	slices.SortStableFunc(at, func(x, y int) int { return games(y) - games(x) })
	at = at[:eventSuggestions]
	slices.Sort(at) // back in the lists' order
	top := make([]string, len(at))
	for i, k := range at {
		top[i] = order[k]
	}
	href := listsIndexHref
	if len(order) > gamesPerPage {
		href = facetIndexHref("event", 1)
	}
	return eventChoices{Events: b.facetLabels("event", top),
		AllEvents: &link{Href: href, Note: strconv.Itoa(len(order))}}
}

// facetLabels are the labels of some values of a facet.
func (b *catalogue) facetLabels(kind string, slugs []string) []string {
	labels := make([]string, len(slugs))
	for i, slug := range slugs {
		labels[i] = b.facets[kind][slug].label
	}
	return labels
}

// searchFiles are search.json and its chunks.
type searchFiles struct {
	index  []byte
	chunks [][]byte
}

// searchCache holds the search index of a catalog, made when first asked for.
type searchCache struct {
	once  sync.Once
	files *searchFiles
}

// searchData makes the client-side search index once per catalog.
func (b *catalogue) searchData() *searchFiles {
	b.search.once.Do(func() { b.search.files = b.makeSearchData() })
	return b.search.files
}

func (b *catalogue) makeSearchData() *searchFiles {
	idx := searchIndex{}
	sf := &searchFiles{}
	table := func(list *[]string, at map[string]int, s string) int {
		if s == "" {
			return -1
		}
		i, ok := at[s]
		if !ok {
			i = len(*list)
			at[s] = i
			*list = append(*list, s)
		}
		return i
	}
	players, events, variants := map[string]int{}, map[string]int{}, map[string]int{}
	var chunk []searchRow
	flush := func() {
		idx.Chunks = append(idx.Chunks, searchChunkHref(len(idx.Chunks)))
		sf.chunks = append(sf.chunks, jsonOf(struct {
			Games []searchRow `json:"games"`
		}{chunk}))
		chunk = chunk[:0]
	}
	for i, name := range b.records {
		e := b.entries[name]
		if e == nil {
			continue
		}
		for n := range e.Games {
			r := b.row(gameRef{int32(i), int32(n + 1)})
			gi := &e.Games[n]
			chunk = append(chunk, searchRow{r.Href, r.Date, table(&idx.Players, players, gi.South),
				table(&idx.Players, players, gi.North), r.Result, table(&idx.Events, events, gi.Event),
				table(&idx.Variants, variants, r.Variant), yearOf(gi.Date)})
			idx.Games++
			if len(chunk) == searchChunk {
				flush()
			}
		}
	}
	if len(chunk) > 0 {
		flush()
	}
	for _, p := range idx.Players {
		idx.Keys = append(idx.Keys, b.aliases.Keys(p))
	}
	sf.index = jsonOf(idx)
	return sf
}

// jsonOf encodes values that hold nothing but strings, numbers and slices of them, which
// encoding/json cannot fail on (invalid UTF-8 becomes U+FFFD); were it to, the file says so.
func jsonOf(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return data
}

// searchPage renders the search page.
func (b *catalogue) searchPage() ([]byte, error) {
	var variants []link // by id, named
	order := b.facetOrder("variant")
	for i, label := range b.facetLabels("variant", order) {
		variants = append(variants, link{Note: order[i], Text: label})
	}
	pg := searchPage{pageData: b.newPage(searchHref, "search", b.l.T("nav.search")), Variants: variants,
		Years: b.facetLabels("year", b.facetOrder("year")), eventChoices: b.eventChoices()}
	return b.render("search", pg)
}
