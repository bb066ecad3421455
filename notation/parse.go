package notation

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
)

const (
	// maxDepth bounds the nesting of variations, so hostile input cannot exhaust the stack.
	maxDepth = 64
	// maxErrors is where the parser stops reporting in one game and skips to its end.
	maxErrors = 20
	// defaultMaxRecord bounds a record (and so each comment and tag value in it), in bytes.
	defaultMaxRecord = 1 << 20
	// skipFactor times the record size limit (1 GiB by default) is how far the parser skips
	// looking for the end of a bad game before it gives up on the input: an endless one never
	// has a next game, and a good game after 100 MB of junk is still read.
	skipFactor = 1024
)

// parser is a recursive-descent parser over the lexer's tokens, one record at a time. It is
// lenient: it reports a problem, then goes on with the rest of the game where it safely can
// (the next tag line, the next token), so one mistake does not hide the next.
type parser struct {
	lx      *lexer
	file    string
	tok     token // the lookahead
	started bool
	max     int64 // record size limit in bytes

	// The record being read.
	number   int
	recPos   Pos
	recStart int64
	errs     ErrorList
	skipping bool // skip to the end of the game: too many errors, or the record is too large
	// moved is set once the record's movetext has begun: before it, a '[' met while skipping
	// is one more of the record's own tag lines, not the next record
	moved   bool
	between bool // the lookahead is past the record: its size does not count

	// Reused buffers: the record's slices are copied out of them at their exact size.
	slab  []Node
	tags  []Tag
	lines [][]*Node // by depth

	variant *engine.Variant // the record's, from its Variant tag; nil if unknown
}

// complete reports whether a move token names its pit and, in a game whose moves have a
// direction, its direction: only then is a '?' right after it a glyph. After "a3" in Bao la
// Kiswahili it is the unread rest of the move.
func (p *parser) complete(tok string) bool {
	sh, ok := readShape(tok)
	if !ok || p.variant == nil {
		return true
	}
	return sh.row != 0 && sh.num != 0 && !sh.open && (sh.dir != 0 || !writesDirection(p.variant))
}

// writesDirection reports whether the variant's move tokens carry a direction (< or >).
func writesDirection(v *engine.Variant) bool {
	return strings.ContainsAny(v.FormatMove(engine.Move{Dir: engine.Left}), "<>")
}

// newNode allocates nodes in blocks: one allocation per move was most of the reading time.
func (p *parser) newNode(token string, pos Pos) *Node {
	if len(p.slab) == 0 {
		p.slab = make([]Node, 64)
	}
	n := &p.slab[0]
	p.slab = p.slab[1:]
	n.Token, n.Pos = token, pos
	return n
}

func newParser(r io.Reader, file string) *parser {
	return &parser{lx: newLexer(r, defaultMaxRecord), file: file, max: defaultMaxRecord}
}

// next moves to the next token. While skipping it passes over everything but what ends a game.
func (p *parser) next() {
	prev := p.tok.kind
	for {
		p.lx.quiet = p.skipping
		p.tok = p.lx.next()
		if !p.skipping && !p.between && p.tok.kind != tEOF && p.tok.off-p.recStart > p.max {
			p.fail(p.recPos, fmt.Errorf("%w: record longer than %d bytes; the rest of the game is skipped", ErrTooLarge, p.max))
			p.skipping = true
		}
		if !p.skipping {
			return
		}
		if p.tok.off-p.recStart > skipFactor*p.max { // endless input: /dev/zero, `yes`
			p.lx.stop(fmt.Errorf("%w: no end of game within %d bytes; reading stopped", ErrTooLarge, skipFactor*p.max))
			p.tok = token{pos: p.lx.pos(), off: p.lx.off}
			return
		}
		switch k := p.tok.kind; {
		case k == tResult || k == tEOF || k == tLBracket && p.moved:
			return
		case !tagPart(k, prev):
			p.moved = true
		}
		prev = p.tok.kind
	}
}

// tagPart tells whether a token of kind k, after one of kind prev, can belong to a tag line
// ([Name "value"]), as opposed to movetext.
func tagPart(k, prev kind) bool {
	return k == tLBracket || k == tString || k == tRBracket || k == tError ||
		k == tSymbol && prev == tLBracket
}

// fail records a problem of the current record.
func (p *parser) fail(pos Pos, err error) {
	if p.skipping {
		return
	}
	if len(p.errs) == maxErrors {
		err = fmt.Errorf("%w: too many errors; the rest of the game is skipped", ErrSyntax)
		p.skipping = true
	}
	p.errs.Add(&Error{File: p.file, Pos: pos, Err: err, Game: p.number})
}

func (p *parser) failf(pos Pos, kind error, format string, args ...any) {
	p.fail(pos, fmt.Errorf("%w: "+format, append([]any{kind}, args...)...))
}

// expected reports the lookahead as not what the grammar wants (or its own lexical error).
func (p *parser) expected(what string) {
	if p.tok.kind == tError {
		p.fail(p.tok.pos, p.tok.err)
		return
	}
	p.failf(p.tok.pos, ErrSyntax, "expected %s, found %s", what, p.tok.describe())
}

// record reads the next record; nil at the end of the input.
func (p *parser) record() (*Record, ErrorList) {
	if !p.started {
		p.started, p.between = true, true
		p.next()
	}
	if p.tok.kind == tEOF {
		return nil, nil
	}
	p.number++
	p.errs, p.skipping, p.between, p.moved = nil, false, false, false
	p.recPos, p.recStart = p.tok.pos, p.tok.off
	rec := &Record{File: p.file, Number: p.number, Pos: p.tok.pos}
	p.tags = p.tags[:0]
	for p.tok.kind == tLBracket && !p.skipping {
		p.tag()
	}
	if len(p.tags) > 0 {
		rec.Tags = slices.Clone(p.tags)
	}
	if p.skipping && !p.moved && p.tok.kind == tLBracket {
		p.next() // the tag lines after the one that started the skip are this record's too
	}
	p.moved = p.moved || !p.skipping
	p.variant, _ = engine.LookupVariant(rec.Tag("Variant"))
	rec.Moves, rec.Comments = p.line(0)
	if p.tok.kind == tResult { // otherwise '[' or the end: a game without a marker is accepted
		rec.Result, rec.ResultPos = p.tok.text, p.tok.pos
		p.skipping, p.between = false, true
		p.next()
	}
	return rec, p.errs
}

// tag reads [Name "value"]. After a mistake it skips the rest of the tag's line.
func (p *parser) tag() {
	t := Tag{Pos: p.tok.pos}
	line := t.Pos.Line
	p.next()
	if p.tok.kind != tSymbol || !isTagName(p.tok.text) {
		p.expected("a tag name after '['")
		p.skipLine(line)
		return
	}
	t.Name = p.tok.text
	p.next()
	if p.tok.kind != tString {
		p.expected("the value of tag " + t.Name + " in double quotes")
		p.skipLine(line)
		return
	}
	t.Value, t.ValuePos = p.tok.text, p.tok.pos
	p.next()
	switch {
	case p.tok.kind != tRBracket && p.tok.pos.Line != line:
		p.failf(t.Pos, ErrSyntax, "tag %s has no ']' after its value", t.Name)
	case p.tok.kind != tRBracket:
		p.expected("']' after the value of tag " + t.Name)
		p.skipLine(line)
	default:
		p.next()
	}
	for _, u := range p.tags {
		if u.Name == t.Name {
			p.failf(t.Pos, ErrBadTag, "duplicate tag %s", t.Name)
			return
		}
	}
	p.tags = append(p.tags, t)
}

// isTagName: a letter, then letters, digits and underscores (PGN).
func isTagName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if class[c]&cAlnum == 0 && c != '_' || i == 0 && class[c]&(cAlnum|cDigit) != cAlnum {
			return false
		}
	}
	return true
}

// skipLine drops the rest of the given line if the lookahead is still on it.
func (p *parser) skipLine(line int) {
	if p.tok.kind != tEOF && p.tok.pos.Line == line {
		p.lx.skipLine()
		p.next()
	}
}

// line reads moves, annotations, comments and variations until what ends the line: ')' in a
// variation, or a result, a '[' (the next game) or the end of input. Comments before the first
// move go to its Before; pending holds them when no move follows.
func (p *parser) line(depth int) ([]*Node, []Comment) {
	var pending []Comment
	if len(p.lines) <= depth {
		p.lines = append(p.lines, nil)
	}
	buf := p.lines[depth][:0]
	var last *Node
	afterVar := false // the last thing read was a variation of last
	for {
		t := p.tok
		switch t.kind {
		case tSymbol:
			n := p.newNode(t.text, t.pos)
			if last == nil {
				n.Before, pending = pending, nil
			}
			buf = append(buf, n)
			last, afterVar = n, false
		case tMoveNum: // move numbers are regenerated on writing; the reader ignores them...
			if last != nil && last.Token == GapToken { // ...but after a gap: the moves lost
				last.Resume = p.resume(t)
			}
		case tGap:
			if depth > 0 {
				p.failf(t.pos, ErrGap, "a gap (%s) belongs in the main line: a variation is played from the move before it", GapToken)
				break
			}
			n := p.newNode(GapToken, t.pos)
			if last == nil {
				n.Before, pending = pending, nil
			}
			buf = append(buf, n)
			last, afterVar = n, false
		case tGlyph:
			switch {
			case t.text == "?" && !t.attached: // a '?' standing alone is an unknown move
				n := p.newNode("?", t.pos)
				if last == nil {
					n.Before, pending = pending, nil
				}
				buf = append(buf, n)
				last, afterVar = n, false
			case t.text == "?" && last != nil && !afterVar && !p.complete(last.Token): // "a3?": the rest unread
				last.Token += "?"
			case last == nil:
				p.failf(t.pos, ErrSyntax, "annotation before any move")
			default:
				last.NAGs = append(last.NAGs, t.nag)
			}
		case tNAG:
			if last == nil {
				p.failf(t.pos, ErrSyntax, "annotation before any move")
			} else {
				last.NAGs = append(last.NAGs, t.nag)
			}
		case tComment:
			c := Comment{Text: t.text, Pos: t.pos}
			switch {
			case last == nil:
				pending = append(pending, c)
			case afterVar:
				v := last.Variations[len(last.Variations)-1]
				v.After = append(v.After, c)
			default:
				last.After = append(last.After, c)
			}
		case tLParen:
			switch {
			case last == nil:
				p.failf(t.pos, ErrSyntax, "variation before any move (a variation is an alternative to the move before it)")
				p.skipVariation()
			case depth+1 > maxDepth:
				p.failf(t.pos, ErrTooDeep, "more than %d levels", maxDepth)
				p.skipVariation()
			default:
				last.Variations = append(last.Variations, p.variation(depth+1))
				afterVar = true
			}
			continue
		case tRParen:
			if depth > 0 {
				return p.keep(depth, buf), pending
			}
			p.failf(t.pos, ErrSyntax, "')' without a matching '('")
		case tResult, tLBracket, tEOF:
			return p.keep(depth, buf), pending
		case tError:
			p.fail(t.pos, t.err)
		default:
			p.failf(t.pos, ErrSyntax, "unexpected %s in the movetext", t.describe())
		}
		p.next()
	}
}

// resume reads the move number written after a gap as the ply of the move it numbers: "23."
// South's 23rd move, "23..." North's, counted from the record's start position.
func (p *parser) resume(t token) int {
	num, _ := strconv.Atoi(t.text)
	north := t.dots == 3
	ply := resumePly(num, north, positionNorthFirst(p.tags))
	if ply < 1 {
		p.failf(t.pos, ErrGap, "no move %s%s in a game whose first move is North's", t.text, strings.Repeat(".", t.dots))
		return 0
	}
	return ply
}

// keep gives back the line's buffer for reuse and returns a copy of its moves.
func (p *parser) keep(depth int, buf []*Node) []*Node {
	p.lines[depth] = buf
	if len(buf) == 0 {
		return nil
	}
	return slices.Clone(buf)
}

// variation reads ( line ) at the lookahead '('.
func (p *parser) variation(depth int) *Variation {
	v := &Variation{Pos: p.tok.pos}
	p.next()
	v.Moves, _ = p.line(depth)
	if p.tok.kind != tRParen {
		p.fail(v.Pos, fmt.Errorf("%w variation: '(' is never closed", ErrUnterminated))
		return v
	}
	p.next()
	if len(v.Moves) == 0 {
		p.failf(v.Pos, ErrSyntax, "variation without moves")
	}
	return v
}

// skipVariation passes over a variation that cannot be read, counting parentheses rather than
// recursing, up to its ')' or the end of the game.
func (p *parser) skipVariation() {
	for open := 0; ; p.next() {
		switch p.tok.kind {
		case tLParen:
			open++
		case tRParen:
			open--
			if open == 0 {
				p.next()
				return
			}
		case tResult, tLBracket, tEOF:
			return
		}
	}
}
