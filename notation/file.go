package notation

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ReadFile reads every record of the file at path, as Parse does: the records, and the
// errors of those that do not read (positioned in the file).
func ReadFile(path string) ([]*Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(path, f)
}

// WriteFile replaces the file at path with data so that it is never left half written: the
// data goes to a temporary file in the same folder, which is synced and renamed over path, and
// the folder is synced too. After a crash at any moment path holds the old contents or the
// new. An existing file keeps its permissions; a new one is made 0644. The recorder saves
// every move this way, and `bao fmt -w` every file.
func WriteFile(path string, data []byte) error {
	f, err := CreateFile(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// File is a replacement of a file being written, as WriteFile writes it but in as many
// Writes as the caller likes (bao fmt -w streams a file record by record): nothing changes at
// path until Commit, and Abort leaves path as it was.
type File struct {
	tmp  *os.File // nil while paused
	name string   // of tmp
	path string
	perm fs.FileMode
}

// CreateFile starts the replacement of the file at path, in a temporary file next to it.
func CreateFile(path string) (*File, error) {
	perm := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		perm = st.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), tempPattern(path))
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		// the temporary file is ours, not the user's: name the file they asked for
		return nil, &fs.PathError{Op: "write", Path: path, Err: pe.Err}
	} else if err != nil {
		return nil, err
	}
	return &File{tmp: tmp, name: tmp.Name(), path: path, perm: perm}, nil
}

// tempPattern names the temporary files of path: hidden, and found again by RemoveTemp.
func tempPattern(path string) string { return "." + filepath.Base(path) + ".*.tmp" }

func (f *File) Write(p []byte) (int, error) {
	if err := f.resume(); err != nil {
		return 0, err
	}
	return f.tmp.Write(p)
}

// Pause closes the temporary file until the next Write or Commit, so that a writer of many
// files at once (bao import, a file per event) keeps few of them open.
func (f *File) Pause() error {
	if f.tmp == nil {
		return nil
	}
	err := f.tmp.Close()
	f.tmp = nil
	return err
}

// resume opens again the temporary file Pause closed, to write after what it holds.
func (f *File) resume() error {
	if f.tmp != nil {
		return nil
	}
	tmp, err := os.OpenFile(f.name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	f.tmp = tmp
	return nil
}

// Name is the temporary file's name, for reading back what was written before Commit.
func (f *File) Name() string { return f.name }

// Abort removes the temporary file; path is left as it was.
func (f *File) Abort() {
	f.Pause()
	os.Remove(f.name)
}

// Commit syncs the temporary file and renames it over path, then syncs the folder.
func (f *File) Commit() error {
	defer os.Remove(f.name) // after a successful rename there is nothing left to remove
	err := f.resume()
	if err == nil {
		err = f.tmp.Chmod(f.perm)
	}
	if err == nil {
		err = f.tmp.Sync()
	}
	if cerr := f.Pause(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(f.name, f.path); err != nil {
		return err
	}
	if d, err := os.Open(filepath.Dir(f.path)); err == nil {
		d.Sync() // best effort: some file systems cannot sync a folder
		d.Close()
	}
	return nil
}

// RemoveTemp removes the temporary files that writers of path (WriteFile, CreateFile) left
// behind when they were killed before they could rename or remove them, and returns how many
// it removed. Call it only while no one else writes path.
func RemoveTemp(path string) (int, error) {
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	// the names of tempPattern, matched without glob syntax: a name may hold [ or *
	prefix := "." + filepath.Base(path) + "."
	n := 0
	var errs []error
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, ".tmp") ||
			len(name) <= len(prefix)+len(".tmp") {
			continue
		}
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
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
