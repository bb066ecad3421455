package notation

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestCommands(t *testing.T) {
	for _, tc := range []struct {
		text, prose string
		names       []string
	}{
		{"plain words", "plain words", nil},
		{"[%pos 4,4 S] after", " after", []string{"pos"}},
		{"a [%eval 1.25] [%best A3] b", "a   b", []string{"eval", "best"}},
		{"[%position x] [%was]", " ", []string{"position", "was"}},
		{"[%] [%clk 0:01:00]", " ", []string{"", "clk"}},
		{"open [%pos 4,4", "open [%pos 4,4", []string{"pos"}},
		{"[%a [%b] c]", " c]", []string{"a"}},
	} {
		var names []string
		for _, c := range Commands(tc.text) {
			names = append(names, c.Name)
		}
		if !slices.Equal(names, tc.names) || Prose(tc.text) != tc.prose {
			t.Errorf("%q: commands %q, prose %q; want %q, %q", tc.text, names, Prose(tc.text), tc.names, tc.prose)
		}
	}
	if got := FormatCommand("was", ""); got != "[%was]" {
		t.Errorf("FormatCommand(was) = %q", got)
	}
	if v, ok := Eval("x [%eval a b] [%eval -0.40]"); !ok || v != "-0.40" {
		t.Errorf("Eval: %q %v, want the first well-formed value", v, ok)
	}
	n := &Node{After: []Comment{{Text: "no value"}, {Text: "[%eval] [%eval #-2]"}, {Text: "[%eval 1.5]"}}}
	if v, ok := n.Eval(); !ok || v != "#-2" {
		t.Errorf("Node.Eval: %q %v, want #-2, the first comment's with a value", v, ok)
	}
	if _, ok := (&Node{}).Eval(); ok {
		t.Error("Node.Eval of a move without comments found a value")
	}
}

// FuzzCommands: the commands of any text are where they say, in order, and the prose is the
// text less exactly its closed commands.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{"[%pos 4,4 S]", "a [%eval #3] b [%best A3]", "[%was", "[%]]", "[%a [%b] c]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		last, closed := 0, 0
		for _, c := range Commands(text) {
			if c.At < last || c.End > len(text) || !strings.HasPrefix(text[c.At:], "[%"+c.Name+c.Args) ||
				c.Closed != strings.HasSuffix(text[:c.End], "]") {
				t.Fatalf("%q: command %+v is not where it says", text, c)
			}
			last = c.End
			if c.Closed {
				closed += c.End - c.At
			}
		}
		if p := Prose(text); len(p) != len(text)-closed {
			t.Fatalf("%q: prose %q is not the text less its %d bytes of commands", text, p, closed)
		}
	})
}

func FuzzParseEval(f *testing.F) {
	for _, s := range []string{"1.25", "-0.40", "#3", "#-2", "#0", "#", "1e400", "NaN"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		seeds, n, ok := ParseEval(s)
		if ok && n != 0 && (seeds != 1000 && seeds != -1000) {
			t.Fatalf("%q: a forced result must read as ±1000, got %v", s, seeds)
		}
		if ok && (math.IsNaN(seeds) || math.IsInf(seeds, 0)) {
			t.Fatalf("%q reads as %v", s, seeds)
		}
	})
}
