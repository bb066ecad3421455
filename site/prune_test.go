package site

import (
	"os"
	"path/filepath"
	"testing"
)

// TestBuildRemovesStalePages: the pages of a removed record stayed in --out.
func TestBuildRemovesStalePages(t *testing.T) {
	dir := writeArchive(t)
	out := t.TempDir()
	extra := filepath.Join(dir, "extra", "one.bgn")
	if err := os.MkdirAll(filepath.Dir(extra), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(extra, []byte("[Variant \"kiswahili\"]\n\n1. A6<* *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(out, "CNAME") // a file of the user's, never written by the build
	if err := os.WriteFile(mine, []byte("bao.example\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	build := func() {
		t.Helper()
		if _, err := Build(t.Context(), mustRoot(t, dir), out, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	build()
	page := filepath.Join(out, "extra", "one", "1.html")
	if _, err := os.Stat(page); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Dir(extra)); err != nil {
		t.Fatal(err)
	}
	build()
	if _, err := os.Stat(page); !os.IsNotExist(err) {
		t.Errorf("the removed record's page is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Dir(page)); !os.IsNotExist(err) {
		t.Errorf("its empty folder is still there: %v", err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("a file the build did not write was removed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Errorf("the site's own pages: %v", err)
	}
}
