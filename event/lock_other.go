//go:build !unix

package event

import (
	"errors"
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
