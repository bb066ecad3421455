package archive

import (
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
)

// An index is N bleve indexes ("shards") in one directory, searched together through a bleve
// index alias. A file's games all go to one shard, chosen by a hash of its path, so that a
// file's documents and its manifest entry are written in one batch of one shard (see
// manifest.go). Shards let a large archive be written by several goroutines at once and keep
// each shard's segments small enough to merge quickly.

// errNoIndex means there is no index at the directory yet.
var errNoIndex = errors.New("no index")

// ErrBusy means another process has the index open for writing (bao index is running).
var ErrBusy = errors.New("the index is being written by another process (bao index); try again when it has finished")

// lockWait bounds how long opening waits for another process that has the index open for
// writing (bolt's file lock); after it, opening fails with a message instead of hanging.
const lockWait = 2 * time.Second

type shardSet struct {
	dir    string
	shards []bleve.Index
	// errs has each writable shard's asynchronous errors (see watchErrors)
	errs  []<-chan error
	stops []func()
}

// writeConfig is the scorch config of a shard opened for writing.
func writeConfig() map[string]any {
	return map[string]any{"unsafe_batch": true, "bolt_timeout": lockWait.String(),
		"asyncErrorCallbackName": asyncErrorsName}
}

// watch starts collecting the asynchronous errors of shard i, which is about to be opened for
// writing.
func (s *shardSet) watch(i int) {
	errs, stop := watchErrors(shardDir(s.dir, i))
	s.errs, s.stops = append(s.errs, errs), append(s.stops, stop)
}

func shardDir(dir string, i int) string { return filepath.Join(dir, fmt.Sprintf("shard-%02d", i)) }

// shardOf picks the shard of an archive file.
func shardOf(file string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(file))
	return int(h.Sum32() % uint32(n))
}

// createShards makes a new empty index of n shards at dir, stamped with MappingVersion.
func createShards(dir string, n int) (*shardSet, error) {
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	s := &shardSet{dir: dir}
	for i := range n {
		s.watch(i)
		idx, err := bleve.NewUsing(shardDir(dir, i), m, scorch.Name, bleve.Config.DefaultKVStore, writeConfig())
		if err != nil {
			s.Close()
			return nil, err
		}
		s.shards = append(s.shards, idx)
		b := idx.NewBatch()
		b.SetInternal([]byte(keyVersion), []byte(MappingVersion))
		b.SetInternal([]byte(keyShards), strconv.AppendInt(nil, int64(n), 10))
		if err := idx.Batch(b); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// openShards opens the index at dir and checks that it is whole and of this MappingVersion.
// Read-only opening is what search uses: it never changes the index.
func openShards(dir string, readOnly bool) (s *shardSet, err error) {
	if _, err := os.Stat(shardDir(dir, 0)); errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w at %s", errNoIndex, dir)
	}
	// bleve can panic on damaged segment files; a damaged cache must give a message, not a crash
	defer func() {
		if r := recover(); r != nil {
			s.Close()
			s, err = nil, fmt.Errorf("damaged index: %v", r)
		}
	}()
	cfg := map[string]any{"bolt_timeout": lockWait.String(), "read_only": true}
	if !readOnly {
		cfg = writeConfig()
	}
	s = &shardSet{dir: dir}
	for i, n := 0, 1; i < n; i++ {
		if !readOnly {
			s.watch(i)
		}
		idx, err := bleve.OpenUsing(shardDir(dir, i), cfg)
		if err != nil {
			s.Close()
			if strings.Contains(err.Error(), "timeout") { // bolt's lock wait ran out
				return nil, fmt.Errorf("%s: %w", dir, ErrBusy)
			}
			return nil, fmt.Errorf("shard %d: %w", i, err)
		}
		s.shards = append(s.shards, idx)
		v, err := idx.GetInternal([]byte(keyVersion))
		if err != nil || string(v) != MappingVersion {
			s.Close()
			return nil, fmt.Errorf("shard %d has mapping version %q, this bao writes %q (%v)", i, v, MappingVersion, err)
		}
		if c, err := internalInt(idx, keyShards); err != nil || c < 1 || (i > 0 && c != n) {
			s.Close()
			return nil, fmt.Errorf("shard %d: bad shard count %d (%v)", i, c, err)
		} else {
			n = c
		}
	}
	if _, err := os.Stat(shardDir(dir, len(s.shards))); err == nil {
		s.Close()
		return nil, fmt.Errorf("more shards on disk than the %d recorded", len(s.shards))
	}
	return s, nil
}

// alias searches every shard as one index.
func (s *shardSet) alias() bleve.IndexAlias { return bleve.NewIndexAlias(s.shards...) }

// Close closes every shard, waiting for what was written to reach the disk.
func (s *shardSet) Close() error {
	if s == nil {
		return nil
	}
	var errs []error
	for _, idx := range s.shards {
		errs = append(errs, idx.Close())
	}
	for _, stop := range s.stops {
		stop()
	}
	s.shards, s.errs, s.stops = nil, nil, nil
	return errors.Join(errs...)
}
