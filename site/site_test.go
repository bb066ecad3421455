package site

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"github.com/bao-archive/bao/internal/lang"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/internal/sitetest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// fixture reads a txtar archive from testdata as a file system.
func fixture(t testing.TB, name string) fstest.MapFS {
	t.Helper()
	return sitetest.Fixture(t, filepath.Join("testdata", name))
}

// writeArchive writes the fixture archive to a temporary folder.
func writeArchive(t testing.TB) string {
	t.Helper()
	return writeFixture(t, "archive.txtar")
}

// writeFixture writes a fixture archive (testdata/NAME.txtar) to a temporary folder.
func writeFixture(t testing.TB, txtar string) string {
	t.Helper()
	return sitetest.Write(t, filepath.Join("testdata", txtar))
}

// buildMem builds src in memory and returns the files and the report.
func buildMem(t testing.TB, src fstest.MapFS) (map[string][]byte, *Report) {
	t.Helper()
	s, err := New(Options{Title: "Test site"})
	if err != nil {
		t.Fatal(err)
	}
	out := &memOutput{files: map[string][]byte{}}
	b, err := s.build(context.Background(), src, out)
	if err != nil {
		t.Fatal(err)
	}
	return out.files, b.report()
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./site -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the build (go test ./site -update rewrites it):\n%s", path, firstDiff(want, got))
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant: %s\n got: %s", i+1, w, g)
		}
	}
	return ""
}

func TestBuildGolden(t *testing.T) {
	files, rep := buildMem(t, fixture(t, "archive.txtar"))
	if rep.Games != 3 {
		t.Errorf("games = %d, want 3", rep.Games)
	}
	for _, page := range []string{"index.html", "club/index.html", "club/notes.html", "club/games/1.html",
		"club/games/3.html", "club/games/1.embed.html", "lists/index.html", "lists/player/asha.html", "search.html", "search.json"} {
		data, ok := files[page]
		if !ok {
			t.Errorf("page %s not built", page)
			continue
		}
		golden(t, strings.ReplaceAll(page, "/", "_")+".golden", data)
	}
}

// inEnglish is the language of the tests' pages unless they say otherwise.
var inEnglish = lang.Must("en")

// catalogOf reads the catalog of the archive folder dir, as bao serve does.
func catalogOf(t testing.TB, dir string, o Options) *Catalog {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	src, err := tree.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := s.ReadCatalog(context.Background(), src, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// renderPage renders page name of c as bao serve does; found is false when there is none.
func renderPage(t testing.TB, c *Catalog, name string) (page string, found bool) {
	t.Helper()
	data, found, _, err := c.Page(context.Background(), name, inEnglish)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return string(data), found
}
