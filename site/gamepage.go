package site

import (
	"fmt"
	"html/template"
	"path"
	"regexp"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// gamePage is the data of a game's page.
type gamePage struct {
	pageData
	Game *gameView
}

type gameView struct {
	Heading, Subtitle string
	Board             *boardView // the viewer's board, at the start
	Moves             []moveItem
	Result            string
	Final             *diagramView
	Tags, Provenance  []tagView
	File              string
	Number            int
	Errors            []string
	Plies             []plyJSON
}

// moveItem is one move of the move list, with its comments and variations.
type moveItem struct {
	ID             int
	Num            string
	Token          string
	NAGs, NAGTitle string
	Before, After  []template.HTML
	Vars           []varItem
	Err            string
}

type varItem struct {
	Moves []moveItem
	After []template.HTML
}

type tagView struct {
	Name, Value string
	Href        string // a list of games sharing the value
	URL         string // an external source
}

// plyJSON is one node for the viewer script: counts, the pits' changing classes, the texts
// under the board, and the neighbours in its line.
type plyJSON struct {
	C []int          `json:"c"`
	K map[int]string `json:"k"`
	I string         `json:"i"`
	M string         `json:"m"`
	P int            `json:"p"`
	N int            `json:"n"`
	O []jsLink       `json:"o,omitempty"`
}

type jsLink struct {
	H string `json:"h"`
	T string `json:"t"`
}

// provenanceTags say where a record comes from and who worked on it.
var provenanceTags = map[string]bool{"Source": true, "SourceRef": true, "Annotator": true,
	"Transcriber": true, "Language": true}

func (b *build) writeGame(g *game) error {
	pd := b.newPage(g.href, "game", g.title())
	gv := &gameView{
		Heading:  orUnknown(g.tag("South")) + " – " + orUnknown(g.tag("North")),
		Subtitle: g.subtitle(),
		File:     g.file,
		Result:   g.rec.Result,
		Errors:   g.errs,
	}
	if len(b.gamesIn(g.file)) > 1 {
		gv.Number = g.number
	}
	gv.Tags, gv.Provenance = b.tagViews(g)
	dc := &docContext{b: b, file: g.file, root: pd.Root, variant: g.variant(), game: g}
	if g.variant() != nil {
		gv.Board = newBoard(g.start, nil)
		gv.Board.ID = "board"
		gv.Board.Caption = g.caption(g.nodes[0])
		gv.Plies = b.plies(g, pd.Root)
		if g.plies > 0 {
			last := g.nodes[g.plies]
			fb := newBoard(last.pos, last.marks)
			fb.Caption = g.caption(last)
			gv.Final = &diagramView{Board: fb, Root: pd.Root}
		}
	}
	gv.Moves = b.moveItems(g, dc, g.rec.Moves, g.rec.Comments)
	return b.write(g.href, "game", gamePage{pageData: pd, Game: gv})
}

// gamesIn lists the games read from one record file.
func (b *build) gamesIn(file string) []*game {
	return b.folders[path.Dir(file)].gamesOf(file)
}

// subtitle is the line under the heading: event, site, date, round, variant, result.
func (g *game) subtitle() string {
	var parts []string
	for _, t := range []string{"Event", "Site", "Date"} {
		if v := g.tag(t); v != "" {
			parts = append(parts, v)
		}
	}
	if r := g.tag("Round"); r != "" {
		parts = append(parts, "round "+r)
	}
	if v := g.variant(); v != nil {
		parts = append(parts, v.Name)
	} else if v := g.tag("Variant"); v != "" {
		parts = append(parts, v)
	}
	if r := g.rec.Result; r != "" && r != "*" {
		parts = append(parts, r)
	}
	return strings.Join(parts, " · ")
}

// tagViews splits the tags into the roster (with links to the lists) and provenance.
func (b *build) tagViews(g *game) (roster, prov []tagView) {
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
			if v := g.tag("Event"); v != "" {
				tv.Href = b.facetHref("event", v)
			}
		case "South", "North":
			if v := g.tag(t.Name); v != "" {
				tv.Href = b.facetHref("player", v)
			}
		case "Date":
			if y := g.year(); y != "" {
				tv.Href = b.facetHref("year", y)
			}
		case "Variant":
			if v := g.variant(); v != nil {
				tv.Href = b.facetHref("variant", v.ID)
			}
		}
		roster = append(roster, tv)
	}
	return roster, prov
}

var nagSymbols = map[int][2]string{
	1: {"!", "good move"}, 2: {"?", "mistake"}, 3: {"!!", "brilliant move"},
	4: {"??", "blunder"}, 5: {"!?", "interesting move"}, 6: {"?!", "dubious move"},
}

// nags writes NAGs as symbols ($1..$6 as ! ? !! ?? !? ?!; others as $n) with their meanings.
func nags(ns []int) (sym, title string) {
	var s, t []string
	for _, n := range ns {
		if x, ok := nagSymbols[n]; ok {
			s, t = append(s, x[0]), append(t, x[1])
		} else {
			s, t = append(s, fmt.Sprintf("$%d", n)), append(t, fmt.Sprintf("NAG %d", n))
		}
	}
	return strings.Join(s, ""), strings.Join(t, ", ")
}

// caption names a node: "12. A6<*", "12... a4>!", or the start.
func (g *game) caption(n *node) string {
	if n.move == nil {
		if g.rec.Tag("Position") != "" {
			return "Set-up position"
		}
		return "Start"
	}
	num, south := g.moveNumber(n.depth)
	dots := "."
	if !south {
		dots = "..."
	}
	sym, _ := nags(n.move.NAGs)
	return fmt.Sprintf("%d%s %s%s", num, dots, n.move.Token, sym)
}

// moveItems builds the move list of a line. Comments of a game with no moves come as extra.
func (b *build) moveItems(g *game, dc *docContext, moves []*notation.Node, extra []notation.Comment) []moveItem {
	var items []moveItem
	if len(extra) > 0 {
		items = append(items, moveItem{ID: -1, Before: b.comments(dc, extra)})
	}
	needNum := true
	for _, mv := range moves {
		id, ok := g.ids[mv]
		if !ok {
			if msg, bad := g.failed[mv]; bad {
				items = append(items, moveItem{ID: -1, Err: msg})
			}
			break // the line stopped here
		}
		n := g.nodes[id]
		it := moveItem{ID: id, Token: mv.Token, Before: b.comments(dc, mv.Before), After: b.comments(dc, mv.After)}
		it.NAGs, it.NAGTitle = nags(mv.NAGs)
		num, south := g.moveNumber(n.depth)
		switch {
		case south:
			it.Num = fmt.Sprintf("%d.", num)
		case needNum || len(it.Before) > 0:
			it.Num = fmt.Sprintf("%d...", num)
		}
		for _, v := range mv.Variations {
			it.Vars = append(it.Vars, varItem{Moves: b.moveItems(g, dc, v.Moves, nil), After: b.comments(dc, v.After)})
		}
		needNum = len(it.After) > 0 || len(it.Vars) > 0
		items = append(items, it)
	}
	return items
}

// commandRE matches [%cmd …] commands in comments: for machines, not shown.
var commandRE = regexp.MustCompile(`\[%[^\]]*\]`)

// comments renders comment texts as Markdown.
func (b *build) comments(dc *docContext, cs []notation.Comment) []template.HTML {
	var out []template.HTML
	for _, c := range cs {
		text := strings.TrimSpace(commandRE.ReplaceAllString(c.Text, ""))
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
	s = commandRE.ReplaceAllString(s, "")
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

// plies is the viewer's data: one entry per node of the game's tree.
func (b *build) plies(g *game, root string) []plyJSON {
	out := make([]plyJSON, len(g.nodes))
	v := g.variant()
	for i, n := range g.nodes {
		p := plyJSON{C: make([]int, v.Pits()), K: map[int]string{}, I: positionInfo(n.pos),
			M: g.caption(n), P: n.prev, N: n.next}
		for k := range p.C {
			pit := engine.Pit(k)
			p.C[k] = n.pos.Seeds(pit)
			if d := dynClass(n.pos, pit, n.marks); d != "" {
				p.K[k] = d
			}
		}
		if i <= g.plies {
			links, more := b.others(n.pos, g, i)
			for _, l := range links {
				p.O = append(p.O, jsLink{H: root + l.Href, T: l.Text})
			}
			if more > 0 {
				p.O = append(p.O, jsLink{H: root + "search.html", T: fmt.Sprintf("and %d more", more)})
			}
		}
		out[i] = p
	}
	return out
}
