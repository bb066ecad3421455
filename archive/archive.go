package archive

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// DefaultIndexDir is where an archive's index lives unless told otherwise: inside the archive,
// in a dot-directory that the walk over record files skips.
func DefaultIndexDir(root string) string { return filepath.Join(root, ".bao", "index") }

// Ext is the extension of record files.
const Ext = ".bgn"

// diskFile is a record file as found on disk.
type diskFile struct {
	path  string // archive-relative, slash-separated: the file's name in the index
	abs   string
	size  int64
	mtime int64 // Unix nanoseconds
}

// walk lists the archive's record files in path order, and says which entries it skipped:
// only regular files inside the root are read (see SourceFile). Dot-directories (.bao, .git)
// are skipped: they hold no records and may hold the index itself. Folders that cannot be read
// are skipped too, with a notice, and listed in locked.
func walk(root string) (files []diskFile, skipped, locked []string, err error) {
	r, err := os.OpenRoot(root) // names resolve inside root only, see SourceFile
	if err != nil {
		return nil, nil, nil, err
	}
	defer r.Close()
	fsys := r.FS()
	err = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if notice, ok := UnreadableFolder(p, d, err); ok {
			skipped = append(skipped, notice)
			locked = append(locked, p)
			return fs.SkipDir
		}
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != "." && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.EqualFold(path.Ext(p), Ext) {
			return nil
		}
		info, err := SourceFile(fsys, p, d)
		if err != nil {
			skipped = append(skipped, err.Error())
			return nil
		}
		files = append(files, diskFile{path: p, abs: filepath.Join(root, filepath.FromSlash(p)),
			size: info.Size(), mtime: info.ModTime().UnixNano()})
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	return files, skipped, locked, err
}

// RecordFiles lists the record files under root, in path order, as paths that start with root:
// the files that Update indexes, for commands that take a folder in place of files. Links that
// leave root, FIFOs and devices are not listed, as Update does not read them. A folder that
// cannot be read is listed in its place, so that opening it reports it.
func RecordFiles(root string) ([]string, error) {
	files, _, locked, err := walk(root)
	paths := make([]string, len(files), len(files)+len(locked))
	for i, f := range files {
		paths[i] = f.abs
	}
	for _, p := range locked {
		paths = append(paths, filepath.Join(root, filepath.FromSlash(p)))
	}
	sort.Strings(paths)
	return paths, err
}
