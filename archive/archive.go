package archive

import (
	"io/fs"
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

// walk lists the archive's record files in path order. Dot-directories (.bao, .git) are
// skipped: they hold no records and may hold the index itself.
func walk(root string) ([]diskFile, error) {
	var files []diskFile
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.EqualFold(filepath.Ext(p), Ext) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		files = append(files, diskFile{path: filepath.ToSlash(rel), abs: p, size: info.Size(),
			mtime: info.ModTime().UnixNano()})
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	return files, err
}

// RecordFiles lists the record files under root, in path order, as paths that start with root:
// the files that Update indexes, for commands that take a folder in place of files.
func RecordFiles(root string) ([]string, error) {
	files, err := walk(root)
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.abs
	}
	return paths, err
}
