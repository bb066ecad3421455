package archive

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"

	"github.com/bao-archive/bao/engine"
)

// snapshot is everything a search can see of an index, for comparing two indexes.
func snapshot(t testing.TB, ix *Index) string {
	t.Helper()
	ctx := context.Background()
	res, err := ix.Search(ctx, Query{Limit: 100000, Facets: true})
	if err != nil {
		t.Fatal(err)
	}
	res.Took = 0
	var trees []*Tree
	for _, v := range engine.Variants() {
		tree, err := ix.Explore(ctx, ExploreQuery{Variant: v.ID()})
		if err != nil {
			t.Fatal(err)
		}
		trees = append(trees, tree)
	}
	b, err := json.MarshalIndent(struct {
		R *Result
		T []*Tree
	}{res, trees}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// cleanSnapshot builds a new index of root elsewhere and snapshots it.
func cleanSnapshot(t testing.TB, root string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "clean")
	if _, err := Update(context.Background(), root, UpdateOptions{IndexDir: dir}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	return snapshot(t, ix)
}

func update(t testing.TB, root string, o UpdateOptions) Summary {
	t.Helper()
	sum, err := Update(context.Background(), root, o)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func TestUpdateIsIncremental(t *testing.T) {
	f := newFixture(t)
	if s := update(t, f.root, UpdateOptions{}); s.Read != 6 || s.Unchanged != 0 || s.Removed != 0 {
		t.Errorf("first run: %+v", s)
	}
	if s := update(t, f.root, UpdateOptions{}); s.Read != 0 || s.Unchanged != 6 || s.Files != 6 {
		t.Errorf("second run read files again: %+v", s)
	}
	// a file loses games, a file goes, a file is touched, a file comes
	f.addGames(t, "zanzibar/1998.bgn", engine.Kiswahili, 9, 2000, func(int) [][2]string {
		return roster("Zanzibar Open", "1999.01.01", "New", "Comer")
	}, 1)
	if err := os.Remove(filepath.Join(f.root, "kimasai", "k.bgn")); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(f.root, "kingulu.bgn"), later, later); err != nil {
		t.Fatal(err)
	}
	f.addGames(t, "new/x.bgn", engine.Kete, 10, 2000, func(int) [][2]string { return nil }, 2)
	s := update(t, f.root, UpdateOptions{})
	if s.Read != 3 || s.Removed != 1 || s.Unchanged != 3 || s.Files != 6 {
		t.Errorf("after changes: %+v; want 3 read (changed, touched, new), 1 removed, 3 unchanged", s)
	}
	ix, err := Open(DefaultIndexDir(f.root))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	got := hitIDs(t, ix, Query{Text: "file:zanzibar/1998.bgn"})
	if !slices.Equal(got, []string{"zanzibar/1998.bgn#1"}) {
		t.Errorf("the shortened file still has %v", got)
	}
	if got := hitIDs(t, ix, Query{Text: `file:"kimasai/k.bgn"`}); len(got) != 0 {
		t.Errorf("the removed file still has %v", got)
	}
	if a, b := snapshot(t, ix), cleanSnapshot(t, f.root); a != b {
		t.Errorf("incremental index differs from a clean build:\n%s\n---\n%s", a, b)
	}
}

func TestUpdateShards(t *testing.T) {
	f := newFixture(t)
	one := cleanSnapshot(t, f.root)
	for _, n := range []int{3, 2} { // 2 after 3: a different count rebuilds
		var notice string
		s := update(t, f.root, UpdateOptions{Shards: n, Notice: func(m string) { notice = m }})
		if s.Shards != n {
			t.Errorf("%d shards asked, %d made", n, s.Shards)
		}
		if n == 2 && (s.Rebuilt == "" || !strings.Contains(notice, "rebuilding")) {
			t.Errorf("changing the shard count: rebuilt %q, notice %q", s.Rebuilt, notice)
		}
		ix, err := Open(DefaultIndexDir(f.root))
		if err != nil {
			t.Fatal(err)
		}
		if got := snapshot(t, ix); got != one {
			t.Errorf("%d shards find other games than one:\n%s\n---\n%s", n, got, one)
		}
		ix.Close()
	}
}

func TestUpdateRebuildsOtherVersion(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{})
	dir := DefaultIndexDir(f.root)
	idx, err := bleve.OpenUsing(shardDir(dir, 0), map[string]any{"unsafe_batch": false})
	if err != nil {
		t.Fatal(err)
	}
	if err := idx.SetInternal([]byte(keyVersion), []byte("0")); err != nil {
		t.Fatal(err)
	}
	idx.Close()
	if ix, err := Open(dir); err == nil || !strings.Contains(err.Error(), "mapping version") {
		t.Errorf("Open of an old index: %v, want a mapping version error", err)
		if err == nil {
			ix.Close()
		}
	}
	s := update(t, f.root, UpdateOptions{})
	if !strings.Contains(s.Rebuilt, "mapping version") || s.Read != 6 {
		t.Errorf("rebuild: %+v", s)
	}
	checkAgainstClean(t, f.root)
}

func TestUpdateRebuildsDamagedIndex(t *testing.T) {
	damage := map[string]func(dir string) error{
		"garbage root": func(dir string) error {
			return os.WriteFile(filepath.Join(shardDir(dir, 0), "store", "root.bolt"), []byte("not a bolt file"), 0o600)
		},
		"no meta": func(dir string) error { return os.Remove(filepath.Join(shardDir(dir, 0), "index_meta.json")) },
		"lost shard": func(dir string) error {
			return os.RemoveAll(shardDir(dir, 1))
		},
		"extra shard": func(dir string) error { return os.Mkdir(shardDir(dir, 2), 0o700) },
	}
	for name, hurt := range damage {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			update(t, f.root, UpdateOptions{Shards: 2})
			dir := DefaultIndexDir(f.root)
			if err := hurt(dir); err != nil {
				t.Fatal(err)
			}
			if ix, err := Open(dir); err == nil {
				ix.Close()
				t.Errorf("Open of a damaged index succeeded")
			}
			s := update(t, f.root, UpdateOptions{})
			if s.Rebuilt == "" || s.Read != 6 {
				t.Errorf("damaged index not rebuilt: %+v", s)
			}
			checkAgainstClean(t, f.root)
		})
	}
}

func checkAgainstClean(t *testing.T, root string) {
	t.Helper()
	ix, err := Open(DefaultIndexDir(root))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if a, b := snapshot(t, ix), cleanSnapshot(t, root); a != b {
		t.Errorf("index differs from a clean build:\n%s\n---\n%s", a, b)
	}
}

func TestOpenMissing(t *testing.T) {
	_, err := Open(filepath.Join(t.TempDir(), "nothing"))
	if err == nil || !strings.Contains(err.Error(), "no index") {
		t.Errorf("Open of nothing: %v", err)
	}
}

func TestManifestCompacts(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{BatchSize: 1}) // a chunk per file, compacted at the end
	set, err := openShards(DefaultIndexDir(f.root), true)
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	m, err := loadManifest(set.shards[0])
	if err != nil {
		t.Fatal(err)
	}
	if m.next-m.first != 1 || len(m.files) != 6 {
		t.Errorf("manifest chunks %d..%d, %d files", m.first, m.next, len(m.files))
	}
	for _, e := range m.files {
		if len(e.Hash) != 64 || e.Size == 0 || e.MTime == 0 {
			t.Errorf("entry %+v", e)
		}
	}
}

func TestBusyIndex(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{})
	w, err := openShards(DefaultIndexDir(f.root), false) // as a running Update holds it
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := Open(DefaultIndexDir(f.root)); !errors.Is(err, ErrBusy) {
		t.Errorf("Open while an update runs: %v, want ErrBusy", err)
	}
	if _, err := Update(context.Background(), f.root, UpdateOptions{}); !errors.Is(err, ErrBusy) {
		t.Errorf("a second Update: %v, want ErrBusy", err)
	}
}
