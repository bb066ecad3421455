package archive

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/blevesearch/bleve/v2"
)

// entry is what the index remembers of one archive file, to tell whether it changed.
type entry struct {
	Path      string `json:"p"`
	Size      int64  `json:"s"`
	MTime     int64  `json:"m"` // modification time, Unix nanoseconds
	Hash      string `json:"h"` // SHA-256 of the content, hex
	Games     int    `json:"g"`
	Positions int    `json:"n"`
	Errors    int    `json:"e"`           // games with problems
	Deleted   bool   `json:"d,omitempty"` // a tombstone in the log
}

// The manifest lives in each shard's internal storage as a log of chunks, each the entries that
// changed in one batch. Writing a file's entry in the same batch as its documents makes the
// pair atomic: after a crash the index holds either both or neither, and a file without its
// entry is read again. A log (rather than one key per file) can be listed, which finding
// deleted files needs, and costs a batch only what changed in it.
const (
	keyVersion = "mapping_version"
	keyShards  = "shards"
	// keyOpenings holds the Openings.Sum of the table the games were named with
	keyOpenings = "openings"
	keyFirst    = "manifest_first" // the oldest chunk still kept
	keyNext     = "manifest_next"  // the number the next chunk gets
)

func chunkKey(n int) []byte { return fmt.Appendf(nil, "manifest/%08d", n) }

// manifest is one shard's entries, loaded from its log.
type manifest struct {
	files       map[string]entry
	first, next int
}

// loadManifest replays a shard's log. A missing or unreadable chunk means the index is damaged.
func loadManifest(idx bleve.Index) (*manifest, error) {
	m := &manifest{files: map[string]entry{}}
	var err error
	if m.first, err = internalInt(idx, keyFirst); err != nil {
		return nil, err
	}
	if m.next, err = internalInt(idx, keyNext); err != nil {
		return nil, err
	}
	for n := m.first; n < m.next; n++ {
		raw, err := idx.GetInternal(chunkKey(n))
		if err != nil {
			return nil, err
		}
		var es []entry
		if err := json.Unmarshal(raw, &es); err != nil {
			return nil, fmt.Errorf("manifest chunk %d: %w", n, err)
		}
		m.apply(es)
	}
	return m, nil
}

func (m *manifest) apply(es []entry) {
	for _, e := range es {
		if e.Deleted {
			delete(m.files, e.Path)
		} else {
			m.files[e.Path] = e
		}
	}
}

// write adds the changed entries to b as the next chunk.
func (m *manifest) write(b *bleve.Batch, es []entry) error {
	if len(es) == 0 {
		return nil
	}
	raw, err := json.Marshal(es)
	if err != nil {
		return err
	}
	m.apply(es)
	b.SetInternal(chunkKey(m.next), raw)
	m.next++
	b.SetInternal([]byte(keyNext), strconv.AppendInt(nil, int64(m.next), 10))
	return nil
}

// compact rewrites the log as one chunk holding every entry, so that it does not grow with
// every run; the new chunk and the removal of the old ones go in one batch.
func (m *manifest) compact(b *bleve.Batch) error {
	if m.next-m.first <= 1 {
		return nil
	}
	all := make([]entry, 0, len(m.files))
	for _, e := range m.files {
		all = append(all, e)
	}
	raw, err := json.Marshal(all)
	if err != nil {
		return err
	}
	for n := m.first; n < m.next; n++ {
		b.DeleteInternal(chunkKey(n))
	}
	m.first = m.next
	b.SetInternal(chunkKey(m.next), raw)
	m.next++
	b.SetInternal([]byte(keyFirst), strconv.AppendInt(nil, int64(m.first), 10))
	b.SetInternal([]byte(keyNext), strconv.AppendInt(nil, int64(m.next), 10))
	return nil
}

// internalInt reads a decimal internal value; absent means 0.
func internalInt(idx bleve.Index, key string) (int, error) {
	raw, err := idx.GetInternal([]byte(key))
	if err != nil || raw == nil {
		return 0, err
	}
	n, err := strconv.Atoi(string(raw))
	if err != nil {
		return 0, fmt.Errorf("internal %s: %q is not a number", key, raw)
	}
	return n, nil
}
