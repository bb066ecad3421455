package site

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site/board"
)

// gamePage is the data of a game's page.
type gamePage struct {
	pageData
	Game *gameView
}

type gameView struct {
	Heading, Subtitle string
	Board             *board.Board // the viewer's board, at the start
	Movetext          template.HTML
	Result            string
	Tags, Provenance  []tagView
	File              string
	Download          string // the record file, for readers to download
	Number            int
	Errors            []string
	Plies             template.JS
	Legend            template.HTML  // the key to the board (board.go)
	Positions         template.HTML  // the table's rows, for readers without JavaScript
	EvalGraph         *evalGraphView // nil unless the record has [%eval] (evalgraph.go)
	Event             *link          // the page of the event the game belongs to (events.go)
	Prev, Next        *link          // the games before and after it in its event, or else in its file
	StepsLabel        string         // names the pair: the games of its event, or of its file
	Page              string         // the game's page, which its embed page links back to
	Embed             string         // its embed page
	EmbedCode         string         // the HTML that frames the embed page, relative to the page
	// Opening is the name the archive's openings.toml gives the game's first moves, linked to
	// the position where the named line ends.
	Opening *link
	// Novelty is the first move no earlier game of the archive played (archive.Novelty),
	// linked to its position; Earlier the earlier games that reached the position before it.
	Novelty *link
	Earlier int
}

// embedPage is the data of a game's embed page: the board and the moves alone.
type embedPage struct {
	pageData
	Game *gameView
}

type tagView struct {
	Name, Value string
	Href        string // a list of games sharing the value
	URL         string // an external source
}

// provenanceTags say where a record comes from and who worked on it.
var provenanceTags = map[string]bool{"Source": true, "SourceRef": true, "Annotator": true,
	"Transcriber": true, "Language": true}

// gamePages renders a game's page and its embed page, or a puzzle's page (puzzle.go).
func (b *catalogue) gamePages(g *game) ([]rendered, error) {
	if g.winIn() > 0 {
		p, err := b.puzzlePages(g)
		return []rendered{p}, err
	}
	pd := b.newPage(g.href, "game", g.title(b.l))
	gv := &gameView{
		Heading:  b.l.T("game.title", "South", orUnknown(g.tag("South")), "North", orUnknown(g.tag("North"))),
		Subtitle: g.subtitle(b.l),
		File:     g.file,
		Download: recordFileHref(g.file),
		Result:   g.rec.Result,
		Errors:   g.errs,
	}
	if g.several {
		gv.Number = g.number
	}
	gv.Tags, gv.Provenance = b.tagViews(g)
	gv.Prev, gv.Next, gv.StepsLabel = b.stepLinks(g)
	gv.Event = b.eventLink(g)
	b.openingAndNovelty(g, gv)
	dc := &docContext{b: b, file: g.file, root: pd.Root, variant: g.variant(), game: g}
	if g.variant() != nil {
		dc.keyed = map[*engine.Variant]bool{g.variant(): true} // the page's own key explains its diagrams
		gv.Board = board.New(b.l, g.start, nil)
		gv.Board.ID = "board"
		gv.Board.Caption = g.caption(b.l, g.nodes[0])
		gv.Plies = viewerData(b.l, g)
		gv.Legend = board.Legend(b.l, g.variant())
		gv.Positions = positionRows(b.l, g, gv.Board)
		gv.EvalGraph = evalGraph(g)
	}
	var mt strings.Builder
	b.movetext(&mt, g, dc, g.rec.Moves, g.rec.Comments)
	gv.Movetext = trustedHTML(mt.String()) // escaped as written: see movetext
	embed := embedHref(g.file, g.number)
	gv.Page, gv.Embed = g.href, embed
	gv.EmbedCode = `<iframe src="` + escapeHTML(pd.Root+embed) + `" title="` + escapeHTML(g.title(b.l)) +
		`" width="100%" height="720" loading="lazy"></iframe>`
	page, err := b.renderAs(g.href, "game", gamePage{pageData: pd, Game: gv})
	if err != nil {
		return nil, err
	}
	// The embed page: the same board and moves, whose links lead out of the frame.
	framed, err := b.renderAs(embed, "embed", embedPage{pageData: b.newPage(embed, "embed", g.title(b.l)), Game: gv})
	if err != nil {
		return nil, err
	}
	return []rendered{page, framed}, nil
}

// positionRows writes the rows of the table that readers without JavaScript get in place of
// the viewer: a row per node of the game, in the order of the tree, with its caption, its
// info line and the counts of each row of the board, "2 2 0 …", top to bottom as drawn. The
// move links point at the rows (#p12), and the viewer reads its positions from them. The
// optional end tags are left out, as HTML allows: a game has hundreds of cells. It is written
// here rather than by the template because it was half of the build's time there.
func positionRows(l *lang.Lang, g *game, bd *board.Board) template.HTML {
	var w strings.Builder
	w.Grow(len(g.nodes) * (64 + 3*len(bd.Pits)))
	for _, n := range g.nodes {
		w.WriteString(`<tr id="p` + strconv.Itoa(n.id) + `" data-bpn="` + escapeHTML(n.pos.String()) + `"><th>` + escapeHTML(g.caption(l, n)) +
			`<td>` + escapeHTML(board.Info(l, n.pos)))
		for _, r := range bd.Rows {
			w.WriteString("<td>")
			for i, p := range r.Pits {
				if i > 0 {
					w.WriteByte(' ')
				}
				w.WriteString(strconv.Itoa(n.pos.Seeds(engine.Pit(p))))
			}
		}
		w.WriteByte('\n')
	}
	return trustedHTML(w.String())
}

// subtitle is the line under the heading: event, site, date, round, variant, result.
func (g *game) subtitle(l *lang.Lang) string {
	var parts []string
	for _, t := range []string{"Event", "Site"} {
		if v := g.tag(t); v != "" {
			parts = append(parts, v)
		}
	}
	if d := l.Date(g.tag("Date")); d != "" {
		parts = append(parts, d)
	}
	if r := g.tag("Round"); r != "" {
		parts = append(parts, l.T("game.round", "Round", r))
	}
	if v := g.variant(); v != nil {
		parts = append(parts, v.Name())
	} else if v := g.tag("Variant"); v != "" {
		parts = append(parts, v)
	}
	if r := g.rec.Result; r != "" && r != "*" {
		parts = append(parts, r)
	}
	return strings.Join(parts, " · ")
}

// tagViews splits the tags into the roster (with links to the lists) and provenance.
func (b *catalogue) tagViews(g *game) (roster, prov []tagView) {
	for _, t := range g.rec.Tags {
		tv := tagView{Name: t.Name, Value: t.Value}
		if provenanceTags[t.Name] {
			if strings.HasPrefix(t.Value, "https://") || strings.HasPrefix(t.Value, "http://") {
				tv.URL = t.Value
			}
			prov = append(prov, tv)
			continue
		}
		switch t.Name {
		case "Event":
			if tv.Href = b.eventHref(g); tv.Href == "" && g.tag("Event") != "" {
				tv.Href = b.facetHref("event", g.tag("Event"))
			}
		case "South", "North":
			if v := g.tag(t.Name); v != "" {
				tv.Href = b.playerLink(v).Href // the player's page (players.go)
			}
		case "Date":
			if y := g.year(); y != "" {
				tv.Href = b.facetHref("year", y)
			}
		case "Variant":
			if v := g.variant(); v != nil {
				tv.Href = b.facetHref("variant", v.ID())
			}
		case "Termination":
			tv.Value = Ended(b.l, t.Value)
		}
		roster = append(roster, tv)
	}
	return roster, prov
}

// nags writes NAGs as symbols ($1..$6 as ! ? !! ?? !? ?!; others as $n) with their meanings
// (nag.1 …, nag.code for the others).
func nags(l *lang.Lang, ns []int) (sym, title string) {
	var s, t []string
	for _, n := range ns {
		if glyph, _, ok := notation.Glyph(n); ok {
			s, t = append(s, glyph), append(t, l.T("nag."+strconv.Itoa(n)))
		} else {
			s, t = append(s, fmt.Sprintf("$%d", n)), append(t, l.N("nag.code", n))
		}
	}
	return strings.Join(s, ""), strings.Join(t, ", ")
}

// caption names a node: "12. A6<*", "12... a4>!", or the start.
func (g *game) caption(l *lang.Lang, n *node) string {
	if n.move == nil {
		if g.rec.Tag("Position") != "" {
			return l.T("game.setup")
		}
		return l.T("game.start")
	}
	if n.gap {
		num, south := g.moveNumber(n.depth + 1)
		label := strconv.Itoa(num) + "."
		if !south {
			label += ".."
		}
		return l.T("game.gap", "Move", label)
	}
	num, south := g.moveNumber(n.depth)
	dots := "."
	if !south {
		dots = "..."
	}
	sym, _ := nags(l, n.move.NAGs)
	return strconv.Itoa(num) + dots + " " + n.move.Token + sym
}

// comments renders comment texts as Markdown.
func (b *catalogue) comments(dc *docContext, cs []notation.Comment) []template.HTML {
	var out []template.HTML
	for _, c := range cs {
		text := strings.TrimSpace(notation.Prose(c.Text)) // the commands are for machines
		if text == "" {
			continue
		}
		cdc := *dc
		cdc.line = c.Pos.Line
		out = append(out, b.s.markdown(dedent(c.Text), &cdc))
	}
	return out
}

// dedent removes the indentation common to a comment's lines after the first, which a record
// writer adds to wrap long comments and which Markdown would read as a code block.
func dedent(s string) string {
	s = notation.Prose(s)
	lines := strings.Split(s, "\n")
	indent := -1
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	for i := 1; i < len(lines) && indent > 0; i++ {
		if len(lines[i]) >= indent {
			lines[i] = lines[i][indent:]
		}
	}
	lines[0] = strings.TrimLeft(lines[0], " \t")
	return strings.Join(lines, "\n")
}

// openingAndNovelty names the game's opening (the archive's openings.toml) and finds its
// novelty (the archive's index, which computed it).
func (b *catalogue) openingAndNovelty(g *game, gv *gameView) {
	if g.variant() == nil || g.plies == 0 {
		return
	}
	path := make([]engine.Position, g.plies+1)
	for i := range path {
		path[i] = g.nodes[i].pos
	}
	if name, plies := b.openings.OfPath(path); name != "" {
		gv.Opening = &link{Text: name, Href: plyAnchor(plies), Note: g.caption(b.l, g.nodes[plies])}
	}
	nov, ok, err := b.ask.novelty(g.file, g.number)
	if err != nil {
		g.warnings = append(g.warnings, fmt.Sprintf("%s: novelty: %v", g.where, err))
		return
	}
	if ok && nov.Ply <= g.plies {
		gv.Novelty = &link{Text: g.caption(b.l, g.nodes[nov.Ply]), Href: plyAnchor(nov.Ply)}
		gv.Earlier = nov.Earlier
	}
}

// Ended is how a game ended (its Termination tag: resignation, time forfeit, …) as language l
// says it, in the words the page scripts use too (js.term.*); one bao does not know, as
// written.
func Ended(l *lang.Lang, term string) string {
	if id := "js.term." + strings.ReplaceAll(term, " ", "-"); l.Has(id) {
		return l.T(id)
	}
	return term
}
