package site

import (
	"strings"
	"sync"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site/board"
)

// BoardStyle is the site's stylesheet for a board drawn as an image (board.Board.Image): the
// rules of static/site.css that draw a board's parts, with its colours, taken from it so that
// an image looks as the pages do. The rules that size a board on a page, or belong to the
// analysis board's input, are left out.
var BoardStyle = sync.OnceValue(func() string {
	css, err := files.ReadFile(siteStyleHref)
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	return boardRules(string(css))
})

// boardRules picks a board's rules out of a stylesheet: the custom properties of :root (given
// to the image's root) and every top-level rule all of whose selectors draw inside svg.board.
func boardRules(css string) string {
	for {
		i := strings.Index(css, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(css[i+2:], "*/")
		if j < 0 {
			css = css[:i]
			break
		}
		css = css[:i] + css[i+2+j+2:]
	}
	var out strings.Builder
	for css != "" {
		open := strings.IndexByte(css, '{')
		if open < 0 {
			break
		}
		sel := strings.TrimSpace(css[:open])
		// the block's end, past any nested block (@media)
		depth, end := 0, len(css)
		for k := open; k < len(css); k++ {
			if css[k] == '{' {
				depth++
			} else if css[k] == '}' {
				if depth--; depth == 0 {
					end = k
					break
				}
			}
		}
		body := strings.TrimSpace(css[open+1 : min(end, len(css))])
		css = css[min(end+1, len(css)):]
		switch {
		case sel == ":root":
			out.WriteString("svg.image { " + body + " }\n")
		case drawsBoard(sel):
			out.WriteString(sel + " { " + body + " }\n")
		}
	}
	return out.String()
}

// drawsBoard tells whether every selector of a rule styles a part of a board (svg.board …),
// not the board's size on a page or the analysis board's input.
func drawsBoard(sel string) bool {
	for _, s := range strings.Split(sel, ",") {
		s = strings.TrimSpace(s)
		if !strings.HasPrefix(s, "svg.board") || !strings.Contains(s, " ") ||
			strings.Contains(s, ".input") || strings.Contains(s, "[data-analysis]") || strings.Contains(s, ".flipped") {
			return false
		}
	}
	return true
}

// PositionImage draws position p, after the move traced by h (nil: none), as a standalone SVG
// named caption, in language l: what bao show --svg writes.
func PositionImage(l *lang.Lang, p engine.Position, h board.Highlight, caption string) []byte {
	b := board.New(l, p, h)
	b.Caption = caption
	return b.Image(BoardStyle())
}
