package archive

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// flipSegment inverts n bytes at the fraction at of every segment file of the index at dir.
func flipSegment(t *testing.T, dir string, at float64, n int) {
	t.Helper()
	segs, _ := filepath.Glob(filepath.Join(dir, "shard-*", "store", "*.zap"))
	if len(segs) == 0 {
		t.Fatal("no segments")
	}
	for _, p := range segs {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		mid := int(at * float64(len(data)))
		for i := max(0, mid-n/2); i < min(len(data)-4, mid+n/2); i++ {
			data[i] ^= 0xff
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestUpdateRebuildsDamagedSegment: bytes flipped inside a segment used to go unnoticed
// ("0 read, 6 unchanged"); the checksum check on open rebuilds the index and says why.
func TestUpdateRebuildsDamagedSegment(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{})
	dir := DefaultIndexDir(f.root)
	flipSegment(t, dir, 0.5, 16)
	s := update(t, f.root, UpdateOptions{})
	if !strings.Contains(s.Rebuilt, "damaged") || s.Read != 6 {
		t.Errorf("damaged segment not rebuilt: %+v", s)
	}
	checkAgainstClean(t, f.root)
}

// TestSearchDamagedIndexDoesNotPanic: a search of a damaged index fails or answers, but never
// panics, whatever part of a segment is damaged.
func TestSearchDamagedIndexDoesNotPanic(t *testing.T) {
	f := newFixture(t)
	clean := filepath.Join(t.TempDir(), "clean")
	update(t, f.root, UpdateOptions{IndexDir: clean})
	for i := range 40 {
		at, n := float64(i%10)/10+0.05, []int{8, 64, 512, 4096}[i/10]
		dir := filepath.Join(t.TempDir(), "hurt")
		if err := os.CopyFS(dir, os.DirFS(clean)); err != nil {
			t.Fatal(err)
		}
		flipSegment(t, dir, at, n)
		ix, err := Open(dir)
		if err != nil {
			t.Logf("%d bytes: refused on open: %v", n, err)
			continue
		}
		for _, q := range []Query{{Text: "*"}, {Player: "ali juma"}, {Facets: true, Limit: 100}} {
			if _, err := ix.Search(context.Background(), q); err != nil {
				t.Logf("%d bytes: %v", n, err)
			}
		}
		if _, err := ix.Explore(context.Background(), ExploreQuery{Variant: "kiswahili"}); err != nil {
			t.Logf("%d bytes: %v", n, err)
		}
		ix.Close()
	}
}
