package archive

import (
	"github.com/bao-archive/bao/archive/tree"
	"os"
	"path/filepath"
	"sort"
)

// DefaultIndexDir is where an archive's index lives unless told otherwise: inside the archive,
// in a dot-directory that the walk over record files skips.
func DefaultIndexDir(root string) string { return filepath.Join(root, ".bao", "index") }

// diskFile is a record file as found on disk.
type diskFile struct {
	path  string // archive-relative, slash-separated: the file's name in the index
	abs   string
	size  int64
	mtime int64 // Unix nanoseconds
}

// walk lists the archive's record files in path order (see package tree for which they are),
// and says which entries it skipped: links that leave the archive, FIFOs, devices, and folders
// that cannot be read, those also listed in locked.
func walk(root string) (files []diskFile, skipped, locked []string, err error) {
	r, err := os.OpenRoot(root) // names resolve inside root only, see tree.SourceFile
	if err != nil {
		return nil, nil, nil, err
	}
	defer r.Close()
	err = tree.Walk(r.FS(), func(e tree.Entry) error {
		switch {
		case e.Err != nil:
			skipped = append(skipped, e.Err.Error())
			if e.Dir {
				locked = append(locked, e.Name)
			}
		case e.Record():
			files = append(files, diskFile{path: e.Name, abs: filepath.Join(root, filepath.FromSlash(e.Name)),
				size: e.Info.Size(), mtime: e.Info.ModTime().UnixNano()})
		}
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
