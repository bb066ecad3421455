package archive

import (
	"context"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
)

// TestNoticeIsOneLine: a damaged mapping made bleve's error, and so the rebuild notice, carry
// the whole mapping document over many lines.
func TestNoticeIsOneLine(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{Shards: 1})
	dir := DefaultIndexDir(f.root)
	idx, err := bleve.Open(shardDir(dir, 0))
	if err != nil {
		t.Fatal(err)
	}
	b := idx.NewBatch()
	b.SetInternal([]byte("_mapping"), []byte("{bad\n"+strings.Repeat("x", 5000)))
	if err := batchPersisted(context.Background(), idx.Batch, b, nil); err != nil {
		t.Fatal(err)
	}
	idx.Close()
	var notices []string
	s, err := Update(context.Background(), f.root, UpdateOptions{Notice: func(n string) { notices = append(notices, n) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(notices) != 1 || s.Rebuilt == "" {
		t.Fatalf("notices %q, summary %+v", notices, s)
	}
	if n := notices[0]; strings.Contains(n, "\n") || len(n) > 300 {
		t.Errorf("notice of %d bytes over %d lines: %.400q", len(n), strings.Count(n, "\n")+1, n)
	}
}
