package archive

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// writeLock is held by the one Update that may change an index directory, its rebuild
// (dir.new) and its leftovers (dir.old). It is taken before anything is removed: a second
// Update that removed dir.new while the first was writing it left the first running forever.
type writeLock struct{ f *os.File }

// lockPoll is how often a waiting Update tries the lock again.
const lockPoll = 50 * time.Millisecond

// lockIndex takes the write lock of the index at dir, waiting at most wait for another Update
// to finish; after that it fails with ErrBusy. The lock is an flock on dir + ".lock": the
// kernel drops it when the process ends, even by SIGKILL, so a stale file never blocks.
func lockIndex(dir string, wait time.Duration) (*writeLock, error) {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(dir+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(wait)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return &writeLock{f}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("%s: %w", dir, ErrBusy)
			}
			return nil, fmt.Errorf("lock %s: %w", dir, err)
		}
		time.Sleep(lockPoll)
	}
}

// unlock releases the lock; closing the file drops the flock.
func (l *writeLock) unlock() error { return l.f.Close() }
