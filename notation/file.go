package notation

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// WriteFile replaces the file at path with data so that it is never left half written: the
// data goes to a temporary file in the same folder, which is synced and renamed over path, and
// the folder is synced too. After a crash at any moment path holds the old contents or the
// new. An existing file keeps its permissions; a new one is made 0644. The recorder saves
// every move this way, and `bao fmt -w` every file.
func WriteFile(path string, data []byte) error {
	perm := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		perm = st.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		// the temporary file is ours, not the user's: name the file they asked for
		return &fs.PathError{Op: "write", Path: path, Err: pe.Err}
	} else if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: some file systems cannot sync a folder
		d.Close()
	}
	return nil
}

// Slug makes a file name of a value (an event, a player, a title): lower-case ASCII letters
// and digits joined by single hyphens, at most 80 bytes; "x" if nothing is left. Such a name
// is safe on every file system and as a relative URL.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
		if b.Len() >= 80 {
			break
		}
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}
