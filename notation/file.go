package notation

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
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
// path until Commit, and Abort leaves path as it was. Once a Write fails (a full disk), every
// later Write and the Commit fail too, and path keeps its old contents: a file is never put in
// place cut.
type File struct {
	tmp     *os.File // nil while paused
	name    string   // of tmp
	path    string
	perm    fs.FileMode
	existed bool
	err     error // the first failure: the replacement is not put in place
}

// ErrNotWritten is the kind of a replacement that was not put in place: the file keeps its old
// contents, or was not made. The error names the file and the cause (a full disk).
var ErrNotWritten = errors.New("not written")

// ErrReadOnly is the kind of a refusal to replace a file whose permissions forbid writing it
// (chmod a-w): it is the user's way of saying "keep this one".
var ErrReadOnly = errors.New("read-only file, left as it is")

// CreateFile starts the replacement of the file at path, in a temporary file next to it. An
// existing file that no one may write (mode 0444) is refused with ErrReadOnly.
func CreateFile(path string) (*File, error) {
	perm, existed := fs.FileMode(0o644), false
	if st, err := os.Stat(path); err == nil {
		perm, existed = st.Mode().Perm(), true
		if perm&0o222 == 0 && st.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "write", Path: path, Err: ErrReadOnly}
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), tempPattern(path))
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return nil, &fs.PathError{Op: "write", Path: path, Err: pe.Err}
	} else if err != nil {
		return nil, err
	}
	return &File{tmp: tmp, name: tmp.Name(), path: path, perm: perm, existed: existed}, nil
}

// userPath names the file the user asked for in err instead of the temporary file: the
// temporary file is ours, not theirs.
func userPath(err error, path string) error {
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	}
	return err
}

// tempPattern names the temporary files of path: hidden, with the writer's process id (so
// that RemoveTemp tells a dead writer's leftovers from a live one's), found again by
// RemoveTemp.
func tempPattern(path string) string {
	return "." + filepath.Base(path) + "." + strconv.Itoa(os.Getpid()) + "-*.tmp"
}

func (f *File) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	if err := f.resume(); err != nil {
		return 0, err
	}
	n, err := f.tmp.Write(p)
	if err != nil {
		f.fail(err)
	}
	return n, err
}

// fail keeps the first failure, the one Commit reports.
func (f *File) fail(err error) error {
	if f.err == nil {
		f.err = userPath(err, f.path)
	}
	return f.err
}

// Pause closes the temporary file until the next Write or Commit, so that a writer of many
// files at once (bao import, a file per event) keeps few of them open.
func (f *File) Pause() error {
	if f.tmp == nil {
		return nil
	}
	err := f.tmp.Close()
	f.tmp = nil
	if err != nil {
		return f.fail(err)
	}
	return nil
}

// resume opens again the temporary file Pause closed, to write after what it holds.
func (f *File) resume() error {
	if f.tmp != nil {
		return nil
	}
	tmp, err := os.OpenFile(f.name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return f.fail(err)
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

// Fail abandons the replacement after err, as Abort does, and returns the error Commit would
// have: of kind ErrNotWritten, saying that path keeps its old contents.
func (f *File) Fail(err error) error {
	f.fail(err)
	f.Abort()
	return f.notWritten(f.err)
}

// Commit syncs the temporary file and renames it over path, then syncs the folder. When a
// Write failed, or the sync does (a full disk shows there too), nothing is renamed: the error
// is of kind ErrNotWritten and says that path keeps its old contents.
func (f *File) Commit() error {
	defer os.Remove(f.name) // after a successful rename there is nothing left to remove
	err := f.err
	if err == nil {
		err = f.resume()
	}
	if err == nil {
		err = f.tmp.Chmod(f.perm)
	}
	if err == nil {
		err = f.tmp.Sync()
	}
	if cerr := f.Pause(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.name, f.path)
	}
	if err != nil {
		return f.notWritten(err)
	}
	if d, err := os.Open(filepath.Dir(f.path)); err == nil {
		d.Sync() // best effort: some file systems cannot sync a folder
		d.Close()
	}
	return nil
}

// notWritten says what became of path when its replacement failed with err.
func (f *File) notWritten(err error) error {
	err = userPath(err, f.path)
	if f.existed {
		return fmt.Errorf("%s: %w, it keeps its old contents: %w", f.path, ErrNotWritten, err)
	}
	return fmt.Errorf("%s: %w, not created: %w", f.path, ErrNotWritten, err)
}

// RemoveTemp removes the temporary files that writers of path (WriteFile, CreateFile) left
// behind when they were killed before they could rename or remove them, and returns how many
// it removed. A temporary file of a process that still runs is left alone.
func RemoveTemp(path string) (int, error) {
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, e := range entries {
		if !e.Type().IsRegular() || !IsLeftover(e.Name(), func(target string) bool { return target == filepath.Base(path) }) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

// IsLeftover reports whether name is a temporary file of a replacement of a file whose name
// of accepts (the writers' target: a record file's, as the archive's definition says, or one
// file's) that its writer left: the writer's process no longer runs, or the name does not say
// which process wrote it.
func IsLeftover(name string, of func(target string) bool) bool {
	if !strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".tmp") {
		return false
	}
	// the names of tempPattern, read without glob syntax (a name may hold [ or *): the
	// target's name, then the writer's process id and a random number, which hold no dot
	rest := strings.TrimSuffix(name[1:], ".tmp")
	i := strings.LastIndexByte(rest, '.')
	if i <= 0 || i == len(rest)-1 || !of(rest[:i]) {
		return false
	}
	rest = rest[i+1:]
	pid, _, found := strings.Cut(rest, "-")
	n, err := strconv.Atoi(pid)
	if !found || err != nil || n <= 0 {
		return true // a writer before process ids were in the name
	}
	return n != os.Getpid() && !running(n)
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
