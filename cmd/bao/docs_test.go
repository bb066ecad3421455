package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/bao-archive/bao/site"
)

var update = flag.Bool("update", false, "rewrite the golden files and the CLI reference in docs/")

// The CLI reference in docs/cli (Markdown) and docs/man (man pages) is generated from the
// commands' own help; `make docs` regenerates it, and this test fails when it is stale.
const (
	cliDocs = "../../docs/cli"
	manDocs = "../../docs/man"
)

func TestCLIReference(t *testing.T) {
	gen := t.TempDir()
	md, man := filepath.Join(gen, "cli"), filepath.Join(gen, "man")
	for _, d := range []string{md, man} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	root := referenceRoot()
	if err := doc.GenMarkdownTree(root, md); err != nil {
		t.Fatal(err)
	}
	// A fixed date keeps the pages byte-stable: they change only when the help does.
	date := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := doc.GenManTree(root, &doc.GenManHeader{Title: "BAO", Section: "1", Date: &date,
		Source: "bao", Manual: "bao manual"}, man); err != nil {
		t.Fatal(err)
	}
	for _, d := range []struct{ gen, repo string }{{md, cliDocs}, {man, manDocs}} {
		if *update {
			os.RemoveAll(d.repo)
			if err := os.CopyFS(d.repo, os.DirFS(d.gen)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		compareTrees(t, d.gen, d.repo)
	}
}

// referenceRoot is the command tree as documented: without the version, which changes with
// every build, and without cobra's auto-generated date lines.
func referenceRoot() *cobra.Command {
	root := newRootCmd(&env{in: new(bytes.Buffer), out: new(bytes.Buffer), err: new(bytes.Buffer)})
	root.Version = "" // --version is described by `bao version`'s page
	root.InitDefaultCompletionCmd()
	root.InitDefaultHelpCmd()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.DisableAutoGenTag = true
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(root)
	return root
}

// compareTrees fails for every file of want missing from, or different in, got, and for every
// file of got that want lacks.
func compareTrees(t *testing.T, want, got string) {
	t.Helper()
	wantFiles, _ := filepath.Glob(filepath.Join(want, "*"))
	gotFiles, _ := filepath.Glob(filepath.Join(got, "*"))
	seen := map[string]bool{}
	for _, w := range wantFiles {
		name := filepath.Base(w)
		seen[name] = true
		a, _ := os.ReadFile(w)
		b, err := os.ReadFile(filepath.Join(got, name))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s/%s is stale: run make docs", got, name)
		}
	}
	for _, g := range gotFiles {
		if !seen[filepath.Base(g)] {
			t.Errorf("%s is no longer generated: run make docs", g)
		}
	}
}

// TestDocsStayInTheRepository: the docs the project carries (README, docs/, doc comments) never
// send readers to files outside the repository, such as a sibling spec folder.
func TestDocsStayInTheRepository(t *testing.T) {
	outside := "shared" + "/" // spelled apart so that this file does not match itself
	for _, root := range []string{"../../README.md", "../../docs", "../../engine", "../../notation",
		"../../archive", "../../site", "../../cmd"} {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(path)
			if err == nil && bytes.Contains(data, []byte(outside)) {
				t.Errorf("%s mentions %s", path, outside)
			}
			return err
		})
	}
}

// TestDocsBuild: docs/ publishes as a site (bao site build docs): every page renders and every
// board diagram draws. The one record that does not replay is the practice transcript, whose
// mistakes are the point of its guide.
func TestDocsBuild(t *testing.T) {
	rep, err := site.Build(context.Background(), os.DirFS("../../docs"), t.TempDir(), site.Options{Source: "docs"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages < 20 {
		t.Errorf("only %d pages", rep.Pages)
	}
	for _, w := range rep.Warnings {
		if !strings.HasPrefix(w, "docs/examples/transcript.bgn:") {
			t.Errorf("docs do not build cleanly: %s", w)
		}
	}
}
