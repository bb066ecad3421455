package site

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/bao-archive/bao/archive/tree"
)

// badRecords are records bao cannot draw as games; each must give a problem page with its
// located message and never stop the build of the others.
var badRecords = map[string]struct{ data, msg string }{
	"novariant.bgn": {"[Event \"x\"]\n\n*\n", "novariant.bgn:1:1"},
	"unknown.bgn":   {"[Event \"x\"]\n[Variant \"chess\"]\n\n*\n", "unknown.bgn:2:10"},
	"badpos.bgn":    {"[Variant \"kiswahili\"]\n[Position \"garbage\"]\n\n*\n", "badpos.bgn:2:11"},
	"binary.bgn":    {"\x00\x01\x02\xff\xfe[\x00]\x89PNG\r\n\x1a\n", "binary.bgn:1:"},
}

// TestBuildProblemPages: one record without a usable variant stopped the whole site (a nil
// board inside game.html), and bao serve then refused to start.
func TestBuildProblemPages(t *testing.T) {
	src := fixture(t, "archive.txtar")
	for name, r := range badRecords {
		src["bad/"+name] = &fstest.MapFile{Data: []byte(r.data)}
	}
	files, rep := buildMem(t, src)
	if _, ok := files["club/games/1.html"]; !ok {
		t.Error("the good records' pages are missing")
	}
	warnings := strings.Join(rep.Warnings, "\n")
	for name, r := range badRecords {
		page := "bad/" + strings.TrimSuffix(name, ".bgn") + "/1.html"
		html, ok := files[page]
		if !ok {
			t.Errorf("%s: no problem page %s", name, page)
			continue
		}
		if !strings.Contains(string(html), "Problem") || !strings.Contains(string(html), r.msg) {
			t.Errorf("%s: the problem page does not say %q:\n%s", name, r.msg, html)
		}
		if !strings.Contains(warnings, r.msg) {
			t.Errorf("%s: no warning at %s in:\n%s", name, r.msg, warnings)
		}
	}
}

// TestBuildSkipsOutsideLinks: a link to a file outside the archive was published, and a FIFO
// hung the build.
func TestBuildSkipsOutsideLinks(t *testing.T) {
	dir := writeArchive(t)
	secret := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(secret, []byte("# root:x:0:0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for target, name := range map[string]string{secret: "leak.md", "/dev/zero": "zero.bgn", "club/notes.md": "alias.md"} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Title: "Test", Source: "A"})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := s.Scan(t.Context(), mustRoot(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	if _, found := renderPage(t, cat, "leak.html"); found {
		t.Error("a link out of the archive is served")
	}
	if _, found := renderPage(t, cat, "alias.html"); !found {
		t.Error("a link inside the archive is not served")
	}
	rep, err := s.Build(t.Context(), mustRoot(t, dir), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	warnings := strings.Join(rep.Warnings, "\n")
	for _, name := range []string{"A/leak.md: skipped", "A/zero.bgn: skipped", "A/pipe.md: skipped"} {
		if !strings.Contains(warnings, name) {
			t.Errorf("no warning %q in:\n%s", name, warnings)
		}
	}
}

func mustRoot(t *testing.T, dir string) fs.FS {
	t.Helper()
	fsys, err := tree.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

// TestBuildUnreadablePage: a Markdown page that cannot be read (here one too large; an
// unreadable file is the same) is shown as its located error; the build goes on.
func TestBuildUnreadablePage(t *testing.T) {
	src := fixture(t, "archive.txtar")
	src["huge.md"] = &fstest.MapFile{Data: []byte("# Huge\n" + strings.Repeat("x", maxPage))}
	files, rep := buildMem(t, src)
	if !strings.Contains(string(files["huge.html"]), "huge.md:1:1: larger than 16 MiB") {
		t.Errorf("no error in place:\n%.2000s", files["huge.html"])
	}
	if !strings.Contains(strings.Join(rep.Warnings, "\n"), "huge.md:1:1: larger than") {
		t.Errorf("no warning: %q", rep.Warnings)
	}
	if _, ok := files["club/games/1.html"]; !ok {
		t.Error("the other pages are missing")
	}
}
