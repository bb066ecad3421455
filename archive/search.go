package archive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/blevesearch/vellum/levenshtein"
	vregexp "github.com/blevesearch/vellum/regexp"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

// ErrBadQuery marks a query that cannot be run as asked: bad syntax, a position without its
// variant, a move that is not legal. Callers test it with errors.Is.
var ErrBadQuery = errors.New("bad query")

// Index is an archive's index opened for reading.
type Index struct {
	set   *shardSet
	alias bleve.IndexAlias
	// unfinished: the last Update of the index did not finish (it failed or was killed), so
	// games may be missing from it; searches say so.
	unfinished bool
	nov        noveltiesOf // read at the first Novelty
}

// Open opens the index in dir read-only. It fails, without changing anything, if there is no
// index or it was written with another MappingVersion: Update builds or rebuilds it.
func Open(dir string) (*Index, error) {
	// Segments written or changed since they were last verified are verified now: bleve reads
	// damaged ones into wrong hits, panics or allocations no recover catches.
	if err := checkSegments(dir, true); err != nil {
		return nil, fmt.Errorf("%s: %w (%v)", dir, ErrDamaged, err)
	}
	set, err := openShards(dir, true)
	if err != nil {
		return nil, err
	}
	_, err = os.Stat(unfinishedMark(dir))
	return &Index{set: set, alias: set.alias(), unfinished: err == nil}, nil
}

// Close releases the index.
func (ix *Index) Close() error { return ix.set.Close() }

// Query selects games. Its parts combine with AND; the zero Query matches every game.
type Query struct {
	Text    string // bleve query-string syntax (see QuerySyntax)
	Variant string // variant id, name or alias
	// Player selects the games of the players it names (event.Aliases.Names): either player's
	// name or whole words of it, in any case, spacing or "Surname, Given" order, or a spelling
	// that Aliases joins to theirs. A query string's player:"Surname, Given" says the same.
	Player string
	// Aliases joins other spellings of a player's name (an archive's players.toml).
	Aliases  event.Aliases
	Event    string   // words that the event's name contains, in any case
	Opening  string   // the opening's name, exactly as the archive's openings.toml writes it
	Since    string   // first year (YYYY) or day (YYYY-MM-DD or YYYY.MM.DD) played
	Until    string   // last year or day played
	Result   string   // 1-0, 0-1, 1/2-1/2 or *, or south, north, draw, unknown
	Position string   // a position (BPN) reached on the main line; needs Variant
	After    []string // the position after these moves from Position, or from the variant's start
	// Pattern selects games whose main line reaches a position of this pattern (see
	// ParsePattern); needs Variant.
	Pattern string
	// Played selects games whose main line plays these moves one after the other, anywhere;
	// needs Variant.
	Played []string
	Facets bool // count games by variant, result, decade, player, event and length
	Limit  int  // hits to return, default 20, at most MaxLimit
	Offset int  // hits to skip, at most MaxOffset
}

// QuerySyntax documents Query.Text briefly, for help texts.
var QuerySyntax = `Query syntax (bleve query strings):
  word            a word in the names, event or annotations (any case)
  "two words"     a phrase
  player:"Juma, Ali"  the games of a player (whole words of the name, in
                  any spelling that players.toml joins)
  opening:"NAME"  games of an opening of the archive's openings.toml
  field:value     a field: variant, south, north, event, site, result,
                  termination, source, annotator, date, file, errors
                  (exact and case-sensitive); names, event_text,
                  comments, messages (words, any case)
  word~1          fuzzy: up to 1 edit away
  +must -mustnot  require or exclude a clause
  plies:>100      numeric ranges (>, >=, <, <=) on plies, year, round
  played:>="1998-01-01"   date range
  errors:true     games that failed validation
  Bounds: at most ` + strconv.Itoa(MaxCostlyClauses) + ` words with wildcards (* ?), /regexps/ or ~ per
  query, ` + strconv.Itoa(MaxWildcards) + ` wildcards in a word, ` + strconv.Itoa(MaxRepetitions) + ` repetitions (* + ? {n,m}) in a
  regexp, {n,m} up to ` + strconv.Itoa(MaxRepeat) + `, fuzzy words up to ` + strconv.Itoa(MaxFuzzyTerm) + ` bytes.`

// Result is one page of hits.
type Result struct {
	Total    int             `json:"total"`
	Position engine.Position `json:"position,omitzero"` // the position searched for
	Pattern  string          `json:"pattern,omitempty"` // the pattern searched for
	Played   []string        `json:"played,omitempty"`  // the sequence of moves searched for
	Hits     []Hit           `json:"hits"`
	Facets   []Facet         `json:"facets,omitempty"`
	Took     float64         `json:"took_ms"`
	// Warnings name what in the query cannot match, such as a misspelled field.
	Warnings []string `json:"warnings,omitempty"`
}

// Hit is one game.
type Hit struct {
	ID      string   `json:"id"`
	File    string   `json:"file"`
	Line    int      `json:"line"`
	Game    int      `json:"game"`
	Variant string   `json:"variant"`
	South   string   `json:"south"`
	North   string   `json:"north"`
	Event   string   `json:"event"`
	Site    string   `json:"site"`
	Date    string   `json:"date"`
	Result  string   `json:"result"`
	Plies   int      `json:"plies"`
	Opening string   `json:"opening,omitempty"` // its name in the archive's openings.toml
	Errors  []string `json:"errors,omitempty"`
	// Reached lists, for a position or pattern search, the plies after which a position
	// searched for stood (0 is the game's start); for a sequence of moves alone, the plies
	// from which it was played.
	Reached []int `json:"reached,omitempty"`
}

// Facet counts the matching games by one field's values, most frequent first.
type Facet struct {
	Name    string      `json:"name"`
	Missing int         `json:"missing"` // games without a value
	Other   int         `json:"other"`   // games with values beyond those listed
	Terms   []FacetTerm `json:"terms"`
}

// FacetTerm is one value of a facet.
type FacetTerm struct {
	Term  string `json:"term"`
	Count int    `json:"count"`
}

var hitFields = []string{"file", "line", "game", "variant", "south", "north", "event", "site",
	"date", "result", "plies", "opening", "messages", "shift"}

// Search runs q over the index.
func (ix *Index) Search(ctx context.Context, q Query) (out *Result, err error) {
	defer ix.recoverDamaged(&err)
	start := time.Now()
	if err := q.checkBounds(); err != nil {
		return nil, err
	}
	bq, pos, err := q.compile()
	if err != nil {
		return nil, err
	}
	var lines map[string][]int // the games a pattern or sequence matches, with the plies
	if lq, ok, err := q.lineQuery(); err != nil {
		return nil, err
	} else if ok {
		if lines, err = ix.scanLines(ctx, lq); err != nil {
			return nil, err
		}
		bq = bleve.NewConjunctionQuery(bq, bleve.NewDocIDQuery(sortedIDs(lines)))
	}
	if q.Limit <= 0 {
		q.Limit = 20
	}
	req := bleve.NewSearchRequestOptions(bq, q.Limit, q.Offset, false)
	req.Fields = hitFields
	req.SortBy([]string{"file", "game"})
	if strings.TrimSpace(q.Text) != "" {
		req.SortBy([]string{"-_score", "file", "game"})
	}
	req.IncludeLocations = pos != engine.Position{} && lines == nil
	if q.Facets {
		addFacets(req)
	}
	res, err := ix.alias.SearchInContext(ctx, req)
	if err != nil {
		return nil, searchErr(ctx, err)
	}
	out = &Result{Total: int(res.Total), Hits: make([]Hit, 0, len(res.Hits)), Facets: facets(res.Facets),
		Warnings: unknownFields(q.Text)}
	if ix.unfinished {
		out.Warnings = append(out.Warnings, "the last bao index did not finish, so games may be missing from the results: run bao index again")
	}
	out.Position = pos
	if lines != nil {
		out.Pattern, out.Played = strings.Join(strings.Fields(q.Pattern), " "), q.Played
	}
	for _, h := range res.Hits {
		hit := hitOf(h)
		if lines != nil {
			hit.Reached = plies(h, lines[h.ID])
		}
		out.Hits = append(out.Hits, hit)
	}
	out.Took = float64(time.Since(start).Microseconds()) / 1000
	return out, nil
}

// searchErr tells what stopped a search: its context (the caller's timeout: errors.Is
// context.DeadlineExceeded), an automaton too large for bleve (ErrBadQuery), or err.
func searchErr(ctx context.Context, err error) error {
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("the search was stopped: %w", context.Cause(ctx))
	case errors.Is(err, vregexp.ErrTooManyStates), errors.Is(err, levenshtein.ErrTooManyStates):
		return BadQuery(QueryComplex, "", err, "the query is too complex to search (%v); use fewer wildcards", err)
	}
	return err
}

// compile turns q into one bleve query, and gives the position searched for, if any.
func (q Query) compile() (query.Query, engine.Position, error) {
	var none engine.Position
	var must []query.Query
	if strings.TrimSpace(q.Text) != "" {
		qs := bleve.NewQueryStringQuery(q.Text)
		parsed, err := qs.Parse()
		if err != nil {
			return nil, none, BadQuery(QueryText, q.Text, nil, "%q cannot be read (%v); write words, or field:value such as south:asha or event:cup", q.Text, err)
		}
		if err := checkClauses(parsed); errors.As(err, new(*QueryError)) {
			return nil, none, err
		} else if err != nil {
			return nil, none, fmt.Errorf("%w: %w", ErrBadQuery, err)
		}
		if parsed, err = playerClauses(parsed, q.Aliases); err != nil {
			return nil, none, err
		}
		must = append(must, parsed)
	}
	term := func(field, value string) {
		t := bleve.NewTermQuery(value)
		t.SetField(field)
		must = append(must, t)
	}
	if q.Variant != "" {
		v, err := engine.LookupVariant(q.Variant)
		if err != nil {
			return nil, none, BadQuery(QueryVariant, q.Variant, err, "%v", err)
		}
		term("variant", v.ID())
	}
	if p := strings.TrimSpace(q.Player); p != "" {
		pq, err := playerQuery(p, q.Aliases)
		if err != nil {
			return nil, none, err
		}
		must = append(must, pq)
	}
	if o := strings.TrimSpace(q.Opening); o != "" {
		t := bleve.NewTermQuery(o)
		t.SetField("opening")
		must = append(must, t)
	}
	if e := strings.TrimSpace(q.Event); e != "" {
		m := bleve.NewMatchQuery(e)
		m.SetField("event_text")
		m.SetOperator(query.MatchQueryOperatorAnd)
		must = append(must, m)
	}
	for _, b := range []struct {
		s     string
		since bool
	}{{q.Since, true}, {q.Until, false}} {
		if b.s == "" {
			continue
		}
		c, err := dateBound(b.s, b.since)
		if err != nil {
			return nil, none, err
		}
		must = append(must, c)
	}
	if q.Result != "" {
		r, err := resultToken(q.Result)
		if err != nil {
			return nil, none, err
		}
		term("result", r)
	}
	var pos engine.Position
	if q.Position != "" || len(q.After) > 0 {
		g, err := resolveLine(q.Variant, q.Position, q.After)
		if err != nil {
			return nil, none, err
		}
		pos = g.Position()
		pq := bleve.NewPrefixQuery(positionKey(pos) + "|")
		pq.SetField("pos")
		must = append(must, pq)
	}
	switch len(must) {
	case 0:
		return bleve.NewMatchAllQuery(), none, nil
	case 1:
		return must[0], pos, nil
	}
	return bleve.NewConjunctionQuery(must...), pos, nil
}

// lineQuery reads the pattern and the sequence of q, if it has either.
func (q Query) lineQuery() (lineQuery, bool, error) {
	var lq lineQuery
	if strings.TrimSpace(q.Pattern) == "" && len(q.Played) == 0 {
		return lq, false, nil
	}
	if q.Variant == "" {
		return lq, false, BadQuery(QueryNeedsOne, "", nil, "a pattern or a sequence of moves needs its variant")
	}
	v, err := engine.LookupVariant(q.Variant)
	if err != nil {
		return lq, false, BadQuery(QueryVariant, q.Variant, err, "%v", err)
	}
	lq.variant = v
	if strings.TrimSpace(q.Pattern) != "" {
		if lq.pattern, err = ParsePattern(v, q.Pattern); err != nil {
			return lq, false, err
		}
	}
	for _, tok := range q.Played {
		if !notation.IsMoveNumber(tok) {
			lq.played = append(lq.played, tok)
		}
	}
	return lq, true, nil
}

// playerQuery finds the games of the players name names (event.Aliases.Names): by a run of
// whole words of a player's name (player_runs), or by any spelling of a player of the alias
// table whom it names (players_lc).
func playerQuery(name string, a event.Aliases) (query.Query, error) {
	k := event.Key(name)
	if k == "" {
		return nil, BadQuery(QueryPlayer, name, nil, "%.40q names no player: a name needs letters or digits", name)
	}
	field := "player_runs"
	if len(strings.Fields(k)) > event.MaxRunWords {
		field = "players_lc" // only the whole name is indexed
	}
	t := bleve.NewTermQuery(k)
	t.SetField(field)
	any := []query.Query{t}
	for _, other := range a.KeysNamed(k) {
		t := bleve.NewTermQuery(other)
		t.SetField("players_lc")
		any = append(any, t)
	}
	return bleve.NewDisjunctionQuery(any...), nil
}

// playerClauses replaces the clauses player:NAME and player:"NAME" of a parsed query string
// with the player's games (playerQuery), so that a query string names a player as --player
// does.
func playerClauses(q query.Query, a event.Aliases) (query.Query, error) {
	var err error
	player := func(name string, q query.Query) query.Query {
		pq, perr := playerQuery(name, a)
		if perr != nil {
			err = perr
			return q
		}
		return pq
	}
	var rewrite func(query.Query) query.Query
	rewrite = func(q query.Query) query.Query {
		switch c := q.(type) {
		case *query.BooleanQuery:
			for _, sub := range []*query.Query{&c.Must, &c.Should, &c.MustNot} {
				if *sub != nil {
					*sub = rewrite(*sub)
				}
			}
		case *query.ConjunctionQuery:
			for i, sub := range c.Conjuncts {
				c.Conjuncts[i] = rewrite(sub)
			}
		case *query.DisjunctionQuery:
			for i, sub := range c.Disjuncts {
				c.Disjuncts[i] = rewrite(sub)
			}
		case *query.MatchQuery:
			if c.FieldVal == playerField {
				return player(c.Match, q)
			}
		case *query.MatchPhraseQuery:
			if c.FieldVal == playerField {
				return player(c.MatchPhrase, q)
			}
		}
		return q
	}
	return rewrite(q), err
}

// playerField is the field of a query string that names a player (playerClauses).
const playerField = "player"

// dateBound reads --since or --until: a year bounds the year field (so games with an unknown
// month still count), a day bounds the played date.
func dateBound(s string, since bool) (query.Query, error) {
	s = strings.TrimSpace(s)
	if len(s) == 4 {
		t, y := parseDate(s)
		if t == nil {
			return nil, BadQuery(QueryYear, s, nil, "%q is not a year", s)
		}
		f, incl := float64(*y), true
		if since {
			nq := bleve.NewNumericRangeInclusiveQuery(&f, nil, &incl, nil)
			nq.SetField("year")
			return nq, nil
		}
		nq := bleve.NewNumericRangeInclusiveQuery(nil, &f, nil, &incl)
		nq.SetField("year")
		return nq, nil
	}
	t, err := time.Parse("2006-01-02", strings.ReplaceAll(s, ".", "-"))
	if err != nil {
		return nil, BadQuery(QueryDate, s, nil, "%q is not a year (YYYY) or a day (YYYY-MM-DD)", s)
	}
	incl := true
	var dq *query.DateRangeQuery
	if since {
		dq = bleve.NewDateRangeInclusiveQuery(t, time.Time{}, &incl, nil)
	} else {
		dq = bleve.NewDateRangeInclusiveQuery(time.Time{}, t, nil, &incl)
	}
	dq.SetField("played")
	return dq, nil
}

// resultToken accepts a BGN result or a word for it.
func resultToken(s string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1-0", "south", "south-wins":
		return "1-0", nil
	case "0-1", "north", "north-wins":
		return "0-1", nil
	case "1/2-1/2", "draw":
		return "1/2-1/2", nil
	case "*", "unknown":
		return "*", nil
	}
	return "", BadQuery(QueryResult, s, nil, "result %q (want 1-0, 0-1, 1/2-1/2, * or south, north, draw, unknown)", s)
}

// resolveLine plays the moves after from the position bpn, or from the variant's start when
// bpn is empty: the game holds where the line starts, its moves and the positions they reach.
func resolveLine(variant, bpn string, after []string) (*engine.Game, error) {
	if variant == "" {
		return nil, BadQuery(QueryNeedsOne, "", nil, "a position needs its variant")
	}
	v, err := engine.LookupVariant(variant)
	if err != nil {
		return nil, BadQuery(QueryVariant, variant, err, "%v", err)
	}
	from := v.Start()
	if bpn != "" {
		if from, err = engine.ParsePosition(v, bpn); err != nil {
			return nil, BadQuery(QueryPosition, bpn, nil, "%v", err)
		}
	}
	g := engine.NewGame(from)
	if err := notation.PlayLine(g, after); err != nil { // moves pasted from a record: numbers skipped
		return nil, BadQuery(QueryMoves, strings.Join(after, " "), nil, "%v", err)
	}
	return g, nil
}

func addFacets(req *bleve.SearchRequest) {
	for _, f := range []struct {
		name string
		size int
	}{{"variant", 4}, {"result", 4}, {"decade", 10}, {"players", 10}, {"event", 10}, {"opening", 10}} {
		req.AddFacet(f.name, bleve.NewFacetRequest(f.name, f.size))
	}
	length := bleve.NewFacetRequest("plies", 5)
	for _, r := range []struct {
		name     string
		from, to float64
	}{{"0-19", 0, 20}, {"20-49", 20, 50}, {"50-99", 50, 100}, {"100-199", 100, 200}, {"200+", 200, 1e9}} {
		length.AddNumericRange(r.name, &r.from, &r.to)
	}
	req.AddFacet("length", length)
}

var facetOrder = []string{"variant", "result", "decade", "players", "event", "opening", "length"}

func facets(fr search.FacetResults) []Facet {
	var out []Facet
	for _, name := range facetOrder {
		r, ok := fr[name]
		if !ok {
			continue
		}
		f := Facet{Name: name, Missing: r.Missing, Other: r.Other, Terms: []FacetTerm{}}
		if r.Terms != nil {
			for _, t := range r.Terms.Terms() {
				if t.Term == "" { // an absent tag is indexed as the empty keyword
					f.Missing += t.Count
					continue
				}
				f.Terms = append(f.Terms, FacetTerm{t.Term, t.Count})
			}
		}
		for _, nr := range r.NumericRanges {
			f.Terms = append(f.Terms, FacetTerm{nr.Name, nr.Count})
		}
		out = append(out, f)
	}
	return out
}

func hitOf(h *search.DocumentMatch) Hit {
	str := func(name string) string { s, _ := h.Fields[name].(string); return s }
	num := func(name string) int { f, _ := h.Fields[name].(float64); return int(f) }
	hit := Hit{ID: h.ID, File: str("file"), Line: num("line"), Game: num("game"),
		Variant: str("variant"), South: str("south"), North: str("north"), Event: str("event"),
		Site: str("site"), Date: str("date"), Result: str("result"), Plies: num("plies"), Opening: str("opening")}
	switch m := h.Fields["messages"].(type) {
	case string:
		hit.Errors = []string{m}
	case []any:
		for _, s := range m {
			if s, ok := s.(string); ok {
				hit.Errors = append(hit.Errors, s)
			}
		}
	}
	for _, locs := range h.Locations["pos"] {
		for _, l := range locs {
			if len(l.ArrayPositions) > 0 {
				hit.Reached = append(hit.Reached, int(l.ArrayPositions[0]))
			}
		}
	}
	hit.Reached = plies(h, hit.Reached)
	slices.Sort(hit.Reached)
	return hit
}

// plies turns indexes of a game's main-line positions into plies: the same numbers, but
// after the gaps of a fragment (its stored shift, gameDoc.Shift) the plies lost are counted.
func plies(h *search.DocumentMatch, at []int) []int {
	var shift []int
	switch f := h.Fields["shift"].(type) {
	case []any:
		for _, x := range f {
			if v, ok := x.(float64); ok {
				shift = append(shift, int(v))
			}
		}
	}
	if len(shift) < 2 {
		return at
	}
	out := make([]int, len(at))
	for k, i := range at {
		out[k] = i
		for j := 0; j+1 < len(shift) && shift[j] <= i; j += 2 {
			out[k] = i + shift[j+1]
		}
	}
	return out
}
