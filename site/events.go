package site

import (
	"fmt"
	"hash/crc32"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
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

// findEvents reads the archive's players.toml and every folder's event.toml. One that cannot
// be read is a warning: the folder stays an ordinary collection.
func (b *build) findEvents() {
	b.eventIn = map[string]*eventSite{}
	b.aliases = event.Aliases{}
	var stamp strings.Builder
	if data, err := fs.ReadFile(b.src, playersFile); err == nil {
		fmt.Fprintf(&stamp, "%s\x00%x\x00", playersFile, crc32.ChecksumIEEE(data))
		if a, err := event.ParseAliases(b.where(playersFile), data); err != nil {
			b.warn(err.Error())
		} else {
			b.aliases = a
		}
	}
	b.openings = nil
	if data, err := fs.ReadFile(b.src, archive.OpeningsFile); err == nil {
		fmt.Fprintf(&stamp, "%s\x00%x\x00", archive.OpeningsFile, crc32.ChecksumIEEE(data))
		if o, err := archive.ParseOpenings(b.where(archive.OpeningsFile), data); err != nil {
			b.warn(err.Error())
		} else {
			b.openings = o
		}
	}
	for _, dir := range sortedKeys(b.folders) {
		name := path.Join(dir, event.ConfigFile)
		data, err := fs.ReadFile(b.src, name)
		if err != nil {
			continue // no event here
		}
		fmt.Fprintf(&stamp, "%s\x00%x\x00", name, crc32.ChecksumIEEE(data))
		cfg, err := event.DecodeConfig(b.where(name), data)
		if err != nil {
			b.warn(err.Error())
			continue
		}
		ev := &eventSite{dir: dir, cfg: cfg, href: eventHref(dir)}
		md := b.folders[dir].pages // event.md, or event.p2.md: a page of the event's
		if i := slices.IndexFunc(md, func(p string) bool { return isPageOf(ev.href, b.pages[p]) }); i >= 0 {
			b.warn(fmt.Sprintf("%s: the event's pages would overwrite the page of %s; rename it", b.where(name), md[i]))
			continue
		}
		b.eventIn[dir] = ev
		b.events = append(b.events, ev)
	}
	b.stamp = stamp.String()
}

// eventAt is the event of the nearest folder above a record file whose name a game's Event
// tag gives, nil if none.
func (b *build) eventAt(file, name string) *eventSite {
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

// eventRow adds to a game's row of the catalog what the event and player pages need of it:
// its place in its event (or why it has none), its game for the rating list, its opening.
func (b *build) eventRow(file string, rec *notation.Record, gi *gameInfo) {
	if ev := b.eventAt(file, gi.Event); ev != nil {
		eg, err := event.GameOf(rec, strings.TrimPrefix(file, ev.dir+"/"), b.where(file))
		if err != nil {
			gi.EventProblem = err.Error()
		} else {
			gi.EventGame = &eg
		}
	}
	if r, ok := event.RatedOf(rec, b.aliases); ok {
		gi.Rated = &r
	}
	gi.Opening = opening(rec)
	if start, err := rec.Start(); err == nil && b.openings.Len() > 0 {
		toks := make([]string, len(rec.Moves))
		for i, mv := range rec.Moves {
			toks[i] = mv.Token
		}
		gi.OpeningName, _ = b.openings.Of(start, toks)
	}
}

// collectEventsAndPlayers gathers the games of every event and of every player from the
// catalog, and computes the standings and the ratings.
func (b *build) collectEventsAndPlayers() {
	var placed []eventAt
	b.players = map[string]*player{}
	var rated []event.Rated
	for _, file := range b.records {
		e := b.entries[file]
		if e == nil {
			continue
		}
		for i := range e.Games {
			gi := &e.Games[i]
			if ev := b.eventAt(file, gi.Event); ev != nil {
				switch {
				case gi.EventProblem != "":
					ev.probs = append(ev.probs, gi.EventProblem)
				case gi.EventGame != nil:
					placed = append(placed, eventAt{ev, eventPlace{file, GameHref(file, i+1), *gi.EventGame}})
				}
			}
			if gi.Rated != nil {
				rated = append(rated, *gi.Rated)
			}
			if eg := gi.EventGame; eg != nil && (eg.Bye() || (!eg.Decided() && eg.Moves == 0)) {
				continue // a bye, or a pairing not played yet: no game of its players
			}
			if event.Key(gi.South) != "" { // "-", a bye's opponent, is nobody
				b.playerOf(gi.South).add(playedGame{file: file, n: i + 1, south: true}, gi.South)
			}
			if event.Key(gi.North) != "" {
				b.playerOf(gi.North).add(playedGame{file: file, n: i + 1, north: true}, gi.North)
			}
		}
	}
	b.placeEventGames(placed)
	for _, ev := range b.events {
		ev.table = event.Standings(ev.cfg, ev.games, 0)
		for _, st := range ev.table.Standings {
			p := b.playerOf(st.Player)
			p.events = append(p.events, eventResult{Event: link{Href: ev.href, Text: ev.cfg.Name},
				Rank: st.Rank, Games: st.Games, Of: len(ev.table.Standings), Points: event.FormatPoints(st.Points)})
		}
	}
	for _, r := range event.Ratings(rated, true) {
		p := b.playerOf(r.Player)
		p.ratings = append(p.ratings, r)
	}
}

// eventAt is one game placed in its event.
type eventAt struct {
	ev *eventSite
	eventPlace
}

// placeEventGames puts the games of each event in the event's order (event.Sort: round,
// board, game, then file), and steps from each game's page to the next across the event's
// round files.
func (b *build) placeEventGames(placed []eventAt) {
	of := map[*eventSite][]eventPlace{}
	for _, p := range placed {
		of[p.ev] = append(of[p.ev], p.eventPlace)
	}
	b.steps, b.around = map[string]eventStep{}, map[string]string{}
	for _, ev := range b.events {
		ps := of[ev]
		slices.SortStableFunc(ps, func(x, y eventPlace) int { return event.Compare(x.game, y.game) })
		ev.games, ev.pages = make([]event.Game, len(ps)), make([]string, len(ps))
		for i, p := range ps {
			ev.games[i], ev.pages[i] = p.game, p.page
			var st eventStep
			if i > 0 {
				st.prev = ps[i-1]
			}
			if i+1 < len(ps) {
				st.next = ps[i+1]
			}
			b.steps[p.page] = st
			b.around[p.file] += p.page + "\x00" + st.prev.page + "\x00" + st.next.page + "\x00"
		}
	}
	for f, a := range b.around { // short, for the manifest
		b.around[f] = fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(a)))
	}
}

// readEventGames places the games of every event before any game page is written, reading
// only the record files inside an event's folder: a game's page links to the games before and
// after it in its event, which may be in another file.
func (b *build) readEventGames() {
	if len(b.events) == 0 {
		return
	}
	var placed []eventAt
	for _, file := range b.records {
		if !b.inEvent(file) {
			continue
		}
		_ = scanGames(b.src, file, b.where(file), func(n int, _ bool, rec *notation.Record, _ notation.ErrorList) error {
			if ev := b.eventAt(file, rec.Tag("Event")); ev != nil {
				if eg, err := event.GameOf(rec, strings.TrimPrefix(file, ev.dir+"/"), b.where(file)); err == nil {
					placed = append(placed, eventAt{ev, eventPlace{file, GameHref(file, n), eg}})
				}
			}
			return nil
		}) // a file that cannot be read is reported as its pages are written
	}
	b.placeEventGames(placed)
}

// inEvent reports whether a record file lies in an event's folder.
func (b *build) inEvent(file string) bool {
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
func (b *build) stepLinks(g *game) (prev, next *link, label string) {
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
func (b *build) eventLinks(f *folder) []link {
	if ev := b.eventIn[f.dir]; ev != nil {
		return []link{b.eventPageLink(ev)}
	}
	return nil
}

// eventPageLink is the event page's link from its folder's page and its games' pages.
func (b *build) eventPageLink(ev *eventSite) link {
	return link{Href: ev.href, Text: b.l.T("event.link", "Event", ev.cfg.Name)}
}

// eventLink links a game's page to its event's, nil for a game of no event.
func (b *build) eventLink(g *game) *link {
	if ev := b.eventAt(g.file, g.tag("Event")); ev != nil {
		l := b.eventPageLink(ev)
		return &l
	}
	return nil
}

// eventHref is the page of the event g belongs to, "" if none.
func (b *build) eventHref(g *game) string {
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
func (b *build) eventView(ev *eventSite, pd pageData, i int) eventPage {
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
		{"Variant", c.Variant}, {"Format", format}, {"GamesPer", gamesPer(c.Games)}} {
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
func (b *build) eventPage(ev *eventSite, i int) ([]byte, error) {
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
