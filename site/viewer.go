package site

import (
	"encoding/json"
	"html/template"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/internal/sowing"
	"github.com/bao-archive/bao/site/board"
)

// viewerData is the data block the viewer script steps through: the words of the sowing
// steps, each once, and one string per node of the game's tree:
//
//	{"w":["placed: @ from reserve","lap: @ from @",…],"n":["4o 20o","5f S0:1,,,5 S1:3:A6,5,,4-2",…]}
//
// Most words differ only in pit names and numbers ("relay: 3 from A1"): w holds their
// patterns ("relay: @ from @"), and a step gives the names and numbers (see splitWords).
// A node's string is tokens separated by spaces:
//
//	4o 20b 3s     the marks of the position on a pit: o a nyumba still owned, b the block,
//	              s and n reserved by South or North (kuweka mtoto); a node without any has
//	              those of the node before it, "-" none
//	5f            the pit the move started from
//	P7 N9         the previous and next nodes of the line, where they are not the nodes just
//	              before and after (variations; the last node has no next)
//	S… X… =… E…   the sowing steps of the move that led there, in order (sowing.Step)
//
// The counts, caption and info line of each node are not repeated here: the script reads
// them from the page's table of positions, which readers without JavaScript use instead. The
// pits a move sowed into and captured from are marked on its board: the script reads them
// from the steps. It is written by hand because every game page carries one for each of its
// plies: this is the build's third hot path. Strings are escaped for JSON and for the script
// element holding it.
func viewerData(l *lang.Lang, g *game) template.JS {
	var w, words strings.Builder
	v := g.variant()
	index := map[string]int{}
	// word writes a step's words as the number of their pattern in w, the words with each
	// pit name and number replaced by "@", then the names and numbers, ":" before each.
	var pattern strings.Builder
	var args []string
	word := func(w *strings.Builder, text string) {
		if text == "" {
			return
		}
		pattern.Reset()
		args = args[:0]
		if strings.IndexByte(text, '@') >= 0 {
			pattern.WriteString(text) // kept whole: its "@" is not a place for a name
		} else {
			args = splitWords(&pattern, text, args)
		}
		i, ok := index[pattern.String()]
		if !ok {
			i = len(index)
			index[pattern.String()] = i
			if i > 0 {
				words.WriteByte(',')
			}
			jsonString(&words, pattern.String())
		}
		w.WriteString(strconv.Itoa(i))
		for _, a := range args {
			w.WriteString(":" + a)
		}
	}
	var ref strings.Builder // a step's words, as word writes them
	var step []byte
	held := make([]string, len(g.nodes)) // each node's marks of the position, as written
	var marks strings.Builder
	for i, n := range g.nodes {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteByte('"')
		sep := ""
		tok := func(s string) {
			w.WriteString(sep + s)
			sep = " "
		}
		marks.Reset()
		for k := range v.Pits() {
			if c := board.PosLetters(n.pos, engine.Pit(k)); c != "" {
				if marks.Len() > 0 {
					marks.WriteByte(' ')
				}
				marks.WriteString(strconv.Itoa(k) + c)
			}
		}
		held[i] = marks.String()
		switch {
		case n.prev >= 0 && held[i] == held[n.prev]: // as before the move
		case held[i] == "":
			tok("-")
		default:
			tok(held[i])
		}
		for k, m := range n.marks {
			if m&board.From != 0 {
				tok(strconv.Itoa(k) + "f")
			}
		}
		if n.prev != i-1 {
			tok("P" + strconv.Itoa(n.prev))
		}
		if next := i + 1; next == len(g.nodes) && n.next != -1 || next < len(g.nodes) && n.next != next {
			tok("N" + strconv.Itoa(n.next))
		}
		if n.prev >= 0 && n.trace != nil {
			for _, st := range sowing.Steps(g.nodes[n.prev].pos, *n.trace, n.pos) {
				tok("")
				ref.Reset()
				word(&ref, stepWords(l, v, st.Said))
				step = sowing.Append(step[:0], st, ref.String())
				w.Write(step)
			}
		}
		w.WriteByte('"')
	}
	return trustedJS(`{"w":[` + words.String() + `],"n":[` + w.String() + `]}`)
}

// splitWords writes text to pattern with "@" in place of each pit name and number (a word of
// digits, or a letter and digits), and returns those, appended to args.
func splitWords(pattern *strings.Builder, text string, args []string) []string {
	isDigit := func(c byte) bool { return '0' <= c && c <= '9' }
	isLetter := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
	for i := 0; i < len(text); {
		// a word starts at i if the byte before is neither letter nor digit
		if i == 0 || !isLetter(text[i-1]) && !isDigit(text[i-1]) {
			j := i
			if isLetter(text[j]) {
				j++
			}
			k := j
			for k < len(text) && isDigit(text[k]) {
				k++
			}
			if k > j && (k == len(text) || !isLetter(text[k]) && !isDigit(text[k])) {
				pattern.WriteByte('@')
				args = append(args, text[i:k])
				i = k
				continue
			}
		}
		pattern.WriteByte(text[i])
		i++
	}
	return args
}

// jsonString writes s as a JSON string that is also safe inside a script element:
// encoding/json escapes <, > and &, and U+2028 and U+2029.
func jsonString(w *strings.Builder, s string) {
	b, _ := json.Marshal(s) // a string always encodes
	w.Write(b)
}

// stepWords say what a sowing step tells in the page's language: "relay: 3 from A1",
// "capture: 4 from a3, sown from kichwa A1", "takasia imposed: a4"; "" for a step without words.
func stepWords(l *lang.Lang, v *engine.Variant, said any) string {
	id, args := sowing.Words(v, said)
	if id == "" {
		return ""
	}
	return l.T(id, args...)
}
