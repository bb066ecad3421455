package archive

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestUpdateLocksBeforeRemoving: while one Update runs (it holds the write lock), a second one
// fails with ErrBusy and leaves the first's rebuild (dir.new) alone. It used to remove dir.new
// first, and the first Update then ran forever.
func TestUpdateLocksBeforeRemoving(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{})
	dir := DefaultIndexDir(f.root)
	sentinel := filepath.Join(dir+".new", "being-written")
	if err := os.MkdirAll(filepath.Dir(sentinel), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sentinel, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := lockIndex(dir, time.Second) // as a running Update holds it
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = Update(context.Background(), f.root, UpdateOptions{})
	if !errors.Is(err, ErrBusy) {
		t.Errorf("Update while another runs: %v, want ErrBusy", err)
	}
	if d := time.Since(start); d > lockWait+time.Second {
		t.Errorf("waited %v for the lock", d)
	}
	if _, err := os.Stat(sentinel); err != nil {
		t.Errorf("the running Update's rebuild was removed: %v", err)
	}
	l.unlock()
	update(t, f.root, UpdateOptions{}) // the lock is free again
	if _, err := os.Stat(dir + ".new"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("leftover rebuild not removed: %v", err)
	}
}

// TestConcurrentUpdates runs a rebuild and plain updates at once, as `bao index --rebuild A &
// bao index A` does: each ends, in bounded time, with a whole index or ErrBusy.
func TestConcurrentUpdates(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{})
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = Update(context.Background(), f.root, UpdateOptions{Rebuild: i == 0})
		})
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("concurrent updates did not end in 30 s")
	}
	for i, err := range errs {
		if err != nil && !errors.Is(err, ErrBusy) {
			t.Errorf("update %d: %v", i, err)
		}
	}
	checkAgainstClean(t, f.root)
}

// TestFinishFailsOnWriteError: when the index cannot be written (here its store directory is
// gone; a full disk does the same), Update fails with a message instead of waiting forever for
// bleve's "persisted" signal.
func TestFinishFailsOnWriteError(t *testing.T) {
	f := newFixture(t)
	dir := t.TempDir()
	set, err := createShards(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	if err := os.RemoveAll(filepath.Join(shardDir(dir, 0), "store")); err != nil {
		t.Fatal(err)
	}
	files, _, _, err := walk(f.root)
	if err != nil {
		t.Fatal(err)
	}
	u := &updater{set: set, fresh: true, batch: defaultBatch}
	done := make(chan error, 1)
	go func() { _, err := u.run(context.Background(), files, nil); done <- err }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("writing into a removed store succeeded")
		}
		t.Log(err)
	case <-time.After(20 * time.Second):
		t.Fatal("Update still waits for the index to reach the disk after 20 s")
	}
}
