//go:build !unix

package event

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"time"
)

// lock takes the lock by creating path exclusively, retrying while another holds it; a lock
// left by a crash for more than a minute is taken over.
func lock(path string) (unlock func(), err error) {
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if st, err := os.Stat(path); err == nil && time.Since(st.ModTime()) > time.Minute {
			os.Remove(path)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// tryLock takes the lock by creating path exclusively with holder in it, without waiting;
// while the file exists, unlock is nil and heldBy is its contents. Without flock a crash
// leaves the file: the message then names it for removal.
func tryLock(path, holder string) (unlock func(), heldBy string, err error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err == nil {
		_, err = io.WriteString(f, holder)
		f.Close()
		if err != nil {
			os.Remove(path)
			return nil, "", err
		}
		return func() { os.Remove(path) }, "", nil
	}
	if !errors.Is(err, fs.ErrExist) {
		return nil, "", err
	}
	b, _ := os.ReadFile(path)
	return nil, string(b) + " (remove " + path + " if it is not running)", nil
}
