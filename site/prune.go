package site

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// builtList is the file in the output directory that lists what the last Build wrote there,
// one site-relative name a line: the pages of records removed since are removed by the next
// Build, and files it never wrote are never touched.
const builtList = ".bao-site-files"

// prune removes the files that the previous Build wrote and this one did not, then the folders
// they leave empty, and records what this Build wrote.
func (d *dirOutput) prune() error {
	old, err := d.readList()
	if err != nil {
		return err
	}
	var errs []error
	for _, name := range old {
		if d.written[name] || !fs.ValidPath(name) || name == builtList {
			continue
		}
		p := filepath.Join(d.dir, filepath.FromSlash(name))
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		for dir := path.Dir(name); dir != "."; dir = path.Dir(dir) {
			if os.Remove(filepath.Join(d.dir, filepath.FromSlash(dir))) != nil {
				break // not empty: it holds other pages or the user's files
			}
		}
	}
	names := make([]string, 0, len(d.written))
	for n := range d.written {
		names = append(names, n)
	}
	slices.Sort(names)
	err = os.WriteFile(filepath.Join(d.dir, builtList), []byte(strings.Join(names, "\n")+"\n"), 0o644)
	return errors.Join(append(errs, err)...)
}

// readList reads the names the previous Build wrote; none if it left no list.
func (d *dirOutput) readList() ([]string, error) {
	f, err := os.Open(filepath.Join(d.dir, builtList))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	var names []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if n := strings.TrimSpace(sc.Text()); n != "" {
			names = append(names, n)
		}
	}
	return names, sc.Err()
}
