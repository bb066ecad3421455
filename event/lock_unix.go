//go:build unix

package event

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// lock takes an exclusive advisory lock on path (created if missing), waiting for it.
func lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// tryLock takes an exclusive advisory lock on path without waiting and writes holder into
// it. While another holds it, unlock is nil and heldBy is what that holder wrote. The file
// stays when unlocked: removing it would let a third writer lock a new file while a second
// one still holds the old.
func tryLock(path, holder string) (unlock func(), heldBy string, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, "", err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		defer f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			b, _ := io.ReadAll(io.LimitReader(f, 1024))
			return nil, string(b), nil
		}
		return nil, "", err
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, "", err
	}
	if _, err := f.WriteAt([]byte(holder), 0); err != nil {
		f.Close()
		return nil, "", err
	}
	return func() {
		f.Truncate(0)
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, "", nil
}
