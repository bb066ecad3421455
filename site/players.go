package site

import (
	"cmp"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

// The player pages: one for every player of the archive, a player being every spelling that
// event.Key makes one, joined further by the archive's players.toml. A page shows the
// player's rating history in each family of games (an inline SVG, no script), the results by
// event, every game, and the openings played as South and as North.

// playersFile is the archive's table of other spellings of players' names.
const playersFile = "players.toml"

// openingPlies is how many plies of the main line name an opening on a player's page.
const openingPlies = 2

// player is one person of the archive and a small summary of each of their games: the pages
// are written from these, never from the games themselves.
type player struct {
	name, href string
	spellings  []string
	games      []playedGame
	events     []eventResult
}

// playedGame is one game from one player's side.
type playedGame struct {
	row     gameRow
	north   bool
	opening string // the first plies of the main line
}

type eventResult struct {
	Event           link
	Rank, Games, Of int
	Points          string
}

// collectPlayers gives every player named in a game or an event a page.
func (b *build) collectPlayers() {
	b.players = map[string]*player{}
	aliases := event.Aliases{}
	if data, err := fs.ReadFile(b.src, playersFile); err == nil {
		if a, err := event.ParseAliases(b.where(playersFile), data); err != nil {
			b.warn(err.Error())
		} else {
			aliases = a
		}
	}
	b.aliases = aliases
	for _, g := range b.games {
		s, n := g.players()
		row := newGameRow(g)
		open := opening(g)
		if event.Key(s) != "" { // "-", a bye's opponent, is nobody
			b.playerOf(s).add(playedGame{row: row, opening: open}, s)
		}
		if event.Key(n) != "" {
			b.playerOf(n).add(playedGame{row: row, north: true, opening: open}, n)
		}
	}
	for _, ev := range b.events {
		for _, st := range ev.table.Standings {
			p := b.playerOf(st.Player)
			p.events = append(p.events, eventResult{Event: link{Href: ev.href, Text: ev.cfg.Name},
				Rank: st.Rank, Games: st.Games, Of: len(ev.table.Standings), Points: score(st.Points)})
		}
	}
	used := map[string]bool{}
	keys := sortedKeys(b.players)
	for _, k := range keys {
		p := b.players[k]
		slug := notation.Slug(p.name)
		for i := 2; used[slug]; i++ {
			slug = fmt.Sprintf("%s-%d", notation.Slug(p.name), i)
		}
		used[slug] = true
		p.href = "players/" + slug + ".html"
	}
}

// playerOf is the player a spelling names, made on first sight.
func (b *build) playerOf(spelling string) *player {
	name := b.aliases.Name(spelling)
	k := event.Key(name)
	p := b.players[k]
	if p == nil {
		p = &player{name: name}
		b.players[k] = p
	}
	return p
}

func (p *player) add(pg playedGame, spelling string) {
	p.games = append(p.games, pg)
	if !slices.Contains(p.spellings, spelling) {
		p.spellings = append(p.spellings, spelling)
	}
}

// playerLink links a name to its player's page; a name no page has is plain text.
func (b *build) playerLink(spelling string) link {
	if event.Key(spelling) == "" {
		return link{Text: orUnknown(strings.TrimSpace(spelling))}
	}
	l := link{Text: spelling}
	if p := b.players[event.Key(b.aliases.Name(spelling))]; p != nil {
		l.Href = p.href
	}
	return l
}

// opening is the first plies of g's main line, "" for a game without moves.
func opening(g *game) string {
	var toks []string
	for i := 1; i <= g.plies && i <= openingPlies; i++ {
		toks = append(toks, g.nodes[i].move.Token)
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
	South, North []openingView
	OpeningPlies int
}

type openingView struct {
	Moves string
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

// newRatingChart draws a rating history: x is the game's number, y the rating after it,
// the start (1500) included as point 0.
func newRatingChart(h []event.Point) *ratingChart {
	if len(h) == 0 {
		return nil
	}
	vals := append([]float64{event.InitialRating}, make([]float64, len(h))...)
	for i, p := range h {
		vals[i+1] = p.Rating
	}
	lo, hi := slices.Min(vals), slices.Max(vals)
	if hi-lo < 20 { // a flat history still gets a readable scale
		lo, hi = lo-10, hi+10
	}
	c := &ratingChart{Width: chartWidth, Height: chartHeight}
	x := func(i int) float64 {
		return chartLeft + (chartWidth-chartLeft-chartPad)*float64(i)/float64(len(vals)-1)
	}
	y := func(v float64) float64 { return chartPad + (chartHeight-2*chartPad)*(hi-v)/(hi-lo) }
	var line strings.Builder
	for i, v := range vals {
		fmt.Fprintf(&line, "%s,%s ", num(x(i)), num(y(v)))
		title := "start: " + strconv.Itoa(event.InitialRating)
		if i > 0 {
			title = fmt.Sprintf("game %d, %s: %s", i, h[i-1].Date, num(v))
		}
		c.Points = append(c.Points, chartPoint{X: num(x(i)), Y: num(y(v)), Title: title})
	}
	c.Line = strings.TrimSpace(line.String())
	c.Top = chartLabel{Y: num(y(hi) + 4), Text: num(hi)}
	c.Bottom = chartLabel{Y: num(y(lo) - 1), Text: num(lo)}
	return c
}

// familyName says which games share a rating list: "4x8 board: Bao la Kiswahili, Bao la Kete".
func familyName(f string) string {
	var names []string
	for _, v := range engine.Variants() {
		if event.Family(v) == f {
			names = append(names, v.Name())
		}
	}
	return f + " board: " + strings.Join(names, ", ")
}

// ratings computes every player's ratings with their histories, by player key.
func (b *build) ratings() map[string][]event.Rating {
	var rated []event.Rated
	for _, g := range b.games {
		if r, ok := event.RatedOf(g.rec, b.aliases); ok {
			rated = append(rated, r)
		}
	}
	out := map[string][]event.Rating{}
	for _, r := range event.Ratings(rated, true) {
		k := event.Key(r.Player)
		out[k] = append(out[k], r)
	}
	return out
}

// playerView makes the page data of p.
func (b *build) playerView(p *player, ratings []event.Rating, pd pageData) playerPage {
	pg := playerPage{pageData: pd, Events: p.events, OpeningPlies: openingPlies}
	if len(p.spellings) > 1 || len(p.spellings) == 1 && p.spellings[0] != p.name {
		pg.Spellings = slices.Sorted(slices.Values(p.spellings))
	}
	for _, r := range ratings {
		pg.Ratings = append(pg.Ratings, ratingView{Rating: r, Name: familyName(r.Family), Now: num(r.Rating),
			Chart: newRatingChart(r.History)})
	}
	south, north := map[string]int{}, map[string]int{}
	for _, pgm := range p.games {
		pg.Games = append(pg.Games, pgm.row)
		if pgm.opening == "" {
			continue
		}
		if pgm.north {
			north[pgm.opening]++
		} else {
			south[pgm.opening]++
		}
	}
	pg.South, pg.North = topOpenings(south), topOpenings(north)
	return pg
}

// maxOpenings bounds each side's list of openings.
const maxOpenings = 5

// topOpenings lists the most played openings, most games first, then by moves.
func topOpenings(counts map[string]int) []openingView {
	var out []openingView
	for m, n := range counts {
		out = append(out, openingView{Moves: m, Games: n})
	}
	slices.SortFunc(out, func(a, b openingView) int {
		return cmp.Or(cmp.Compare(b.Games, a.Games), strings.Compare(a.Moves, b.Moves))
	})
	if len(out) > maxOpenings {
		out = out[:maxOpenings]
	}
	return out
}

// writePlayers writes every player's page.
func (b *build) writePlayers() error {
	ratings := b.ratings()
	for _, k := range sortedKeys(b.players) {
		p := b.players[k]
		pd := b.newPage(p.href, "player", p.name)
		pd.Crumbs = append(pd.Crumbs, link{Href: "lists/index.html", Text: "Browse"})
		if err := b.write(p.href, "player", b.playerView(p, ratings[k], pd)); err != nil {
			return err
		}
	}
	return nil
}
