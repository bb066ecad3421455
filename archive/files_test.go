package archive

import (
	"github.com/bao-archive/bao/archive/tree"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestWalkOnlyRegularFilesInside: links are followed only inside the archive, and FIFOs and
// devices are skipped with a notice (reading one never ends).
func TestWalkOnlyRegularFilesInside(t *testing.T) {
	f := newFixture(t)
	outside := filepath.Join(t.TempDir(), "secret.bgn")
	if err := os.WriteFile(outside, []byte("[Event \"secret\"]\n\n*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(f.root, name)); err != nil {
			t.Fatal(err)
		}
	}
	link(outside, "leak.bgn")                       // absolute, out
	link("../../"+filepath.Base(outside), "up.bgn") // relative, climbs out
	link("kingulu.bgn", "alias.bgn")                // inside: read
	link("/dev/zero", "zero.bgn")                   // a device
	link("missing.bgn", "dangling.bgn")
	if err := os.Symlink(filepath.Dir(outside), filepath.Join(f.root, "outdir")); err != nil {
		t.Fatal(err)
	}
	link("outdir/secret.bgn", "via.bgn") // through a directory link that leaves
	if err := syscall.Mkfifo(filepath.Join(f.root, "pipe.bgn"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, skipped, _, err := walk(f.root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range files {
		got = append(got, d.path)
	}
	want := []string{"alias.bgn", "bad/illegal.bgn", "bad/novariant.bgn", "kimasai/k.bgn", "kingulu.bgn", "lamu/kete.bgn", "zanzibar/1998.bgn"}
	if !slices.Equal(got, want) {
		t.Errorf("walk found %v, want %v", got, want)
	}
	joined := strings.Join(skipped, "\n")
	for _, name := range []string{"leak.bgn", "up.bgn", "zero.bgn", "dangling.bgn", "via.bgn", "pipe.bgn"} {
		if !strings.Contains(joined, name+": skipped") {
			t.Errorf("no notice for %s in:\n%s", name, joined)
		}
	}
	for _, s := range skipped {
		if strings.Contains(s, "\n") {
			t.Errorf("notice over several lines: %q", s)
		}
	}
	t.Log(joined)
}

// TestUnreadableFolder: a folder below the root that cannot be listed is skipped with a notice
// (index, site build and validate once stopped at it); the root itself cannot be skipped.
func TestUnreadableFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "lockdir"), 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	denied := &fs.PathError{Op: "openat", Path: "lockdir", Err: fs.ErrPermission}
	if n, ok := tree.UnreadableFolder("lockdir", entries[0], denied); !ok || n != "lockdir: skipped, the folder cannot be read (permission denied)" {
		t.Errorf("a locked folder: %q, %v", n, ok)
	}
	for _, c := range []struct {
		name string
		d    fs.DirEntry
		err  error
	}{{".", entries[0], denied}, {"lockdir", entries[0], nil}, {"lockdir", nil, denied}} {
		if n, ok := tree.UnreadableFolder(c.name, c.d, c.err); ok {
			t.Errorf("%s, %v, %v: skipped as %q; only a folder below the root that failed is", c.name, c.d, c.err, n)
		}
	}
	if os.Geteuid() == 0 {
		t.Skip("the walk over a chmod 000 folder needs a user the permission stops; root reads it")
	}
	f := newFixture(t)
	locked := filepath.Join(f.root, "zanzibar")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	files, skipped, gone, err := walk(f.root)
	if err != nil || len(files) == 0 || !slices.Equal(gone, []string{"zanzibar"}) || !strings.Contains(strings.Join(skipped, "\n"), "zanzibar: skipped") {
		t.Errorf("walk: %d files, skipped %q, locked %q, %v", len(files), skipped, gone, err)
	}
}
