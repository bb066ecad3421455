package exchange

import (
	"strings"
	"unicode"

	"github.com/bao-archive/bao/notation"
)

// A KIBA move list, as printed and as BoardGameArena's logs give it:
//
//	[Event "Zanzibar Open"]      optional PGN-style tags
//	 1: A6< a3>; 2: 6< a4>;       numbers as "1:", "1." or "1...", alone or before the move
//	                              ("1.A6<"); ";" and "," separate
//	 3: B3> a5<* ...  1-0         a result (1-0, 0-1, 1/2-1/2, *) ends a game
//
// A move whose row letter is left out (as in the namua stage, "6<") is in the mover's front
// row; a missing direction where only one is legal is left to the engine. A list that starts
// again at move 1 starts a new game; so does a new tag section after moves. A line that
// starts as a tag and is not one is reported and left out.
func readKIBA(file string, data []byte, o Options, emit func(*notation.Record) error) error {
	return readLists(file, data, o, emit, func(tok string, _ bool) string { return tok })
}

// An L/R list is a KIBA list whose directions are letters (B6R, A7L, as printed in de Voogt's
// games). L and R are the mover's left and right (KIBA's < and >), or with Options.BoardLR the
// board's left and right seen from South's seat, which for North are the other way round.
func readLR(file string, data []byte, o Options, emit func(*notation.Record) error) error {
	return readLists(file, data, o, emit, func(tok string, north bool) string {
		i := 0
		for i < len(tok) && (unicode.IsLetter(rune(tok[i])) && i == 0 || unicode.IsDigit(rune(tok[i]))) {
			i++
		}
		if i == 0 || i >= len(tok) {
			return tok
		}
		var dir byte
		switch tok[i] {
		case 'L', 'l':
			dir = '<'
		case 'R', 'r':
			dir = '>'
		default:
			return tok
		}
		if o.BoardLR && north {
			dir = '<' + '>' - dir
		}
		return tok[:i] + string(dir) + tok[i+1:]
	})
}

// word is a piece of a list with its place.
type word struct {
	text string
	pos  notation.Pos
}

// readLists reads numbered move lists, one game after another; convert turns a written
// token into a KIBA token, knowing whether North moves. Each game goes to emit when it ends.
func readLists(file string, data []byte, o Options, emit func(*notation.Record) error, convert func(tok string, north bool) string) error {
	games := 0
	var tags []notation.Tag
	var toks []placed
	var result placed
	var bad notation.ErrorList
	var stopped error // emit's
	flush := func() {
		if stopped == nil && (len(toks) > 0 || result.tok != "" || len(tags) > 0) {
			games++
			stopped = emit(fromTokens(o.Variant, tags, toks, result))
		}
		tags, toks, result = nil, nil, placed{}
	}
	for _, line := range lines(data) {
		text := strings.TrimSpace(line.text)
		if strings.HasPrefix(text, "%") || strings.HasPrefix(text, "#") {
			continue // a comment line
		}
		if strings.HasPrefix(text, "[") {
			if len(toks) > 0 || result.tok != "" {
				flush()
			}
			name, value, ok := parseTagLine(text)
			if !ok { // left out, and the games go on
				bad = append(bad, formatErr(file, line.pos, "a tag line is [Name \"value\"]").(*notation.Error))
				continue
			}
			tags = append(tags, notation.Tag{Name: name, Value: value, Pos: line.pos})
			continue
		}
		ws, open := words(line)
		if open.IsValid() {
			bad = append(bad, formatErr(file, open, "a { that its line does not close; the words after it are read as moves").(*notation.Error))
		}
		for _, w := range ws {
			if n := numberPrefix(w.text); n > 0 && n < len(w.text) { // "1.A6<", "2...a6<*"
				if numberOf(w.text) == 1 && len(toks) > 1 {
					flush()
				}
				w = word{w.text[n:], notation.Pos{Line: w.pos.Line, Col: w.pos.Col + n}}
			}
			switch {
			case isResult(w.text):
				result = placed{strings.ReplaceAll(w.text, "½", "1/2"), w.pos}
				flush()
			case isMoveNumber(w.text):
				if numberOf(w.text) == 1 && len(toks) > 1 {
					flush() // a list starting again at 1 is the next game
				}
			default:
				north := len(toks)%2 == 1
				tok := convert(w.text, north)
				if tok != "" && tok[0] >= '0' && tok[0] <= '9' {
					tok = map[bool]string{false: "A", true: "a"}[north] + tok
				}
				toks = append(toks, placed{tok, w.pos})
			}
		}
	}
	flush()
	if stopped != nil {
		return stopped
	}
	if games == 0 && len(bad) == 0 {
		return formatErr(file, notation.Pos{Line: 1, Col: 1}, "no moves found")
	}
	return bad.Err()
}

// lines splits data into lines with their places.
func lines(data []byte) []word {
	var out []word
	for i, l := range strings.Split(string(data), "\n") {
		out = append(out, word{strings.TrimSuffix(l, "\r"), notation.Pos{Line: i + 1, Col: 1}})
	}
	return out
}

// words splits a line at white space, ";" and ",", skipping {comments}. A { that the line
// does not close is no comment: open is its place, and the words after it are read (braces
// there separate words).
func words(l word) (out []word, open notation.Pos) {
	runes := []rune(l.text)
	start, depth, from := -1, 0, 0
	split := func(i int) {
		if start >= 0 {
			out = append(out, word{string(runes[start:i]), notation.Pos{Line: l.pos.Line, Col: start + 1}})
		}
		start = -1
	}
	for i, r := range append(runes, ' ') {
		switch {
		case r == '{':
			split(i)
			if depth == 0 {
				from = i
			}
			depth++
		case r == '}' && depth > 0:
			depth--
		case depth > 0:
		case unicode.IsSpace(r) || r == ';' || r == ',':
			split(i)
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if depth == 0 {
		return out, notation.Pos{}
	}
	for i, r := range append(runes, ' ')[from+1:] {
		if i += from + 1; unicode.IsSpace(r) || strings.ContainsRune(";,{}", r) {
			split(i)
		} else if start < 0 {
			start = i
		}
	}
	return out, notation.Pos{Line: l.pos.Line, Col: from + 1}
}

func isResult(s string) bool {
	switch s {
	case "1-0", "0-1", "1/2-1/2", "½-½", "*":
		return true
	}
	return false
}

// isMoveNumber: "12:", "12.", "12...".
func isMoveNumber(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i == len(s) {
		return false
	}
	rest := s[i:]
	return rest == ":" || strings.Trim(rest, ".") == ""
}

// numberPrefix is the length of a move number a word starts with ("12." of "12.A6<"), or 0.
func numberPrefix(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	j := i
	for j < len(s) && (s[j] == '.' || s[j] == ':' && j == i) {
		j++
	}
	if i == 0 || j == i {
		return 0
	}
	return j
}

func numberOf(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			break
		}
		n = 10*n + int(c-'0')
	}
	return n
}

// parseTagLine reads [Name "value"].
func parseTagLine(s string) (string, string, bool) {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	name, rest, ok := strings.Cut(s, " ")
	rest = strings.TrimSpace(rest)
	if !ok || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' || name == "" {
		return "", "", false
	}
	return name, strings.ReplaceAll(rest[1:len(rest)-1], `\"`, `"`), true
}
