package archive

import (
	"github.com/bao-archive/bao/archive/tree"
	"io/fs"
	"os"
	"path"
	"strconv"
)

// Stamp identifies the state of the index in dir, "" if there is none: it changes when bao
// index writes the index, and not when the index is only read (Open leaves a note of the
// segments it verified, which Stamp does not count). The site rewrites the pages whose
// diagrams asked the index when its stamp changes.
func Stamp(dir string) string {
	if dir == "" {
		return ""
	}
	f := tree.NewFingerprint()
	err := fs.WalkDir(os.DirFS(dir), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Base(name) == stampFile {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		f.Add(name, info)
		return nil
	})
	if err != nil {
		return ""
	}
	return strconv.FormatUint(f.Sum(), 16)
}
