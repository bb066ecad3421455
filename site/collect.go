package site

import (
	"fmt"
	"hash/crc32"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

// The builder's making of the catalogue from the archive's files: the events and players
// (events.go, players.go) and the facets of the lists (lists.go). The renderers only read
// what these make.

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

// collectFacets groups the catalog's games by facet value.
func (b *build) collectFacets() {
	f := facets{}
	for _, k := range facetKinds {
		f[k.kind] = map[string]*facetValue{}
	}
	for i, name := range b.records {
		e := b.entries[name]
		if e == nil {
			continue
		}
		for n := range e.Games {
			ref := gameRef{int32(i), int32(n + 1)}
			e.Games[n].facetKeys(func(kind, key, label string) {
				if key == "" {
					return
				}
				slug := notation.Slug(key)
				fv := f[kind][slug]
				if fv == nil {
					fv = &facetValue{label: label}
					f[kind][slug] = fv
				}
				if k := len(fv.games); k == 0 || fv.games[k-1] != ref {
					fv.games = append(fv.games, ref)
				}
			})
		}
	}
	b.facets = f
}

// playerOf is the player a spelling names, made on first sight: its page's name is the first
// met of the names that share the page.
func (b *build) playerOf(spelling string) *player {
	name := b.aliases.Name(spelling)
	href := playerHref(name)
	p := b.players[href]
	if p == nil {
		p = &player{name: name, href: href}
		b.players[href] = p
	}
	return p
}
