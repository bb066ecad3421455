package notation

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPrintGolden: each *.input read leniently and written canonically gives its *.golden,
// and the golden file is a fixed point of reading and writing.
func TestPrintGolden(t *testing.T) {
	for _, path := range files(t, "testdata/print/*.input") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			out := formatFile(t, path, readFile(t, path))
			gold := strings.TrimSuffix(path, ".input") + ".golden"
			golden(t, gold, out)
			if again := formatFile(t, gold, out); again != out {
				t.Errorf("writing the golden output again changes it:\n%s", lineDiff(out, again))
			}
		})
	}
}

// TestPrintCorpus: the shared example records are already in canonical form.
func TestPrintCorpus(t *testing.T) {
	for _, path := range files(t, filepath.Join("..", "testdata", "records", "*.bgn")) {
		src := readFile(t, path)
		if out := formatFile(t, path, src); out != src {
			t.Errorf("%s is not in canonical form:\n%s", path, lineDiff(src, out))
		}
	}
}

// formatFile parses src, which must have no syntax errors, and writes it back.
func formatFile(t *testing.T, name, src string) string {
	t.Helper()
	recs, err := Parse(name, strings.NewReader(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	var b strings.Builder
	if err := Write(&b, recs...); err != nil {
		t.Fatal(err)
	}
	checkExportForm(t, b.String())
	return b.String()
}

// checkExportForm checks the layout rules of spec 5 on written output.
func checkExportForm(t *testing.T, out string) {
	t.Helper()
	if strings.Contains(out, "\r") || !strings.HasSuffix(out, "\n") || strings.HasSuffix(out, "\n\n") {
		t.Errorf("output must use LF line ends and end with one newline:\n%q", out)
	}
	for i, line := range strings.Split(out, "\n") {
		// A longer line holds one word: a move with its number, a comment word, a [%…]
		// command, a ;… comment, or a tag.
		_, word, _ := strings.Cut(line, ". ")
		if utf8.RuneCountInString(line) >= 80 && !strings.HasPrefix(line, "[") && strings.Contains(word, " ") &&
			!strings.Contains(line, "[%") && !strings.HasPrefix(line, ";") {
			t.Errorf("line %d has %d characters: %q", i+1, utf8.RuneCountInString(line), line)
		}
	}
}

func TestMoveNumber(t *testing.T) {
	tests := []struct {
		ply        int
		northFirst bool
		num        int
		south      bool
	}{
		{0, false, 1, true}, {1, false, 1, false}, {2, false, 2, true},
		{0, true, 1, false}, {1, true, 2, true}, {2, true, 2, false}, {3, true, 3, true},
	}
	for _, tc := range tests {
		if n, s := MoveNumber(tc.ply, tc.northFirst); n != tc.num || s != tc.south {
			t.Errorf("MoveNumber(%d, %v) = %d, %v; want %d, %v", tc.ply, tc.northFirst, n, s, tc.num, tc.south)
		}
	}
}

func TestSoftBreak(t *testing.T) {
	tests := []struct {
		text string
		k    int
		want bool
	}{
		{"a b", 1, true},
		{"a  b", 1, false},    // a double space stays
		{"a\\ b", 2, false},   // after a backslash a break would be a hard break
		{"a - b", 1, false},   // a list item
		{"a # b", 1, false},   // a heading
		{"a 12. b", 1, false}, // an ordered list
		{"a 12 b", 1, true},
		{" a", 0, false},
		{"a ", 1, false},
	}
	for _, tc := range tests {
		if got := softBreak(tc.text, tc.k); got != tc.want {
			t.Errorf("softBreak(%q, %d) = %v, want %v", tc.text, tc.k, got, tc.want)
		}
	}
}

// Any tag value is written so that it is read back: names from other programs hold line
// breaks, NULs and bytes that are not UTF-8 (an imported name with a line break made a file
// bao could not read).
func TestTagValuesReadBack(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{`plain`, `plain`},
		{`<script>"x"\`, `<script>"x"\`},
		{"two\nlines\r\nhere", "two lines  here"},
		{"nul\x00byte", "nul byte"},
		{"latin-1 caf\xe9", "latin-1 caf\uFFFD"},
		{"tab\tbell\a\u202e", "tab\tbell\a\u202e"},
	} {
		r := &Record{Tags: []Tag{{Name: "South", Value: c.value}}, Result: "*"}
		var b strings.Builder
		if err := Write(&b, r); err != nil {
			t.Fatal(err)
		}
		back, err := Parse("t.bgn", strings.NewReader(b.String()))
		if err != nil || len(back) != 1 {
			t.Errorf("%q: written as\n%s\nread back: %v", c.value, b.String(), err)
			continue
		}
		if got := back[0].Tag("South"); got != c.want {
			t.Errorf("%q: read back as %q, want %q", c.value, got, c.want)
		}
	}
}
