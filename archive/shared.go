package archive

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"sync"
	"syscall"
	"time"
)

// Shared is one index kept open for the readers of a long-running process (bao serve): a page
// or a search does not pay for opening it (about 20 MB and a check of its segments each
// time, which made 100 clients cost 3.8 GB). bao index can still update it: an Update holds
// the index's write lock, and as soon as Shared sees it (at the next use, or within
// sharedPoll) it stops the uses in flight (their context is cancelled), closes the index and
// answers ErrBusy until the Update is done; the next use opens the index as bao index left it.
// An index unused for sharedIdle is closed too. Shared is safe for concurrent use.
type Shared struct {
	dir string
	mu  sync.RWMutex // held for reading by each use of ix, for writing to open or close it
	ix  *Index
	// stop cancels the uses of ix in flight; timer watches for a writer while ix is open.
	stop     context.CancelCauseFunc
	ctx      context.Context
	timer    *time.Timer
	lastUsed time.Time
	usedMu   sync.Mutex
}

// sharedPoll is how often an open Shared looks for bao index wanting to write: well within
// the lockWait that an Update waits for the readers to let go.
const sharedPoll = 200 * time.Millisecond

// sharedIdle is how long an unused index stays open.
const sharedIdle = 30 * time.Second

// NewShared returns the Shared index of dir; nothing is opened before its first use.
func NewShared(dir string) *Shared { return &Shared{dir: dir} }

// Use calls f with the open index, opening it if needed, or with nil when dir holds no index
// yet; f's context ends with ctx or when bao index starts writing the index. open is the
// error of an index that cannot be opened (ErrBusy while bao index writes it), and then f is
// not called; err is f's.
func (s *Shared) Use(ctx context.Context, f func(ctx context.Context, ix *Index) error) (open, err error) {
	if writing(s.dir) {
		s.release(ErrBusy)
		return ErrBusy, nil
	}
	s.mu.RLock()
	for s.ix == nil {
		s.mu.RUnlock()
		if _, err := os.Stat(s.dir); errors.Is(err, fs.ErrNotExist) {
			return nil, f(ctx, nil)
		}
		if err := s.open(); err != nil {
			return err, nil
		}
		s.mu.RLock()
	}
	defer s.mu.RUnlock()
	c, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	defer context.AfterFunc(s.ctx, func() { cancel(context.Cause(s.ctx)) })()
	s.usedMu.Lock()
	s.lastUsed = time.Now()
	s.usedMu.Unlock()
	return nil, f(c, s.ix)
}

// open opens the index unless another use just did.
func (s *Shared) open() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ix != nil {
		return nil
	}
	ix, err := Open(s.dir)
	if err != nil {
		return err
	}
	s.ix = ix
	s.ctx, s.stop = context.WithCancelCause(context.Background())
	s.usedMu.Lock()
	s.lastUsed = time.Now()
	s.usedMu.Unlock()
	s.timer = time.AfterFunc(sharedPoll, s.watch)
	return nil
}

// watch closes the index when a writer wants it or no one used it for sharedIdle, and looks
// again after sharedPoll otherwise.
func (s *Shared) watch() {
	s.usedMu.Lock()
	idle := time.Since(s.lastUsed) > sharedIdle
	s.usedMu.Unlock()
	switch {
	case writing(s.dir):
		s.release(ErrBusy)
	case idle:
		s.release(context.Canceled)
	default:
		s.mu.RLock()
		if s.timer != nil {
			s.timer.Reset(sharedPoll)
		}
		s.mu.RUnlock()
	}
}

// release stops the uses in flight with cause, waits for them and closes the index.
func (s *Shared) release(cause error) {
	s.mu.RLock()
	open := s.ix != nil
	if open {
		s.stop(cause)
	}
	s.mu.RUnlock()
	if !open {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ix == nil {
		return
	}
	s.timer.Stop()
	s.ix.Close()
	s.ix, s.timer = nil, nil
}

// Close closes the index; a later use opens it again.
func (s *Shared) Close() error {
	s.release(context.Canceled)
	return nil
}

// writing reports whether an Update holds the write lock of the index at dir (lockIndex).
func writing(dir string) bool {
	f, err := os.Open(dir + ".lock")
	if err != nil {
		return false // no Update ever ran here, or none that could be seen
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		return errors.Is(err, syscall.EWOULDBLOCK)
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}
