package site

import (
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/event"
)

// The event pages: one for every folder of the archive with an event.toml (package event),
// with the standings and every tie-break, the crosstable, the rounds and the match scores,
// every result linked to its game's page.

// eventPageName is an event folder's page, beside the folder's own index.html.
const eventPageName = "event.html"

// eventIndex is what the event and player pages know of the archive, kept on the build.
type eventIndex struct {
	events  []*eventSite
	eventOf map[*game]*eventSite
	players map[string]*player // by event.Key of the player's one name
	aliases event.Aliases
}

// collectEventsAndPlayers finds the events and the players, before any page is written:
// every game page links to them.
func (b *build) collectEventsAndPlayers() {
	b.collectEvents()
	b.collectPlayers()
}

// writeEventsAndPlayers writes the event and player pages.
func (b *build) writeEventsAndPlayers() error {
	if err := b.writeEvents(); err != nil {
		return err
	}
	return b.writePlayers()
}

// eventSite is one event of the archive: its description and its games as the site read them.
type eventSite struct {
	dir   string // archive-relative folder
	href  string
	cfg   *event.Config
	games []event.Game
	pages []string // the page of each of games
	table *event.Table
	probs []string
}

// collectEvents finds the event folders and places their games: those of the folder and its
// subfolders whose Event tag names the event. An event.toml that cannot be read is a warning:
// the folder stays an ordinary collection.
func (b *build) collectEvents() {
	b.events = nil
	b.eventOf = map[*game]*eventSite{}
	byDir := map[string]*eventSite{}
	for _, dir := range sortedKeys(b.folders) {
		name := path.Join(dir, event.ConfigFile)
		data, err := fs.ReadFile(b.src, name)
		if err != nil {
			continue // no event here
		}
		cfg, err := event.DecodeConfig(b.where(name), data)
		if err != nil {
			b.warn(err.Error())
			continue
		}
		ev := &eventSite{dir: dir, cfg: cfg, href: path.Join(path.Dir(b.folders[dir].href()), eventPageName)}
		if src, taken := b.claims(ev.href, dir); taken {
			b.warn(fmt.Sprintf("%s: the event page would overwrite the page of %s; rename it", name, src))
			continue
		}
		byDir[dir] = ev
		b.events = append(b.events, ev)
	}
	if len(b.events) == 0 {
		return
	}
	type at struct {
		file   string
		number int
	}
	pages := map[*eventSite]map[at]string{}
	for _, g := range b.games {
		ev := eventAbove(byDir, g)
		if ev == nil {
			continue
		}
		rel := strings.TrimPrefix(g.file, ev.dir+"/")
		eg, err := event.GameOf(g.rec, rel, g.where)
		if err != nil {
			ev.probs = append(ev.probs, err.Error())
			continue
		}
		b.eventOf[g] = ev
		ev.games = append(ev.games, eg)
		if pages[ev] == nil {
			pages[ev] = map[at]string{}
		}
		pages[ev][at{eg.File, eg.Number}] = g.href
	}
	for _, ev := range b.events {
		event.Sort(ev.games) // the order of the crosstable's cells
		for _, g := range ev.games {
			ev.pages = append(ev.pages, pages[ev][at{g.File, g.Number}])
		}
		ev.table = event.Standings(ev.cfg, ev.games, 0)
	}
}

// claims reports the source in dir, if any, whose page is href: event.md or a record
// event.bgn would be written where the event page goes.
func (b *build) claims(href, dir string) (string, bool) {
	for _, src := range []string{"event.md", "event.bgn"} {
		src = path.Join(dir, src)
		if p, ok := b.pages[src]; ok && p == href {
			return src, true
		}
	}
	return "", false
}

// eventAbove is the event of the nearest folder above g's file whose Event tag g names.
func eventAbove(byDir map[string]*eventSite, g *game) *eventSite {
	name := event.Key(g.tag("Event"))
	if name == "" {
		return nil
	}
	for d := path.Dir(g.file); ; d = path.Dir(d) {
		if ev := byDir[d]; ev != nil && event.Key(ev.cfg.Name) == name {
			return ev
		}
		if d == "." {
			return nil
		}
	}
}

// eventLinks lists the event pages of folder f, for its collection page.
func (b *build) eventLinks(f *folder) []link {
	var out []link
	for _, ev := range b.events {
		if ev.dir == f.dir {
			out = append(out, ev.link())
		}
	}
	return out
}

// link is the event page's link from its folder's page and its games' pages.
func (ev *eventSite) link() link {
	return link{Href: ev.href, Text: ev.cfg.Name + ": standings, crosstable and rounds"}
}

// eventLink links a game's page to its event's, nil for a game of no event.
func (b *build) eventLink(g *game) *link {
	if ev := b.eventOf[g]; ev != nil {
		l := ev.link()
		return &l
	}
	return nil
}

// eventHref is the page of the event g belongs to, "" if none.
func (b *build) eventHref(g *game) string {
	if ev := b.eventOf[g]; ev != nil {
		return ev.href
	}
	return ""
}

// eventPage is the data of an event's page.
type eventPage struct {
	pageData
	Facts     []tagView
	TieBreaks []string // column heads, in the event's order
	Rows      []standingRow
	// ByRound: the crosstable has a column per round (Swiss and knockout events, where most
	// players never meet) rather than one per player.
	ByRound      bool
	RoundNumbers []int
	Rounds       []roundView
	Matches      []matchView
	Problems     []string
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

// crossWords say a crosstable's results to screen readers.
var crossWords = map[string]string{"1": "won", "½": "drew", "0": "lost", "+": "won by forfeit", "-": "lost by forfeit"}

// tieBreakNames are the column heads of the tie-breaks.
var tieBreakNames = map[string]string{"direct": "Direct encounter", "sonneborn-berger": "Sonneborn-Berger",
	"buchholz": "Buchholz", "median-buchholz": "Median Buchholz", "wins": "Wins", "north": "Games as North"}

// eventView makes the page data of ev for a page whose root is root.
func (b *build) eventView(ev *eventSite, pd pageData) eventPage {
	pg := eventPage{pageData: pd, Problems: ev.probs}
	c := ev.cfg
	for _, f := range []struct{ name, value string }{{"Site", c.Site}, {"Start", c.Start}, {"End", c.End},
		{"Variant", c.Variant}, {"Format", c.Format}, {"Games per pairing", gamesPer(c.Games)}} {
		if f.value != "" {
			pg.Facts = append(pg.Facts, tagView{Name: f.name, Value: f.value})
		}
	}
	for _, tb := range c.TieBreak {
		pg.TieBreaks = append(pg.TieBreaks, tieBreakNames[tb])
	}
	t := ev.table
	// cells[i][j] are the pages of what row i scored against row j, in the table's order.
	index := map[string]int{}
	for i, s := range t.Standings {
		index[event.Key(s.Player)] = i
	}
	cells := make([][][]string, len(t.Standings))
	pg.ByRound = c.Format == "swiss" || c.Format == "knockout"
	rounds := make([][]roundCell, len(t.Standings)) // rounds[i][r-1]: row i's round r
	for i := range cells {
		cells[i] = make([][]string, len(t.Standings))
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
				rounds[s][g.Round-1] = roundCell{Label: "bye", Links: []link{{Text: score(c.Scoring.Bye)}}}
			}
			continue
		}
		n := index[event.Key(g.North)]
		if pg.ByRound { // the game's score is its place among the pair's games in Cross
			at := len(cells[s][n])
			for _, side := range []struct {
				me, opp int
				label   string
			}{{s, n, " S"}, {n, s, " N"}} {
				rc := &rounds[side.me][g.Round-1]
				if rc.Label == "" { // a pairing of several games: the side of its first
					rc.Label = strconv.Itoa(side.opp+1) + side.label
				}
				r := string([]rune(t.Cross[side.me][side.opp])[at])
				rc.Links = append(rc.Links, link{Href: ev.pages[k], Text: r,
					Note: t.Standings[side.opp].Player + ", round " + strconv.Itoa(g.Round) + ": " + crossWords[r]})
			}
		}
		cells[s][n] = append(cells[s][n], ev.pages[k])
		cells[n][s] = append(cells[n][s], ev.pages[k])
	}
	for i, s := range t.Standings {
		row := standingRow{N: i + 1, Rank: s.Rank, Player: b.playerLink(s.Player), Points: score(s.Points), Games: s.Games,
			Wins: s.Wins, Draws: s.Draws, Losses: s.Losses, Byes: s.Byes, RoundCells: rounds[i]}
		for _, tb := range c.TieBreak {
			row.TieBreaks = append(row.TieBreaks, score(s.TieBreaks[tb]))
		}
		for j := range t.Standings {
			if pg.ByRound {
				break
			}
			var ls []link
			for k, r := range []rune(t.Cross[i][j]) {
				l := link{Text: string(r), Note: t.Standings[j].Player + ": " + crossWords[string(r)]}
				if k < len(cells[i][j]) {
					l.Href = cells[i][j][k]
				}
				ls = append(ls, l)
			}
			row.CrossLinks = append(row.CrossLinks, ls)
		}
		pg.Rows = append(pg.Rows, row)
	}
	for k, g := range ev.games {
		if n := len(pg.Rounds); n == 0 || pg.Rounds[n-1].Number != g.Round {
			pg.Rounds = append(pg.Rounds, roundView{Number: g.Round})
		}
		r := &pg.Rounds[len(pg.Rounds)-1]
		pv := pairingView{Board: boardLabel(g), South: b.playerLink(g.South), Bye: g.Bye(),
			Result: link{Href: ev.pages[k], Text: orUnknown(strings.TrimSpace(g.Result))}}
		if !pv.Bye {
			pv.North = b.playerLink(g.North)
		}
		if g.Forfeit() {
			pv.Result.Note = "forfeit"
		}
		r.Pairings = append(r.Pairings, pv)
	}
	for _, m := range t.Matches {
		mv := matchView{Round: m.Round, Board: m.Board, A: b.playerLink(m.A), B: b.playerLink(m.B),
			Score: score(m.Score[0]) + "–" + score(m.Score[1]), Winner: m.Winner}
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

// score writes points as people do: 2½, ½, 3.
func score(f float64) string {
	whole := int(f)
	frac := f - float64(whole)
	switch {
	case frac == 0:
		return strconv.Itoa(whole)
	case frac == 0.5 && whole == 0:
		return "½"
	case frac == 0.5:
		return strconv.Itoa(whole) + "½"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// writeEvents writes every event's page.
func (b *build) writeEvents() error {
	for _, ev := range b.events {
		pd := b.newPage(ev.href, "event", ev.cfg.Name)
		if err := b.write(ev.href, "event", b.eventView(ev, pd)); err != nil {
			return err
		}
	}
	return nil
}
