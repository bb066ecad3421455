package site

import (
	"path"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/event"
)

// The event pages: one for every folder of the archive with an event.toml (package event),
// with the standings and every tie-break, the crosstable, the match scores and the rounds,
// every result linked to its game's page. The rounds' games are paged as the lists are: the
// first page has the tables and the first gamesPerPage games, the next pages the rest.

// eventIndex is what the event and player pages know of the archive, kept on the build and
// shared by bao serve's views. The events and the aliases are read when the archive is
// scanned, before any game: a game's page links to its event's page and its players' pages,
// and its row of the catalog keeps what those pages need of it (eventRow). The games of the
// events and the players are gathered from the catalog once every record file was read.
type eventIndex struct {
	events  []*eventSite
	eventIn map[string]*eventSite // by archive-relative folder
	aliases event.Aliases
	// openings is the archive's openings.toml: the names of the games' openings
	openings *archive.Openings
	// stamp names the contents of every event.toml and of players.toml: they decide the links
	// of every game page and the rows of the catalog, so they are part of the build's version.
	stamp   string
	players map[string]*player // by page
	// steps are the games before and after each game page of an event, in the event's order
	// (eventSteps); around, by record file, names those of the file's games, for the build
	// to tell when the file's pages must be written again.
	steps  map[string]eventStep
	around map[string]string
}

// eventStep is the game pages before and after one of an event's, "" for none.
type eventStep struct {
	prev, next eventPlace
}

// eventPlace is one game of an event: its page and its place in the event.
type eventPlace struct {
	file, page string // the record file, archive-relative
	game       event.Game
}

// eventSite is one event of the archive: its description and its games as the catalog has
// them.
type eventSite struct {
	dir   string // archive-relative folder
	href  string
	cfg   *event.Config
	games []event.Game
	pages []string // the page of each of games
	table *event.Table
	probs []string
}

// eventAt is the event of the nearest folder above a record file whose name a game's Event
// tag gives, nil if none.
func (b *catalogue) eventAt(file, name string) *eventSite {
	key := event.Key(name)
	if key == "" || len(b.events) == 0 {
		return nil
	}
	for d := path.Dir(file); ; d = path.Dir(d) {
		if ev := b.eventIn[d]; ev != nil && event.Key(ev.cfg.Name) == key {
			return ev
		}
		if d == "." {
			return nil
		}
	}
}

// inEvent reports whether a record file lies in an event's folder.
func (b *catalogue) inEvent(file string) bool {
	for d := path.Dir(file); ; d = path.Dir(d) {
		if b.eventIn[d] != nil {
			return true
		}
		if d == "." {
			return false
		}
	}
}

// stepLinks are the links of a game page to the games before and after it, and the name of
// the pair: in its event's order for a game of an event, else in its file's.
func (b *catalogue) stepLinks(g *game) (prev, next *link, label string) {
	if st, ok := b.steps[g.href]; ok {
		at := func(p eventPlace, id string) *link {
			if p.page == "" {
				return nil
			}
			return &link{Href: p.page, Text: b.l.T(id, "Round", p.game.RoundTag())}
		}
		return at(st.prev, "game.prev.event"), at(st.next, "game.next.event"), b.l.T("game.nav.event")
	}
	if g.number > 1 {
		prev = &link{Href: GameHref(g.file, g.number-1), Text: b.l.T("game.prev", "N", g.number-1)}
	}
	if g.next {
		next = &link{Href: GameHref(g.file, g.number+1), Text: b.l.T("game.next", "N", g.number+1)}
	}
	return prev, next, b.l.T("game.nav")
}

// eventLinks lists the event page of folder f, for its collection page.
func (b *catalogue) eventLinks(f *folder) []link {
	if ev := b.eventIn[f.dir]; ev != nil {
		return []link{b.eventPageLink(ev)}
	}
	return nil
}

// eventPageLink is the event page's link from its folder's page and its games' pages.
func (b *catalogue) eventPageLink(ev *eventSite) link {
	return link{Href: ev.href, Text: b.l.T("event.link", "Event", ev.cfg.Name)}
}

// eventLink links a game's page to its event's, nil for a game of no event.
func (b *catalogue) eventLink(g *game) *link {
	if ev := b.eventAt(g.file, g.tag("Event")); ev != nil {
		l := b.eventPageLink(ev)
		return &l
	}
	return nil
}

// eventHref is the page of the event g belongs to, "" if none.
func (b *catalogue) eventHref(g *game) string {
	if ev := b.eventAt(g.file, g.tag("Event")); ev != nil {
		return ev.href
	}
	return ""
}

// eventPage is the data of a page of an event's pages.
type eventPage struct {
	pageData
	Summary   bool // the first page: the facts and the tables
	Facts     []tagView
	TieBreaks []string // column heads, in the event's order
	Rows      []standingRow
	// ByRound: the crosstable has a column per round (Swiss and knockout events, where most
	// players never meet) rather than one per player.
	ByRound      bool
	RoundNumbers []int
	Rounds       []roundView
	Pager        *pager
	Matches      []matchView
	Problems     []string
	// The rating report: each player's rating before the event, performance and change.
	RatingK string
	Ratings []ratingRow
}

type ratingRow struct {
	Player                                link
	Before, Opponents, Performance, After string
	Games                                 int
	Score, Change                         string
}

type standingRow struct {
	N            int // the row's number, the crosstable's column
	Rank         int
	Player       link
	Points       string
	Games        int
	Wins, Draws  int
	Losses, Byes int
	TieBreaks    []string
	CrossLinks   [][]link    // per opponent: each game's score, linked to the game
	RoundCells   []roundCell // per round, when the crosstable is by round
}

// roundCell is a player's round in a crosstable by round: the opponent's row and the
// player's side ("7 S"), or "bye", and each game's score linked to the game.
type roundCell struct {
	Label string
	Links []link
}

type roundView struct {
	Number   int
	Pairings []pairingView
}

type pairingView struct {
	Board        string // "2", or "2.1" for game 1 of a pairing of several
	South, North link
	Result       link // the game's page
	Bye          bool
}

type matchView struct {
	Round, Board int
	A, B         link
	Score        string
	Winner       string
}

// crossWords say a crosstable's results to screen readers: their messages (event.cross.won …).
var crossWords = map[string]string{"1": "won", "½": "drew", "0": "lost", "+": "wonforfeit", "-": "lostforfeit"}

// eventView makes the data of page i of ev's pages: the first has the tables, and every page
// its share of the rounds' games.
func (b *catalogue) eventView(ev *eventSite, pd pageData, i int) eventPage {
	lo, hi, pgr := pageRange(ev.href, len(ev.games), i)
	pg := eventPage{pageData: pd, Summary: i == 1, Pager: pgr}
	for k := lo; k < hi; k++ {
		g := ev.games[k]
		if n := len(pg.Rounds); n == 0 || pg.Rounds[n-1].Number != g.Round {
			pg.Rounds = append(pg.Rounds, roundView{Number: g.Round})
		}
		r := &pg.Rounds[len(pg.Rounds)-1]
		pv := pairingView{Board: boardLabel(g), South: b.playerLink(g.South), Bye: g.Bye(),
			Result: link{Href: ev.pages[k], Text: orUnknown(strings.TrimSpace(g.Result))}}
		if !pv.Bye {
			pv.North = b.playerLink(g.North)
		}
		switch {
		case g.Forfeit():
			pv.Result.Note = b.l.T("event.forfeit")
		case g.Unrecorded():
			pv.Result.Note = b.l.T("event.unrecorded")
		}
		r.Pairings = append(r.Pairings, pv)
	}
	if !pg.Summary {
		return pg
	}
	pg.Problems = ev.probs
	c := ev.cfg
	format := c.Format
	if b.l.Has("event.format." + format) {
		format = b.l.T("event.format." + format)
	}
	// The names are tags' (tag.Site …), as the template writes them.
	for _, f := range []struct{ name, value string }{{"Site", c.Site}, {"Start", c.Start}, {"End", c.End},
		{"Variant", variantName(c.Variant)}, {"Format", format}, {"GamesPer", gamesPer(c.Games)}} {
		if f.value != "" {
			pg.Facts = append(pg.Facts, tagView{Name: f.name, Value: f.value})
		}
	}
	for _, tb := range c.TieBreak {
		pg.TieBreaks = append(pg.TieBreaks, b.l.T("event.tb."+tb))
	}
	t := ev.table
	// cells[{i, j}] are the pages of what row i scored against row j, in the table's order.
	index := map[string]int{}
	for i, s := range t.Standings {
		index[event.Key(s.Player)] = i
	}
	cells := map[[2]int][]string{} // a big Swiss has players², mostly empty
	pg.ByRound = c.Format == "swiss" || c.Format == "knockout"
	rounds := make([][]roundCell, len(t.Standings)) // rounds[i][r-1]: row i's round r
	for i := range rounds {
		if pg.ByRound {
			rounds[i] = make([]roundCell, t.Round)
		}
	}
	for r := 1; pg.ByRound && r <= t.Round; r++ {
		pg.RoundNumbers = append(pg.RoundNumbers, r)
	}
	for k, g := range ev.games {
		if !g.Decided() || (t.Round > 0 && g.Round > t.Round) {
			continue
		}
		s := index[event.Key(g.South)]
		if g.Bye() {
			if pg.ByRound {
				rounds[s][g.Round-1] = roundCell{Label: b.l.T("event.bye"), Links: []link{{Text: event.FormatPoints(c.Scoring.Bye)}}}
			}
			continue
		}
		n := index[event.Key(g.North)]
		if pg.ByRound { // the game's score is its place among the pair's games in Cross
			at := len(cells[[2]int{s, n}])
			for _, side := range []struct {
				me, opp int
				label   string
			}{{s, n, " " + b.l.T("side.S")}, {n, s, " " + b.l.T("side.N")}} {
				rc := &rounds[side.me][g.Round-1]
				if rc.Label == "" { // a pairing of several games: the side of its first
					rc.Label = strconv.Itoa(side.opp+1) + side.label
				}
				r := string([]rune(t.Cell(side.me, side.opp))[at])
				rc.Links = append(rc.Links, link{Href: ev.pages[k], Text: r,
					Note: b.l.T("event.against.round", "Opponent", t.Standings[side.opp].Player, "Round", g.Round,
						"Result", b.l.T("event.cross."+crossWords[r]))})
			}
		}
		cells[[2]int{s, n}] = append(cells[[2]int{s, n}], ev.pages[k])
		cells[[2]int{n, s}] = append(cells[[2]int{n, s}], ev.pages[k])
	}
	for i, s := range t.Standings {
		row := standingRow{N: i + 1, Rank: s.Rank, Player: b.playerLink(s.Player), Points: event.FormatPoints(s.Points), Games: s.Games,
			Wins: s.Wins, Draws: s.Draws, Losses: s.Losses, Byes: s.Byes, RoundCells: rounds[i]}
		for _, tb := range c.TieBreak {
			row.TieBreaks = append(row.TieBreaks, event.FormatPoints(s.TieBreaks[tb]))
		}
		for j := range t.Standings {
			if pg.ByRound {
				break
			}
			var ls []link
			for k, r := range []rune(t.Cell(i, j)) {
				l := link{Text: string(r), Note: b.l.T("event.against.table", "Opponent", t.Standings[j].Player,
					"Result", b.l.T("event.cross."+crossWords[string(r)]))}
				if k < len(cells[[2]int{i, j}]) {
					l.Href = cells[[2]int{i, j}][k]
				}
				ls = append(ls, l)
			}
			row.CrossLinks = append(row.CrossLinks, ls)
		}
		pg.Rows = append(pg.Rows, row)
	}
	pg.RatingK = event.FormatPoints(c.Rating.K)
	for _, l := range event.RatingReport(c, ev.games, 0) {
		r := ratingRow{Player: b.playerLink(l.Player), Before: event.FormatRating(l.Before), Games: l.Games,
			Score: event.FormatPoints(l.Score), Opponents: "–", Performance: "–", After: event.FormatRating(l.After),
			Change: strconv.FormatFloat(l.Change, 'f', 1, 64)}
		if l.Change > 0 {
			r.Change = "+" + r.Change
		}
		if l.Games > 0 {
			r.Opponents, r.Performance = event.FormatRating(l.Opponents), event.FormatRating(l.Performance)
		}
		pg.Ratings = append(pg.Ratings, r)
	}
	for _, m := range t.Matches {
		mv := matchView{Round: m.Round, Board: m.Board, A: b.playerLink(m.A), B: b.playerLink(m.B),
			Score: event.FormatPoints(m.Score[0]) + "–" + event.FormatPoints(m.Score[1]), Winner: m.Winner}
		pg.Matches = append(pg.Matches, mv)
	}
	return pg
}

func gamesPer(n int) string {
	if n <= 1 {
		return ""
	}
	return strconv.Itoa(n)
}

// boardLabel is a game's place in its round: "2", or "2.1" for game 1 of board 2.
func boardLabel(g event.Game) string {
	l := strconv.Itoa(max(g.Board, 1))
	if g.Sub > 0 {
		l += "." + strconv.Itoa(g.Sub)
	}
	return l
}

// eventPage renders page i of an event's pages.
func (b *catalogue) eventPage(ev *eventSite, i int) ([]byte, error) {
	title := ev.cfg.Name
	if i > 1 {
		title = b.l.T("event.title.page", "Event", ev.cfg.Name, "Page", i)
	}
	pd := b.newPage(pageHref(ev.href, i), "event", title)
	if i > 1 {
		pd.Crumbs = append(pd.Crumbs, link{Href: ev.href, Text: ev.cfg.Name})
	}
	return b.render("event", b.eventView(ev, pd, i))
}
