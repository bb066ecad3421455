package notation

import (
	"fmt"
	"strconv"
	"strings"
)

// Pos is a place in a source file: line and column, both counted from 1, the column in
// characters (runes). The zero Pos means "no position".
type Pos struct{ Line, Col int }

// before reports whether p comes before q in the file.
func (p Pos) before(q Pos) bool { return p.Line < q.Line || p.Line == q.Line && p.Col < q.Col }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// IsValid reports whether the position is known.
func (p Pos) IsValid() bool { return p.Line > 0 }

// kind is the type of a lexical token.
type kind uint8

const (
	tEOF      kind = iota
	tLBracket      // [
	tRBracket      // ]
	tString        // "…"; text is the unescaped value
	tSymbol        // a tag name or a move token
	tMoveNum       // 12. or 12... (or a bare 12)
	tResult        // 1-0 0-1 1/2-1/2 *
	tNAG           // $n; nag holds n
	tGlyph         // ! ? !! ?? !? ?!; nag holds the NAG it stands for, text the glyph
	tComment       // {…} or ;…; text is the comment text
	tLParen        // (
	tRParen        // )
	tError         // a lexical error; err says what
	tGap           // ..., the gap token of a fragment
)

var kindNames = [...]string{
	tEOF: "end of file", tLBracket: "'['", tRBracket: "']'", tString: "string",
	tSymbol: "symbol", tMoveNum: "move number", tResult: "result", tNAG: "NAG",
	tGlyph: "glyph", tComment: "comment", tLParen: "'('", tRParen: "')'", tError: "error", tGap: "gap",
}

func (k kind) String() string { return kindNames[k] }

// token is one lexical token with the place it starts.
type token struct {
	kind kind
	text string
	nag  int
	pos  Pos
	off  int64 // byte offset of the token's first byte, for the record size limit
	err  error // tError only
	// attached: a glyph written right after its move token, with no space ("A3!").
	attached bool
	dots     int // the periods after a move number, at most 3: "12..." has 3

}

// describe names the token for "unexpected …" messages.
func (t token) describe() string {
	switch t.kind {
	case tSymbol, tMoveNum, tResult:
		return fmt.Sprintf("%q", t.text)
	case tString:
		return "string"
	}
	return t.kind.String()
}

// glyphs are the suffix annotations, indexed by the NAG they are read as (PGN's $1..$6), with
// what they mean. It is the one table of them: the lexer, the recorder and the site read it.
var glyphs = [...]struct{ glyph, meaning string }{
	1: {"!", "good move"}, 2: {"?", "mistake"}, 3: {"!!", "brilliant move"},
	4: {"??", "blunder"}, 5: {"!?", "interesting move"}, 6: {"?!", "dubious move"},
}

// Glyph is the suffix annotation NAG n is written as, and what it means: "!", "good move" for
// $1. ok is false for the NAGs that have no glyph.
func Glyph(nag int) (glyph, meaning string, ok bool) {
	if nag < 1 || nag >= len(glyphs) {
		return "", "", false
	}
	return glyphs[nag].glyph, glyphs[nag].meaning, true
}

// ParseNAG reads an annotation written as a glyph (! ? !! ?? !? ?!) or as $n (0..255).
func ParseNAG(s string) (int, bool) {
	for n := 1; n < len(glyphs); n++ {
		if glyphs[n].glyph == s {
			return n, true
		}
	}
	digits, ok := strings.CutPrefix(s, "$")
	n, err := strconv.Atoi(digits)
	if !ok || err != nil || digits == "" || digits[0] < '0' || digits[0] > '9' || n > 255 {
		return 0, false
	}
	return n, true
}

// isResult reports whether s is a game termination marker.
func isResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// advance returns the position reached after reading text from p (text starts at p).
// Advance is the position after text, which starts at p: how importers place what they read
// from other formats.
func (p Pos) Advance(text []byte) Pos { return advance(p, text) }

func advance(p Pos, text []byte) Pos {
	for _, c := range text {
		switch {
		case c == '\n':
			p.Line++
			p.Col = 1
		case c&0xC0 != 0x80: // not a UTF-8 continuation byte: a new character
			p.Col++
		}
	}
	return p
}
