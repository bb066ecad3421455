package notation

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// lexAll returns the tokens of src as "line:col kind text" strings, errors as "line:col error: msg".
func lexAll(r io.Reader, limit int) []string {
	lx := newLexer(r, limit)
	var out []string
	for {
		t := lx.next()
		switch t.kind {
		case tEOF:
			return out
		case tError:
			out = append(out, fmt.Sprintf("%v error: %v", t.pos, t.err))
		case tLBracket, tRBracket, tLParen, tRParen:
			out = append(out, fmt.Sprintf("%v %v", t.pos, t.kind))
		case tNAG, tGlyph:
			out = append(out, fmt.Sprintf("%v %v $%d", t.pos, t.kind, t.nag))
		default:
			out = append(out, fmt.Sprintf("%v %v %q", t.pos, t.kind, t.text))
		}
	}
}

func TestLex(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"tag", `[Event "a \"b\" \\ c"]`, []string{`1:1 '['`, `1:2 symbol "Event"`, `1:8 string "a \"b\" \\ c"`, `1:22 ']'`}},
		{"move numbers", "1. A3 1... a4 12.A5 3", []string{`1:1 move number "1"`, `1:4 symbol "A3"`, `1:7 move number "1"`,
			`1:12 symbol "a4"`, `1:15 move number "12"`, `1:18 symbol "A5"`, `1:21 move number "3"`}},
		{"4x8 tokens", "A6<* A2<** A4>+ A7># B12-A12 A3x a2=", []string{`1:1 symbol "A6<*"`, `1:6 symbol "A2<**"`,
			`1:12 symbol "A4>+"`, `1:17 symbol "A7>#"`, `1:22 symbol "B12-A12"`, `1:30 symbol "A3x"`, `1:34 symbol "a2="`}},
		{"gaps", "a5< ... {x} 16. A4> .... 2..", []string{`1:1 symbol "a5<"`, `1:5 gap "..."`, `1:9 comment "x"`,
			`1:13 move number "16"`, `1:17 symbol "A4>"`,
			`1:21 error: syntax error: unexpected "...." (a gap, where moves are lost, is written ...)`, `1:26 move number "2"`}},
		{"results", "1-0 0-1 1/2-1/2 *", []string{`1:1 result "1-0"`, `1:5 result "0-1"`, `1:9 result "1/2-1/2"`, `1:17 result "*"`}},
		{"annotations", "A3! $14 ?! !!!", []string{`1:1 symbol "A3"`, `1:3 glyph $1`, `1:5 NAG $14`, `1:9 glyph $6`,
			"1:12 error: syntax error: unknown annotation glyph \"!!!\" (known: ! ? !! ?? !? ?!)"}},
		{"illegible moves", "? A?< ?6> a3? A6<?! ?<", []string{`1:1 glyph $2`, `1:3 symbol "A?<"`, `1:7 symbol "?6>"`,
			`1:11 symbol "a3"`, `1:13 glyph $2`, `1:15 symbol "A6<"`, `1:18 glyph $6`, `1:21 symbol "?<"`}},
		{"bad NAG", "$ $256", []string{"1:1 error: syntax error: a NAG is $ and a number from 0 to 255",
			"1:3 error: syntax error: a NAG is $ and a number from 0 to 255"}},
		{"comments", "{a\r\nb} ;c\r\n(x)", []string{`1:1 comment "a\nb"`, `2:4 comment "c"`, `3:1 '('`, `3:2 symbol "x"`, `3:3 ')'`}},
		{"escape line", "%[Event\n  % not at column 1\n", []string{"2:3 error: syntax error: unexpected character '%'", `2:5 symbol "not"`, `2:9 symbol "at"`, `2:12 symbol "column"`, `2:19 move number "1"`}},
		{"columns count characters", "{ñandú} é A3", []string{`1:1 comment "ñandú"`, "1:9 error: syntax error: unexpected character 'é'", `1:11 symbol "A3"`}},
		{"byte order mark", "\xEF\xBB\xBFA3", []string{`1:1 symbol "A3"`}},
		{"NUL", "A3\x00a4 {x\x00}", []string{`1:1 symbol "A3"`, "1:3 error: bad encoding: NUL byte", `1:4 symbol "a4"`, "1:9 error: bad encoding: NUL byte"}},
		{"invalid UTF-8", "\xff {ab\n c\xfe}", []string{"1:1 error: bad encoding: invalid UTF-8", "2:3 error: bad encoding: invalid UTF-8"}},
		{"unterminated string", "[Event \"x\n]", []string{`1:1 '['`, `1:2 symbol "Event"`,
			"1:8 error: unterminated string: the opening '\"' is never closed on its line", `2:1 ']'`}},
		{"unterminated comment", "A3 {x\ny", []string{`1:1 symbol "A3"`, "1:4 error: unterminated comment: '{' is never closed"}},
		{"long word", strings.Repeat("a", 300) + " A3", []string{"1:1 error: too large: word longer than 256 bytes", `1:302 symbol "A3"`}},
		{"long comment", "{" + strings.Repeat("x", 20) + "} A3", []string{"1:1 error: too large: comment longer than 10 bytes", `1:24 symbol "A3"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := lexAll(strings.NewReader(tc.src), 10)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("lex %q\n got: %q\nwant: %q", tc.src, got, tc.want)
			}
		})
	}
}

// TestLexReaderBoundaries: the same tokens whatever the reads return, one byte at a time included
// (UTF-8 sequences and tokens split across reads).
func TestLexReaderBoundaries(t *testing.T) {
	src := "\xEF\xBB\xBF[Event \"ñ\"]\n{ñandú [%pos x]} 1. A3! $2 ; é\r\n(a4) 1/2-1/2 é"
	want := lexAll(strings.NewReader(src), defaultMaxRecord)
	got := lexAll(iotest.OneByteReader(strings.NewReader(src)), defaultMaxRecord)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("one byte at a time:\n got: %q\nwant: %q", got, want)
	}
}

func TestLexReadError(t *testing.T) {
	boom := errors.New("boom")
	lx := newLexer(iotest.TimeoutReader(strings.NewReader("A3 a4")), defaultMaxRecord)
	for tok := lx.next(); tok.kind != tEOF; tok = lx.next() {
	}
	if lx.err == nil {
		t.Fatal("a read error was not kept")
	}
	lx = newLexer(iotest.ErrReader(boom), defaultMaxRecord)
	if tok := lx.next(); tok.kind != tEOF || !errors.Is(lx.err, boom) {
		t.Errorf("got %v, err %v", tok.kind, lx.err)
	}
}

// FuzzLex: the lexer ends, never panics, and makes progress: at most one token per input byte.
func FuzzLex(f *testing.F) {
	for _, s := range seedRecords(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lx := newLexer(strings.NewReader(src), 64)
		n := 0
		for tok := lx.next(); tok.kind != tEOF; tok = lx.next() {
			if n++; n > len(src) {
				t.Fatalf("more tokens than bytes in %q", src)
			}
			if !tok.pos.IsValid() {
				t.Fatalf("token without a position: %+v", tok)
			}
		}
	})
}
