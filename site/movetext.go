package site

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
)

// movetext writes a line of moves as HTML: move numbers, the moves as links the viewer
// follows, NAGs as symbols, comments (Markdown) as blocks, variations indented, and the reason
// a line stops early. It is written here rather than by a template because games are long and
// many: this is, with the boards, the build's hot path. Every text is escaped; comments come
// from Site.markdown. A move is a link to its node's row of the positions table, "#p12", and
// nothing more: the viewer finds it by that address. extra holds the comments of a game without moves.
func (b *catalogue) movetext(w *strings.Builder, g *game, dc *docContext, moves []*notation.Node, extra []notation.Comment) {
	writeComments(w, b.comments(dc, extra))
	needNum := true
	for _, mv := range moves {
		id, ok := g.ids[mv]
		if !ok {
			if msg, bad := g.failed[mv]; bad {
				w.WriteString(`<span class="bao-error" role="alert">` + escapeHTML(msg) + `</span>`)
			}
			return // the line stops here
		}
		before := b.comments(dc, mv.Before)
		writeComments(w, before)
		num, south := g.moveNumber(g.nodes[id].depth)
		if g.nodes[id].gap { // moves lost: the board jumps to the checkpoint after them
			w.WriteString(`<a href="` + plyAnchor(id) + `" class="gap" title="` + escapeHTML(g.caption(b.l, g.nodes[id])) + `">` +
				escapeHTML(b.l.T("game.gap.mark")) + `</a> `)
			writeComments(w, b.comments(dc, mv.After))
			needNum = true
			continue
		}
		w.WriteString(`<span class="mv">`) // the number, the move and its glyphs on one line
		switch {
		case south:
			fmt.Fprintf(w, `<span class="num">%d.</span>`, num)
		case needNum || len(before) > 0:
			fmt.Fprintf(w, `<span class="num">%d...</span>`, num)
		}
		at := plyAnchor(id)
		if f := g.nodes[id].filled; f != "" { // shown as read, the scribe's ? on hover
			w.WriteString(`<a href="` + at + `" class="filled" title="` + escapeHTML(b.l.T("game.filled", "Was", mv.Token)) + `">` + escapeHTML(f) + `</a>`)
		} else {
			w.WriteString(`<a href="` + at + `"` + wasAttrs(b.l, mv) + `>` + escapeHTML(mv.Token) + `</a>`)
		}
		if sym, title := nags(b.l, mv.NAGs); sym != "" {
			w.WriteString(`<span class="nag" title="` + escapeHTML(title) + `">` + escapeHTML(sym) + `</span>`)
		}
		if e, ok := mv.Eval(); ok { // the engine's value, also drawn by the evaluation graph
			w.WriteString(` <span class="eval">` + escapeHTML(evalText(e)) + `</span>`)
		}
		w.WriteString("</span> ")
		after := b.comments(dc, mv.After)
		writeComments(w, after)
		for _, v := range mv.Variations {
			w.WriteString(`<div class="var">`)
			b.movetext(w, g, dc, v.Moves, nil)
			writeComments(w, b.comments(dc, v.After))
			w.WriteString(`</div>`)
		}
		needNum = len(after) > 0 || len(mv.Variations) > 0
	}
}

// wasAttrs marks a move that bao repair changed or filled in (its [%was] comment command):
// a class, and what the scribe wrote as the title shown on hover. It is empty for other moves.
func wasAttrs(l *lang.Lang, mv *notation.Node) string {
	was, ok := mv.Was()
	switch {
	case !ok:
		return ""
	case was == "":
		return ` class="repaired" title="` + escapeHTML(l.T("game.repaired")) + `"`
	case notation.Illegible(was):
		return ` class="filled" title="` + escapeHTML(l.T("game.filled", "Was", was)) + `"`
	}
	return ` class="repaired" title="` + escapeHTML(l.T("game.was", "Was", was)) + `"`
}

func writeComments(w *strings.Builder, cs []template.HTML) {
	for _, c := range cs {
		w.WriteString(`<div class="comment">` + string(c) + `</div>`)
	}
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
