package rules

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// rules say where a kind of code may be: a line of a Go source file (tests aside) that
// matches pattern is allowed only in the files or folders listed in only.
var rules = []struct {
	what    string
	pattern *regexp.Regexp
	only    []string // slash-separated, from the repository's root; a folder ends in "/", "/*" is its own files
}{
	{"a test of the .bgn extension (archive/tree says which files are records)",
		regexp.MustCompile(`(Ext\(|HasSuffix\(|EqualFold\(|==|!=|case ).*"\.(bgn|BGN)"`),
		[]string{"archive/tree/"}},
	{"a search for a comment command (notation reads and writes them: command.go)",
		regexp.MustCompile(`"\\?\[%|\\\[%`), []string{"notation/*"}},
	// site/webengine names its own assets; the live pages' addresses under /live/ are site/live's
	{"a site address made outside site/paths.go",
		regexp.MustCompile(`"(#p|\?lang=|explore\?|search\?|lists/|players/|static/|search/)|"(index|event|search)\.html"|"search\.json"`),
		[]string{"site/paths.go", "site/webengine/", "site/live/"}},
	// The renderers are functions of the read-only catalogue (site/catalogue.go); only the
	// builder's files hold the builder, which writes the pages, the manifest and the progress.
	{"the site's builder (*build) outside the builder's files: a renderer reads the catalogue",
		regexp.MustCompile(`[*&]build\b`),
		[]string{"site/build.go", "site/collect.go", "site/catalog.go", "site/write.go", "site/serving.go"}},
	{"html.EscapeString or template.HTML( (the board draws its own; the site goes through trusted.go)",
		regexp.MustCompile(`html\.EscapeString\(|template\.(HTML|JS)\(`), []string{"site/board/", "site/trusted.go"}},
}

// imports are the imports a package may not have: the site's three parts import one way
// (site/board <- site <- site/server), and the site draws with no analysis of its own.
var imports = []struct{ dir, forbidden string }{
	{"site/board", `"github.com/bao-archive/bao/site"`},
	{"site/board", `"github.com/bao-archive/bao/site/server"`},
	{"site", `"github.com/bao-archive/bao/site/server"`},
	{"site", `"github.com/bao-archive/bao/analysis"`},
}

// TestRules reads every Go source file of the repository, tests aside, against the rules.
func TestRules(t *testing.T) {
	root := filepath.Join("..", "..")
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			for _, r := range rules {
				if r.pattern.MatchString(line) && !allowed(rel, r.only) {
					t.Errorf("%s:%d: %s: %s", rel, i+1, r.what, strings.TrimSpace(line))
				}
			}
			for _, im := range imports {
				if path.Dir(rel) == im.dir && strings.TrimSpace(line) == im.forbidden {
					t.Errorf("%s:%d: package %s imports %s, against the direction of imports", rel, i+1, im.dir, im.forbidden)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("read %d Go files: not the repository", n)
	}
}

func allowed(file string, only []string) bool {
	for _, o := range only {
		dir, own := strings.CutSuffix(o, "/*")
		if file == o || strings.HasSuffix(o, "/") && strings.HasPrefix(file, o) || own && path.Dir(file) == dir {
			return true
		}
	}
	return false
}
