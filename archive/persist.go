package archive

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
)

// persistWait bounds the wait for a batch to reach the disk. A write that fails (a full disk)
// is reported at once through bleve's asynchronous errors; the deadline is the last resort.
var persistWait = 2 * time.Minute

// asyncErrorsName is the name under which bao's handler of scorch's asynchronous errors is
// registered; shards opened for writing name it in their config.
const asyncErrorsName = "bao-archive"

// asyncErrs routes scorch's asynchronous errors (a snapshot that could not be persisted, a
// merge that failed) to the shard that raised them, by the shard's store directory.
var asyncErrs sync.Map // string -> chan error

func init() {
	// the registry is read when an index is opened, so it is filled before any is
	scorch.RegistryAsyncErrorCallbacks[asyncErrorsName] = func(err error, path string) {
		if ch, ok := asyncErrs.Load(filepath.Clean(path)); ok {
			select {
			case ch.(chan error) <- err:
			default: // one is enough to fail the wait
			}
		}
	}
}

// watchErrors starts collecting the asynchronous errors of the shard at dir; stop ends it.
func watchErrors(dir string) (errs <-chan error, stop func()) {
	key := filepath.Clean(filepath.Join(dir, "store"))
	ch := make(chan error, 1)
	asyncErrs.Store(key, ch)
	return ch, func() { asyncErrs.CompareAndDelete(key, ch) }
}

// batchPersisted runs b through batch (a shard's Batch) and waits until it is on disk, until
// the shard reports an asynchronous error, until ctx ends, or at most persistWait.
func batchPersisted(ctx context.Context, batch func(*bleve.Batch) error, b *bleve.Batch, errs <-chan error) error {
	persisted := make(chan error, 1)
	b.SetPersistedCallback(func(err error) {
		select {
		case persisted <- err:
		default:
		}
	})
	if err := batch(b); err != nil {
		return err
	}
	t := time.NewTimer(persistWait)
	defer t.Stop()
	select {
	case err := <-persisted:
		return err
	case err := <-errs:
		return fmt.Errorf("writing the index: %w", err)
	case <-ctx.Done():
		return context.Cause(ctx)
	case <-t.C:
		return fmt.Errorf("writing the index: not on disk after %v (is the disk full?)", persistWait)
	}
}
