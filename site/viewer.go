package site

import (
	"html/template"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/english"
)

// viewerData is the JSON array the viewer script steps through, one object per node of the
// game's tree:
//
//	{"c":[counts by pit],"k":{"pit":"classes"},"i":"info","m":"caption","p":prev,"n":next,
//	 "o":[{"h":href,"t":text}]}
//
// k holds the classes that change with the position (house owned, block, reserved, the last
// move's marks) for the pits that have any; o the other games that reached the position. It is
// written by hand because every game page carries one for each of its plies: this is the
// build's third hot path. Strings are escaped for JSON and for the script element holding it.
func (b *build) viewerData(g *game, root string) template.JS {
	var w strings.Builder
	v := g.variant()
	w.WriteByte('[')
	for i, n := range g.nodes {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteString(`{"c":[`)
		for k := range v.Pits() {
			if k > 0 {
				w.WriteByte(',')
			}
			w.WriteString(strconv.Itoa(n.pos.Seeds(engine.Pit(k))))
		}
		w.WriteString(`],"k":{`)
		first := true
		for k := range v.Pits() {
			if d := dynClass(n.pos, engine.Pit(k), n.marks); d != "" {
				if !first {
					w.WriteByte(',')
				}
				first = false
				w.WriteString(`"` + strconv.Itoa(k) + `":`)
				jsonString(&w, d)
			}
		}
		w.WriteString(`},"i":`)
		jsonString(&w, positionInfo(n.pos))
		w.WriteString(`,"m":`)
		jsonString(&w, g.caption(n))
		w.WriteString(`,"p":` + strconv.Itoa(n.prev) + `,"n":` + strconv.Itoa(n.next))
		if i <= g.plies {
			links, more := b.others(n.pos, g, false)
			if more > 0 {
				links = append(links, link{Href: "search.html", Text: "and " + english.Count(more, "more game")})
			}
			if len(links) > 0 {
				w.WriteString(`,"o":[`)
				for j, l := range links {
					if j > 0 {
						w.WriteByte(',')
					}
					w.WriteString(`{"h":`)
					jsonString(&w, root+l.Href)
					w.WriteString(`,"t":`)
					jsonString(&w, l.Text)
					w.WriteByte('}')
				}
				w.WriteByte(']')
			}
		}
		w.WriteByte('}')
	}
	w.WriteByte(']')
	return template.JS(w.String())
}

// jsonString writes s as a JSON string that is also safe inside a script element: <, > and &
// are escaped as \u003c, \u003e and \u0026, as encoding/json does.
func jsonString(w *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	w.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			w.WriteByte('\\')
			w.WriteByte(c)
		case c < 0x20 || c == '<' || c == '>' || c == '&':
			w.WriteString(`\u00` + string(hex[c>>4]) + string(hex[c&0xf]))
		case c < utf8.RuneSelf:
			w.WriteByte(c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == '\u2028' || r == '\u2029' || r == utf8.RuneError && size == 1 {
				w.WriteString(`\u` + strconv.FormatInt(int64(r), 16))
			} else {
				w.WriteString(s[i : i+size])
			}
			i += size
			continue
		}
		i++
	}
	w.WriteByte('"')
}
