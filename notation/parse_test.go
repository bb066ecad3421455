package notation

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// dump renders a record's movetext tree compactly: moves with their positions, NAGs and
// comments, variations in parentheses.
func dump(r *Record) string {
	var b strings.Builder
	comments := func(tag string, cs []Comment) {
		for _, c := range cs {
			fmt.Fprintf(&b, " %s{%s}@%v", tag, c.Text, c.Pos)
		}
	}
	var line func([]*Node)
	line = func(ns []*Node) {
		for i, n := range ns {
			if i > 0 {
				b.WriteByte(' ')
			}
			for _, c := range n.Before {
				fmt.Fprintf(&b, "before{%s}@%v ", c.Text, c.Pos)
			}
			fmt.Fprintf(&b, "%s@%v", n.Token, n.Pos)
			for _, g := range n.NAGs {
				fmt.Fprintf(&b, " $%d", g)
			}
			comments("after", n.After)
			for _, v := range n.Variations {
				fmt.Fprintf(&b, " (@%v ", v.Pos)
				line(v.Moves)
				b.WriteString(")")
				comments("after", v.After)
			}
		}
	}
	comments("game", r.Comments)
	line(r.Moves)
	fmt.Fprintf(&b, " => %q@%v", r.Result, r.ResultPos)
	return strings.TrimSpace(b.String())
}

func TestParseTree(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"comments belong to the move before, or to the first move after",
			"{a} 1. A3 {b} {c} a4 *",
			"before{a}@1:1 A3@1:8 after{b}@1:11 after{c}@1:15 a4@1:19 => \"*\"@1:22"},
		{"comments in a variation and after it",
			"1. A3 ({v} 1. A4 {w}) {x} a4 1-0",
			"A3@1:4 (@1:7 before{v}@1:8 A4@1:15 after{w}@1:18) after{x}@1:23 a4@1:27 => \"1-0\"@1:30"},
		{"nested variations",
			"A3 (A4 (A5) a1) a2 *",
			"A3@1:1 (@1:4 A4@1:5 (@1:8 A5@1:9) a1@1:13) a2@1:17 => \"*\"@1:20"},
		{"glyphs are NAGs, and attach to the move before",
			"A3!? $14 {c} $2 a1 *",
			"A3@1:1 $5 $14 $2 after{c}@1:10 a1@1:17 => \"*\"@1:20"},
		{"a game with no moves", "{only} 0-1", "game{only}@1:1 => \"0-1\"@1:8"},
		{"no result", "A3 a1", "A3@1:1 a1@1:4 => \"\"@0:0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := Parse("t.bgn", strings.NewReader(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if got := dump(recs[0]); got != tc.want {
				t.Errorf("\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestParseRecords(t *testing.T) {
	src := "[Event \"a\"]\n[Variant \"Bao Kingulu\"]\n\n1. A3 *\n[Event \"b\"] A4 1-0\nA5 *\n\n\n"
	recs, err := Parse("t.bgn", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range recs {
		var tags []string
		for _, tg := range r.Tags {
			tags = append(tags, fmt.Sprintf("%s=%s@%v/%v", tg.Name, tg.Value, tg.Pos, tg.ValuePos))
		}
		got = append(got, fmt.Sprintf("%d@%v %v %s", r.Number, r.Pos, tags, dump(r)))
	}
	want := []string{
		`1@1:1 [Event=a@1:1/1:8 Variant=Bao Kingulu@2:1/2:10] A3@4:4 => "*"@4:7`,
		`2@5:1 [Event=b@5:1/5:8] A4@5:13 => "1-0"@5:16`,
		`3@6:1 [] A5@6:1 => "*"@6:4`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("\n got %q\nwant %q", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		kind      error
		want      string // the first error
	}{
		{"stray ')'", "A3 ) *", ErrSyntax, "t.bgn:1:4: game 1: syntax error: ')' without a matching '('"},
		{"string in movetext", `A3 "x" *`, ErrSyntax, `t.bgn:1:4: game 1: syntax error: unexpected string in the movetext`},
		{"NAG first", "$1 A3 *", ErrSyntax, "t.bgn:1:1: game 1: syntax error: annotation before any move"},
		{"unclosed variation", "A3 (A4 *", ErrUnterminated, "t.bgn:1:4: game 1: unterminated variation: '(' is never closed"},
		{"unclosed comment", "A3 {x", ErrUnterminated, "t.bgn:1:4: game 1: unterminated comment: '{' is never closed"},
		{"unclosed tag string", "[Event \"x]\n*", ErrUnterminated, "t.bgn:1:8: game 1: unterminated string: the opening '\"' is never closed on its line"},
		{"too deep", "A3 " + strings.Repeat("(A4 ", 70) + strings.Repeat(")", 70) + " *", ErrTooDeep,
			"t.bgn:1:260: game 1: variations nested too deep: more than 64 levels"},
		{"duplicate tag", "[Variant \"kingulu\"]\n[Variant \"kimasai\"]\n*", ErrBadTag, "t.bgn:2:1: game 1: bad tag: duplicate tag Variant"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("t.bgn", strings.NewReader(tc.src))
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("got %v, want an ErrorList", err)
			}
			if got := list[0].Error(); got != tc.want {
				t.Errorf("\n got %s\nwant %s", got, tc.want)
			}
			if !errors.Is(err, tc.kind) {
				t.Errorf("errors.Is(%v, %v) = false", err, tc.kind)
			}
		})
	}
}

// TestParseRecovery: after a mistake the parser goes on with the same game where it can, and
// always with the next game.
func TestParseRecovery(t *testing.T) {
	src := "[Event x]\n[Variant \"kingulu\"]\nA3 & a1 *\n" + // a bad tag line, a stray character
		strings.Repeat("& ", 30) + "A3 *\n" + // too many errors: the rest of the game is skipped
		"[Variant \"kingulu\"] A3 *\n"
	s := NewScanner(strings.NewReader(src), "t.bgn")
	var got []string
	for s.Scan() {
		got = append(got, fmt.Sprintf("%d errors, %s", len(s.Errors()), dump(s.Record())))
	}
	want := []string{
		`2 errors, A3@3:1 a1@3:6 => "*"@3:9`,
		`21 errors, => "*"@4:64`,
		`0 errors, A3@5:21 => "*"@5:24`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("\n got %q\nwant %q", got, want)
	}
}

// FuzzParse: whatever parses without error prints, reparses without error, and prints the same.
func FuzzParse(f *testing.F) {
	for _, s := range seedRecords(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		recs, err := Parse("fuzz.bgn", strings.NewReader(src))
		if err != nil {
			return // errors are fine; panics and hangs are not
		}
		var b strings.Builder
		Write(&b, recs...)
		out := b.String()
		recs2, err := Parse("fuzz.bgn", strings.NewReader(out))
		if err != nil {
			t.Fatalf("reparse of printed records: %v\n%s", err, out)
		}
		b.Reset()
		Write(&b, recs2...)
		if b.String() != out {
			t.Errorf("not a fixed point:\n%s", lineDiff(out, b.String()))
		}
		for i, r := range recs {
			Verify(r) // must not panic
			// a fragment's gaps and the numbering it resumes with survive writing
			if a, b := r.writtenPlies(), recs2[i].writtenPlies(); !slices.Equal(a, b) {
				t.Errorf("game %d: plies as written %v, after writing %v\n%s", i+1, a, b, out)
			}
			Walk(r, WalkOptions{}, func(s *Step) error {
				if s.Gap != r.Moves[s.Index].IsGap() || s.Gap && s.Err == nil && s.Ply <= 0 {
					t.Fatalf("game %d: step %d (gap %v, ply %d) is not the move at its index", i+1, s.Index, s.Gap, s.Ply)
				}
				return nil
			})
		}
	})
}
