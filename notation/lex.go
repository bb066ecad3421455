package notation

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

const (
	// maxSymbol bounds a tag name, move token, move number, NAG or glyph: real ones are short,
	// and a bound keeps a hostile 100 MB "word" from being held in memory.
	maxSymbol = 256
	bufSize   = 64 << 10
)

// lexer turns a byte stream into tokens, tracking line and column. It reads through a fixed
// buffer, so memory stays flat however long the input or any line in it is.
type lexer struct {
	src       io.Reader
	buf       []byte
	i, n      int // buf[i:n] is read but not consumed
	line, col int
	off       int64 // bytes consumed
	eof       bool
	err       error // the read error that ended the input, other than io.EOF
	limit     int   // bytes in a string or comment
	text      []byte
	intern    [1024]string
	quiet     bool // see errorf
	escapes   int  // % escape lines skipped
	// glyph is a suffix glyph read with the move token before it ("A3!"), given out next.
	glyph    token
	hasGlyph bool
}

func newLexer(r io.Reader, limit int) *lexer {
	size := bufSize
	// An input in memory shorter than the buffer (a record read back, one game of an import)
	// fits in a buffer of its own size: a 64 KB buffer for each made most of what an import
	// allocated.
	if in, ok := r.(interface{ Len() int }); ok && in.Len() < size {
		size = in.Len() + 1
	}
	lx := &lexer{src: r, buf: make([]byte, size), line: 1, col: 1, limit: limit}
	if lx.peekN(3) && bytes.HasPrefix(lx.buf[lx.i:lx.n], []byte("\xEF\xBB\xBF")) {
		lx.i += 3 // a byte order mark is not part of the text and takes no column
		lx.off += 3
	}
	lx.peekN(binaryWindow)
	if at, ok := binary(lx.buf[lx.i:min(lx.n, lx.i+binaryWindow)]); ok {
		lx.stop(fmt.Errorf("%w: binary data, not BGN (a control character at line %d, column %d); not read", ErrEncoding, at.Line, at.Col))
	}
	return lx
}

// binary tells whether head, the start of a file, is binary data (an image, an archive, a
// program, /dev/zero) rather than text with some bad bytes: more than 16 of its bytes, and
// more than one in 16, are control characters, which text has none of (bytes that are not
// UTF-8 do not count: a transcript saved as Latin-1 is text). One line then says so, instead
// of a problem for every byte that is not BGN; a stray bad byte in a transcript is still
// reported where it is, and the rest read. at is where the first control character is.
func binary(head []byte) (at Pos, ok bool) {
	bad, first := 0, -1
	for i, c := range head {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' || c == 0x7f {
			bad++
			if first < 0 {
				first = i
			}
		}
	}
	if bad <= 16 || bad*16 <= len(head) {
		return Pos{}, false
	}
	line := 1 + bytes.Count(head[:first], []byte("\n"))
	col := 1 + utf8.RuneCount(head[bytes.LastIndexByte(head[:first], '\n')+1:first])
	return Pos{line, col}, true
}

// IsBinary tells whether data is binary rather than text, judging its start as the reader
// does (binary): an importer refuses such an input as a whole, as the reader refuses a file.
// at is where the first control character is.
func IsBinary(data []byte) (at Pos, ok bool) { return binary(data[:min(len(data), binaryWindow)]) }

// binaryWindow is how much of a file binary judges.
const binaryWindow = 8 << 10

// stop ends the input here with err, as a read error would.
func (lx *lexer) stop(err error) {
	lx.i, lx.n, lx.eof, lx.err = 0, 0, true, err
}

// endless stops the input if the token that began at offset start has grown past skipFactor
// times the limit: a comment, string or line that never ends (an endless input) would
// otherwise be read forever. The loops reading the token then see the end of the input.
func (lx *lexer) endless(start int64) bool {
	if lx.off-start <= int64(skipFactor)*int64(lx.limit) {
		return false
	}
	lx.stop(fmt.Errorf("%w: a comment, string or line of more than %d bytes; reading stopped", ErrTooLarge, skipFactor*lx.limit))
	return true
}

// more reports whether a byte is available, reading more input if needed.
func (lx *lexer) more() bool {
	if lx.i < lx.n {
		return true
	}
	if lx.eof {
		return false
	}
	lx.i, lx.n = 0, 0
	lx.read()
	return lx.n > 0
}

// read appends input to buf[n:], giving up after many empty reads as bufio does.
func (lx *lexer) read() {
	for empty := 0; ; empty++ {
		if empty == 100 {
			lx.eof, lx.err = true, io.ErrNoProgress
			return
		}
		m, err := lx.src.Read(lx.buf[lx.n:])
		lx.n += m
		if err != nil {
			lx.eof = true
			if err != io.EOF {
				lx.err = err
			}
			return
		}
		if m > 0 {
			return
		}
	}
}

// peekN makes k bytes available if the input has them, moving the unread bytes to the front
// of the buffer. It is for the rare paths that look at a whole UTF-8 sequence.
func (lx *lexer) peekN(k int) bool {
	for lx.n-lx.i < k && !lx.eof {
		lx.n = copy(lx.buf, lx.buf[lx.i:lx.n])
		lx.i = 0
		lx.read()
	}
	return lx.n-lx.i >= k
}

func (lx *lexer) pos() Pos { return Pos{lx.line, lx.col} }

// adv consumes one byte.
func (lx *lexer) adv(c byte) {
	lx.i++
	lx.off++
	if c == '\n' {
		lx.line++
		lx.col = 1
	} else if c&0xC0 != 0x80 {
		lx.col++
	}
}

// consume consumes buf[i:i+k].
func (lx *lexer) consume(k int) {
	seg := lx.buf[lx.i : lx.i+k]
	if nl := bytes.LastIndexByte(seg, '\n'); nl >= 0 {
		lx.line += bytes.Count(seg, []byte{'\n'})
		lx.col = 1
		seg = seg[nl+1:]
	}
	for _, c := range seg {
		if c&0xC0 != 0x80 {
			lx.col++
		}
	}
	lx.i += k
	lx.off += int64(k)
}

// skipLine consumes the rest of the current line, its newline included.
func (lx *lexer) skipLine() {
	for lx.more() {
		k := bytes.IndexByte(lx.buf[lx.i:lx.n], '\n')
		if k >= 0 {
			lx.consume(k + 1)
			return
		}
		lx.consume(lx.n - lx.i)
	}
}

// skipSpace consumes white space and % escape lines (a % in the first column).
func (lx *lexer) skipSpace() {
	for lx.more() {
		buf := lx.buf[lx.i:lx.n]
		k := 0
		for ; k < len(buf) && class[buf[k]]&cSpace != 0; k++ {
			if buf[k] == '\n' {
				lx.line++
				lx.col = 0 // 1 after the col++ below
			}
			lx.col++
		}
		lx.i += k
		lx.off += int64(k)
		if k == len(buf) {
			continue
		}
		if buf[k] != '%' || lx.col != 1 {
			return
		}
		lx.escapes++
		lx.skipLine()
	}
}

// next returns the next token. Lexical problems come back as tError tokens, after which the
// lexer has moved past the bad input, so reading can go on.
func (lx *lexer) next() token {
	if lx.hasGlyph {
		lx.hasGlyph = false
		return lx.glyph
	}
	lx.skipSpace()
	t := token{pos: lx.pos(), off: lx.off}
	if !lx.more() {
		return t // tEOF
	}
	c := lx.buf[lx.i]
	switch {
	case c == '[' || c == ']' || c == '(' || c == ')' || c == '*':
		lx.adv(c)
		t.kind = punct[c]
		if c == '*' {
			t.text = "*"
		}
	case c == '"':
		lx.str(&t)
	case c == '{':
		lx.braceComment(&t)
	case c == ';':
		lx.lineComment(&t)
	case c == '$':
		lx.nag(&t)
	case c == '?' && lx.peekN(2) && class[lx.buf[lx.i+1]]&cSymbol != 0 && lx.buf[lx.i+1] != '-':
		lx.symbol(&t) // an illegible move token: "?6>", "?<"
	case c == '!' || c == '?':
		lx.readGlyph(&t)
	case class[c]&cAlnum != 0:
		lx.symbol(&t)
	default:
		lx.badChar(&t)
	}
	return t
}

var punct = [256]kind{'[': tLBracket, ']': tRBracket, '(': tLParen, ')': tRParen, '*': tResult}

// Byte classes, for the lexer's loops.
const (
	cSpace  = 1 << iota
	cAlnum  // letters and digits
	cSymbol // the characters of tag names, move tokens (spec 4: < > + * # - and Kingulu's and
	// Kimasai's x and =), move numbers and results (- /)
	cDigit
	cDot
	cGlyph // ! and ?
	cLine  // anything but a line feed
)

var class = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		alnum := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
		set := func(ok bool, bit uint8) {
			if ok {
				t[c] |= bit
			}
		}
		set(b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '\f' || b == '\v', cSpace)
		set(alnum, cAlnum)
		set(alnum || strings.IndexByte("_+#=:-/<>*", b) >= 0, cSymbol)
		set('0' <= b && b <= '9', cDigit)
		set(b == '.', cDot)
		set(b == '!' || b == '?', cGlyph)
		set(b != '\n', cLine)
	}
	return t
}()

// errorf turns t into an error token. While the parser skips a broken game (quiet), the
// message is not built: a 100 MB line of junk must not cost a formatted error per byte.
func (lx *lexer) errorf(t *token, kind error, format string, args ...any) {
	t.kind, t.err = tError, kind
	if !lx.quiet {
		t.err = fmt.Errorf("%w: "+format, append([]any{kind}, args...)...)
	}
}

// run consumes the longest run of bytes of the class (at most max kept in lx.text) and
// reports whether the run was longer than max.
func (lx *lexer) run(mask uint8, max int) (long bool) {
	lx.text = lx.text[:0]
	for start := lx.off; lx.more() && !lx.endless(start); {
		j := lx.i
		for j < lx.n && class[lx.buf[j]]&mask != 0 {
			j++
		}
		seg := lx.buf[lx.i:j]
		if len(lx.text)+len(seg) <= max {
			lx.text = append(lx.text, seg...)
		} else {
			long = true
		}
		lx.consume(j - lx.i)
		if j < lx.n {
			break
		}
	}
	return long
}

// symbol reads a word: a tag name, a move token (with '?' where it is illegible), a move
// number or a result. Glyphs written right after a move token ("A3!") are split off and given
// out as the next token, marked attached.
func (lx *lexer) symbol(t *token) {
	if lx.run(cSymbol|cGlyph, maxSymbol) {
		lx.errorf(t, ErrTooLarge, "word longer than %d bytes", maxSymbol)
		return
	}
	k := len(lx.text)
	for k > 0 && class[lx.text[k-1]]&cGlyph != 0 {
		k--
	}
	if k < len(lx.text) {
		g := token{pos: Pos{t.pos.Line, t.pos.Col + k}, off: t.off + int64(k), text: string(lx.text[k:]), attached: true}
		lx.glyphToken(&g, lx.text[k:])
		lx.glyph, lx.hasGlyph = g, true
		lx.text = lx.text[:k]
	}
	if bytes.IndexByte(lx.text, '!') >= 0 {
		lx.errorf(t, ErrSyntax, "unexpected '!' in %q", lx.text)
		return
	}
	t.kind, t.text = tSymbol, lx.str0()
	if isResult(t.text) {
		t.kind = tResult
		return
	}
	for _, c := range lx.text {
		if c < '0' || c > '9' {
			return
		}
	}
	// A move number: digits, then any periods (none, "." or "...").
	t.kind = tMoveNum
	if lx.run(cDot, maxSymbol) {
		lx.errorf(t, ErrTooLarge, "word longer than %d bytes", maxSymbol)
	}
}

// IsMoveToken reports whether s reads back as one move token, as symbol reads it: what a
// writer may put in movetext. An importer checks a token it could not play before keeping it.
func IsMoveToken(s string) bool {
	if s == "" || len(s) > maxSymbol || isResult(s) || class[s[len(s)-1]]&cGlyph != 0 {
		return false
	}
	if class[s[0]]&cAlnum == 0 && !(s[0] == '?' && len(s) > 1 && class[s[1]]&cSymbol != 0 && s[1] != '-') {
		return false
	}
	digits := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if class[c]&cSymbol == 0 && c != '?' {
			return false
		}
		digits = digits && '0' <= c && c <= '9'
	}
	return !digits
}

// str0 returns lx.text as a string, sharing the strings of recent tokens through a small
// direct-mapped cache: move tokens repeat endlessly, and a map lookup cost more than it saved.
func (lx *lexer) str0() string {
	h := uint32(len(lx.text))
	for _, c := range lx.text {
		h = h*31 + uint32(c)
	}
	slot := &lx.intern[h%uint32(len(lx.intern))]
	if *slot != string(lx.text) {
		*slot = string(lx.text)
	}
	return *slot
}

func (lx *lexer) nag(t *token) {
	lx.adv('$')
	long := lx.run(cDigit, 3)
	n, err := strconv.Atoi(string(lx.text))
	if long || err != nil || n > 255 {
		lx.errorf(t, ErrSyntax, "a NAG is $ and a number from 0 to 255")
		return
	}
	t.kind, t.nag = tNAG, n
}

func (lx *lexer) readGlyph(t *token) {
	if lx.run(cGlyph, maxSymbol) {
		lx.errorf(t, ErrTooLarge, "word longer than %d bytes", maxSymbol)
		return
	}
	t.text = string(lx.text)
	lx.glyphToken(t, lx.text)
}

func (lx *lexer) glyphToken(t *token, text []byte) {
	n, ok := ParseNAG(string(text))
	if !ok {
		lx.errorf(t, ErrSyntax, "unknown annotation glyph %q (known: ! ? !! ?? !? ?!)", text)
		return
	}
	t.kind, t.nag = tGlyph, n
}

// maxNULs NUL bytes in a row end the input: no text has them.
const maxNULs = 4096

// badChar consumes one unexpected character, a whole UTF-8 sequence if it is one, or a run of
// NUL bytes.
func (lx *lexer) badChar(t *token) {
	c := lx.buf[lx.i]
	switch {
	case c == 0:
		n := 0
		for ; n < maxNULs && lx.more() && lx.buf[lx.i] == 0; n++ {
			lx.adv(0)
		}
		lx.errorf(t, ErrEncoding, "NUL byte")
		if n == maxNULs { // /dev/zero, a disk image: not text, and perhaps without end
			lx.stop(fmt.Errorf("%w: %d NUL bytes in a row, binary data and not BGN; reading stopped", ErrEncoding, maxNULs))
		}
	case c < utf8.RuneSelf:
		lx.adv(c)
		lx.errorf(t, ErrSyntax, "unexpected character %q", c)
	default:
		lx.peekN(utf8.UTFMax)
		r, size := utf8.DecodeRune(lx.buf[lx.i:lx.n])
		lx.consume(size)
		if r == utf8.RuneError {
			lx.errorf(t, ErrEncoding, "invalid UTF-8")
			return
		}
		lx.errorf(t, ErrSyntax, "unexpected character %q", r)
	}
}

// str reads a tag value: "…" on one line, with \" and \\ escapes.
func (lx *lexer) str(t *token) {
	lx.adv('"')
	lx.text = lx.text[:0]
	long := false
	for {
		if lx.endless(t.off) || !lx.more() || lx.buf[lx.i] == '\n' {
			t.kind, t.err = tError, fmt.Errorf("%w string: the opening '\"' is never closed on its line", ErrUnterminated)
			return
		}
		c := lx.buf[lx.i]
		lx.adv(c)
		if c == '"' {
			break
		}
		if c == '\\' && lx.more() && (lx.buf[lx.i] == '"' || lx.buf[lx.i] == '\\') {
			c = lx.buf[lx.i]
			lx.adv(c)
		}
		if len(lx.text) < lx.limit {
			lx.text = append(lx.text, c)
		} else {
			long = true
		}
	}
	if long {
		lx.errorf(t, ErrTooLarge, "string longer than %d bytes", lx.limit)
		return
	}
	if lx.badText(t, Pos{t.pos.Line, t.pos.Col + 1}) {
		return
	}
	t.kind, t.text = tString, string(lx.text)
}

// braceComment reads {…}, which may span lines.
func (lx *lexer) braceComment(t *token) {
	lx.adv('{')
	lx.text = lx.text[:0]
	long := false
	for {
		if lx.endless(t.off) || !lx.more() {
			t.kind, t.err = tError, fmt.Errorf("%w comment: '{' is never closed", ErrUnterminated)
			return
		}
		seg := lx.buf[lx.i:lx.n]
		k := bytes.IndexByte(seg, '}')
		if k < 0 {
			k = len(seg)
		}
		if len(lx.text)+k <= lx.limit {
			lx.text = append(lx.text, seg[:k]...)
		} else {
			long = true
		}
		lx.consume(k)
		if k < len(seg) {
			lx.adv('}')
			break
		}
	}
	lx.endComment(t, long)
}

// lineComment reads ;… to the end of the line.
func (lx *lexer) lineComment(t *token) {
	lx.adv(';')
	long := lx.run(cLine, lx.limit)
	lx.endComment(t, long)
}

func (lx *lexer) endComment(t *token, long bool) {
	if long {
		lx.errorf(t, ErrTooLarge, "comment longer than %d bytes", lx.limit)
		return
	}
	if lx.badText(t, Pos{t.pos.Line, t.pos.Col + 1}) {
		return
	}
	// CRLF line ends become LF, so the writer's output has LF only.
	text := lx.text
	if bytes.IndexByte(text, '\r') >= 0 {
		text = bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
		text = bytes.TrimSuffix(text, []byte("\r"))
	}
	t.kind, t.text = tComment, string(text)
}

// badText checks lx.text, which starts at start, for a NUL byte or invalid UTF-8, and turns t
// into an error at the exact place of the first one.
func (lx *lexer) badText(t *token, start Pos) bool {
	if utf8.Valid(lx.text) && bytes.IndexByte(lx.text, 0) < 0 {
		return false
	}
	for k := 0; ; {
		r, size := utf8.DecodeRune(lx.text[k:])
		if r == 0 || r == utf8.RuneError && size == 1 {
			what := "invalid UTF-8"
			if r == 0 {
				what = "NUL byte"
			}
			lx.errorf(t, ErrEncoding, "%s", what)
			t.pos = advance(start, lx.text[:k])
			return true
		}
		k += size
	}
}
