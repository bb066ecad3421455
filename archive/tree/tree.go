// Package tree says which files of an archive's folder tree are its records and pages, the one
// rule every reader of an archive follows (the index, the site and bao serve, the commands
// that take a folder, events, the import's output folder), and fingerprints them:
//
//   - a record file's name ends in .bgn, a page's in .md, in any case (C.BGN is a record);
//   - names that begin with "." (the index in .bao, version control) or "_" (drafts, work in
//     progress) are left out, folders with all they hold;
//   - only regular files inside the root are read: a link is followed if it resolves, inside
//     the archive, to one; a link that leaves the archive, a FIFO or a device is skipped with
//     a notice (reading one never ends), and so is a folder that cannot be listed.
package tree

import (
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/bao-archive/bao/notation"
)

// Ext is the extension of record files.
const Ext = ".bgn"

// IsRecord says whether a file name is a record file's: it ends in .bgn, in any case.
func IsRecord(name string) bool { return strings.EqualFold(path.Ext(name), Ext) }

// IsPage says whether a file name is a Markdown page's: it ends in .md, in any case.
func IsPage(name string) bool { return strings.EqualFold(path.Ext(name), ".md") }

// Left says whether the walk of an archive leaves out a file or folder of this base name:
// hidden ones and drafts.
func Left(base string) bool { return strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") }

// Entry is what Walk found: a folder, a record file or a page.
type Entry struct {
	Name string      // slash-separated, relative to the root
	Dir  bool        // a folder (not the root)
	Info fs.FileInfo // of a file (a link's target's)
	// Err, if set, says why the entry is skipped, as a one-line notice naming it: a file that
	// is not read (ErrOutside, ErrNotRegular) or a folder that cannot be listed. Info is nil.
	Err error
}

// Record says whether the entry is a record file to read.
func (e Entry) Record() bool { return !e.Dir && e.Err == nil && IsRecord(e.Name) }

// Page says whether the entry is a Markdown page to read.
func (e Entry) Page() bool { return !e.Dir && e.Err == nil && IsPage(e.Name) }

// Walk calls visit for every folder, record file and page of the archive fsys (see the package
// comment), in lexical order, and for each one it skips with its notice (Entry.Err). An error
// visit returns stops the walk and is returned; so is one reading the root.
func Walk(fsys fs.FS, visit func(Entry) error) error {
	return fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if notice, ok := UnreadableFolder(name, d, err); ok {
			if err := visit(Entry{Name: name, Dir: true, Err: errors.New(notice)}); err != nil {
				return err
			}
			return fs.SkipDir
		}
		if err != nil {
			return err
		}
		if name == "." {
			return nil
		}
		if Left(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return visit(Entry{Name: name, Dir: true})
		}
		if !IsRecord(name) && !IsPage(name) {
			return nil
		}
		info, err := SourceFile(fsys, name, d)
		return visit(Entry{Name: name, Info: info, Err: err})
	})
}

// Fingerprint sums files' names, sizes and modification times: it changes when one of them is
// added, removed or written.
type Fingerprint struct{ h hash.Hash64 }

// NewFingerprint returns the fingerprint of no file.
func NewFingerprint() *Fingerprint { return &Fingerprint{fnv.New64a()} }

// Add counts a file.
func (f *Fingerprint) Add(name string, info fs.FileInfo) {
	fmt.Fprintf(f.h, "%s\x00%d\x00%d\x00", name, info.Size(), info.ModTime().UnixNano())
}

// Sum is the fingerprint of the files added.
func (f *Fingerprint) Sum() uint64 { return f.h.Sum64() }

// Stamp is the fingerprint of the record files and pages of the archive fsys: it changes when
// any of them is added, removed or written.
func Stamp(fsys fs.FS) (uint64, error) {
	f := NewFingerprint()
	err := Walk(fsys, func(e Entry) error {
		if e.Record() || e.Page() {
			f.Add(e.Name, e.Info)
		}
		return nil
	})
	return f.Sum(), err
}

// ErrNotRegular marks an archive entry that is not a regular file (a FIFO, a device, a socket,
// a directory behind a link): it is skipped, since reading a FIFO or /dev/zero never ends.
var ErrNotRegular = errors.New("not a regular file")

// ErrOutside marks a symbolic link that leaves the archive: an archive cloned from someone
// else may carry a link to /etc/passwd, which must not be indexed or published.
var ErrOutside = errors.New("a link that leaves the archive")

// OpenRoot opens the archive folder root as a file system confined to it: names are resolved
// inside root, and a link that leaves it fails to open (os.Root).
func OpenRoot(root string) (fs.FS, error) {
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	return r.FS(), nil
}

// SourceFile decides whether the entry name, met in a walk over the archive fsys, is read: a
// regular file is, and so is a symbolic link that resolves, inside the archive, to one. It
// returns the file's information (the link's target's), or an error wrapping ErrOutside or
// ErrNotRegular that names the entry, for a one-line notice.
func SourceFile(fsys fs.FS, name string, d fs.DirEntry) (fs.FileInfo, error) {
	if d.Type().IsRegular() {
		return d.Info()
	}
	info, err := followLink(fsys, name, d)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", notation.DisplayName(name), err)
	}
	return info, nil
}

// UnreadableFolder tells whether the error a walk over the archive met is a folder below the
// root that cannot be listed (no permission, or gone while the walk ran), and gives a one-line
// notice naming it: the walk goes past that folder, so that one locked folder does not stop the
// archive's other files from being read.
func UnreadableFolder(name string, d fs.DirEntry, err error) (string, bool) {
	if err == nil || name == "." || d == nil || !d.IsDir() {
		return "", false
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Sprintf("%s: skipped, the folder cannot be read (%v)", notation.DisplayName(name), err), true
}

// followLink is SourceFile for an entry that is not a regular file; its errors do not name it.
func followLink(fsys fs.FS, name string, d fs.DirEntry) (fs.FileInfo, error) {
	if d.Type()&fs.ModeSymlink != 0 {
		if err := linkInside(fsys, name); err != nil {
			return nil, err
		}
	}
	info, err := fs.Stat(fsys, name) // follows links: an os.Root file system refuses escapes
	if err != nil {
		if d.Type()&fs.ModeSymlink != 0 {
			return nil, fmt.Errorf("skipped, %w (%v)", ErrOutside, err)
		}
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("skipped, %w (%s)", ErrNotRegular, fileKind(info.Mode()))
	}
	return info, nil
}

// maxLinks bounds a chain of links, as the kernel does (ELOOP).
const maxLinks = 40

// linkInside follows the link name, and the links it leads to, and fails if one points out of
// fsys (an absolute target, or one climbing above the root). A file system that cannot read
// links is left to fs.Stat.
func linkInside(fsys fs.FS, name string) error {
	if _, ok := fsys.(fs.ReadLinkFS); !ok {
		return nil
	}
	cur := name
	for range maxLinks {
		info, err := fs.Lstat(fsys, cur)
		if err != nil { // a dangling link, or one through a directory that leaves the root
			return fmt.Errorf("skipped: %w", err)
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return nil
		}
		target, err := fs.ReadLink(fsys, cur)
		if err != nil {
			return err
		}
		next := path.Join(path.Dir(cur), target)
		if path.IsAbs(target) || !fs.ValidPath(next) {
			return fmt.Errorf("skipped, %w (to %s)", ErrOutside, notation.DisplayName(target))
		}
		cur = next
	}
	return errors.New("skipped, too many links")
}

// fileKind names what a non-regular file is.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return m.Type().String()
}
