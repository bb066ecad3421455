package site

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
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
