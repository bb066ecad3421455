package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"

	"github.com/bao-archive/bao/notation"
)

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
