package site_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/site"
)

// TestOpeningAndNovelty: a game page names the game's opening from the archive's
// openings.toml and marks its novelty from the index; a game dated earlier, added later,
// moves the novelty, and the next build rewrites the page.
func TestOpeningAndNovelty(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	rec := func(date, moves string) string {
		return "[Date \"" + date + "\"]\n[South \"A\"]\n[North \"B\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n" + moves + "\n\n"
	}
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(archive.OpeningsFile, "# names written for this test\n[kingulu]\n\"A3\" = \"test line one\"\n")
	write("a.bgn", rec("2000.??.??", "1. A3 a3 2. A5 a6 *")+rec("2001.??.??", "1. A3 a1 2. A1 a6 *"))
	build := func() string {
		t.Helper()
		if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, err := site.Build(t.Context(), os.DirFS(dir), out, site.Options{IndexDir: archive.DefaultIndexDir(dir)}); err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.Join(out, "a", "2.html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(page)
	}
	page := build()
	for _, want := range []string{
		`<th>Opening</th><td>test line one (<a href="#p1">1. A3</a>)</td>`,
		`<th>Novelty</th><td><a href="#p2">1... a1</a>: the first move no earlier game of the archive played; 1 earlier game reached the position before it</td>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("game 2: no %s in\n%s", want, page)
		}
	}
	first, err := os.ReadFile(filepath.Join(out, "a", "1.html"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(first), "<th>Novelty</th>") {
		t.Errorf("game 1, the first played, has a novelty")
	}
	write("b.bgn", rec("1999.??.??", "1. A3 a1 *"))
	page = build()
	if want := `<a href="#p3">2. A1</a>: the first move no earlier game of the archive played; 1 earlier game reached`; !strings.Contains(page, want) {
		t.Errorf("after an earlier game: no %s in\n%s", want, page)
	}
}
