package archive

import (
	"context"
	"errors"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// TestShared: one index open for every use, let go while bao index writes it (the Update,
// which waits only lockWait for readers, succeeds), and opened again as it left it.
func TestShared(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{})
	sh := NewShared(DefaultIndexDir(f.root))
	defer sh.Close()
	total := func() (*Index, int) {
		var got *Index
		n := 0
		open, err := sh.Use(t.Context(), func(ctx context.Context, ix *Index) error {
			res, err := ix.Search(ctx, Query{})
			if err == nil {
				got, n = ix, res.Total
			}
			return err
		})
		if open != nil || err != nil {
			t.Fatal(open, err)
		}
		return got, n
	}
	first, n := total()
	if again, _ := total(); again != first {
		t.Error("a second use opened the index again")
	}
	// An Update while the index is open and a use is in flight: the use is stopped, the
	// Update goes through.
	inFlight, stopped := make(chan struct{}), make(chan error, 1)
	go func() {
		sh.Use(t.Context(), func(ctx context.Context, ix *Index) error {
			close(inFlight)
			<-ctx.Done()
			stopped <- context.Cause(ctx)
			return nil
		})
	}()
	<-inFlight
	f.addGames(t, "more.bgn", engine.Kingulu, 9, 40, func(int) [][2]string { return nil }, 3)
	if _, err := Update(t.Context(), f.root, UpdateOptions{}); err != nil {
		t.Fatalf("bao index while the index is shared: %v", err)
	}
	if cause := <-stopped; !errors.Is(cause, ErrBusy) {
		t.Errorf("the use in flight ended with %v, want ErrBusy", cause)
	}
	if _, m := total(); m != n+3 {
		t.Errorf("after the update: %d games, want %d", m, n+3)
	}
	// While an Update holds the write lock, uses are refused at once.
	lock, err := lockIndex(DefaultIndexDir(f.root), lockWait)
	if err != nil {
		t.Fatal(err)
	}
	if open, _ := sh.Use(t.Context(), func(context.Context, *Index) error { return nil }); !errors.Is(open, ErrBusy) {
		t.Errorf("a use while bao index writes: %v", open)
	}
	lock.unlock()
}

// TestSearchAfterFailedUpdate: after an Update that did not finish, searches warn that games
// may be missing (they answered 0 hits without a word); a finished Update ends the warning.
func TestSearchAfterFailedUpdate(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{})
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	f.addGames(t, "more.bgn", engine.Kingulu, 9, 40, func(int) [][2]string { return nil }, 3)
	if _, err := Update(ctx, f.root, UpdateOptions{}); err == nil {
		t.Fatal("a cancelled Update finished")
	}
	warned := func() bool {
		ix, err := Open(DefaultIndexDir(f.root))
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		res, err := ix.Search(t.Context(), Query{})
		if err != nil {
			t.Fatal(err)
		}
		return len(res.Warnings) > 0
	}
	if !warned() {
		t.Error("no warning after an Update that did not finish")
	}
	update(t, f.root, UpdateOptions{})
	if warned() {
		t.Error("a warning after a finished Update")
	}
}
