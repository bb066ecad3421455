package site

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
)

// The player pages: one for every player of the archive, a player being every spelling that
// event.Key and notation.Slug make one (playerHref), joined further by the archive's
// players.toml. A player's first page shows the player's rating history in each family of
// games (an inline SVG, no script), the results by event and the openings played as South and
// as North; the games follow, in pages of gamesPerPage as the lists have them.

// playersFile is the archive's table of other spellings of players' names.
const playersFile = "players.toml"

// openingPlies is how many plies of the main line name an opening on a player's page.
const openingPlies = 2

// player is one person of the archive: where they played, never the games themselves.
type player struct {
	name, href string
	spellings  []string
	games      []playedGame
	events     []eventResult
	ratings    []event.Rating // with their histories
}

// playedGame is one game of one player, who played South or North or, in a game against
// themselves (an engine's self-play), both: its row of the catalog is file's game n.
type playedGame struct {
	file         string
	n            int
	south, north bool
}

type eventResult struct {
	Event           link
	Rank, Games, Of int
	Points          string
}

func (p *player) add(pg playedGame, spelling string) {
	if k := len(p.games) - 1; k >= 0 && p.games[k].file == pg.file && p.games[k].n == pg.n {
		p.games[k].north = p.games[k].north || pg.north // the same game from the other side
	} else {
		p.games = append(p.games, pg)
	}
	if !slices.Contains(p.spellings, spelling) {
		p.spellings = append(p.spellings, spelling)
	}
}

// playerLink links a name to its player's page: every name a game gives has one. A name that
// is nobody ("-", "?") is plain text.
func (b *catalogue) playerLink(spelling string) link {
	if event.Key(spelling) == "" {
		return link{Text: orUnknown(strings.TrimSpace(spelling))}
	}
	return link{Text: spelling, Href: playerHref(b.aliases.Name(spelling))}
}

// opening is the first plies of a record's main line, "" for a game without moves.
func opening(rec *notation.Record) string {
	var toks []string
	for _, mv := range rec.Moves[:min(len(rec.Moves), openingPlies)] {
		toks = append(toks, mv.Token)
	}
	return strings.Join(toks, " ")
}

// playerPage is the data of a player's page.
type playerPage struct {
	pageData
	Spellings    []string
	Ratings      []ratingView
	Events       []eventResult
	Games        []gameRow
	Pager        *pager
	Openings     []variantOpenings
	OpeningPlies int
}

// variantOpenings are a player's openings in one variant: the same moves are another
// opening in another game.
type variantOpenings struct {
	Variant      string // the variant's name; "" for games of no variant bao knows
	South, North []openingView
}

type openingView struct {
	Moves string // the first plies, when the archive's openings.toml does not name them
	Name  string // the opening's name in openings.toml
	Games int
}

// ratingView is a player's rating in one family, with its history drawn as a chart.
type ratingView struct {
	event.Rating
	Name  string // the family as readers know it
	Now   string
	Chart *ratingChart
}

// Chart geometry, in SVG user units.
const (
	chartWidth  = 400.0
	chartHeight = 160.0
	chartPad    = 16.0
	chartLeft   = 56.0 // room for the rating labels
)

type ratingChart struct {
	Width, Height float64
	Line          string
	Points        []chartPoint
	Top, Bottom   chartLabel // the highest and lowest ratings, written at the left
}

type chartPoint struct{ X, Y, Title string }

type chartLabel struct {
	Y    string
	Text string
}

// maxChartPoints bounds the points of a rating chart: more would not show on its width, and a
// player of thousands of games would get a page of thousands of points.
const maxChartPoints = 200

// newRatingChart draws a rating history: x is the game's number, y the rating after it,
// the start (1500) included as point 0. A longer history than maxChartPoints is drawn by
// evenly spaced games, its highest and lowest ratings among them.
func newRatingChart(l *lang.Lang, h []event.Point) *ratingChart {
	if len(h) == 0 {
		return nil
	}
	vals := append([]float64{event.InitialRating}, make([]float64, len(h))...)
	for i, p := range h {
		vals[i+1] = p.Rating
	}
	lo, hi := slices.Min(vals), slices.Max(vals)
	drawn := chartSample(len(vals), slices.Index(vals, lo), slices.Index(vals, hi))
	if hi-lo < 20 { // a flat history still gets a readable scale
		lo, hi = lo-10, hi+10
	}
	c := &ratingChart{Width: chartWidth, Height: chartHeight}
	x := func(i int) float64 {
		return chartLeft + (chartWidth-chartLeft-chartPad)*float64(i)/float64(len(vals)-1)
	}
	y := func(v float64) float64 { return chartPad + (chartHeight-2*chartPad)*(hi-v)/(hi-lo) }
	var line strings.Builder
	for _, i := range drawn {
		v := vals[i]
		fmt.Fprintf(&line, "%s,%s ", num(x(i)), num(y(v)))
		title := l.T("player.chart.start", "Rating", strconv.Itoa(event.InitialRating))
		if i > 0 {
			title = l.T("player.chart.game", "Game", strconv.Itoa(i), "Date", l.Date(h[i-1].Date), "Rating", event.FormatRating(v))
		}
		c.Points = append(c.Points, chartPoint{X: num(x(i)), Y: num(y(v)), Title: title})
	}
	c.Line = strings.TrimSpace(line.String())
	c.Top = chartLabel{Y: num(y(hi) + 4), Text: event.FormatRating(hi)}
	c.Bottom = chartLabel{Y: num(y(lo) - 1), Text: event.FormatRating(lo)}
	return c
}

// chartSample picks the points of a chart of n values to draw: all of them, or at most
// maxChartPoints evenly spaced from the first to the last, with the lowest and highest (at
// indexes lo and hi) among them, in order.
func chartSample(n, lo, hi int) []int {
	if n <= maxChartPoints {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := []int{lo, hi}
	for j := range maxChartPoints - 2 {
		out = append(out, j*(n-1)/(maxChartPoints-3))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// familyName says which games share a rating list: "4x8 board: Bao la Kiswahili, Bao la Kete".
func familyName(l *lang.Lang, f string) string {
	var names []string
	for _, v := range engine.Variants() {
		if event.Family(v) == f {
			names = append(names, v.Name())
		}
	}
	return l.T("player.family", "Board", f, "Games", strings.Join(names, ", "))
}

// playerView makes the data of page i of p's pages: the first has the player's summary, and
// every page its share of the games.
func (b *catalogue) playerView(p *player, pd pageData, i int) playerPage {
	lo, hi, pgr := pageRange(p.href, len(p.games), i)
	pg := playerPage{pageData: pd, Pager: pgr, OpeningPlies: openingPlies}
	for _, pgm := range p.games[lo:hi] {
		e := b.entries[pgm.file]
		pg.Games = append(pg.Games, newGameRow(b.l, pgm.file, pgm.n, &e.Games[pgm.n-1], len(e.Games) > 1))
	}
	if i > 1 {
		return pg
	}
	pg.Events = p.events
	if len(p.spellings) > 1 || len(p.spellings) == 1 && p.spellings[0] != p.name {
		pg.Spellings = slices.Sorted(slices.Values(p.spellings))
	}
	for _, r := range p.ratings {
		pg.Ratings = append(pg.Ratings, ratingView{Rating: r, Name: familyName(b.l, r.Family), Now: event.FormatRating(r.Rating),
			Chart: newRatingChart(b.l, r.History)})
	}
	type sides struct{ south, north map[openingView]int }
	byVariant := map[string]*sides{}
	for _, pgm := range p.games {
		gi := &b.entries[pgm.file].Games[pgm.n-1]
		if gi.Opening == "" {
			continue
		}
		op := openingView{Moves: gi.Opening}
		if gi.OpeningName != "" {
			op = openingView{Name: gi.OpeningName}
		}
		s := byVariant[gi.Variant]
		if s == nil {
			s = &sides{map[openingView]int{}, map[openingView]int{}}
			byVariant[gi.Variant] = s
		}
		if pgm.south {
			s.south[op]++
		}
		if pgm.north {
			s.north[op]++
		}
	}
	for _, v := range engine.Variants() { // in the order bao lists the games
		if s := byVariant[v.ID()]; s != nil {
			pg.Openings = append(pg.Openings, variantOpenings{Variant: v.Name(), South: topOpenings(s.south), North: topOpenings(s.north)})
		}
	}
	if s := byVariant[""]; s != nil {
		pg.Openings = append(pg.Openings, variantOpenings{South: topOpenings(s.south), North: topOpenings(s.north)})
	}
	return pg
}

// maxOpenings bounds each side's list of openings.
const maxOpenings = 5

// topOpenings lists the most played openings, most games first, then by moves.
func topOpenings(counts map[openingView]int) []openingView {
	var out []openingView
	for op, n := range counts {
		op.Games = n
		out = append(out, op)
	}
	slices.SortFunc(out, func(a, b openingView) int {
		return cmp.Or(cmp.Compare(b.Games, a.Games), strings.Compare(a.Name, b.Name), strings.Compare(a.Moves, b.Moves))
	})
	if len(out) > maxOpenings {
		out = out[:maxOpenings]
	}
	return out
}

// playerPage renders page i of a player's pages.
func (b *catalogue) playerPage(p *player, i int) ([]byte, error) {
	title := p.name
	if i > 1 {
		title = b.l.T("player.title.page", "Player", p.name, "Page", i)
	}
	pd := b.newPage(pageHref(p.href, i), "player", title)
	pd.Crumbs = append(pd.Crumbs, link{Href: listsIndexHref, Text: b.l.T("nav.browse")})
	if i > 1 {
		pd.Crumbs = append(pd.Crumbs, link{Href: p.href, Text: p.name})
	}
	return b.render("player", b.playerView(p, pd, i))
}
