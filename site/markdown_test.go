package site

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/notation"
)

// Spec-style cases, as goldmark keeps its own: testdata/markdown/*.txt holds cases of the form
//
//	N: description
//	//- - - - - - - - -//
//	Markdown input
//	//- - - - - - - - -//
//	expected HTML
//	//= = = = = = = = = = = = = = = = = = = = = = = =//
//
// A description that ends in "(game)" renders the input as a comment of the first game of
// testdata/archive.txtar (a Bao Kingulu game); others as a page, page.md, with no game.
const (
	caseSep = "//- - - - - - - - -//\n"
	caseEnd = "//= = = = = = = = = = = = = = = = = = = = = = = =//\n"
)

type mdCase struct {
	head, input, want string
}

func readCases(t *testing.T, path string) []mdCase {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []mdCase
	for _, block := range strings.Split(string(data), caseEnd) {
		if strings.TrimSpace(block) == "" {
			continue
		}
		parts := strings.Split(block, caseSep)
		if len(parts) != 3 {
			t.Fatalf("%s: malformed case %q", path, block)
		}
		cases = append(cases, mdCase{strings.TrimSpace(parts[0]), parts[1], parts[2]})
	}
	return cases
}

func writeCases(t *testing.T, path string, cases []mdCase) {
	var b strings.Builder
	for _, c := range cases {
		b.WriteString(c.head + "\n" + caseSep + c.input + caseSep + c.want + caseEnd)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// renderCase renders one input the way the site renders pages or comments.
func renderCase(t testing.TB, bd *build, head, input string) string {
	dc := &docContext{b: bd.catalogue, file: "page.md", line: 1}
	if strings.HasSuffix(head, "(game)") {
		g := firstGame(t, bd, "club/games.bgn")
		dc = &docContext{b: bd.catalogue, file: g.file, line: 1, variant: g.variant(), game: g, root: "../"}
	}
	return string(bd.s.markdown(input, dc))
}

// testBuild is the fixture archive scanned and indexed but not written: what the Markdown of
// its pages can refer to, "also reached in" links from the index included.
func testBuild(t testing.TB) *build {
	dir := writeArchive(t)
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	ix, err := archive.Open(archive.DefaultIndexDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	bd := newBuild(t.Context(), s, fixture(t, "archive.txtar"), &memOutput{files: map[string][]byte{}})
	if err := bd.scan(); err != nil {
		t.Fatal(err)
	}
	bd.ix = ix
	bd.collectFacets()
	return bd
}

// firstGame reads and replays the first game of a record file of bd's archive.
func firstGame(t testing.TB, bd *build, file string) *game {
	t.Helper()
	var g *game
	err := scanGames(bd.src, file, file, func(n int, several bool, rec *notation.Record, errs notation.ErrorList) error {
		if g == nil {
			g = newGame(file, file, n, several, rec, errs)
		}
		return nil
	})
	if err != nil || g == nil {
		t.Fatalf("reading %s: %v", file, err)
	}
	return g
}

func TestMarkdownCases(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "markdown", "*.txt"))
	if len(files) == 0 {
		t.Fatal("no cases in testdata/markdown")
	}
	bd := testBuild(t)
	for _, path := range files {
		cases := readCases(t, path)
		for i, c := range cases {
			got := renderCase(t, bd, c.head, c.input)
			if *update {
				cases[i].want = got
				continue
			}
			if got != c.want {
				t.Errorf("%s: case %q:\n%s", filepath.Base(path), c.head, firstDiff([]byte(c.want), []byte(got)))
			}
		}
		if *update {
			writeCases(t, path, cases)
		}
	}
}

// TestAnnotationsInert renders hostile annotations, in a comment and on a page, and checks that
// nothing in them can run: no script element, no event-handler attribute, no javascript: URL.
// TestMarkdownNoStyleAttributes: nothing the Markdown renderer writes needs an inline style,
// which the pages' Content-Security-Policy does not allow.
func TestMarkdownNoStyleAttributes(t *testing.T) {
	bd := testBuild(t)
	got := renderCase(t, bd, "page", "| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n\n- [x] done\n\n~~gone~~ https://example.org")
	if strings.Contains(got, "style=") || !strings.Contains(got, `align="right"`) {
		t.Errorf("the table renders %s, want align attributes and no style", got)
	}
}

func TestAnnotationsInert(t *testing.T) {
	hostile := []string{
		"<script>alert(1)</script>",
		"Text <script src=https://evil.example/x.js></script> inline.",
		`<img src=x onerror="alert(1)">`,
		`<a href="#" onclick="alert(1)">x</a>`,
		"[click](javascript:alert(1))",
		"[click](JaVaScRiPt:alert(1))",
		"[click](&#106;avascript:alert(1))",
		"[click](java\tscript:alert(1))",
		"<javascript:alert(1)>",
		"![img](javascript:alert(1))",
		"[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
		"[ref]\n\n[ref]: javascript:alert(1)",
		"<div onmouseover=alert(1)>hover</div>",
		"```bao variant=kingulu\n<script>alert(1)</script>\n```",
		"```bao variant=<script>alert(1)</script>\n4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -\n```",
	}
	bad := regexp.MustCompile(`(?i)<script|\son[a-z]+\s*=|(href|src)\s*=\s*"?\s*(javascript|vbscript|data):`)
	bd := testBuild(t)
	for _, h := range hostile {
		for _, head := range []string{"page", "(game)"} {
			got := renderCase(t, bd, head, h)
			if m := bad.FindString(got); m != "" {
				t.Errorf("%q rendered %q, live markup %q", h, got, m)
			}
		}
	}
	// The same through a whole build: a record whose comment holds a script.
	src := fixture(t, "archive.txtar")
	src["club/evil.bgn"] = src["club/games.bgn"]
	src["club/evil.bgn"].Data = []byte(`[Variant "Bao Kingulu"]

1. A3 {<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))} *
`)
	files, _ := buildMem(t, src)
	page := string(files["club/evil/1.html"])
	if page == "" {
		t.Fatal("club/evil/1.html not built")
	}
	// The page has five script elements of its own: the messages and their helpers, the
	// viewer, its data and the analysis board.
	if n := strings.Count(page, "<script"); n != 5 {
		t.Errorf("club/evil.html has %d script elements, want 5", n)
	}
	if m := regexp.MustCompile(`(?i)\son[a-z]+\s*=|javascript:`).FindString(page); m != "" {
		t.Errorf("club/evil.html holds live markup %q", m)
	}
}

// FuzzMarkdown renders arbitrary annotation text as a game's comment, diagram blocks
// included: it must never panic, and never let a script tag through.
func FuzzMarkdown(f *testing.F) {
	f.Add("```bao\nafter=3\n```\n")
	f.Add("```bao variant=kimasai move=A2\n" + "1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,0/0,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 S\n```")
	f.Add("<script>alert(1)</script> [x](javascript:alert(1)) ![i](x.png \"t\")")
	f.Add("| a | b |\n|---|---|\n| `A3` | **x** |\n")
	bd := testBuild(f)
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		out := renderCase(t, bd, "fuzz (game)", src)
		if strings.Contains(strings.ToLower(out), "<script") {
			t.Fatalf("a script tag got through:\n%s", out)
		}
	})
}
